// The pipeline's tasks: what each command does with one puzzle (or, for generate, one index), leaving its
// result in the slot (records.cpp formats it).
#include <chrono>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "sudoku/io/pencilmarks.hpp"
#include "sudoku/io/puzzle_line.hpp"
#include "sudoku/maker/minimizer.hpp"
#include "sudoku/maker/puzzle_logic.hpp"
#include "sudoku/model/candidates.hpp"
#include "sudoku/model/conflict.hpp"
#include "sudoku/model/rule_candidates.hpp"
#include "sudoku/pipeline/answer.hpp"
#include "sudoku/pipeline/batch.hpp"
#include "sudoku/pipeline/detail/batch_parts.hpp"

namespace sudoku {
namespace {

using namespace batch_detail;

// Boards with a side above this get a node budget in solve and check (see process()): 49x49 is the largest
// side whose empty board the search fills at once (0.4 s); 56x56 and 64x64 ones ran for hours. A few seconds at
// most (a node of a big half-filled board costs up to 20 us); 64x64 puzzles with 70% givens need about 1000.
constexpr int kLargeSide = 49;
constexpr std::uint64_t kLargeBoardNodes = 250'000;

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

// A graded step (maker/logic/engine.hpp), with its rating on Sukaku Explainer's scale (docs/rating.md for the
// rules beyond houses), and a rule's step its rule.
void append_step_json(std::string& out, const logic::GradedStep& step, int side) {
  const auto pairs = [](const std::vector<logic::Candidate>& list) {
    CellDigits cells;
    cells.reserve(list.size());
    for (const logic::Candidate& c : list) cells.emplace_back(c.cell, c.digit);
    return cells;
  };
  append_step_json(out, step.technique, logic::rating_text(step.rating),
                   step.rule.empty() ? nullptr : &step.rule, step.text, pairs(step.placements),
                   pairs(step.eliminations), side);
}

}  // namespace

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
  if (options_.command == Command::generate) return process_generate(worker, slot);
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
    State state = State::done;
    switch (options_.command) {
      case Command::solve:
      case Command::count:
      case Command::check:
        state = puzzle.pencilmarks.empty() ? solve_count_check(worker, slot, slot.rules.get())
                                           : process_pencilmarks(slot);
        break;
      default:
        state = process_maker(worker, slot, slot.rules.get());
        break;
    }
    if (options_.stats)
      slot.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return state;
  } catch (const std::exception& e) {
    fail(slot, std::string("internal error: ") + e.what(), puzzle.line, "error: ");
  }
  return State::done;
}

// Givens that clash (two equal digits in a house, a given a rule forbids): a well-formed puzzle with no
// solution, named by the same line in every command, as a bad input. count's column stays a number in every
// format, as the maker commands' fields do (the reason goes to stderr, and in JSON beside them too); check
// answers "none: why".
Batch::State Batch::clashing_givens(Slot& slot, const Conflict& conflict) {
  const Puzzle& puzzle = slot.puzzle;
  const std::string why = describe(conflict, puzzle.grid.side(),
                                   digit_name(conflict.digit, puzzle.layout, options_.reader.symbols));
  const Command command = options_.command;
  const bool maker = command != Command::solve && command != Command::count && command != Command::check;
  if ((command == Command::count || maker) && (options_.format == Format::csv || is_json(options_.format))) {
    // The maker commands' records keep the fields of a puzzle without solution too, the reason beside them.
    slot.outcome = Outcome::error;
    slot.message = why;
    slot.message_line = puzzle.line;
    Record record;
    record.status = "none";
    if (maker) {
      unanswered_fields(record, command);
    } else {
      record.status_column = false;
      record.field("count", "0", "0");
      record.json.emplace_back("complete", "true");
    }
    record.json.emplace_back("error", json_string(why));
    format_record(slot, record);
    return State::done;
  }
  fail(slot, why, puzzle.line, options_.command == Command::check ? "none: " : "error: ",
       options_.command == Command::count ? "0\n" : "");
  return State::done;
}

