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

  // Every primary item is covered: the options chosen make a solution.
  bool solved() const { return uncovered_count_ == 0; }
  // The item to branch on (see Order). Only when !solved().
  ItemId choose(Order order) const;
  // The number of possible options of a primary item.
  std::uint32_t remaining(ItemId item) const { return remaining_[item]; }

  // The options that cover item, in input order; possible(o) tells which are still possible.
  std::span<const OptionId> options_of(ItemId item) const {
    return {item_options_.data() + item_begin_[item], item_options_.data() + item_begin_[item + 1]};
  }
  bool possible(OptionId option) const { return dead_[option] == 0; }

  // Chooses a possible option; unapply(option) undoes the latest apply(option), last in first out.
  void apply(OptionId option);
  void unapply(OptionId option);

  std::size_t option_count() const { return dead_.size(); }
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
};

}  // namespace dlx::memo
