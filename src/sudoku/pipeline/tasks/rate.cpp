// rate (RateTask, detail/tasks.hpp): the tier of techniques that solves the puzzle and its rating; on Sukaku
// Explainer's scale (ER/EP/ED), with this project's ratings for cage and rule steps (docs/rating.md).
#include <string>

#include "sudoku/maker/puzzle_logic.hpp"
#include "sudoku/pipeline/detail/tasks.hpp"

namespace sudoku::batch_detail {

Task::State RateTask::run() {
  if (const std::optional<State> early = settle()) return *early;
  // One road for every puzzle (maker/puzzle_logic.hpp): the engine of its rules, cages and lines included.
  const PuzzleRating rating =
      marks ? t.logic.rate(grid, verdict, slot.nodes, stop_) : t.logic.rate(puzzle.grid, t.solver, stop_);
  if (!rating.error.empty()) {
    fail(slot, rating.error, puzzle.line, "error: ");
    return State::done;
  }
  std::string text = rating.text;
  const char* tier = kTierNames[static_cast<int>(rating.tier)];
  record.field("tier", json_string(tier), tier);
  record.field("rating", json_string(text), text);
  const logic::Grade& grade = rating.grade;
  if (grade.stopped) return State::stopped;
  const auto number = [](double r) { return r > 0 ? logic::rating_text(r) : std::string("null"); };
  const std::string er = grade.solved ? number(grade.er) : "null";
  record.field("er", er, er == "null" ? "" : er);
  record.field("ep", number(grade.ep), grade.ep > 0 ? logic::rating_text(grade.ep) : "");
  record.field("ed", number(grade.ed), grade.ed > 0 ? logic::rating_text(grade.ed) : "");
  const std::string technique = grade.solved ? grade.technique : "stuck";
  record.field("technique", json_string(technique), technique);
  text += " ER=" + (grade.solved ? er : "?") + "/" + (grade.ep > 0 ? logic::rating_text(grade.ep) : "?") +
          "/" + (grade.ed > 0 ? logic::rating_text(grade.ed) : "?") + " " + technique;
  record.text = text + '\n';
  return write();
}

void RateTask::unanswered(Record& into) const {
  MakerTask::unanswered(into);
  into.set("rating", into.status);
}

}  // namespace sudoku::batch_detail
