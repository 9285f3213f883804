// Multi-core search: the search tree cut into subtrees by prefixes of choices, searched by a pool of workers.
//
// A subproblem is a prefix of the search's choices: the options chosen on the way from the root to one node of the
// tree, which a Solver forces before searching the subtree under that node. Expanding a prefix (forcing it and
// asking Solver::branch_options) gives its children, whose subtrees partition its solutions, so any set of
// prefixes obtained by expanding the root repeatedly covers every solution exactly once. Counts are therefore
// exact and the same for every number of threads, and so are node counts: a full search enters each expanded
// prefix once (counted here) and every node below the subproblems (counted by the workers' Solvers).
//
// Each subproblem also carries a weight, its share of the tree if all branches at each level were alike (the
// product of 1/d over the branchings d above it). Weights sum to 1 over any such partition, so the weight of the
// finished subproblems measures progress; Knuth's estimate (estimate.hpp) rests on the same idea.
//
//   dlx::ParallelSolver search(problem, {.threads = 4});
//   dlx::Count c = search.count();              // exact, like Solver::count()
//   search.for_each([](auto solution) { ...; return true; });   // all solutions, in no fixed order
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <vector>

#include "dlx/problem.hpp"
#include "dlx/solver.hpp"
#include "dlx/thread_pool.hpp"

namespace dlx {

struct Subproblem {
  std::vector<OptionId> prefix;  // the options chosen from the root, one per level
  double weight = 1;             // product of 1/d over the branchings above it
};

// Puts solver (reset first) at the root of a subproblem. Throws std::logic_error if the prefix is not a path of
// the search tree of solver's problem.
void enter_subproblem(Solver& solver, std::span<const OptionId> prefix);

// From a solver entered at prefix (enter_subproblem), the children to split it into: the options of the first
// branching on the way down, after following every node with a single child in place (each appended to prefix
// and forced), so that a chain of forced choices costs what the search costs instead of one re-forcing of the
// whole prefix per link. Empty when the way down ends in a solution or a dead end, or when the branching has more
// than max_children options: forcing each of them again from a reset solver would cost that many times what the
// search pays once to cover their item, so such a node is searched whole instead. Adds to expanded the nodes
// entered above the returned children (none when it returns empty and stops at a leaf: the leaf's search counts
// that node).
std::vector<OptionId> expand_subproblem(Solver& solver, std::vector<OptionId>& prefix,
                                        std::size_t max_children, std::uint64_t& expanded);

struct Split {
  std::vector<Subproblem> subproblems;  // in the search's depth-first order
  std::uint64_t expanded_nodes =
      0;  // tree nodes above the subproblems: add to their nodes for the full count
};

// Splits the search tree into at least `target` subproblems (fewer only if the whole tree has fewer leaves, or
// if a node with more than max(target, 256) children is left whole: see expand_subproblem): starting from the
// root, expands the heaviest prefix (the earliest made on ties) until there are enough.
// Deterministic: the same problem, target and solver seed always give the same split. Uses (and resets) solver.
Split split_search(Solver& solver, std::size_t target);

struct ParallelOptions {
  unsigned threads = 0;  // workers, the calling thread included; 0: one per hardware thread
  // For every worker's Solver (engine, propagation, seed). The stop flag and the time limit apply to the search as
  // a whole (the flag is polled about every 10 ms); a node limit is not supported (std::invalid_argument).
  SearchOptions search = {};
  // Prefixes heavier than 1 / (subproblems_per_thread * threads) are always split; lighter ones are split only
  // when a worker would otherwise go idle. More subproblems balance better and show finer progress.
  std::size_t subproblems_per_thread = 256;
  // Run on this pool instead of a private one (threads is then the pool's size).
  ThreadPool* pool = nullptr;
};

// A snapshot of a running search, safe to take from any thread at any time.
struct Progress {
  // Weight of the subproblems finished so far; negative when not known (a count on one thread searches the
  // tree whole, as a Solver does, rather than in subproblems).
  double fraction = 0;
  Count128 solutions = 0;         // found in them
  std::uint64_t nodes = 0;        // entered in them
  std::uint64_t subproblems = 0;  // finished
  double seconds = 0;             // since the search started
};

class ParallelSolver {
 public:
  explicit ParallelSolver(const Problem& problem, ParallelOptions options = {});
  ~ParallelSolver();
  ParallelSolver(const ParallelSolver&) = delete;
  ParallelSolver& operator=(const ParallelSolver&) = delete;

  unsigned threads() const { return pool_->size(); }

  // Counts all solutions, or stops once `limit` were found (then solutions == limit and complete is false).
  // On one thread it runs one Solver over the whole tree (in slices, so that progress() can be read), so that
  // its stats() are exactly a Solver's.
  Count count(std::uint64_t limit = 0);
  // The first solution any worker finds (not necessarily the one a single Solver finds first), or nothing.
  std::optional<std::vector<OptionId>> first();
  // Calls visit with every solution, one call at a time (under a lock), from whichever thread found it, in no
  // fixed order; visit returns false to stop the search. Exceptions thrown by visit stop it and propagate.
  void for_each(const std::function<bool(std::span<const OptionId>)>& visit);

  // Why the latest call returned: exhausted, found (limit reached, solution or visit said stop), stopped,
  // timed_out or overflow.
  Status status() const { return status_; }
  // Totals over the latest call: nodes and solutions as a single Solver would count them (when the search ran to
  // the end), and wall-clock seconds. Updates are the workers' whole work: on one thread a count's are a
  // Solver's; on more, every subproblem's forcing of its path is counted too, so they exceed a Solver's.
  const Stats& stats() const { return stats_; }
  Progress progress() const;

 private:
  struct Task {
    std::vector<OptionId> prefix;
    double weight;
    std::uint64_t order;  // creation order, to break ties
  };
  struct LeafResult {
    Count128 solutions = 0;
    std::uint64_t nodes = 0;
    Status status = Status::exhausted;
  };
  using Leaf = std::function<LeafResult(Solver&)>;

  void run(const Leaf& leaf);
  void work(unsigned worker, const Leaf& leaf);
  Count count_alone(std::uint64_t limit);
  Solver& solver(unsigned worker);
  void stop_all() { stop_.store(true, std::memory_order_relaxed); }

  const Problem* problem_;
  ParallelOptions options_;
  std::unique_ptr<ThreadPool> own_pool_;
  ThreadPool* pool_;
  std::vector<std::unique_ptr<Solver>> solvers_;  // one per worker, built by the worker on first use
  std::atomic<bool> stop_{false};                 // every worker's Solver polls it

  // The state of a call, guarded by mutex_.
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::vector<Task> heap_;  // prefixes still to search, heaviest on top
  std::uint64_t made_ = 0;
  unsigned in_flight_ = 0;  // prefixes taken by workers and not yet finished
  std::uint64_t updates_ = 0;
  double split_weight_ = 0;
  std::size_t max_children_ = 2;  // wider nodes are searched whole (expand_subproblem)
  Progress progress_;
  std::chrono::steady_clock::time_point started_;
  Status outcome_ = Status::exhausted;  // the first reason a worker stopped early

  Status status_ = Status::ready;
  Stats stats_;
};

}  // namespace dlx
