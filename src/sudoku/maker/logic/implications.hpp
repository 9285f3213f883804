// The implications of an assumption, as Sukaku Explainer's chains follow them: a node is a candidate assumed
// true ("on") or false ("off"); "on" puts every other candidate of its cell (Y links) and every other place of
// its digit in its houses (X links) "off"; "off" puts a cell's last other candidate or a house's last other
// place of the digit "on". Every node keeps the nodes it follows from, so a chain's length is the number of
// nodes it rests on, as SE counts it. Dynamic propagation takes the "off" nodes out of the grid as it goes, so
// later links see the reduced grid (and rest on those eliminations too).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "sudoku/maker/logic/board.hpp"

namespace sudoku::logic {

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
  struct Slot {
    int house, index;
    bool full;
  };
  explicit Places(const Board& board);
  Mask at(int house, int digit) const { return at_[static_cast<std::size_t>(house * side_ + digit - 1)]; }
  void remove(int cell, int digit);
  // Back to `other`'s places (a copy of this one, taken before the removals).
  void restore(const Places& other) { at_ = other.at_; }
  const std::vector<Slot>& slots(int cell) const { return slots_[static_cast<std::size_t>(cell)]; }
  // The other cells that may hold `digit` in a house of `cell`, each once, house by house in SE's order.
  void peers_with(const Houses& houses, int cell, int digit, std::vector<int>& out) const;

 private:
  int side_;
  std::vector<Mask> at_;
  std::vector<std::vector<Slot>> slots_;
  mutable std::vector<std::uint8_t> mark_;
};

class Implications {
 public:
  void reset(int nodes);
  bool has(int node) const { return stamp_[static_cast<std::size_t>(node)] == epoch_; }
  void add(int node, const int* parents, int count);
  const std::vector<int>& order() const { return order_; }
  // The nodes `node` rests on, itself included (SE's ancestor count); the count stops past `limit`.
  int ancestors(int node, int limit = 1 << 30) const;

 private:
  std::vector<std::uint32_t> stamp_;
  std::uint32_t epoch_ = 0;
  std::vector<int> first_, count_, pool_, order_;
  mutable std::vector<std::uint32_t> seen_;
  mutable std::uint32_t seen_epoch_ = 0;
  mutable std::vector<int> stack_;
};

struct ChainRules {
  bool y_links = true;  // the cell rules (off for Nishio, which follows one digit)
  bool dynamic = false;
  // Dynamic "(+)": when the links run dry, the steps of `advanced` on the reduced grid continue the chain:
  // the eliminations of each step, resting on the candidates the chain took out of its pattern.
  struct Advanced {
    std::vector<Candidate> eliminations, parents;
  };
  std::function<void(Board& reduced, const Board& start, std::vector<Advanced>& steps)> advanced;
};

class Chainer {
 public:
  Chainer(const Board& board, ChainRules rules);

  // Follows the nodes `start` (already in `out`) to the end. Returns false, with the two nodes that clash (the
  // one already reached and the one just added), when a candidate would be both on and off.
  bool run(Implications& out, int& clash_a, int& clash_b);
  // Starts `out` from one node and runs it.
  bool run_from(int node, Implications& out, int& clash_a, int& clash_b);

  const Board& board() const { return board_; }
  int side() const { return side_; }
  // Full houses of a cell in SE's order: box, row, column, then the extra regions.
  const std::vector<Places::Slot>& slots(int cell) const { return start_places_.slots(cell); }

 private:
  struct Emitted {
    int node, first, count;
  };
  void on_to_off(int node);
  void off_to_on(int node, const Implications& out);
  void emit(int node, int parent);
  void add_parent(int node) { tmp_parents_.push_back(node); }

  const Board& board_;
  ChainRules rules_;
  int side_;
  std::vector<Mask> start_, grid_;
  Places start_places_, places_;
  std::vector<Emitted> emitted_;
  std::vector<int> tmp_parents_, pending_on_, pending_off_;
  std::vector<int> peers_;
};

// Sukaku Explainer's increment for a chain resting on `complexity` nodes, in tenths: one each time the length
// (complexity - 2) passes 4, 6, 8, 12, 16, 24, ... (alternately times 3/2 and 4/3).
int length_tenths(int complexity);

}  // namespace sudoku::logic
