#include "sudoku/io/reader.hpp"

#include <algorithm>
#include <array>
#include <dlx/input_error.hpp>
#include <vector>

#include "sudoku/io/puzzle_line.hpp"
#include "sudoku/model/cages.hpp"
#include "sudoku/model/candidates.hpp"

namespace sudoku {
namespace {

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

// Calls f(token, column from 0) for each run of non-blank characters.
template <class F>
void for_each_token(std::string_view s, F&& f) {
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && is_space(s[i])) ++i;
    const std::size_t start = i;
    while (i < s.size() && !is_space(s[i])) ++i;
    if (i > start) f(s.substr(start, i - start), start);
  }
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

}  // namespace

PuzzleReader::PuzzleReader(std::istream& in, ReaderOptions options)
    : lines_(in, options.max_line_length), options_(std::move(options)) {
  for (int c = 0; c < 256; ++c) {
    const char ch = static_cast<char>(c);
    const bool plain = ch == '.' || (ch >= '0' && ch <= '9');
    plain_values_[static_cast<std::size_t>(c)] =
        static_cast<signed char>(plain ? options_.symbols.value(ch, 9) : -1);
  }
}

std::optional<PuzzleReader::Line> PuzzleReader::fetch() {
  const auto text = lines_.next();
  if (!text) return std::nullopt;
  std::string_view t = *text;
  if (first_line_ && t.starts_with("\xEF\xBB\xBF")) t.remove_prefix(3);  // a UTF-8 byte order mark
  first_line_ = false;
  if (t.ends_with('\r')) t.remove_suffix(1);
  return Line{t, lines_.line_number(), lines_.too_long()};
}

// The layout of the whole input, from its first line with content. What tells them apart: a one-line puzzle
// is a single long word of n*n cells; a grid row has n cells, often with spaces or '|' between them; a judge
// row is n numbers. The short cases overlap (16 characters: a 4x4 puzzle or a 16x16 row), and then the
// characters decide: a line of 16 that uses digits above 4 can only be a row.
Layout PuzzleReader::detect(std::string_view text) const {
  if (trim(text).starts_with('{')) return Layout::line;  // JSON Lines, as --format json writes them
  if (is_separator(text)) return Layout::grid;
  const bool numbers = options_.symbols.is_default();
  std::size_t tokens = 0, single_chars = 0, numeric = 0, first_token = 0;
  bool all_cells = true;
  for_each_token(text, [&](std::string_view token, std::size_t) {
    if (tokens++ == 0) first_token = token.size();
    if (token.size() == 1) ++single_chars;
    if (numbers && is_number(token)) ++numeric;
    const bool cell = (numbers && is_number(token)) || (token.size() == 1 && token != "|" && token != "+");
    all_cells = all_cells && cell;
  });
  const auto is_side = [&](std::size_t side) {
    return options_.box ? side == static_cast<std::size_t>(options_.box->side())
                        : shape_for_side(side).has_value();
  };
  // Rows of separate cells start with a short token; a one-line puzzle starts with its n*n cells (16 at
  // least), and numbers, letters or '|' after it are its annotation.
  const bool spaced = tokens >= 2 && first_token < 16;
  // Mostly numbers, as many as a row has cells: a judge row, even with a typo in it.
  if (spaced && is_side(tokens) && (all_cells || numeric * 2 >= tokens)) return Layout::judge;
  if (spaced && single_chars >= 2) return Layout::grid;  // spaced cells, damaged or with odd separators

  std::string_view first = trim(text);
  std::size_t length = 0;
  while (length < first.size() && !is_space(first[length])) ++length;
  first = first.substr(0, length);
  if (first.find('|') != std::string_view::npos) return Layout::grid;
  if (options_.box) {
    const auto cells = static_cast<std::size_t>(options_.box->cells());
    return length * 2 >= cells ? Layout::line : Layout::grid;
  }
  const auto valid_for = [&](int side) {
    for (char c : first)
      if (options_.symbols.value(c, side) < 0) return false;
    return true;
  };
  if (const auto shape = shape_for_cells(length);
      shape && (!shape_for_side(length) || valid_for(shape->side())))
    return Layout::line;
  if (length % 2 == 0 && jigsaw_shape(length / 2)) return Layout::line;  // a jigsaw: givens, regions
  if (length <= static_cast<std::size_t>(options_.symbols.size())) return Layout::grid;
  return Layout::line;
}

