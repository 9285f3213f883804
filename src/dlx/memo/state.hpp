// The memoized counter's view of a problem: which items are still to cover, what each secondary item holds,
// which options are still possible, and the key that names the state in the cache. Its own compact tables,
// apart from the Solver's engines, because the counter needs what they do not keep: a key of the state.
//
// An option is possible while all its primary items are uncovered and each of its secondary items is free, or
// (when the option colors it) already holds that color. Choosing an option (apply) kills the options it rules
// out, keeping per primary item the number still possible, as dancing links does with counters in place of
// links; unapply undoes the latest apply. The key is a bitset of uncovered primary items followed by a small
// field per secondary item (0 free, 1 used without color, 1 + k holding its k-th color): two states with the
// same key have the same possible options, hence the same number of completions.
//
// Items with multiplicities lo:hi (Algorithm M) are "bounded": such an item stays open while it has taken fewer
// than hi options and has not been closed, and a solution needs it to take at least lo. A search branches on a
// bounded item as Knuth's Algorithm M does, so that each set of options is met once: the k-th branch takes the
// item's k-th option and leaves out every option before it in the item's list (they stay out below), and a
// last branch, once the item has taken lo, closes it (takes no more of its options). The options left out are
// those before the item's position p, so the key holds, for each bounded item, 0 when closed and else
// 1 + taken * (length + 1) + p: with the uncovered bits and secondary fields it still decides which options
// are possible. take/untake/rewind are these branches; for other items take(item, k) is apply(its k-th option).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "dlx/problem.hpp"

namespace dlx::memo {

// Which uncovered primary item a state branches on. Both depend on the state only (not on the path to it), so
// that a state met again branches the same way.
enum class Order : std::uint8_t {
  // The item with fewest possible options, the lowest id on ties (Knuth's choice): the smallest trees.
  fewest,
  // An item with at most one possible option if any (a dead end or a forced choice), else the lowest id: on
  // tilings, where the cells come row by row, the states are the profiles of a frontier that sweeps the
  // board, far fewer than `fewest` meets (125,180 against 36,586,945 on the 8x8 board with monominoes,
  // dominoes and trominoes).
  first,
};

class State {
 public:
  explicit State(const Problem& problem);

  // The number of 64-bit words of a key, and the key of the current state.
  std::size_t key_words() const { return key_.size(); }
  std::span<const std::uint64_t> key() const { return key_; }
  std::uint64_t hash() const;

  // Every primary item is covered (bounded ones closed): the options chosen make a solution.
  bool solved() const { return uncovered_count_ == 0; }
  // The item to branch on (see Order): an open item that cannot be satisfied any more if there is one. Only
  // when !solved().
  ItemId choose(Order order) const;
  // The number of possible options of a primary item.
  std::uint32_t remaining(ItemId item) const { return remaining_[item]; }
  // An open item that can no longer take enough options: no completion.
  bool hopeless(ItemId item) const {
    return has_bounds_ ? taken_[item] + remaining_[item] < lo_[item] : remaining_[item] == 0;
  }

  // Branches of an open item, numbered by the index in options_of(item) of the option taken, and, for a bounded
  // item that has taken lo options, options_of(item).size() for closing it. next_branch: the first branch
  // numbered `from` or later, or kNoBranch.
  static constexpr std::uint32_t kNoBranch = ~std::uint32_t{0};
  std::uint32_t next_branch(ItemId item, std::uint32_t from) const;
  // The item's position: options before it in its list are left out (always 0 for items that are not bounded).
  std::uint32_t position(ItemId item) const { return position_[item]; }
  // Enters branch `branch` of an open item: leaves out the options from position(item) through the branch's
  // and takes its option (or closes the item). untake(item, branch) undoes the taking or closing only, so that
  // the next sibling branch leaves out a few more options; rewind(item, first) then lets back in every option
  // from `first` (the position before the first sibling) on. Last in, first out, like apply/unapply.
  void take(ItemId item, std::uint32_t branch);
  void untake(ItemId item, std::uint32_t branch);
  void rewind(ItemId item, std::uint32_t first);
  // The most branches a path from the root can take: a stack that deep never overflows.
  std::size_t max_depth() const { return max_depth_; }

  // The options that cover item, in input order; possible(o) tells which are still possible.
  std::span<const OptionId> options_of(ItemId item) const {
    return {item_options_.data() + item_begin_[item], item_options_.data() + item_begin_[item + 1]};
  }
  bool possible(OptionId option) const { return dead_[option] == 0; }

