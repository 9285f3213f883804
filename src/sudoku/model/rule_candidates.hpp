// The true candidates of a puzzle under any rules (regions, neighbour rules, cages, lines and dots): the
// digits that appear in some solution, cell by cell. candidates.hpp finds them for plain rules on the bare
// exact-cover problem; here the search is a Solver of the rules.
#pragma once

#include <atomic>

#include "sudoku/model/candidates.hpp"
#include "sudoku/model/rules.hpp"

namespace sudoku {

// The rules with a pencilmark puzzle's marks as rules of their own: each cell whose marks leave out a digit
// gets a candidates constraint (ConstraintKind::candidates), so that any Solver of the result keeps them.
Rules with_pencilmarks(Rules rules, const CandidateGrid& marks);

// The true candidates of `puzzle` (its givens) under `rules`: one search per candidate not yet seen in a
// solution, each solution found marking all its digits. All zero when the puzzle has no solution; no cells
// at all (cells.empty()) when `stop` was raised.
CandidateGrid true_candidates(const Rules& rules, const Grid& puzzle,
                              const std::atomic<bool>* stop = nullptr);

}  // namespace sudoku
