// Puzzles over several lines: grids of characters, and judge numbers (reader.hpp).
#include <algorithm>
#include <dlx/input_error.hpp>
#include <vector>

#include "dlx/input_error.hpp"
#include "sudoku/io/detail/reader_text.hpp"
#include "sudoku/io/reader.hpp"

namespace sudoku {

using namespace reader_detail;

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
                    "number " + dlx::echo_text(token) + " at column " + std::to_string(column + 1) +
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
