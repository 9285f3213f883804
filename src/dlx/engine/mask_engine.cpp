// Algorithm X/C for problems with short columns (every item in at most 14 options, no colors), as Sudoku.
//
// A level of the search is one array of masks, a 16-bit mask per item: bit p of item i's mask says whether
// the p-th option of i's column (in option order) is still available. Nothing else is kept per level, so
// making a child is one small copy and backtracking is going back a level.
//
// Choosing option x covers x's items: for each of them, every other option still in its mask is removed,
// which clears that option's bit in the masks of its other items (other_slot_/other_keep_, per column entry).
// An option is removed once: its bits are gone from every mask by the time the next of x's items is read
// (with K items per option, 2 to 4, the options to remove are read from all K masks at once, less repeats_:
// those that an earlier item of x has too). A covered item's mask becomes kCovered (all 16 bits: more than
// any column) and is not touched again, since every option still available has all its items uncovered.
// Secondary items always have kSecondary's two high bits, so that they never look forced or dead.
//
// Propagation: an item whose mask falls to one bit (or none) is queued as the clear happens, branch-free
// (whether it falls is unpredictable: on hard Sudoku, mispredicted branches cost more time than
// instructions do, bench/README.md); the level then takes the option left to each queued item, and what
// that forces, before branching on an item with fewest options (usually two: found with a vector pass over
// the masks). Left to itself (Propagation::automatic) the engine breaks ties toward the item whose options
// remove the most (best_of), and the root applies the subset rule (apply_subset_rule: an item whose options
// all have another item confines that item to them), as do the levels below where much is left to cover
// (subset_below); the root applies the group rule too (apply_group_rule: items whose options lead to the same
// items two ways, as a Sudoku's minirows; n of them left with n options' bits take those items).
//
// Forced options (a puzzle's givens) are most of the work of an easy puzzle: when the table fits
// kKeepRowsBudget, each option has a precomputed row of the masks its choice keeps, and force() is one AND
// per mask.
//
// Against the bitset engine's propagation (bitsets of options, a conflicts row per option, counts per item),
// this does no per-word work for the options a choice does not touch and finds the option left to an item
// with one count-trailing-zeros: about half the instructions on hard Sudoku (bench/README.md).
//
// The tables and what holds of them (check_invariants() tests every line; the brute-force and fuzz tests call
// it at every solution):
//
//   member                    meaning                                invariant                       valid
//   column_[column_begin_[s]  the option of bit p of slot s's mask   that option has a use of slot   always
//           + p]                                                     s whose bit is 1 << p
//   repeats_[x * K + k]       per option x (K items, 2 to 4) and     bit p set iff the p-th option   always
//                             its k-th item: options take() removes  of that column is not x and is
//                             through an earlier item of x           in an earlier item's column
//   removes_[x]               per option x (K items, 2 to 4), lane   bit p of lane k set iff the     always
//                             k (bits 16k on): what take(x) removes  p-th option of that column is
//                             through its k-th item                  not x and not in repeats_
//   use_columns_[x * K + k]   per option x (K items, 2 to 4): where  = column_begin_ of that item's  always
//                             its k-th item's column starts          slot
//   groups_[group_begin_[g]   the members of group g: 2 to           same column length L above n;   once
//           ..]               kMaxGroup primary slots, ascending     their p-th options distinct     built
//   group_targets_[g * 2      per bit p < L and w of group g: T_p    primary, no member; every       once
//     kMaxColumn + 2p + w]    (w 0) or T'_p (w 1), slot | inside     member's p-th option has it;    built
//                             << 16, inside: those options' bits     inside = their bits there
//                             in its column
//   masks(k)[s], s primary    options left to item s at level k      covered: bit 15 set; else no    levels
//                                                                    bit past the column's length    0..depth_
//   masks(k)[s], padding      slots between the primaries and the    kCovered                        levels
//                             vectors' end                                                           0..depth_
//   masks(k)[s], secondary    options left that may take item s      kSecondary's bits always set    levels
//   masks(k+1) vs masks(k)    a child level                          no option the parent had not;   k < depth_
//                                                                    covered stays covered
//   uncovered_[k]             primary items not covered at level k   = masks(k)'s primaries without  k < depth_
//                                                                    bit 15 (a dead end's is stale)
//   an option in masks(k)     available at a settled level           present in the masks of all     k < depth_
//                                                                    its items, none of them covered
#include "mask_engine.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>

#include "dlx/assert.hpp"
#include "lanes.hpp"
#include "simd.hpp"

