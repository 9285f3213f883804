// An independent count of MacMahon tilings for the tests: plain backtracking, no dancing links, no colors.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "macmahon/macmahon.hpp"

namespace examples::test {

// Fills the cells row by row with unused squares, in every turn that matches the border and the squares above
// and to the left, after the first cells were given (their edges, row by row).
class MacMahonBruteForce {
 public:
  MacMahonBruteForce(int colors, int rows, int cols, int border)
      : rows_(rows), cols_(cols), border_(border), squares_(macmahon::all_squares(colors)) {
    for (std::size_t q = 0; q < squares_.size(); ++q) {
      for (int t = 0; t < 4; ++t) {
        const macmahon::Square e = macmahon::rotate(squares_[q], t);
        bool seen = false;
        for (const auto& [other, edges] : turns_) seen = seen || (other == static_cast<int>(q) && edges == e);
        if (!seen) turns_.push_back({static_cast<int>(q), e});
      }
    }
  }

  // Counts the tilings that start with `given`; every tiling found is passed to visit (edges row by row).
  template <class Visit>
  std::uint64_t count(const std::vector<macmahon::Square>& given, Visit&& visit) {
    grid_.assign(static_cast<std::size_t>(rows_ * cols_), {});
    used_.assign(squares_.size(), false);
    count_ = 0;
    for (std::size_t i = 0; i < given.size(); ++i) {
      const macmahon::Square c = macmahon::canonical(given[i]);
      for (std::size_t q = 0; q < squares_.size(); ++q)
        if (squares_[q] == c) used_[q] = true;
      if (!fits(static_cast<int>(i), given[i])) return 0;
      grid_[i] = given[i];
    }
    search(static_cast<int>(given.size()), visit);
    return count_;
  }
  std::uint64_t count(const std::vector<macmahon::Square>& given = {}) {
    return count(given, [](const std::vector<macmahon::Square>&) {});
  }

 private:
  bool fits(int i, const macmahon::Square& e) const {
    const int r = i / cols_, c = i % cols_;
    if (e[0] != (r == 0 ? border_ : grid_[static_cast<std::size_t>(i - cols_)][2])) return false;
    if (e[3] != (c == 0 ? border_ : grid_[static_cast<std::size_t>(i - 1)][1])) return false;
    if (c == cols_ - 1 && e[1] != border_) return false;
    if (r == rows_ - 1 && e[2] != border_) return false;
    return true;
  }

  template <class Visit>
  void search(int i, Visit& visit) {
    if (i == rows_ * cols_) {
      ++count_;
      visit(grid_);
      return;
    }
    for (const auto& [q, e] : turns_) {
      if (used_[static_cast<std::size_t>(q)] || !fits(i, e)) continue;
      used_[static_cast<std::size_t>(q)] = true;
      grid_[static_cast<std::size_t>(i)] = e;
      search(i + 1, visit);
      used_[static_cast<std::size_t>(q)] = false;
    }
  }

  int rows_, cols_, border_;
  std::vector<macmahon::Square> squares_;
  std::vector<std::pair<int, macmahon::Square>> turns_;
  std::vector<macmahon::Square> grid_;
  std::vector<bool> used_;
  std::uint64_t count_ = 0;
};

// The smallest image of a 4x6 tiling (edges row by row) under the 8 symmetries MacMahon's puzzle has with 3
// colors and border color 1: the 4 motions of the rectangle, each with or without swapping colors 2 and 3.
// Written out independently of macmahon::Puzzle.
inline std::vector<macmahon::Square> smallest_image(const std::vector<macmahon::Square>& grid, int rows,
                                                    int cols) {
  std::vector<macmahon::Square> best = grid;
  for (int motion = 0; motion < 4; ++motion) {  // 0 none, 1 upside down, 2 left-right, 3 half turn
    for (int swap = 0; swap < 2; ++swap) {
      std::vector<macmahon::Square> image(grid.size());
      for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < cols; ++c) {
          macmahon::Square e = grid[static_cast<std::size_t>(r * cols + c)];  // top, right, bottom, left
          int r2 = r, c2 = c;
          if (motion == 1 || motion == 3) {
            r2 = rows - 1 - r;
            std::swap(e[0], e[2]);
          }
          if (motion == 2 || motion == 3) {
            c2 = cols - 1 - c;
            std::swap(e[1], e[3]);
          }
          if (swap == 1)
            for (int& k : e) k = k == 2 ? 3 : k == 3 ? 2 : k;
          image[static_cast<std::size_t>(r2 * cols + c2)] = e;
        }
      }
      best = std::min(best, image);
    }
  }
  return best;
}

}  // namespace examples::test
