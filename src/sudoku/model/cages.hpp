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

#include <cstdint>
#include <string_view>
#include <vector>

#include "sudoku/io/symbols.hpp"
#include "sudoku/model/grid.hpp"
#include "sudoku/model/rules.hpp"

namespace sudoku {

// The sets of `size` distinct digits from 1 to side that add up to sum, as masks (bit d-1 for digit d),
// ascending. Throws RulesError when there would be more than max_sets (a huge cage on a huge board).
std::vector<std::uint64_t> cage_digit_sets(int size, int sum, int side, std::size_t max_sets = 100000);

// Throws RulesError naming the first cage that is empty, too big, overlaps another or whose sum no digit set
// reaches ("cage at r1c1 (2 cells): no 2 distinct digits from 1 to 9 add up to 30").
void check_cages(const Rules& rules);

// The killer solver's "rule of 45", as more cages: in each house (row, column, region, extra region of n
// cells) the cells outside the cages lying wholly inside it hold distinct digits adding up to what those cages
// leave of 1 + 2 + ... + n. Nothing new for the rules, only a smaller search.
std::vector<Cage> derived_cages(const Rules& rules);

// "r1c1": where messages place a cage, by its first cell.
std::string cage_name(const Rules& rules, const Cage& cage);

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
