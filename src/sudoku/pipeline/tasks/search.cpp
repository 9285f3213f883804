// What solve, count and check share (SearchTask, detail/tasks.hpp): the worker's solver for the puzzle's shape
// or rules, searches cut into time slices until the batch's flusher runs, and a node budget on large boards.
#include <chrono>
#include <string>

#include "sudoku/pipeline/detail/tasks.hpp"

namespace sudoku::batch_detail {
namespace {

// Boards with a side above this get a node budget in solve and check (see load()): 49x49 is the largest side
// whose empty board the search fills at once (0.4 s); 56x56 and 64x64 ones ran for hours. A few seconds at most
// (a node of a big half-filled board costs up to 20 us); 64x64 puzzles with 70% givens need about 1000.
constexpr int kLargeSide = 49;
constexpr std::uint64_t kLargeBoardNodes = 250'000;

}  // namespace

dlx::SearchOptions SearchTask::search_options() const {
  dlx::SearchOptions search;
  search.stop = stop_;
  return search;
}

std::optional<Task::State> SearchTask::load() {
  dlx::SearchOptions search = search_options();
  // Boards beyond kLargeSide with few givens (an empty 56x56 or 64x64 board) send the search into dead ends
  // thousands of levels deep that it backtracks out of only after hours: solve and check give up after
  // kLargeBoardNodes and say so, rather than never answer. count keeps no budget (a count of an open board is
  // endless at every size, and Ctrl-C or --time-limit end it).
  if (puzzle.grid.side() > kLargeSide && options_.command != Command::count)
    search.node_limit = kLargeBoardNodes;
  const Rules* rules = slot.rules.get();
  solver_ =
      rules == nullptr ? &worker.solver_for(puzzle.grid.shape, search) : &worker.solver_for(*rules, search);
  if (const auto conflict = solver_->load(puzzle.grid)) return clashing_givens(*conflict);
  // A search runs in slices until the flusher is started (see time_slice()); the slices add up to the same
  // search.
  solver_->set_deadline(time_slice());
  slot.nodes = 0;
  return std::nullopt;
}

bool SearchTask::sliced() {
  if (solver_->status() != dlx::Status::timed_out) return false;
  start_flusher();
  solver_->set_time_limit(std::chrono::nanoseconds::zero());
  return true;
}

dlx::Count SearchTask::count_all(std::uint64_t limit) {
  // Each solution found may stand for several (Solver::symmetry()): enough of them to pass the limit.
  const std::uint64_t each = solver_->symmetry();
  if (limit != 0) limit = limit / each + (limit % each != 0);
  dlx::Count count = solver_->count(limit);
  while (!count.complete && sliced()) {
    // Below a 64-bit limit, what is left of it fits in 64 bits.
    const dlx::Count more =
        solver_->count(limit == 0 ? 0 : static_cast<std::uint64_t>(limit - count.solutions));
    count.solutions += more.solutions;
    count.complete = more.complete;
  }
  if (count.solutions > dlx::kCount128Max / each) return dlx::Count{dlx::kCount128Max, false};
  count.solutions *= each;
  return count;
}

bool SearchTask::gave_up() {
  if (solver_->status() != dlx::Status::node_limit) return false;
  fail(slot,
       "gave up after " + std::to_string(kLargeBoardNodes) + " search nodes: boards larger than " +
           std::to_string(kLargeSide) + "x" + std::to_string(kLargeSide) +
           " with this few givens are beyond this solver (give more givens)",
       puzzle.line, "error: ");
  return true;
}

}  // namespace sudoku::batch_detail
