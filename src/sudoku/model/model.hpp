// Sudoku as exact cover. For side n the items are, in this order, n*n cells, then n*n (row, digit),
// n*n (column, digit) and n*n (box, digit) pairs: every one covered exactly once (324 items for 9x9). Each
// option places one digit in one cell and covers its four items.
//
// Option ids are arithmetic, so that no table is needed between a puzzle and the engine:
//   option(row, col, digit) = (row * n + col) * n + digit - 1.
#pragma once

#include <cstddef>
#include <cstdint>
#include <dlx/problem.hpp>
#include <optional>

#include "sudoku/model/rules.hpp"
#include "sudoku/model/shape.hpp"

namespace sudoku {

struct Placement {
  int row, col, digit;  // digit 1..n
  friend bool operator==(const Placement&, const Placement&) = default;
};

// The option placing `digit` in a cell, given by its index (row * n + col) or by row and column.
inline dlx::OptionId option_id(Shape shape, std::size_t cell, int digit) {
  return static_cast<dlx::OptionId>(cell * static_cast<std::size_t>(shape.side()) +
                                    static_cast<std::size_t>(digit) - 1);
}
inline dlx::OptionId option_id(Shape shape, int row, int col, int digit) {
  return option_id(shape, static_cast<std::size_t>(row * shape.side() + col), digit);
}

inline Placement placement_of(Shape shape, dlx::OptionId option) {
  const auto n = static_cast<dlx::OptionId>(shape.side());
  const dlx::OptionId cell = option / n;
  return {static_cast<int>(cell / n), static_cast<int>(cell % n), static_cast<int>(option % n) + 1};
}

// The exact-cover problem of every puzzle of this shape (givens are forced options, not part of it).
dlx::Problem make_problem(Shape shape);

// The same for a variant (rules.hpp). Plain rules give exactly make_problem(rules.shape). Otherwise the
// cell-digit options keep their ids above, and after the row and column items come, in this order:
//   region-digit items (the boxes or the jigsaw regions);
//   n items per extra region: primary for a region of n cells, secondary (at most once) for a smaller one;
//   secondary items per pair of cells that must differ (anti-knight, anti-king) and digit, used by both
//   cells' options of that digit; per pair of orthogonal neighbours and digits d, d+1 (non-consecutive), used
//   by the four options putting d or d+1 in either cell, so that at most one of them is chosen;
//   n primary items per cage, one per digit: a cell option of the cage covers its digit's item, and each
//   admissible digit set of the cage is one more option (ids from n^3 on) covering the items of the digits
//   it leaves out. Every digit of the cage is so covered once, either by one cell or by the chosen set:
//   the cells get distinct digits, exactly those of one set, and so the cage's sum. No colors are needed.
// Throws RulesError for cages that check_cages() rejects.
dlx::Problem make_problem(const Rules& rules);

// Whether any grid fits rules of regions alone (a jigsaw layout, extra regions; no neighbour rule, no cage),
// told from the digits' side: the cells of one digit are a transversal (one per row, column and region, at
// most one per extra or derived region, both twin cells or neither), and a grid is n disjoint transversals
// covering the board, an exact cover of the cells searched on its own. A layout that admits no grid is so
// found out in milliseconds where the cell-by-cell search ran for minutes. Nothing when the rules are of
// another kind, or when the transversals or the search pass `budget` (steps, nodes).
std::optional<bool> admits_grid(const Rules& rules, std::uint64_t budget = 2'000'000);

}  // namespace sudoku
