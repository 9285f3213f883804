#include <bit>

#include "sudoku/maker/logic/bits.hpp"
#include "sudoku/maker/logic/techniques.hpp"

namespace sudoku::logic {
namespace {

// Calls f(h, other, d) for each full house h whose places of digit d all lie in another house `other` with
// places outside h: the subset rule for the item h-digit. Box first (pointing), then lines (claiming).
template <class F>
bool for_each_intersection(const Board& board, const Crossings& crossings, F&& f) {
  const Houses& houses = board.houses();
  const int n = board.side();
  for (const bool from_box : {true, false}) {
    for (int d = 1; d <= n; ++d) {
      for (int h = 0; h < houses.count(); ++h) {
        if ((houses.kind(h) == HouseKind::box) != from_box || !houses.full(h) || board.placed(h, d)) continue;
        const Mask where = board.positions(h, d);
        if (bit_count(where) < 2) continue;
        const std::vector<int>& cells = houses.cells(h);
        const int first = cells[static_cast<std::size_t>(std::countr_zero(where))];
        for (const int other : houses.of(first)) {
          if (other == h || (from_box && houses.kind(other) == HouseKind::box)) continue;
          if (!from_box && houses.kind(other) != HouseKind::box && houses.kind(other) != HouseKind::extra)
            continue;
          if ((where & ~crossings.inside(h, other)) != 0) continue;
          const bool removes = (board.positions(other, d) & ~crossings.inside(other, h)) != 0;
          if (removes && f(h, other, d)) return true;
        }
      }
    }
  }
  return false;
}

void describe(const Board& board, const Crossings& crossings, int h, int other, int d, GradedStep& step) {
  const Houses& houses = board.houses();
  step.eliminations.clear();
  for (Mask m = board.positions(other, d) & ~crossings.inside(other, h); m != 0; m &= m - 1)
    step.eliminations.push_back({houses.cells(other)[static_cast<std::size_t>(std::countr_zero(m))], d});
  const bool pointing = houses.kind(h) == HouseKind::box;
  step.technique = pointing ? "Pointing" : "Claiming";
  step.text = (pointing ? "Pointing " : "Claiming ") + digit_text(d) + " in " + houses.name(h) + " on " +
              houses.name(other) + ": " + eliminations_text(step.eliminations, board.side());
}

}  // namespace

bool direct_locked(const Board& board, GradedStep& step) {
  const Houses& houses = board.houses();
  const Crossings& crossings = board.crossings();
  return for_each_intersection(board, crossings, [&](int h, int other, int d) {
    // A house of h's kind crossing `other` whose places of d left are outside `other` gets a hidden single.
    for (int h3 = 0; h3 < houses.count(); ++h3) {
      if (h3 == h || houses.kind(h3) != houses.kind(h) || !houses.full(h3) || board.placed(h3, d)) continue;
      const Mask where = board.positions(h3, d);
      if (bit_count(where) < 2) continue;
      // The step removes d from `other`'s cells outside h; h3 may share cells with h inside `other` (extra
      // regions can cross a house of their own kind), and those keep d.
      const Mask removed = crossings.inside(h3, other) & ~crossings.inside(h3, h);
      const Mask outside = where & ~removed;
      if (outside == where || bit_count(outside) != 1) continue;
      const int cell = houses.cells(h3)[static_cast<std::size_t>(std::countr_zero(outside))];
      describe(board, crossings, h, other, d, step);
      const bool pointing = houses.kind(h) == HouseKind::box;
      step.technique = pointing ? "Direct Pointing" : "Direct Claiming";
      step.rating = pointing ? 1.7 : 1.9;
      step.placements = {{cell, d}};
      step.text += "; " + cell_text(cell, board.side()) + "=" + digit_text(d) + " in " + houses.name(h3);
      // As SE applies it: only the placement; the eliminations only explain it.
      step.eliminations.clear();
      return true;
    }
    return false;
  });
}

bool locked(const Board& board, GradedStep& step) {
  const Crossings& crossings = board.crossings();
  return for_each_intersection(board, crossings, [&](int h, int other, int d) {
    describe(board, crossings, h, other, d, step);
    step.rating = board.houses().kind(h) == HouseKind::box ? 2.6 : 2.8;
    return true;
  });
}

}  // namespace sudoku::logic
