#include <algorithm>
#include <bit>
#include <vector>

#include "sudoku/maker/logic/techniques.hpp"

namespace sudoku::logic {

// Four cells in two rows, two columns and two boxes, three of them with only digits {a,b} and the fourth with
// more: were the fourth a or b, the two digits could swap and the puzzle would have two solutions.
bool unique_rectangle(const Board& board, GradedStep& step) {
  const Houses& houses = board.houses();
  const int n = board.side();
  if (houses.count() != 3 * n) return false;  // an extra region may hold both digits of a corner pair
  const int box = 2 * n;
  const auto box_of = [&](int cell) {
    for (const int h : houses.of(cell))
      if (houses.kind(h) == HouseKind::box) return h;
    return box - 1;
  };
  for (int r1 = 0; r1 < n; ++r1)
    for (int r2 = r1 + 1; r2 < n; ++r2)
      for (int c1 = 0; c1 < n; ++c1)
        for (int c2 = c1 + 1; c2 < n; ++c2) {
          const int cells[4] = {r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2};
          std::vector<int> boxes = {box_of(cells[0]), box_of(cells[1]), box_of(cells[2]), box_of(cells[3])};
          std::sort(boxes.begin(), boxes.end());
          if (std::unique(boxes.begin(), boxes.end()) - boxes.begin() != 2) continue;
          // The swap needs each box to hold a side of the rectangle, not a diagonal (possible in a jigsaw).
          if (box_of(cells[0]) != box_of(cells[1]) && box_of(cells[0]) != box_of(cells[2])) continue;
          Mask pair = 0;
          int extra = -1, bivalues = 0;
          bool ok = true;
          for (const int c : cells) ok = ok && board.open(c);
          if (!ok) continue;
          for (const int c : cells)
            if (std::popcount(board.candidates(c)) == 2) {
              if (pair != 0 && board.candidates(c) != pair) ok = false;
              pair = board.candidates(c);
              ++bivalues;
            } else {
              extra = c;
            }
          if (!ok || bivalues != 3 || (board.candidates(extra) & pair) != pair) continue;
          step.eliminations.clear();
          for (Mask m = pair; m != 0; m &= m - 1)
            step.eliminations.push_back({extra, std::countr_zero(m) + 1});
          step.technique = "Unique Rectangle type 1";
          step.rating = 4.5;
          step.text = step.technique + " on " + cell_text(cells[0], n) + "," + cell_text(cells[1], n) + "," +
                      cell_text(cells[2], n) + "," + cell_text(cells[3], n) + ": " +
                      eliminations_text(step.eliminations, n);
          return true;
        }
  return false;
}

// Every open cell bivalue but one, which has three: a grid of bivalue cells only would have two solutions, so
// the digit that appears three times in that cell's houses goes there.
bool bug_plus_one(const Board& board, GradedStep& step) {
  const Houses& houses = board.houses();
  const int n = board.side();
  if (houses.count() != 3 * n) return false;
  int odd = -1;
  for (int c = 0; c < board.cells(); ++c) {
    if (!board.open(c)) continue;
    const int k = std::popcount(board.candidates(c));
    if (k == 2) continue;
    if (k != 3 || odd >= 0) return false;
    odd = c;
  }
  if (odd < 0) return false;
  for (Mask m = board.candidates(odd); m != 0; m &= m - 1) {
    const int d = std::countr_zero(m) + 1;
    bool three = true;
    for (const int h : houses.of(odd))
      if (houses.kind(h) != HouseKind::extra) three = three && std::popcount(board.positions(h, d)) == 3;
    if (!three) continue;
    step.technique = "Bivalue Universal Grave";
    step.rating = 5.6;
    step.placements = {{odd, d}};
    step.text = "BUG+1: " + cell_text(odd, n) + "=" + digit_text(d);
    return true;
  }
  return false;
}

}  // namespace sudoku::logic
