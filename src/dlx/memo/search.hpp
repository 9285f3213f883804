// The memoized count itself (Nishino et al.'s DXZ, Knuth's dlx6): the number of completions of the state the
// State is in, as the sum over the options of its branching item of the completions after each, each state's
// sum kept in the Cache so that a state reached again by another path costs one lookup.
//
// Depth first with an explicit stack of frames, one per level, preallocated (State::max_depth: a level covers
// a primary item, or takes an option of or closes a bounded one): nothing recurses and the loop allocates nothing
// (only the cache grows, by doubling, until its budget). A stop (flag or deadline, polled every 1024 nodes)
// unwinds the stack, leaving the State as it found it, and returns the solutions counted so far: the sum of
// the finished subtrees, a lower bound.
//
// Memoizing pays only where states repeat. Where they rarely do (queens, pentominoes: a few percent of the
// lookups hit), the counter's own tables cost many times what the plain engines pay per node (pentominoes 6x10:
// 4 us against 0.2 us, nearly all of it in State's kill/revive, not in the cache). So the search keeps, by
// depth, the states it entered and the nodes its hits saved (each cache entry keeps the size of its state's
// tree as plain counting would walk it), and once enough lookups were made (kDecideAfter) it gives up
// memoizing from the shallowest depth below which the hits shrank the tree by less than kCostRatio: each
// state entered there or deeper is counted by a plain Solver instead, with the options on the path to it
// forced (and its count still stored, so a repeat costs a lookup). Counts stay exact either way. Not with multiplicities (a state there is more
// than the options taken) nor while writing a ZDD (a plain count makes no nodes); set_plain(false) turns it
// off (sampling, which walks down the cache).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "dlx/count128.hpp"
#include "dlx/memo/cache.hpp"
#include "dlx/memo/state.hpp"
#include "dlx/memo/zdd.hpp"
#include "dlx/solver.hpp"

namespace dlx::memo {

// When a count must stop early.
struct Limits {
  const std::atomic<bool>* stop = nullptr;                        // stop once it reads true
  const std::atomic<bool>* halt = nullptr;                        // the same, a second flag (for threads)
  std::uint64_t node_limit = 0;                                   // stop after this many nodes (0: none)
  std::optional<std::chrono::steady_clock::time_point> deadline;  // stop once it has passed
};

// A count of the completions of one state.
struct Counted {
  Count128 count = 0;     // exact when status is exhausted; else a lower bound (kCount128Max on overflow)
  std::uint64_t zdd = 0;  // the ZDD node of the state (when a ZddWriter was given)
  Status status = Status::exhausted;  // exhausted, stopped, timed_out, node_limit or overflow
};

class Search {
 public:
  // zdd: when not null, every state counted is also written as ZDD nodes.
  Search(State& state, Cache& cache, Order order, ZddWriter* zdd = nullptr);

  Counted count(const Limits& limits);
  // Writes the ZDD of the states counted from now on (nullptr: none).
  void set_zdd(ZddWriter* zdd) { zdd_ = zdd; }
  // Whether the search may give up memoizing deep states (see the head of the file); on by default.
  void set_plain(bool allowed) { plain_allowed_ = allowed; }
  // 0: give up memoizing where it does not pay, judged by the savings (the default); -1: never; d > 0: count
  // every state from depth d on with the plain engine at once (tests, experiments). Not with multiplicities.
  void set_plain_depth(int depth);
  // For tests: State::check_invariants() after every step, in builds with invariant checks (DLX_CHECK_INVARIANTS).
  void set_check_every_step(bool check) { check_every_step_ = check; }
  // The options the state took before count() is called (a thread's part of the tree): a plain count forces
  // them too.
  void set_prefix(std::span<const OptionId> prefix) { prefix_.assign(prefix.begin(), prefix.end()); }

  // States entered (plain counts' nodes included), over all counts.
  std::uint64_t nodes() const { return nodes_; }
  // Subtrees counted by the plain engine, their nodes, and the depth from which it counts them (kNever: the
  // search still memoizes everywhere).
  static constexpr std::size_t kNever = ~std::size_t{0};
  std::uint64_t plain_subtrees() const { return plain_subtrees_; }
  std::uint64_t plain_nodes() const { return plain_nodes_; }
  std::size_t plain_depth() const { return cutoff_; }

 private:
  // One level of the depth-first walk: a state whose options are being tried.
  struct Frame {
    std::uint64_t hash;      // its key's hash, to store its count when done
    ItemId item;             // the item it branches on
    std::uint32_t first;     // the item's position when the frame began (State::rewind)
    std::uint32_t next;      // the first branch not tried yet (State::next_branch)
    std::uint32_t chosen;    // the branch entered now (its subtree is being counted), or kNoBranch
    std::uint32_t children;  // where its ZDD children start in children_
    std::uint64_t closed;    // the ZDD node of the branch that closes a bounded item (0: none)
    Count128 sum;            // completions of the branches done
    std::uint64_t entered;   // nodes_ and saved_total() when it began, for the size of its tree
    std::uint64_t saved;
  };
  // Whether the search must stop now, and why.
  std::optional<Status> poll(const Limits& limits, std::uint64_t start) const;
  // Writes the finished frame's chain of ZDD nodes and returns its first node.
  std::uint64_t write_chain(const Frame& frame);
  // Gives up memoizing from some depth on when the hit rate there stays low (see the head of the file).
  void maybe_give_up();
  // Counts the current state (at `depth` frames) with the plain engine into `count`, in slices of nodes
  // between which it polls the limits; returns why it stopped early, if it did (count is then a lower bound).
  std::optional<Status> count_plain(std::size_t depth, const Limits& limits, std::uint64_t start,
                                    Count128& count, std::uint64_t& size);
  std::uint64_t saved_total() const { return saved_sum_; }

  State& state_;
  Cache& cache_;
  Order order_;
  ZddWriter* zdd_;
  std::vector<Frame> frames_;                                 // the stack, preallocated
  std::vector<std::pair<OptionId, std::uint64_t>> children_;  // (option, node of its subtree) per frame
  std::uint64_t nodes_ = 0;                                   // states entered, over all counts

  // State::check_invariants() when asked, in builds with invariant checks.
  void check_step() const;

  bool check_every_step_ = false;  // set_check_every_step
  bool plain_allowed_ = true;      // set_plain
  bool judge_ = true;              // set_plain_depth(0): judge whether memoizing pays
  std::uint64_t next_judgement_ =
      0;                         // judged when lookups_total_ reaches this (kDecideAfter, then every 1024)
  std::size_t cutoff_ = kNever;  // states entered at this depth or deeper are counted plain
  // By depth (frames in use): cache lookups, and the nodes their hits saved (the sizes of the trees skipped).
  std::vector<std::uint64_t> lookups_, saved_;
  std::uint64_t lookups_total_ = 0;  // the sum of lookups_
  std::uint64_t saved_sum_ = 0;      // and of saved_ (capped)
  std::size_t deepest_ = 0;          // the deepest depth looked up
  std::unique_ptr<Solver> plain_;    // made on first use
  std::vector<OptionId> prefix_;     // set_prefix
  std::vector<OptionId> path_;       // the options a plain count forces (preallocated)
  std::uint64_t plain_subtrees_ = 0, plain_nodes_ = 0;
  bool paused_ = false;                // plain_ paused in a count a stop cut short
  std::vector<OptionId> paused_path_;  // that count's path_
  Count128 paused_count_ = 0;          // and the solutions it had found
};

}  // namespace dlx::memo
