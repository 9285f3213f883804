#include "sudoku/batch.hpp"

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <dlx/periodic_worker.hpp>
#include <exception>
#include <thread>

#include "sudoku/candidates.hpp"
#include "sudoku/conflict.hpp"
#include "sudoku/minimizer.hpp"
#include "sudoku/solver.hpp"

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

// The header of each command's CSV output.
constexpr std::string_view kCsvHeader[] = {
    "line,puzzle,status,solution,annotation\n",
    "line,puzzle,count,annotation\n",
    "line,puzzle,status,annotation\n",
};

}  // namespace

struct Batch::Slot {
  Puzzle puzzle;
  std::string out;      // the result, line end(s) included
  std::string message;  // for the error stream, without "source:line: "
  std::size_t message_line = 0;
  Outcome outcome = Outcome::solved;
  bool multiline = false;  // a board over several lines: set apart from its neighbours by a blank line
  std::uint64_t nodes = 0;
  double seconds = 0;
  State state = State::pending;  // guarded by Batch::mutex_ while the chunk runs
  bool started = false;          // count: a stopped search had begun; partial is what it found
  dlx::Count128 partial = 0;
  std::uint64_t end_offset = 0;  // bytes of the input read up to the end of this puzzle (input_position)
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
      slots_(std::min<std::size_t>(std::max<std::size_t>(1, options_.chunk_size), kFirstSlots)) {}

Batch::~Batch() = default;

int Batch::exit_status() const {
  if (totals_.errors > 0) return 2;
  switch (options_.command) {
    case Command::solve:
      return totals_.unsolved > 0 ? 1 : 0;
    case Command::check:
      return totals_.solved == totals_.puzzles ? 0 : 1;
    case Command::count:
      return 0;
  }
  return 0;
}

void Batch::run(std::istream& in, std::string_view source, std::ostream& out, std::ostream& err) {
  if (output_failed_) throw OutputError("cannot write the output");
  const auto stop_requested = [this] { return stop_->load(std::memory_order_relaxed); };
  if (stopped_ || stop_requested()) {
    stopped_ = true;
    return;
  }
  source_ = source;
  out_ = &out;
  err_ = &err;
  // The flusher of a run that lasts (see time_slice()) stops before run() returns, however it returns.
  run_started_ = std::chrono::steady_clock::now();
  slow_.store(false);
  struct StopFlusher {
    Batch& batch;
    ~StopFlusher() {
      std::unique_ptr<Flusher> flusher;
      {
        std::lock_guard lock(batch.mutex_);
        flusher = std::move(batch.flusher_);
      }
    }
  } stop_flusher{*this};

  struct ResetPosition {  // the next run starts at its input's beginning
    std::atomic<std::uint64_t>& position;
    ~ResetPosition() { position.store(0, std::memory_order_relaxed); }
  } reset_position{position_};
  PuzzleReader reader(in, options_.reader);
  for (bool more = true; more;) {
    // A chunk ends after chunk_size puzzles, or sooner when they hold much text (long annotations, big
    // boards), so that memory stays bounded by kChunkBytes rather than by chunk_size times the longest line.
    std::size_t used = 0, bytes = 0;
    const std::size_t chunk = std::max<std::size_t>(1, options_.chunk_size);
    while (used < chunk && bytes < kChunkBytes && !stop_requested()) {
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
    if (used > 0) {
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
        const Slot& slot = slots_[next_];
        if (options_.command == Command::count && slot.started) {
          out_buffer_ += dlx::to_decimal(slot.partial) + "+\n";
          partial_ = Partial{std::string(source_), slot.puzzle.line, slot.partial};
        }
        stopped_ = true;
      }
      // Slots keep their buffers from chunk to chunk, but not outsized ones: over a long input every slot
      // could otherwise come to hold the longest line seen.
      for (std::size_t i = 0; i < used; ++i) {
        Slot& slot = slots_[i];
        if (slot.puzzle.annotation.capacity() > kSlotKeepBytes) std::string().swap(slot.puzzle.annotation);
        if (slot.out.capacity() > kSlotKeepBytes) std::string().swap(slot.out);
      }
      write_out(true);
      if (stopped_) return;
    }
    if (more && stop_requested()) {
      stopped_ = true;
      return;
    }
  }
  if (reader.read_error()) {  // after the puzzles read before it; the next input is read as usual
    err << source << ":0: cannot read file: " << *reader.read_error() << '\n';
    ++totals_.errors;
  }
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

Batch::State Batch::process(Worker& worker, Slot& slot) {
  slot.out.clear();
  slot.message.clear();
  slot.multiline = false;
  slot.nodes = 0;
  slot.seconds = 0;
  slot.started = false;
  slot.partial = 0;
  if (stop_->load(std::memory_order_relaxed)) return State::stopped;
  const Puzzle& puzzle = slot.puzzle;
  // The message goes to stderr; the result column gets prefix and message, or `shown` when given.
  const auto fail = [&](std::string_view message, std::size_t line, std::string_view prefix,
                        std::string_view shown = {}) {
    slot.outcome = Outcome::error;
    slot.message.assign(message);
    slot.message_line = line;
    if (!shown.empty() && options_.format != Format::csv && !is_json(options_.format)) {
      slot.out += shown;
    } else if (options_.format == Format::csv) {
      slot.out += std::to_string(puzzle.line) + ",,";
      append_csv_field(slot.out, std::string(prefix) + std::string(message));
      slot.out += options_.command == Command::solve ? ",,\n" : ",\n";
    } else if (is_json(options_.format)) {
      slot.out += "{\"line\":" + std::to_string(puzzle.line) + ",\"status\":\"error\",\"error\":";
      append_json_string(slot.out, message);
      slot.out += "}\n";
    } else {
      slot.out += prefix;
      slot.out += message;
      slot.out += '\n';
    }
  };
  if (!puzzle.ok()) {
    fail(puzzle.error, puzzle.error_line, "error: ");
    return State::done;
  }
  const bool variant = options_.variants.any() || puzzle.rules != nullptr;
  if (!puzzle.pencilmarks.empty() && variant) {
    fail("pencilmark puzzles take no variant rules", puzzle.line, "error: ");
    return State::done;
  }
  if (!puzzle.pencilmarks.empty()) {
    try {
      process_pencilmarks(slot);
    } catch (const std::exception& e) {
      slot.out.clear();
      fail(std::string("internal error: ") + e.what(), puzzle.line, "error: ");
    }
    return stop_->load(std::memory_order_relaxed) && slot.outcome == Outcome::unknown ? State::stopped
                                                                                      : State::done;
  }
  try {
    const auto started =
        options_.stats ? std::chrono::steady_clock::now() : std::chrono::steady_clock::time_point{};
    dlx::SearchOptions search;
    search.stop = stop_;
    // Boards beyond kLargeSide with few givens (an empty 56x56 or 64x64 board) send the search into dead ends
    // thousands of levels deep that it backtracks out of only after hours: solve and check give up after
    // kLargeBoardNodes and say so, rather than never answer. count keeps no budget (a count of an open board is
    // endless at every size, and Ctrl-C or --time-limit end it).
    if (puzzle.grid.side() > kLargeSide && options_.command != Command::count)
      search.node_limit = kLargeBoardNodes;
    Solver* chosen = nullptr;
    if (!variant) {
      chosen = &worker.solver_for(puzzle.grid.shape, search);
    } else {
      try {
        Rules rules = make_rules(puzzle.grid.shape, options_.variants);
        if (puzzle.rules) add_rules(rules, *puzzle.rules);
        chosen = &worker.solver_for(std::move(rules), search);
      } catch (const RulesError& e) {
        fail(e.what(), puzzle.line, "error: ");
        return State::done;
      }
    }
    Solver& solver = *chosen;
    if (const auto conflict = solver.load(puzzle.grid)) {
      const std::string why = describe(*conflict, puzzle.grid.side(),
                                       digit_name(conflict->digit, puzzle.layout, options_.reader.symbols));
      // Clashing givens make a well-formed puzzle with no solution: count's column stays a number in every
      // format (the reason goes to stderr, and in JSON beside the count too).
      if (options_.command == Command::count &&
          (options_.format == Format::csv || is_json(options_.format))) {
        slot.outcome = Outcome::error;
        slot.message = why;
        slot.message_line = puzzle.line;
        std::string json = "\"count\":0,\"complete\":true,\"error\":";
        append_json_string(json, why);
        format_record(slot, "0", json);
        return State::done;
      }
      fail(why, puzzle.line, options_.command == Command::check ? "none: " : "error: ",
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
      slot.out.clear();
      fail("gave up after " + std::to_string(kLargeBoardNodes) + " search nodes: boards larger than " +
               std::to_string(kLargeSide) + "x" + std::to_string(kLargeSide) +
               " with this few givens are beyond this solver (give more givens)",
           puzzle.line, "error: ");
      return true;
    };
    switch (options_.command) {
      case Command::solve:
        if (solver.next(worker.solution) || (sliced() && solver.next(worker.solution))) {
          slot.outcome = Outcome::solved;
          format_solution(slot, worker.solution);
        } else if (solver.status() == dlx::Status::stopped) {
          return State::stopped;
        } else if (gave_up()) {
          return State::done;
        } else {
          slot.outcome = solver.status() == dlx::Status::exhausted ? Outcome::none : Outcome::unknown;
          format_solution(slot, Grid{});
        }
        break;
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
        const std::string number = dlx::to_decimal(count.solutions) + (count.complete ? "" : "+");
        if (options_.format == Format::csv || is_json(options_.format)) {
          format_record(slot, number,
                        "\"count\":" + dlx::to_decimal(count.solutions) +
                            ",\"complete\":" + (count.complete ? "true" : "false"));
        } else {
          slot.out += number + '\n';
        }
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
        std::string word = slot.outcome == Outcome::multiple  ? "multiple"
                           : slot.outcome == Outcome::unknown ? "unknown"
                           : slot.outcome == Outcome::solved  ? "unique"
                                                              : "none";
        std::string json = "\"status\":\"" + word + '"';
        if (options_.minimal && slot.outcome == Outcome::solved) {
          // The slices of time_slice() would cut these searches short; they are short ones.
          solver.set_time_limit(std::chrono::nanoseconds::zero());
          const bool minimal = is_minimal(puzzle.grid, solver);
          if (stop_->load(std::memory_order_relaxed)) return State::stopped;
          word += minimal ? " minimal" : " not-minimal";
          json += std::string(",\"minimal\":") + (minimal ? "true" : "false");
        }
        if (options_.format == Format::csv || is_json(options_.format)) {
          format_record(slot, word, json);
        } else {
          slot.out += word + '\n';
        }
        break;
      }
    }
    slot.nodes = solver.stats().nodes;
    if (options_.stats)
      slot.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  } catch (const std::exception& e) {
    slot.out.clear();
    fail(std::string("internal error: ") + e.what(), puzzle.line, "error: ");
  }
  return State::done;
}

// The solve command's result in the chosen format; `solution` is empty when there is none.
void Batch::format_solution(Slot& slot, const Grid& solution) const {
  const Puzzle& puzzle = slot.puzzle;
  const Symbols& symbols = options_.reader.symbols;
  const bool solved = !solution.cells.empty();
  std::string& out = slot.out;
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
    slot.outcome = Outcome::error;
    slot.message = "a " + std::to_string(puzzle.grid.side()) + "x" + std::to_string(puzzle.grid.side()) +
                   " board cannot be written with " + std::to_string(symbols.size()) +
                   " symbols; give --symbols or use --format judge";
    slot.message_line = puzzle.line;
    out += "error: " + slot.message + "\n";
    return;
  }
  const std::string_view status = kStatusName[static_cast<int>(slot.outcome)];
  switch (format) {
    case Format::csv:
      out += std::to_string(puzzle.line) + ',';
      append_line(out, puzzle.grid, symbols);
      out += ',';
      out += status == "none" ? "no solution" : status;
      out += ',';
      if (solved) append_line(out, solution, symbols);
      out += ',';
      append_csv_field(out, puzzle.annotation);
      out += '\n';
      return;
    case Format::json:
    case Format::json_array:
      out += "{\"line\":" + std::to_string(puzzle.line) + ",\"puzzle\":\"";
      append_line(out, puzzle.grid, symbols);  // symbols are printable ASCII other than '"' and '\'
      out += "\",\"status\":\"";
      out += status == "none" ? "no solution" : status;
      out += '"';
      if (solved) {
        out += ",\"solution\":\"";
        append_line(out, solution, symbols);
        out += '"';
      }
      if (!puzzle.annotation.empty()) {
        out += ",\"annotation\":";
        append_json_string(out, puzzle.annotation);
      }
      out += "}\n";
      return;
    default:
      break;
  }
  if (!solved) {
    out += slot.outcome == Outcome::none ? "no solution\n" : "stopped\n";
    return;
  }
  const bool has_note = !puzzle.annotation.empty();
  switch (format) {
    case Format::line:
      append_line(out, solution, symbols);
      if (has_note) out += ' ' + puzzle.annotation;
      out += '\n';
      return;
    case Format::grid:
      slot.multiline = true;
      if (has_note) out += "# " + puzzle.annotation + '\n';
      append_grid(out, solution, symbols);
      return;
    case Format::pretty:
      slot.multiline = true;
      if (has_note) out += "# " + puzzle.annotation + '\n';
      append_pretty(out, solution, symbols);
      return;
    case Format::judge:
      slot.multiline = true;
      if (puzzle.layout == Layout::spaced) {
        append_spaced(out, solution, symbols);
      } else {
        append_judge(out, solution);
      }
      return;
    default:
      return;
  }
}

void Batch::format_record(Slot& slot, std::string_view csv_fields, std::string_view json_fields) const {
  const Puzzle& puzzle = slot.puzzle;
  const Symbols& symbols = options_.reader.symbols;
  std::string& out = slot.out;
  const bool pencilmarks = !puzzle.pencilmarks.empty();
  if (options_.format == Format::csv) {
    out += std::to_string(puzzle.line) + ',';
    if (pencilmarks) {
      append_pencilmarks(out, CandidateGrid{puzzle.grid.shape, puzzle.pencilmarks}, symbols);
    } else {
      append_line(out, puzzle.grid, symbols);
    }
    out += ',';
    out += csv_fields;
    out += ',';
    append_csv_field(out, puzzle.annotation);
    out += '\n';
    return;
  }
  out += "{\"line\":" + std::to_string(puzzle.line) + ",\"puzzle\":\"";
  if (pencilmarks) {
    append_pencilmarks(out, CandidateGrid{puzzle.grid.shape, puzzle.pencilmarks}, symbols);
  } else {
    append_line(out, puzzle.grid, symbols);
  }
  out += "\",";
  out += json_fields;
  if (!puzzle.annotation.empty()) {
    out += ",\"annotation\":";
    append_json_string(out, puzzle.annotation);
  }
  out += "}\n";
}

void Batch::process_pencilmarks(Slot& slot) {
  const Puzzle& puzzle = slot.puzzle;
  dlx::SearchOptions search;
  search.stop = stop_;
  const CandidateGrid grid{puzzle.grid.shape, puzzle.pencilmarks};
  if (options_.command == Command::solve) {
    Grid solution;
    const dlx::Count found = count_candidates(grid, 1, search, &solution);
    if (found.solutions == 0 && !found.complete) {
      slot.outcome = Outcome::unknown;
      return;
    }
    slot.outcome = found.solutions > 0 ? Outcome::solved : Outcome::none;
    format_solution(slot, found.solutions > 0 ? solution : Grid{});
    return;
  }
  const bool check = options_.command == Command::check;
  const dlx::Count count = count_candidates(grid, check ? 2 : options_.limit, search);
  if (!count.complete && stop_->load(std::memory_order_relaxed) && (!check || count.solutions < 2)) {
    slot.outcome = Outcome::unknown;
    return;
  }
  slot.outcome = Outcome::solved;
  const bool structured = options_.format == Format::csv || is_json(options_.format);
  if (!check) {
    const std::string number = dlx::to_decimal(count.solutions) + (count.complete ? "" : "+");
    if (structured) {
      format_record(slot, number,
                    "\"count\":" + dlx::to_decimal(count.solutions) +
                        ",\"complete\":" + (count.complete ? "true" : "false"));
    } else {
      slot.out += number + '\n';
    }
    return;
  }
  slot.outcome = count.solutions >= 2   ? Outcome::multiple
                 : count.solutions == 1 ? Outcome::solved
                                        : Outcome::none;
  const std::string word = count.solutions >= 2 ? "multiple" : count.solutions == 1 ? "unique" : "none";
  if (structured) {
    format_record(slot, word, "\"status\":\"" + word + '"');
  } else {
    slot.out += word + '\n';
  }
}

void Batch::finish(std::ostream& out) {
  if (options_.format != Format::json_array || output_failed_) return;
  out << (json_records_ == 0 ? "[]\n" : "]\n");
  out.flush();
  if (!out) throw OutputError("cannot write the output");
}

void Batch::emit(const Slot& slot) {
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