// solve's list: the first options_.solutions solutions (0: all) that `next` finds, each going to the output as it
// is found (stream()): an empty board's are endless, and never held whole. `status` says why the search
// returned; `gave_up` writes the failure of a search that ran out of its budget before any solution.
Batch::State Batch::list_solutions(Slot& slot, Grid& grid, const std::function<bool(Grid&)>& next,
                                   const std::function<dlx::Status()>& status,
                                   const std::function<bool()>& gave_up) {
  std::size_t found = 0;
  const std::uint64_t wanted = options_.solutions;
  bool complete = false;
  while (wanted == 0 || found < wanted) {
    if (next(grid)) {
      if (!add_solution(slot, grid, found++)) return State::done;  // unwritable: the slot failed
      if (wanted != 1 && !stream(slot)) return State::stopped;
      continue;
    }
    if (status() == dlx::Status::stopped) {
      // A list cut short is closed where its beginning was written; one that was not written is unfinished
      // (the run ends before it).
      if (found == 0 || !slot.streamed) return State::stopped;
    } else if (found == 0 && gave_up()) {
      return State::done;
    } else {
      complete = status() == dlx::Status::exhausted;
    }
    break;
  }
  slot.outcome = found > 0 ? Outcome::solved : complete ? Outcome::none : Outcome::unknown;
  if (found > 0) {
    end_solutions(slot, found, complete);
  } else {
    format_solutions(slot, {}, complete);
  }
  return State::done;
}

