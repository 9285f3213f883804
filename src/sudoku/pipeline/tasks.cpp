// The pipeline's tasks: which task answers each command (detail/tasks.hpp; their work is under tasks/), and
// what every task shares: the puzzle checked and its rules gathered before, a clash's answer.
#include "sudoku/pipeline/detail/tasks.hpp"

#include <chrono>
#include <string_view>
#include <utility>

#include "sudoku/io/puzzle_line.hpp"
#include "sudoku/io/writer.hpp"
#include "sudoku/pipeline/answer.hpp"
#include "sudoku/pipeline/batch.hpp"
#include "sudoku/pipeline/detail/batch_parts.hpp"

namespace sudoku {

using namespace batch_detail;

namespace batch_detail {

const RecordFields& record_fields(const BatchOptions& options) {
  switch (options.command) {
    case Command::solve:
      return SolveTask::kRecord;
    case Command::count:
      return CountTask::kRecord;
    case Command::check:
      return CheckTask::kRecord;
    case Command::rate:
      return RateTask::kRecord;
    case Command::hint:
      return HintTask::kRecord;
    case Command::steps:
      return StepsTask::kRecord;
    case Command::minimize:
      return MinimizeTask::kRecord;
    case Command::candidates:
      return CandidatesTask::kRecord;
    case Command::generate:
      break;
  }
  return options.generate.rating || options.generate_rating ? GenerateTask::kRatedRecord
                                                            : GenerateTask::kRecord;
}

Task::State Task::run(Batch& batch, Worker& worker, Slot& slot) {
  switch (batch.options_.command) {
    case Command::solve:
      return SolveTask(batch, worker, slot).run();
    case Command::count:
      return CountTask(batch, worker, slot).run();
    case Command::check:
      return CheckTask(batch, worker, slot).run();
    case Command::rate:
      return RateTask(batch, worker, slot).run();
    case Command::hint:
      return HintTask(batch, worker, slot).run();
    case Command::steps:
      return StepsTask(batch, worker, slot).run();
    case Command::minimize:
      return MinimizeTask(batch, worker, slot).run();
    case Command::candidates:
      // Under variant rules the candidates come from the rules' own search.
      if (slot.rules) return RuleCandidatesTask(batch, worker, slot).run();
      return CandidatesTask(batch, worker, slot).run();
    case Command::generate:
      break;
  }
  return GenerateTask(batch, worker, slot).run();
}

std::string Task::clash_reason(const Conflict& conflict) const {
  return describe(conflict, puzzle.grid.side(),
                  digit_name(conflict.digit, puzzle.layout, options_.reader.symbols));
}

Task::State Task::clashing_givens(const Conflict& conflict) {
  fail(slot, clash_reason(conflict), puzzle.line, "error: ");
  return State::done;
}

Task::State Task::clash_record(const Conflict& conflict) {
  slot.outcome = Outcome::error;
  slot.message = clash_reason(conflict);
  slot.message_line = puzzle.line;
  Record record = record_of_command();
  record.status = "none";
  unanswered(record);
  record.error = json_string(slot.message);
  format_record(slot, record);
  return State::done;
}

void Task::unanswered(Record& into) const {
  for (const Field& field : into.fields->fields) into.set_null(field.name);
}

bool Task::puzzle_text(std::string& out, const Grid& givens, const Rules* rules) const {
  if (!is_fpuzzles_form(options_.format)) {
    append_puzzle_line(out, givens, {}, rules, options_.reader.symbols);
    return true;
  }
  try {
    append_fpuzzles_form(out, options_.format, givens, rules);
  } catch (const RulesError& e) {
    fail(slot, e.what(), puzzle.line, "error: ");
    return false;
  }
  return true;
}

}  // namespace batch_detail

Batch::State Batch::process(Worker& worker, Slot& slot) {
  slot.out.clear();
  slot.message.clear();
  slot.multiline = false;
  slot.nodes = 0;
  slot.seconds = 0;
  slot.started = false;
  slot.partial = 0;
  slot.rules.reset();
  slot.streamed = false;
  if (stop_->load(std::memory_order_relaxed)) return State::stopped;
  if (options_.command == Command::generate) return Task::run(*this, worker, slot);
  const Puzzle& puzzle = slot.puzzle;
  if (!puzzle.ok()) {
    fail(slot, puzzle.error, puzzle.error_line, "error: ");
    return State::done;
  }
  try {
    // The command line's rules and the puzzle's own, as every reader of puzzles takes them (answer.hpp).
    if (std::optional<Rules> rules = puzzle_rules(puzzle, options_.variants))
      slot.rules = std::make_shared<const Rules>(std::move(*rules));
  } catch (const RulesError& e) {
    fail(slot, e.what(), puzzle.line, "error: ");
    return State::done;
  }
  try {
    const auto started =
        options_.stats ? std::chrono::steady_clock::now() : std::chrono::steady_clock::time_point{};
    const State state = Task::run(*this, worker, slot);
    if (options_.stats)
      slot.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return state;
  } catch (const RulesError& e) {
    // Rules the model cannot take (a rule with too many digit combinations): the puzzle's fault, not ours.
    fail(slot, e.what(), puzzle.line, "error: ");
  } catch (const std::exception& e) {
    fail(slot, std::string("internal error: ") + e.what(), puzzle.line, "error: ");
  }
  return State::done;
}

}  // namespace sudoku
