// minimize (MinimizeTask, detail/tasks.hpp): the puzzle with givens dropped while it stays unique, written back
// with its rules and annotation.
#include <string>

#include "sudoku/io/puzzle_line.hpp"
#include "sudoku/maker/minimizer.hpp"
#include "sudoku/pipeline/detail/tasks.hpp"

namespace sudoku::batch_detail {

Task::State MinimizeTask::run() {
  if (const std::optional<State> early = settle()) return *early;
  if (marks) {
    fail(slot, "minimize takes puzzles with givens, not pencilmarks", puzzle.line, "error: ");
    return State::done;
  }
  Grid minimized = puzzle.grid;
  minimize(minimized, t.solver, {}, stop_);
  if (stop_->load(std::memory_order_relaxed)) return State::stopped;
  std::string line;
  if (!puzzle_text(line, minimized, rules)) return State::done;
  record.set("minimized", line);
  record.set("clues", std::to_string(minimized.givens()));
  if (is_fpuzzles_form(options_.format)) {  // a link ends at white space: its annotation on a line before
    record.text = (puzzle.annotation.empty() ? "" : "# " + puzzle.annotation + '\n') + line + '\n';
  } else {
    record.text =
        line + (puzzle.annotation.empty() || !takes_annotation(rules) ? "" : " " + puzzle.annotation) + '\n';
  }
  return write();
}

}  // namespace sudoku::batch_detail
