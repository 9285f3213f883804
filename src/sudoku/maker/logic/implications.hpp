// The implications of an assumption, as Sukaku Explainer's chains follow them: a node is a candidate assumed
// true ("on") or false ("off"); "on" puts every other candidate of its cell (Y links) and every other place of
// its digit in its houses (X links) "off"; "off" puts a cell's last other candidate or a house's last other
// place of the digit "on". Every node keeps the nodes it follows from, so a chain's length is the number of
// nodes it rests on, as SE counts it. Dynamic propagation takes the "off" nodes out of the grid as it goes, so
// later links see the reduced grid (and rest on those eliminations too).
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "sudoku/maker/logic/bits.hpp"
#include "sudoku/maker/logic/board.hpp"

namespace sudoku::logic {

// Mask tests the chains ask in their inner loops, without a population count (a library call where the
// build targets processors without the instruction).
inline bool one_bit(Mask m) {
  return m != 0 && (m & (m - 1)) == 0;
}
inline bool two_bits(Mask m) {
  return m != 0 && one_bit(m & (m - 1));
}
inline bool two_or_more(Mask m) {
  return (m & (m - 1)) != 0;
}

// Node (cell, digit, on) as one index: (cell * side + digit - 1) * 2 + on.
inline int node_of(int cell, int digit, bool on, int side) {
  return ((cell * side + digit - 1) << 1) | (on ? 1 : 0);
}
inline int node_cell(int node, int side) {
  return (node >> 1) / side;
}
inline int node_digit(int node, int side) {
  return (node >> 1) % side + 1;
}
inline bool node_on(int node) {
  return (node & 1) != 0;
}

// The nodes one assumption reached, in the order reached, with each node's parents.
// Where each digit may still go in each house (bit i: the house's i-th cell), kept up as candidates go, and
// each cell's houses in SE's order (box, row, column, extra regions) with its place in each.
class Places {
 public:
  using Slot = HouseSlot;
  Places() = default;
  explicit Places(const Board& board) { load(board); }
  // `board`'s places, in the tables' storage so far (a search kept from one board to the next allocates once).
  void load(const Board& board);
  Mask at(int house, int digit) const { return at_[static_cast<std::size_t>(house * side_ + digit - 1)]; }
  void remove(int cell, int digit);
  // Back to `other`'s places (a copy of this one, taken before the removals).
  void restore(const Places& other) { at_ = other.at_; }
  const std::vector<Slot>& slots(int cell) const { return slots_->of(cell); }
  // The other cells that may hold `digit` in a house of `cell`, each once, house by house in SE's order
  // (with the house each was first met in, when `house_of` is given).
  void peers_with(const Houses& houses, int cell, int digit, std::vector<int>& out,
                  std::vector<int>* house_of = nullptr) const;

 private:
  int side_ = 0;
  std::vector<Mask> at_;
  const HouseSlots* slots_ = nullptr;     // the board's, shared
  const Crossings* crossings_ = nullptr;  // the same
};

// Why a node follows: its cell's last candidate, its house's last place of the digit (the house), or neither
// (an assumption, or a step of the techniques that continue "(+)" chains).
inline constexpr int cause_cell = -1;
inline constexpr int cause_none = -2;

class Implications {
 public:
  void reset(int nodes);
  bool has(int node) const { return stamp_[static_cast<std::size_t>(node)] == epoch_; }
  // `nested`: the inner chain the node was concluded by (an index from add_nested), or -1.
  void add(int node, const int* parents, int count, int cause = cause_none, int nested = -1);
  const std::vector<int>& order() const { return order_; }
  int cause(int node) const { return rec_[static_cast<std::size_t>(node)].cause; }
  // The nodes `node` rests on, itself included (SE's ancestor count); the count stops past `limit`.
  int ancestors(int node, int limit = 1 << 30) const;
  // Calls f(node) for each node `node` rests on, itself included, each once, until f returns false.
  template <class F>
  void each_ancestor(int node, F&& f) const;

