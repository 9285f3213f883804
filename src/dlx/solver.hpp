// Knuth's Algorithm C (exact cover with colors) on dancing links, as a resumable search.
//
// A Solver copies a Problem into flat index arrays once; reset() and force() then let one Solver serve many
// searches of the same problem (a Sudoku shape solved for every puzzle, a subtree per worker thread). The search
// keeps its own stack of choices, so it neither recurses nor allocates, and it can stop after any solution and
// carry on from there with the next call.
//
//   dlx::Solver solver(problem);
//   while (solver.next()) use(solver.solution());   // every solution, in a deterministic order
//   dlx::Count c = solver.count(1000);               // or count, stopping at 1000
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "dlx/problem.hpp"

namespace dlx {

struct Stats {
  std::uint64_t nodes = 0;      // search tree nodes entered (Knuth's "nodes")
  std::uint64_t updates = 0;    // links removed while hiding options (Knuth's "updates")
  std::uint64_t solutions = 0;  // solutions found
  double seconds = 0;           // time spent inside next()/count()/for_each()
};

struct SearchOptions {
  // When set, ties between items with equally few options are broken at random with this seed instead of
  // taking the leftmost. The same seed gives the same search.
  std::optional<std::uint64_t> seed;
  // Polled every few thousand nodes; the search stops (resumably) once it reads true.
  const std::atomic<bool>* stop = nullptr;
  // Stop (resumably) after this much search time; zero means no limit.
  std::chrono::nanoseconds time_limit{0};
  // Stop (resumably) after this many search nodes; zero means no limit.
  std::uint64_t node_limit = 0;
};

// Why the latest next()/count()/for_each() call returned.
enum class Status {
  ready,      // nothing searched since construction or reset()
  found,      // next() found a solution, or count()/for_each() reached their limit; more may follow
  exhausted,  // the whole search tree has been explored
  stopped,    // the stop flag was raised
  timed_out,  // the time limit ran out
  node_limit, // the node limit ran out
  overflow,   // count() would have passed 2^64 - 1
};

struct Count {
  std::uint64_t solutions = 0;
  bool complete = false;  // true when the whole tree was searched, so solutions is exact
};

class Solver {
 public:
  explicit Solver(const Problem& problem, SearchOptions options = {});

  // Back to the state right after construction: no forced options, search not started. Costs time in
  // proportion to the work being undone, not to the size of the problem.
  void reset();

  // Puts an option into every solution before the search starts (the givens of a puzzle). Returns false and
  // changes nothing when the option clashes with one forced earlier or has no primary item.
  // Throws std::logic_error once the search has started (call reset() first).
  bool force(OptionId option);

  // The options the search would branch on first from the current forced state: those still available for the
  // primary item with fewest of them. Empty when every primary item is covered (the forced options are a
  // solution) or when some item has no option left (no solution). Their subtrees partition the solutions, so
  // forcing each in turn splits the search into independent parts (parallel search, estimates).
  // Only before the search starts, like force().
  std::vector<OptionId> branch_options();
  bool all_covered() const { return rlink_[0] == 0; }

  // Finds the next solution; false when there is none left or the search stopped (see status()).
  bool next();
  // The options of the latest solution found by next(), forced ones first. Valid until the next call.
  std::span<const OptionId> solution() const { return solution_; }

  // Counts solutions from here on, stopping once `limit` more were found (0: no limit).
  Count count(std::uint64_t limit = 0);

  // Calls visit with each solution from here on; visit returns false to stop (resumably) after it.
  void for_each(const std::function<bool(std::span<const OptionId>)>& visit);

  Status status() const { return status_; }
  const Stats& stats() const { return stats_; }
  const Problem& problem() const { return *problem_; }

 private:
  // One entry of the dancing-links table (Knuth's TOP/ULINK/DLINK/COLOR). Entries 1..item count are the item
  // headers, whose `top` holds the item's LEN (options still in its list) and whose ulink/dlink close the
  // item's circular list of option nodes. Each option's nodes follow one spacer, whose `top` is -(option id)
  // and whose ulink/dlink point at the first node of the previous option and the last node of this one.
  // A node whose color is -1 belongs to an option that already agrees with its item's committed color.
  struct Node {
    std::int32_t top;
    std::int32_t ulink;
    std::int32_t dlink;
    std::int32_t color;
  };
  template <class Visit>
  void run(Visit&& visit);
  int choose_item();
  void cover(int item);
  void uncover(int item);
  void hide(int node);
  void unhide(int node);
  void commit(int node);
  void uncommit(int node);
  void purify(int node);
  void unpurify(int node);
  void commit_others(int node);
  void uncommit_others(int node);
  void build_solution(int depth);
  OptionId option_of(int node) const;
  bool poll();

  enum class Pc : std::uint8_t { start, enter, after_solution, done };

  const Problem* problem_;
  SearchOptions options_;
  // Item list links (Knuth's LLINK/RLINK): index 0 is the root of the circular list of active primary items;
  // primary items are 1..primary_count, secondary items follow, each its own one-element list so that covering
  // one needs no special case.
  std::vector<std::int32_t> llink_, rlink_;
  std::vector<Node> nodes_;
  std::vector<std::int32_t> option_first_node_;  // node of each option's first item
  int primary_count_ = 0;

  // Search state. choice_[k] is the node of the option tried at depth k (depths below level_ are committed).
  std::vector<std::int32_t> choice_;
  std::vector<OptionId> forced_;
  std::vector<OptionId> solution_;
  int level_ = 0;
  Pc pc_ = Pc::start;
  Status status_ = Status::ready;
  Stats stats_;
  std::uint64_t random_state_ = 0;
  std::chrono::steady_clock::time_point deadline_{};
  std::uint64_t node_budget_end_ = 0;
  std::uint64_t next_poll_ = 0;
};

// Convenience: the first solution, or nothing.
std::optional<std::vector<OptionId>> solve_first(const Problem& problem, SearchOptions options = {});

}  // namespace dlx
