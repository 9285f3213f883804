#include <bit>

#include "sudoku/maker/logic/techniques.hpp"

namespace sudoku::logic {

namespace {

// Strong link a=b in one house, strong link c=e in another, b and c in a common house (a weak link): a or e
// holds the digit, so it goes from every cell that sees both.
bool two_strong_links(const Board& board, bool skyscraper, GradedStep& step) {
  const Houses& houses = board.houses();
  const int n = board.side();
  for (int d = 1; d <= n; ++d) {
    for (int h1 = 0; h1 < houses.count(); ++h1) {
      if (!houses.full(h1) || board.placed(h1, d) || std::popcount(board.positions(h1, d)) != 2) continue;
      const Mask w1 = board.positions(h1, d);
      const int p1 = houses.cells(h1)[static_cast<std::size_t>(std::countr_zero(w1))];
      const int q1 = houses.cells(h1)[static_cast<std::size_t>(std::countr_zero(w1 & (w1 - 1)))];
      for (int h2 = h1 + 1; h2 < houses.count(); ++h2) {
        if (!houses.full(h2) || board.placed(h2, d) || std::popcount(board.positions(h2, d)) != 2) continue;
        const Mask w2 = board.positions(h2, d);
        const int p2 = houses.cells(h2)[static_cast<std::size_t>(std::countr_zero(w2))];
        const int q2 = houses.cells(h2)[static_cast<std::size_t>(std::countr_zero(w2 & (w2 - 1)))];
        for (int flip = 0; flip < 4; ++flip) {
          const int b = flip & 1 ? p1 : q1, a = flip & 1 ? q1 : p1;
          const int c = flip & 2 ? p2 : q2, e = flip & 2 ? q2 : p2;
          if (b == c || a == e || a == c || b == e || !board.sees(b, c) || board.sees(a, e)) continue;
          step.eliminations.clear();
          for (int x = 0; x < board.cells(); ++x)
            if (x != a && x != e && board.has(x, d) && board.sees(x, a) && board.sees(x, e))
              step.eliminations.push_back({x, d});
          if (step.eliminations.empty()) continue;
          const HouseKind k1 = houses.kind(h1), k2 = houses.kind(h2);
          const bool lines = k1 != HouseKind::box && k2 != HouseKind::box;
          if ((lines && k1 == k2) != skyscraper) continue;
          step.technique = lines && k1 == k2 ? "Skyscraper" : lines ? "2-String Kite" : "Turbot Fish";
          step.rating = lines && k1 == k2 ? 4.0 : 4.1;
          step.text = step.technique + " on " + digit_text(d) + " (" + cell_text(a, n) + "=" +
                      cell_text(b, n) + "-" + cell_text(c, n) + "=" + cell_text(e, n) +
                      "): " + eliminations_text(step.eliminations, n);
          return true;
        }
      }
    }
  }
  return false;
}

}  // namespace

bool two_strong_links(const Board& board, GradedStep& step) {
  // Skyscrapers (4.0) before the others (4.1), as the easier rating comes first.
  return two_strong_links(board, true, step) || two_strong_links(board, false, step);
}

}  // namespace sudoku::logic
