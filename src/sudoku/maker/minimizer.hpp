// Minimal puzzles: a puzzle is minimal when removing any one given leaves more than one solution. Removing
// givens can only add solutions, so one pass that drops each given in turn whenever the puzzle stays unique
// ends minimal.
#pragma once

#include <span>

#include "sudoku/model/solver.hpp"

namespace sudoku {

// Whether the puzzle (unique, by the caller's check) stays unique without that given.
bool unique_without(Grid& puzzle, int cell, Solver& solver);

// Whether removing any one given leaves more than one solution. The puzzle must be unique.
bool is_minimal(const Grid& puzzle, Solver& solver);

// Drops givens of a unique puzzle, trying the cells in `order` (every cell when empty: reading order), while
// it stays unique. The result is minimal when `order` covers every given.
void minimize(Grid& puzzle, Solver& solver, std::span<const int> order = {});

}  // namespace sudoku
