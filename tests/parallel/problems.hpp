// Problems for the parallel tests, built directly (the tests depend on no example program).
#pragma once

#include <algorithm>
#include <array>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "../dlx/test_problems.hpp"
#include "dlx/checkpoint.hpp"
#include "dlx/parallel.hpp"
#include "dlx/problem.hpp"
#include "dlx/solver.hpp"

namespace partest {

using test::queens;  // N-queens: rows and columns primary, diagonals secondary

// Langford pairs: numbers 1..n each placed twice in 2n slots, k slots apart (both mirror images counted).
inline dlx::Problem langford(int n) {
  dlx::Problem p;
  for (int k = 1; k <= n; ++k) p.add_primary("n" + std::to_string(k));
  for (int s = 1; s <= 2 * n; ++s) p.add_primary("s" + std::to_string(s));
  for (int k = 1; k <= n; ++k) {
    for (int i = 1; i + k + 1 <= 2 * n; ++i) {
      const std::string a = "n" + std::to_string(k), b = "s" + std::to_string(i),
                        c = "s" + std::to_string(i + k + 1);
      p.add_option({std::string_view(a), std::string_view(b), std::string_view(c)});
    }
  }
  return p;
}

// The twelve pentominoes on a rows x cols board. The board's cells are primary; the pieces are primary when the
// board has room for all twelve, secondary (each used at most once) otherwise.
inline dlx::Problem pentominoes(int rows, int cols) {
  using Cell = std::pair<int, int>;
  const std::vector<std::pair<char, std::vector<Cell>>> shapes = {
      {'F', {{0, 1}, {0, 2}, {1, 0}, {1, 1}, {2, 1}}}, {'I', {{0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0}}},
      {'L', {{0, 0}, {1, 0}, {2, 0}, {3, 0}, {3, 1}}}, {'N', {{0, 1}, {1, 1}, {2, 0}, {2, 1}, {3, 0}}},
      {'P', {{0, 0}, {0, 1}, {1, 0}, {1, 1}, {2, 0}}}, {'T', {{0, 0}, {0, 1}, {0, 2}, {1, 1}, {2, 1}}},
      {'U', {{0, 0}, {0, 2}, {1, 0}, {1, 1}, {1, 2}}}, {'V', {{0, 0}, {1, 0}, {2, 0}, {2, 1}, {2, 2}}},
      {'W', {{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 2}}}, {'X', {{0, 1}, {1, 0}, {1, 1}, {1, 2}, {2, 1}}},
      {'Y', {{0, 1}, {1, 0}, {1, 1}, {2, 1}, {3, 1}}}, {'Z', {{0, 0}, {0, 1}, {1, 1}, {2, 1}, {2, 2}}}};
  dlx::Problem p;
  const bool all_pieces = rows * cols >= 60;
  for (const auto& [name, cells] : shapes) {
    if (all_pieces) {
      p.add_primary(std::string(1, name));
    } else {
      p.add_secondary(std::string(1, name));
    }
  }
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) p.add_primary(std::to_string(r) + "_" + std::to_string(c));
  for (const auto& [name, cells] : shapes) {
    std::set<std::vector<Cell>> orientations;
    std::vector<Cell> shape = cells;
    for (int reflect = 0; reflect < 2; ++reflect) {
      for (int turn = 0; turn < 4; ++turn) {
        for (Cell& cell : shape) cell = {cell.second, -cell.first};
        int min_r = 99, min_c = 99;
        for (const Cell& cell : shape)
          min_r = std::min(min_r, cell.first), min_c = std::min(min_c, cell.second);
        std::vector<Cell> normal;
        for (const Cell& cell : shape) normal.push_back({cell.first - min_r, cell.second - min_c});
        std::sort(normal.begin(), normal.end());
        orientations.insert(normal);
      }
      for (Cell& cell : shape) cell.second = -cell.second;
    }
    for (const std::vector<Cell>& o : orientations) {
      for (int dr = 0; dr < rows; ++dr) {
        for (int dc = 0; dc < cols; ++dc) {
          std::vector<std::string> names{std::string(1, name)};
          bool fits = true;
          for (const Cell& cell : o) {
            if (cell.first + dr >= rows || cell.second + dc >= cols) fits = false;
            names.push_back(std::to_string(cell.first + dr) + "_" + std::to_string(cell.second + dc));
          }
          if (!fits) continue;
          std::vector<std::string_view> views(names.begin(), names.end());
          p.add_option(std::span<const std::string_view>(views));
        }
      }
    }
  }
  return p;
}

// A random problem with colors: `primaries` primary and `secondaries` secondary items, options of 2 to 5 items
// (fewer when an item is drawn twice).
inline dlx::Problem random_colored(unsigned seed, int primaries, int secondaries, int options, int colors) {
  std::mt19937 rng(seed);
  dlx::Problem p;
  for (int i = 0; i < primaries; ++i) p.add_primary("p" + std::to_string(i));
  for (int i = 0; i < secondaries; ++i) p.add_secondary("s" + std::to_string(i));
  const int items = primaries + secondaries;
  for (int k = 0; k < options; ++k) {
    const int size = std::uniform_int_distribution<int>(2, 5)(rng);
    std::vector<dlx::ItemUse> uses;
    uses.push_back({static_cast<dlx::ItemId>(std::uniform_int_distribution<int>(0, primaries - 1)(rng))});
    for (int j = 1; j < size; ++j) {
      const auto item = static_cast<dlx::ItemId>(std::uniform_int_distribution<int>(0, items - 1)(rng));
      if (std::any_of(uses.begin(), uses.end(), [&](const dlx::ItemUse& u) { return u.item == item; }))
        continue;
      dlx::ColorId color = dlx::kNoColor;
      if (!p.is_primary(item)) {
        const int c = std::uniform_int_distribution<int>(0, colors)(rng);
        if (c > 0) color = p.color("c" + std::to_string(c));
      }
      uses.push_back({item, color});
    }
    p.add_option(std::span<const dlx::ItemUse>(uses));
  }
  return p;
}

// The checkpoint key of `p` split for `target` subproblems.
inline dlx::CheckpointKey key_of(const dlx::Problem& p, std::size_t target) {
  dlx::Solver solver(p);
  return dlx::checkpoint_key(p, target, dlx::split_search(solver, target).subproblems);
}

}  // namespace partest
