// Minimal puzzles: a puzzle is minimal when removing any one given leaves more than one solution. Removing
// givens can only add solutions, so one pass that drops each given in turn whenever the puzzle stays unique
// ends minimal.
#pragma once

#include <atomic>
#include <span>

#include "sudoku/model/solver.hpp"

namespace sudoku {

// Whether the puzzle (unique, by the caller's check) stays unique without that given.
bool unique_without(Grid& puzzle, int cell, Solver& solver);

// Whether removing any one given leaves more than one solution. The puzzle must be unique. A search cut
// short (the solver's stop flag) counts as "not unique": the caller checks its flag afterwards.
bool is_minimal(const Grid& puzzle, Solver& solver);

// Drops givens of a unique puzzle, trying the cells in `order` (every cell when empty: reading order), while
// it stays unique. The result is minimal when `order` covers every given. With `stop`, the solver's searches
// poll it too (the solver gets it for the call, and its own flag back after). Returns false when the flag
// (stop, or the solver's own) cut it short: the puzzle is then still unique, with some givens dropped, but
// not minimal.
bool minimize(Grid& puzzle, Solver& solver, std::span<const int> order = {},
              const std::atomic<bool>* stop = nullptr);

}  // namespace sudoku
