// The shape of a Sudoku board: boxes of R rows by C columns, so that the side is n = R*C and every row,
// column and box holds each digit 1..n once. 9x9 has 3x3 boxes; 6x6 has 2x3 boxes (2 rows of 3 cells).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace sudoku {

// The largest side handled: cell values fit a byte and a row's digits fit one 64-bit mask.
inline constexpr int kMaxSide = 64;

struct Shape {
  int box_rows = 3;
  int box_cols = 3;

  constexpr int side() const { return box_rows * box_cols; }
  constexpr int cells() const { return side() * side(); }
  constexpr int box_of(int row, int col) const { return row / box_rows * box_rows + col / box_cols; }
  friend constexpr bool operator==(const Shape&, const Shape&) = default;
};

// "3x3", "2x3": the box size as --box takes it.
std::string to_string(Shape shape);

// Parses "RxC" (R, C >= 1, 2 <= R*C <= kMaxSide); nothing when malformed.
std::optional<Shape> parse_box(std::string_view text);

// The usual shape of side n: the most nearly square boxes, with at least 2 rows (6 -> 2x3, 12 -> 3x4, 16 ->
// 4x4). Nothing for a prime side, whose boxes would be whole rows: such a board is rarely meant, and a row of
// a bigger board is far likelier (a 25-cell line is a row of a 25x25 grid, not a 5x5 puzzle).
std::optional<Shape> shape_for_side(std::size_t side);

// The shape of a board of `cells` cells: side^2 cells with a side shape_for_side accepts (81 -> 3x3, 64 ->
// 2x4).
std::optional<Shape> shape_for_cells(std::size_t cells);

}  // namespace sudoku
