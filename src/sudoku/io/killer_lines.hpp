// Killer cages: their admissible digit sets, and the two ways of writing a killer puzzle on one line.
//
//   SudoCue / SudokuMaker long format, as posted on the enjoysudoku forum: "3x3::k:" (or "3x3:d:k:" when both
//   long diagonals hold every digit too), then n*n colon-separated numbers, one per cell in reading order,
//   each sum * 256 + cage id; a number below 256 is a cell in no cage.
//
//   Our own typed form: "killer" then n*n characters naming each cell's cage ('.' for a cell in none), then
//   each cage's sum as NAME=SUM, and optionally the givens as n*n cells after "givens=":
//     killer AABBBCCDDAAEFFGCDD... A=15 B=13 C=24 ... givens=.....3...
//   Any printable character other than '.' and '=' names a cage, so a 9x9 board can have up to 90 of them.
#pragma once

#include <string_view>

#include "sudoku/io/symbols.hpp"
#include "sudoku/model/grid.hpp"
#include "sudoku/model/rules.hpp"

namespace sudoku {

// A killer puzzle read from one line: its givens and rules (cages, and diagonals when the format says so).
struct KillerPuzzle {
  Grid givens;
  Rules rules;
};

// The line starts like one of the two forms above (then it is read as a killer, errors and all).
bool is_sudocue_killer(std::string_view text);
bool is_typed_killer(std::string_view text);

// Read the forms above; throw RulesError saying what is wrong.
KillerPuzzle parse_sudocue_killer(std::string_view text);
KillerPuzzle parse_typed_killer(std::string_view text, const Symbols& symbols);

}  // namespace sudoku