Batch::State Batch::solve_count_check(Worker& worker, Slot& slot, const Rules* rules) {
  const Puzzle& puzzle = slot.puzzle;
  dlx::SearchOptions search;
  search.stop = stop_;
  // Boards beyond kLargeSide with few givens (an empty 56x56 or 64x64 board) send the search into dead ends
  // thousands of levels deep that it backtracks out of only after hours: solve and check give up after
  // kLargeBoardNodes and say so, rather than never answer. count keeps no budget (a count of an open board is
  // endless at every size, and Ctrl-C or --time-limit end it).
  if (puzzle.grid.side() > kLargeSide && options_.command != Command::count)
    search.node_limit = kLargeBoardNodes;
  Solver& solver =
      rules == nullptr ? worker.solver_for(puzzle.grid.shape, search) : worker.solver_for(*rules, search);
  if (const auto conflict = solver.load(puzzle.grid)) return clashing_givens(slot, *conflict);
  // A search runs in slices until the flusher is started (see time_slice()); the slices add up to the same
  // search.
  solver.set_time_limit(time_slice());
  const auto sliced = [&] {
    if (solver.status() != dlx::Status::timed_out) return false;
    start_flusher();
    solver.set_time_limit(std::chrono::nanoseconds::zero());
    return true;
  };
  const auto count_all = [&](std::uint64_t limit) {
    // Each solution found may stand for several (Solver::symmetry()): enough of them to pass the limit.
    const std::uint64_t each = solver.symmetry();
    if (limit != 0) limit = limit / each + (limit % each != 0);
    dlx::Count count = solver.count(limit);
    while (!count.complete && sliced()) {
      // Below a 64-bit limit, what is left of it fits in 64 bits.
      const dlx::Count more =
          solver.count(limit == 0 ? 0 : static_cast<std::uint64_t>(limit - count.solutions));
      count.solutions += more.solutions;
      count.complete = more.complete;
    }
    if (count.solutions > dlx::kCount128Max / each) return dlx::Count{dlx::kCount128Max, false};
    count.solutions *= each;
    return count;
  };
  const auto gave_up = [&] {
    if (solver.status() != dlx::Status::node_limit) return false;
    fail(slot,
         "gave up after " + std::to_string(kLargeBoardNodes) + " search nodes: boards larger than " +
             std::to_string(kLargeSide) + "x" + std::to_string(kLargeSide) +
             " with this few givens are beyond this solver (give more givens)",
         puzzle.line, "error: ");
    return true;
  };
  slot.nodes = 0;
  switch (options_.command) {
    case Command::solve: {
      const State state = list_solutions(
          slot, worker.solution,
          [&](Grid& grid) { return solver.next(grid) || (sliced() && solver.next(grid)); },
          [&] { return solver.status(); }, gave_up);
      if (state != State::done) return state;
      break;
    }
    case Command::count: {
      // One solution past --limit tells "exactly N" (printed N) from "more than N" (N+).
      const std::uint64_t limit = options_.limit;
      dlx::Count count = count_all(limit == 0 || limit == UINT64_MAX ? limit : limit + 1);
      if (limit != 0 && count.solutions > limit) count = {limit, false};
      if (!count.complete && solver.status() == dlx::Status::stopped) {
        slot.started = true;
        slot.partial = count.solutions;
        return State::stopped;
      }
      slot.outcome = Outcome::solved;
      if (!structured_) {  // the common case, without a record's allocations
        slot.out += dlx::to_decimal(count.solutions);
        slot.out += count.complete ? "\n" : "+\n";
        break;
      }
      const std::string number = dlx::to_decimal(count.solutions);
      Record record;
      record.status = "counted";
      record.status_column = false;
      record.field("count", number, number + (count.complete ? "" : "+"));
      record.json.emplace_back("complete", count.complete ? "true" : "false");
      record.text = number + (count.complete ? "" : "+") + '\n';
      format_record(slot, record);
      break;
    }
    case Command::check: {
      const dlx::Count count = count_all(2);
      if (count.solutions < 2 && !count.complete && solver.status() == dlx::Status::stopped)
        return State::stopped;
      if (count.solutions < 2 && gave_up()) return State::done;
      slot.outcome = count.solutions >= 2   ? Outcome::multiple
                     : !count.complete      ? Outcome::unknown
                     : count.solutions == 1 ? Outcome::solved
                                            : Outcome::none;
      if (!structured_ && !options_.minimal) {  // the common case, without a record's allocations
        slot.out += slot.outcome == Outcome::multiple  ? "multiple\n"
                    : slot.outcome == Outcome::unknown ? "unknown\n"
                    : slot.outcome == Outcome::solved  ? "unique\n"
                                                       : "none\n";
        break;
      }
      Record record;
      record.status = slot.outcome == Outcome::multiple  ? "multiple"
                      : slot.outcome == Outcome::unknown ? "unknown"
                      : slot.outcome == Outcome::solved  ? "unique"
                                                         : "none";
      std::string word = record.status;
      if (options_.minimal && slot.outcome == Outcome::solved) {
        // The slices of time_slice() would cut these searches short; they are short ones.
        solver.set_time_limit(std::chrono::nanoseconds::zero());
        const bool minimal = is_minimal(puzzle.grid, solver);
        if (stop_->load(std::memory_order_relaxed)) return State::stopped;
        word += minimal ? " minimal" : " not-minimal";
        record.json.emplace_back("minimal", minimal ? "true" : "false");
        record.status = word;  // csv: "unique minimal", as before
      }
      record.text = word + '\n';
      format_record(slot, record);
      if (is_json(options_.format) && options_.minimal && slot.outcome == Outcome::solved) {
        // JSON's status stays the one word; "minimal" is a field of its own.
        const std::string from = "\"status\":\"" + word + '"';
        if (const auto at = slot.out.find(from); at != std::string::npos)
          slot.out.replace(at, from.size(), "\"status\":\"unique\"");
      }
      break;
    }
    default:
      break;
  }
  slot.nodes = solver.stats().nodes;
  return State::done;
}

