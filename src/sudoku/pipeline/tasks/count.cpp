// count (CountTask, detail/tasks.hpp): the number of solutions, "N+" when --limit or a stop cut it short; its
// column is a number in every format, a clash's too.
#include <cstdint>
#include <string>

#include "sudoku/pipeline/detail/tasks.hpp"

namespace sudoku::batch_detail {

void CountTask::fill(Record& record, std::string status, dlx::Count128 solutions, bool complete) {
  const std::string number = dlx::to_decimal(solutions);
  record.status = std::move(status);
  record.field("count", number, number + (complete ? "" : "+"));
  record.set("complete", complete ? "true" : "false");
  record.text = number + (complete ? "" : "+") + '\n';
}

Task::State CountTask::run() {
  if (!puzzle.pencilmarks.empty()) return run_marks();
  if (const std::optional<State> clash = load()) return *clash;
  // One solution past --limit tells "exactly N" (printed N) from "more than N" (N+).
  const std::uint64_t limit = options_.limit;
  dlx::Count count = count_all(limit == 0 || limit == UINT64_MAX ? limit : limit + 1);
  if (limit != 0 && count.solutions > limit) count = {limit, false};
  if (!count.complete && solver_->status() == dlx::Status::stopped) {
    slot.started = true;
    slot.partial = count.solutions;
    slot.nodes = solver_->stats().nodes;  // --stats tells the search so far
    return State::stopped;
  }
  slot.outcome = Outcome::solved;
  if (!structured_) {  // the common case, without a record's allocations
    slot.out += dlx::to_decimal(count.solutions);
    slot.out += count.complete ? "\n" : "+\n";
  } else {
    Record record = record_of_command();
    fill(record, "counted", count.solutions, count.complete);
    format_record(slot, record);
  }
  slot.nodes = solver_->stats().nodes;
  return State::done;
}

Task::State CountTask::run_marks() {
  const CandidateGrid grid{puzzle.grid.shape, puzzle.pencilmarks};
  const dlx::Count count = count_candidates(grid, options_.limit, search_options());
  if (!count.complete && stop_->load(std::memory_order_relaxed)) {
    slot.started = true;
    slot.partial = count.solutions;
    return State::stopped;
  }
  slot.outcome = Outcome::solved;
  Record record = record_of_command();
  fill(record, "counted", count.solutions, count.complete);
  format_record(slot, record);
  return State::done;
}

Task::State CountTask::clashing_givens(const Conflict& conflict) {
  if (structured_) return clash_record(conflict);
  fail(slot, clash_reason(conflict), puzzle.line, "error: ", "0\n");
  return State::done;
}

void CountTask::unanswered(Record& into) const {
  into.field("count", "0", "0");
  into.set("complete", "true");
}

}  // namespace sudoku::batch_detail
