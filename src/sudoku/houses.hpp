// The houses of a board (rows, columns, boxes) as lists of cells, worked out once per shape, so that the
// logical techniques walk them without index arithmetic. In exact-cover terms a house and a digit make one
// item (row-digit, column-digit, box-digit), and a cell is an item of its own.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "sudoku/rules.hpp"
#include "sudoku/shape.hpp"

namespace sudoku {

enum class HouseKind { row, column, box };

class Houses {
 public:
  explicit Houses(Shape shape);
  // A jigsaw's houses: its regions take the boxes' place (HouseKind::box, named "region 3"). Only the regions
  // of the rules count; the techniques know no other rule.
  explicit Houses(const Rules& rules);

  Shape shape() const { return shape_; }
  int side() const { return shape_.side(); }
  // 3n houses: rows 0..n-1, columns n..2n-1, boxes 2n..3n-1.
  int count() const { return 3 * side(); }
  // The n cells (row * n + col) of house h, in reading order.
  const std::vector<int>& cells(int h) const { return cells_[static_cast<std::size_t>(h)]; }
  // The row, column and box houses of a cell.
  const std::array<int, 3>& of(int cell) const { return of_[static_cast<std::size_t>(cell)]; }
  HouseKind kind(int h) const { return static_cast<HouseKind>(h / side()); }
  // "row 3", "column 4", "box 2" (or "region 2"), counting from 1.
  std::string name(int h) const;

 private:
  Shape shape_;
  bool jigsaw_ = false;
  std::vector<std::vector<int>> cells_;  // by house
  std::vector<std::array<int, 3>> of_;   // by cell
};

}  // namespace sudoku
