// candidates (CandidatesTask, RuleCandidatesTask; detail/tasks.hpp): the true candidates, the digits some
// solution has in each cell, as a pencilmark line; under variant rules by the rules' own search.
#include <string>

#include "sudoku/io/pencilmarks.hpp"
#include "sudoku/model/rule_candidates.hpp"
#include "sudoku/pipeline/detail/tasks.hpp"

namespace sudoku::batch_detail {

void CandidatesTask::fill(Record& record, const CandidateGrid& found, const Puzzle& puzzle,
                          const Symbols& symbols) {
  std::string marks_text;
  append_pencilmarks(marks_text, found, symbols);
  record.text = marks_text + (puzzle.annotation.empty() ? "" : " " + puzzle.annotation) + '\n';
  record.set("candidates", std::move(marks_text));
}

Task::State CandidatesTask::run() {
  if (const std::optional<State> early = decide()) return *early;
  const CandidateGrid found = true_candidates(grid, search);
  if (stop_->load(std::memory_order_relaxed)) return State::stopped;
  fill(record, found, puzzle, symbols);
  return write();
}

// A pencilmark puzzle's marks are taken as rules.
Task::State RuleCandidatesTask::run() {
  const Rules& rules = *slot.rules;
  const Rules marked =
      puzzle.pencilmarks.empty() ? rules : with_pencilmarks(rules, {puzzle.grid.shape, puzzle.pencilmarks});
  dlx::SearchOptions search;
  search.stop = stop_;
  Solver solver(marked, search);
  if (const auto conflict = solver.load(puzzle.grid)) return clashing_givens(*conflict);
  const Verdict verdict = solver.check(puzzle.grid);
  slot.nodes = solver.stats().nodes;
  if (verdict == Verdict::unknown || stop_->load(std::memory_order_relaxed)) return State::stopped;
  const CandidateGrid found = true_candidates(marked, puzzle.grid, stop_);
  if (found.cells.empty()) return State::stopped;
  Record record = record_of_command();
  record.status = verdict_word(verdict);
  slot.outcome = outcome_of(verdict);
  CandidatesTask::fill(record, found, puzzle, options_.reader.symbols);
  format_record(slot, record);
  return State::done;
}

Task::State RuleCandidatesTask::clashing_givens(const Conflict& conflict) {
  return structured_ ? clash_record(conflict) : Task::clashing_givens(conflict);
}

}  // namespace sudoku::batch_detail
