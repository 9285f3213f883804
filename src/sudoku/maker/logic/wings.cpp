#include <bit>

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

}  // namespace sudoku::logic
