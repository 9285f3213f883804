// Givens that break the rules outright: the same digit twice in a row, column or box. Such a puzzle has no
// solution, and saying which two cells clash helps whoever typed it far more than "no solution".
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "sudoku/grid.hpp"

namespace sudoku {

enum class Unit { row, column, box };

struct Conflict {
  int digit;  // 1..n
  Unit unit;
  int index;                    // of the row, column or box, from 0 (boxes count row by row)
  int first_cell, second_cell;  // row * n + col, first_cell < second_cell
  friend bool operator==(const Conflict&, const Conflict&) = default;
};

// The first clash in reading order of the second cell: rows, then columns, then boxes. Nothing when the
// givens are consistent. Values above the side count as clashes with nothing (callers reject them before).
std::optional<Conflict> find_conflict(const Grid& puzzle);

// "digit 5 repeated in row 3 (r3c1 and r3c7)", naming the digit as `digit` (its symbol or number).
std::string describe(const Conflict& conflict, int side, std::string_view digit);

}  // namespace sudoku
