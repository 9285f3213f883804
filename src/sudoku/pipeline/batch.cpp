// The pipeline itself (batch.hpp): puzzles read a chunk at a time, shared out over the pool, their results
// written in input order as they complete; stopping, flushing and the totals. The tasks are tasks.cpp and
// tasks/, the formats records.cpp.
#include "sudoku/pipeline/batch.hpp"

#include <chrono>
#include <cstdio>
#include <dlx/periodic_worker.hpp>
#include <system_error>
#include <thread>

#include "sudoku/pipeline/detail/batch_parts.hpp"
#include "sudoku/pipeline/detail/tasks.hpp"

namespace sudoku {
namespace {

constexpr std::size_t kChunkBytes = std::size_t{8} << 20;
constexpr std::size_t kFirstSlots = 64;
constexpr std::size_t kChunkPuzzles = 256, kChunkPerWorker = 32;  // BatchOptions::chunk_size 0
constexpr std::size_t kSlotKeepBytes = 4096;
// Results are written once this much gathered, or whatever is ready once this long passed since the last
// write.
constexpr std::size_t kWriteBytes = std::size_t{64} << 10;
constexpr auto kWriteInterval = std::chrono::milliseconds(50);
// What a slot may hold of a result written in parts (stream()) while a result before it is not done yet.
constexpr std::size_t kStreamBytes = std::size_t{1} << 20;

}  // namespace

using namespace batch_detail;

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

// When a worker's next search must stop for the flusher to be started: at the end of the run's first
// kWriteInterval. A run shorter than that (most files of a few puzzles) never starts the thread. No limit
// (time_point::max()) once the flusher runs. A point in time rather than a duration, so that the solver need
// not read the clock again: a reading is a noticeable part of a puzzle that takes microseconds. For the same
// reason the clock is read here at a worker's every kSliceReading-th search only: the slice's end may pass
// unseen for as many searches, and a search still under way then stops at its own reading of the clock (the
// band solver's every 1024 guesses), and the flusher starts.
std::chrono::steady_clock::time_point Batch::time_slice(Worker& worker) {
  constexpr std::uint64_t kSliceReading = 16;
  if (slow_.load(std::memory_order_acquire)) return std::chrono::steady_clock::time_point::max();
  const auto end = run_started_ + kWriteInterval;
  if (worker.slices++ % kSliceReading != 0 || std::chrono::steady_clock::now() < end) return end;
  start_flusher();
  return std::chrono::steady_clock::time_point::max();
}

// Where no thread can be started (a single-threaded host such as WebAssembly, or a process out of threads),
// the run goes on without the flusher: the worker writes what is due itself as each puzzle finishes
// (finished()).
void Batch::start_flusher() {
  {
    std::lock_guard lock(mutex_);
    if (slow_.load()) return;
    try {
      flusher_ = std::make_unique<Flusher>(*this);
    } catch (const std::system_error&) {
      flusher_.reset();
    }
    slow_.store(true, std::memory_order_release);
  }
  if (options_.on_slow_run) options_.on_slow_run();
}

Batch::Batch(BatchOptions options, dlx::ThreadPool& pool)
    : options_(std::move(options)),
      pool_(pool),
      stop_(options_.stop != nullptr ? options_.stop : &own_stop_),
      workers_(pool.size()),
      // Slots are added as a chunk needs them (up to chunk_size_): a short input does not pay for them all.
      // Small chunks keep the slots of one chunk in the caches and touch few new pages
      // (bench/history/issue-37-speed.md, "Issue 37, tenth turn"). Enough per worker that they seldom wait for
      // each other at a chunk's end.
      chunk_size_(options_.chunk_size != 0
                      ? options_.chunk_size
                      : std::max<std::size_t>(kChunkPuzzles, kChunkPerWorker * pool.size())),
      slots_(std::min<std::size_t>(chunk_size_, kFirstSlots)),
      structured_(options_.format == Format::csv || is_json(options_.format)),
      fields_(&record_fields(options_)),
      csv_header_(csv_header(*fields_)) {}

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
    const std::size_t chunk = chunk_size_;
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
  {
    // Options that cannot work (a rating under cages, clue counts no board has) are refused here, on the
    // caller's thread, before any puzzle is made: std::invalid_argument, as the Generator throws it.
    Generator check(options_.generate, options_.variants);
    if (options_.generate_rating)
      check.target_rating(options_.generate_rating->first, options_.generate_rating->second);
  }
  const RunScope scope(*this, "generate", out, err);
  const std::size_t chunk = std::max<std::size_t>(1, std::min<std::size_t>(chunk_size_, 4 * pool_.size()));
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
      Record record(*fields_);
      CountTask::fill(record, "stopped", slot.partial, false);
      format_record(slot, record);
      slot.message.clear();
      append_result(slot);
    }
    // --stats: the search the stop cut short (one that had started: it was timed) counts in the figures, its
    // line marked so. The puzzle is not counted as answered.
    if (options_.stats && slot.seconds > 0) {
      totals_.nodes += slot.nodes;
      totals_.seconds += slot.seconds;
      write_stats(slot, true);
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
  write_due();
}

