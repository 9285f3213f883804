#include <algorithm>
#include <bit>
#include <cstdlib>
#include <vector>

#include "sudoku/maker/logic/techniques.hpp"

namespace sudoku::logic {

// A pivot {x,y} (XYZ: {x,y,z}) seeing pincers {x,z} and {y,z}: one of them is z, so z goes from every cell
// seeing both pincers (XYZ: and the pivot).
bool xy_wing(const Board& board, bool xyz, GradedStep& step) {
  const int n = board.side();
  const int cells = board.cells();
  for (int pivot = 0; pivot < cells; ++pivot) {
    const Mask pm = board.candidates(pivot);
    if (!board.open(pivot) || std::popcount(pm) != (xyz ? 3 : 2)) continue;
    for (int a = 0; a < cells; ++a) {
      const Mask am = board.candidates(a);
      if (!board.open(a) || std::popcount(am) != 2 || !board.sees(pivot, a)) continue;
      if (xyz ? (am & pm) != am : std::popcount(am & pm) != 1) continue;
      for (int b = a + 1; b < cells; ++b) {
        const Mask bm = board.candidates(b);
        if (!board.open(b) || std::popcount(bm) != 2 || !board.sees(pivot, b) || bm == am) continue;
        Mask z = 0;
        if (xyz) {
          if ((bm & pm) != bm || std::popcount(am & bm) != 1) continue;
          z = am & bm;
        } else {
          if (std::popcount(bm & pm) != 1 || (am & bm & pm) != 0 || std::popcount(am & bm) != 1) continue;
          if (((am | bm) & pm) != pm) continue;
          z = am & bm;
        }
        const int digit = std::countr_zero(z) + 1;
        step.eliminations.clear();
        for (int x = 0; x < cells; ++x) {
          if (x == pivot || x == a || x == b || !board.has(x, digit)) continue;
          if (board.sees(x, a) && board.sees(x, b) && (!xyz || board.sees(x, pivot)))
            step.eliminations.push_back({x, digit});
        }
        if (step.eliminations.empty()) continue;
        step.technique = xyz ? "XYZ-Wing" : "XY-Wing";
        step.rating = xyz ? 4.4 : 4.2;
        step.text = step.technique + " " + cell_text(pivot, n) + " with " + cell_text(a, n) + " and " +
                    cell_text(b, n) + ": " + eliminations_text(step.eliminations, n);
        return true;
      }
    }
  }
  return false;
}

bool big_wing(const Board& board, int k, GradedStep& step) {
  const int n = board.side();
  std::vector<int> pool;
  for (int c = 0; c < board.cells(); ++c)
    if (board.open(c) && std::popcount(board.candidates(c)) >= 2 && std::popcount(board.candidates(c)) <= k)
      pool.push_back(c);
  std::vector<int> chosen;
  // Depth-first over increasing cells, pruned as soon as the cells hold more than k digits.
  const auto search = [&](auto&& self, std::size_t from, Mask together) -> bool {
    if (static_cast<int>(chosen.size()) == k) {
      if (std::popcount(together) != k) return false;
      Mask loose = 0;
      for (Mask m = together; m != 0; m &= m - 1) {
        const int d = std::countr_zero(m) + 1;
        bool confined = true;
        for (std::size_t i = 0; i < chosen.size() && confined; ++i)
          for (std::size_t j = i + 1; j < chosen.size() && confined; ++j)
            confined =
                !board.has(chosen[i], d) || !board.has(chosen[j], d) || board.sees(chosen[i], chosen[j]);
        if (!confined) loose |= digit_bit(d);
      }
      if (std::popcount(loose) != 1) return false;
      const int z = std::countr_zero(loose) + 1;
      step.eliminations.clear();
      for (int x = 0; x < board.cells(); ++x) {
        if (!board.has(x, z) || std::find(chosen.begin(), chosen.end(), x) != chosen.end()) continue;
        bool all = true;
        for (const int c : chosen) all = all && (!board.has(c, z) || board.sees(x, c));
        if (all) step.eliminations.push_back({x, z});
      }
      if (step.eliminations.empty()) return false;
      int biggest = 0;
      for (const int c : chosen) biggest = std::max(biggest, std::popcount(board.candidates(c)));
      const int middle = (k + 2) / 2;
      step.technique = k == 4 ? "WXYZ-Wing" : "VWXYZ-Wing";
      step.rating = (k == 4 ? 5.5 : 6.2) + ((k - middle) - std::abs(middle - biggest)) * 0.1;
      step.text = step.technique + " on";
      for (const int c : chosen) step.text += " " + cell_text(c, n);
      step.text += ": " + eliminations_text(step.eliminations, n);
      return true;
    }
    for (std::size_t i = from; i < pool.size(); ++i) {
      const Mask next = together | board.candidates(pool[i]);
      if (std::popcount(next) > k) continue;
      chosen.push_back(pool[i]);
      if (self(self, i + 1, next)) return true;
      chosen.pop_back();
    }
    return false;
  };
  return search(search, 0, 0);
}

}  // namespace sudoku::logic
