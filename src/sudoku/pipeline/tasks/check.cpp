// check (CheckTask, detail/tasks.hpp): unique, multiple or none, with --minimal whether every given is needed.
#include <chrono>
#include <string>

#include "sudoku/maker/minimizer.hpp"
#include "sudoku/pipeline/detail/tasks.hpp"

namespace sudoku::batch_detail {

Task::State CheckTask::run() {
  if (!puzzle.pencilmarks.empty()) return run_marks();
  if (const std::optional<State> clash = load()) return *clash;
  const dlx::Count count = count_all(2);
  if (count.solutions < 2 && !count.complete && solver_->status() == dlx::Status::stopped) {
    slot.nodes = solver_->stats().nodes;  // --stats tells the search so far
    return State::stopped;
  }
  if (count.solutions < 2 && gave_up()) return State::done;
  slot.outcome = count.solutions >= 2   ? Outcome::multiple
                 : !count.complete      ? Outcome::unknown
                 : count.solutions == 1 ? Outcome::solved
                                        : Outcome::none;
  const char* word = slot.outcome == Outcome::multiple  ? "multiple"
                     : slot.outcome == Outcome::unknown ? "unknown"
                     : slot.outcome == Outcome::solved  ? "unique"
                                                        : "none";
  if (!structured_ && !options_.minimal) {  // the common case, without a record's allocations
    slot.out.append(word).append("\n");
    slot.nodes = solver_->stats().nodes;
    return State::done;
  }
  Record record = record_of_command();
  record.status = word;
  if (options_.minimal && slot.outcome == Outcome::solved) {
    // The slices of time_slice() would cut these searches short; they are short ones.
    solver_->set_time_limit(std::chrono::nanoseconds::zero());
    const bool minimal = is_minimal(puzzle.grid, *solver_);
    if (stop_->load(std::memory_order_relaxed)) return State::stopped;
    record.set("minimal", minimal ? "true" : "false");
    // csv and the text formats: "unique minimal" in the status; JSON's status stays the one word, "minimal" is
    // a field of its own.
    if (!is_json(options_.format)) record.status += minimal ? " minimal" : " not-minimal";
    record.text = std::string(word) + (minimal ? " minimal" : " not-minimal");
  }
  if (record.text.empty()) record.text = word;
  record.text += '\n';
  format_record(slot, record);
  slot.nodes = solver_->stats().nodes;
  return State::done;
}

Task::State CheckTask::run_marks() {
  const CandidateGrid grid{puzzle.grid.shape, puzzle.pencilmarks};
  const dlx::Count count = count_candidates(grid, 2, search_options());
  if (!count.complete && stop_->load(std::memory_order_relaxed) && count.solutions < 2) return State::stopped;
  slot.outcome = count.solutions >= 2   ? Outcome::multiple
                 : count.solutions == 1 ? Outcome::solved
                                        : Outcome::none;
  Record record = record_of_command();
  record.status = count.solutions >= 2 ? "multiple" : count.solutions == 1 ? "unique" : "none";
  record.text = record.status + '\n';
  format_record(slot, record);
  return State::done;
}

Task::State CheckTask::clashing_givens(const Conflict& conflict) {
  // Givens that clash leave no solution: "none", as the text says, in a record like every other command's.
  if (structured_) return clash_record(conflict);
  fail(slot, clash_reason(conflict), puzzle.line, "none: ");
  return State::done;
}

void CheckTask::unanswered(Record& into) const {
  if (options_.minimal) into.set_null("minimal");
}

}  // namespace sudoku::batch_detail