  // Nested chains: an inner chain of `complexity` nodes (`key` names its nodes) concluded some nodes; a step
  // resting on them counts the inner chain's nodes too, once per step however many branches reach the same
  // chain (SE's nested complexity).
  int add_nested(int complexity, std::uint64_t key) {
    nested_weight_.push_back(complexity);
    nested_key_.push_back(key);
    return static_cast<int>(nested_weight_.size()) - 1;
  }
  bool any_nested() const { return !nested_weight_.empty(); }
  // Appends (key, nodes) of each distinct inner chain `node` rests on.
  void nested(int node, std::vector<std::pair<std::uint64_t, int>>& out) const;

 private:
  // A node's parents (pool_[first, first + count), or the one parent itself in `first` when count is 1: most
  // nodes have one), cause and inner chain; valid while stamp_ is the epoch.
  struct Record {
    int first, count, cause, nested;
  };
  std::vector<std::uint32_t> stamp_;
  std::uint32_t epoch_ = 0;
  std::vector<Record> rec_;
  std::vector<int> pool_, order_, nested_weight_;
  std::vector<std::uint64_t> nested_key_;
  mutable std::vector<std::uint32_t> seen_;
  mutable std::vector<std::uint8_t> nested_seen_;
  mutable std::uint32_t seen_epoch_ = 0;
  mutable std::vector<int> stack_;
};

// Inline: the chains' inner loops add a node at every link that reaches a new one.
inline void Implications::add(int node, const int* parents, int count, int cause, int nested) {
  const auto i = static_cast<std::size_t>(node);
  stamp_[i] = epoch_;
  if (count == 1) {
    rec_[i] = {parents[0], 1, cause, nested};
  } else {
    rec_[i] = {static_cast<int>(pool_.size()), count, cause, nested};
    // A few parents: a loop, not a call to memmove.
    for (int k = 0; k < count; ++k) pool_.push_back(parents[k]);
  }
  order_.push_back(node);
}

template <class F>
void Implications::each_ancestor(int node, F&& f) const {
  if (++seen_epoch_ == 0) {
    std::fill(seen_.begin(), seen_.end(), 0);
    seen_epoch_ = 1;
  }
  stack_.clear();
  stack_.push_back(node);
  while (!stack_.empty()) {
    const int n = stack_.back();
    stack_.pop_back();
    const auto i = static_cast<std::size_t>(n);
    if (seen_[i] == seen_epoch_) continue;
    seen_[i] = seen_epoch_;
    if (!f(n)) return;
    if (!has(n)) continue;
    const Record& r = rec_[i];
    if (r.count == 1)
      stack_.push_back(r.first);
    else
      for (int k = 0; k < r.count; ++k) stack_.push_back(pool_[static_cast<std::size_t>(r.first + k)]);
  }
}

struct ChainRules {
  bool y_links = true;  // the cell rules (off for Nishio, which follows one digit)
  bool dynamic = false;
  // Dynamic "(+)": when the links run dry, the steps of `advanced` on the reduced grid continue the chain:
  // the eliminations of each step, resting on the candidates the chain took out of its pattern.
  struct Advanced {
    std::vector<Candidate> eliminations, parents;
    int nested = 0;  // the nodes of the inner chain that concluded it (nested forcing chains), else 0
    std::uint64_t chain = 0;  // which inner chain: a hash of its nodes
  };
  using AdvancedRule =
      std::function<void(const Board& reduced, const Board& start, std::vector<Advanced>& steps)>;
  AdvancedRule advanced;
};

class Chainer {
 public:
  // With `base`, a static chainer (dynamic off, Y links on) on a grid reduced from `base`'s (candidates out,
  // none in) takes the links of the nodes the reduction left alone from `base`'s table instead of working
  // them out again: a node's links read only its cell's candidates and its digit's places in the cell's
  // houses. `base` (static, Y links on) outlives this chainer.
  Chainer(const Board& board, ChainRules rules, Chainer* base = nullptr);
  ~Chainer();
  Chainer(const Chainer&) = delete;
  Chainer& operator=(const Chainer&) = delete;

  // Follows the nodes `start` (already in `out`) to the end. Returns false, with the two nodes that clash (the
  // one already reached and the one just added), when a candidate would be both on and off.
  bool run(Implications& out, int& clash_a, int& clash_b);
  // Starts `out` from one node and runs it.
  bool run_from(int node, Implications& out, int& clash_a, int& clash_b);

