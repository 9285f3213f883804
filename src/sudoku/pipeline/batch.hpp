// Solves, counts or checks every puzzle of a stream, in parallel, with one result per puzzle in input order.
//
// The input is read a chunk of puzzles at a time (256 by default, fewer when they hold over 8 MiB of text),
// and the chunk is shared out over the pool's workers; memory stays bounded whatever the input's size.
// Results are written in input order as soon as all the puzzles before them are done (in writes of 64 KiB,
// and, once a run has lasted 50 ms, whatever is ready every 50 ms), so slow puzzles show their results one by
// one and a reader that goes away is noticed early. A result that can grow without bound (solve's list of
// every solution) goes out in parts as it grows, once the results before it are written: no puzzle's result is
// held whole. Each worker keeps its own Solver per shape, built the first time it meets it.
//
// A puzzle that cannot be read, or whose givens clash, gets "error: what is wrong" in its place ("none: ..."
// for check) and a "source:line: what is wrong" message on the error stream; the others carry on.
//
// Stopping: when BatchOptions::stop is raised (Ctrl-C, a time limit), the searches under way stop within a
// few thousand nodes, no new puzzle starts, every puzzle finished before the first unfinished one keeps its
// result, in order, and run() returns with stopped() true; puzzles after that get no result at all. In count
// mode the first unfinished puzzle, if its search had started, gets its partial count "N+" (see partial()).
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <dlx/thread_pool.hpp>
#include <functional>
#include <istream>
#include <memory>
#include <mutex>
#include <optional>
#include <ostream>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "dlx/count128.hpp"
#include "sudoku/io/reader.hpp"
#include "sudoku/io/writer.hpp"
#include "sudoku/maker/generator.hpp"
#include "sudoku/model/conflict.hpp"
#include "sudoku/model/rules.hpp"

namespace sudoku {

namespace batch_detail {
class Task;
struct RecordFields;
}  // namespace batch_detail

// Every command the pipeline runs, one task per puzzle (a generated puzzle for `generate`).
enum class Command {
  solve,       // the first solution of each puzzle (BatchOptions::solutions: more)
  count,       // the number of solutions, "N+" when the limit stopped the count
  check,       // unique, multiple or none
  rate,        // the tier of techniques that solves it (rater.hpp)
  hint,        // the next deduction (logic.hpp)
  steps,       // every deduction in order, then "solved" or "stuck: ..."
  minimize,    // the puzzle with givens dropped while it stays unique
  candidates,  // the true candidates (digits in some solution), as pencilmarks
  generate,    // puzzle number `index` of GenerateOptions::seed (Batch::generate)
};
inline constexpr const char* kCommandNames[] = {"solve", "count",    "check",      "rate",    "hint",
                                                "steps", "minimize", "candidates", "generate"};

struct BatchOptions {
  Command command = Command::solve;
  std::uint64_t limit = 0;  // count: stop after this many solutions (0: count them all)
  // solve: how many solutions to write, each in the format asked for (0: every one; --all, --limit N).
  std::uint64_t solutions = 1;
  // Any command: same (as read), line, grid, judge, pretty, csv, json or json_array; count, check and the
  // maker's commands write one word or line per puzzle in every text format.
  Format format = Format::same;
  bool minimal = false;  // check: "minimal" or "not-minimal" after "unique"
  ReaderOptions reader;
  // Variant rules for every puzzle (--variant, --regions, --extra-regions), on top of those a puzzle brings
  // (a jigsaw line's regions, a killer's cages); none by default. Plain puzzles take the plain model.
  Variants variants;
  GenerateOptions generate;  // generate: what to make (its shape, symmetry, tier, seed...)
  bool stats = false;        // a line per puzzle on the error stream: search nodes and time
  // Puzzles read and shared out at a time; 0: 256, or 32 per worker thread where that is more.
  std::size_t chunk_size = 0;
  // Whether more input can be read at once, without waiting (null: assume so). A chunk of puzzles is closed
  // early when it says no, so that the results of puzzles read from a slow producer (a generator, a person
  // typing) are written while the next ones are awaited, not after a whole chunk has come in.
  std::function<bool()> input_ready;
  // Raised by anyone (a signal thread, a timer, the caller) to stop early, as described above; the engine
  // polls it. The batch raises it itself when writing the output fails, so that every worker stops at once.
  // Must outlive the Batch. Without one the batch uses a flag of its own.
  std::atomic<bool>* stop = nullptr;
  // Called once per run(), by the thread that notices, when the run has lasted 50 ms (then the batch starts
  // its flusher thread too): a caller's own helpers that a short run does without can start there.
  std::function<void()> on_slow_run;
  // generate: keep only puzzles whose ER (Sukaku Explainer's scale, docs/rating.md) lies in [first, second].
  std::optional<std::pair<double, double>> generate_rating;
};

struct Totals {
  std::uint64_t read = 0;      // puzzles read from the input; more than puzzles after a stop
  std::uint64_t puzzles = 0;   // puzzles with a result
  std::uint64_t solved = 0;    // solve: solved; count: counted; check: unique
  std::uint64_t unsolved = 0;  // no solution
  std::uint64_t multiple = 0;  // check: more than one solution
  std::uint64_t errors = 0;    // unreadable puzzles, clashing givens, unreadable inputs
  std::uint64_t nodes = 0;     // search nodes, over all puzzles
  double seconds = 0;          // time spent on puzzles, summed over workers (stats only)
};

// Thrown when the output stream fails (disk full, closed pipe): going on would lose results silently. Errors
// on the error stream are ignored: there is nowhere to report them.
class OutputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Batch {
 public:
  Batch(BatchOptions options, dlx::ThreadPool& pool);
  ~Batch();
  Batch(const Batch&) = delete;
  Batch& operator=(const Batch&) = delete;

