#include <bit>
#include <vector>

#include "sudoku/maker/logic/techniques.hpp"

namespace sudoku::logic {

// Two cells a and b with the bivalue cells seeing both (at least two): a pair of digits (x at a, y at b) is
// impossible when x = y and a sees b, or when one of those bivalue cells holds exactly {x,y} (it would be left
// empty). A digit of a or b in no possible pair goes. SE grades it 6.2 and takes the first it finds.
bool aligned_pair_exclusion(const Board& board, GradedStep& step) {
  const int n = board.side();
  std::vector<int> bivalues, bases;
  for (int c = 0; c < board.cells(); ++c) {
    if (!board.open(c) || std::popcount(board.candidates(c)) < 2) continue;
    bases.push_back(c);
    if (std::popcount(board.candidates(c)) == 2) bivalues.push_back(c);
  }
  std::vector<Mask> excluded;  // by common excluder: its two digits
  for (std::size_t i = 0; i < bases.size(); ++i) {
    for (std::size_t j = i + 1; j < bases.size(); ++j) {
      const int a = bases[i], b = bases[j];
      excluded.clear();
      for (const int e : bivalues)
        if (board.sees(e, a) && board.sees(e, b)) excluded.push_back(board.candidates(e));
      if (excluded.size() < 2) continue;
      const bool aligned = board.sees(a, b);
      Mask allowed_a = 0, allowed_b = 0;
      for (Mask ma = board.candidates(a); ma != 0; ma &= ma - 1) {
        const Mask x = digit_bit(std::countr_zero(ma) + 1);
        for (Mask mb = board.candidates(b); mb != 0; mb &= mb - 1) {
          const Mask y = digit_bit(std::countr_zero(mb) + 1);
          if (x == y && aligned) continue;
          bool possible = true;
          for (const Mask e : excluded) possible = possible && (e & ~(x | y)) != 0;
          if (!possible) continue;
          allowed_a |= x;
          allowed_b |= y;
        }
      }
      step.eliminations.clear();
      for (Mask m = board.candidates(a) & ~allowed_a; m != 0; m &= m - 1)
        step.eliminations.push_back({a, std::countr_zero(m) + 1});
      for (Mask m = board.candidates(b) & ~allowed_b; m != 0; m &= m - 1)
        step.eliminations.push_back({b, std::countr_zero(m) + 1});
      if (step.eliminations.empty()) continue;
      step.technique = "Aligned Pair Exclusion";
      step.rating = 6.2;
      step.text = step.technique + " on " + cell_text(a, n) + " and " + cell_text(b, n) + ": " +
                  eliminations_text(step.eliminations, n);
      return true;
    }
  }
  return false;
}

}  // namespace sudoku::logic