bool PuzzleReader::next(Puzzle& puzzle) {
  puzzle.error.clear();
  puzzle.annotation.clear();
  puzzle.pencilmarks.clear();
  puzzle.rules.reset();
  for (;;) {
    const auto line = fetch();
    if (!line) return false;
    if (read_plain_line(*line, puzzle)) return true;
    if (!line->too_long && (is_blank(line->text) || is_comment(line->text))) continue;
    if (!layout_ && !line->too_long && read_csv_header(line->text)) {
      layout_ = Layout::line;
      continue;
    }
    // Killers and self-describing lines with rules are one-line puzzles, whatever their length.
    const bool killer = !line->too_long && (is_typed_killer(line->text) || is_sudocue_killer(line->text) ||
                                            has_rules_prefix(line->text));
    if (!killer && !line->too_long && !is_jigsaw_line(line->text) && !csv_column_ &&
        options_.symbols.is_default() && is_prose(line->text) && !trim(line->text).starts_with('{')) {
      // Its own error, before it can set the layout of the whole input.
      puzzle.line = puzzle.error_line = line->number;
      puzzle.layout = layout_.value_or(Layout::line);
      const std::string_view shown = trim(line->text).substr(0, 40);
      const bool printable = std::all_of(shown.begin(), shown.end(), [](char c) {
        return static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) < 0x7f;
      });
      set_error(puzzle, line->number,
                std::string("neither a puzzle nor a grid row") +
                    (printable ? ": '" + std::string(shown) + "'" : "") + " (a title? start it with '#')");
      return true;
    }
    if (!layout_) layout_ = line->too_long || killer ? Layout::line : detect(line->text);
    if (*layout_ != Layout::line && !line->too_long && is_separator(line->text)) continue;
    puzzle.line = puzzle.error_line = line->number;
    puzzle.layout = *layout_;
    if (*layout_ == Layout::line) {
      read_line_puzzle(*line, puzzle);
    } else {
      read_block_puzzle(*line, puzzle);
    }
    return true;
  }
}

// Once the input is known to hold one puzzle per line, the commonest line: exactly 81 digits and dots, with no
// annotation. No other format has such a line (a killer needs ':' or "killer", CSV a comma, JSON a brace, pencil
// marks n^3 characters, a jigsaw an even length, a comment '#'), so it is read at once, without the checks for
// them: those cost about 4,000 instructions a line, more than solving an easy puzzle (serg_benchmark, 17-clue).
// Any character the symbols do not take sends the line down the general path, which names the error.
bool PuzzleReader::read_plain_line(const Line& line, Puzzle& puzzle) {
  constexpr std::size_t kCells = 81;
  if (layout_ != Layout::line || line.too_long || csv_column_ || options_.box || line.text.size() != kCells)
    return false;
  // One table look-up per cell (plain_values_), and one test per line: no branch per cell.
  std::array<std::uint8_t, kCells> values;
  int rejected = 0;
  for (std::size_t i = 0; i < kCells; ++i) {
    const signed char value = plain_values_[static_cast<unsigned char>(line.text[i])];
    rejected |= value;  // negative once any cell is
    values[i] = static_cast<std::uint8_t>(value);
  }
  if (rejected < 0) return false;
  puzzle.line = puzzle.error_line = line.number;
  puzzle.layout = Layout::line;
  puzzle.grid.shape = Shape{3, 3};
  puzzle.grid.cells.assign(values.begin(), values.end());
  return true;
}

