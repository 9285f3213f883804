// solve (SolveTask, detail/tasks.hpp): the first solution of each puzzle, or the first --limit N, or every one,
// each written as it is found (records.cpp writes them in the format asked for).
#include "sudoku/pipeline/detail/tasks.hpp"

namespace sudoku::batch_detail {

Task::State SolveTask::run() {
  if (!puzzle.pencilmarks.empty()) return run_marks();
  if (const std::optional<State> clash = load()) return *clash;
  Solver& solver = *solver_;
  const State state = list_solutions(
      worker.solution, [&](Grid& grid) { return solver.next(grid) || (sliced() && solver.next(grid)); },
      [&] { return solver.status(); }, [&] { return gave_up(); });
  if (state == State::done) slot.nodes = solver.stats().nodes;
  return state;
}

Task::State SolveTask::run_marks() {
  const CandidateGrid grid{puzzle.grid.shape, puzzle.pencilmarks};
  CandidateSolutions solutions(grid, search_options());
  Grid solution;
  const State state = list_solutions(
      solution, [&](Grid& g) { return solutions.next(g); }, [&] { return solutions.status(); },
      [] { return false; });
  slot.nodes = solutions.nodes();
  return state;
}

// An empty board's solutions are endless, and never held whole. `status` says why the search returned;
// `gave_up` writes the failure of a search that ran out of its budget before any solution.
template <typename Next, typename Status, typename GaveUp>
Task::State SolveTask::list_solutions(Grid& grid, Next next, Status status, GaveUp gave_up) {
  std::size_t found = 0;
  const std::uint64_t wanted = options_.solutions;
  bool complete = false;
  while (wanted == 0 || found < wanted) {
    if (next(grid)) {
      if (!add_solution(grid, found++)) return State::done;  // unwritable: the slot failed
      if (wanted != 1 && !stream()) return State::stopped;
      continue;
    }
    if (status() == dlx::Status::stopped) {
      // A list cut short is closed where its beginning was written; one that was not written is unfinished
      // (the run ends before it).
      if (found == 0 || !slot.streamed) return State::stopped;
    } else if (found == 0 && gave_up()) {
      return State::done;
    } else {
      complete = status() == dlx::Status::exhausted;
    }
    break;
  }
  slot.outcome = found > 0 ? Outcome::solved : complete ? Outcome::none : Outcome::unknown;
  if (found > 0) {
    end_solutions(found, complete);
  } else {
    format_solutions({}, complete);
  }
  return State::done;
}

}  // namespace sudoku::batch_detail
