#include "sudoku/io/writer.hpp"

#include <cstdio>

namespace sudoku {
namespace {

char cell_char(std::uint8_t value, const Symbols& symbols) {
  return value == 0 ? '.' : symbols.symbol(value);
}

}  // namespace

std::optional<Format> parse_format(std::string_view name) {
  if (name == "same" || name == "text") return Format::same;  // text: each command's own words, as read
  if (name == "line") return Format::line;
  if (name == "grid") return Format::grid;
  if (name == "judge") return Format::judge;
  if (name == "pretty") return Format::pretty;
  if (name == "csv") return Format::csv;
  if (name == "json") return Format::json;
  if (name == "json-array") return Format::json_array;
  if (name == "fpuzzles") return Format::fpuzzles;
  if (name == "fpuzzles-link") return Format::fpuzzles_link;
  if (name == "sudokupad-link") return Format::sudokupad_link;
  return std::nullopt;
}

void append_line(std::string& out, const Grid& grid, const Symbols& symbols) {
  for (std::uint8_t v : grid.cells) out += cell_char(v, symbols);
}

void append_grid(std::string& out, const Grid& grid, const Symbols& symbols) {
  const int n = grid.side();
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) out += cell_char(grid.at(r, c), symbols);
    out += '\n';
  }
}

void append_judge(std::string& out, const Grid& grid) {
  const int n = grid.side();
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      if (c > 0) out += ' ';
      const int v = grid.at(r, c);
      if (v >= 10) out += static_cast<char>('0' + v / 10);
      out += static_cast<char>('0' + v % 10);
    }
    out += '\n';
  }
}

void append_spaced(std::string& out, const Grid& grid, const Symbols& symbols) {
  const int n = grid.side();
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      if (c > 0) out += ' ';
      out += cell_char(grid.at(r, c), symbols);
    }
    out += '\n';
  }
}

void append_pretty(std::string& out, const Grid& grid, const Symbols& symbols) {
  const Shape shape = grid.shape;
  const int n = shape.side();
  std::string rule = "+";
  for (int b = 0; b < shape.box_rows; ++b)
    rule += std::string(static_cast<std::size_t>(2 * shape.box_cols + 1), '-') + "+";
  rule += '\n';
  for (int r = 0; r < n; ++r) {
    if (r % shape.box_rows == 0) out += rule;
    for (int c = 0; c < n; ++c) {
      if (c % shape.box_cols == 0)
        out += c == 0 ? "| " : " | ";
      else
        out += ' ';
      out += cell_char(grid.at(r, c), symbols);
    }
    out += " |\n";
  }
  out += rule;
}

void append_board(std::string& out, const Grid& grid, Layout layout, const Symbols& symbols) {
  switch (layout) {
    case Layout::line:
      append_line(out, grid, symbols);
      out += '\n';
      return;
    case Layout::grid:
      append_grid(out, grid, symbols);
      return;
    case Layout::judge:
      append_judge(out, grid);
      return;
    case Layout::spaced:
      append_spaced(out, grid, symbols);
      return;
  }
}

std::string digit_name(int digit, Layout layout, const Symbols& symbols) {
  if (layout == Layout::judge || digit > symbols.size()) return std::to_string(digit);
  return std::string(1, symbols.symbol(digit));
}

void append_csv_field(std::string& out, std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) {
    out += text;
    return;
  }
  out += '"';
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
}

namespace {

// The length of the well-formed UTF-8 sequence starting at s[i], or 0 when it is not one.
std::size_t utf8_length(std::string_view s, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char b = byte(i);
  std::size_t length = 0;
  unsigned min = 0;
  if (b >= 0xc2 && b <= 0xdf) {
    length = 2, min = 0x80;
  } else if (b >= 0xe0 && b <= 0xef) {
    length = 3, min = 0x800;
  } else if (b >= 0xf0 && b <= 0xf4) {
    length = 4, min = 0x10000;
  } else {
    return 0;
  }
  if (i + length > s.size()) return 0;
  unsigned code = b & (0x3fu >> (length - 1));
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xc0) != 0x80) return 0;
    code = code << 6 | (byte(i + k) & 0x3fu);
  }
  if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return 0;
  return length;
}

}  // namespace

void append_json_string(std::string& out, std::string_view text) {
  out += '"';
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (static_cast<unsigned char>(c) >= 0x80) {
      // JSON must be valid UTF-8: keep well-formed sequences, replace stray bytes with U+FFFD.
      if (const std::size_t length = utf8_length(text, i)) {
        out.append(text.substr(i, length));
        i += length - 1;
      } else {
        out += "\\ufffd";
      }
      continue;
    }
    const auto byte = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (byte < 0x20 || byte == 0x7f) {
      char escape[8];
      std::snprintf(escape, sizeof escape, "\\u%04x", byte);
      out += escape;
    } else {
      out += c;
    }
  }
  out += '"';
}

}  // namespace sudoku