  // Chooses a possible option; unapply(option) undoes the latest apply(option), last in first out.
  void apply(OptionId option);
  void unapply(OptionId option);

  std::size_t option_count() const { return dead_.size(); }
  // Throws std::logic_error naming the first broken invariant of the tables, recomputed from what the key and
  // the open items say (tests; Search calls it after every step when asked, in builds with invariant checks):
  //   uncovered_/uncovered_pos_   the open primary items, first uncovered_count_ of a permutation of them
  //   dead_                       0 exactly for the options with a primary item whose primary items are all
  //                               open, that are at or past each bounded item's position, and whose
  //                               secondary items are free or hold the option's color
  //   remaining_                  by open primary item: the possible options on it
  //   holders_                    by secondary item: positive exactly when it holds a color
  //   taken_, position_           taken_ <= hi_, position_ <= the item's list length; items not bounded at 0
  //   key_                        each item's field: 1 open / 0 covered (primary), the open field or 0 when
  //                               closed (bounded), 0 free, 1 used, 1 + color (secondary)
  void check_invariants() const;
  // Some item has multiplicities other than 1:1: states are more than the options chosen (see the head).
  bool has_bounds() const { return has_bounds_; }
  const Problem& problem() const { return *problem_; }
  std::size_t primary_count() const { return uncovered_.size(); }

 private:
  // One item of an option, as the state needs it.
  struct Use {
    ItemId item;
    std::uint32_t color;  // 0: none; else the color's index among the item's colors, from 1
  };
  void kill(OptionId option);
  void revive(OptionId option);
  // The options on item that the item's new contents rule out: all of them (color 0) or those whose color on
  // it is not `color`. kill_on and revive_on walk them in opposite orders, as dancing links does.
  void kill_on(ItemId item, std::uint32_t color);
  void revive_on(ItemId item, std::uint32_t color);
  void set_field(ItemId item, std::uint64_t value);
  // A bounded item's key field while it is open (see the head of this file).
  std::uint64_t open_field(ItemId item) const {
    return 1 + std::uint64_t{taken_[item]} * (item_begin_[item + 1] - item_begin_[item] + 1) +
           position_[item];
  }
  // Takes an item out of the open list, or puts back the one taken out last.
  void close(ItemId item);
  void reopen();

  const Problem* problem_;                    // the problem the state is of
  std::vector<bool> primary_;                 // by item
  std::vector<std::uint32_t> item_begin_;     // CSR: the options on each item, in input order
  std::vector<OptionId> item_options_;        // their ids
  std::vector<std::uint32_t> item_colors_;    // and each one's color on the item (as in Use::color)
  std::vector<std::uint32_t> option_begin_;   // CSR: the items of each option
  std::vector<Use> option_uses_;              // all of them
  std::vector<std::uint32_t> primary_begin_;  // CSR: the primary items of each option (for the counters)
  std::vector<ItemId> option_primaries_;      // them
  std::vector<std::uint32_t> dead_;           // by option: how many chosen options rule it out (0: possible)
  std::vector<std::uint32_t> remaining_;      // by primary item: its possible options
  std::vector<std::uint32_t> holders_;        // by secondary item: chosen options that color it
  std::vector<ItemId> uncovered_;             // the uncovered primary items (first uncovered_count_ of them)
  std::vector<std::uint32_t> uncovered_pos_;  // by primary item: its place in uncovered_
  std::uint32_t uncovered_count_ = 0;         // how many primary items are uncovered
  std::vector<std::uint32_t> field_word_;     // by item: the key word of its bit (primary) or field
  std::vector<std::uint8_t> field_shift_;     // by item: where in that word
  std::vector<std::uint64_t> field_mask_;     // by secondary item: the field's mask, unshifted
  std::vector<std::uint64_t> key_;            // the current key
  // A primary item with bounds 1:1, a bounded one (other bounds), or a secondary item.
  enum Kind : std::uint8_t { kPrimary, kBounded, kSecondary };
  std::vector<Kind> kind_;               // by item
  bool has_bounds_ = false;              // some item is bounded
  std::vector<std::uint32_t> lo_;        // by item: options a solution needs on it (1; 0 if secondary)
  std::vector<std::uint32_t> hi_;        // by item: options it may take (1 for items not bounded)
  std::vector<std::uint32_t> taken_;     // by item: options chosen on it so far
  std::vector<std::uint32_t> position_;  // by bounded item: options before this index are left out
  std::size_t max_depth_ = 1;            // see max_depth()
};

}  // namespace dlx::memo
