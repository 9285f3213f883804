// The engines' tuning knobs: every threshold that the selector (select.cpp) and the engines' constructors read
// to decide how to search, in one table. They change the tree's shape and speed, never the solutions found.
//
//   knob                        default  meaning                                                      chosen in
//                                                                                                     bench/history/
//   auto_max_options            4096     automatic: the bitset or mask engine for problems with at    "Where the speed
//                                        most this many options and primary items, links above        comes from"
//   propagate_primaries         200      Propagation::automatic propagates forced options on          "Where the speed
//                                        problems with this many primary items or more...             comes from"
//   propagate_sparse_primaries  64       ... or this many, when the primary columns are short:       (same)
//   propagate_uses_per_item     10       at most this many uses per primary item on average
//   tie_candidates              6        propagating engines (automatic, no seed): among the first    "Where the speed
//                                        this many items tied on fewest options, the one whose        comes from",
//                                        options remove the most                                      table "Tried"
//   tie_break_above_percent     30       mask engine: ties broken only at levels with more than this  "No tie-break deep
//                                        share of the primary items uncovered (else the leftmost)     in the tree"
//   subset_below_above_percent  55       mask engine: the subset rule below the root at levels with   "The subset rule
//                                        more than this share uncovered                               below the root"
//   subset_three_above_percent  60       mask engine: the root's subset rule checks items with three  "The root's subset
//                                        options too where more than this share is uncovered          rule on items with
//                                                                                                     three options..."
//   subset_root_above_percent   60       mask engine: the subset rule at the root only where more     "The root's subset
//                                        than this share is uncovered before the root's propagation   rule where givens
//                                        (after the forced options: a puzzle's givens)                are many"
//   group_rule_at_root          true     mask engine: the root applies the group rule (items whose    "Issue 37: the
//                                        options lead to the same items two ways: Sudoku's triads)    group rule"
//                                        with the subset rule, where that runs
//   group_rule_above_percent    100      mask engine: the group rule below the root at levels with    (same)
//                                        more than this share uncovered; 100: never
//   dense_frames                1        bitset engine's dense path: a node whose options fit in one  "Issue 37,
//                                        word runs its subtree on that word (a frame). 0 never, 1     fifteenth turn"
//                                        where the processor extracts bits fast (BMI2's PEXT; not on
//                                        AMD before Zen 3), 2 always (tests), in the copies with PEXT
//
// Tests set them (ScopedKnobs) to steer an engine into a behaviour on a problem small enough to check by brute
// force, rather than shaping the problem to cross a threshold.
#pragma once

#include <cstddef>

#include "dlx/solver.hpp"

namespace dlx::detail {

struct Knobs {
  std::size_t auto_max_options = kBitsetAutoOptions;
  std::size_t propagate_primaries = 200;
  std::size_t propagate_sparse_primaries = 64;
  std::size_t propagate_uses_per_item = 10;
  int tie_candidates = 6;
  int tie_break_above_percent = 30;
  int subset_below_above_percent = 55;
  int subset_three_above_percent = 60;
  int subset_root_above_percent = 60;
  bool group_rule_at_root = true;
  int group_rule_above_percent = 100;
  int dense_frames = 1;
};

// The most tie candidates an engine keeps room for (tie_candidates is clamped to it).
inline constexpr int kMaxTieCandidates = 24;

// The knobs in force: the defaults, or those a ScopedKnobs set. Read when an engine is built or chosen.
const Knobs& knobs();

// For tests: sets the knobs for its lifetime, then restores the previous ones. Not for use while another thread
// builds a Solver.
class ScopedKnobs {
 public:
  explicit ScopedKnobs(const Knobs& knobs);
  ~ScopedKnobs();
  ScopedKnobs(const ScopedKnobs&) = delete;
  ScopedKnobs& operator=(const ScopedKnobs&) = delete;

 private:
  const Knobs* previous_;
  Knobs knobs_;
};

// share_percent of n, rounded down, as the engines compare uncovered counts with it.
constexpr int share_of(int n, int percent) {
  return static_cast<int>(static_cast<long long>(n) * percent / 100);
}

}  // namespace dlx::detail