// candidates under variant rules: the true candidates by the rules' own solver (model/rule_candidates.hpp),
// a pencilmark puzzle's marks taken as rules.
Batch::State Batch::rule_candidates(Slot& slot, const Rules& rules) {
  const Puzzle& puzzle = slot.puzzle;
  const Rules marked =
      puzzle.pencilmarks.empty() ? rules : with_pencilmarks(rules, {puzzle.grid.shape, puzzle.pencilmarks});
  dlx::SearchOptions search;
  search.stop = stop_;
  Solver solver(marked, search);
  if (const auto conflict = solver.load(puzzle.grid)) return clashing_givens(slot, *conflict);
  const Verdict verdict = solver.check(puzzle.grid);
  slot.nodes = solver.stats().nodes;
  if (verdict == Verdict::unknown || stop_->load(std::memory_order_relaxed)) return State::stopped;
  const CandidateGrid found = true_candidates(marked, puzzle.grid, stop_);
  if (found.cells.empty()) return State::stopped;
  Record record;
  record.status = verdict_word(verdict);
  slot.outcome = outcome_of(verdict);
  return candidates_record(slot, record, found);
}

Batch::State Batch::candidates_record(Slot& slot, Record& record, const CandidateGrid& found) {
  std::string marks_text;
  append_pencilmarks(marks_text, found, options_.reader.symbols);
  record.field("candidates", json_string(marks_text), marks_text);
  record.text = marks_text + (slot.puzzle.annotation.empty() ? "" : " " + slot.puzzle.annotation) + '\n';
  format_record(slot, record);
  return State::done;
}

// The fields of a maker command's record for a puzzle that is not unique (record.status says why).
void Batch::unanswered_fields(Record& record, Command command) {
  if (command == Command::minimize) record.field("minimized", "null", "");
  if (command == Command::rate) {
    record.field("tier", "null", ""), record.field("rating", json_string(record.status), record.status);
    for (const char* name : {"er", "ep", "ed", "technique"}) record.field(name, "null", "");
  }
  if (command == Command::hint) {
    record.field("hint", "null", "");
    record.json.emplace_back("steps", "[]");
  }
  if (command == Command::steps) {
    record.field("steps", "[]", "");
    record.multiline = true;
  }
  if (command == Command::minimize) record.field("clues", "null", "");
  if (command == Command::candidates) record.field("candidates", "null", "");
}

