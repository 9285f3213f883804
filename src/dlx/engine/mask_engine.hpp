// Algorithm X/C for problems whose columns are all short, as in Sudoku (internal header; see solver.hpp and
// mask_engine.cpp).
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include "isa.hpp"
#include "knobs.hpp"
#include "level_engine.hpp"

namespace dlx::detail {
DLX_ISA_BEGIN

class MaskEngine final : public LevelEngine<MaskEngine> {
 public:
  // Whether the problem suits this engine: no colors, at most kMaxColumn options per item, at most 65535
  // items.
  static bool fits(const Problem& problem);

  MaskEngine(const Problem& problem, const SearchOptions& options);

  void reset() override;
  bool force(OptionId option) override;
  std::size_t force_all(std::span<const OptionId> options) override;
  void force_disjoint(std::span<const OptionId> options) override;
  // The table at the head of mask_engine.cpp, checked: throws std::logic_error naming the first broken one.
  void check_invariants() const override;

 private:
  friend class LevelEngine<MaskEngine>;  // its search calls the hooks below
  using Choice = LevelChoice;
  void begin_search();
  void copy_root(int level);
  bool all_covered_at(int level) const;
  // Bit p of an item's mask: the p-th option of its column (in option order) is still available.
  using Mask = std::uint16_t;
  static constexpr int kMaxColumn = 14;
  static constexpr Mask kColumnBits = (1u << kMaxColumn) - 1;
  // A covered item: more bits than any column has, so never "at most one option" nor the fewest. Bit 15 stays
  // set when a keep row (force()) clears column bits of an item covered before.
  static constexpr Mask kCovered = 0xFFFF;
  // Always set in a secondary item's mask, so that it never looks forced or dead: secondary items need no
  // cover.
  static constexpr Mask kSecondary = 0xFFFF & ~kColumnBits;
  // One item of an option, packed as slot | ~bit << 16: its slot in a level's masks, and (inverted, ready to
  // AND) the option's bit in that item's mask.
  static std::uint32_t use_slot(std::uint32_t use) { return use & 0xFFFF; }
  static Mask use_bit(std::uint32_t use) { return static_cast<Mask>(~(use >> 16)); }

  Mask* masks(int level) { return masks_.get() + static_cast<std::size_t>(level) * stride_; }
  const Mask* masks(int level) const { return masks_.get() + static_cast<std::size_t>(level) * stride_; }
  int option_at(int slot, Mask bits) const;
  void build_other_uses();
  void build_repeats();
  void build_twins(int option);
  void complete_twins();
  const Mask* keep_row(int option);
  void build_keep_row(int option, Mask* keep);

  // The other items of the option of a column entry: its range in other_slot_, other_keep_ and other_share_.
  // (take() computes it inline: through this function GCC 12 compiled take()'s loops to more instructions.)
  template <int K>
  std::pair<std::size_t, std::size_t> others_of(std::size_t entry) const {
    if constexpr (K > 0)
      return {entry * (K - 1), (entry + 1) * (K - 1)};
    else
      return {other_begin_[entry], other_begin_[entry + 1]};
  }
  void make_child(int level, int option);
  template <int K>
  std::uint64_t removals(const Mask* m, const std::uint32_t* slots, int option) const;
  template <int K, bool Queue>
  void take(Mask* m, int option);
  template <bool Queue>
  void take_any(Mask* m, int option);
  void end_queueing(const Mask* m, std::size_t queued);
  // f(std::integral_constant<int, K>) with K = uses_per_option_: loops over an option's items then have a
  // fixed length (K = 0: any length).
  template <class F>
  decltype(auto) with_uses_per_option(F&& f) const {
    switch (uses_per_option_) {
      case 1:
        return f(std::integral_constant<int, 1>{});
      case 2:
        return f(std::integral_constant<int, 2>{});
      case 3:
        return f(std::integral_constant<int, 3>{});
      case 4:
        return f(std::integral_constant<int, 4>{});
      case 5:
        return f(std::integral_constant<int, 5>{});
      case 6:
        return f(std::integral_constant<int, 6>{});
      default:
        return f(std::integral_constant<int, 0>{});
    }
  }
  // Whether the root applies the subset rule: when the engine breaks ties its own way (automatic, no seed).
  bool subset_rule() const { return tie_candidates_ != 0; }
  void build_shares();
  template <int K, bool Root>
  bool apply_subset_rule(Mask* m, const Mask* before);
  template <int K>
  bool subset_below(int level, std::uint32_t& end);
  void build_groups();
  void add_group(std::vector<std::uint32_t>& members, std::size_t u, std::size_t v);
  void build_group_chunks();
  // Whether the group rule has groups to check, built on first use (a run whose roots never apply the subset
  // rule, serg_benchmark's, never builds them).
  bool groups_ready() {
    if (group_begin_.empty() && group_rule_) build_groups();
    return group_begin_.size() > 1;
  }
  template <int K>
  bool apply_group_rule(Mask* m, const Mask* before);
  template <int K>
  bool root_group_rule(Mask* m, int uncovered, std::uint32_t from, std::uint32_t end);
  template <int K>
  bool group_rule(int level, std::uint32_t& end);
  template <int K>
  bool take_queued(Mask* m, std::size_t head, std::uint32_t& end);
  Outcome settle(int level, int& item);
  template <int K>
  Outcome propagate(int level, int& item);
  int choose_item(const Mask* m, bool& solved, int wanted);
  int best_of(const Mask* m, const int* tied, int ties);
  template <class Score>
  int best_scored(const Mask* m, const int* tied, int ties, Score&& score);
  template <int K>
  int best_by_removes(const Mask* m, const int* tied, int ties);
  template <bool Lazy>
  int best_by_twins(const Mask* m, const int* tied, int ties);
  std::size_t queue_at_most_one(const Mask* m);
  void settle_root();
  bool next_option(int level, Choice& choice) const;

