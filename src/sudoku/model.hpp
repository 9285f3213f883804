// Sudoku as exact cover. For side n the items are, in this order, n*n cells, then n*n (row, digit),
// n*n (column, digit) and n*n (box, digit) pairs: every one covered exactly once (324 items for 9x9). Each
// option places one digit in one cell and covers its four items.
//
// Option ids are arithmetic, so that no table is needed between a puzzle and the engine:
//   option(row, col, digit) = (row * n + col) * n + digit - 1.
#pragma once

#include <dlx/problem.hpp>

#include "sudoku/shape.hpp"

namespace sudoku {

struct Placement {
  int row, col, digit;  // digit 1..n
  friend bool operator==(const Placement&, const Placement&) = default;
};

inline dlx::OptionId option_id(Shape shape, int row, int col, int digit) {
  const int n = shape.side();
  return static_cast<dlx::OptionId>((row * n + col) * n + digit - 1);
}

inline Placement placement_of(Shape shape, dlx::OptionId option) {
  const auto n = static_cast<dlx::OptionId>(shape.side());
  const dlx::OptionId cell = option / n;
  return {static_cast<int>(cell / n), static_cast<int>(cell % n), static_cast<int>(option % n) + 1};
}

// The exact-cover problem of every puzzle of this shape (givens are forced options, not part of it).
dlx::Problem make_problem(Shape shape);

}  // namespace sudoku
