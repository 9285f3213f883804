#include <algorithm>
#include <bit>
#include <cstdint>
#include <utility>
#include <vector>

#include "sudoku/maker/logic/bits.hpp"
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
  const CellSets& cell_sets = board.cell_sets();
  const std::size_t words = cell_sets.words();
  const auto cand = [&](int c) { return board.open(c) ? board.candidates(c) : Mask{0}; };
  // Cell sets as bit sets, so that the common excluders of two or three cells are a few ANDs: a cell's
  // excluders are its peers among the open cells of two or three candidates. The buffers are kept per thread,
  // as this runs at every step of the puzzles that reach Nishio chains.
  thread_local std::vector<std::uint64_t> sets;
  thread_local std::vector<int> bases, twin;
  thread_local std::vector<Mask> shared;
  sets.assign(8 * words, 0);
  std::uint64_t* const few = sets.data();     // open cells of two or three candidates
  std::uint64_t* const single = few + words;  // open cells of one candidate
  std::uint64_t* const is_base = single + words;
  std::uint64_t* const common01 = is_base + words;
  std::uint64_t* const common = common01 + words;
  std::uint64_t* const ea = common + words;  // the excluders of the three cells
  std::uint64_t* const eb = ea + words;
  std::uint64_t* const et = eb + words;
  for (int c = 0; c < cells; ++c) {
    const Mask m = cand(c);
    if (m == 0) continue;
    if ((m & (m - 1)) == 0)
      set_cell(single, c);
    else if (bit_count(m) <= 3)
      set_cell(few, c);
  }
  // At least two cells (std::popcount is a library call on the default target).
  const auto two = [&](const std::uint64_t* set) {
    bool one = false;
    for (std::size_t w = 0; w < words; ++w) {
      if (set[w] == 0) continue;
      if ((set[w] & (set[w] - 1)) != 0 || one) return true;
      one = true;
    }
    return false;
  };
  // A cell's excluders, into `out`.
  const auto excluders = [&](int c, std::uint64_t* out) {
    for (std::size_t w = 0; w < words; ++w) out[w] = cell_sets.peers(c)[w] & few[w];
  };
  // A base: two candidates or more, no peer of one candidate, and an excluder.
  bases.clear();
  for (int c = 0; c < cells; ++c) {
    const Mask m = cand(c);
    if ((m & (m - 1)) == 0) continue;
    bool single_peer = false, any = false;
    for (std::size_t w = 0; w < words; ++w) {
      single_peer = single_peer || (cell_sets.peers(c)[w] & single[w]) != 0;
      any = any || (cell_sets.peers(c)[w] & few[w]) != 0;
    }
    if (single_peer || !any) continue;
    bases.push_back(c);
    set_cell(is_base, c);
  }
  if (bases.size() < 3) return false;

  for (std::size_t j = 1; j < bases.size(); ++j) {
    const int b = bases[j];
    excluders(b, eb);
    for (std::size_t i = 0; i < j; ++i) {
      const int a = bases[i];
      excluders(a, ea);
      // A triplet's common excluders are among the first two cells' (at least two are needed).
      for (std::size_t w = 0; w < words; ++w) common01[w] = ea[w] & eb[w];
      if (!two(common01)) continue;
      // The third cell: a base among the first cell's excluders, then the second's (SE's order).
      twin.clear();
      for (int pass = 0; pass < 2; ++pass)
        for (std::size_t w = 0; w < words; ++w) {
          std::uint64_t m = (pass == 0 ? ea[w] : eb[w] & ~ea[w]) & is_base[w];
          for (; m != 0; m &= m - 1) {
            const int t = static_cast<int>(w * 64) + std::countr_zero(m);
            if (t != a && t != b) twin.push_back(t);
          }
        }
      for (const int t : twin) {
        excluders(t, et);
        for (std::size_t w = 0; w < words; ++w) common[w] = common01[w] & et[w];
        if (!two(common)) continue;
        // Only an excluder whose candidates the three cells hold between them can be emptied.
        const Mask digits = cand(a) | cand(b) | cand(t);
        shared.clear();
        for (std::size_t w = 0; w < words; ++w)
          for (std::uint64_t m = common[w]; m != 0; m &= m - 1) {
            const Mask e = cand(static_cast<int>(w * 64) + std::countr_zero(m));
            if ((e & ~digits) == 0) shared.push_back(e);
          }
        const bool ab = board.sees(a, b), at = board.sees(a, t), bt = board.sees(b, t);
        Mask allowed_a = 0, allowed_b = 0, allowed_t = 0;
        for (Mask ma = cand(a); ma != 0; ma &= ma - 1) {
          const Mask x = ma & (~ma + 1);
          for (Mask mb = cand(b); mb != 0; mb &= mb - 1) {
            const Mask y = mb & (~mb + 1);
            if (x == y && ab) continue;
            // The third cell's digits z that leave every excluder a candidate besides x, y and z.
            Mask zs = cand(t) & ~(at ? x : 0) & ~(bt ? y : 0);
            for (const Mask e : shared) {
              const Mask left = e & ~(x | y);
              if ((left & (left - 1)) == 0) zs &= left == 0 ? 0 : ~left;  // none left, or one: not z
            }
            if (zs == 0) continue;
            allowed_a |= x;
            allowed_b |= y;
            allowed_t |= zs;
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
  }
  return false;
}

}  // namespace sudoku::logic