  // Every puzzle of `in`; `source` names the input in messages ("puzzles.txt", "<stdin>"). Returns early once
  // the stop flag is raised (then stopped() is true, and later calls return at once). Throws OutputError when
  // `out` fails, after raising the stop flag.
  void run(std::istream& in, std::string_view source, std::ostream& out, std::ostream& err);
  // generate: puzzles index 0..count-1 of the options' seed, in index order, as run() writes results. Throws
  // std::invalid_argument first for options the Generator refuses (check_clues, check_generated_rules, a
  // rating under rules it cannot rate).
  void generate(std::uint64_t count, std::ostream& out, std::ostream& err);
  // Ends the output after the last run(): the closing bracket of --format json-array. Throws OutputError.
  void finish(std::ostream& out);
  // Counts an input that could not be read at all, after the caller reported it.
  void add_input_error() { ++totals_.errors; }

  const Totals& totals() const { return totals_; }
  // Puzzles answered and read so far, readable from any thread (for a progress line) while run() goes on.
  std::uint64_t puzzles_done() const { return done_.load(std::memory_order_relaxed); }
  std::uint64_t puzzles_read() const { return read_.load(std::memory_order_relaxed); }
  // How far into the input of the run under way the puzzles answered reach, in bytes, readable from any
  // thread.
  std::uint64_t input_position() const { return position_.load(std::memory_order_relaxed); }
  // 0 all good; 1 some puzzle had no solution (solve) or was not unique (check, rate, ...), or generate
  // found none; 2 any input error.
  int exit_status() const;

  // A run was cut short by the stop flag: some puzzles read (or not read yet) got no result.
  bool stopped() const { return stopped_; }
  // count: the puzzle whose count a stop cut short, written as "N+" after the finished ones.
  struct Partial {
    std::string source;
    std::size_t line = 0;
    dlx::Count128 solutions = 0;
  };
  const std::optional<Partial>& partial() const { return partial_; }

