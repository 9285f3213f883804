// The houses of a board as lists of cells, worked out once per set of rules, so that the logical techniques walk
// them without index arithmetic: rows, columns and boxes (or a jigsaw's regions in the boxes' place), then the
// extra regions of a variant (X's diagonals, windoku's windows, --extra-regions). In exact-cover terms a house and
// a digit make one item (row-digit, region-digit, diagonal-digit): an item every digit must cover once when the
// house has n cells (a full house), at most once when it has fewer. A cell is an item of its own.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "sudoku/model/rules.hpp"
#include "sudoku/model/shape.hpp"

namespace sudoku {

enum class HouseKind { row, column, box, extra };

class Houses {
 public:
  explicit Houses(Shape shape);
  // The houses of the rules: their regions (or the boxes) and their extra regions. Neighbour rules and cages are
  // not houses: for rules with them (holds() is false) the techniques would miss what those rules forbid.
  explicit Houses(const Rules& rules);
  // Whether the houses hold every rule of `rules` (no neighbour rules, no cages).
  static bool holds(const Rules& rules);

  Shape shape() const { return shape_; }
  int side() const { return shape_.side(); }
  // Rows 0..n-1, columns n..2n-1, boxes (regions) 2n..3n-1, then the extra regions.
  int count() const { return static_cast<int>(cells_.size()); }
  // The cells (row * n + col) of house h, ascending.
  const std::vector<int>& cells(int h) const { return cells_[static_cast<std::size_t>(h)]; }
  // Whether house h holds every digit (n cells), not only each at most once.
  bool full(int h) const { return static_cast<int>(cells(h).size()) == side(); }
  // The houses of a cell, ascending: its row, column and box, then its extra regions.
  std::span<const int> of(int cell) const {
    const auto c = static_cast<std::size_t>(cell);
    return {of_.data() + of_begin_[c], of_.data() + of_begin_[c + 1]};
  }
  bool has(int cell, int h) const;
  HouseKind kind(int h) const {
    return h < 3 * side() ? static_cast<HouseKind>(h / side()) : HouseKind::extra;
  }
  // "row 3", "column 4", "box 2" (or "region 2"), counting from 1; an extra region by its own name
  // ("diagonal 1", "window 2").
  std::string name(int h) const;

 private:
  Shape shape_;
  bool jigsaw_ = false;
  std::vector<std::vector<int>> cells_;   // by house
  std::vector<std::string> extra_names_;  // by extra region
  std::vector<int> of_;                   // every cell's houses, cell after cell
  std::vector<std::size_t> of_begin_;     // cell c's are of_[of_begin_[c] .. of_begin_[c + 1])
};

}  // namespace sudoku
