#include <algorithm>
#include <bit>
#include <cstdint>
#include <utility>
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

namespace sudoku::logic {

// SE's Aligned Triplet Exclusion (7.5): three cells, the second and third seeing the first two's excluders
// (cells of two or three candidates), with at least two excluders seeing all three. A combination of digits
// for the three is impossible when two cells that see each other get the same digit, or when it covers every
// candidate of an excluder; a digit of a cell in no possible combination goes. Cells and excluders are walked
// as SE walks them (pairs of base cells in colexicographic order, then the third from their excluders), and the
// first triplet that eliminates is taken.
bool aligned_triple_exclusion(const Board& board, GradedStep& step) {
  const int n = board.side();
  const int cells = board.cells();
  const auto cand = [&](int c) { return board.open(c) ? board.candidates(c) : Mask{0}; };
  std::vector<int> bases;
  std::vector<std::vector<int>> excluders(static_cast<std::size_t>(cells));
  std::vector<std::uint8_t> is_base(static_cast<std::size_t>(cells), 0);
  for (int c = 0; c < cells; ++c) {
    if (std::popcount(cand(c)) < 2) continue;
    bool single = false;
    std::vector<int>& ex = excluders[static_cast<std::size_t>(c)];
    for (int p = 0; p < cells; ++p) {
      if (p == c || !board.sees(c, p)) continue;
      const int k = std::popcount(cand(p));
      single = single || k == 1;
      if (k == 2 || k == 3) ex.push_back(p);
    }
    if (single || ex.empty()) {
      ex.clear();
      continue;
    }
    bases.push_back(c);
    is_base[static_cast<std::size_t>(c)] = 1;
  }
  if (bases.size() < 3) return false;
  const auto has = [](const std::vector<int>& list, int c) {
    return std::find(list.begin(), list.end(), c) != list.end();
  };
  std::vector<int> common01, common, twin;
  for (std::size_t j = 1; j < bases.size(); ++j)
    for (std::size_t i = 0; i < j; ++i) {
      const int a = bases[i], b = bases[j];
      const std::vector<int>& ea = excluders[static_cast<std::size_t>(a)];
      const std::vector<int>& eb = excluders[static_cast<std::size_t>(b)];
      // A triplet's common excluders are among the first two cells' (at least two are needed).
      common01.clear();
      for (const int e : ea)
        if (has(eb, e)) common01.push_back(e);
      if (common01.size() < 2) continue;
      twin.clear();
      for (const std::vector<int>* list : {&ea, &eb})
        for (const int t : *list)
          if (t != a && t != b && is_base[static_cast<std::size_t>(t)] && !has(twin, t)) twin.push_back(t);
      for (const int t : twin) {
        common.clear();
        for (const int e : common01)
          if (has(excluders[static_cast<std::size_t>(t)], e)) common.push_back(e);
        if (common.size() < 2) continue;
        const bool ab = board.sees(a, b), at = board.sees(a, t), bt = board.sees(b, t);
        Mask allowed_a = 0, allowed_b = 0, allowed_t = 0;
        for (Mask ma = cand(a); ma != 0; ma &= ma - 1) {
          const Mask x = ma & (~ma + 1);
          for (Mask mb = cand(b); mb != 0; mb &= mb - 1) {
            const Mask y = mb & (~mb + 1);
            if (x == y && ab) continue;
            for (Mask mt = cand(t); mt != 0; mt &= mt - 1) {
              const Mask z = mt & (~mt + 1);
              if ((x == z && at) || (y == z && bt)) continue;
              bool possible = true;
              for (const int e : common) possible = possible && (cand(e) & ~(x | y | z)) != 0;
              if (!possible) continue;
              allowed_a |= x;
              allowed_b |= y;
              allowed_t |= z;
            }
          }
        }
        step.eliminations.clear();
        for (const auto& [cell, allowed] :
             {std::pair{a, allowed_a}, std::pair{b, allowed_b}, std::pair{t, allowed_t}})
          for (Mask m = cand(cell) & ~allowed; m != 0; m &= m - 1)
            step.eliminations.push_back({cell, std::countr_zero(m) + 1});
        if (step.eliminations.empty()) continue;
        step.technique = "Aligned Triplet Exclusion";
        step.rating = 7.5;
        step.text = step.technique + " on " + cell_text(a, n) + ", " + cell_text(b, n) + " and " +
                    cell_text(t, n) + ": " + eliminations_text(step.eliminations, n);
        return true;
      }
    }
  return false;
}

}  // namespace sudoku::logic
