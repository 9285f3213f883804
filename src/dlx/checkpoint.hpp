// A record of finished subproblems (parallel.hpp) on disk, so that a long count that was killed can resume where
// it stopped and still give the exact total.
//
// The file is text, append-only. A header names what the results belong to, then one line per finished
// subproblem, each written and fsync'ed before it counts as done:
//
//   dlx checkpoint 2
//   problem 9f2c...                     <- hash of the problem (canonical Knuth text)
//   split 4096 4113 51ab...             <- requested and actual subproblem counts, hash of their prefixes
//   done 17 2210 65536 04c1...          <- subproblem 17: 2210 solutions, 65536 nodes; FNV-1a of the line before it
//
// Solution counts are decimal and up to 2^128 - 1 (Count128); checkpoints written when they were 64-bit read
// the same, and a count with more digits than 2^128 - 1 has is refused as damage.
//
// A run killed mid-write leaves at worst a partial last line, which is dropped when the file is opened again.
// Any other damage (a changed digit, a line from elsewhere, a file larger than the split allows) is refused with
// a CheckpointError naming the file and line, so that corruption never passes as a count.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <map>
#include <mutex>
#include <span>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "dlx/count128.hpp"
#include "dlx/parallel.hpp"
#include "dlx/problem.hpp"

namespace dlx {

// FNV-1a, 64 bits: hashes that identify a problem and a split across runs and machines.
std::uint64_t fnv1a64(std::string_view bytes, std::uint64_t hash = 0xcbf29ce484222325ull);

// The identity of a split search, as the checkpoint header records it.
struct CheckpointKey {
  std::uint64_t problem_hash = 0;  // of write_knuth(problem)
  std::uint64_t target = 0;        // subproblems asked for
  std::uint64_t subproblems = 0;   // subproblems made
  std::uint64_t split_hash = 0;    // of every prefix, in order
};
CheckpointKey checkpoint_key(const Problem& problem, std::uint64_t target, std::span<const Subproblem> split);

struct SubproblemResult {
  Count128 solutions = 0;  // in the file as decimal digits: up to 39 (files with 64-bit counts read the same)
  std::uint64_t nodes = 0;
};

// Refused checkpoints and failed writes; what() is one line naming the file.
class CheckpointError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The checkpoint could not be created or written (a full disk): the file is sound, the machine is not. A refused
// file (damaged, or another problem's) and a name that cannot be opened (a folder that is not there, no
// permission) are plain CheckpointErrors.
class CheckpointWriteError : public CheckpointError {
 public:
  using CheckpointError::CheckpointError;
};

class Checkpoint {
 public:
  // Opens path, creating it with key's header when it does not exist or is empty (written whole, through
  // dlx::OutputFile, or not at all). An existing file must carry the same key; its results are loaded. Throws
  // CheckpointError (also when the name cannot be opened), CheckpointWriteError when the file cannot be written.
  Checkpoint(std::string path, const CheckpointKey& key);
  ~Checkpoint();
  Checkpoint(const Checkpoint&) = delete;
  Checkpoint& operator=(const Checkpoint&) = delete;

  // Results recorded so far, by subproblem index.
  const std::map<std::uint64_t, SubproblemResult>& done() const { return done_; }

  // Appends results and makes them durable (one fsync for the lot). Throws CheckpointWriteError.
  void record(std::span<const std::pair<std::uint64_t, SubproblemResult>> results);
  void record(std::uint64_t index, SubproblemResult result) {
    const std::pair<std::uint64_t, SubproblemResult> one{index, result};
    record(std::span(&one, 1));
  }

 private:
  void create(const std::string& header);  // writes a new file holding only the header, and opens it

  std::string path_;
  int fd_ = -1;
  std::uint64_t subproblems_ = 0;
  std::map<std::uint64_t, SubproblemResult> done_;
};

// Records results in a Checkpoint from a thread of its own, so that the caller (dlx-mpi's rank 0) keeps handing
// out work while the disk syncs: results that arrive during one fsync share the next. A result counts (`done` is
// called with it, from the recording thread) only once it is durable. Without a checkpoint, add() calls done at
// once, from the caller's thread.
class CheckpointRecorder {
 public:
  using Result = std::pair<std::uint64_t, SubproblemResult>;  // subproblem index, its result
  CheckpointRecorder(Checkpoint* checkpoint, std::function<void(const Result&)> done);
  ~CheckpointRecorder();  // finish(), errors dropped (already unwinding from another)
  CheckpointRecorder(const CheckpointRecorder&) = delete;
  CheckpointRecorder& operator=(const CheckpointRecorder&) = delete;

  void add(const Result& result);
  // A write failed: stop handing out work; finish() throws why.
  bool failed() const { return failed_.load(std::memory_order_relaxed); }
  // Waits until everything added is recorded; throws what the recording thread threw (CheckpointError).
  void finish();

 private:
  void loop(std::stop_token closing);

  Checkpoint* checkpoint_;                   // null: nothing to record
  std::function<void(const Result&)> done_;  // told of each durable result
  std::mutex mutex_;                         // guards queue_
  std::condition_variable_any wake_;         // queue_ grew, or finish() asked the thread to stop
  std::vector<Result> queue_;                // added, not yet written
  std::atomic<bool> failed_{false};          // error_ is set
  std::exception_ptr error_;                 // the recording thread's failure, rethrown by finish()
  // The recording thread (with a checkpoint only); finish() asks it to stop: it writes what is queued and ends.
  std::jthread thread_;
};

}  // namespace dlx
