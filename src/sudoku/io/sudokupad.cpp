#include "sudoku/io/sudokupad.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <vector>

#include "dlx/input_error.hpp"
#include "sudoku/io/detail/reader_text.hpp"
#include "sudoku/io/json.hpp"
#include "sudoku/io/lz_string.hpp"

namespace sudoku {
namespace {

using json::Value;
using reader_detail::trim;

constexpr std::string_view kHosts[] = {"sudokupad.app", "crackingthecryptic.com"};

[[noreturn]] void fail(const std::string& what) {
  throw RulesError("SudokuPad puzzle: " + what);
}

bool id_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' || c == '/' ||
         c == '=' || c == '%' || c == '-' || c == '_';
}

// The path of a link that starts (after its scheme) with SudokuPad's host or one under it
// (beta.sudokupad.app, app.crackingthecryptic.com). Only a line that starts with the link is one: a link
// in a puzzle line's comment stays a comment.
std::optional<std::string_view> link_path(std::string_view text) {
  for (std::string_view scheme : {"https://", "http://"})
    if (text.starts_with(scheme)) text.remove_prefix(scheme.size());
  const std::size_t slash = std::min(text.find('/'), text.size());
  const std::string_view host = text.substr(0, slash);
  for (std::string_view known : kHosts)
    if (host == known || (host.ends_with(known) && host[host.size() - known.size() - 1] == '.' &&
                          host.find_first_of(" \t") == std::string_view::npos))
      return text.substr(std::min(slash + 1, text.size()));
  return std::nullopt;
}

bool starts_with_parameter(std::string_view text) {
  return text.starts_with("?puzzleid=") || text.starts_with("puzzleid=");
}

// The puzzle id of a link (the text after "puzzleid=" or after the host, less a "sudoku/" or "puzzle/"
// folder), or the whole text; it ends where the link's other parameters start.
std::string_view puzzle_id(std::string_view text) {
  text = trim(text);
  if (const auto path = link_path(text)) {
    text = *path;
    for (std::string_view folder : {"sudoku/", "puzzle/"})
      if (text.starts_with(folder)) text.remove_prefix(folder.size());
  }
  if (const std::size_t at = text.find("puzzleid="); at != std::string_view::npos) text = text.substr(at + 9);
  const std::size_t end = text.find_first_of("?&# \t");
  return text.substr(0, end);
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The base64 text of an id: %XX escapes decoded (links escape '+', '/' and '='), a space read as the '+' a
// form decoding made of it.
std::string payload_of(std::string_view id) {
  std::string out;
  for (std::size_t i = 0; i < id.size(); ++i) {
    if (id[i] == '%') {
      const int hi = i + 2 < id.size() ? hex_value(id[i + 1]) : -1;
      const int lo = i + 2 < id.size() ? hex_value(id[i + 2]) : -1;
      if (hi < 0 || lo < 0)
        throw RulesError("SudokuPad link: a '%' that is not an escape like %2B at character " +
                         std::to_string(i + 1) + " of the puzzle data");
      out += static_cast<char>(hi * 16 + lo);
      i += 2;
    } else {
      out += id[i] == ' ' ? '+' : id[i];
    }
  }
  return out;
}

// A "//" in a link's path may arrive as "/" (servers and mail programs collapse them); SudokuPad then tries the
// data with slashes doubled, fewest first. So does this, for one of the first 16 slashes or two of the first
// 8: at most 44 more tries, each ending at the stream's first bad code, and only for data that does not
// decompress as it is.
std::string decompress(std::string_view payload) {
  try {
    return lz_decompress_base64(payload, kMaxFpuzzlesDocument);
  } catch (const LzStringError& e) {
    std::vector<std::size_t> slashes;
    for (std::size_t i = 0; i < payload.size() && slashes.size() < 16; ++i)
      if (payload[i] == '/') slashes.push_back(i);
    const auto doubled = [&](std::size_t a, std::size_t b) {
      std::string text;
      for (std::size_t i = 0; i < payload.size(); ++i) {
        if (i == a || i == b) text += '/';
        text += payload[i];
      }
      try {
        return std::optional<std::string>(lz_decompress_base64(text, kMaxFpuzzlesDocument));
      } catch (const LzStringError&) {
        return std::optional<std::string>();
      }
    };
    constexpr std::size_t kNone = ~std::size_t{0};
    for (std::size_t a : slashes)
      if (auto text = doubled(a, kNone)) return *text;
    for (std::size_t i = 0; i < std::min<std::size_t>(slashes.size(), 8); ++i)
      for (std::size_t j = i + 1; j < std::min<std::size_t>(slashes.size(), 8); ++j)
        if (auto text = doubled(slashes[i], slashes[j])) return *text;
    throw RulesError(std::string("SudokuPad link: ") + e.what());
  }
}

// SudokuPad's zipped JSON back to JSON (its PuzzleZipper.unzip): single quotes for double ones (\' an
// apostrophe), keys without quotes, an empty object written as nothing ([,,] is [{},{},{}]), and the values
// f, t, #0, #F and six hex digits for false, true and colours.
std::string unzip(std::string_view zipped) {
  std::string s;
  if (zipped.find('"') != std::string_view::npos) {
    s = zipped;
  } else {
    for (std::size_t i = 0; i < zipped.size(); ++i) {
      if (zipped[i] == '\\' && i + 1 < zipped.size() && zipped[i + 1] == '\'') {
        s += '\'';
        ++i;
      } else {
        s += zipped[i] == '\'' ? '"' : zipped[i];
      }
    }
  }
  const auto alnum = [](char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
  };
  const auto closer = [](char c) { return c == ',' || c == '}' || c == ']'; };
  std::string out;
  bool in_string = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    // Empty objects written out make the text up to three times longer: the cap holds for it too.
    if (out.size() > kMaxFpuzzlesDocument)
      fail("its data is longer than " + std::to_string(kMaxFpuzzlesDocument >> 20) + " MiB");
    const char c = s[i];
    if (in_string) {
      out += c;
      if (c == '\\' && i + 1 < s.size())
        out += s[++i];
      else if (c == '"')
        in_string = false;
      continue;
    }
    if (c == '"') {
      in_string = true;
      out += c;
    } else if (c == ',' || c == '{' || c == '[') {
      out += c;
      const char next = i + 1 < s.size() ? s[i + 1] : '\0';
      if (closer(next)) {
        if (!(c == '{' && next == '}')) out += "{}";
        continue;
      }
      std::size_t j = i + 1;
      while (j < s.size() && alnum(s[j])) ++j;
      if (j > i + 1 && j < s.size() && s[j] == ':') {
        out += '"';
        out.append(s, i + 1, j - i - 1);
        out += '"';
        i = j - 1;
      }
    } else if (c == ':') {
      out += c;
      std::size_t j = i + 1;
      while (j < s.size() && j - i <= 7 && !closer(s[j])) ++j;
      if (j >= s.size() || !closer(s[j])) continue;
      const std::string token = s.substr(i + 1, j - i - 1);
      std::string value;
      if (token == "f")
        value = "false";
      else if (token == "t")
        value = "true";
      else if (token == "#0")
        value = "\"#000000\"";
      else if (token == "#F")
        value = "\"#FFFFFF\"";
      else if (token.size() == 6 &&
               std::all_of(token.begin(), token.end(), [](char x) { return hex_value(x) >= 0; }))
        value = "\"#" + token + "\"";
      else
        continue;
      out += value;
      i = j - 1;
    } else {
      out += c;
    }
  }
  return out;
}

// A member by its long name or the short one the zipper gives it.
const Value* member(const Value& object, std::string_view name, std::string_view short_name) {
  if (const Value* v = object.find(name)) return v;
  return short_name.empty() ? nullptr : object.find(short_name);
}

bool blank(const Value* v) {
  return v == nullptr || v->type == Value::Type::null ||
         (v->type == Value::Type::string && trim(v->string).empty());
}

// A whole number given as a number or a string of digits, or -1.
int whole(const Value& v) {
  if (v.type == Value::Type::number && v.number == std::floor(v.number) && v.number >= 0 && v.number < 1e6)
    return static_cast<int>(v.number);
  const std::string_view s = v.type == Value::Type::string ? trim(v.string) : std::string_view{};
  if (!s.empty() && s.size() < 7 &&
      std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::stoi(std::string(s));
  return -1;
}

std::string plural(std::size_t count, const std::string& what) {
  return std::to_string(count) + " " + what + (count == 1 ? "" : "s");
}

class Converter {
 public:
  explicit Converter(const Value& doc) : doc_(doc) {}

  std::string convert() {
    if (!doc_.is_object()) fail("the puzzle data is not a JSON object");
    check_members();
    read_cells();
    read_regions();
    read_cages();
    read_drawings();
    return write();
  }

 private:
  struct Cell {
    int value = 0;
    std::vector<int> marks;
    int region = -1;
  };

  // Every member either read, known to be metadata or cosmetic, or refused by name.
  void check_members() {
    static const std::set<std::string, std::less<>> read = {"cells", "ce", "regions", "re", "cages", "ca"};
    static const std::set<std::string, std::less<>> cosmetic = {"id",       "cellSize", "cs",      "title",
                                                                "t",        "author",   "rules",   "solution",
                                                                "metadata", "metaData", "settings"};
    static const std::map<std::string, std::string, std::less<>> drawings = {
        {"lines", "line"},       {"l", "line"},    {"arrows", "arrow"},       {"a", "arrow"},
        {"overlays", "overlay"}, {"o", "overlay"}, {"underlays", "underlay"}, {"u", "underlay"}};
    std::string other;
    for (const auto& [key, value] : doc_.object) {
      if (read.contains(key) || cosmetic.contains(key) || drawings.contains(key)) continue;
      const bool empty = (value.is_array() && value.array.empty()) || value.type == Value::Type::null;
      if (!empty) other += (other.empty() ? "'" : ", '") + dlx::echo_text(key, 40) + "'";
    }
    if (!other.empty()) fail(other + ": not read");
  }

  // A drawing's list, empty when absent.
  const std::vector<Value>& drawing_list(std::string_view name, std::string_view short_name) const {
    static const std::vector<Value> none;
    const Value* v = member(doc_, name, short_name);
    if (v == nullptr || v->type == Value::Type::null) return none;
    if (!v->is_array()) fail("\"" + std::string(name) + "\" is not a list");
    return v->array;
  }

  static double number_of(const Value& object, std::string_view name, std::string_view short_name) {
    const Value* v = member(object, name, short_name);
    return v != nullptr && v->type == Value::Type::number ? v->number : -1;
  }
  static bool is_colour(const Value& object, std::string_view name, std::string_view short_name,
                        std::string_view colour) {
    const Value* v = member(object, name, short_name);
    if (v == nullptr || v->type != Value::Type::string || v->string.size() != colour.size()) return false;
    return std::equal(colour.begin(), colour.end(), v->string.begin(), [](char a, char b) {
      return std::toupper(static_cast<unsigned char>(a)) == std::toupper(static_cast<unsigned char>(b));
    });
  }
  static bool is_true(const Value& object, std::string_view name, std::string_view short_name) {
    const Value* v = member(object, name, short_name);
    return v != nullptr && v->type == Value::Type::boolean && v->boolean;
  }
  // A point [row, column] in cell units, doubled (so cell centres and edge midpoints are whole), or {-1, -1}.
  static std::pair<int, int> doubled_point(const Value* v) {
    if (v == nullptr || !v->is_array() || v->array.size() != 2) return {-1, -1};
    std::pair<int, int> out{-1, -1};
    for (int k = 0; k < 2; ++k) {
      const Value& x = v->array[static_cast<std::size_t>(k)];
      if (x.type != Value::Type::number || x.number < 0 || x.number > 64 ||
          2 * x.number != std::floor(2 * x.number))
        return {-1, -1};
      (k == 0 ? out.first : out.second) = static_cast<int>(2 * x.number);
    }
    return out;
  }
  // The cell whose centre a doubled point is, or -1.
  int centre_cell(std::pair<int, int> p) const {
    if (p.first % 2 != 1 || p.second % 2 != 1 || p.first / 2 >= n_ || p.second / 2 >= n_) return -1;
    return p.first / 2 * n_ + p.second / 2;
  }

  // An arrow as SudokuPad's f-puzzles converter draws one: a grey (#a1a1a1) arrow 5 thick with a head 0.3
  // long, from near the centre of a cell under a round white circle 0.75 wide with a grey border, through the
  // centres of the cells it sums. Each drawn arrow is one f-puzzles arrow: its cells sum to its circle's digit.
  // Circles of several cells (a pill: which way its digits read is not drawn) are not read.
  void read_arrows(const std::vector<Value>& arrows, const std::vector<Value>& overlays,
                   std::vector<bool>& arrow_read, std::vector<bool>& overlay_read) {
    for (std::size_t i = 0; i < arrows.size(); ++i) {
      const Value& arrow = arrows[i];
      if (!arrow.is_object() || !is_colour(arrow, "color", "c", "#A1A1A1") ||
          number_of(arrow, "thickness", "th") != 5 || number_of(arrow, "headLength", "hl") != 0.3)
        continue;
      const Value* points = member(arrow, "wayPoints", "wp");
      if (points == nullptr || !points->is_array() || points->array.size() < 2) continue;
      // The first point: inside the circle's cell, within 0.45 of its centre.
      const Value& first = points->array.front();
      if (!first.is_array() || first.array.size() != 2 || first.array[0].type != Value::Type::number ||
          first.array[1].type != Value::Type::number)
        continue;
      const double y = first.array[0].number, x = first.array[1].number;
      if (!(y >= 0 && x >= 0 && y < n_ && x < n_)) continue;
      const int row = static_cast<int>(y), col = static_cast<int>(x);
      if (std::abs(y - row - 0.5) > 0.45 || std::abs(x - col - 0.5) > 0.45) continue;
      const int circle = row * n_ + col;
      std::vector<int> cells{circle};
      for (std::size_t k = 1; k < points->array.size(); ++k) {
        const int cell = centre_cell(doubled_point(&points->array[k]));
        if (cell < 0 || std::find(cells.begin(), cells.end(), cell) != cells.end() ||
            std::abs(cell / n_ - cells.back() / n_) > 1 || std::abs(cell % n_ - cells.back() % n_) > 1) {
          cells.clear();
          break;
        }
        cells.push_back(cell);
      }
      if (cells.size() < 2) continue;
      bool found = false;
      for (std::size_t j = 0; j < overlays.size(); ++j) {
        const Value& o = overlays[j];
        if (!o.is_object() || !is_true(o, "rounded", "r") || number_of(o, "width", "w") != 0.75 ||
            number_of(o, "height", "h") != 0.75 || !is_colour(o, "borderColor", "c1", "#A1A1A1") ||
            !is_colour(o, "backgroundColor", "c2", "#FFFFFF") ||
            centre_cell(doubled_point(member(o, "center", "ct"))) != circle)
          continue;
        overlay_read[j] = found = true;
      }
      if (!found) continue;
      arrow_read[i] = true;
      arrows_.push_back(std::move(cells));
    }
  }

  // The drawings with a standard meaning, as SudokuPad draws them (its f-puzzles converter's shapes):
  // a thermometer is a grey (#CFCFCF) line 21 thick through cell centres with a round grey bulb 0.85 wide
  // under its first cell; a kropki dot is a round overlay 0.3 wide with a black border on the midpoint of
  // two neighbours' edge, white (difference) or black (ratio), its text the value if any. Any other drawing
  // is refused by count.
  void read_drawings() {
    const auto& lines = drawing_list("lines", "l");
    const auto& underlays = drawing_list("underlays", "u");
    const auto& overlays = drawing_list("overlays", "o");
    const auto& arrows = drawing_list("arrows", "a");
    std::vector<bool> line_read(lines.size()), underlay_read(underlays.size()), overlay_read(overlays.size()),
        arrow_read(arrows.size());
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const Value& line = lines[i];
      if (!line.is_object() || !is_colour(line, "color", "c", "#CFCFCF") ||
          number_of(line, "thickness", "th") != 21)
        continue;
      const Value* points = member(line, "wayPoints", "wp");
      if (points == nullptr || !points->is_array() || points->array.size() < 2) continue;
      std::vector<int> cells;
      for (const Value& p : points->array) {
        const int cell = centre_cell(doubled_point(&p));
        if (cell < 0 || std::find(cells.begin(), cells.end(), cell) != cells.end() ||
            (!cells.empty() &&
             (std::abs(cell / n_ - cells.back() / n_) > 1 || std::abs(cell % n_ - cells.back() % n_) > 1))) {
          cells.clear();
          break;
        }
        cells.push_back(cell);
      }
      if (cells.empty()) continue;
      const auto bulb = doubled_point(&points->array.front());
      for (std::size_t j = 0; j < underlays.size(); ++j) {
        const Value& u = underlays[j];
        if (underlay_read[j] || !u.is_object() || !is_true(u, "rounded", "r") ||
            number_of(u, "width", "w") != 0.85 || number_of(u, "height", "h") != 0.85 ||
            !is_colour(u, "backgroundColor", "c2", "#CFCFCF") ||
            doubled_point(member(u, "center", "ct")) != bulb)
          continue;
        underlay_read[j] = line_read[i] = true;
        thermometers_.push_back(std::move(cells));
        break;
      }
    }
    for (std::size_t k = 0; k < overlays.size(); ++k) {
      const Value& o = overlays[k];
      if (!o.is_object() || !is_true(o, "rounded", "r") || number_of(o, "width", "w") != 0.3 ||
          number_of(o, "height", "h") != 0.3 || !is_colour(o, "borderColor", "c1", "#000000"))
        continue;
      const bool white = is_colour(o, "backgroundColor", "c2", "#FFFFFF");
      if (!white && !is_colour(o, "backgroundColor", "c2", "#000000")) continue;
      const auto [r2, c2] = doubled_point(member(o, "center", "ct"));
      // On an edge between two cells: one coordinate on a cell centre (odd), the other on a grid line (even).
      if (r2 < 0 || (r2 % 2) == (c2 % 2)) continue;
      const int a = centre_cell(r2 % 2 == 1 ? std::pair{r2, c2 - 1} : std::pair{r2 - 1, c2});
      const int b = centre_cell(r2 % 2 == 1 ? std::pair{r2, c2 + 1} : std::pair{r2 + 1, c2});
      if (a < 0 || b < 0) continue;
      const Value* text = member(o, "text", "te");
      const int value = blank(text) ? 0 : whole(*text);
      if (value < 0) continue;
      overlay_read[k] = true;
      dots_.push_back({white, a, b, value});
    }
    read_arrows(arrows, overlays, arrow_read, overlay_read);
    const auto unread = [](const std::vector<bool>& read) {
      return static_cast<std::size_t>(std::count(read.begin(), read.end(), false));
    };
    std::string drawn;
    const auto add = [&](std::size_t count, const std::string& what) {
      if (count > 0) drawn += (drawn.empty() ? "" : ", ") + plural(count, what);
    };
    add(unread(arrow_read), "arrow");
    add(unread(line_read), "line");
    add(unread(overlay_read), "overlay");
    add(unread(underlay_read), "underlay");
    if (!drawn.empty())
      fail("drawings without a standard meaning here (" + drawn +
           "; thermometers, arrows and kropki dots are read when drawn as SudokuPad draws them, other rules "
           "are in the rules text): not read");
  }

  std::pair<int, int> cell_ref(const Value& v, const std::string& what) const {
    if (!v.is_array() || v.array.size() != 2 || whole(v.array[0]) < 0 || whole(v.array[1]) < 0 ||
        whole(v.array[0]) >= n_ || whole(v.array[1]) >= n_)
      fail(what + ": a cell that is not [row, column] on the " + std::to_string(n_) + "x" +
           std::to_string(n_) + " grid");
    return {whole(v.array[0]), whole(v.array[1])};
  }

  void read_cells() {
    const Value* rows = member(doc_, "cells", "ce");
    if (rows == nullptr || !rows->is_array() || rows->array.empty()) fail("no \"cells\" (the grid)");
    n_ = static_cast<int>(rows->array.size());
    for (const Value& row : rows->array)
      if (!row.is_array() || static_cast<int>(row.array.size()) != n_)
        fail("a grid that is not square (" + std::to_string(n_) + " rows, a row of " +
             std::to_string(row.is_array() ? row.array.size() : 0) + " cells): not read");
    if (n_ < 4 || n_ > 16)
      fail("a " + std::to_string(n_) + "x" + std::to_string(n_) + " grid; 4x4 to 16x16 are read");
    cells_.assign(static_cast<std::size_t>(n_ * n_), Cell{});
    std::map<std::string, int, std::less<>> unread;
    for (int r = 0; r < n_; ++r)
      for (int c = 0; c < n_; ++c) {
        const Value& v = rows->array[static_cast<std::size_t>(r)].array[static_cast<std::size_t>(c)];
        const std::string where = "cell R" + std::to_string(r + 1) + "C" + std::to_string(c + 1);
        if (v.type == Value::Type::null) continue;
        if (!v.is_object()) fail(where + " is not an object");
        Cell& cell = cells_[static_cast<std::size_t>(r * n_ + c)];
        for (const auto& [key, field] : v.object) {
          if (key == "value" || key == "v") {
            if (blank(&field)) continue;
            cell.value = whole(field);
            if (cell.value < 1 || cell.value > n_)
              fail(where + ": given '" +
                   dlx::echo_text(field.type == Value::Type::string ? field.string : "?", 20) +
                   "' is not a digit 1-" + std::to_string(n_));
          } else if (key == "centremarks" || key == "centerMarks") {
            // Given centre marks: the digit is one of them.
            if (!field.is_array()) continue;
            for (const Value& m : field.array) {
              const int d = whole(m);
              if (d < 1 || d > n_)
                fail(where + ": a centre mark that is not a digit 1-" + std::to_string(n_));
              cell.marks.push_back(d);
            }
          } else if (!(field.is_array() && field.array.empty()) && !blank(&field)) {
            ++unread[key];
          }
        }
      }
    if (!unread.empty()) {
      std::string what;
      for (const auto& [key, count] : unread)
        what += (what.empty() ? "" : ", ") + std::string("'") + dlx::echo_text(key, 40) + "' (" +
                plural(static_cast<std::size_t>(count), "cell") + ")";
      fail("cell fields " + what + (unread.begin()->first == "pencilMarks" ? " (corner marks)" : "") +
           ": not read");
    }
  }

  void read_regions() {
    const Value* regions = member(doc_, "regions", "re");
    if (regions == nullptr || !regions->is_array() || regions->array.empty()) return;  // standard boxes
    if (static_cast<int>(regions->array.size()) != n_)
      fail(plural(regions->array.size(), "region") + " on a " + std::to_string(n_) + "x" +
           std::to_string(n_) + " grid (it needs " + std::to_string(n_) + ")");
    for (std::size_t k = 0; k < regions->array.size(); ++k) {
      const std::string what = "region " + std::to_string(k + 1);
      if (!regions->array[k].is_array()) fail(what + " is not a list of cells");
      for (const Value& x : regions->array[k].array) {
        const auto [r, c] = cell_ref(x, what);
        Cell& cell = cells_[static_cast<std::size_t>(r * n_ + c)];
        if (cell.region >= 0)
          fail("cell R" + std::to_string(r + 1) + "C" + std::to_string(c + 1) + " is in two regions");
        cell.region = static_cast<int>(k);
      }
    }
    for (int i = 0; i < n_ * n_; ++i)
      if (cells_[static_cast<std::size_t>(i)].region < 0)
        fail("cell R" + std::to_string(i / n_ + 1) + "C" + std::to_string(i % n_ + 1) + " is in no region");
    has_regions_ = true;
  }

  void read_cages() {
    const Value* cages = member(doc_, "cages", "ca");
    if (cages == nullptr || cages->type == Value::Type::null) return;
    if (!cages->is_array()) fail("\"cages\" is not a list");
    std::size_t repeating = 0, labelled = 0, styled = 0;
    for (std::size_t k = 0; k < cages->array.size(); ++k) {
      const Value& cage = cages->array[k];
      if (!cage.is_object()) fail("cage " + std::to_string(k + 1) + " is not an object");
      const Value* cells = member(cage, "cells", "ce");
      // A cage without cells carries metadata ("title: ...", "rules: ...", "solution: ..."): no rule.
      if (cells == nullptr || !cells->is_array() || cells->array.empty()) continue;
      if (const Value* unique = cage.find("unique");
          unique != nullptr && unique->type == Value::Type::boolean && !unique->boolean) {
        ++repeating;
        continue;
      }
      if (const Value* style = cage.find("style"); !blank(style)) {
        ++styled;
        continue;
      }
      Killer killer;
      for (const Value& x : cells->array) {
        const auto [r, c] = cell_ref(x, "cage " + std::to_string(k + 1));
        killer.cells.push_back(r * n_ + c);
      }
      const Value* value = member(cage, "value", "v");
      if (!blank(value)) {
        killer.sum = whole(*value);
        if (killer.sum < 0) {
          ++labelled;
          continue;
        }
      }
      cages_.push_back(std::move(killer));
    }
    std::string what;
    const auto add = [&](std::size_t count, const std::string& text) {
      if (count > 0) what += (what.empty() ? "" : ", ") + plural(count, "cage") + " " + text;
    };
    add(repeating, "whose digits may repeat");
    add(labelled, "labelled with text that is not a sum");
    add(styled, "with a style of its own (an indexer or other rule)");
    if (!what.empty()) fail(what + ": not read");
  }

  std::string ref(int cell) const {
    return "\"R" + std::to_string(cell / n_ + 1) + "C" + std::to_string(cell % n_ + 1) + "\"";
  }

  std::string write() const {
    std::string out = "{\"size\":" + std::to_string(n_) + ",\"grid\":[";
    for (int r = 0; r < n_; ++r) {
      out += r > 0 ? ",[" : "[";
      for (int c = 0; c < n_; ++c) {
        const Cell& cell = cells_[static_cast<std::size_t>(r * n_ + c)];
        std::string fields;
        const auto field = [&](const std::string& f) { fields += (fields.empty() ? "" : ",") + f; };
        if (cell.value > 0) field("\"value\":" + std::to_string(cell.value) + ",\"given\":true");
        if (!cell.marks.empty()) {
          std::string marks;
          for (int d : cell.marks) marks += (marks.empty() ? "" : ",") + std::to_string(d);
          field("\"givenPencilMarks\":[" + marks + "]");
        }
        if (has_regions_) field("\"region\":" + std::to_string(cell.region));
        out += (c > 0 ? ",{" : "{") + fields + "}";
      }
      out += ']';
    }
    out += ']';
    if (!cages_.empty()) {
      out += ",\"killercage\":[";
      for (std::size_t k = 0; k < cages_.size(); ++k) {
        out += k > 0 ? ",{\"cells\":[" : "{\"cells\":[";
        for (std::size_t i = 0; i < cages_[k].cells.size(); ++i)
          out += (i > 0 ? "," : "") + ref(cages_[k].cells[i]);
        out += "]";
        if (cages_[k].sum >= 0) out += ",\"value\":" + std::to_string(cages_[k].sum);
        out += "}";
      }
      out += ']';
    }
    if (!thermometers_.empty()) {
      out += ",\"thermometer\":[";
      for (std::size_t k = 0; k < thermometers_.size(); ++k) {
        out += k > 0 ? ",{\"lines\":[[" : "{\"lines\":[[";
        for (std::size_t i = 0; i < thermometers_[k].size(); ++i)
          out += (i > 0 ? "," : "") + ref(thermometers_[k][i]);
        out += "]]}";
      }
      out += ']';
    }
    if (!arrows_.empty()) {
      out += ",\"arrow\":[";
      for (std::size_t k = 0; k < arrows_.size(); ++k) {
        out += (k > 0 ? ",{\"cells\":[" : "{\"cells\":[") + ref(arrows_[k][0]) + "],\"lines\":[[";
        for (std::size_t i = 0; i < arrows_[k].size(); ++i) out += (i > 0 ? "," : "") + ref(arrows_[k][i]);
        out += "]]}";
      }
      out += ']';
    }
    for (const bool white : {true, false}) {
      std::string list;
      for (const Dot& d : dots_) {
        if (d.white != white) continue;
        list += (list.empty() ? "{\"cells\":[" : ",{\"cells\":[") + ref(d.a) + "," + ref(d.b) + "]";
        if (d.value > 0) list += ",\"value\":" + std::to_string(d.value);
        list += "}";
      }
      if (!list.empty()) out += std::string(white ? ",\"difference\":[" : ",\"ratio\":[") + list + "]";
    }
    out += '}';
    return out;
  }

  struct Killer {
    std::vector<int> cells;
    int sum = -1;
  };
  struct Dot {
    bool white;
    int a, b, value;  // value 0: the default (1 for white, 2 for black)
  };

  const Value& doc_;
  int n_ = 9;
  std::vector<Cell> cells_;
  std::vector<Killer> cages_;
  std::vector<std::vector<int>> thermometers_;
  std::vector<std::vector<int>> arrows_;  // the circle's cell first
  std::vector<Dot> dots_;
  bool has_regions_ = false;
};

// SudokuPad also takes its JSON uncompressed after the prefix (what its server returns for an id).
bool raw_json(std::string_view text) {
  return text.starts_with("scl{") || text.starts_with("ctc{");
}

}  // namespace

