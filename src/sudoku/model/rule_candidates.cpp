#include "sudoku/model/rule_candidates.hpp"

#include "sudoku/model/solver.hpp"

namespace sudoku {

Rules with_pencilmarks(Rules rules, const CandidateGrid& marks) {
  const Mask all = all_digits(marks.shape.side());
  for (std::size_t cell = 0; cell < marks.cells.size(); ++cell) {
    const Mask mask = marks.cells[cell] & all;
    if (mask == all) continue;
    Constraint marked;
    marked.kind = ConstraintKind::candidates;
    marked.cells = {static_cast<int>(cell)};
    marked.value = static_cast<int>(mask);
    rules.constraints.push_back(std::move(marked));
  }
  return rules;
}

CandidateGrid true_candidates(const Rules& rules, const Grid& puzzle, const std::atomic<bool>* stop) {
  dlx::SearchOptions options;
  options.stop = stop;
  Solver solver(rules, options);
  const int n = puzzle.side();
  CandidateGrid seen{puzzle.shape, std::vector<Mask>(puzzle.cells.size(), 0)};
  const auto cut_short = [&] {
    return (stop != nullptr && stop->load(std::memory_order_relaxed)) ||
           solver.status() == dlx::Status::stopped;
  };
  Grid forced = puzzle, solution;
  // A puzzle with one solution, the usual case, has that solution's digits as its true candidates: two
  // next() calls settle it, where the loop below would prove every other candidate impossible one search
  // at a time (minutes on a hard killer). A first row fixed by symmetry() is no solution of the puzzle itself.
  if (const auto clash = solver.load(puzzle); !clash && solver.symmetry() == 1) {
    Grid second;
    if (!solver.next(solution)) return cut_short() ? CandidateGrid{puzzle.shape, {}} : seen;
    const bool more = solver.next(second);
    if (!more && cut_short()) return {puzzle.shape, {}};
    for (std::size_t c = 0; c < solution.cells.size(); ++c) {
      seen.cells[c] |= digit_bit(solution.cells[c]);
      if (more) seen.cells[c] |= digit_bit(second.cells[c]);
    }
    if (!more) return seen;
  } else if (clash) {
    return seen;
  }
  // Every candidate not yet seen in a solution gets one search with it given; a solution found that way also
  // marks all its other digits, so most candidates need no search of their own.
  for (std::size_t cell = 0; cell < puzzle.cells.size(); ++cell) {
    for (int digit = 1; digit <= n; ++digit) {
      if (seen.cells[cell] & digit_bit(digit)) continue;
      if (puzzle.cells[cell] != 0 && puzzle.cells[cell] != digit) continue;
      forced.cells[cell] = static_cast<std::uint8_t>(digit);
      if (solver.solve(forced, solution)) {
        for (std::size_t c = 0; c < solution.cells.size(); ++c) seen.cells[c] |= digit_bit(solution.cells[c]);
      } else if (cut_short()) {
        return {puzzle.shape, {}};
      }
    }
    forced.cells[cell] = puzzle.cells[cell];
  }
  return seen;
}

}  // namespace sudoku