void PuzzleReader::read_line_puzzle(const Line& line, Puzzle& puzzle) {
  if (line.too_long) {
    set_error(puzzle, line.number, "line longer than " + std::to_string(options_.max_line_length) + " bytes");
    return;
  }
  // A record (CSV, or this program's JSON) holds the puzzle in a field: read as a line of its own.
  std::string_view text = line.text, cells;
  const bool record = split_record(text, cells, puzzle);
  if (!puzzle.ok()) return;
  if (record) text = cells;
  // The rules prefix of a self-describing line (io/puzzle_line.hpp): the rest is any other line form.
  std::optional<RulesPrefix> prefix;
  try {
    prefix = parse_rules_prefix(text);
  } catch (const RulesError& e) {
    set_error(puzzle, line.number, e.what());
    return;
  }
  if (prefix) text = text.substr(prefix->length);
  read_puzzle_text(text, record, line.number, puzzle);
  if (!prefix || !puzzle.ok()) return;
  try {
    if (!puzzle.pencilmarks.empty()) throw RulesError("pencilmark puzzles take no variant rules");
    Rules rules = make_rules(puzzle.grid.shape, prefix->variants);
    if (puzzle.rules) add_rules(rules, *puzzle.rules);
    puzzle.rules = std::make_shared<const Rules>(std::move(rules));
  } catch (const RulesError& e) {
    set_error(puzzle, line.number, e.what());
  }
}

void PuzzleReader::read_puzzle_text(std::string_view text, bool record, std::size_t number, Puzzle& puzzle) {
  const Line line{text, number, false};
  if (is_typed_killer(text) || is_sudocue_killer(text)) {
    try {
      KillerPuzzle killer =
          is_typed_killer(text) ? parse_typed_killer(text, options_.symbols) : parse_sudocue_killer(text);
      if (options_.box && killer.rules.shape != *options_.box)
        throw RulesError("a " + to_string(killer.rules.shape) + " killer, but --box is " +
                         to_string(*options_.box));
      puzzle.grid = std::move(killer.givens);
      puzzle.rules = std::make_shared<const Rules>(std::move(killer.rules));
    } catch (const RulesError& e) {
      set_error(puzzle, line.number, e.what());
    }
    return;
  }
  std::string_view cells = text;
  if (!record) {
    // The cells end at white space, or at a ':' or ',' that starts the annotation ("puzzle:count", CSV
    // without a header).
    std::size_t first = 0;
    while (first < text.size() && is_space(text[first])) ++first;
    std::size_t end = first;
    while (end < text.size() && !is_space(text[end]) && text[end] != ':' && text[end] != ',') ++end;
    cells = text.substr(first, end - first);
    if (end < text.size() && (text[end] == ':' || text[end] == ',')) ++end;
    puzzle.annotation.assign(trim(text.substr(end)));
  }
  const std::size_t start = cells.empty() ? 0 : static_cast<std::size_t>(cells.data() - text.data());
  if (read_pencilmark_line(cells, puzzle)) return;

  // A jigsaw line: the givens, then as many characters naming each cell's region.
  std::string_view regions;
  if (cells.size() % 2 == 0) {
    const std::size_t half = cells.size() / 2;
    if (options_.box ? half == static_cast<std::size_t>(options_.box->cells())
                     : jigsaw_shape(half).has_value()) {
      regions = cells.substr(half);
      cells = cells.substr(0, half);
    }
  }
  Shape shape;
  if (!regions.empty() && !options_.box) {
    shape = *jigsaw_shape(cells.size());
  } else if (options_.box) {
    shape = *options_.box;
    if (cells.size() != static_cast<std::size_t>(shape.cells())) {
      set_error(puzzle, line.number,
                "wrong length: " + std::to_string(cells.size()) + " cells, but " + board_name(shape.side()) +
                    " puzzles (boxes " + to_string(shape) + ") have " + std::to_string(shape.cells()));
      return;
    }
  } else if (const auto inferred = shape_for_cells(cells.size())) {
    shape = *inferred;
  } else {
    // A character that is no cell on any board says more than the length it caused ("puzzle:count" lines).
    for (std::size_t i = 0; i < cells.size(); ++i) {
      if (options_.symbols.value(cells[i], kMaxSide) == Symbols::kUnknown && cells[i] != '0') {
        set_error(puzzle, line.number, bad_cell(cells[i], Symbols::kUnknown, 0, start + i, options_.symbols));
        return;
      }
    }
    set_error(puzzle, line.number,
              "wrong length: " + std::to_string(cells.size()) + (cells.size() == 1 ? " cell" : " cells") +
                  "; a one-line puzzle has 16, 36, 64, 81, 144, 256 or 625 (or use --box)");
    return;
  }
  if (shape.side() > options_.symbols.size()) {
    set_error(puzzle, line.number,
              "a " + board_name(shape.side()) + " board needs " + std::to_string(shape.side()) +
                  " symbols; give them with --symbols");
    return;
  }
  puzzle.grid.reset(shape);
  const int side = shape.side();
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const int value = options_.symbols.value(cells[i], side);
    if (value < 0) {
      set_error(puzzle, line.number, bad_cell(cells[i], value, side, start + i, options_.symbols));
      return;
    }
    puzzle.grid.cells[i] = static_cast<std::uint8_t>(value);
  }
  if (!regions.empty()) {
    try {
      Rules rules;
      rules.shape = shape;
      rules.regions = parse_regions(regions, side);
      puzzle.rules = std::make_shared<const Rules>(std::move(rules));
    } catch (const RulesError& e) {
      set_error(puzzle, line.number, e.what());
    }
  }
}

