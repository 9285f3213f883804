// What the maker's commands share (MakerTask, detail/tasks.hpp): the worker's tools for the puzzle's rules, the
// puzzle's candidates and verdict, and the record of a puzzle that is not unique.
#include <chrono>

#include "sudoku/pipeline/detail/tasks.hpp"

namespace sudoku::batch_detail {
namespace {

Rules shape_rules(Shape shape) {
  Rules plain;
  plain.shape = shape;
  return plain;
}

}  // namespace

const char* verdict_word(Verdict verdict) {
  switch (verdict) {
    case Verdict::none:
      return "none";
    case Verdict::unique:
      return "unique";
    case Verdict::multiple:
      return "multiple";
    case Verdict::unknown:
      break;
  }
  return "unknown";
}

Outcome outcome_of(Verdict verdict) {
  switch (verdict) {
    case Verdict::none:
      return Outcome::none;
    case Verdict::unique:
      return Outcome::solved;
    case Verdict::multiple:
      return Outcome::multiple;
    case Verdict::unknown:
      break;
  }
  return Outcome::unknown;
}

MakerTask::MakerTask(Batch& batch, Worker& its_worker, Slot& its_slot)
    : Task(batch, its_worker, its_slot),
      rules(slot.rules.get()),
      symbols(options_.reader.symbols),
      command(options_.command),
      t(worker.tools_for(rules != nullptr ? *rules : shape_rules(puzzle.grid.shape), symbols)),
      marks(!puzzle.pencilmarks.empty()),
      grid(marks ? CandidateGrid{puzzle.grid.shape, puzzle.pencilmarks} : candidates_of(puzzle.grid)),
      search([this] {
        dlx::SearchOptions options;
        options.stop = stop_;
        return options;
      }()),
      record(record_of_command()) {}

std::optional<Task::State> MakerTask::decide() {
  if (marks) {
    const dlx::Count count = count_candidates(grid, 2, search);
    if (!count.complete && count.solutions < 2 && stop_->load()) return State::stopped;
    verdict = count.solutions >= 2   ? Verdict::multiple
              : count.solutions == 1 ? Verdict::unique
                                     : Verdict::none;
  } else {
    t.solver.set_time_limit(std::chrono::nanoseconds::zero());
    t.solver.set_stop(stop_);  // its searches, and minimize's, poll the flag (rebuilt once)
    // check() loads the puzzle again: a load costs little beside the answer, and says which givens clash.
    if (const auto conflict = t.solver.load(puzzle.grid)) return clashing_givens(*conflict);
    verdict = t.solver.check(puzzle.grid);
    slot.nodes = t.solver.stats().nodes;
    if (verdict == Verdict::unknown && stop_->load()) return State::stopped;
  }
  if (stop_->load(std::memory_order_relaxed)) return State::stopped;
  record.status = verdict_word(verdict);
  slot.outcome = outcome_of(verdict);
  return std::nullopt;
}

std::optional<Task::State> MakerTask::settle() {
  if (const std::optional<State> early = decide()) return early;
  if (verdict == Verdict::unique) return std::nullopt;
  record.text = record.status + '\n';
  unanswered(record);
  format_record(slot, record);
  return State::done;
}

Task::State MakerTask::clashing_givens(const Conflict& conflict) {
  return structured_ ? clash_record(conflict) : Task::clashing_givens(conflict);
}

}  // namespace sudoku::batch_detail
