// Writes boards as text, appending to a string so that a batch can build its output in memory and write it in
// one go. Every layout the reader accepts can be written, and reads back as the same board.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "sudoku/io/reader.hpp"
#include "sudoku/io/symbols.hpp"
#include "sudoku/model/grid.hpp"

namespace sudoku {

// How results are written: `same` follows each puzzle's input layout.
// json writes JSON Lines (one object per line); json_array the same objects as one JSON array. fpuzzles,
// fpuzzles_link and sudokupad_link write each puzzle (solve: with its solution) as an f-puzzles document, or
// a link that opens it in f-puzzles or SudokuPad (puzzle_line.hpp), where other text writes a puzzle line.
enum class Format {
  same,
  line,
  grid,
  judge,
  pretty,
  csv,
  json,
  json_array,
  fpuzzles,
  fpuzzles_link,
  sudokupad_link
};

inline bool is_json(Format format) {
  return format == Format::json || format == Format::json_array;
}
inline bool is_fpuzzles_form(Format format) {
  return format == Format::fpuzzles || format == Format::fpuzzles_link || format == Format::sudokupad_link;
}

std::optional<Format> parse_format(std::string_view name);

// Whether the board's digits all have a symbol (the one-character layouts need one per digit).
inline bool writable(const Grid& grid, const Symbols& symbols) {
  return grid.side() <= symbols.size();
}

// n*n characters, '.' for blanks; no line end.
void append_line(std::string& out, const Grid& grid, const Symbols& symbols);
// n lines of n characters.
void append_grid(std::string& out, const Grid& grid, const Symbols& symbols);
// n lines of n numbers separated by spaces, 0 for blanks.
void append_judge(std::string& out, const Grid& grid);
// n lines of n symbols separated by spaces.
void append_spaced(std::string& out, const Grid& grid, const Symbols& symbols);
// The board framed with +---+ and | between boxes, for a terminal; reads back as a grid.
void append_pretty(std::string& out, const Grid& grid, const Symbols& symbols);
// The board in a layout (the line layout ends with '\n' like the others).
void append_board(std::string& out, const Grid& grid, Layout layout, const Symbols& symbols);

// How messages name a digit: the number in the judge layout, else its symbol.
std::string digit_name(int digit, Layout layout, const Symbols& symbols);

// A CSV field (RFC 4180 quoting when needed) and a JSON string literal.
void append_csv_field(std::string& out, std::string_view text);
void append_json_string(std::string& out, std::string_view text);

}  // namespace sudoku