  int option_count_ = 0, primaries_ = 0;
  std::size_t primary_slots_ = 0;  // primaries_ rounded up to whole vectors; the padding stays kCovered
  std::size_t stride_ = 0;         // masks per level: the primary slots, then the secondary items
  int uses_per_option_ = 0;        // K when every option has K items (1 to 6), else 0
  std::vector<std::uint32_t> use_begin_;
  std::vector<std::uint32_t> packed_uses_;  // per option (from use_begin_), its items (see use_slot())
  // Per column entry, the other items of its option (build_other_uses()): their slots, and the masks that
  // keep all but that option's bit there (32 bits wide: the hot loop ANDs them with no widening).
  std::vector<std::uint32_t> other_begin_, other_slot_, other_keep_;
  // With K items per option (2 to 4; build_repeats()), per option x and its k-th item, the bits of that item's
  // column whose options also have one of x's first k items: take() removes those through the earlier item,
  // and so finds every option to remove in one word with no repeat (empty otherwise).
  std::vector<Mask> repeats_;
  // Per option x (K items, 2 to 4), the options take(x) removes through each item: lane k (bits 16k to 16k +
  // 15) is the k-th item's column bits less x's own and repeats_, so that the K masks in one word, ANDed with
  // it, are the removals (empty otherwise).
  std::vector<std::uint64_t> removes_;
  // Per option x (K items, 2 to 4), where its k-th item's column starts in column_ (at x * K + k, as
  // packed_uses_): take() reads the K starts from one run instead of through each item's slot (empty
  // otherwise).
  std::vector<std::uint32_t> use_columns_;
  // The subset rule's tables (build_shares()): per entry of other_slot_, the bits of the column whose options
  // have that item too; per primary slot, all ones when two of its options share another item, else 0.
  std::vector<Mask> other_share_, subset_capable_;
  std::vector<Mask> subset_seen_;  // the masks at the rule's last check at the root
  // The primary slots from the first vector with an item subset_capable_ to the last one's end: the rule's
  // pass skips the rest (Sudoku: the cells).
  std::size_t capable_begin_ = 0, capable_end_ = 0;
  // Below the root the rule runs at levels that unit propagation leaves with more primary items uncovered
  // than this (the knob subset_below_above_percent of them: below, the subtree it might save costs less than
  // the check); without the rule, more than any level has.
  int subset_above_ = std::numeric_limits<int>::max();
  // Whether the rule at the root checks items with three options as well as two: where more than
  // subset_three_above_ primary items (the knob subset_three_above_percent) are left after the root's unit
  // propagation (set there). Below, a puzzle with many givens, where the checks find little.
  bool subset_three_ = true;
  int subset_three_above_ = 0;
  // The rule runs at the root only where more than subset_root_above_ primary items (the knob
  // subset_root_above_percent) are left before the root's propagation, once the forced options are taken.
  // Below, the root of a puzzle with many givens, whose search the rule barely shortens.
  int subset_root_above_ = 0;
  // The group rule's groups (build_groups()): primary items whose columns have the same length and whose
  // p-th options all have the same item at two use positions (Sudoku: the three cells of a row in a box, whose
  // p-th options share the row's and the box's item for digit p). Per group, its members' slots (groups_ from
  // group_begin_), and per bit p and use position, that item's slot and the bits of its column whose options
  // are the group's (group_targets_, 2 * kMaxColumn per group: slot | inside << 16).
  static constexpr int kMaxGroup = 4;
  std::vector<std::uint32_t> group_begin_, groups_, group_targets_;
  // Groups whose n members are at slots s, s + d, ..., s + (n - 1) d (Sudoku: all of them), a vector of first
  // members s at a time: n loads give each group's options in one lane. A chunk's lanes from `start` with a
  // group's first member: bit 2l of `firsts`, and the group at chunk_groups_[lanes_from + l]. The other groups
  // are checked one at a time (scalar_groups_).
  struct GroupChunk {
    std::uint32_t start, step, members, lanes_from;
    std::uint64_t firsts;
  };
  std::vector<GroupChunk> group_chunks_;
  std::vector<std::uint32_t> chunk_groups_, scalar_groups_;
  // The rule runs at levels with more primary items uncovered than this (the knob group_rule_above_percent);
  // without groups, or off, more than any level has.
  int group_above_ = std::numeric_limits<int>::max();
  bool group_rule_ = false;     // the rule runs somewhere (the knobs), so groups_ready() builds the groups
  bool group_at_root_ = false;  // the root applies it with the subset rule (the knob group_rule_at_root)
  // Ties are broken (best_of) at levels with more primary items uncovered than this (the knob
  // tie_break_above_percent of them): deeper, the subtrees are small and the scores cost more than they save,
  // so the leftmost item with fewest options is taken.
  int tie_break_above_ = 0;
  // column_[column_begin_[slot] + p]: the option of bit p in that item's mask; an entry is such an index.
  std::vector<std::uint32_t> column_begin_, column_;
  std::vector<std::uint32_t> primaries_of_;  // per option, how many primary items it has
  bool all_primary_ = false;                 // every item is primary (Sudoku): an option has uses_per_option_
  std::vector<std::uint32_t> first_primary_use_;  // per option, into packed_uses_
  static constexpr std::size_t kKeepRowsBudget = std::size_t{1} << 20;
  std::unique_ptr<Mask[]> keep_rows_;  // per option, stride_ masks (keep_row()); null if over the budget
  // Per option, how many times force() took it without its keep row, up to kKeepRowAfter; kKeepRowBuilt once
  // keep_row() built the row. A row costs about what two or three uses of it save, so an option gets one when it
  // is forced the third time: a file of one puzzle builds none, a long file builds the rows of the options it
  // keeps forcing (its common givens).
  std::vector<std::uint8_t> keep_row_uses_;
  static constexpr std::uint8_t kKeepRowAfter = 2, kKeepRowBuilt = 0xFF;
  // Keep rows force() took but has not ANDed into the root yet (apply_pending()): applied eight at a time, one
  // pass over the masks serves eight givens (four at a time cost more on puzzles with many givens). What
  // force() reads of the root ANDs them in at that one mask.
  static constexpr int kPendingRows = 8;
  const Mask* pending_rows_[kPendingRows] = {};
  int pending_ = 0;
  void apply_pending();
  bool available(int option) const;
  void take_forced(int option);
  void force_by_take(int option);
  template <int N>
  void apply_rows();
  std::vector<Mask> initial_masks_;
  // Per option, the options sharing more than one item with it, as slot | bit << 16 of one shared item, once
  // per item shared beyond the first: twins_[twin_begin_[o], twin_end_[o]), kUnbuilt until build_twins(o).
  // Only best_by_twins() reads them (options of uneven length, of one item or of five or more).
  static constexpr std::uint32_t kUnbuilt = 0xFFFFFFFF;
  std::vector<std::uint32_t> twin_begin_, twin_end_;
  std::vector<std::uint32_t> twins_;
  std::vector<std::uint8_t> twin_shared_, twin_in_option_;  // build_twins()'s scratch, all 0 between calls
  std::vector<std::uint32_t> twin_seen_;
  static constexpr std::uint64_t kCompleteTwinsAfter = 256;  // best_of() calls, then complete_twins()
  std::uint64_t best_of_calls_ = 0;
  bool twins_complete_ = false;
  int tie_candidates_ = 0;  // 0: leftmost of the items with fewest options, as dancing links takes

  // Level k owns masks(k) (a Choice's `where` is the bit of its option in the item's mask) and uncovered_[k],
  // its primary items not yet covered: a level that propagation leaves with none is a solution without
  // choose_item's pass over every mask (on Sudoku counts, half the levels are solutions).
  std::unique_ptr<Mask[]> masks_;
  std::vector<int> uncovered_;
  int count_uncovered(const Mask* m) const;
  std::vector<std::uint32_t> queue_;  // items left with at most one option, during propagation
  std::size_t queued_ = 0;
  bool queue_ready_ = false;  // make_child queued every item it left with at most one option
  bool dead_ = false;         // a primary item lost its last option
  std::uint64_t removed_ = 0;
};

DLX_ISA_END
}  // namespace dlx::detail