bool PuzzleReader::read_csv_header(std::string_view text) {
  if (text.find(',') == std::string_view::npos) return false;
  const std::vector<std::string> fields = csv_fields(trim(text));
  std::optional<std::size_t> puzzle_column, note_column;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    std::string name(trim(fields[i]));
    bool letter = false;
    for (char& c : name) {
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
      if (c >= 'a' && c <= 'z') {
        letter = true;
      } else if (c != '_' && c != ' ' && (c < '0' || c > '9')) {
        return false;
      }
    }
    // A name, not a cell: a puzzle's field has no letters on small boards, and is long on large ones.
    if (!letter || name.size() > 15) return false;
    if (!puzzle_column && (name == "puzzle" || name == "puzzles" || name == "quizzes" || name == "quiz" ||
                           name == "sudoku" || name == "grid" || name == "board" || name == "question"))
      puzzle_column = i;
    if (name == "annotation") note_column = i;
  }
  if (fields.size() < 2) return false;
  csv_column_ = puzzle_column.value_or(0);
  csv_note_ = note_column;
  return true;
}

bool PuzzleReader::split_record(std::string_view text, std::string_view& cells, Puzzle& puzzle) {
  const std::string_view t = trim(text);
  if (t.starts_with('{')) {
    const auto value = json_field(t, "puzzle");
    if (!value) {
      set_error(puzzle, puzzle.line, "a JSON line without a \"puzzle\" field");
      cells = {};
      return true;
    }
    const std::size_t at = text.find(*value);
    cells = at == std::string_view::npos ? std::string_view{} : text.substr(at, value->size());
    puzzle.annotation = json_field(t, "annotation").value_or("");
    return true;
  }
  if (!csv_column_) return false;
  const std::vector<std::string> fields = csv_fields(text);
  if (*csv_column_ >= fields.size()) {
    set_error(puzzle, puzzle.line,
              "a CSV row of " + std::to_string(fields.size()) + " fields has no puzzle column (" +
                  std::to_string(*csv_column_ + 1) + ")");
    cells = {};
    return true;
  }
  // The cells are a field without quotes or spaces inside: find it in the line itself, so columns in messages
  // stay true.
  const std::string& field = fields[*csv_column_];
  const std::size_t at = field.empty() ? std::string_view::npos : text.find(field);
  cells = at == std::string_view::npos ? std::string_view{} : trim(text.substr(at, field.size()));
  puzzle.annotation.clear();
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (i == *csv_column_ || (csv_note_ && i != *csv_note_)) continue;
    if (!puzzle.annotation.empty()) puzzle.annotation += ',';
    puzzle.annotation += trim(fields[i]);
  }
  return true;
}