// rate, hint, steps, minimize and candidates.
Batch::State Batch::process_maker(Worker& worker, Slot& slot, const Rules* rules) {
  const Puzzle& puzzle = slot.puzzle;
  const Command command = options_.command;
  const Symbols& symbols = options_.reader.symbols;
  Rules plain;
  plain.shape = puzzle.grid.shape;
  // Line, dot and neighbour rules have their techniques in the engine of rate, hint and steps
  // (maker/puzzle_logic.hpp), and candidates its own search.
  if (rules != nullptr && command == Command::candidates) return rule_candidates(slot, *rules);
  MakerTools& t = worker.tools_for(rules != nullptr ? *rules : plain, symbols);
  const bool marks = !puzzle.pencilmarks.empty();
  const CandidateGrid grid =
      marks ? CandidateGrid{puzzle.grid.shape, puzzle.pencilmarks} : candidates_of(puzzle.grid);
  dlx::SearchOptions search;
  search.stop = stop_;
  Verdict verdict;
  if (marks) {
    const dlx::Count count = count_candidates(grid, 2, search);
    if (!count.complete && count.solutions < 2 && stop_->load()) return State::stopped;
    verdict = count.solutions >= 2   ? Verdict::multiple
              : count.solutions == 1 ? Verdict::unique
                                     : Verdict::none;
  } else {
    t.solver.set_time_limit(std::chrono::nanoseconds::zero());
    t.solver.set_stop(stop_);  // its searches, and minimize's below, poll the flag (rebuilt once)
    // check() loads the puzzle again: a load costs little beside the answer, and says which givens clash.
    if (const auto conflict = t.solver.load(puzzle.grid)) return clashing_givens(slot, *conflict);
    verdict = t.solver.check(puzzle.grid);
    slot.nodes = t.solver.stats().nodes;
    if (verdict == Verdict::unknown && stop_->load()) return State::stopped;
  }
  if (stop_->load(std::memory_order_relaxed)) return State::stopped;
  Record record;
  record.status = verdict_word(verdict);
  slot.outcome = outcome_of(verdict);
  if (command == Command::candidates) {
    const CandidateGrid found = true_candidates(grid, search);
    if (stop_->load(std::memory_order_relaxed)) return State::stopped;
    return candidates_record(slot, record, found);
  }
  if (verdict != Verdict::unique) {
    record.text = record.status + '\n';
    unanswered_fields(record, command);
    format_record(slot, record);
    return State::done;
  }
  switch (command) {
    case Command::rate: {
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
      break;
    }
    case Command::minimize: {
      if (marks) {
        fail(slot, "minimize takes puzzles with givens, not pencilmarks", puzzle.line, "error: ");
        return State::done;
      }
      Grid minimized = puzzle.grid;
      minimize(minimized, t.solver, {}, stop_);
      if (stop_->load(std::memory_order_relaxed)) return State::stopped;
      std::string line;
      append_puzzle_line(line, minimized, {}, rules, symbols);
      record.field("minimized", json_string(line), line);
      record.field("clues", std::to_string(minimized.givens()), std::to_string(minimized.givens()));
      record.text = line +
                    (puzzle.annotation.empty() || !takes_annotation(rules) ? "" : " " + puzzle.annotation) +
                    '\n';
      break;
    }
    case Command::hint:
    case Command::steps: {
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
        emit(step->text, [&] { append_step_json(objects, *step, puzzle.grid.side()); });
      } while (command == Command::steps);
      if (command == Command::hint) {
        if (any) record.status = "hint";
        record.field("hint", any ? texts.substr(1) : "null", csv);
        record.json.emplace_back("steps", objects + ']');
      } else {
        record.field("steps", objects + ']', csv);
        record.multiline = true;
      }
      break;
    }
    default:
      break;
  }
  format_record(slot, record);
  return State::done;
}

