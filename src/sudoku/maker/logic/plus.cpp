// The rules that continue Sukaku Explainer's "(+)" and nested forcing chains when their links run dry, the first
// of them that applies on the grid the chain has reduced, with every instance of it found on that grid: locked
// candidates (a digit's 2 to 6 places in a house all seen by other cells), hidden pairs, naked pairs, X-wings.
// The patterns are the graded table's searches (techniques.hpp) in the orders of SE's rules; what a locked
// digit or a naked pair removes is every candidate of its digit that sees all of its cells holding the digit,
// which with extra regions may lie beyond the houses it shares. Each instance rests on the candidates the chain
// took out of its pattern, as SE's rules name them: a locked house's lost places of the digit; a hidden pair's
// house's lost places of its digits; a naked pair's cells' lost other candidates; an X-wing's base lines' lost
// places outside its cover lines. One that rests on none holds without the chain and is left out.
#include <algorithm>
#include <bit>
#include <vector>

#include "sudoku/maker/logic/bits.hpp"
#include "sudoku/maker/logic/chaining.hpp"
#include "sudoku/maker/logic/techniques.hpp"

namespace sudoku::logic {
namespace {

using Steps = std::vector<ChainRules::Advanced>;

// Locked digits kind by kind (boxes, rows, columns, extra regions); pairs in SE's house order, lexicographic.
constexpr Scan kPlusLocked{HouseOrder::boxes_rows_columns, true, LockedOrder::kind_by_kind, false};
constexpr Scan kPlusPairs{HouseOrder::boxes_columns_rows, true, LockedOrder::se_passes, true};

// The places of `digit` in house h that the chain took out (`was` before it, `now` after), but those in `skip`.
Mask lost(const Board& was, const Board& now, int h, int digit, Mask skip) {
  return was.positions(h, digit) & ~now.positions(h, digit) & ~skip;
}
void lost_places(const Houses& houses, Mask places, int h, int digit, std::vector<Candidate>& out) {
  const std::vector<int>& cells = houses.cells(h);
  for (Mask m = places; m != 0; m &= m - 1)
    out.push_back({cells[static_cast<std::size_t>(std::countr_zero(m))], digit});
}

void add(Steps& steps, const std::vector<Candidate>& elims, std::vector<Candidate> parents) {
  if (elims.empty() || parents.empty()) return;
  steps.push_back({elims, std::move(parents), 0});
}

// What a pattern lost to the chain: `taken`, places of `digit` in house h.
struct Lost {
  int h, digit;
  Mask taken;
};
// A step of two bases (a pair's house for each digit, an X-wing's lines) resting on what they lost.
void add_two(Steps& steps, const Houses& houses, std::vector<Candidate> elims, Lost one, Lost two) {
  if (elims.empty()) return;
  std::vector<Candidate> parents;
  lost_places(houses, one.taken, one.h, one.digit, parents);
  lost_places(houses, two.taken, two.h, two.digit, parents);
  add(steps, std::move(elims), std::move(parents));
}

// The digits each house lost places of (by house), the only ones a step resting on the chain can be of, or
// be in a house of: a locked digit's house lost places of it, a hidden pair's house places of one of its
// digits, a naked pair's house candidates of its cells, an X-wing's base lines places of its digit.
void touched_houses(const Board& b, const Board& was, std::vector<Mask>& touched) {
  touched.assign(static_cast<std::size_t>(b.houses().count()), 0);
  for (int c = 0; c < b.cells(); ++c) {
    const Mask gone = was.open(c) ? was.candidates(c) & ~(b.open(c) ? b.candidates(c) : 0) : 0;
    if (gone != 0)
      for (const int h : b.houses().of(c)) touched[static_cast<std::size_t>(h)] |= gone;
  }
}

void locked_steps(const Board& b, const Board& was, const std::vector<Mask>& touched, Steps& steps) {
  const Houses& houses = b.houses();
  const CellSets& sets = b.cell_sets();
  const std::size_t words = sets.words();
  thread_local std::vector<Candidate> elims;
  thread_local std::vector<Word> seeing;
  seeing.resize(words);
  for_each_locked_digit(b, kPlusLocked, 6, touched.data(), [&](int h, int d, Mask where) {
    const std::vector<int>& cells = houses.cells(h);
    // The cells outside h that see every place (the places' common peers): mostly none (places in two lines
    // of a box), and then nothing is removed.
    const Word* in_h = sets.house(h);
    const Word* first_peers = sets.peers(cells[static_cast<std::size_t>(std::countr_zero(where))]);
    for (std::size_t w = 0; w < words; ++w) seeing[w] = first_peers[w] & ~in_h[w];
    // Two places or more: the loop runs, and ends as soon as no cell is left.
    for (Mask p = where & (where - 1); p != 0; p &= p - 1) {
      const Word* peers = sets.peers(cells[static_cast<std::size_t>(std::countr_zero(p))]);
      Word any = 0;
      for (std::size_t w = 0; w < words; ++w) any |= seeing[w] &= peers[w];
      if (any == 0) return false;
    }
    // A cell seeing every place sees the first one: it lies in one of the first place's houses, outside h (h's
    // other cells hold no place of d). The eliminations go house by house of the first place, each once.
    const int first = cells[static_cast<std::size_t>(std::countr_zero(where))];
    const Crossings& crossings = b.crossings();
    elims.clear();
    for (const int h2 : houses.of(first)) {
      if (h2 == h) continue;
      const Mask outside = b.positions(h2, d) & ~crossings.inside(h2, h);
      const std::vector<int>& in = houses.cells(h2);
      for (Mask m = outside; m != 0; m &= m - 1) {
        const int x = in[static_cast<std::size_t>(std::countr_zero(m))];
        if (has_cell(seeing.data(), x) &&
            std::find(elims.begin(), elims.end(), Candidate{x, d}) == elims.end())
          elims.push_back({x, d});
      }
    }
    if (elims.empty()) return false;
    // Tested last: the houses scanned lost places of some digit, mostly d.
    const Mask taken = lost(was, b, h, d, 0);
    if (taken == 0) return false;  // it holds without the chain
    std::vector<Candidate> parents;
    lost_places(houses, taken, h, d, parents);
    add(steps, elims, std::move(parents));
    return false;
  });
}

void hidden_pair_steps(const Board& b, const Board& was, const std::vector<Mask>& touched,
                       std::vector<Mask>& only, Steps& steps) {
  const Houses& houses = b.houses();
  // Only the houses where a digit that lost places has two, and another digit the same two: a pair of
  // digits that lost none there rests on nothing.
  const int n = b.side();
  const auto twin = [&](int h, int d, Mask where) {
    for (int e = 1; e <= n; ++e)
      if (e != d && !b.placed(h, e) && b.positions(h, e) == where) return true;
    return false;
  };
  only.assign(touched.size(), 0);
  for (int h = 0; h < houses.count(); ++h)
    if (houses.full(h))
      for (Mask m = touched[static_cast<std::size_t>(h)]; m != 0; m &= m - 1) {
        const int d = std::countr_zero(m) + 1;
        const Mask where = b.positions(h, d);
        if (!b.placed(h, d) && two_bits(where) && twin(h, d, where)) {
          only[static_cast<std::size_t>(h)] = touched[static_cast<std::size_t>(h)];
          break;
        }
      }
  for_each_hidden_subset(b, 2, 4, kPlusPairs, only.data(), [&](int h, Mask cells, Mask digits) {
    const int d1 = std::countr_zero(digits) + 1, d2 = std::countr_zero(digits & (digits - 1)) + 1;
    const Mask taken1 = lost(was, b, h, d1, cells), taken2 = lost(was, b, h, d2, cells);
    if ((taken1 | taken2) == 0) return false;
    std::vector<Candidate> elims;
    hidden_subset_eliminations(b, h, cells, digits, elims);
    add_two(steps, houses, std::move(elims), {h, d1, taken1}, {h, d2, taken2});
    return false;
  });
}

void naked_pair_steps(const Board& b, const Board& start, const std::vector<Mask>& touched,
                      std::vector<Mask>& only, Steps& steps) {
  const Houses& houses = b.houses();
  // Only the houses of a cell left with two candidates that lost some, and another cell of the same two: a
  // pair of cells that lost none rests on nothing.
  // The cells of two candidates are listed first: a pair's cells are among them.
  only.assign(touched.size(), 0);
  thread_local std::vector<int> twos;
  twos.clear();
  for (int c = 0; c < b.cells(); ++c)
    if (b.open(c) && two_bits(b.candidates(c))) twos.push_back(c);
  const CellSets& sets = b.cell_sets();
  for (const int c : twos)
    if (start.candidates(c) != b.candidates(c))
      for (const int x : twos)
        if (x != c && b.candidates(x) == b.candidates(c) && b.sees(c, x))
          for (const int h : houses.of(c))
            if (has_cell(sets.house(h), x))
              only[static_cast<std::size_t>(h)] = touched[static_cast<std::size_t>(h)];
  for_each_naked_subset(b, 2, 3, kPlusPairs, only.data(), [&](int h, Mask in_house, Mask digits) {
    if (!houses.full(h)) return false;
    const std::vector<int>& cells = houses.cells(h);
    const int a = cells[static_cast<std::size_t>(std::countr_zero(in_house))];
    const int c = cells[static_cast<std::size_t>(std::countr_zero(in_house & (in_house - 1)))];
    if (((start.candidates(a) | start.candidates(c)) & ~digits) == 0)
      return false;  // holds without the chain
    // A cell losing d sees each of a and c that holds d: it lies among the peers of those, taken in ascending
    // order.
    const Word *peers_a = sets.peers(a), *peers_c = sets.peers(c);
    std::vector<Candidate> elims;
    for (Mask v = digits; v != 0; v &= v - 1) {
      const int d = std::countr_zero(v) + 1;
      const bool in_a = b.has(a, d), in_c = b.has(c, d);
      for (std::size_t w = 0; w < sets.words(); ++w) {
        Word seen = in_a ? peers_a[w] : ~Word{0};
        if (in_c) seen &= peers_c[w];
        for (; seen != 0; seen &= seen - 1) {
          const int x = static_cast<int>(w * 64) + std::countr_zero(seen);
          if (x != a && x != c && x < b.cells() && b.has(x, d)) elims.push_back({x, d});
        }
      }
    }
    if (elims.empty()) return false;
    std::vector<Candidate> parents;
    for (const int x : {a, c})
      if (start.open(x))
        for (Mask m = start.candidates(x) & ~digits; m != 0; m &= m - 1)
          parents.push_back({x, std::countr_zero(m) + 1});
    add(steps, std::move(elims), std::move(parents));
    return false;
  });
}

void x_wing_steps(const Board& b, const Board& was, const std::vector<Mask>& touched, Steps& steps) {
  const Houses& houses = b.houses();
  const int n = b.side();
  Mask lost_digits = 0;
  for (const Mask m : touched) lost_digits |= m;
  for_each_fish(b, 2, kPlusPairs, lost_digits, [&](HouseKind base, int d, Mask bases, Mask covers) {
    const int first = static_cast<int>(base) * n;
    const int i = first + std::countr_zero(bases), j = first + std::countr_zero(bases & (bases - 1));
    const Mask taken1 = lost(was, b, i, d, covers), taken2 = lost(was, b, j, d, covers);
    if ((taken1 | taken2) == 0) return false;
    std::vector<Candidate> elims;
    fish_eliminations(b, base, d, bases, covers, elims);
    add_two(steps, houses, std::move(elims), {i, d, taken1}, {j, d, taken2});
    return false;
  });
}

}  // namespace

void plus_steps(const Board& reduced, const Board& start, std::vector<ChainRules::Advanced>& steps) {
  // Scratch kept by the thread: the chains ask this at every grid they run dry on.
  thread_local std::vector<Mask> touched, only;
  touched_houses(reduced, start, touched);
  locked_steps(reduced, start, touched, steps);
  if (steps.empty()) hidden_pair_steps(reduced, start, touched, only, steps);
  if (steps.empty()) naked_pair_steps(reduced, start, touched, only, steps);
  if (steps.empty()) x_wing_steps(reduced, start, touched, steps);
}

}  // namespace sudoku::logic
