// One puzzle as the sudoku command answers it, for callers that take puzzles one at a time (the Python
// module): the reader's puzzle (io/reader.hpp) under its own rules, searched by the model's solver.
#pragma once

#include <cstdint>
#include <dlx/solver.hpp>
#include <optional>

#include "sudoku/io/reader.hpp"
#include "sudoku/model/conflict.hpp"
#include "sudoku/model/grid.hpp"
#include "sudoku/model/rules.hpp"

namespace sudoku {

// A puzzle as PuzzleReader reads it, answered as the sudoku command answers it: under `variants` (the
// command line's) plus the rules the puzzle brings (a jigsaw line's regions, a killer's cages and diagonals),
// and from its candidates when it is a pencilmark puzzle.
struct PuzzleAnswer {
  dlx::Count count;                  // solutions, stopping once `limit` were found (complete: that is all)
  Grid first;                        // the first solution when asked for and found; no cells otherwise
  std::optional<Conflict> conflict;  // the givens clash: no solution
  // exhausted or found when the answer is settled; stopped, timed_out or node_limit when the search was cut
  // short (by SearchOptions' stop flag, time or node limit) before it could tell.
  dlx::Status status = dlx::Status::ready;
};
// The rules a puzzle is solved under (see above); nothing for a plain puzzle with no variants. Throws
// RulesError when they make no sense (a layout that does not fit, a pencilmark puzzle with variant rules).
std::optional<Rules> puzzle_rules(const Puzzle& puzzle, const Variants& variants = {});
// Counts up to `limit` (0: all) solutions of an ok() puzzle, the first into `first` when `want_first`.
// Throws RulesError as puzzle_rules() does.
PuzzleAnswer answer_puzzle(const Puzzle& puzzle, std::uint64_t limit, bool want_first,
                           const Variants& variants = {}, const dlx::SearchOptions& options = {});

}  // namespace sudoku
