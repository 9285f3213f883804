#include "sudoku/pipeline/batch.hpp"

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <dlx/periodic_worker.hpp>
#include <exception>
#include <span>
#include <thread>

#include "sudoku/io/pencilmarks.hpp"
#include "sudoku/io/puzzle_line.hpp"
#include "sudoku/maker/logic.hpp"
#include "sudoku/maker/minimizer.hpp"
#include "sudoku/maker/rater.hpp"
#include "sudoku/model/candidates.hpp"
#include "sudoku/model/conflict.hpp"
#include "sudoku/model/houses.hpp"
#include "sudoku/model/solver.hpp"
#include "sudoku/pipeline/answer.hpp"

namespace sudoku {
namespace {

enum class Outcome { solved, none, multiple, error, unknown };

constexpr std::size_t kChunkBytes = std::size_t{8} << 20;
constexpr std::size_t kFirstSlots = 64;
// Boards with a side above this get a node budget in solve and check (see process()): 49x49 is the largest
// side whose empty board the search fills at once (0.4 s); 56x56 and 64x64 ones ran for hours. A few seconds at
// most (a node of a big half-filled board costs up to 20 us); 64x64 puzzles with 70% givens need about 1000.
constexpr int kLargeSide = 49;
constexpr std::uint64_t kLargeBoardNodes = 250'000;
constexpr std::size_t kSlotKeepBytes = 4096;
// Results are written once this much gathered, or whatever is ready once this long passed since the last
// write.
constexpr std::size_t kWriteBytes = std::size_t{64} << 10;
constexpr auto kWriteInterval = std::chrono::milliseconds(50);

constexpr std::string_view kStatusName[] = {"solved", "none", "multiple", "error", "stopped"};

// The header of each command's CSV output (by Command).
constexpr std::string_view kCsvHeader[] = {
    "line,puzzle,status,solution,annotation\n",
    "line,puzzle,count,annotation\n",
    "line,puzzle,status,annotation\n",
    "line,puzzle,status,tier,rating,annotation\n",
    "line,puzzle,status,hint,annotation\n",
    "line,puzzle,status,steps,annotation\n",
    "line,puzzle,status,minimized,clues,annotation\n",
    "line,puzzle,status,candidates,annotation\n",
    "line,puzzle,status,solution,seed,index,clues,symmetry,tier\n",
};

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

// A logic step as JSON: {"technique":..,"text":..,"placements":[[r,c,d]],"eliminations":[[r,c,d],...]},
// rows, columns and digits from 1.
void append_step_json(std::string& out, const Step& step, const std::string& text, int side) {
  const auto triple = [&](int cell, int digit) {
    out += '[' + std::to_string(cell / side + 1) + ',' + std::to_string(cell % side + 1) + ',' +
           std::to_string(digit) + ']';
  };
  out += "{\"technique\":\"";
  out += technique_name(step.technique);
  out += "\",\"text\":";
  append_json_string(out, text);
  out += ",\"placements\":[";
  const bool single = step.technique == Technique::hidden_single || step.technique == Technique::naked_single;
  if (single && step.cell >= 0) triple(step.cell, step.digit);
  out += "],\"eliminations\":[";
  for (std::size_t i = 0; i < step.eliminated.size(); ++i) {
    if (i > 0) out += ',';
    triple(step.eliminated[i].first, step.eliminated[i].second);
  }
  out += "]}";
}

std::string json_string(std::string_view text) {
  std::string out;
  append_json_string(out, text);
  return out;
}

}  // namespace

struct Batch::Slot {
  Puzzle puzzle;
  std::uint64_t index = 0;  // generate: the puzzle's index
  std::string out;          // the result, line end(s) included
  std::string message;      // for the error stream, without "source:line: "
  std::size_t message_line = 0;
  Outcome outcome = Outcome::solved;
  bool multiline = false;  // a board over several lines: set apart from its neighbours by a blank line
  std::uint64_t nodes = 0;
  double seconds = 0;
  State state = State::pending;  // guarded by Batch::mutex_ while the chunk runs
  bool started = false;          // count: a stopped search had begun; partial is what it found
  dlx::Count128 partial = 0;
  std::uint64_t end_offset = 0;  // bytes of the input read up to the end of this puzzle (input_position)
  std::shared_ptr<const Rules> rules;  // the puzzle's rules and the command line's, for writing it back
};

// A result as the structured formats write it: {"line":..,"puzzle":..,"status":..,<fields>,"annotation":..}
// in JSON, and the command's CSV header's columns; `text` is what the text formats write.
struct Batch::Record {
  std::string status;
  std::vector<std::pair<std::string, std::string>> json;  // name, JSON value (already encoded)
  std::vector<std::string> csv;                           // the columns between status and annotation
  std::string text;                                       // text formats: the lines, each ending '\n'
  bool multiline = false;
  bool status_column = true;  // count's CSV has no status column
  void field(std::string name, std::string json_value, std::string csv_value) {
    json.emplace_back(std::move(name), std::move(json_value));
    csv.push_back(std::move(csv_value));
  }
};

// The solver and the logic of one set of rules, for the maker's commands.
struct MakerTools {
  explicit MakerTools(const Rules& rules)
      : solver(rules), houses(std::make_unique<Houses>(rules)), logic(*houses) {}
  Solver solver;
  std::unique_ptr<Houses> houses;  // on the heap: the logic points at it
  LogicSolver logic;
};

// A worker's own solvers, one per shape met so far, and scratch space: nothing here is shared between
// threads.
struct Batch::Worker {
  std::vector<Solver> solvers;
  Grid solution;