bool is_sudokupad_link(std::string_view text) {
  text = trim(text);
  if (raw_json(text)) return true;
  if (starts_with_parameter(text) || link_path(text)) return true;
  for (std::string_view prefix : {"scl", "ctc", "fpuz"})
    if (text.starts_with(prefix) && text.size() >= prefix.size() + 4 &&
        std::all_of(text.begin(), text.end(), id_char))
      return true;
  return false;
}

std::string sudokupad_link(std::string_view fpuzzles_json) {
  return "https://sudokupad.app/fpuzzles" + lz_compress_base64(fpuzzles_json);
}

std::string sudokupad_to_fpuzzles(std::string_view zipped_json) {
  Value doc;
  try {
    doc = json::parse(unzip(zipped_json), kMaxFpuzzlesValues);
  } catch (const json::ParseError& e) {
    fail(std::string("its data is not SudokuPad's JSON (") + e.what() + ")");
  }
  return Converter(doc).convert();
}

FPuzzle read_sudokupad(std::string_view text) {
  text = trim(text);
  const std::string_view id = raw_json(text) ? text : puzzle_id(text);
  if (id.empty())
    throw RulesError(
        "SudokuPad link without a puzzle id (expected .../scl..., .../fpuzzles... or ?puzzleid=...)");
  if (id.starts_with("fpuz")) {
    const std::string json = decompress(payload_of(id.substr(id.starts_with("fpuzzles") ? 8 : 4)));
    try {
      return parse_fpuzzles(json);
    } catch (const RulesError& e) {
      throw RulesError(std::string("SudokuPad link: ") + e.what());
    }
  }
  if (id.starts_with("scl") || id.starts_with("ctc")) {
    const std::string fpuzzles = sudokupad_to_fpuzzles(raw_json(id) ? std::string(id.substr(3))
                                                                    : decompress(payload_of(id.substr(3))));
    try {
      return parse_fpuzzles(fpuzzles);
    } catch (const RulesError& e) {
      throw RulesError(std::string("SudokuPad puzzle, read as ") + e.what());
    }
  }
  if (id.starts_with("scf"))
    throw RulesError(
        "SudokuPad puzzle in the compact 'scf' format: not read; open it in SudokuPad and copy a link of its "
        "full data (scl... or fpuzzles...)");
  const std::string shown = dlx::echo_text(id, 60);
  throw RulesError("SudokuPad puzzle id '" + shown +
                   "': the puzzle is on SudokuPad's server and must be downloaded first (nothing is fetched "
                   "here): open it in SudokuPad and copy a link with the full puzzle data (scl... or "
                   "fpuzzles...), or download https://sudokupad.app/api/puzzle/" +
                   shown + " and give the text it returns (prefixed 'scl' when it starts with '{')");
}

}  // namespace sudoku
