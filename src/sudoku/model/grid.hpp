// A board's cell values, row by row: 0 for a blank, 1..n for a digit. Puzzles and solutions are both Grids.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "sudoku/model/shape.hpp"

namespace sudoku {

struct Grid {
  Shape shape;
  std::vector<std::uint8_t> cells;  // shape.cells() values, row by row

  // An all-blank board. Reuses the memory already held, so that refilling a Grid per puzzle does not
  // allocate.
  void reset(Shape new_shape) {
    shape = new_shape;
    cells.assign(static_cast<std::size_t>(shape.cells()), 0);
  }
  int side() const { return shape.side(); }
  std::uint8_t at(int row, int col) const { return cells[static_cast<std::size_t>(row * side() + col)]; }
  std::uint8_t& at(int row, int col) { return cells[static_cast<std::size_t>(row * side() + col)]; }
  int givens() const {
    int count = 0;
    for (std::uint8_t v : cells) count += v != 0;
    return count;
  }
  friend bool operator==(const Grid&, const Grid&) = default;
};

// "r3c7": a cell as messages name it, counting from 1.
inline std::string cell_name(int row, int col) {
  return "r" + std::to_string(row + 1) + "c" + std::to_string(col + 1);
}

}  // namespace sudoku
