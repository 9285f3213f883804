// Memoized counting (Nishino et al.'s DXZ, Knuth's dlx6): counts that no enumerating search can reach.
//
// Many nodes of a search tree are the same subproblem reached by different paths: the same primary items left
// to cover, the same secondary items free, used or holding the same colors. The memoized counter keeps the
// number of completions of each such state in a cache, so that a count costs time in proportion to the states
// rather than to the solutions: the 258,584,046,368 domino tilings of a 10x10 board take a fraction of a
// second. Counts are exact up to 2^128 - 1 (Count128). It branches as the Solver does (the primary item with
// fewest options left, the lowest id on ties), without recursion, within a memory budget: when the cache is
// full it forgets states (and meets them again), and the count stays exact. Where states rarely repeat
// (queens, pentominoes) it gives up memoizing below some depth and counts those subtrees with the plain
// engine, so that it costs about what plain counting costs (MemoStats::plain_subtrees says when). Items with multiplicities lo:hi
// (Algorithm M) are branched on as Knuth's dlx3 does, and their state (options taken, place in their list) is
// part of the key (memo/state.hpp).
//
//   dlx::MemoCounter counter(problem, {.cache_bytes = 1 << 30});
//   dlx::MemoCount c = counter.count();          // c.solutions, c.complete
//   counter.write_zdd(std::cout);                // the ZDD of all solutions
//   counter.sample(10, 42, [](auto solution) { ...; return true; });   // 10 uniformly random solutions
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <span>
#include <string_view>

#include "dlx/count128.hpp"
#include "dlx/problem.hpp"
#include "dlx/solver.hpp"

namespace dlx {

// The item each state branches on: `fewest` options (Knuth's choice: the smallest trees, best on puzzles
// such as pentominoes and Langford pairs), the `first` uncovered one in input order after any with at most one
// option left (best by far on tilings: a frontier sweeps the board), or `automatic`: both in turns with a node
// budget that doubles, until one finishes (at most about three times the better one's work).
enum class MemoOrder : std::uint8_t { automatic, fewest, first };

struct MemoOptions {
  // The cache's budget in bytes (split between the threads); 0: default_cache_bytes().
  std::size_t cache_bytes = 0;
  // Threads for count(): the search is split at its first levels into subproblems, each counted by one
  // thread with that thread's own cache. 0: one per hardware thread. write_zdd and sample use one.
  unsigned threads = 1;
  // Polled every 1024 nodes: the count stops once it reads true.
  const std::atomic<bool>* stop = nullptr;
  // Stop after this much time; zero: no limit.
  std::chrono::nanoseconds time_limit{0};
  MemoOrder order = MemoOrder::automatic;
  // Where states rarely repeat, memoizing costs more than it saves: 0 (the default) gives it up below the
  // depth where the cache's hits stopped paying and counts those subtrees with the plain engine (memo/search.hpp;
  // MemoStats::plain_subtrees); -1 memoizes everywhere; d > 0 counts every state from depth d on with the plain
  // engine at once (tests, experiments). Problems with multiplicities always memoize everywhere.
  int plain_depth = 0;
  // For tests: check the state's tables (memo::State::check_invariants) after every step of the search. Honoured
  // by the builds that compile the engines' invariant checks in (as SearchOptions::check_every_step).
  bool check_every_step = false;
};

struct MemoCount {
  Count128 solutions = 0;  // exact when complete; otherwise a lower bound (2^128 - 1 after an overflow)
  bool complete = false;   // the whole search was done and the count fits in 128 bits
  Status status = Status::ready;  // exhausted, stopped, timed_out or overflow (past 2^128 - 1)
};

struct MemoStats {
  std::uint64_t nodes = 0;       // states entered (cache hits included)
  std::uint64_t states = 0;      // states counted and stored in the cache
  std::uint64_t hits = 0;        // states found in the cache
  std::uint64_t evictions = 0;   // states forgotten for room (and perhaps counted again)
  std::size_t memory_bytes = 0;  // the caches' size at the end
  std::size_t subproblems = 0;   // the parts the threads shared (1 with one thread)
  std::uint64_t zdd_nodes = 0;   // nodes written by write_zdd
  // Where states rarely repeated, the counter gave up memoizing deep states (memo/search.hpp): the subtrees it
  // counted with the plain engine instead, their nodes (also in `nodes`), and the shallowest depth from which
  // a search did so (-1: none gave up).
  std::uint64_t plain_subtrees = 0;
  std::uint64_t plain_nodes = 0;
  int plain_depth = -1;
  double seconds = 0;  // time spent counting
};

// A quarter of the machine's physical memory (1 GiB when it cannot be known).
std::size_t default_cache_bytes();

// "512M", "2G", "100000", "64K", "1T" (binary multiples, optional "B"/"iB": "2GiB") as bytes; nothing for
// anything else, for zero and for sizes past what a size_t holds.
std::optional<std::size_t> parse_byte_size(std::string_view text);

namespace memo {
struct Limits;
class State;
class Portfolio;
class ZddWriter;
}  // namespace memo

class MemoCounter {
 public:
  // Keeps a reference to problem, which must outlive the counter.
  explicit MemoCounter(const Problem& problem, MemoOptions options = {});
  ~MemoCounter();
  MemoCounter(const MemoCounter&) = delete;
  MemoCounter& operator=(const MemoCounter&) = delete;

  // The number of solutions.
  MemoCount count();

  // Counts on one thread, writing the ZDD of all solutions on out (format in memo/zdd.hpp; README.md).
  MemoCount write_zdd(std::ostream& out);

  // Counts, then draws n solutions independently and uniformly at random (each solution of the problem
  // equally likely), handing each to visit (forced order: the options in the order the search chose them);
  // visit returns false to stop. The same seed gives the same solutions. Draws nothing when the count was
  // stopped, overflowed or is 0 (the returned count says which).
  MemoCount sample(std::uint64_t n, std::uint64_t seed,
                   const std::function<bool(std::span<const OptionId>)>& visit);

  const MemoStats& stats() const { return stats_; }

 private:
  // Counts the completions of state_'s current state on this thread, with cache_ (writing zdd, if any).
  MemoCount count_here(memo::ZddWriter* zdd);
  // Counts from the root on `threads` threads (see MemoOptions::threads).
  MemoCount count_parallel(unsigned threads);
  // Starts a public call: the clock of time_limit, and the calling thread's state, cache and search.
  void begin();
  // Ends it: the time and the calling thread's cache in stats_.
  void end();
  // The limits of the current call; halt: a second stop flag (the threads' own).
  memo::Limits limits(const std::atomic<bool>* halt) const;

  const Problem& problem_;
  MemoOptions options_;
  // A new portfolio (searches and caches) over state, with this share of the cache budget.
  std::unique_ptr<memo::Portfolio> make_portfolio(memo::State& state, std::size_t cache_bytes) const;

  std::unique_ptr<memo::State> state_;           // the calling thread's state (made on first use)
  std::unique_ptr<memo::Portfolio> portfolio_;   // and its searches and caches
  std::chrono::steady_clock::time_point began_;  // when the current call began, for time_limit
  MemoStats stats_;                              // of the latest call
  MemoStats worker_stats_;                       // of the other threads' caches in the latest call
  MemoStats start_;                              // the calling thread's totals when the latest call began
};

}  // namespace dlx