 private:
  struct Worker;
  struct Slot;
  struct Record;
  struct RunScope;
  enum class State : std::uint8_t { pending, done, stopped };
  struct Flusher;
  // Runs slots 0..used-1 on the pool and writes their results; false once the run stopped.
  bool run_chunk(std::size_t used);
  // Each command's work is a task (detail/tasks.hpp), which answers the slot's puzzle through the batch's
  // formatter and streaming below.
  friend class batch_detail::Task;
  State process(Worker& worker, Slot& slot);
  std::chrono::steady_clock::time_point time_slice(Worker& worker);
  void start_flusher();
  void format_solutions(Slot& slot, std::span<const Grid> solutions, bool complete) const;
  // solve's result a solution at a time, so that a puzzle's many solutions can be written as they are found
  // (stream()): add_solution() for solution `index` (0: the record's beginning too; false when the board cannot
  // be written in these symbols or this format, the slot failed), then end_solutions() once, after `count` of them.
  bool add_solution(Slot& slot, const Grid& solution, std::size_t index) const;
  void end_solutions(Slot& slot, std::size_t count, bool complete) const;
  Format solution_format(const Puzzle& puzzle) const;
  static bool needs_symbols(Format format, const Puzzle& puzzle);
  void unwritable(Slot& slot) const;
  // The result as a record (csv, json) or its text: the one formatter of every command's results.
  void format_record(Slot& slot, const Record& record) const;
  // A record's beginning up to its status (csv: its columns; json: its first fields), and its end (the
  // annotation, the line end): format_record() writes the fields between them.
  void record_head(Slot& slot, std::string_view status, bool status_column) const;
  void record_tail(Slot& slot) const;
  // Called by a worker with part of a slot's result: written at once (as the buffers' rules say) when every
  // result before it is, kept in the slot otherwise, where the worker waits while it holds more than
  // kStreamBytes. False when the result will not be written (the output failed; a stop halted the run
  // before this slot): the worker then stops. Takes mutex_.
  bool stream(Slot& slot);
  // write_out() when 64 KiB gathered, or when the last write is kWriteInterval old and no flusher runs. Under
  // mutex_. Throws OutputError.
  void write_due();
  void fail(Slot& slot, std::string_view message, std::size_t line, std::string_view prefix,
            std::string_view shown = {}) const;
  // Called by a worker when slot i is done or stopped: writes whatever that completes, in order.
  void finished(std::size_t i, State state);
  // Moves the done slots from next_ on into the buffers (emit), up to the first one not done. Under mutex_.
  void collect();
  void emit(const Slot& slot);
  // --stats: the slot's line of figures on standard error ("FILE:LINE: N nodes, T us"), marked when stopped.
  void write_stats(const Slot& slot, bool stopped);
  // The slot's text into the output buffer, with what the format puts between results. Under mutex_.
  void append_result(const Slot& slot);
  // Writes the buffers: always when `force`, else once 64 KiB have gathered. Under mutex_. Throws
  // OutputError.
  void write_out(bool force);

  BatchOptions options_;
  dlx::ThreadPool& pool_;
  std::atomic<bool> own_stop_{false};
  std::atomic<bool>* stop_;
  std::vector<Worker> workers_;
  std::size_t chunk_size_;  // options_.chunk_size, or what 0 stands for
  std::vector<Slot> slots_;
  std::string out_buffer_, err_buffer_;
  Totals totals_;
  std::atomic<std::uint64_t> done_{0}, read_{0};  // totals_.puzzles and totals_.read, for other threads
  std::atomic<std::uint64_t> position_{0};        // see input_position()
  bool wrote_any_ = false, last_multiline_ = false, wrote_csv_header_ = false;
  std::uint64_t json_records_ = 0;  // json_array: objects written so far
  // The chunk under way and the output buffers; guarded by mutex_ while run() runs (workers and the flusher).
  std::mutex mutex_;
  std::size_t used_ = 0, next_ = 0;  // slots in use; the first one not written yet
  bool halted_ = false;              // a stopped slot was met: nothing after it is written
  bool output_failed_ = false;
  std::string_view source_;
  std::ostream* out_ = nullptr;
  std::ostream* err_ = nullptr;
  std::chrono::steady_clock::time_point last_write_{};
  std::chrono::steady_clock::time_point run_started_{};
  std::condition_variable turn_;      // next_ moved on (stream() waits for it)
  std::unique_ptr<Flusher> flusher_;  // guarded by mutex_
  std::atomic<bool> slow_{false};     // this run has lasted kWriteInterval: the flusher runs
  bool stopped_ = false;
  std::optional<Partial> partial_;
  bool structured_;                           // the format is csv, json or json_array: results are records
  const batch_detail::RecordFields* fields_;  // the command's record (detail/tasks.hpp)
  std::string csv_header_;
};

}  // namespace sudoku
