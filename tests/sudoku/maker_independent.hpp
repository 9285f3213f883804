// Independent judges for the puzzle maker's tests, sharing no code with the library: a solution counter with
// its own bit masks (fewest-candidates first, dead ends seen early, so minimality checks of 16x16 puzzles stay
// quick) and a solver by naked and hidden singles alone.
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

#include "sudoku/model/grid.hpp"

namespace test {

// The row, column and box of every cell, for the judges below.
struct Units {
  int n;
  std::vector<std::vector<int>> units;    // 3n lists of cells
  std::vector<std::vector<int>> unit_of;  // per cell, its three units
  explicit Units(sudoku::Shape s)
      : n(s.side()),
        units(static_cast<std::size_t>(3 * s.side())),
        unit_of(static_cast<std::size_t>(s.cells())) {
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c) {
        const int cell = r * n + c, b = (r / s.box_rows) * s.box_rows + c / s.box_cols;
        for (int u : {r, n + c, 2 * n + b}) {
          units[static_cast<std::size_t>(u)].push_back(cell);
          unit_of[static_cast<std::size_t>(cell)].push_back(u);
        }
      }
  }
};

// Solutions of g, up to limit: backtracking on the open cell with fewest candidates, or on the places of a
// digit in a unit when it has only one or two. Every node first sees a dead end as one: an open cell without
// candidates, or a digit with no place left in a unit that lacks it.
inline std::uint64_t independent_count(const sudoku::Grid& g, std::uint64_t limit) {
  const Units u(g.shape);
  const int n = u.n;
  std::vector<std::uint64_t> used(static_cast<std::size_t>(3 * n), 0);
  std::vector<int> value(g.cells.begin(), g.cells.end());
  for (std::size_t cell = 0; cell < value.size(); ++cell) {
    if (value[cell] == 0) continue;
    const std::uint64_t bit = std::uint64_t{1} << (value[cell] - 1);
    for (int unit : u.unit_of[cell]) {
      if (used[static_cast<std::size_t>(unit)] & bit) return 0;
      used[static_cast<std::size_t>(unit)] |= bit;
    }
  }
  const std::uint64_t all = n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
  const auto candidates = [&](std::size_t cell) {
    std::uint64_t taken = 0;
    for (int unit : u.unit_of[cell]) taken |= used[static_cast<std::size_t>(unit)];
    return all & ~taken;
  };
  // Each node's candidates per open cell; read only before the node's first child, so one array serves all.
  std::vector<std::uint64_t> free(value.size(), 0);
  std::uint64_t count = 0;
  const auto search = [&](auto&& self) -> void {
    int best = -1, best_count = 99;
    for (std::size_t cell = 0; cell < value.size(); ++cell) {
      if (value[cell] != 0) continue;
      free[cell] = candidates(cell);
      const int c = std::popcount(free[cell]);
      if (c == 0) return;
      if (c < best_count) {
        best = static_cast<int>(cell);
        best_count = c;
      }
    }
    if (best < 0) {
      ++count;
      return;
    }
    const std::uint64_t best_mask = free[static_cast<std::size_t>(best)];
    const auto put = [&](int cell, int digit) {
      const std::uint64_t bit = std::uint64_t{1} << (digit - 1);
      value[static_cast<std::size_t>(cell)] = digit;
      for (int unit : u.unit_of[static_cast<std::size_t>(cell)]) used[static_cast<std::size_t>(unit)] |= bit;
      self(self);
      for (int unit : u.unit_of[static_cast<std::size_t>(cell)]) used[static_cast<std::size_t>(unit)] &= ~bit;
      value[static_cast<std::size_t>(cell)] = 0;
    };
    // Per unit, the digits its open cells offer once, twice and three times or more: a missing digit is a dead
    // end; a digit with one or two places beats a cell with more candidates.
    if (best_count > 1) {
      int best_unit = -1, best_digit = 0, fewest = best_count;
      for (std::size_t unit = 0; unit < u.units.size() && fewest > 1; ++unit) {
        std::uint64_t once = 0, twice = 0, thrice = 0;
        for (int cell : u.units[unit]) {
          if (value[static_cast<std::size_t>(cell)] != 0) continue;
          const std::uint64_t f = free[static_cast<std::size_t>(cell)];
          thrice |= twice & f;
          twice |= once & f;
          once |= f;
        }
        if (all & ~used[unit] & ~once) return;
        std::uint64_t pick = once & ~twice;
        int places = 1;
        if (pick == 0) {
          pick = twice & ~thrice;
          places = 2;
        }
        if (pick != 0 && places < fewest) {
          fewest = places;
          best_unit = static_cast<int>(unit);
          best_digit = std::countr_zero(pick) + 1;
        }
      }
      if (best_unit >= 0) {
        const std::uint64_t bit = std::uint64_t{1} << (best_digit - 1);
        for (int cell : u.units[static_cast<std::size_t>(best_unit)]) {
          if (count >= limit) return;
          if (value[static_cast<std::size_t>(cell)] != 0) continue;
          if (candidates(static_cast<std::size_t>(cell)) & bit) put(cell, best_digit);
        }
        return;
      }
    }
    for (std::uint64_t m = best_mask; m != 0 && count < limit; m &= m - 1) put(best, std::countr_zero(m) + 1);
  };
  search(search);
  return count;
}

// Whether naked and hidden singles alone fill the board.
inline bool singles_solve(const sudoku::Grid& g) {
  const Units u(g.shape);
  const int n = u.n;
  std::vector<int> value(g.cells.begin(), g.cells.end());
  const auto candidates = [&](std::size_t cell) {
    std::uint64_t taken = 0;
    for (int unit : u.unit_of[cell])
      for (int other : u.units[static_cast<std::size_t>(unit)])
        if (value[static_cast<std::size_t>(other)] != 0)
          taken |= std::uint64_t{1} << (value[static_cast<std::size_t>(other)] - 1);
    return ((n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1) & ~taken);
  };
  for (bool progress = true; progress;) {
    progress = false;
    for (std::size_t cell = 0; cell < value.size(); ++cell) {
      if (value[cell] != 0) continue;
      const std::uint64_t c = candidates(cell);
      if (c == 0) return false;
      if (std::popcount(c) == 1) {
        value[cell] = std::countr_zero(c) + 1;
        progress = true;
      }
    }
    for (const auto& unit : u.units) {
      for (int d = 1; d <= n; ++d) {
        int where = -1, places = 0;
        bool placed = false;
        for (int cell : unit) {
          if (value[static_cast<std::size_t>(cell)] == d) placed = true;
          if (value[static_cast<std::size_t>(cell)] == 0 &&
              (candidates(static_cast<std::size_t>(cell)) >> (d - 1) & 1)) {
            where = cell;
            ++places;
          }
        }
        if (!placed && places == 1) {
          value[static_cast<std::size_t>(where)] = d;
          progress = true;
        }
      }
    }
  }
  for (int v : value)
    if (v == 0) return false;
  return true;
}

}  // namespace test