namespace dlx::detail {
DLX_ISA_BEGIN
namespace {

constexpr std::size_t kLanes = Narrow::kLanes;  // the tables come in whole vectors of 8 masks

}  // namespace

bool MaskEngine::fits(const Problem& problem) {
  std::vector<int> column(problem.item_count(), 0);
  for (OptionId o = 0; o < problem.option_count(); ++o) {
    for (const ItemUse& use : problem.option(o)) {
      if (use.color != kNoColor || ++column[use.item] > kMaxColumn) return false;
    }
  }
  const std::size_t slots = (problem.primary_count() + kLanes - 1) / kLanes * kLanes + kLanes +
                            (problem.item_count() - problem.primary_count());
  return slots <= 0xFFFF;
}

MaskEngine::MaskEngine(const Problem& problem, const SearchOptions& options) : LevelEngine(options) {
  option_count_ = static_cast<int>(problem.option_count());
  primaries_ = static_cast<int>(problem.primary_count());
  primary_slots_ = (static_cast<std::size_t>(primaries_) + kLanes - 1) / kLanes * kLanes;
  if (primary_slots_ == 0) primary_slots_ = kLanes;
  std::vector<std::uint16_t> slot_of(problem.item_count());
  std::size_t next_primary = 0, next_secondary = primary_slots_;
  for (ItemId item = 0; item < problem.item_count(); ++item)
    slot_of[item] = static_cast<std::uint16_t>(problem.is_primary(item) ? next_primary++ : next_secondary++);
  stride_ = (next_secondary + kLanes - 1) / kLanes * kLanes;

  // Columns are packed one after the other (no room left for 16 per item): the tables indexed by column
  // entry then stay small enough for the first-level cache on Sudoku.
  std::vector<std::uint8_t> length(stride_, 0);  // per slot, the options in its column
  for (OptionId o = 0; o < problem.option_count(); ++o)
    for (const ItemUse& use : problem.option(o)) ++length[slot_of[use.item]];
  column_begin_.assign(stride_ + 1, 0);
  for (std::size_t slot = 0; slot < stride_; ++slot)
    column_begin_[slot + 1] = column_begin_[slot] + length[slot];
  column_.assign(column_begin_[stride_], 0);
  std::fill(length.begin(), length.end(), 0);
  primaries_of_.assign(static_cast<std::size_t>(option_count_), 0);
  use_begin_.reserve(static_cast<std::size_t>(option_count_) + 1);
  packed_uses_.reserve(problem.use_count());
  use_begin_.push_back(0);
  for (int o = 0; o < option_count_; ++o) {
    for (const ItemUse& use : problem.option(static_cast<OptionId>(o))) {
      const std::uint16_t slot = slot_of[use.item];
      const int p = length[slot]++;
      column_[column_begin_[slot] + static_cast<std::size_t>(p)] = static_cast<std::uint32_t>(o);
      packed_uses_.push_back(slot | static_cast<std::uint32_t>(static_cast<Mask>(~(1u << p))) << 16);
      if (problem.is_primary(use.item)) ++primaries_of_[static_cast<std::size_t>(o)];
    }
    use_begin_.push_back(static_cast<std::uint32_t>(packed_uses_.size()));
  }
  // Most problems give every option the same number of items (Sudoku 4): loops over them then have a fixed
  // length.
  if (option_count_ > 0 && packed_uses_.size() % static_cast<std::size_t>(option_count_) == 0) {
    const auto k = static_cast<int>(packed_uses_.size() / static_cast<std::size_t>(option_count_));
    bool uniform = k >= 1 && k <= 6;
    for (int o = 0; uniform && o < option_count_; ++o)
      uniform = use_begin_[static_cast<std::size_t>(o) + 1] - use_begin_[static_cast<std::size_t>(o)] ==
                static_cast<std::uint32_t>(k);
    uses_per_option_ = uniform ? k : 0;
    all_primary_ = problem.primary_count() == problem.item_count();
  }

  build_other_uses();
  build_repeats();
  twin_begin_.assign(static_cast<std::size_t>(option_count_), kUnbuilt);
  twin_end_.assign(static_cast<std::size_t>(option_count_), kUnbuilt);
  first_primary_use_.assign(static_cast<std::size_t>(option_count_), 0);
  for (int o = option_count_ - 1; o >= 0; --o)
    for (std::uint32_t u = use_begin_[o + 1]; u-- > use_begin_[o];)
      if (use_slot(packed_uses_[u]) < primary_slots_) first_primary_use_[static_cast<std::size_t>(o)] = u;
  // Keep rows are built on first use (keep_row()): a run of a few puzzles needs few of them. Left
  // uninitialized until then, so that their pages are not touched either.
  if (static_cast<std::size_t>(option_count_) * stride_ * sizeof(Mask) <= kKeepRowsBudget) {
    keep_rows_.reset(new Mask[static_cast<std::size_t>(option_count_) * stride_]);
    keep_row_uses_.assign(static_cast<std::size_t>(option_count_), 0);
  }
  initial_masks_.assign(stride_, kSecondary);
  for (std::size_t s = 0; s < stride_; ++s) {
    const auto column_bits = static_cast<Mask>((1u << length[s]) - 1);
    if (s < static_cast<std::size_t>(primaries_))
      initial_masks_[s] = column_bits;
    else if (s < primary_slots_)
      initial_masks_[s] = kCovered;  // padding
    else
      initial_masks_[s] = static_cast<Mask>(kSecondary | column_bits);
  }
  // Left to itself (Propagation::automatic), the engine breaks ties its own way (see best_of); otherwise it
  // takes the leftmost, and so the tree of the dancing-links engine.
  const Knobs& k = knobs();
  if (options.propagation == Propagation::automatic && !options.seed)
    tie_candidates_ = std::clamp(k.tie_candidates, 1, kMaxTieCandidates);
  tie_break_above_ = share_of(primaries_, k.tie_break_above_percent);
  if (subset_rule()) {
    subset_above_ = share_of(primaries_, k.subset_below_above_percent);
    subset_three_above_ = share_of(primaries_, k.subset_three_above_percent);
    subset_root_above_ = share_of(primaries_, k.subset_root_above_percent);
    build_shares();
    subset_seen_.assign(primary_slots_, 0);
    group_rule_ = k.group_rule_at_root || k.group_rule_above_percent < 100;
    group_at_root_ = k.group_rule_at_root;
    if (k.group_rule_above_percent < 100) group_above_ = share_of(primaries_, k.group_rule_above_percent);
  }

  // Each level chooses one more option, covering at least one more primary item.
  const std::size_t levels = static_cast<std::size_t>(std::min(primaries_, option_count_)) + 2;
  // Left uninitialized: a level is written (from its parent, or by reset()) before it is read, so only the
  // pages of the levels a search reaches are ever touched.
  masks_.reset(new Mask[levels * stride_]);
  uncovered_.resize(levels);
  choice_.resize(levels);
  propagated_.resize(static_cast<std::size_t>(primaries_) + 1);
  propagated_begin_.resize(levels + 1);
  forced_.reserve(levels);
  solution_.reserve(static_cast<std::size_t>(primaries_) + 1);
  // Within a level a mask only loses bits, and an item is queued when its mask falls to one bit and to none,
  // or once by the first pass: at most three times.
  queue_.resize(3 * primary_slots_ + 8);
  reset();
}

// Per column entry, the other items of its option: what removing that option clears besides the item it was
// found in (which is being covered). With uniform K, K-1 of them at entry * (K-1); otherwise from
// other_begin_[entry].
void MaskEngine::build_other_uses() {
  const std::size_t entries = column_.size();
  const auto k = static_cast<std::size_t>(uses_per_option_);
  std::size_t total = entries * (k > 0 ? k - 1 : 0);
  if (k == 0) {
    other_begin_.assign(entries + 1, 0);
    total = 0;
    for (std::size_t entry = 0; entry < entries; ++entry) {
      total += use_begin_[column_[entry] + 1] - use_begin_[column_[entry]] - 1;
      other_begin_[entry + 1] = static_cast<std::uint32_t>(total);
    }
  }
  other_slot_.assign(total, 0);
  other_keep_.assign(total, 0);
  for (std::size_t slot = 0; slot < stride_; ++slot) {
    for (std::size_t entry = column_begin_[slot]; entry < column_begin_[slot + 1]; ++entry) {
      const std::uint32_t o = column_[entry];
      std::size_t r = k > 0 ? entry * (k - 1) : other_begin_[entry];
      for (std::uint32_t u = use_begin_[o]; u < use_begin_[o + 1]; ++u)
        if (use_slot(packed_uses_[u]) != slot) {
          other_slot_[r] = use_slot(packed_uses_[u]);
          other_keep_[r++] = ~std::uint32_t{use_bit(packed_uses_[u])};
        }
    }
  }
}

// Per option x with K items (2 to 4) and per item k of it, the bits of the options in k's column that also
// have one of x's items before k (repeats_): take() removes each of them through the first such item, and
// finds the rest of its removals from one word (see take()), the K masks ANDed with removes_[x]; and where
// each of x's items' columns starts (use_columns_), which take() reads with it.
void MaskEngine::build_repeats() {
  const auto k_uses = static_cast<std::size_t>(uses_per_option_);
  if (k_uses < 2 || k_uses > 4) return;
  repeats_.assign(static_cast<std::size_t>(option_count_) * k_uses, 0);
  std::vector<std::uint8_t> seen(static_cast<std::size_t>(option_count_), 0);  // in a column of x read so far
  for (std::size_t x = 0; x < static_cast<std::size_t>(option_count_); ++x) {
    const std::uint32_t* const uses = packed_uses_.data() + x * k_uses;
    for (std::size_t k = 0; k < k_uses; ++k) {
      const std::size_t begin = column_begin_[use_slot(uses[k])], end = column_begin_[use_slot(uses[k]) + 1];
      Mask repeated = 0;
      for (std::size_t entry = begin; entry < end; ++entry)
        if (seen[column_[entry]] != 0 && column_[entry] != x)
          repeated = static_cast<Mask>(repeated | 1u << (entry - begin));
      repeats_[x * k_uses + k] = repeated;
      for (std::size_t entry = begin; entry < end; ++entry) seen[column_[entry]] = 1;
    }
    for (std::size_t k = 0; k < k_uses; ++k)
      for (std::size_t entry = column_begin_[use_slot(uses[k])]; entry < column_begin_[use_slot(uses[k]) + 1];
           ++entry)
        seen[column_[entry]] = 0;
  }
  removes_.assign(static_cast<std::size_t>(option_count_), 0);
  use_columns_.resize(packed_uses_.size());
  for (std::size_t u = 0; u < use_columns_.size(); ++u)
    use_columns_[u] = column_begin_[use_slot(packed_uses_[u])];
  for (std::size_t x = 0; x < static_cast<std::size_t>(option_count_); ++x) {
    for (std::size_t k = 0; k < k_uses; ++k) {
      const std::uint32_t use = packed_uses_[x * k_uses + k];
      const std::size_t length = column_begin_[use_slot(use) + 1] - column_begin_[use_slot(use)];
      const auto column = static_cast<Mask>((1u << length) - 1);
      removes_[x] |= std::uint64_t{static_cast<Mask>(column & ~use_bit(use) & ~repeats_[x * k_uses + k])}
                     << (16 * k);
    }
  }
}

// Per column entry and other item j of its option, which options of the column have j too (other_share_);
// and per primary item whether any two of its options share another item (subset_capable_). Both serve the
// subset rule (apply_subset_rule()).
void MaskEngine::build_shares() {
  // Padded for the 64-bit reads of the rule's fixed-length check.
  other_share_.assign(other_slot_.size() + 4, 0);
  subset_capable_.assign(primary_slots_, 0);
  std::vector<Mask> sharing(stride_, 0);  // per slot j, the bits of the current column whose options have j
  const auto others_of = [&](std::size_t entry) {
    return with_uses_per_option([&](auto k) { return this->others_of<decltype(k)::value>(entry); });
  };
  for (std::size_t slot = 0; slot < stride_; ++slot) {
    const std::size_t begin = column_begin_[slot], end = column_begin_[slot + 1];
    for (std::size_t entry = begin; entry < end; ++entry) {
      const auto [first, last] = others_of(entry);
      for (std::size_t r = first; r < last; ++r)
        sharing[other_slot_[r]] = static_cast<Mask>(sharing[other_slot_[r]] | 1u << (entry - begin));
    }
    bool capable = false;
    for (std::size_t entry = begin; entry < end; ++entry) {
      const auto [first, last] = others_of(entry);
      for (std::size_t r = first; r < last; ++r) {
        other_share_[r] = sharing[other_slot_[r]];
        capable = capable || std::popcount(other_share_[r]) > 1;
      }
    }
    for (std::size_t entry = begin; entry < end; ++entry) {
      const auto [first, last] = others_of(entry);
      for (std::size_t r = first; r < last; ++r) sharing[other_slot_[r]] = 0;
    }
    if (slot < primary_slots_ && capable) subset_capable_[slot] = static_cast<Mask>(~Mask{0});
  }
  capable_begin_ = primary_slots_;
  capable_end_ = primary_slots_;
  for (std::size_t slot = primary_slots_; slot-- > 0;)
    if (subset_capable_[slot] != 0) capable_begin_ = slot / kLanes * kLanes;
  for (std::size_t slot = 0; slot < primary_slots_; ++slot)
    if (subset_capable_[slot] != 0) capable_end_ = (slot / kLanes + 1) * kLanes;
}

// The group rule's groups: primary items with columns of the same length L whose p-th options have the same
// item T_p at use position u and the same item T'_p at position v, for every p (Sudoku: the three cells of a
// row in a box, T_p the row's item for digit p, T'_p the box's). Each T_p is covered once, by an option of one
// member at most, so n members left uncovered need n distinct bits among them; with exactly n, each of those
// T_p and T'_p is covered by a member's option and keeps only those (Sudoku: a triad, three cells with three
// digits left between them). Groups of 2 to kMaxGroup members (fewer than L), whose members share no option
// and whose T_p (and T'_p) are primary and distinct; with K items per option only.
void MaskEngine::build_groups() {
  const auto k_uses = static_cast<std::size_t>(uses_per_option_);
  group_begin_.assign(1, 0);
  if (k_uses < 3) return;
  const auto prims = static_cast<std::uint32_t>(primaries_);
  // The item at use position u of the p-th option of slot s's column.
  const auto at = [&](std::size_t s, std::size_t p, std::size_t u) {
    return use_slot(packed_uses_[column_[column_begin_[s] + p] * k_uses + u]);
  };
  const auto length = [&](std::size_t s) { return column_begin_[s + 1] - column_begin_[s]; };
  // Per pair u < v, the items are listed by T_0 (head, next), and those of a list with the same length, T'_0
  // and then every T_p and T'_p form a group.
  constexpr std::uint32_t kNone = 0xFFFFFFFF;
  std::vector<std::uint32_t> head(stride_, kNone), next(stride_, kNone), firsts, members, stamp(stride_, 0);
  std::vector<std::uint8_t> taken(stride_, 0);
  std::uint32_t now = 0;
  for (std::size_t u = 0; u < k_uses; ++u) {
    for (std::size_t v = u + 1; v < k_uses; ++v) {
      firsts.clear();
      for (std::size_t s = static_cast<std::size_t>(primaries_); s-- > 0;) {
        if (length(s) < 3) continue;
        const std::uint32_t a = at(s, 0, u), b = at(s, 0, v);
        // (The first two options' items must differ already: a quick test that leaves out most pairs.)
        if (a == s || b == s || a >= prims || b >= prims || a == at(s, 1, u) || b == at(s, 1, v)) continue;
        if (head[a] == kNone) firsts.push_back(a);
        next[s] = head[a];
        head[a] = static_cast<std::uint32_t>(s);
      }
      for (std::uint32_t a : firsts) {
        for (std::uint32_t x = head[a]; x != kNone; x = next[x]) {
          if (taken[x] != 0) continue;
          members.assign(1, x);
          for (std::uint32_t y = next[x]; y != kNone; y = next[y]) {
            bool same = taken[y] == 0 && length(y) == length(x) && at(y, 0, v) == at(x, 0, v);
            for (std::size_t p = 1; p < length(x) && same; ++p)
              same = at(x, p, u) == at(y, p, u) && at(x, p, v) == at(y, p, v);
            if (same) {
              members.push_back(y);
              taken[y] = 1;
            }
          }
          if (members.size() < 2) continue;
          // The T_p and T'_p must be primary items outside the group, all distinct.
          bool usable = true;
          ++now;
          for (std::uint32_t s : members) stamp[s] = now;
          for (std::size_t p = 0; p < length(x) && usable; ++p) {
            const std::uint32_t t = at(x, p, u), t2 = at(x, p, v);
            usable = t < prims && t2 < prims && stamp[t] != now;
            stamp[t] = now;
            usable = usable && stamp[t2] != now;
            stamp[t2] = now;
          }
          if (usable) add_group(members, u, v);
        }
        for (std::uint32_t x = head[a]; x != kNone; x = next[x]) taken[x] = 0;
        head[a] = kNone;
      }
    }
  }
  build_group_chunks();
}

// Adds the group of `members` (T_p at use position u, T'_p at v), if it has at most kMaxGroup members and fewer
// than its columns' length. (An option in two members' columns would be the p-th of both, since its T_p is:
// the members' p-th options must differ.)
void MaskEngine::add_group(std::vector<std::uint32_t>& members, std::size_t u, std::size_t v) {
  const auto k_uses = static_cast<std::size_t>(uses_per_option_);
  const std::size_t length = column_begin_[members[0] + 1] - column_begin_[members[0]];
  if (members.size() > static_cast<std::size_t>(kMaxGroup) || members.size() >= length) return;
  std::sort(members.begin(), members.end());
  for (std::size_t p = 0; p < length; ++p)
    for (std::size_t x = 0; x < members.size(); ++x)
      for (std::size_t y = x + 1; y < members.size(); ++y)
        if (column_[column_begin_[members[x]] + p] == column_[column_begin_[members[y]] + p]) return;
  groups_.insert(groups_.end(), members.begin(), members.end());
  group_begin_.push_back(static_cast<std::uint32_t>(groups_.size()));
  const std::size_t base = group_targets_.size();
  group_targets_.resize(base + 2 * kMaxColumn, 0);
  // T_p's bits of the members' options: what each option clears there (use_bit), gathered.
  for (std::size_t p = 0; p < length; ++p) {
    for (std::size_t w = 0; w < 2; ++w) {
      const std::size_t position = w == 0 ? u : v;
      std::uint32_t inside = 0;
      for (std::uint32_t x : members)
        inside |= use_bit(packed_uses_[column_[column_begin_[x] + p] * k_uses + position]);
      const std::uint32_t t =
          use_slot(packed_uses_[column_[column_begin_[members[0]] + p] * k_uses + position]);
      group_targets_[base + 2 * p + w] = t | inside << 16;
    }
  }
}

void MaskEngine::build_group_chunks() {
  // The chunks: groups by number of members n and step d, a vector of first members at a time. A covered
  // member stands for one bit above the column's (bit 15 - k for the k-th), so the columns need n bits to spare.
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::vector<std::pair<std::uint32_t, std::uint32_t>>>
      by_step;
  for (std::size_t g = 0; g + 1 < group_begin_.size(); ++g) {
    const std::uint32_t* const first = groups_.data() + group_begin_[g];
    const std::uint32_t n = group_begin_[g + 1] - group_begin_[g], d = first[1] - first[0];
    bool even = column_begin_[first[0] + 1] - column_begin_[first[0]] + n <= 16;
    for (std::uint32_t k = 1; k < n; ++k) even = even && first[k] == first[0] + k * d;
    if (even)
      by_step[{n, d}].emplace_back(first[0], static_cast<std::uint32_t>(g));
    else
      scalar_groups_.push_back(static_cast<std::uint32_t>(g));
  }
  for (auto& [shape, firsts] : by_step) {
    const auto [n, d] = shape;
    std::sort(firsts.begin(), firsts.end());
    for (std::size_t i = 0; i < firsts.size();) {
      GroupChunk chunk{firsts[i].first, d, n, static_cast<std::uint32_t>(chunk_groups_.size()), 0};
      const bool fits = chunk.start + (n - 1) * d + Wide::kLanes <= stride_;
      if (fits) chunk_groups_.resize(chunk_groups_.size() + Wide::kLanes, 0);
      for (; i < firsts.size() && firsts[i].first < chunk.start + Wide::kLanes; ++i) {
        const std::uint32_t lane = firsts[i].first - chunk.start;
        if (fits) {
          chunk.firsts |= std::uint64_t{1} << (2 * lane);
          chunk_groups_[chunk.lanes_from + lane] = firsts[i].second;
        } else {
          scalar_groups_.push_back(firsts[i].second);
        }
      }
      if (fits) group_chunks_.push_back(chunk);
    }
  }
}

// Per option, the options sharing more than one item with it, for best_of's exact count of removed options:
// built for each option the first time it is scored, since a run of a few puzzles scores few of them (Sudoku:
// building all 729 was a third of a one-puzzle run's instructions). A search that scores many gets them all
// at once (complete_twins()), laid out for the faster loops.
void MaskEngine::build_twins(int o) {
  const auto at = static_cast<std::size_t>(o);
  if (twin_shared_.empty()) {
    twin_shared_.assign(static_cast<std::size_t>(option_count_), 0);
    twin_in_option_.assign(stride_, 0);
    std::size_t longest = 0;
    for (int z = 0; z < option_count_; ++z)
      longest = std::max<std::size_t>(longest, use_begin_[z + 1] - use_begin_[z]);
    twin_seen_.resize(longest * kMaxColumn);
  }
  // Per option z, how many items it shares with o (counted over o's columns); `seen` lists the z counted.
  std::uint8_t* const shares = twin_shared_.data();
  std::uint8_t* const in_option = twin_in_option_.data();
  std::uint32_t* const seen = twin_seen_.data();
  std::size_t seen_count = 0;
  for (std::uint32_t u = use_begin_[o]; u < use_begin_[o + 1]; ++u) {
    const std::size_t slot = use_slot(packed_uses_[u]);
    in_option[slot] = 1;
    for (std::size_t entry = column_begin_[slot]; entry < column_begin_[slot + 1]; ++entry) {
      seen[seen_count] = column_[entry];
      seen_count += shares[column_[entry]]++ == 0 ? 1 : 0;
    }
  }
  const auto begin = static_cast<std::uint32_t>(twins_.size());
  for (std::size_t i = 0; i < seen_count; ++i) {
    const std::uint32_t z = seen[i];
    if (shares[z] > 1 && z != static_cast<std::uint32_t>(o)) {
      // z is available while its bit is set in its first item that o also has; one entry per item shared
      // beyond the first, so that every entry counts one.
      std::uint32_t u = use_begin_[z];
      while (in_option[use_slot(packed_uses_[u])] == 0) ++u;
      for (int extra = 1; extra < shares[z]; ++extra)
        twins_.push_back(use_slot(packed_uses_[u]) | std::uint32_t{use_bit(packed_uses_[u])} << 16);
    }
    shares[z] = 0;
  }
  for (std::uint32_t u = use_begin_[o]; u < use_begin_[o + 1]; ++u) in_option[use_slot(packed_uses_[u])] = 0;
  twin_begin_[at] = begin;
  twin_end_[at] = static_cast<std::uint32_t>(twins_.size());
}

// Builds the twins of every option, in option order: with the same number T for each (Sudoku: four), option
// o's are at o * T and scoring loops have a fixed length.
void MaskEngine::complete_twins() {
  std::vector<std::uint32_t> lazy;
  lazy.swap(twins_);
  for (int o = 0; o < option_count_; ++o) {
    const auto at = static_cast<std::size_t>(o);
    const auto begin = static_cast<std::uint32_t>(twins_.size());
    if (twin_begin_[at] == kUnbuilt) {
      build_twins(o);
    } else {
      twins_.insert(twins_.end(), lazy.begin() + twin_begin_[at], lazy.begin() + twin_end_[at]);
      twin_begin_[at] = begin;
      twin_end_[at] = static_cast<std::uint32_t>(twins_.size());
    }
  }
  twins_complete_ = true;
}

// The masks that choosing option o keeps: all bits but its own and those of every option sharing an item with
// it. Built on first use (build_keep_row()); the check is inline, as force() calls this once per given.
[[gnu::always_inline]] inline const MaskEngine::Mask* MaskEngine::keep_row(int o) {
  Mask* keep = keep_rows_.get() + static_cast<std::size_t>(o) * stride_;
  if (keep_row_uses_[static_cast<std::size_t>(o)] != kKeepRowBuilt) build_keep_row(o, keep);
  return keep;
}

// Every option in a column of o's items goes: that column's bits all clear (o's too), and each option's bits in
// its other items, from the per-entry tables take() reads (a quarter of the instructions of going through
// each option's items).
[[gnu::noinline]] void MaskEngine::build_keep_row(int o, Mask* keep) {
  std::fill(keep, keep + stride_, static_cast<Mask>(~Mask{0}));
  with_uses_per_option([&](auto k) {
    constexpr int K = decltype(k)::value;
    for (std::uint32_t u = use_begin_[o]; u < use_begin_[o + 1]; ++u) {
      const std::size_t slot = use_slot(packed_uses_[u]);
      const std::size_t begin = column_begin_[slot], end = column_begin_[slot + 1];
      keep[slot] = static_cast<Mask>(keep[slot] & ~((1u << (end - begin)) - 1));
      for (std::size_t entry = begin; entry < end; ++entry) {
        const auto [first, last] = others_of<K>(entry);
        for (std::size_t r = first; r != last; ++r)
          keep[other_slot_[r]] = static_cast<Mask>(keep[other_slot_[r]] & other_keep_[r]);
      }
    }
  });
  keep_row_uses_[static_cast<std::size_t>(o)] = kKeepRowBuilt;
}

void MaskEngine::reset() {
  std::copy(initial_masks_.begin(), initial_masks_.end(), masks(0));
  pending_ = 0;
  queue_ready_ = false;
  forced_.clear();
  solution_.clear();
  depth_ = 0;
  reset_common();
}

// Queues every primary item with at most one option left; returns how many.
std::size_t MaskEngine::queue_at_most_one(const Mask* m) {
  std::size_t queued = 0;
  for (std::size_t i = 0; i < primary_slots_; i += Narrow::kLanes) {
    const Narrow at_most_one = Narrow::load(m + i).without_lowest().is_zero();
    for (std::uint32_t bits = at_most_one.lanes() & Narrow::kLaneBits; bits != 0; bits &= bits - 1)
      queue_[queued++] = static_cast<std::uint32_t>(i + static_cast<std::size_t>(std::countr_zero(bits)) / 2);
  }
  return queued;
}

[[gnu::always_inline]] inline int MaskEngine::option_at(int slot, Mask bits) const {
  return static_cast<int>(column_[column_begin_[static_cast<std::size_t>(slot)] +
                                  static_cast<std::size_t>(std::countr_zero(bits))]);
}

// Makes `queued` the queue's end, and sets dead_ if an item queued since the old end has no option left (a
// primary item left with none was queued too, since 0 & -1 is 0; once at 0 it stays there).
[[gnu::always_inline]] inline void MaskEngine::end_queueing(const Mask* m, std::size_t queued) {
  bool dead = false;
  for (std::size_t q = queued_; q < queued; ++q) dead |= m[queue_[q]] == 0;
  queued_ = queued;
  dead_ = dead_ || dead;
}

// What take(option) removes, with K items per option (2 to 4) at `slots`: the K masks in one word, item k's at
// bit 16k, ANDed with removes_ (the option itself and what an earlier item of it has are left out).
template <int K>
[[gnu::always_inline]] inline std::uint64_t MaskEngine::removals(const Mask* m, const std::uint32_t* slots,
                                                                 int option) const {
  static_assert(K >= 2 && K <= 4);
  std::uint64_t all = 0;
  for (int k = 0; k < K; ++k) all |= std::uint64_t{m[slots[k]]} << (16 * k);
  return all & removes_[static_cast<std::size_t>(option)];
}

// Takes `option` in the masks m: removes every other option of its items, then marks them covered. With
// Queue, queues each primary item left with at most one option (and sets dead_ when one has none).
//
// Branch-free where the outcome is unpredictable, which on hard Sudoku costs more than instructions do
// (bench/README.md): whether a mask falls to one bit (queued) or to none (dead), and, with K items per option
// (2 to 4), how many options each item loses.
template <int K, bool Queue>
[[gnu::always_inline]] inline void MaskEngine::take(Mask* m, int option) {
  // Locals, so that the compiler keeps them in registers across the stores to m; uses are read as 32-bit
  // words, which the 16-bit stores to m cannot alias.
  const std::uint32_t* const uses = packed_uses_.data();
  const std::uint32_t* const other_slots = other_slot_.data();
  const std::uint32_t* const other_keeps = other_keep_.data();
  const std::uint32_t* const column_begin = column_begin_.data();
  std::uint32_t* const queue = queue_.data();
  std::size_t queued = queued_;
  std::uint64_t removed = 0;
  // Bit 31 set once a mask falls to 0 (a primary item left with no option): left - 1 wraps only then, as left
  // is below 2^16. (Secondary and covered items always keep high bits.)
  std::uint32_t emptied = 0;
  // The option at column entry `entry` goes: its bit is cleared in its other items (the one it was found in is
  // being covered).
  const auto remove = [&](std::size_t entry) {
    const std::size_t r_first =
        K > 0 ? entry * static_cast<std::size_t>(K > 0 ? K - 1 : 0) : other_begin_[entry];
    const std::size_t r_count = K > 0 ? K - 1 : other_begin_[entry + 1] - r_first;
    // Through pointers to the entry's run, which GCC 12 addresses with fewer instructions than an index.
    const std::uint32_t* const slots = other_slots + r_first;
    const std::uint32_t* const keeps = other_keeps + r_first;
    for (std::size_t r = 0; r != r_count; ++r) {
      const std::uint32_t target = slots[r];
      // Branch-free: whether a mask falls to one bit, or to none, is unpredictable. (Checking the items
      // queued after the loop instead mispredicted its exit: 10% of the time on hard Sudoku.) The slot is
      // stored before the mask is read, so that GCC 12 needs no second register for it.
      if constexpr (Queue) queue[queued] = target;
      const std::uint32_t left = std::uint32_t{m[target]} & keeps[r];
      m[target] = static_cast<Mask>(left);
      if constexpr (Queue) {
        queued += (left & (left - 1)) == 0 ? 1 : 0;
        emptied |= left - 1;
      }
    }
  };
  const std::uint32_t* first =
      K > 0 ? uses + static_cast<std::size_t>(option) * K : uses + use_begin_[option];
  const std::uint32_t* last = K > 0 ? first + K : uses + use_begin_[option + 1];
  if constexpr (K >= 2 && K <= 4) {
    // The options to remove from all K items in one word (removals()), so that one loop with one exit removes
    // them all. A loop per item mispredicted its exit about once per item: 12% of the time on hard Sudoku.
    const std::uint32_t* const columns = use_columns_.data() + static_cast<std::size_t>(option) * K;
    std::uint32_t slots[K];
    for (int k = 0; k < K; ++k) slots[k] = first[k] & 0xFFFF;
    std::uint64_t all = removals<K>(m, slots, option);
    removed = static_cast<std::uint64_t>(std::popcount(all));
    for (; all != 0; all &= all - 1) {
      const int bit = std::countr_zero(all);
      remove(columns[bit >> 4] + static_cast<std::size_t>(bit & 15));
    }
    for (int k = 0; k < K; ++k) m[slots[k]] = kCovered;
  } else {
    for (const std::uint32_t* u = first; u != last; ++u) {
      const std::size_t slot = *u & 0xFFFF;
      const std::size_t column = column_begin[slot];
      for (auto others = static_cast<Mask>(m[slot] & (*u >> 16) & kColumnBits); others != 0;
           others &= others - 1) {
        ++removed;
        remove(column + static_cast<std::size_t>(std::countr_zero(others)));
      }
      m[slot] = kCovered;  // a secondary item too: no available option has it any more, so nothing reads it
    }
  }
  removed_ += removed;
  if constexpr (Queue) {
    queued_ = queued;
    dead_ = dead_ || (emptied >> 31) != 0;
  }
}

template <bool Queue>
void MaskEngine::take_any(Mask* m, int option) {
  with_uses_per_option([&](auto k) { take<decltype(k)::value, Queue>(m, option); });
}

void MaskEngine::make_child(int level, int option) {
  DLX_ASSERT(option >= 0 && option < option_count_ && level >= 0 &&
             level + 1 < static_cast<int>(choice_.size()));
  const Mask* from = masks(level);
  std::copy(from, from + stride_, masks(level + 1));
  queued_ = 0;
  dead_ = false;
  removed_ = 0;
  take_any<true>(masks(level + 1), option);
  uncovered_[static_cast<std::size_t>(level) + 1] =
      uncovered_[static_cast<std::size_t>(level)] -
      static_cast<int>(primaries_of_[static_cast<std::size_t>(option)]);
  stats_.updates += removed_;
  queue_ready_ = true;
}

// The primary items not covered in the masks m (covered: bit 15 set), a vector at a time: the padding up to
// primary_slots_ is kCovered, so whole vectors count the same. (One mask at a time: 1.4% of serg_benchmark's
// instructions at limit 2, where the root counts once per puzzle.)
int MaskEngine::count_uncovered(const Mask* m) const {
  int count = 0;
  std::size_t i = 0;
  const auto count_from = [&]<class V>(V) {
    const V covered_bit = V::splat(0x8000);
    for (; i + V::kLanes <= primary_slots_; i += V::kLanes)
      count += std::popcount((V::load(m + i) & covered_bit).is_zero().lanes() & V::kLaneBits);
  };
  if constexpr (kWideVectors) count_from(Wide{});
  count_from(Narrow{});
  return count;
}

MaskEngine::Outcome MaskEngine::settle(int level, int& item) {
  return with_uses_per_option([&](auto k) { return propagate<decltype(k)::value>(level, item); });
}

// Takes every option that is the last one left for its item, and what that forces in turn (unit propagation
// with a queue), then finds the item to branch on.
template <int K>
MaskEngine::Outcome MaskEngine::propagate(int level, int& item) {
  Mask* m = masks(level);
  std::uint32_t end = propagated_begin_[level];
  // Primary items left uncovered: level's own count is made with the level (make_child), and a dead end leaves
  // it stale (no child reads it); a level that settles stores it (left to cover after propagation).
  int uncovered = uncovered_[static_cast<std::size_t>(level)];
  const auto finish = [&](Outcome outcome) {
    propagated_begin_[level + 1] = end;
    stats_.updates += removed_;
    return outcome;
  };
  removed_ = 0;
  // The subset rule runs to a fixed point where the search starts (the root, or a copy of it) when much is left
  // to cover there, and once at every other level: see apply_subset_rule().
  const bool at_root = !queue_ready_;
  bool root_rule = false;
  if (queue_ready_) {
    queue_ready_ = false;
    if (dead_) return finish(Outcome::dead);
  } else {
    uncovered = count_uncovered(m);
    root_rule = subset_rule() && uncovered > subset_root_above_;
    queued_ = queue_at_most_one(m);
    for (std::size_t q = 0; q < queued_; ++q)
      if (m[queue_[q]] == 0) return finish(Outcome::dead);
  }
  dead_ = false;
  // The primary items that the options taken from `from` on cover: counted once the taking is done, not as
  // take() goes, where a running count cost instructions on every take.
  const auto covered_since = [&](std::uint32_t from) {
    int covered = 0;
    if (K > 0 && all_primary_) {
      covered = K * static_cast<int>(end - from);
    } else {
      for (std::uint32_t p = from; p != end; ++p) covered += static_cast<int>(primaries_of_[propagated_[p]]);
    }
    return covered;
  };
  bool check_all = true;
  // Locals: GCC 12 reloaded the vectors' data pointers on every pass of the loop below.
  const std::uint32_t* const queue = queue_.data();
  OptionId* const taken = propagated_.data();
  const std::uint32_t* const column_begin = column_begin_.data();
  const std::uint32_t* const column = column_.data();
  for (std::size_t head = 0;;) {
    while (head < queued_) {
      const std::uint32_t j = queue[head++];
      const Mask left = m[j];
      if (left == kCovered) continue;  // an option taken meanwhile covered it
      if (left == 0) return finish(Outcome::dead);
      const auto option =
          static_cast<int>(column[column_begin[j] + static_cast<std::size_t>(std::countr_zero(left))]);
      take<K, true>(m, option);
      taken[end++] = static_cast<OptionId>(option);
      if (dead_) return finish(Outcome::dead);
    }
    if (!root_rule) break;
    if (check_all) {
      std::fill(subset_seen_.begin(), subset_seen_.end(), Mask{0});
      // Items with three options are checked too where much is left to cover (a sparse puzzle's root: most of
      // the rule's gain on top95 and 17-clue); elsewhere they cost more than they save (bench/README.md).
      subset_three_ = uncovered - covered_since(propagated_begin_[level]) > subset_three_above_;
    }
    // The group rule once the subset rule finds nothing more, and the subset rule again after what it removed.
    if (!apply_subset_rule<K, true>(m, subset_seen_.data()) &&
        !root_group_rule<K>(m, uncovered, propagated_begin_[level], end))
      break;
    if (dead_) return finish(Outcome::dead);
    check_all = false;
  }
  uncovered -= covered_since(propagated_begin_[level]);
  // Below the root, the subset rule once, where much is left to cover (a large subtree to save). Outside the
  // loop above, whose registers it would crowd (5% more instructions on every level, bench/README.md).
  if (!at_root && uncovered > subset_above_) {
    const std::uint32_t from = end;
    if (!subset_below<K>(level, end)) return finish(Outcome::dead);
    uncovered -= covered_since(from);
  }
  if (!at_root && uncovered > group_above_ && groups_ready()) {
    const std::uint32_t from = end;
    if (!group_rule<K>(level, end)) return finish(Outcome::dead);
    uncovered -= covered_since(from);
  }
  uncovered_[static_cast<std::size_t>(level)] = uncovered;
  if (uncovered == 0) return finish(Outcome::solution);
  bool solved = false;
  item = choose_item(m, solved, uncovered > tie_break_above_ ? tie_candidates_ : 1);
  return finish(solved ? Outcome::solution : Outcome::branch);
}

// Unit propagation of the items queued from `head` on, after a rule removed options: the options taken are
// appended to propagated_ from `end`. Returns false at a dead end.
template <int K>
[[gnu::always_inline]] inline bool MaskEngine::take_queued(Mask* m, std::size_t head, std::uint32_t& end) {
  while (!dead_ && head < queued_) {
    const std::uint32_t j = queue_[head++];
    const Mask left = m[j];
    if (left == kCovered) continue;  // an option taken meanwhile covered it
    if (left == 0) return false;
    const int option = option_at(static_cast<int>(j), left);
    take<K, true>(m, option);
    propagated_[end++] = static_cast<OptionId>(option);
  }
  return !dead_;
}

// The subset rule once at a level below the root, against its parent's masks (an item whose mask is the same
// there was checked there), then unit propagation of what it leaves forced: the options taken are appended to
// propagated_ from `end`. Returns false at a dead end.
template <int K>
[[gnu::noinline]] bool MaskEngine::subset_below(int level, std::uint32_t& end) {
  Mask* m = masks(level);
  std::size_t head = queued_;
  if (!apply_subset_rule<K, false>(m, masks(level - 1))) return true;
  return take_queued<K>(m, head, end);
}

// The group rule at the root, where propagation has left `uncovered` primary items less those the options
// propagated_[from, end) cover: not at a root it solved, where every group is covered. Out of propagate(), whose
// loop compiled to more instructions on every level with it inside.
template <int K>
[[gnu::noinline]] bool MaskEngine::root_group_rule(Mask* m, int uncovered, std::uint32_t from,
                                                   std::uint32_t end) {
  if (!group_at_root_) return false;
  if (K > 0 && all_primary_) {
    uncovered -= K * static_cast<int>(end - from);
  } else {
    for (std::uint32_t p = from; p != end; ++p) uncovered -= static_cast<int>(primaries_of_[propagated_[p]]);
  }
  return uncovered > 0 && groups_ready() && apply_group_rule<K>(m, nullptr);
}

// The group rule once (build_groups()), then unit propagation of what it leaves forced, as subset_below().
// Returns false at a dead end.
template <int K>
[[gnu::noinline]] bool MaskEngine::group_rule(int level, std::uint32_t& end) {
  Mask* m = masks(level);
  std::size_t head = queued_;
  if (!apply_group_rule<K>(m, masks(level - 1))) return !dead_;
  return take_queued<K>(m, head, end);
}

// One pass of the group rule over every group: a group whose n uncovered members have fewer than n options'
// bits between them is a dead end; with exactly n, the T_p and T'_p of those bits lose their options that are
// no member's. Removes options as take() does, queueing the items left with at most one; returns whether it
// removed any.
template <int K>
[[gnu::noinline]] bool MaskEngine::apply_group_rule(Mask* m, const Mask* before) {
  const std::uint32_t* const column_begin = column_begin_.data();
  const std::uint32_t* const other_slots = other_slot_.data();
  const std::uint32_t* const other_keeps = other_keep_.data();
  const std::uint32_t* const members = groups_.data();
  const std::uint32_t* const targets = group_targets_.data();
  std::uint32_t* const queue = queue_.data();
  std::size_t queued = queued_;
  std::uint64_t removed = 0;
  // Group g, whatever its masks hold now: false at a dead end.
  const auto apply = [&](std::size_t g) {
    std::uint32_t all = 0;
    int live = 0;
    for (std::uint32_t i = group_begin_[g]; i < group_begin_[g + 1]; ++i) {
      const std::uint32_t x = m[members[i]];
      const std::uint32_t open = (x >> 15) - 1;  // all ones while uncovered, 0 once covered
      all |= x & open;
      live += static_cast<int>(open & 1);
    }
    const int bits = std::popcount(all);
    if (bits > live || live == 0) return true;
    if (bits < live) return false;
    for (std::uint32_t left = all; left != 0; left &= left - 1) {
      const std::uint32_t* const pair = targets + g * 2 * kMaxColumn + 2 * std::countr_zero(left);
      for (int w = 0; w < 2; ++w) {
        const std::size_t t = pair[w] & 0xFFFF;
        const auto outside = static_cast<Mask>(m[t] & kColumnBits & ~(pair[w] >> 16));
        if (outside == 0) continue;
        for (Mask extra = outside; extra != 0; extra &= extra - 1) {
          const std::size_t entry = column_begin[t] + static_cast<std::size_t>(std::countr_zero(extra));
          ++removed;
          m[t] = static_cast<Mask>(m[t] & ~(extra & -extra));
          const auto [r_first, r_last] = others_of<K>(entry);
          for (std::size_t r = r_first; r != r_last; ++r) {
            const std::uint32_t target = other_slots[r];
            const std::uint32_t rest = std::uint32_t{m[target]} & other_keeps[r];
            m[target] = static_cast<Mask>(rest);
            queue[queued] = target;
            queued += (rest & (rest - 1)) == 0 ? 1 : 0;
          }
        }
        queue[queued] = static_cast<std::uint32_t>(t);
        queued += (m[t] & (m[t] - 1)) == 0 ? 1 : 0;
      }
    }
    return true;
  };
  bool alive = true;
  // A lane per group: set where the group's n uncovered members have at most n bits between them (a covered
  // member counts as one bit of its own), some member is uncovered, and (below the root) some member changed
  // since `before` (an unchanged group was checked there).
  for (const GroupChunk& chunk : group_chunks_) {
    const Mask* const p = m + chunk.start;
    Wide options = Wide::splat(0), same = Wide::ones();
    for (std::uint32_t k = 0; k < chunk.members; ++k) {
      const Wide x = Wide::load(p + k * chunk.step);
      const Wide open = (x & Wide::splat(0x8000)).is_zero();
      options = options | (x & open) | Wide::splat(static_cast<Mask>(0x8000u >> k)).and_not(open);
      if (before != nullptr) same = same & equal(x, Wide::load(before + chunk.start + k * chunk.step));
    }
    Wide fewer = options;
    for (std::uint32_t k = 0; k < chunk.members; ++k) fewer = fewer.without_lowest();
    Wide hit = fewer.is_zero().and_not(
        (options & Wide::splat(static_cast<Mask>(0xFFFFu >> chunk.members))).is_zero());
    if (before != nullptr) hit = hit.and_not(same);
    for (std::uint64_t bits = hit.lanes() & chunk.firsts; bits != 0 && alive; bits &= bits - 1)
      alive = apply(chunk_groups_[chunk.lanes_from + static_cast<std::size_t>(std::countr_zero(bits)) / 2]);
  }
  for (std::size_t i = 0; i < scalar_groups_.size() && alive; ++i) alive = apply(scalar_groups_[i]);
  dead_ = dead_ || !alive;
  removed_ += removed;
  end_queueing(m, queued);
  return removed != 0 || dead_;
}

// The subset rule: when every option left to a primary item i also has item j, one of them covers j, and j's
// other options can go. On Sudoku these are the locked candidates (a digit confined to one row of a box, or
// to one box of a row). Run after unit propagation at the root, it removes 56% of top95's nodes, 46% of
// top1465's and 67% of 17-clue's.
//
// Checked for the items whose masks differ from `before` (an unchanged item i was settled then: if its
// options all had j, j has since kept only theirs), and only where subset_capable_ (two of the item's options
// share another item), so the vector pass covers capable_begin_ to capable_end_. At the root (Root) to a fixed
// point, on items with two options, and three where much is left to cover (subset_three_): `before` is
// subset_seen_, all zero at first, and each pass stores the masks it saw there. Below the root once per level,
// after unit propagation, on items with two options, against the parent level: a second pass, and items with
// three options, cost more than the nodes they save (bench/README.md). The pass reads 16 masks at a time in
// the AVX2 copy, 8 in the portable one. Removes options as take() does, queueing the items left with at most
// one; returns whether it removed any.
template <int K, bool Root>
bool MaskEngine::apply_subset_rule(Mask* m, const Mask* before) {
  const std::uint32_t* const column_begin = column_begin_.data();
  const std::uint32_t* const other_slots = other_slot_.data();
  const std::uint32_t* const other_keeps = other_keep_.data();
  const Mask* const other_share = other_share_.data();
  const std::uint32_t* const uses = packed_uses_.data();
  std::uint32_t* const queue = queue_.data();
  Mask* const seen = subset_seen_.data();
  std::size_t queued = queued_;
  std::uint64_t removed = 0;
  // Removes j's options that do not have item i (the options left to i are all j's). The clears are take()'s
  // loop, written again: shared through a function, take() compiled to 8% more instructions (GCC 12).
  const auto confine = [&](std::size_t i, std::size_t j) {
    for (auto extra = static_cast<Mask>(m[j] & kColumnBits); extra != 0; extra &= extra - 1) {
      const std::size_t entry = column_begin[j] + static_cast<std::size_t>(std::countr_zero(extra));
      const std::uint32_t o = column_[entry];
      const std::uint32_t* first = K > 0 ? uses + static_cast<std::size_t>(o) * K : uses + use_begin_[o];
      const std::uint32_t* last = K > 0 ? first + K : uses + use_begin_[o + 1];
      bool has_i = false;
      for (const std::uint32_t* u = first; u != last; ++u) has_i = has_i || (*u & 0xFFFF) == i;
      if (has_i) continue;
      ++removed;
      m[j] = static_cast<Mask>(m[j] & ~(extra & -extra));
      const auto [r_first, r_last] = others_of<K>(entry);
      for (std::size_t r = r_first; r != r_last; ++r) {
        const std::uint32_t target = other_slots[r];
        const std::uint32_t left = std::uint32_t{m[target]} & other_keeps[r];
        m[target] = static_cast<Mask>(left);
        queue[queued] = target;
        queued += (left & (left - 1)) == 0 ? 1 : 0;
      }
    }
  };
  // Checks item i, whose options (at least two) are `left`: the items j to try are those of its first option.
  const auto check = [&](std::size_t i, Mask left) {
    const std::size_t entry = column_begin[i] + static_cast<std::size_t>(std::countr_zero(left));
    if constexpr (K >= 2 && K <= 5) {
      // The K-1 shares of the entry at once, as 16-bit lanes of a word: a lane of `left & ~share` is zero
      // where every option left has that lane's item (an exact per-lane zero test; lanes past K-1 stay set).
      std::uint64_t shares = 0;
      std::memcpy(&shares, other_share + entry * (K - 1), sizeof shares);
      constexpr std::uint64_t kUnused = K == 5 ? 0 : ~std::uint64_t{0} << (16 * (K - 1));
      constexpr std::uint64_t kLow = 0x7FFF7FFF7FFF7FFF, kHigh = 0x8000800080008000;
      const std::uint64_t x = (left * 0x0001000100010001 & ~shares) | kUnused;
      for (std::uint64_t zero = ~(((x & kLow) + kLow) | x) & kHigh; zero != 0; zero &= zero - 1) {
        const std::size_t j =
            other_slots[entry * (K - 1) + static_cast<std::size_t>(std::countr_zero(zero)) / 16];
        if (std::popcount(static_cast<Mask>(m[j] & kColumnBits)) > std::popcount(left)) confine(i, j);
      }
    } else {
      const auto [first, last] = others_of<K>(entry);
      for (std::size_t r = first; r != last; ++r) {
        const std::size_t j = other_slots[r];
        if ((left & ~other_share[r]) == 0 &&
            std::popcount(static_cast<Mask>(m[j] & kColumnBits)) > std::popcount(left))
          confine(i, j);
      }
    }
  };
  const Mask* const capable = subset_capable_.data();
  const bool three = Root && subset_three_;
  // The masks from i on, V::kLanes of them: two bits of the result per mask, set where the item changed, is
  // capable, and has at most three options (two below the root): the mask with its three (two) lowest bits
  // cleared is zero (a covered item has 16).
  const auto few_changed = [&]<class V>(std::size_t i, V) {
    const V v = V::load(m + i);
    const V changed = V::load(capable + i).and_not(equal(v, V::load(before + i)));
    if constexpr (Root) v.store(seen + i);
    V t = v.without_lowest().without_lowest();
    if (three) t = t.without_lowest();
    return (changed & t.is_zero()).lanes() & V::kLaneBits;
  };
  for (std::size_t i = capable_begin_; i < capable_end_;) {
    Wide::Bits bits = 0;  // two bits per mask, as wide as the widest vector needs
    std::size_t width = Narrow::kLanes;
    if (kWideVectors && i + Wide::kLanes <= capable_end_) {
      bits = few_changed(i, Wide{});
      width = Wide::kLanes;
    } else {
      bits = few_changed(i, Narrow{});
    }
    for (; bits != 0; bits &= bits - 1) {
      const std::size_t s = i + static_cast<std::size_t>(std::countr_zero(bits)) / 2;
      const Mask left = m[s];  // may have lost options to this pass meanwhile
      if ((left & (left - 1)) != 0) check(s, left);
    }
    i += width;
  }
  removed_ += removed;
  end_queueing(m, queued);
  return removed != 0;
}

// After propagation every uncovered primary item has at least two options. The item to branch on: the
// leftmost with fewest (or, with a seed, a random one of those), or with tie-breaks the best of the first few
// with fewest (best_of), `wanted` of them at most. Most levels have items with two options, found with a vector
// pass; the others count every mask.
int MaskEngine::choose_item(const Mask* m, bool& solved, int wanted) {
  solved = false;
  int tied[kMaxTieCandidates];
  int ties = 0;
  wanted = std::max(wanted, 1);
#if DLX_SSE2
  // With vectors, a pass for the items with two options (the least after propagation) first; the scalar build
  // goes straight to the loop below, which finds the same items.
  if (!options_.seed) {
    bool all_covered = true;
    std::size_t i = 0;
    // The masks from i on, V::kLanes at a time (the widest vectors first, then the narrow ones to the end).
    const auto pass = [&]<class V>(V, std::size_t end) {
      for (; i + V::kLanes <= end; i += V::kLanes) {
        const V v = V::load(m + i);
        const V two = v.without_lowest().without_lowest().is_zero();
        for (auto bits = two.lanes() & V::kLaneBits; bits != 0 && ties < wanted; bits &= bits - 1)
          tied[ties++] = static_cast<int>(i) + std::countr_zero(bits) / 2;
        if (ties == wanted) return;
        all_covered = all_covered && (v.all_ones().lanes() & V::kLaneBits) == V::kLaneBits;
      }
    };
    if constexpr (kWideVectors) pass(Wide{}, primary_slots_);
    if (ties < wanted) pass(Narrow{}, primary_slots_);
    if (ties > 0) return best_of(m, tied, ties);
    if (all_covered) {
      solved = true;
      return -1;
    }
  }
#endif
  int least = 16;
  std::uint64_t drawn = 0;
  for (int i = 0; i < primaries_; ++i) {
    const int c = std::popcount(m[i]);
    if (c < least) {
      least = c;
      tied[0] = i;
      ties = 1;
      drawn = 1;
    } else if (c == least && least < 16) {
      if (options_.seed) {
        if (random() % ++drawn == 0) tied[0] = i;
      } else if (ties < wanted) {
        tied[ties++] = i;
      }
    }
  }
  if (ties == 0) {
    solved = true;
    return -1;
  }
  return options_.seed ? tied[0] : best_of(m, tied, ties);
}

// Of items tied on fewest options, the one whose options remove the most available options in all: its
// branches propagate furthest, so the subtrees below are smaller.
int MaskEngine::best_of(const Mask* m, const int* tied, int ties) {
  if (ties == 1) return tied[0];
  // With K items per option (2 to 4), removes_ gives what an option removes, each option once.
  switch (removes_.empty() ? 0 : uses_per_option_) {
    case 2:
      return best_by_removes<2>(m, tied, ties);
    case 3:
      return best_by_removes<3>(m, tied, ties);
    case 4:
      return best_by_removes<4>(m, tied, ties);
    default:
      break;
  }
  if (!twins_complete_) {
    if (++best_of_calls_ < kCompleteTwinsAfter) return best_by_twins<true>(m, tied, ties);
    complete_twins();
  }
  return best_by_twins<false>(m, tied, ties);
}

// The first of the tied items whose options' scores (score(option)) add up to the most.
template <class Score>
[[gnu::always_inline]] inline int MaskEngine::best_scored(const Mask* m, const int* tied, int ties,
                                                          Score&& score) {
  int best = tied[0];
  int best_total = -1;
  for (int t = 0; t < ties; ++t) {
    const int i = tied[t];
    int total = 0;
    for (Mask options = m[i]; options != 0; options &= options - 1) total += score(option_at(i, options));
    if (total > best_total) {
      best_total = total;
      best = i;
    }
  }
  return best;
}

// best_of() with K items per option: what take() would remove, one popcount of removals().
template <int K>
int MaskEngine::best_by_removes(const Mask* m, const int* tied, int ties) {
  const std::uint32_t* const uses = packed_uses_.data();
  return best_scored(m, tied, ties, [&](int option) {
    std::uint32_t slots[K];
    for (int k = 0; k < K; ++k) slots[k] = uses[static_cast<std::size_t>(option) * K + k] & 0xFFFF;
    return std::popcount(removals<K>(m, slots, option));
  });
}

// best_of() for any options: the options left in an option's items' columns (their popcounts), less those
// counted twice (twins_: options sharing more than one item with it); the option itself counts once per item
// it has.
template <bool Lazy>
int MaskEngine::best_by_twins(const Mask* m, const int* tied, int ties) {
  const std::uint32_t* const uses = packed_uses_.data();
  return best_scored(m, tied, ties, [&](int o) {
    const auto at = static_cast<std::size_t>(o);
    int score = 0;
    for (std::uint32_t u = use_begin_[at]; u != use_begin_[at + 1]; ++u)
      score += std::popcount(static_cast<Mask>(m[uses[u] & 0xFFFF] & kColumnBits));
    if (Lazy && twin_begin_[at] == kUnbuilt) build_twins(o);
    for (std::uint32_t t = twin_begin_[at]; t != twin_end_[at]; ++t)
      score -= (m[twins_[t] & 0xFFFF] & (twins_[t] >> 16)) != 0 ? 1 : 0;
    return score;
  });
}

[[gnu::always_inline]] inline bool MaskEngine::next_option(int level, Choice& choice) const {
  Mask bits = masks(level)[choice.item];
  if (choice.option >= 0) bits &= static_cast<Mask>(~((2u << choice.where) - 1));
  if (bits == 0) return false;
  choice.where = static_cast<std::uint32_t>(std::countr_zero(bits));
  choice.option = option_at(choice.item, bits);
  return true;
}

bool MaskEngine::force(OptionId option) {
  const int o = static_cast<int>(option);
  if (!available(o)) return false;
  take_forced(o);
  forced_.push_back(option);
  return true;
}

// force()'s taking of an available option (forced_ is the caller's). A keep row costs about as much to build
// as three uses of it save: an option gets one when force() takes it the third time (keep_row_uses_).
[[gnu::always_inline]] inline void MaskEngine::take_forced(int o) {
  if (!keep_rows_ || keep_row_uses_[static_cast<std::size_t>(o)] < kKeepRowAfter) {
    if (keep_rows_) ++keep_row_uses_[static_cast<std::size_t>(o)];
    force_by_take(o);
  } else {
    // One AND per mask instead of clearing every removed option's items one by one: forced options are most
    // of the work of an easy puzzle. The row clears the option's own items too; settle_root() marks them
    // covered before the search. (The options a keep row removes are not counted in stats().updates: counting
    // them would cost what the row saves.) Rows wait to be applied kPendingRows at a time: one pass over the
    // masks then loads and stores each mask once for eight givens, not eight times (with settle_root()'s
    // fixed-length loop, 7% fewer instructions on serg_benchmark's first 1000 at limit 2).
    pending_rows_[pending_++] = keep_row(o);
    if (pending_ == kPendingRows) apply_pending();
  }
}

// force()'s rarer way, out of line so that force() stays small enough to inline into force_all().
[[gnu::noinline]] void MaskEngine::force_by_take(int o) {
  apply_pending();  // take() reads and writes the masks
  removed_ = 0;
  take_any<false>(masks(0), o);
  stats_.updates += removed_;
}

// Engine::force_all's loop, with force() called directly (MaskEngine is final): a puzzle's givens.
std::size_t MaskEngine::force_all(std::span<const OptionId> options) {
  for (std::size_t i = 0; i < options.size(); ++i)
    if (!force(options[i])) return i;
  return options.size();
}

// ANDs the pending keep rows into the root's masks.
void MaskEngine::apply_pending() {
  // apply_rows<N> for N = pending_ (1 to kPendingRows): the loop over the rows then has a fixed length.
  [this]<int... N>(std::integer_sequence<int, N...>) {
    (void)((pending_ == N + 1 && (apply_rows<N + 1>(), true)) || ...);
  }
  (std::make_integer_sequence<int, kPendingRows>{});
  pending_ = 0;
}

template <int N>
void MaskEngine::apply_rows() {
  // Locals: the vector stores may alias any member, which the loops would then read again at every step.
  Mask* const m = masks(0);
  const std::size_t stride = stride_;
  const Mask* rows[N];
  for (int i = 0; i < N; ++i) rows[i] = pending_rows_[i];
  std::size_t from = 0;
  // Wide vectors while a whole one is left (the AVX2 copy: 16 masks at a time, AVX-512: 32), then 8 at a time.
  const auto and_rows = [&]<class V>(V) {
    for (; from + V::kLanes <= stride; from += V::kLanes) {
      V v = V::load(m + from);
      for (int i = 0; i < N; ++i) v = v & V::load(rows[i] + from);
      v.store(m + from);
    }
  };
  if constexpr (kWideVectors) and_rows(Wide{});
  and_rows(Narrow{});
}

// Applies the pending keep rows, then marks the items of the forced options covered (kCovered): a keep row
// leaves them at 0, and may clear bits of an item take() covered.
void MaskEngine::settle_root() {
  apply_pending();
  Mask* m = masks(0);
  const auto cover = [&](auto k, auto primary) {
    constexpr int K = decltype(k)::value;
    constexpr bool all_primary = decltype(primary)::value;
    const std::uint32_t* const uses = packed_uses_.data();
    for (OptionId o : forced_) {
      // With K items per option (Sudoku: 4) the option's uses are at o * K, without use_begin_'s two loads.
      const std::uint32_t* first = K > 0 ? uses + static_cast<std::size_t>(o) * K : uses + use_begin_[o];
      const std::uint32_t* last = K > 0 ? first + K : uses + use_begin_[o + 1];
      for (const std::uint32_t* u = first; u != last; ++u)
        if (all_primary || use_slot(*u) < primary_slots_) m[use_slot(*u)] = kCovered;
    }
  };
  // Every item primary (Sudoku): no test per item.
  if (all_primary_) {
    with_uses_per_option([&](auto k) { cover(k, std::true_type{}); });
  } else {
    with_uses_per_option([&](auto k) { cover(k, std::false_type{}); });
  }
}

void MaskEngine::copy_root(int level) {
  settle_root();
  std::copy(masks(0), masks(0) + stride_, masks(level));
  queue_ready_ = false;
}

bool MaskEngine::all_covered_at(int level) const {
  const Mask* m = masks(level);
  return std::all_of(m, m + primaries_, [](Mask x) { return x == kCovered; });
}

void MaskEngine::begin_search() {
  settle_root();
  queue_ready_ = false;
}

void MaskEngine::check_invariants() const {
  const auto fail = [](const std::string& what) { throw std::logic_error("dlx mask engine: " + what); };
  constexpr Mask kCoveredBit = 0x8000;
  const auto covered = [&](Mask m) { return (m & kCoveredBit) != 0; };
  // The columns: each entry is an option that has the item, at that bit.
  for (std::size_t s = 0; s < stride_; ++s) {
    const std::size_t length = column_begin_[s + 1] - column_begin_[s];
    if (length > static_cast<std::size_t>(kMaxColumn)) fail("a column longer than a mask holds");
    for (std::size_t p = 0; p < length; ++p) {
      const std::uint32_t o = column_[column_begin_[s] + p];
      if (o >= static_cast<std::uint32_t>(option_count_)) fail("a column entry is no option");
      bool found = false;
      for (std::uint32_t u = use_begin_[o]; u < use_begin_[o + 1]; ++u)
        found = found || (use_slot(packed_uses_[u]) == s && use_bit(packed_uses_[u]) == 1u << p);
      if (!found)
        fail("column entry " + std::to_string(p) + " of slot " + std::to_string(s) +
             " is not its option's use of the item");
    }
  }
  // repeats_: bit p of option x's k-th item is set exactly when that column's p-th option is another option
  // that also lies in the column of one of x's items before k.
  if (!repeats_.empty()) {
    const auto k_uses = static_cast<std::size_t>(uses_per_option_);
    const auto in_column = [&](std::size_t slot, std::uint32_t z) {
      for (std::size_t entry = column_begin_[slot]; entry < column_begin_[slot + 1]; ++entry)
        if (column_[entry] == z) return true;
      return false;
    };
    for (std::size_t x = 0; x < static_cast<std::size_t>(option_count_); ++x) {
      for (std::size_t k = 0; k < k_uses; ++k) {
        const std::size_t slot = use_slot(packed_uses_[x * k_uses + k]);
        for (std::size_t entry = column_begin_[slot]; entry < column_begin_[slot + 1]; ++entry) {
          const std::uint32_t z = column_[entry];
          bool earlier = false;
          for (std::size_t j = 0; j < k; ++j)
            earlier = earlier || (z != x && in_column(use_slot(packed_uses_[x * k_uses + j]), z));
          const bool set = (repeats_[x * k_uses + k] >> (entry - column_begin_[slot]) & 1u) != 0;
          if (set != earlier)
            fail("repeats_ of option " + std::to_string(x) + ", item " + std::to_string(k) + ", bit " +
                 std::to_string(entry - column_begin_[slot]) + " is " + (set ? "set" : "clear"));
          // removes_: the other options of the column that no earlier item of x has.
          const bool removes = (removes_[x] >> (16 * k + entry - column_begin_[slot]) & 1u) != 0;
          if (removes != (z != x && !earlier))
            fail("removes_ of option " + std::to_string(x) + ", item " + std::to_string(k) + ", bit " +
                 std::to_string(entry - column_begin_[slot]) + " is " + (removes ? "set" : "clear"));
        }
        if (use_columns_[x * k_uses + k] != column_begin_[slot])
          fail("use_columns_ of option " + std::to_string(x) + ", item " + std::to_string(k) +
               " is not its column's start");
        const auto past = static_cast<Mask>(~((1u << (column_begin_[slot + 1] - column_begin_[slot])) - 1));
        if ((removes_[x] >> (16 * k) & past) != 0)
          fail("removes_ of option " + std::to_string(x) + ", item " + std::to_string(k) +
               " has a bit past its column");
      }
    }
  }
  // The group rule's groups (build_groups(), once the rule first runs).
  for (std::size_t g = 0; g + 1 < group_begin_.size(); ++g) {
    const std::string name = "group " + std::to_string(g);
    const std::uint32_t* const first = groups_.data() + group_begin_[g];
    const std::size_t n = group_begin_[g + 1] - group_begin_[g];
    if (n < 2 || n > static_cast<std::size_t>(kMaxGroup))
      fail(name + " has " + std::to_string(n) + " members");
    const std::size_t length = column_begin_[first[0] + 1] - column_begin_[first[0]];
    for (std::size_t i = 0; i < n; ++i) {
      if (first[i] >= static_cast<std::uint32_t>(primaries_) || (i > 0 && first[i] <= first[i - 1]))
        fail(name + ": its members are not ascending primary slots");
      if (column_begin_[first[i] + 1] - column_begin_[first[i]] != length || length <= n)
        fail(name + ": a member's column is not as long as the others, or not longer than the group");
    }
    for (std::size_t p = 0; p < length; ++p) {
      for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j)
          if (column_[column_begin_[first[i]] + p] == column_[column_begin_[first[j]] + p])
            fail(name + ": two members share their option " + std::to_string(p));
      for (std::size_t w = 0; w < 2; ++w) {
        const std::uint32_t target = group_targets_[g * 2 * kMaxColumn + 2 * p + w];
        const std::uint32_t t = target & 0xFFFF;
        if (t >= static_cast<std::uint32_t>(primaries_) || std::find(first, first + n, t) != first + n)
          fail(name + ": target " + std::to_string(2 * p + w) + " is not a primary item outside it");
        std::uint32_t inside = 0;
        for (std::size_t i = 0; i < n; ++i) {
          const std::uint32_t x = column_[column_begin_[first[i]] + p];
          bool has = false;
          for (std::uint32_t u = use_begin_[x]; u < use_begin_[x + 1]; ++u) {
            if (use_slot(packed_uses_[u]) != t) continue;
            has = true;
            inside |= use_bit(packed_uses_[u]);
          }
          if (!has)
            fail(name + ": option " + std::to_string(x) + " lacks target " + std::to_string(2 * p + w));
        }
        if ((target >> 16) != inside)
          fail(name + ": target " + std::to_string(2 * p + w) + "'s bits are wrong");
      }
    }
  }
  if (this->pc_ == Engine::Pc::start) return;  // the levels hold nothing before the search
  const auto length_bits = [&](std::size_t s) {
    return static_cast<Mask>((1u << (column_begin_[s + 1] - column_begin_[s])) - 1);
  };
  for (int k = 0; k <= depth_; ++k) {
    const Mask* m = masks(k);
    if (k < depth_ && uncovered_[static_cast<std::size_t>(k)] != count_uncovered(m))
      fail("level " + std::to_string(k) + " counts " +
           std::to_string(uncovered_[static_cast<std::size_t>(k)]) + " uncovered primary items, its masks " +
           std::to_string(count_uncovered(m)));
    for (std::size_t s = static_cast<std::size_t>(primaries_); s < primary_slots_; ++s)
      if (m[s] != kCovered) fail("a padding slot of level " + std::to_string(k) + " is not covered");
    for (std::size_t s = primary_slots_; s < stride_; ++s)
      if ((m[s] & kSecondary) != kSecondary)
        fail("a secondary item of level " + std::to_string(k) + " lost its marker bits");
    for (std::size_t s = 0; s < static_cast<std::size_t>(primaries_); ++s)
      if (!covered(m[s]) && (m[s] & ~length_bits(s)) != 0)
        fail("an uncovered item of level " + std::to_string(k) + " has bits past its column");
    if (k == depth_) continue;
    // Below the current level: level k+1 is level k after a choice, so it never has an option level k had not,
    // and a covered item stays covered. Level k has settled (it branched): each option it still has is there
    // in every column of the option, or it would have gone.
    const Mask* next = masks(k + 1);
    for (std::size_t s = 0; s < stride_; ++s) {
      if (s < static_cast<std::size_t>(primaries_) && covered(m[s]) && !covered(next[s]))
        fail("item slot " + std::to_string(s) + " covered at level " + std::to_string(k) + " but not below");
      if (!covered(next[s]) && !covered(m[s]) && (next[s] & ~m[s] & length_bits(s)) != 0)
        fail("slot " + std::to_string(s) + " has an option at level " + std::to_string(k + 1) +
             " that level " + std::to_string(k) + " had not");
    }
    for (std::size_t s = 0; s < static_cast<std::size_t>(primaries_); ++s) {
      if (covered(m[s])) continue;
      for (Mask bits = m[s] & length_bits(s); bits != 0; bits &= static_cast<Mask>(bits - 1)) {
        const std::uint32_t o = column_[column_begin_[s] + static_cast<std::size_t>(std::countr_zero(bits))];
        for (std::uint32_t u = use_begin_[o]; u < use_begin_[o + 1]; ++u) {
          const std::size_t t = use_slot(packed_uses_[u]);
          const Mask bit = use_bit(packed_uses_[u]);
          if ((t < primary_slots_ && covered(m[t])) || (m[t] & bit) == 0)
            fail("option " + std::to_string(o) + " is available to slot " + std::to_string(s) + " at level " +
                 std::to_string(k) + " but gone from slot " + std::to_string(t));
        }
      }
    }
  }
}

