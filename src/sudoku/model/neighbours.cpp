#include "sudoku/model/neighbours.hpp"

#include <algorithm>
#include <span>

namespace sudoku {
namespace {

// Half of each kind's moves: the other half are their opposites, so each pair is met once, from its first cell.
std::span<const std::pair<int, int>> half_moves(Neighbourhood kind) {
  static constexpr std::pair<int, int> knight[] = {{1, 2}, {2, 1}, {1, -2}, {2, -1}};
  static constexpr std::pair<int, int> king[] = {{1, 1}, {1, -1}};
  static constexpr std::pair<int, int> orthogonal[] = {{0, 1}, {1, 0}};
  switch (kind) {
    case Neighbourhood::knight:
      return knight;
    case Neighbourhood::king:
      return king;
    case Neighbourhood::orthogonal:
      break;
  }
  return orthogonal;
}

}  // namespace

std::vector<std::pair<int, int>> neighbour_pairs(int n, Neighbourhood kind) {
  std::vector<std::pair<int, int>> pairs;
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      for (const auto& [dr, dc] : half_moves(kind)) {
        const int r2 = r + dr, c2 = c + dc;
        if (r2 < 0 || r2 >= n || c2 < 0 || c2 >= n) continue;
        // dr > 0, or dr == 0 and dc > 0: the second cell is the later one.
        pairs.emplace_back(r * n + c, r2 * n + c2);
      }
    }
  }
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

std::vector<std::vector<int>> neighbours_of(int n, Neighbourhood kind) {
  std::vector<std::vector<int>> of(static_cast<std::size_t>(n * n));
  for (const auto& [a, b] : neighbour_pairs(n, kind)) {
    of[static_cast<std::size_t>(a)].push_back(b);
    of[static_cast<std::size_t>(b)].push_back(a);
  }
  for (std::vector<int>& cells : of) std::sort(cells.begin(), cells.end());
  return of;
}

}  // namespace sudoku