  const Board& board() const { return board_; }
  int side() const { return side_; }
  // A static chainer's links of `node` (node, cause), in the order a search follows them; worked out at first
  // need. Valid until the next call.
  const std::pair<int, int>* links(int node, int& count);
  // Full houses of a cell in SE's order: box, row, column, then the extra regions.
  const std::vector<Places::Slot>& slots(int cell) const { return start_places_.slots(cell); }

 private:
  struct Emitted {
    int node, first, count, cause = cause_none, nested = -1;
  };
  // A cell's house: the places of digit d in it are places_[at + d - 1], the cell's among them `bit`; `met`:
  // the bit and the house's cells in the cell's earlier houses (SE's order), whose places were met there.
  struct Slot {
    int at, house;
    Mask bit, met;
    bool full;
  };
  // An "off" node's links into emitted_ (parents in tmp_parents_) on the grid as it is now; `out` (read only
  // where the grid lost candidates: not in a static search) names the nodes reached.
  void off_to_on(int node, const Implications* out);
  // An "on" node's links on the grid as it is now, f(off node, cause) for each until it returns false.
  template <class F>
  void each_off_of(int node, F&& f);
  // A static search's links of `node` into link_list_ (the grid does not change while it runs).
  void static_links(int node, bool from_on);
  // A node reached from `parents` whose conjugate is known: added, with the clashing pair (run() adds the
  // others unless known, and queues them).
  void clash(Implications& out, const Emitted& e, const int* parents, bool from_on, int& clash_a,
             int& clash_b);
  // The steps of rules_.advanced on the grid the chain has reduced, as "off" nodes; false when none is new.
  bool advance(Implications& out);
  void remove(int cell, int digit);
  struct Storage;
  static std::vector<Storage>& spare();
  void swap_storage(Storage& s);

  const Board& board_;
  std::optional<Board> reduced_;  // advance()'s grid, made at its first need and kept for its storage
  ChainRules rules_;
  int side_;
  std::vector<Mask> start_, grid_;
  Places start_places_;
  std::vector<Mask> start_at_, at_;  // the digits' places in each house, as Places has them
  std::vector<Slot> slot_list_;
  std::vector<std::uint32_t> slot_begin_;  // a cell's slots: [slot_begin_[c], slot_begin_[c + 1]), SE's order
  std::vector<Emitted> emitted_;
  std::vector<ChainRules::Advanced> advanced_;
  std::vector<int> tmp_parents_, pending_on_, pending_off_;
  static constexpr std::uint32_t kNotYet = ~std::uint32_t{0};
  // Without dynamic rules the grid does not change while the search runs, so each node's links are worked out
  // once: [begin, end) of link_list_ (node, cause), {kNotYet, 0} until needed (so begin != end unless the node
  // is known to lead nowhere). With a base, a node's range may be in the base's list instead: both ends carry
  // kShared.
  struct Range {
    std::uint32_t begin, end;
  };
  std::vector<Range> range_;
  std::vector<int> ranged_;  // the nodes whose ranges are set
  std::vector<std::pair<int, int>> link_list_;
  static constexpr std::uint32_t kShared = std::uint32_t{1} << 31;
  Chainer* base_ = nullptr;
  std::vector<Mask> changed_;  // by cell: the digits whose nodes' links differ from the base's
};

// A static chainer on its own copy of a grid: the base (Chainer's `base`) of the static searches on the grids
// outer chains reduce from it.
struct StaticBase {
  explicit StaticBase(const Board& start) : board(start), chainer(board, ChainRules{}) {}
  Board board;
  Chainer chainer;
};

// What a chain that reduced `start` to `now` took out where a node (cell, digit) follows from `cause`: the
// cell's candidates (cause_cell), or the digit's places in the house `cause` (nothing for cause_none).
void removed_by_outer(const Board& start, const Board& now, int cell, int digit, int cause,
                      std::vector<Candidate>& out);

// Sukaku Explainer's increment for a chain resting on `complexity` nodes, in tenths: one each time the length
// (complexity - 2) passes 4, 6, 8, 12, 16, 24, ... (alternately times 3/2 and 4/3).
int length_tenths(int complexity);

}  // namespace sudoku::logic