bool PuzzleReader::read_pencilmark_line(std::string_view cells, Puzzle& puzzle) {
  int side = 0;
  if (options_.box) {
    side = options_.box->side();
  } else {
    for (int n = 2; n <= kMaxSide && n * n * n <= static_cast<int>(cells.size()); ++n)
      if (static_cast<std::size_t>(n * n * n) == cells.size() && shape_for_side(static_cast<std::size_t>(n)))
        side = n;
  }
  if (side == 0 || !is_pencilmark_text(cells, side, options_.symbols)) return false;
  const Shape shape = options_.box ? *options_.box : *shape_for_side(static_cast<std::size_t>(side));
  std::vector<std::uint64_t> marks = read_pencilmarks(cells, shape, options_.symbols).cells;
  // 64 characters are also an 8x8 puzzle (4096 a 64x64 one): marks leaving a cell without a candidate, such
  // as an empty 8x8 board, are read as that puzzle instead.
  if (!options_.box && std::find(marks.begin(), marks.end(), 0) != marks.end() &&
      shape_for_cells(cells.size()) && shape_for_cells(cells.size())->side() <= 25)
    return false;
  puzzle.grid.reset(shape);
  puzzle.pencilmarks = std::move(marks);
  return true;
}

std::size_t PuzzleReader::count_cells(std::string_view text) const {
  std::size_t count = 0;
  if (layout_ == Layout::judge) {
    for_each_token(text, [&](std::string_view, std::size_t) { ++count; });
  } else {
    for (char c : text) count += !is_space(c) && c != '|';
  }
  return count;
}

bool PuzzleReader::read_row(std::string_view text, int row, Puzzle& puzzle, std::size_t line_number) {
  const int side = puzzle.grid.side();
  const std::size_t cells = count_cells(text);
  if (cells != static_cast<std::size_t>(side)) {
    set_error(puzzle, line_number,
              "row " + std::to_string(row + 1) + " has " + std::to_string(cells) + " cells, expected " +
                  std::to_string(side));
    return false;
  }
  int col = 0;
  bool ok = true;
  const auto put = [&](int value) { puzzle.grid.at(row, col++) = static_cast<std::uint8_t>(value); };
  if (layout_ == Layout::judge) {
    const bool numbers = options_.symbols.is_default();
    for_each_token(text, [&](std::string_view token, std::size_t column) {
      if (!ok) return;
      if (numbers && is_number(token)) {
        const int value = number_value(token);
        if (value > side) {
          set_error(puzzle, line_number,
                    "number " + std::string(token) + " at column " + std::to_string(column + 1) +
                        " is out of range 0.." + std::to_string(side));
          ok = false;
          return;
        }
        put(value);
        return;
      }
      const int value = token.size() == 1 ? options_.symbols.value(token[0], side) : Symbols::kUnknown;
      if (value < 0) {
        // Quote the word only when it is printable: messages never carry raw control bytes.
        const auto odd = std::find_if(token.begin(), token.end(), [](char c) {
          return static_cast<unsigned char>(c) < 0x21 || static_cast<unsigned char>(c) >= 0x7f;
        });
        if (token.size() == 1 || odd != token.end()) {
          const std::size_t at = token.size() == 1 ? 0 : static_cast<std::size_t>(odd - token.begin());
          set_error(puzzle, line_number,
                    bad_cell(token[at], token.size() == 1 ? value : Symbols::kUnknown, side, column + at,
                             options_.symbols));
        } else {
          set_error(puzzle, line_number,
                    "'" + std::string(token.substr(0, 20)) + "' at column " + std::to_string(column + 1) +
                        " is not a number");
        }
        ok = false;
        return;
      }
      if (value > 0 && (token[0] < '0' || token[0] > '9')) puzzle.layout = Layout::spaced;
      put(value);
    });
    if (!numbers) puzzle.layout = Layout::spaced;
    return ok;
  }
  for (std::size_t i = 0; i < text.size() && ok; ++i) {
    const char c = text[i];
    if (is_space(c) || c == '|') continue;
    const int value = options_.symbols.value(c, side);
    if (value < 0) {
      set_error(puzzle, line_number, bad_cell(c, value, side, i, options_.symbols));
      ok = false;
    } else {
      put(value);
    }
  }
  return ok;
}

