#include "sudoku/io/detail/reader_text.hpp"

#include <algorithm>
#include <array>
#include <dlx/input_error.hpp>

#include "sudoku/io/puzzle_line.hpp"
#include "sudoku/model/cages.hpp"
#include "sudoku/model/rules.hpp"

namespace sudoku::reader_detail {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

bool is_blank(std::string_view s) {
  return trim(s).empty();
}

// Comments, and the "[Puzzle]" section headers of some grid files.
bool is_comment(std::string_view s) {
  s = trim(s);
  // '%' starts the title lines of Kennett's files.
  return s.starts_with('#') || s.starts_with('%') || (s.size() >= 2 && s.front() == '[' && s.back() == ']');
}

// A box-drawing line between bands of rows: "------+------", "+=====+", "*-----------*" (Simple Sudoku). A
// cell is never '-' or '=', so a line of rules cannot be a row even with '*' (a blank elsewhere) at its
// corners.
bool is_separator(std::string_view s) {
  bool rule = false;
  for (char c : s) {
    if (c == '-' || c == '=') {
      rule = true;
    } else if (c != '+' && c != '|' && c != '*' && !is_space(c)) {
      return false;
    }
  }
  return rule;
}

bool is_number(std::string_view token) {
  if (token.empty() || token.size() > 3) return false;
  for (char c : token)
    if (c < '0' || c > '9') return false;
  return true;
}

int number_value(std::string_view token) {
  int value = 0;
  for (char c : token) value = value * 10 + (c - '0');
  return value;
}

std::string board_name(int side) {
  return std::to_string(side) + "x" + std::to_string(side);
}

// Why character c cannot be a cell of a board of this side.
std::string bad_cell(char c, int value, int side, std::size_t column, const Symbols& symbols) {
  const std::string shown = dlx::describe_byte(static_cast<unsigned char>(c));
  const std::string where = " at column " + std::to_string(column + 1);
  if (value == Symbols::kTooLarge)
    return shown + where + " is not a digit of a " + board_name(side) + " board (" + symbols.symbol(1) + "-" +
           symbols.symbol(side) + ")";
  // Boards above 9x9 are often written 0-9A-F...: '0' is then their first digit, not a blank.
  if (c == '0' && symbols.is_default() && side > 9 && side <= 36) {
    const std::string zero_based =
        std::string("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ").substr(0, static_cast<std::size_t>(side));
    return "'0'" + where + " is no digit of a " + board_name(side) + " board (1-9, A-" +
           symbols.symbol(side) + ", blanks '.'); if its digits are " + zero_based.front() + "-" +
           zero_based.back() + ", give --symbols " + zero_based;
  }
  return "unknown character " + shown + where;
}

// Prose rather than cells: the first word has two letters in a row, one of them lower case, which no cell of
// the default alphabet is ("Title: my puzzles", "hello"). Custom alphabets may use lower case: never then.
bool is_prose(std::string_view text) {
  text = trim(text);
  bool lower = false;
  int run = 0, longest = 0;
  std::size_t words = 0, numbers = 0;
  for_each_token(text, [&](std::string_view token, std::size_t) {
    ++words;
    numbers += is_number(token);
  });
  if (numbers * 2 >= words) return false;  // a judge row with a typo in it: its own message says more
  for (char c : text) {
    if (is_space(c) || c == ':' || c == ',') break;
    const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    lower = lower || (c >= 'a' && c <= 'z');
    run = letter ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  return lower && longest >= 2;
}

// The fields of a CSV line, quotes removed (RFC 4180: "" inside quotes is one ").
std::vector<std::string> csv_fields(std::string_view text) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        fields.back() += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        fields.back() += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      fields.emplace_back();
    } else {
      fields.back() += c;
    }
  }
  return fields;
}

// The string value of "key" in a one-line JSON object, unescaped (\uXXXX kept as written); nothing when absent.
std::optional<std::string> json_field(std::string_view text, std::string_view key) {
  const std::string quoted = "\"" + std::string(key) + "\"";
  std::size_t at = text.find(quoted);
  if (at == std::string_view::npos) return std::nullopt;
  at += quoted.size();
  while (at < text.size() && is_space(text[at])) ++at;
  if (at >= text.size() || text[at] != ':') return std::nullopt;
  ++at;
  while (at < text.size() && is_space(text[at])) ++at;
  if (at >= text.size() || text[at] != '"') return std::nullopt;
  std::string value;
  for (++at; at < text.size() && text[at] != '"'; ++at) {
    if (text[at] == '\\' && at + 1 < text.size()) {
      const char e = text[++at];
      value += e == 'n' ? '\n' : e == 't' ? '\t' : e == 'u' ? (value += "\\", 'u') : e;
    } else {
      value += text[at];
    }
  }
  return value;
}

// The shape of a jigsaw of `cells` cells: its regions replace the boxes, so any side from 4 will do (5x5 and
// 7x7 jigsaws are common); the boxes kept are the usual ones, or rows for a prime side.
std::optional<Shape> jigsaw_shape(std::size_t cells) {
  std::size_t side = 2;
  while (side * side < cells) ++side;
  if (side * side != cells || side < 4 || side > static_cast<std::size_t>(kMaxSide)) return std::nullopt;
  return shape_for_side(side).value_or(Shape{1, static_cast<int>(side)});
}

// A line whose first word has the length of a jigsaw (2*n*n characters): its regions may be named by
// lowercase letters, which would otherwise read as prose.
bool is_jigsaw_line(std::string_view text) {
  text = trim(text);
  std::size_t length = 0;
  while (length < text.size() && !is_space(text[length])) ++length;
  return length % 2 == 0 && jigsaw_shape(length / 2).has_value();
}

bool has_rules_prefix(std::string_view text) {
  try {
    return parse_rules_prefix(text).has_value();
  } catch (const RulesError&) {
    return true;  // a malformed one: read as a line, to report its error
  }
}

void set_error(Puzzle& puzzle, std::size_t line, std::string message) {
  if (!puzzle.error.empty()) return;  // the first problem is the one worth reporting
  puzzle.error = std::move(message);
  puzzle.error_line = line;
}

}  // namespace sudoku::reader_detail