void Batch::write_due() {
  const bool due_without_flusher = flusher_ == nullptr && slow_.load(std::memory_order_relaxed) &&
                                   std::chrono::steady_clock::now() - last_write_ >= kWriteInterval;
  if (out_buffer_.size() >= kWriteBytes || due_without_flusher) write_out(true);
}

bool Batch::stream(Slot& slot) {
  const auto i = static_cast<std::size_t>(&slot - slots_.data());
  std::unique_lock lock(mutex_);
  // The slots before it are all under way (the pool hands indices out in order), and the first of them never
  // waits here: each wait ends.
  while (!output_failed_ && !halted_ && i != next_) {
    if (slot.out.size() < kStreamBytes) return true;
    if (stop_->load(std::memory_order_relaxed)) return false;
    turn_.wait_for(lock, kWriteInterval);
  }
  if (output_failed_ || halted_) return false;
  append_result(slot);
  slot.streamed = true;
  slot.out.clear();
  try {
    write_due();
  } catch (const OutputError&) {
    return false;  // output_failed_ is set and the stop flag raised: run() throws it
  }
  return true;
}

void Batch::collect() {
  while (next_ < used_ && !halted_) {
    const Slot& slot = slots_[next_];
    if (slot.state == State::pending) return;
    if (slot.state == State::stopped) {
      halted_ = true;
      turn_.notify_all();
      return;
    }
    emit(slot);
    ++next_;
    turn_.notify_all();
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

void Batch::finish(std::ostream& out) {
  if (options_.format != Format::json_array || output_failed_) return;
  out << (json_records_ == 0 ? "[]\n" : "]\n");
  out.flush();
  if (!out) throw OutputError("cannot write the output");
}

void Batch::append_result(const Slot& slot) {
  if (!slot.streamed) {  // else what goes before the result went out with its first part
    if (options_.format == Format::csv && !wrote_csv_header_) {
      out_buffer_ += csv_header_;
      wrote_csv_header_ = true;
    }
    // One JSON array: "[" before the first object, "," before the others, "]" in finish().
    if (options_.format == Format::json_array && slot.out.starts_with('{'))
      out_buffer_ += json_records_++ == 0 ? '[' : ',';
    // Boards over several lines are set apart by a blank line, so that the output reads back as a grid file.
    if (wrote_any_ && (slot.multiline || last_multiline_)) out_buffer_ += '\n';
  }
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
  if (options_.stats) write_stats(slot, false);
}

void Batch::write_stats(const Slot& slot, bool stopped) {
  char figures[96];
  std::snprintf(figures, sizeof figures, ": %llu nodes, %.1f us%s\n",
                static_cast<unsigned long long>(slot.nodes), slot.seconds * 1e6, stopped ? " (stopped)" : "");
  err_buffer_ += source_;
  err_buffer_ += ':' + std::to_string(slot.puzzle.line) + figures;
}

}  // namespace sudoku