Batch::State Batch::process_generate(Worker& worker, Slot& slot) {
  const GenerateOptions& options = options_.generate;
  // BatchOptions::generate_rating is GenerateOptions::rating by its older name.
  const std::optional<std::pair<double, double>> rating =
      options.rating ? options.rating : options_.generate_rating;
  if (!worker.generator) {
    worker.generator.emplace(options, options_.variants);
    if (rating) worker.generator->target_rating(rating->first, rating->second);
  }
  const std::optional<Generated> g = worker.generator->generate(slot.index, stop_);
  if (!g) {
    if (stop_->load(std::memory_order_relaxed)) return State::stopped;
    if (options.template_rules) {
      // Every attempt is bounded (generator.cpp): rules that this many random solutions do not settle make
      // a bad template, as a template without solution is.
      fail(slot,
           "no puzzle under the template's rules found in " + std::to_string(options.attempts) +
               " attempts (puzzle " + std::to_string(slot.index) +
               "): each attempt's searches are bounded, and its rules leave them too much to search, or "
               "admit no puzzle of the tier asked for; --attempts raises the bound",
           slot.puzzle.line, "error: ");
      return State::done;
    }
    fail(slot,
         "no " + std::to_string(options.shape.side()) + 'x' + std::to_string(options.shape.side()) +
             " puzzle (boxes " + to_string(options.shape) + ")" +
             (options.tier ? std::string(" of tier ") + kTierNames[static_cast<int>(*options.tier)] : "") +
             (rating
                  ? " with ER " + logic::rating_text(rating->first) + "-" + logic::rating_text(rating->second)
                  : "") +
             (options.clues ? " with " + std::to_string(options.clues) + " clues" : "") +
             (options.minimal ? ", minimal," : "") + " found in " + std::to_string(options.attempts) +
             " attempts (puzzle " + std::to_string(slot.index) +
             "); --attempts raises the bound, but it may not exist",
         slot.puzzle.line, "error: ");
    slot.outcome = Outcome::none;
    return State::done;
  }
  // Killers and random jigsaws carry rules of their own; other puzzles those of the command line.
  std::shared_ptr<const Rules> rules =
      g->rules ? g->rules : std::make_shared<const Rules>(make_rules(options.shape, options_.variants));
  const bool rated = logic_knows(*rules);
  if (!rules->plain()) slot.rules = std::move(rules);
  slot.puzzle.grid = g->puzzle;
  slot.puzzle.layout = Layout::line;
  slot.outcome = Outcome::solved;
  Record record;
  record.status = "generated";
  std::string solution;
  append_line(solution, g->solution, options_.reader.symbols);
  record.field("solution", json_string(solution), solution);
  record.field("seed", std::to_string(options.seed), std::to_string(options.seed));
  record.field("index", std::to_string(slot.index), std::to_string(slot.index));
  record.field("clues", std::to_string(g->puzzle.givens()), std::to_string(g->puzzle.givens()));
  record.field("symmetry", json_string(symmetry_name(options.symmetry)), symmetry_name(options.symmetry));
  const char* tier = kTierNames[static_cast<int>(g->tier)];
  record.field("tier", rated ? json_string(tier) : "null", rated ? tier : "");
  if (rating) {  // the puzzle was graded: its ER, EP and ED, as rate writes them
    for (const auto& [name, value] : {std::pair{"er", g->er}, {"ep", g->ep}, {"ed", g->ed}}) {
      const std::string text = value > 0 ? logic::rating_text(value) : "";
      record.field(name, text.empty() ? "null" : text, text);
    }
  }
  std::string line;
  append_puzzle_line(line, g->puzzle, {}, slot.rules.get(), options_.reader.symbols);
  // A typed killer line ends with its cages' sums, an f-puzzles line is JSON: no room for an annotation,
  // which goes on a comment line before it, as a grid's does.
  const std::string note = annotation(*g, options, slot.index, rated);
  record.text = slot.rules && (!slot.rules->cages.empty() || slot.rules->fpuzzles)
                    ? "# " + note + '\n' + line + '\n'
                    : line + ' ' + note + '\n';
  format_record(slot, record);
  return State::done;
}

Batch::State Batch::process_pencilmarks(Slot& slot) {
  const Puzzle& puzzle = slot.puzzle;
  dlx::SearchOptions search;
  search.stop = stop_;
  const CandidateGrid grid{puzzle.grid.shape, puzzle.pencilmarks};
  if (options_.command == Command::solve) {
    CandidateSolutions solutions(grid, search);
    Grid solution;
    const State state = list_solutions(
        slot, solution, [&](Grid& g) { return solutions.next(g); }, [&] { return solutions.status(); },
        [] { return false; });
    slot.nodes = solutions.nodes();
    return state;
  }
  const bool check = options_.command == Command::check;
  const dlx::Count count = count_candidates(grid, check ? 2 : options_.limit, search);
  if (!count.complete && stop_->load(std::memory_order_relaxed) && (!check || count.solutions < 2)) {
    if (!check) {
      slot.started = true;
      slot.partial = count.solutions;
    }
    return State::stopped;
  }
  Record record;
  if (!check) {
    slot.outcome = Outcome::solved;
    const std::string number = dlx::to_decimal(count.solutions);
    record.status = "counted";
    record.status_column = false;
    record.field("count", number, number + (count.complete ? "" : "+"));
    record.json.emplace_back("complete", count.complete ? "true" : "false");
    record.text = number + (count.complete ? "" : "+") + '\n';
  } else {
    slot.outcome = count.solutions >= 2   ? Outcome::multiple
                   : count.solutions == 1 ? Outcome::solved
                                          : Outcome::none;
    record.status = count.solutions >= 2 ? "multiple" : count.solutions == 1 ? "unique" : "none";
    record.text = record.status + '\n';
  }
  format_record(slot, record);
  return State::done;
}

}  // namespace sudoku
