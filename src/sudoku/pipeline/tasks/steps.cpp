// hint and steps (HintTask, StepsTask; their road is DeductionTask, detail/tasks.hpp): the deductions in Sukaku
// Explainer's order from the puzzle or its candidates, hint the first, steps every one then "solved" or
// "stuck: ...", each as text and as a JSON step.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sudoku/maker/rule_logic.hpp"
#include "sudoku/pipeline/detail/tasks.hpp"

namespace sudoku::batch_detail {
namespace {

using CellDigits = std::vector<std::pair<int, int>>;  // (cell, digit) pairs

// Every step's JSON, whichever engine found it: {"technique":..,"rating":..,["rule":..,]"text":..,
// "placements":[[r,c,d],...],"eliminations":[[r,c,d],...]}, rows, columns and digits from 1; rating is a number on
// Sukaku Explainer's scale or null, rule names a variant rule's step.
void append_step_json(std::string& out, std::string_view technique, const std::string& rating,
                      const std::string* rule, const std::string& text, const CellDigits& placements,
                      const CellDigits& eliminations, int side) {
  const auto triples = [&](const CellDigits& list) {
    for (std::size_t i = 0; i < list.size(); ++i)
      out += (i > 0 ? ",[" : "[") + std::to_string(list[i].first / side + 1) + ',' +
             std::to_string(list[i].first % side + 1) + ',' + std::to_string(list[i].second) + ']';
  };
  out += "{\"technique\":";
  append_json_string(out, technique);
  out += ",\"rating\":" + rating;
  if (rule != nullptr) {
    out += ",\"rule\":";
    append_json_string(out, *rule);
  }
  out += ",\"text\":";
  append_json_string(out, text);
  out += ",\"placements\":[";
  triples(placements);
  out += "],\"eliminations\":[";
  triples(eliminations);
  out += "]}";
}

// A cage or house step (logic.hpp, cage_logic.hpp): no rating; a single's placement.
void append_step_json(std::string& out, const KillerStep& found, const std::string& text, int side) {
  if (found.cage) {
    append_step_json(out, cage_technique_name(found.cage->technique), "null", nullptr, text, {},
                     found.cage->eliminated, side);
    return;
  }
  const Step& step = *found.step;
  const bool single = step.technique == Technique::hidden_single || step.technique == Technique::naked_single;
  append_step_json(out, technique_name(step.technique), "null", nullptr, text,
                   single ? CellDigits{{step.cell, step.digit}} : CellDigits{}, step.eliminated, side);
}

// A rule's step (maker/rule_logic.hpp): its technique "rule" and the rule named.
void append_rule_step_json(std::string& out, const RuleStep& step, const std::string& text, int side) {
  append_step_json(out, "rule", "null", &step.rule, text, {}, step.eliminated, side);
}

// A graded step (maker/logic/engine.hpp), with its rating on Sukaku Explainer's scale.
void append_step_json(std::string& out, const logic::GradedStep& step, int side) {
  const auto pairs = [](const std::vector<logic::Candidate>& list) {
    CellDigits cells;
    cells.reserve(list.size());
    for (const logic::Candidate& c : list) cells.emplace_back(c.cell, c.digit);
    return cells;
  };
  append_step_json(out, step.technique, logic::rating_text(step.rating), nullptr, step.text,
                   pairs(step.placements), pairs(step.eliminations), side);
}

}  // namespace

Task::State DeductionTask::run() {
  if (const std::optional<State> early = settle()) return *early;
  // The graded engine (Sukaku Explainer's techniques) knows regions; cages and line or dot rules have their
  // own steps (cage_logic.hpp, rule_logic.hpp) beside the house techniques of logic.hpp.
  const bool graded = !t.cages.active() && (rules == nullptr || !has_rule_steps(*rules));
  if (graded) {
    if (marks) {
      t.graded.load(grid);
    } else {
      t.graded.load(puzzle.grid);
    }
    t.graded.set_stop(stop_);
  } else if (marks) {
    t.logic.load(grid);
  } else {
    t.logic.load(puzzle.grid);
  }
  std::string texts = "[", objects = "[", csv;
  bool any = false;
  const auto emit = [&](const std::string& text, const auto& append_object) {
    record.text += text + '\n';
    if (structured_) {
      texts += (any ? "," : "") + json_string(text);
      objects += any ? "," : "";
      append_object();
      csv += (any ? "; " : "") + text;
    }
    any = true;
  };
  do {
    if (stop_->load(std::memory_order_relaxed)) return State::stopped;
    if (graded) {
      const auto step = t.graded.step();
      if (!step && t.graded.stopped()) return State::stopped;
      if (!step) {
        const bool solved = t.graded.board().solved();
        record.status = solved ? "solved" : "stuck";
        record.text += solved ? "solved\n" : "stuck: none of the techniques applies\n";
        break;
      }
      emit(step->text, [&] { append_step_json(objects, *step, puzzle.grid.side()); });
      continue;
    }
    std::optional<KillerStep> found;
    if (t.cages.active())
      found = killer_step(t.logic, t.cages, symbols);
    else if (auto plain_step = t.logic.step(Tier::subsets))
      found = KillerStep{std::move(plain_step), std::nullopt};
    if (!found && rules != nullptr && has_rule_steps(*rules) && !t.logic.solved() && !t.logic.broken()) {
      if (const auto rule = rule_step(*rules, t.logic.candidates())) {
        for (const auto& [cell, digit] : rule->eliminated) t.logic.remove(cell, digit);
        const std::string text = describe(*rule, puzzle.grid.side());
        emit(text, [&] { append_rule_step_json(objects, *rule, text, puzzle.grid.side()); });
        continue;
      }
    }
    if (!found) {
      const bool solved = t.logic.solved();
      record.status = solved ? "solved" : "stuck";
      record.text += solved ? "solved\n"
                     : t.cages.active()
                         ? "stuck: no single, cage step, locked candidate or subset applies; the rest needs "
                           "search\n"
                         : "stuck: no single, locked candidate or subset applies; the rest needs search\n";
      break;
    }
    const std::string text = found->step ? describe(*found->step, *t.houses, symbols) : found->cage->text;
    emit(text, [&] { append_step_json(objects, *found, text, puzzle.grid.side()); });
  } while (command == Command::steps);
  if (command == Command::hint) {
    if (any) record.status = "hint";
    record.field("hint", any ? texts.substr(1) : "null", csv);
    record.json_field("steps", objects + ']');
  } else {
    record.field("steps", objects + ']', csv);
    record.multiline = true;
  }
  return write();
}

void HintTask::unanswered(Record& into) const {
  into.set_null("hint");
  into.json_field("steps", "[]");
}

void StepsTask::unanswered(Record& into) const {
  into.field("steps", "[]", "");
  into.multiline = true;
}

}  // namespace sudoku::batch_detail
