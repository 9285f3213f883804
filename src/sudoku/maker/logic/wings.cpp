#include <algorithm>
#include <bit>
#include <cstdlib>
#include <vector>

#include "sudoku/maker/logic/bits.hpp"
#include "sudoku/maker/logic/techniques.hpp"

namespace sudoku::logic {

// A pivot {x,y} (XYZ: {x,y,z}) seeing pincers {x,z} and {y,z}: one of them is z, so z goes from every cell
// seeing both pincers (XYZ: and the pivot).
bool xy_wing(const Board& board, bool xyz, GradedStep& step) {
  const int n = board.side();
  const int cells = board.cells();
  for (int pivot = 0; pivot < cells; ++pivot) {
    const Mask pm = board.candidates(pivot);
    if (!board.open(pivot) || bit_count(pm) != (xyz ? 3 : 2)) continue;
    for (int a = 0; a < cells; ++a) {
      const Mask am = board.candidates(a);
      if (!board.open(a) || bit_count(am) != 2 || !board.sees(pivot, a)) continue;
      if (xyz ? (am & pm) != am : bit_count(am & pm) != 1) continue;
      for (int b = a + 1; b < cells; ++b) {
        const Mask bm = board.candidates(b);
        if (!board.open(b) || bit_count(bm) != 2 || !board.sees(pivot, b) || bm == am) continue;
        Mask z = 0;
        if (xyz) {
          if ((bm & pm) != bm || bit_count(am & bm) != 1) continue;
          z = am & bm;
        } else {
          if (bit_count(bm & pm) != 1 || (am & bm & pm) != 0 || bit_count(am & bm) != 1) continue;
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

namespace {

// SE's rating of a wing of k digits by the largest candidate count among its ALS cells: the middle sizes are
// the hardest (WXYZ 5.5-5.6, VWXYZ 6.2-6.4); UVWXYZ (6.6) and TUVWXYZ (7.5) are flat.
double wing_rating(int k, int biggest) {
  if (k >= 6) return k == 6 ? 6.6 : 7.5;
  const int middle = (k + 2) / 2;
  return (k == 4 ? 5.5 : 6.2) + ((k - middle) - std::abs(middle - biggest)) * 0.1;
}

constexpr const char* kWingNames[] = {
    "", "", "", "", "WXYZ-Wing", "VWXYZ-Wing", "UVWXYZ-Wing", "TUVWXYZ-Wing"};

}  // namespace

// An ALS of k-1 cells of one house holding k digits, and a bivalue cell {x,z} of two of those digits outside
// it that sees every ALS cell holding x: if the bivalue cell is not z it is x, and x leaves the ALS as a naked
// subset of z with the other digits, so z is in one of them and goes from every cell seeing all their z's.
// When z links the same way too (doubly linked), both digits and the ALS's other digits are locked in place.
// The lowest-rated instance is taken, then the one with most eliminations, as SE sorts its hints.
bool big_wing(const Board& board, int k, GradedStep& step) {
  const Houses& houses = board.houses();
  const int n = board.side();
  const int size = k - 1;
  std::vector<int> bivalues;
  for (int c = 0; c < board.cells(); ++c)
    if (board.open(c) && bit_count(board.candidates(c)) == 2) bivalues.push_back(c);
  if (bivalues.empty()) return false;
  bool found = false;
  std::vector<int> als, pool;
  std::vector<Candidate> eliminations;
  const CellSets& sets = board.cell_sets();
  const std::size_t words = sets.words();
  // by digit (index d - 1): its open cells; for the set under consideration, the cells seeing every one of
  // the set's cells that hold it (all cells when none does), and the set itself.
  std::vector<Word> digit_cells(static_cast<std::size_t>(n) * words),
      seeing(static_cast<std::size_t>(n) * words);
  std::vector<Word> in_als(words), left(words);
  for (int d = 1; d <= n; ++d)
    sets.digit(board, d, digit_cells.data() + static_cast<std::size_t>(d - 1) * words);
  const auto seeing_all = [&](int digit) {
    return seeing.data() + static_cast<std::size_t>(digit - 1) * words;
  };
  const auto eliminate_from = [&](int digit, int yz) {
    const Word* cells = digit_cells.data() + static_cast<std::size_t>(digit - 1) * words;
    const Word* all = seeing_all(digit);
    for (std::size_t w = 0; w < words; ++w) left[w] = cells[w] & all[w] & ~in_als[w];
    if (yz >= 0)
      for (std::size_t w = 0; w < words; ++w) left[w] &= sets.peers(yz)[w];
    for_each_cell(left.data(), words, [&](int x) {
      const Candidate e{x, digit};
      if (std::find(eliminations.begin(), eliminations.end(), e) == eliminations.end())
        eliminations.push_back(e);
    });
  };
  const auto consider = [&](Mask digits) {
    int biggest = 0;
    for (const int c : als) biggest = std::max(biggest, bit_count(board.candidates(c)));
    const double rating = wing_rating(k, biggest);
    if (found && rating > step.rating + 1e-9) return;
    std::fill(in_als.begin(), in_als.end(), 0);
    for (const int c : als) set_cell(in_als.data(), c);
    for (Mask m = digits; m != 0; m &= m - 1) {
      const int digit = std::countr_zero(m) + 1;
      Word* all = seeing_all(digit);
      std::fill(all, all + words, ~Word{0});
      for (const int c : als)
        if (board.candidates(c) & digit_bit(digit))
          for (std::size_t w = 0; w < words; ++w) all[w] &= sets.peers(c)[w];
    }
    for (const int yz : bivalues) {
      const Mask ym = board.candidates(yz);
      if ((ym & digits) != ym || has_cell(in_als.data(), yz)) continue;
      const int d1 = std::countr_zero(ym) + 1, d2 = std::countr_zero(ym & (ym - 1)) + 1;
      const bool r1 = has_cell(seeing_all(d1), yz), r2 = has_cell(seeing_all(d2), yz);
      if (!r1 && !r2) continue;
      eliminations.clear();
      if (r1 && r2) {
        for (Mask m = digits & ~ym; m != 0; m &= m - 1) eliminate_from(std::countr_zero(m) + 1, -1);
        eliminate_from(d1, yz);
      }
      eliminate_from(r1 ? d2 : d1, yz);
      if (eliminations.empty()) continue;
      if (found && rating > step.rating - 1e-9 && eliminations.size() <= step.eliminations.size()) continue;
      found = true;
      step.technique = kWingNames[k];
      step.rating = rating;
      step.eliminations = eliminations;
      step.text = step.technique + " on";
      for (const int c : als) step.text += " " + cell_text(c, n);
      step.text += " with " + cell_text(yz, n) + ": " + eliminations_text(step.eliminations, n);
    }
  };
  // Depth-first over the house's cells, pruned as soon as the cells hold more than k digits.
  const auto search = [&](auto&& self, std::size_t from, Mask together) -> void {
    if (static_cast<int>(als.size()) == size) {
      if (bit_count(together) == k) consider(together);
      return;
    }
    for (std::size_t i = from; i < pool.size(); ++i) {
      const Mask next = together | board.candidates(pool[i]);
      if (bit_count(next) > k) continue;
      als.push_back(pool[i]);
      self(self, i + 1, next);
      als.pop_back();
    }
  };
  for (int h = 0; h < houses.count(); ++h) {
    pool.clear();
    for (const int c : houses.cells(h))
      if (board.open(c) && bit_count(board.candidates(c)) >= 2 && bit_count(board.candidates(c)) <= k)
        pool.push_back(c);
    if (static_cast<int>(pool.size()) >= size) search(search, 0, 0);
  }
  return found;
}

}  // namespace sudoku::logic