std::unique_ptr<Engine> make_mask_engine(const Problem& problem, const SearchOptions& options) {
  return std::make_unique<MaskEngine>(problem, options);
}

// Whether force() may take option o: it has a primary item, and it is still in the root's masks. An option is
// available while its bit is set in its (uncovered) primary items' masks. A covered item's mask is 0 after a
// keep row, or kCovered (bit 15 set, whatever later keep rows cleared) after take() or settle_root(). The keep
// rows not applied yet count too: ANDed in at this one mask (they never clear bit 15), it is what the root
// would hold with them.
bool MaskEngine::available(int o) const {
  if (primaries_of_[static_cast<std::size_t>(o)] == 0) return false;
  const std::uint32_t use = packed_uses_[first_primary_use_[static_cast<std::size_t>(o)]];
  Mask mask = masks(0)[use_slot(use)];
  for (int i = 0; i < pending_; ++i) mask = static_cast<Mask>(mask & pending_rows_[i][use_slot(use)]);
  return (mask & use_bit(use)) != 0 && (mask & 0x8000) == 0;
}

// force_all() without force()'s test of each option: the caller vouches for them (Engine::force_disjoint).
void MaskEngine::force_disjoint(std::span<const OptionId> options) {
  for (OptionId option : options) {
    DLX_ASSERT(option < static_cast<OptionId>(option_count_) && available(static_cast<int>(option)));
    take_forced(static_cast<int>(option));
  }
  forced_.insert(forced_.end(), options.begin(), options.end());
}

DLX_ISA_END
}  // namespace dlx::detail