  Solver& solver_for(Shape shape, const dlx::SearchOptions& options) {
    for (Solver& s : solvers)
      if (s.shape() == shape) return s;
    return solvers.emplace_back(shape, options);
  }

  // Variants: a solver per rules met lately (a batch of killers has new rules for every puzzle, a batch of
  // jigsaws or X puzzles the same ones throughout).
  static constexpr std::size_t kVariantSolvers = 8;
  std::vector<Solver> variant_solvers;

  Solver& solver_for(Rules rules, const dlx::SearchOptions& options) {
    for (Solver& s : variant_solvers)
      if (s.rules() == rules) return s;
    if (variant_solvers.size() == kVariantSolvers) variant_solvers.erase(variant_solvers.begin());
    return variant_solvers.emplace_back(std::move(rules), options);
  }

  // The maker's commands: tools per rules met lately, as above.
  std::vector<std::unique_ptr<MakerTools>> tools;
  MakerTools& tools_for(const Rules& rules) {
    for (auto& t : tools)
      if (t->solver.rules() == rules) return *t;
    if (tools.size() == kVariantSolvers) tools.erase(tools.begin());
    return *tools.emplace_back(std::make_unique<MakerTools>(rules));
  }

  std::optional<Generator> generator;  // generate: made on the worker's first puzzle
  std::vector<Grid> found;  // solve: the solutions of the puzzle under way (only the first ones used)
};

// Writes out every kWriteInterval whatever results are ready, so that they do not wait for a slow puzzle
// after them (or for the next chunk). Only a run that lasts starts one: see time_slice().
struct Batch::Flusher {
  // What was ready before it started goes out at once (a run starts its flusher when it has already lasted),
  // then whatever has gathered every kWriteInterval.
  explicit Flusher(Batch& batch)
      : worker(std::chrono::nanoseconds(0), kWriteInterval, [&batch, first = true]() mutable {
          const std::lock_guard lock(batch.mutex_);
          const bool due = first || std::chrono::steady_clock::now() - batch.last_write_ >= kWriteInterval;
          first = false;
          if (!due || batch.out_buffer_.empty()) return true;
          try {
            batch.write_out(true);
          } catch (...) {
            return false;  // OutputError: output_failed_ is set and the stop flag raised; the run ends and throws it
          }
          return true;
        }) {}
  dlx::PeriodicWorker worker;
};

// How long a worker's next search may run before the flusher must be started: what is left of the run's first
// kWriteInterval. A run shorter than that (most files of a few puzzles) never starts the thread. Zero (no
// limit) once the flusher runs.
std::chrono::nanoseconds Batch::time_slice() {
  if (slow_.load(std::memory_order_acquire)) return std::chrono::nanoseconds::zero();
  const auto left = run_started_ + kWriteInterval - std::chrono::steady_clock::now();
  if (left > std::chrono::nanoseconds::zero()) return left;
  start_flusher();
  return std::chrono::nanoseconds::zero();
}

void Batch::start_flusher() {
  {
    std::lock_guard lock(mutex_);
    if (slow_.load()) return;
    flusher_ = std::make_unique<Flusher>(*this);
    slow_.store(true, std::memory_order_release);
  }
  if (options_.on_slow_run) options_.on_slow_run();
}

Batch::Batch(BatchOptions options, dlx::ThreadPool& pool)
    : options_(std::move(options)),
      pool_(pool),
      stop_(options_.stop != nullptr ? options_.stop : &own_stop_),
      workers_(pool.size()),
      // Slots are added as a chunk needs them (up to chunk_size): a short input does not pay for 4096 of
      // them.
      slots_(std::min<std::size_t>(std::max<std::size_t>(1, options_.chunk_size), kFirstSlots)),
      structured_(options_.format == Format::csv || is_json(options_.format)) {}

Batch::~Batch() = default;

int Batch::exit_status() const {
  if (totals_.errors > 0) return 2;
  switch (options_.command) {
    case Command::solve:
    case Command::generate:
      return totals_.unsolved > 0 ? 1 : 0;
    case Command::count:
    case Command::candidates:
      return 0;
    default:
      return totals_.solved == totals_.puzzles ? 0 : 1;
  }
}

// Sets up a run's output and its flusher (see time_slice()), which stops before the run returns, however it
// returns.
struct Batch::RunScope {
  Batch& batch;
  RunScope(Batch& b, std::string_view source, std::ostream& out, std::ostream& err) : batch(b) {
    batch.source_ = source;
    batch.out_ = &out;
    batch.err_ = &err;
    batch.run_started_ = std::chrono::steady_clock::now();
    batch.slow_.store(false);
  }
  ~RunScope() {
    std::unique_ptr<Flusher> flusher;
    {
      std::lock_guard lock(batch.mutex_);
      flusher = std::move(batch.flusher_);
    }
    flusher.reset();
    batch.position_.store(0, std::memory_order_relaxed);  // the next run starts at its input's beginning
  }
};

void Batch::run(std::istream& in, std::string_view source, std::ostream& out, std::ostream& err) {
  if (output_failed_) throw OutputError("cannot write the output");
  const auto stop_requested = [this] { return stop_->load(std::memory_order_relaxed); };
  if (stopped_ || stop_requested()) {
    stopped_ = true;
    return;
  }
  const RunScope scope(*this, source, out, err);
  PuzzleReader reader(in, options_.reader);
  for (bool more = true; more;) {
    // A chunk ends after chunk_size puzzles, or sooner when they hold much text (long annotations, big
    // boards), so that memory stays bounded by kChunkBytes rather than by chunk_size times the longest line;
    // and when the input has nothing more ready (input_ready), so that a slow producer's puzzles are answered
    // while it pauses.
    std::size_t used = 0, bytes = 0;
    const std::size_t chunk = std::max<std::size_t>(1, options_.chunk_size);
    while (used < chunk && bytes < kChunkBytes && !stop_requested()) {
      if (used > 0 && reader.buffered() == 0 && options_.input_ready && !options_.input_ready()) break;
      if (used == slots_.size()) slots_.resize(std::min(chunk, 2 * slots_.size()));
      Puzzle& puzzle = slots_[used].puzzle;
      if (!reader.next(puzzle)) {
        more = false;
        break;
      }
      ++totals_.read;
      read_.store(totals_.read, std::memory_order_relaxed);
      slots_[used].end_offset = reader.consumed();
      bytes += puzzle.grid.cells.size() + puzzle.annotation.size() + puzzle.error.size();
      ++used;
    }
    if (used > 0 && !run_chunk(used)) return;
    if (more && stop_requested()) {
      stopped_ = true;
      return;
    }
  }
  if (stop_requested()) {  // the input ended because the stop came while it was awaited (FdInput)
    stopped_ = true;
    return;
  }
  if (reader.read_error()) {  // after the puzzles read before it; the next input is read as usual
    err << source << ": cannot read file: " << *reader.read_error() << '\n';
    ++totals_.errors;
  }
}

void Batch::generate(std::uint64_t count, std::ostream& out, std::ostream& err) {
  if (output_failed_) throw OutputError("cannot write the output");
  const RunScope scope(*this, "generate", out, err);
  const std::size_t chunk =
      std::max<std::size_t>(1, std::min<std::size_t>(options_.chunk_size, 4 * pool_.size()));
  for (std::uint64_t first = 0; first < count;) {
    if (stopped_ || stop_->load(std::memory_order_relaxed)) {
      stopped_ = true;
      return;
    }
    const auto used = static_cast<std::size_t>(std::min<std::uint64_t>(chunk, count - first));
    if (slots_.size() < used) slots_.resize(used);
    for (std::size_t i = 0; i < used; ++i) {
      Slot& slot = slots_[i];
      slot.index = first + i;
      slot.puzzle.line = static_cast<std::size_t>(first + i + 1);
      slot.puzzle.error.clear();
      slot.puzzle.annotation.clear();
      slot.puzzle.pencilmarks.clear();
      slot.puzzle.rules.reset();
    }
    totals_.read += used;
    read_.store(totals_.read, std::memory_order_relaxed);
    if (!run_chunk(used)) return;
    first += used;
  }
}

bool Batch::run_chunk(std::size_t used) {
  {
    std::lock_guard lock(mutex_);
    if (output_failed_) throw OutputError("cannot write the output");
    used_ = used;
    next_ = 0;
    halted_ = false;
    for (std::size_t i = 0; i < used; ++i) slots_[i].state = State::pending;
  }
  pool_.for_each_index(
      used, [&](unsigned worker, std::size_t i) { finished(i, process(workers_[worker], slots_[i])); });
  std::lock_guard lock(mutex_);
  if (output_failed_) throw OutputError("cannot write the output");
  // Every slot is done or stopped now, and the workers are idle.
  collect();
  if (halted_) {
    Slot& slot = slots_[next_];
    if (options_.command == Command::count && slot.started) {
      // The count a stop cut short, as a record of the format asked for: "N+", or complete false.
      partial_ = Partial{std::string(source_), slot.puzzle.line, slot.partial};
      slot.out.clear();
      Record record;
      record.status = "stopped";
      record.status_column = false;
      record.field("count", dlx::to_decimal(slot.partial), dlx::to_decimal(slot.partial) + "+");
      record.json.emplace_back("complete", "false");
      record.text = dlx::to_decimal(slot.partial) + "+\n";
      format_record(slot, record);
      slot.message.clear();
      append_result(slot);
    }
    stopped_ = true;
  }
  // Slots keep their buffers from chunk to chunk, but not outsized ones: over a long input every slot could
  // otherwise come to hold the longest line seen.
  for (std::size_t i = 0; i < used; ++i) {
    Slot& slot = slots_[i];
    if (slot.puzzle.annotation.capacity() > kSlotKeepBytes) std::string().swap(slot.puzzle.annotation);
    if (slot.out.capacity() > kSlotKeepBytes) std::string().swap(slot.out);
  }
  write_out(true);
  return !stopped_;
}

void Batch::finished(std::size_t i, State state) {
  std::lock_guard lock(mutex_);
  slots_[i].state = state;
  if (output_failed_ || halted_ || i != next_) return;  // a slot after next_ waits for the one before it
  collect();
  if (out_buffer_.size() >= kWriteBytes) write_out(true);
}

void Batch::collect() {
  while (next_ < used_ && !halted_) {
    const Slot& slot = slots_[next_];
    if (slot.state == State::pending) return;
    if (slot.state == State::stopped) {
      halted_ = true;
      return;
    }
    emit(slot);
    ++next_;
  }
}

void Batch::write_out(bool force) {
  if (output_failed_ || (!force && out_buffer_.size() < kWriteBytes)) return;
  last_write_ = std::chrono::steady_clock::now();
  if (!out_buffer_.empty()) {
    out_->write(out_buffer_.data(), static_cast<std::streamsize>(out_buffer_.size()));
    out_->flush();
    out_buffer_.clear();
    if (!*out_) {
      output_failed_ = true;
      err_buffer_.clear();
      stop_->store(true);
      throw OutputError("cannot write the output");
    }
  }
  if (!err_buffer_.empty()) {
    err_->write(err_buffer_.data(), static_cast<std::streamsize>(err_buffer_.size()));
    err_->flush();
    err_buffer_.clear();
  }
}

// The message goes to the error stream; the result gets `prefix` and the message, or `shown` when given (text
// formats), or an error record.
void Batch::fail(Slot& slot, std::string_view message, std::size_t line, std::string_view prefix,
                 std::string_view shown) const {
  slot.out.clear();
  slot.multiline = false;
  slot.outcome = Outcome::error;
  slot.message.assign(message);
  slot.message_line = line;
  const Puzzle& puzzle = slot.puzzle;
  if (options_.format == Format::csv) {
    slot.out += std::to_string(puzzle.line) + ",,";
    append_csv_field(slot.out, std::string(prefix) + std::string(message));
    const std::string_view header = kCsvHeader[static_cast<int>(options_.command)];
    // The header's other columns, empty.
    for (auto n = std::count(header.begin(), header.end(), ',') - 2; n > 0; --n) slot.out += ',';
    slot.out += '\n';
  } else if (is_json(options_.format)) {
    slot.out += "{\"line\":" + std::to_string(puzzle.line) + ",\"puzzle\":";
    if (puzzle.ok() && !puzzle.grid.cells.empty()) {
      slot.out += '"';
      append_puzzle_line(slot.out, puzzle.grid, puzzle.pencilmarks, slot.rules.get(),
                         options_.reader.symbols);
      slot.out += '"';
    } else {
      slot.out += "null";
    }
    slot.out += ",\"status\":\"error\",\"error\":";
    append_json_string(slot.out, message);
    slot.out += "}\n";
  } else if (!shown.empty()) {
    slot.out += shown;
  } else {
    if (options_.command == Command::steps) slot.multiline = true;
    slot.out += prefix;
    slot.out += message;
    slot.out += '\n';
  }
}

Batch::State Batch::process(Worker& worker, Slot& slot) {
  slot.out.clear();
  slot.message.clear();
  slot.multiline = false;
  slot.nodes = 0;
  slot.seconds = 0;
  slot.started = false;
  slot.partial = 0;
  slot.rules.reset();
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
  if (const auto conflict = solver.load(puzzle.grid)) {
    const std::string why = describe(*conflict, puzzle.grid.side(),
                                     digit_name(conflict->digit, puzzle.layout, options_.reader.symbols));
    // Clashing givens make a well-formed puzzle with no solution: count's column stays a number in every
    // format (the reason goes to stderr, and in JSON beside the count too).
    if (options_.command == Command::count && (options_.format == Format::csv || is_json(options_.format))) {
      slot.outcome = Outcome::error;
      slot.message = why;
      slot.message_line = puzzle.line;
      Record record;
      record.status = "none";
      record.status_column = false;
      record.field("count", "0", "0");
      record.json.emplace_back("complete", "true");
      record.json.emplace_back("error", json_string(why));
      format_record(slot, record);
      return State::done;
    }
    fail(slot, why, puzzle.line, options_.command == Command::check ? "none: " : "error: ",
         options_.command == Command::count ? "0\n" : "");
    return State::done;
  }
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
      // The first `solutions` solutions (0: all). Solver::symmetry() > 1 (an empty variant board) stands for
      // solutions it does not list: only the ones found are written.
      // The worker's grids are reused from puzzle to puzzle: no allocation per puzzle.
      std::vector<Grid>& grids = worker.found;
      std::size_t found = 0;
      const std::uint64_t wanted = options_.solutions;
      bool complete = false;
      while (wanted == 0 || found < wanted) {
        if (found == grids.size()) grids.emplace_back();
        if (solver.next(grids[found]) || (sliced() && solver.next(grids[found]))) {
          ++found;
          continue;
        }
        if (solver.status() == dlx::Status::stopped) {
          if (found == 0) return State::stopped;
        } else if (found == 0 && gave_up()) {
          return State::done;
        } else {
          complete = solver.status() == dlx::Status::exhausted;
        }
        break;
      }
      slot.outcome = found > 0 ? Outcome::solved : complete ? Outcome::none : Outcome::unknown;
      format_solutions(slot, std::span<const Grid>(grids.data(), found), complete);
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

// rate, hint, steps, minimize and candidates.
Batch::State Batch::process_maker(Worker& worker, Slot& slot, const Rules* rules) {
  const Puzzle& puzzle = slot.puzzle;
  const Command command = options_.command;
  const Symbols& symbols = options_.reader.symbols;
  Rules plain;
  plain.shape = puzzle.grid.shape;
  if (rules != nullptr) {
    const bool refused =
        command == Command::candidates || (!Houses::holds(*rules) && command != Command::minimize);
    if (refused) {
      fail(slot,
           command == Command::candidates
               ? "candidates takes no variant rules"
               : "this tool takes regions only (jigsaw, x, windoku, extra regions): the techniques know no "
                 "neighbour rule or cage (solve, count, check and minimize do)",
           puzzle.line, "error: ");
      return State::done;
    }
  }
  MakerTools& t = worker.tools_for(rules != nullptr ? *rules : plain);
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
    std::string marks_text;
    append_pencilmarks(marks_text, found, symbols);
    record.field("candidates", json_string(marks_text), marks_text);
    record.text = marks_text + (puzzle.annotation.empty() ? "" : " " + puzzle.annotation) + '\n';
    format_record(slot, record);
    return State::done;
  }
  if (verdict != Verdict::unique) {
    record.text = record.status + '\n';
    if (command == Command::minimize) record.field("minimized", "null", "");
    if (command == Command::rate)
      record.field("tier", "null", ""), record.field("rating", json_string(record.status), record.status);
    if (command == Command::hint) {
      record.field("hint", "null", "");
      record.json.emplace_back("steps", "[]");
    }
    if (command == Command::steps) {
      record.field("steps", "[]", "");
      record.multiline = true;
    }
    if (command == Command::minimize) record.field("clues", "null", "");
    format_record(slot, record);
    return State::done;
  }
  switch (command) {
    case Command::rate: {
      // A puzzle's givens are placed, not taken as singles: rate() starts from them.
      const Rating rating =
          marks ? rate_candidates(grid, verdict, slot.nodes, t.logic) : rate(puzzle.grid, t.solver, t.logic);
      const std::string text = to_string(rating);
      record.field("tier", json_string(kTierNames[static_cast<int>(rating.tier)]),
                   kTierNames[static_cast<int>(rating.tier)]);
      record.field("rating", json_string(text), text);
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
        t.logic.load(grid);
      } else {
        t.logic.load(puzzle.grid);
      }
      std::string texts = "[", objects = "[", csv;
      bool any = false;
      do {
        if (stop_->load(std::memory_order_relaxed)) return State::stopped;
        const auto step = t.logic.step(Tier::subsets);
        if (!step) {
          const bool solved = t.logic.solved();
          record.status = solved ? "solved" : "stuck";
          record.text +=
              solved ? "solved\n"
                     : "stuck: no single, locked candidate or subset applies; the rest needs search\n";
          break;
        }
        const std::string text = describe(*step, *t.houses, symbols);
        record.text += text + '\n';
        if (structured_) {
          texts += (any ? "," : "") + json_string(text);
          objects += any ? "," : "";
          append_step_json(objects, *step, text, puzzle.grid.side());
          csv += (any ? "; " : "") + text;
        }
        any = true;
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
  if (!worker.generator) worker.generator.emplace(options, options_.variants);
  const std::optional<Generated> g = worker.generator->generate(slot.index, stop_);
  if (!g) {
    if (stop_->load(std::memory_order_relaxed)) return State::stopped;
    fail(slot,
         "no " + std::to_string(options.shape.side()) + 'x' + std::to_string(options.shape.side()) +
             " puzzle (boxes " + to_string(options.shape) + ")" +
             (options.tier ? std::string(" of tier ") + kTierNames[static_cast<int>(*options.tier)] : "") +
             (options.clues ? " with " + std::to_string(options.clues) + " clues" : "") +
             (options.minimal ? ", minimal," : "") + " found in " + std::to_string(options.attempts) +
             " attempts (puzzle " + std::to_string(slot.index) +
             "); --attempts raises the bound, but it may not exist",
         slot.puzzle.line, "error: ");
    slot.outcome = Outcome::none;
    return State::done;
  }
  Rules rules = make_rules(options.shape, options_.variants);
  const bool rated = Houses::holds(rules);
  if (!rules.plain()) slot.rules = std::make_shared<const Rules>(std::move(rules));
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
  std::string line;
  append_puzzle_line(line, g->puzzle, {}, slot.rules.get(), options_.reader.symbols);
  record.text = line + ' ' + annotation(*g, options, slot.index, rated) + '\n';
  format_record(slot, record);
  return State::done;
}

// The solve command's result in the chosen format: the solutions found (none: no solution, or stopped when
// not `complete`).
void Batch::format_solutions(Slot& slot, std::span<const Grid> solutions, bool complete) const {
  const Puzzle& puzzle = slot.puzzle;
  const Symbols& symbols = options_.reader.symbols;
  const bool solved = !solutions.empty();
  const bool several = options_.solutions != 1;  // --all or --limit: a list of solutions
  Format format = options_.format;
  if (format == Format::same) {
    switch (puzzle.layout) {
      case Layout::line:
        format = Format::line;
        break;
      case Layout::grid:
        format = Format::grid;
        break;
      case Layout::judge:
      case Layout::spaced:
        format = Format::judge;
        break;
    }
  }
  const bool needs_symbols = format != Format::judge || puzzle.layout == Layout::spaced;
  if (needs_symbols && !writable(puzzle.grid, symbols)) {
    fail(slot,
         "a " + std::to_string(puzzle.grid.side()) + "x" + std::to_string(puzzle.grid.side()) +
             " board cannot be written with " + std::to_string(symbols.size()) +
             " symbols; give --symbols or use --format judge",
         puzzle.line, "error: ");
    return;
  }
  if (format == Format::csv || is_json(format)) {
    Record record;
    record.status = solved ? "solved" : complete ? "no solution" : "stopped";
    std::string csv, json = "[";
    for (std::size_t i = 0; i < solutions.size(); ++i) {
      std::string line;
      append_line(line, solutions[i], symbols);
      csv += (i > 0 ? " " : "") + line;
      json += (i > 0 ? ",\"" : "\"") + line + '"';
    }
    if (!several) {
      record.csv.push_back(csv);
      if (solved) record.json.emplace_back("solution", json.substr(1));
    } else {
      record.field("solutions", json + ']', csv);
      record.json.emplace_back("count", std::to_string(solutions.size()));
      record.json.emplace_back("complete", complete ? "true" : "false");
    }
    format_record(slot, record);
    return;
  }
  std::string& out = slot.out;
  if (!solved) {
    out += complete ? "no solution\n" : "stopped\n";
    return;
  }
  const bool has_note = !puzzle.annotation.empty();
  for (std::size_t i = 0; i < solutions.size(); ++i) {
    const Grid& solution = solutions[i];
    switch (format) {
      case Format::line:
        append_puzzle_line(out, solution, {}, slot.rules.get(), symbols);
        if (has_note && takes_annotation(slot.rules.get())) out += ' ' + puzzle.annotation;
        out += '\n';
        break;
      case Format::grid:
      case Format::pretty:
        slot.multiline = true;
        if (i > 0) out += '\n';
        if (has_note) out += "# " + puzzle.annotation + '\n';
        if (format == Format::grid) {
          append_grid(out, solution, symbols);
        } else {
          append_pretty(out, solution, symbols);
        }
        break;
      case Format::judge:
        slot.multiline = true;
        if (i > 0) out += '\n';
        if (puzzle.layout == Layout::spaced) {
          append_spaced(out, solution, symbols);
        } else {
          append_judge(out, solution);
        }
        break;
      default:
        break;
    }
  }
  if (several && !complete && options_.solutions == 0) out += "stopped\n";
}

void Batch::format_record(Slot& slot, const Record& record) const {
  const Puzzle& puzzle = slot.puzzle;
  std::string& out = slot.out;
  if (options_.format == Format::csv) {
    out += std::to_string(puzzle.line) + ',';
    std::string line;
    append_puzzle_line(line, puzzle.grid, puzzle.pencilmarks, slot.rules.get(), options_.reader.symbols);
    append_csv_field(out, line);
    if (record.status_column) {
      out += ',';
      append_csv_field(out, record.status);
    }
    for (const std::string& column : record.csv) {
      out += ',';
      append_csv_field(out, column);
    }
    if (options_.command != Command::generate) {
      out += ',';
      append_csv_field(out, puzzle.annotation);
    }
    out += '\n';
    return;
  }
  if (is_json(options_.format)) {
    out += "{\"line\":" + std::to_string(puzzle.line) + ",\"puzzle\":\"";
    // Symbols and the names written in layouts are printable ASCII other than '"' and '\'.
    append_puzzle_line(out, puzzle.grid, puzzle.pencilmarks, slot.rules.get(), options_.reader.symbols);
    out += "\",\"status\":";
    append_json_string(out, record.status);
    for (const auto& [name, value] : record.json) out += ",\"" + name + "\":" + value;
    if (!puzzle.annotation.empty()) {
      out += ",\"annotation\":";
      append_json_string(out, puzzle.annotation);
    }
    out += "}\n";
    return;
  }
  out += record.text;
  slot.multiline = record.multiline;
}

Batch::State Batch::process_pencilmarks(Slot& slot) {
  const Puzzle& puzzle = slot.puzzle;
  dlx::SearchOptions search;
  search.stop = stop_;
  const CandidateGrid grid{puzzle.grid.shape, puzzle.pencilmarks};
  if (options_.command == Command::solve) {
    Grid solution;
    const dlx::Count found = count_candidates(grid, 1, search, &solution);
    if (found.solutions == 0 && !found.complete) return State::stopped;
    slot.outcome = found.solutions > 0 ? Outcome::solved : Outcome::none;
    format_solutions(slot, std::span<const Grid>(&solution, found.solutions > 0 ? 1 : 0), true);
    return State::done;
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

void Batch::finish(std::ostream& out) {
  if (options_.format != Format::json_array || output_failed_) return;
  out << (json_records_ == 0 ? "[]\n" : "]\n");
  out.flush();
  if (!out) throw OutputError("cannot write the output");
}

void Batch::append_result(const Slot& slot) {
  if (options_.format == Format::csv && !wrote_csv_header_) {
    out_buffer_ += kCsvHeader[static_cast<int>(options_.command)];
    wrote_csv_header_ = true;
  }
  // One JSON array: "[" before the first object, "," before the others, "]" in finish().
  if (options_.format == Format::json_array && slot.out.starts_with('{'))
    out_buffer_ += json_records_++ == 0 ? '[' : ',';
  // Boards over several lines are set apart by a blank line, so that the output reads back as a grid file.
  if (wrote_any_ && (slot.multiline || last_multiline_)) out_buffer_ += '\n';
  out_buffer_ += slot.out;
  wrote_any_ = true;
  last_multiline_ = slot.multiline;
}

void Batch::emit(const Slot& slot) {
  append_result(slot);
  ++totals_.puzzles;
  done_.store(totals_.puzzles, std::memory_order_relaxed);
  position_.store(slot.end_offset, std::memory_order_relaxed);
  totals_.nodes += slot.nodes;
  totals_.seconds += slot.seconds;
  switch (slot.outcome) {
    case Outcome::solved:
      ++totals_.solved;
      break;
    case Outcome::none:
      ++totals_.unsolved;
      break;
    case Outcome::multiple:
      ++totals_.multiple;
      break;
    case Outcome::error:
      ++totals_.errors;
      break;
    case Outcome::unknown:
      break;
  }
  if (!slot.message.empty()) {
    err_buffer_ += source_;
    err_buffer_ += ':' + std::to_string(slot.message_line) + ": " + slot.message + '\n';
  }
  if (options_.stats) {
    char figures[96];
    std::snprintf(figures, sizeof figures, ": %llu nodes, %.1f us\n",
                  static_cast<unsigned long long>(slot.nodes), slot.seconds * 1e6);
    err_buffer_ += source_;
    err_buffer_ += ':' + std::to_string(slot.puzzle.line) + figures;
  }
}

}  // namespace sudoku
