// Every command as a task: one type per command, naming the fields of its record once (fields.hpp: the CSV
// columns and the JSON keys come from that list), its work in its own file under pipeline/tasks/. A new
// command is a Command (batch.hpp), a type here with its fields, its file, and its line in Task::run() and
// record_fields() (tasks.cpp). Not installed.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "dlx/count128.hpp"
#include "sudoku/model/candidates.hpp"
#include "sudoku/model/solver.hpp"
#include "sudoku/pipeline/detail/fields.hpp"
#include "sudoku/pipeline/detail/task.hpp"

namespace sudoku::batch_detail {

// The fields of the batch's command (generate to a rating has three more).
const RecordFields& record_fields(const BatchOptions& options);

// --- solve, count and check: searches on the worker's solver, or on a pencilmark puzzle's candidates ---

// What solve, count and check share: the worker's solver for the puzzle, searches in time slices, and the
// node budget of large boards (search.cpp).
class SearchTask : public Task {
 protected:
  using Task::Task;
  // Picks the worker's solver and loads the puzzle: nothing, or the State of a clash's answer.
  std::optional<State> load();
  // A search that ran out of its time slice goes on without one (see Batch::time_slice()): false when it ended.
  bool sliced();
  // Counts up to `limit` solutions (0: all), in slices; each solution found may stand for several.
  dlx::Count count_all(std::uint64_t limit);
  // Whether the node budget of a large board ran out (then the slot failed, saying so).
  bool gave_up();
  dlx::SearchOptions search_options() const;

  Solver* solver_ = nullptr;  // by load()
};

class SolveTask : public SearchTask {
 public:
  static constexpr Field kFields[] = {{"solution", Kind::text},
                                      {"solutions", Kind::json, false},  // --all, --limit: the list
                                      {"count", Kind::number, false},
                                      {"complete", Kind::number, false}};
  static constexpr RecordFields kRecord{kFields};
  using SearchTask::SearchTask;
  State run();

 private:
  State run_marks();
  // The first options_.solutions solutions (0: all) that `next` finds, each going to the output as it is
  // found (stream()).
  template <typename Next, typename Status, typename GaveUp>
  State list_solutions(Grid& grid, Next next, Status status, GaveUp gave_up);
};

class CountTask : public SearchTask {
 public:
  static constexpr Field kFields[] = {{"count", Kind::json}, {"complete", Kind::number, false}};
  static constexpr RecordFields kRecord{kFields, false};
  using SearchTask::SearchTask;
  State run();
  // A count's record: "N", or "N+" (JSON: complete false) when the limit or a stop cut it short.
  static void fill(Record& record, std::string status, dlx::Count128 solutions, bool complete);

 protected:
  State clashing_givens(const Conflict& conflict) override;  // a count of 0, the reason beside it
  void unanswered(Record& into) const override;

 private:
  State run_marks();
};

class CheckTask : public SearchTask {
 public:
  static constexpr Field kFields[] = {{"minimal", Kind::number, false}};  // --minimal; CSV: in the status
  static constexpr RecordFields kRecord{kFields};
  using SearchTask::SearchTask;
  State run();

 protected:
  State clashing_givens(const Conflict& conflict) override;  // "none: why"
  void unanswered(Record& into) const override;              // "minimal" only under --minimal

 private:
  State run_marks();
};

// --- the maker's commands: rate, hint, steps, minimize, candidates ---

// A verdict as its status word, and as it counts in the totals (maker.cpp).
const char* verdict_word(Verdict verdict);
Outcome outcome_of(Verdict verdict);

// What they share (maker.cpp): the worker's solver and logic for the puzzle's rules, the puzzle's candidates,
// and its verdict; a puzzle that is not unique gets its fields' "no answer".
class MakerTask : public Task {
 public:
  MakerTask(Batch& batch, Worker& its_worker, Slot& its_slot);

 protected:
  // The verdict (unique, none, multiple) and the record's status: nothing, or the State of a stop or a clash.
  std::optional<State> decide();
  // decide(), then for a puzzle that is not unique its record, written: nothing when it is unique.
  std::optional<State> settle();
  State clashing_givens(const Conflict& conflict) override;  // the record keeps its fields, the reason beside
  // The record, written: the task is done.
  State write() {
    format_record(slot, record);
    return State::done;
  }

  // Named as the maker's code names them.
  const Rules* rules;  // the puzzle's and the command line's; null for a plain puzzle
  const Symbols& symbols;
  const Command command;
  MakerTools& t;
  const bool marks;  // a pencilmark puzzle: its candidates are the start
  const CandidateGrid grid;
  const dlx::SearchOptions search;
  Verdict verdict = Verdict::unknown;
  Record record;
};

class RateTask : public MakerTask {
 public:
  static constexpr Field kFields[] = {{"tier", Kind::text}, {"rating", Kind::text},
                                      {"er", Kind::number}, {"ep", Kind::number},
                                      {"ed", Kind::number}, {"technique", Kind::text}};
  static constexpr RecordFields kRecord{kFields};
  using MakerTask::MakerTask;
  State run();

 protected:
  void unanswered(Record& into) const override;  // the rating says why
};

// hint and steps: one road of deductions (steps.cpp), hint stopping after the first.
class DeductionTask : public MakerTask {
 public:
  using MakerTask::MakerTask;
  State run();
};

class HintTask : public DeductionTask {
 public:
  static constexpr Field kFields[] = {{"hint", Kind::json}, {"steps", Kind::json, false}};
  static constexpr RecordFields kRecord{kFields};
  using DeductionTask::DeductionTask;

 protected:
  void unanswered(Record& into) const override;
};

class StepsTask : public DeductionTask {
 public:
  static constexpr Field kFields[] = {{"steps", Kind::json}};
  static constexpr RecordFields kRecord{kFields};
  using DeductionTask::DeductionTask;

 protected:
  void unanswered(Record& into) const override;
};

class MinimizeTask : public MakerTask {
 public:
  static constexpr Field kFields[] = {{"minimized", Kind::text}, {"clues", Kind::number}};
  static constexpr RecordFields kRecord{kFields};
  using MakerTask::MakerTask;
  State run();
};

class CandidatesTask : public MakerTask {
 public:
  static constexpr Field kFields[] = {{"candidates", Kind::text}};
  static constexpr RecordFields kRecord{kFields};
  using MakerTask::MakerTask;
  State run();
  // The record's field and text: these true candidates as a pencilmark line.
  static void fill(Record& record, const CandidateGrid& found, const Puzzle& puzzle, const Symbols& symbols);
};

// candidates under variant rules: the rules' own solver (model/rule_candidates.hpp), a pencilmark puzzle's marks
// taken as rules; the fields are CandidatesTask's.
class RuleCandidatesTask : public Task {
 public:
  using Task::Task;
  State run();

 protected:
  State clashing_givens(const Conflict& conflict) override;
};

// --- generate: puzzle number slot.index of the options' seed ---

class GenerateTask : public Task {
 public:
  static constexpr Field kFields[] = {
      {"solution", Kind::text}, {"seed", Kind::number},   {"index", Kind::number},
      {"clues", Kind::number},  {"symmetry", Kind::text}, {"tier", Kind::text},
      {"er", Kind::number},     {"ep", Kind::number},     {"ed", Kind::number}};
  // ER, EP and ED only when generating to a rating.
  static constexpr RecordFields kRecord{std::span<const Field>(kFields, 6), true, false};
  static constexpr RecordFields kRatedRecord{kFields, true, false};
  using Task::Task;
  State run();

 private:
  State not_found(const std::optional<std::pair<double, double>>& rating);
};

}  // namespace sudoku::batch_detail
