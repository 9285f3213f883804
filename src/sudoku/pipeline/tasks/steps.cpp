// hint and steps (HintTask, StepsTask; their road is DeductionTask, detail/tasks.hpp): the deductions in Sukaku
// Explainer's order from the puzzle or its candidates, hint the first, steps every one then "solved" or
// "stuck: ...", each as text and as a JSON step.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sudoku/maker/puzzle_logic.hpp"
#include "sudoku/maker/step_pattern.hpp"
#include "sudoku/pipeline/detail/tasks.hpp"

namespace sudoku::batch_detail {
namespace {

using CellDigits = std::vector<std::pair<int, int>>;  // (cell, digit) pairs

// Every step's JSON, whichever engine found it: {"technique":..,"rating":..,["rule":..,]"text":..,
// "placements":[[r,c,d],...],"eliminations":[[r,c,d],...],"pattern":[[r,c],...]}, rows, columns and digits from
// 1; rating is a number on Sukaku Explainer's scale or null, rule names a variant rule's step, pattern holds the
// cells the step reasons from (maker/step_pattern.hpp).
void append_step_json(std::string& out, std::string_view technique, const std::string& rating,
                      const std::string* rule, const std::string& text, const CellDigits& placements,
                      const CellDigits& eliminations, const std::vector<int>& pattern, int side) {
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
  out += "],\"pattern\":[";
  for (std::size_t i = 0; i < pattern.size(); ++i)
    out += (i > 0 ? ",[" : "[") + std::to_string(pattern[i] / side + 1) + ',' +
           std::to_string(pattern[i] % side + 1) + ']';
  out += "]}";
}

// A graded step (maker/logic/engine.hpp), with its rating on Sukaku Explainer's scale (docs/rating.md for the
// rules beyond houses), and a rule's step its rule; `after`, the board with the step applied.
void append_step_json(std::string& out, const logic::GradedStep& step, const logic::Board& after) {
  const auto pairs = [](const std::vector<logic::Candidate>& list) {
    CellDigits cells;
    cells.reserve(list.size());
    for (const logic::Candidate& c : list) cells.emplace_back(c.cell, c.digit);
    return cells;
  };
  append_step_json(out, step.technique, logic::rating_text(step.rating),
                   step.rule.empty() ? nullptr : &step.rule, step.text, pairs(step.placements),
                   pairs(step.eliminations), step_pattern_cells(step, after), after.side());
}

}  // namespace

Task::State DeductionTask::run() {
  if (const std::optional<State> early = settle()) return *early;
  // One road for every puzzle (maker/puzzle_logic.hpp): the engine of its rules, cages and lines included.
  if (marks) {
    t.logic.start(grid, stop_);
  } else {
    t.logic.start(puzzle.grid, stop_);
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
    const auto step = t.logic.step();
    if (!step && t.logic.stopped()) return State::stopped;
    if (!step) {
      const bool solved = t.logic.solved();
      record.status = solved ? "solved" : "stuck";
      record.text += solved ? "solved\n" : "stuck: none of the techniques applies\n";
      break;
    }
    emit(step->text, [&] { append_step_json(objects, *step, t.logic.board()); });
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
