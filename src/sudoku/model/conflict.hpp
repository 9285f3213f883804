// Givens that break the rules outright: the same digit twice in a row, column or box. Such a puzzle has no
// solution, and saying which two cells clash helps whoever typed it far more than "no solution".
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "sudoku/model/grid.hpp"
#include "sudoku/model/rules.hpp"

namespace sudoku {

// region: a jigsaw region or an extra one (diagonal, window); pair: two givens a variant's neighbour rule
// forbids (anti-knight, anti-king, non-consecutive); cage: givens a killer cage cannot hold.
enum class Unit { row, column, box, region, pair, cage };

struct Conflict {
  int digit;  // 1..n
  Unit unit;
  int index;                    // of the row, column or box, from 0 (boxes count row by row)
  int first_cell, second_cell;  // row * n + col, first_cell < second_cell (equal for a cage)
  std::string name = {};        // region, pair and cage: what it is ("diagonal 1", "anti-knight")
  friend bool operator==(const Conflict&, const Conflict&) = default;
};

// The first clash in reading order of the second cell: rows, then columns, then boxes. Nothing when the
// givens are consistent. Values above the side count as clashes with nothing (callers reject them before).
std::optional<Conflict> find_conflict(const Grid& puzzle);
// The same under a variant's rules: rows, columns, regions (or boxes), extra regions, neighbour rules, then
// cages (a digit twice, or givens whose sum a cage cannot reach).
std::optional<Conflict> find_conflict(const Grid& puzzle, const Rules& rules);

// "digit 5 repeated in row 3 (r3c1 and r3c7)", naming the digit as `digit` (its symbol or number).
std::string describe(const Conflict& conflict, int side, std::string_view digit);

}  // namespace sudoku
