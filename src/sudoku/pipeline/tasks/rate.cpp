// rate (RateTask, detail/tasks.hpp): the tier of techniques that solves the puzzle and its rating; on Sukaku
// Explainer's scale (ER/EP/ED) where its techniques apply, by tiers and step counts under cages and rules.
#include <string>

#include "sudoku/maker/rater.hpp"
#include "sudoku/maker/rule_logic.hpp"
#include "sudoku/maker/rule_rater.hpp"
#include "sudoku/pipeline/detail/tasks.hpp"

namespace sudoku::batch_detail {

Task::State RateTask::run() {
  if (const std::optional<State> early = settle()) return *early;
  if (rules != nullptr && has_rule_steps(*rules) && !t.cages.active()) {
    if (marks) {
      fail(slot, "rate takes line and dot rules on puzzles with givens, not pencilmarks", puzzle.line,
           "error: ");
      return State::done;
    }
    // Line and dot rules: the tiers and the steps of hint's road; Sukaku Explainer's scale knows no rule.
    const RuleRating rating = rate_with_rules(puzzle.grid, t.logic, *rules);
    const char* tier = kTierNames[static_cast<int>(rating.tier)];
    record.field("tier", json_string(tier), tier);
    record.field("rating", json_string(rating.text), rating.text);
    for (const char* name : {"er", "ep", "ed"}) record.field(name, "null", "");
    record.field("technique", json_string(rating.technique), rating.technique);
    record.text = rating.text + '\n';
    return write();
  }
  // A puzzle's givens are placed, not taken as singles: rate() starts from them.
  if (t.cages.active() && !marks) {
    Tier tier = Tier::search;
    const std::string text = rate_with_cages(puzzle.grid, t.logic, t.cages, &tier, rules);
    record.field("tier", json_string(kTierNames[static_cast<int>(tier)]), kTierNames[static_cast<int>(tier)]);
    record.field("rating", json_string(text), text);
    // No rating on Sukaku Explainer's scale: its techniques know no cage.
    for (const char* name : {"er", "ep", "ed", "technique"}) record.field(name, "null", "");
    record.text = text + '\n';
    return write();
  }
  const Rating rating =
      marks ? rate_candidates(grid, verdict, slot.nodes, t.logic) : rate(puzzle.grid, t.solver, t.logic);
  std::string text = to_string(rating);
  record.field("tier", json_string(kTierNames[static_cast<int>(rating.tier)]),
               kTierNames[static_cast<int>(rating.tier)]);
  record.field("rating", json_string(text), text);
  if (marks) {
    t.graded.load(grid);
  } else {
    t.graded.load(puzzle.grid);
  }
  t.graded.set_stop(stop_);
  const logic::Grade grade = logic::grade(t.graded);
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
