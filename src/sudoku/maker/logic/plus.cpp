// The rules that continue Sukaku Explainer's "(+)" and nested forcing chains when their links run dry, the first
// of them that applies on the grid the chain has reduced, with every instance of it found on that grid: locked
// candidates (a digit's 2 to 6 places in a house all seen by other cells), hidden pairs, naked pairs, X-wings.
// Each instance rests on the candidates the chain took out of its pattern, as SE's rules name them: a locked
// house's lost places of the digit; a hidden pair's house's lost places of its digits; a naked pair's cells'
// lost other candidates; an X-wing's base lines' lost places outside its cover lines. One that rests on none
// holds without the chain and is left out.
#include <algorithm>
#include <array>
#include <bit>
#include <vector>

#include "sudoku/maker/logic/chaining.hpp"

namespace sudoku::logic {
namespace {

using Steps = std::vector<ChainRules::Advanced>;

// The full houses of each kind (box, row, column, extra), worked out once for the four rules.
struct Kinds {
  explicit Kinds(const Houses& houses) {
    for (int h = 0; h < houses.count(); ++h)
      if (houses.full(h)) of[static_cast<std::size_t>(houses.kind(h))].push_back(h);
  }
  const std::vector<int>& operator[](HouseKind k) const { return of[static_cast<std::size_t>(k)]; }
  // Those of the kinds `order`, kind by kind.
  std::vector<int> in(std::initializer_list<HouseKind> order) const {
    std::vector<int> result;
    for (const HouseKind k : order) result.insert(result.end(), (*this)[k].begin(), (*this)[k].end());
    return result;
  }
  std::array<std::vector<int>, 4> of;
};

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

void locked_steps(const Board& b, const Board& was, const Kinds& kinds, Steps& steps) {
  const Houses& houses = b.houses();
  const int n = b.side();
  std::vector<Candidate> elims;
  for (const HouseKind k : {HouseKind::box, HouseKind::row, HouseKind::column, HouseKind::extra}) {
    const std::vector<int>& of_kind = kinds[k];
    for (int d = 1; d <= n; ++d)
      for (const int h : of_kind) {
        const Mask where = b.positions(h, d);
        if (!two_or_more(where) || std::popcount(where) > 6) continue;
        const Mask taken = lost(was, b, h, d, 0);
        if (taken == 0) continue;  // it holds without the chain
        const std::vector<int>& cells = houses.cells(h);
        // A cell seeing every place sees the first one: it lies in one of the first place's houses.
        const int first = cells[static_cast<std::size_t>(std::countr_zero(where))];
        elims.clear();
        for (const int h2 : houses.of(first)) {
          if (h2 == h) continue;
          for (const int x : houses.cells(h2)) {
            if (!b.has(x, d)) continue;
            bool all = true;
            for (Mask m = where; m != 0 && all; m &= m - 1) {
              const int c = cells[static_cast<std::size_t>(std::countr_zero(m))];
              all = c != x && b.sees(c, x);
            }
            if (all && std::find(elims.begin(), elims.end(), Candidate{x, d}) == elims.end())
              elims.push_back({x, d});
          }
        }
        if (elims.empty()) continue;
        std::vector<Candidate> parents;
        lost_places(houses, taken, h, d, parents);
        add(steps, elims, std::move(parents));
      }
  }
}

void hidden_pair_steps(const Board& b, const Board& was, const Kinds& kinds, Steps& steps) {
  const Houses& houses = b.houses();
  const int n = b.side();
  for (const int h : kinds.in({HouseKind::box, HouseKind::column, HouseKind::row, HouseKind::extra})) {
    if (b.open_cells(h) <= 4) continue;
    const std::vector<int>& cells = houses.cells(h);
    for (int d1 = 1; d1 <= n; ++d1)
      for (int d2 = d1 + 1; d2 <= n; ++d2) {
        const Mask p1 = b.positions(h, d1), p2 = b.positions(h, d2);
        if (!two_or_more(p1) || !two_or_more(p2) || !two_bits(p1 | p2)) continue;
        const Mask taken1 = lost(was, b, h, d1, p1 | p2), taken2 = lost(was, b, h, d2, p1 | p2);
        if ((taken1 | taken2) == 0) continue;
        const Mask keep = digit_bit(d1) | digit_bit(d2);
        std::vector<Candidate> elims;
        for (Mask m = p1 | p2; m != 0; m &= m - 1) {
          const int c = cells[static_cast<std::size_t>(std::countr_zero(m))];
          for (Mask o = b.candidates(c) & ~keep; o != 0; o &= o - 1)
            elims.push_back({c, std::countr_zero(o) + 1});
        }
        if (elims.empty()) continue;
        std::vector<Candidate> parents;
        lost_places(houses, taken1, h, d1, parents);
        lost_places(houses, taken2, h, d2, parents);
        add(steps, std::move(elims), std::move(parents));
      }
  }
}

void naked_pair_steps(const Board& b, const Board& start, const Kinds& kinds, Steps& steps) {
  const Houses& houses = b.houses();
  for (const int h : kinds.in({HouseKind::box, HouseKind::column, HouseKind::row, HouseKind::extra})) {
    if (b.open_cells(h) < 4) continue;
    const std::vector<int>& cells = houses.cells(h);
    for (std::size_t i = 0; i < cells.size(); ++i)
      for (std::size_t j = i + 1; j < cells.size(); ++j) {
        const int a = cells[i], c = cells[j];
        if (!b.open(a) || !b.open(c)) continue;
        const Mask ca = b.candidates(a), cc = b.candidates(c);
        if (!two_or_more(ca) || !two_or_more(cc) || !two_bits(ca | cc)) continue;
        if (((start.candidates(a) | start.candidates(c)) & ~(ca | cc)) == 0)
          continue;  // holds without the chain
        std::vector<Candidate> elims;
        for (Mask v = ca | cc; v != 0; v &= v - 1) {
          const int d = std::countr_zero(v) + 1;
          for (int x = 0; x < b.cells(); ++x)
            if (x != a && x != c && b.has(x, d) && (!b.has(a, d) || b.sees(a, x)) &&
                (!b.has(c, d) || b.sees(c, x)))
              elims.push_back({x, d});
        }
        if (elims.empty()) continue;
        std::vector<Candidate> parents;
        for (const int x : {a, c})
          if (start.open(x))
            for (Mask m = start.candidates(x) & ~(ca | cc); m != 0; m &= m - 1)
              parents.push_back({x, std::countr_zero(m) + 1});
        add(steps, std::move(elims), std::move(parents));
      }
  }
}

void x_wing_steps(const Board& b, const Board& was, const Kinds& kinds, Steps& steps) {
  const Houses& houses = b.houses();
  const int n = b.side();
  for (const auto& [base_kind, cover_kind] :
       {std::pair{HouseKind::column, HouseKind::row}, std::pair{HouseKind::row, HouseKind::column}}) {
    const std::vector<int>& base = kinds[base_kind];
    const std::vector<int>& cover = kinds[cover_kind];
    for (std::size_t i = 0; i < base.size(); ++i)
      for (std::size_t j = i + 1; j < base.size(); ++j)
        for (int d = 1; d <= n; ++d) {
          int placed = 0;
          for (const int h : base) placed += b.placed(h, d) ? 1 : 0;
          if (placed + 4 > n) continue;
          const Mask p1 = b.positions(base[i], d), p2 = b.positions(base[j], d);
          if (!two_or_more(p1) || !two_or_more(p2) || !two_bits(p1 | p2)) continue;
          const Mask taken1 = lost(was, b, base[i], d, p1 | p2), taken2 = lost(was, b, base[j], d, p1 | p2);
          if ((taken1 | taken2) == 0) continue;
          // Position k of a row is column k and the other way round, so the places name the cover lines.
          std::vector<Candidate> elims;
          for (Mask m = p1 | p2; m != 0; m &= m - 1) {
            const int line = cover[static_cast<std::size_t>(std::countr_zero(m))];
            const Mask skip = (Mask{1} << i) | (Mask{1} << j);
            const std::vector<int>& cells = houses.cells(line);
            for (Mask o = b.positions(line, d) & ~skip; o != 0; o &= o - 1)
              elims.push_back({cells[static_cast<std::size_t>(std::countr_zero(o))], d});
          }
          if (elims.empty()) continue;
          std::vector<Candidate> parents;
          lost_places(houses, taken1, base[i], d, parents);
          lost_places(houses, taken2, base[j], d, parents);
          add(steps, std::move(elims), std::move(parents));
        }
  }
}

}  // namespace

void plus_steps(const Board& reduced, const Board& start, std::vector<ChainRules::Advanced>& steps) {
  const Kinds kinds(reduced.houses());
  locked_steps(reduced, start, kinds, steps);
  if (steps.empty()) hidden_pair_steps(reduced, start, kinds, steps);
  if (steps.empty()) naked_pair_steps(reduced, start, kinds, steps);
  if (steps.empty()) x_wing_steps(reduced, start, kinds, steps);
}

}  // namespace sudoku::logic
