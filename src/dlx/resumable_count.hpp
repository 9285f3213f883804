// A count split into subproblems whose results arrive from anywhere, in any order, and may have been recorded by
// an earlier run: the bookkeeping of dlx-mpi's rank 0, kept in the library so that the command only moves
// messages.
//
//   dlx::ResumableCount count(problem, 4096, "run.ckpt");   // splits; takes the checkpoint's results
//   for (std::uint64_t i : count.pending()) hand out count.split().subproblems[i] ...
//   count.add(i, {solutions, nodes});                        // recorded (fsync'ed) first, then counted
//   count.finish();                                          // waits for the recording
//   if (count.complete()) print(count.totals().solutions);
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "dlx/checkpoint.hpp"
#include "dlx/count128.hpp"
#include "dlx/parallel.hpp"
#include "dlx/problem.hpp"

namespace dlx {

class ResumableCount {
 public:
  // Splits the problem into about `target` subproblems (split_search). With a checkpoint path, opens or creates
  // the file for this problem and split (throws CheckpointError when it belongs to another or is damaged) and
  // takes the results it holds.
  ResumableCount(const Problem& problem, std::uint64_t target, const std::string& checkpoint_path = {});
  ~ResumableCount();
  ResumableCount(const ResumableCount&) = delete;
  ResumableCount& operator=(const ResumableCount&) = delete;

  const Split& split() const { return split_; }
  // The subproblems (indices into split().subproblems) that have no result yet, in depth-first order.
  const std::vector<std::uint64_t>& pending() const { return pending_; }
  // Results taken from the checkpoint when it was opened.
  std::uint64_t resumed() const { return split_.subproblems.size() - pending_.size(); }
  bool has_checkpoint() const { return checkpoint_ != nullptr; }

  // A subproblem's result. With a checkpoint it counts once it is durable (written and fsync'ed by a thread of
  // the recorder's), so that nothing counted is lost to a kill; without one, at once.
  void add(std::uint64_t index, const SubproblemResult& result);
  // A checkpoint write failed: hand out no more work; finish() throws why.
  bool failed() const;
  // Waits until every result added is recorded and counted. Throws CheckpointError when a write failed.
  void finish();

  struct Totals {
    Count128 solutions = 0;   // exact up to 2^128 - 1, then kCount128Max with overflow set
    std::uint64_t nodes = 0;  // the subproblems' nodes and the split's own, as one search counts them
    std::uint64_t done = 0;   // subproblems with a result
    bool overflow = false;
  };
  // Safe to call from any thread, as is progress().
  Totals totals() const;
  bool complete() const { return totals().done == split_.subproblems.size(); }
  // For a progress line: the share of the tree counted, seconds since the constructor started.
  Progress progress() const;

 private:
  void count(std::uint64_t index, const SubproblemResult& result);

  std::chrono::steady_clock::time_point started_;
  Split split_;
  std::unique_ptr<Checkpoint> checkpoint_;  // null without a checkpoint path
  std::vector<std::uint64_t> pending_;
  mutable std::mutex mutex_;  // guards totals_ and progress_: the recorder's thread counts, others read
  Totals totals_;
  Progress progress_;
  std::unique_ptr<CheckpointRecorder> recorder_;  // last: its thread counts into the members above
};

}  // namespace dlx
