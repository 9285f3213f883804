// The memoized count itself (Nishino et al.'s DXZ, Knuth's dlx6): the number of completions of the state the
// State is in, as the sum over the options of its branching item of the completions after each, each state's
// sum kept in the Cache so that a state reached again by another path costs one lookup.
//
// Depth first with an explicit stack of frames, one per level, preallocated (State::max_depth: a level covers
// a primary item, or takes an option of or closes a bounded one): nothing recurses and the loop allocates nothing
// (only the cache grows, by doubling, until its budget). A stop (flag or deadline, polled every 1024 nodes)
// unwinds the stack, leaving the State as it found it, and returns the solutions counted so far: the sum of
// the finished subtrees, a lower bound.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
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

  std::uint64_t nodes() const { return nodes_; }

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
  };
  // Whether the search must stop now, and why.
  std::optional<Status> poll(const Limits& limits, std::uint64_t start) const;
  // Writes the finished frame's chain of ZDD nodes and returns its first node.
  std::uint64_t write_chain(const Frame& frame);

  State& state_;
  Cache& cache_;
  Order order_;
  ZddWriter* zdd_;
  std::vector<Frame> frames_;                                 // the stack, preallocated
  std::vector<std::pair<OptionId, std::uint64_t>> children_;  // (option, node of its subtree) per frame
  std::uint64_t nodes_ = 0;                                   // states entered, over all counts
};

}  // namespace dlx::memo
