// One-line puzzles: plain cells, jigsaw lines, killers, pencilmarks and the rules prefix (reader.hpp).
#include <algorithm>
#include <array>

#include "sudoku/io/detail/reader_text.hpp"
#include "sudoku/io/killer_lines.hpp"
#include "sudoku/io/pencilmarks.hpp"
#include "sudoku/io/puzzle_line.hpp"
#include "sudoku/io/reader.hpp"
#include "sudoku/model/cages.hpp"
#include "sudoku/model/candidates.hpp"
#include "sudoku/model/rule_candidates.hpp"

namespace sudoku {

using namespace reader_detail;

bool PuzzleReader::read_plain_line(const Line& line, Puzzle& puzzle) {
  constexpr std::size_t kCells = 81;
  if (layout_ != Layout::line || line.too_long || csv_column_ || options_.box || line.text.size() != kCells)
    return false;
  // One test per line, no branch per cell: the values computed where the symbols are the usual ones, else
  // one table look-up per cell (plain_values_).
  std::array<std::uint8_t, kCells> values;
  // Bytes, not ints, and & rather than &&: the loop then runs 16 or 32 cells to a vector instruction.
  std::uint8_t rejected = 0;
  if (decimal_plain_) {
    for (std::size_t i = 0; i < kCells; ++i) {
      const auto c = static_cast<std::uint8_t>(line.text[i]);
      const auto digit = static_cast<std::uint8_t>(c - '0');
      const bool is_digit = digit <= 9;
      rejected |= static_cast<std::uint8_t>(!is_digit & (c != '.'));
      values[i] = is_digit ? digit : 0;
    }
  } else {
    for (std::size_t i = 0; i < kCells; ++i) {
      const signed char value = plain_values_[static_cast<unsigned char>(line.text[i])];
      rejected |= static_cast<std::uint8_t>(value < 0);
      values[i] = static_cast<std::uint8_t>(value);
    }
  }
  if (rejected != 0) return false;
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
    Rules rules = prefix_rules(*prefix, puzzle.grid.shape);
    if (puzzle.rules) {
      if (!prefix->variants.regions.empty() && !puzzle.rules->regions.empty())
        throw RulesError(
            "regions given twice: by the prefix's regions= and by the jigsaw line; give them once");
      add_rules(rules, *puzzle.rules);
    }
    // Pencilmarks under rules: the marks become rules of their own (each cell's candidates), so that every
    // command solves them with the rules, as it does an f-puzzles document's given pencil marks.
    if (!puzzle.pencilmarks.empty()) {
      rules = with_pencilmarks(std::move(rules), {puzzle.grid.shape, puzzle.pencilmarks});
      puzzle.pencilmarks.clear();
    }
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

}  // namespace sudoku