void PuzzleReader::read_block_puzzle(Line line, Puzzle& puzzle) {
  // The first row fixes the side, unless --box did.
  const std::size_t first_cells = line.too_long ? 0 : count_cells(line.text);
  Shape shape;
  if (options_.box) {
    shape = *options_.box;
  } else if (const auto inferred = shape_for_side(first_cells)) {
    shape = *inferred;
  } else if (last_block_shape_) {
    shape = *last_block_shape_;  // a damaged first row: assume the board is like the one before
  } else {
    set_error(puzzle, line.number,
              line.too_long
                  ? "line longer than " + std::to_string(options_.max_line_length) + " bytes"
                  : "a grid row of " + std::to_string(first_cells) + (first_cells == 1 ? " cell" : " cells") +
                        "; no board has that side (or use --box)");
    return;
  }
  const bool inferred = !options_.box && shape_for_side(first_cells).has_value();
  const std::size_t first_line = line.number;
  last_block_shape_ = shape;
  puzzle.grid.reset(shape);
  int side = shape.side();
  if (layout_ == Layout::grid && side > options_.symbols.size()) {
    set_error(puzzle, line.number,
              "a " + board_name(side) + " board needs " + std::to_string(side) +
                  " symbols; give them with --symbols");
  }
  int row = 0;
  for (;;) {
    if (line.too_long) {
      set_error(puzzle, line.number,
                "line longer than " + std::to_string(options_.max_line_length) + " bytes");
    } else if (puzzle.ok()) {
      // A short first row passes for a smaller board (8 cells: 8x8) until the second row, which is then not
      // to blame: when that one is a whole row of a larger board, the first is the wrong one, and the puzzle
      // takes that board's rows, so that the puzzles after it stay in step.
      const std::size_t cells = row == 1 && inferred ? count_cells(line.text) : 0;
      if (cells > first_cells && shape_for_side(cells)) {
        set_error(puzzle, first_line,
                  "row 1 has " + std::to_string(first_cells) + (first_cells == 1 ? " cell" : " cells") +
                      ", but row 2 has " + std::to_string(cells) + ": every row of a " +
                      board_name(static_cast<int>(cells)) + " board needs " + std::to_string(cells));
        shape = *shape_for_side(cells);
        last_block_shape_ = shape;
        puzzle.grid.reset(shape);
        side = shape.side();
      } else {
        read_row(line.text, row, puzzle, line.number);
      }
    }
    if (++row == side) return;
    // The next row, past comments and box drawing. A blank line or the end of input ends the grid early.
    for (;;) {
      const auto next_line = fetch();
      if (!next_line || (!next_line->too_long && is_blank(next_line->text))) {
        set_error(puzzle, next_line ? next_line->number : line.number,
                  "the grid ends after " + std::to_string(row) + " of " + std::to_string(side) + " rows");
        return;
      }
      line = *next_line;
      if (line.too_long || !(is_comment(line.text) || is_separator(line.text))) break;
    }
  }
}

}  // namespace sudoku
