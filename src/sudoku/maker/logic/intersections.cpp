#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "sudoku/maker/logic/bits.hpp"
#include "sudoku/maker/logic/techniques.hpp"

namespace sudoku::logic {
namespace {

// The houses other than h holding every place of d in h (`where`), with places of d outside h: f(h, other, d)
// for each, ascending, until it returns true. SE's passes take from a box a line or an extra region, from a
// line or an extra region a box or an extra region.
bool visit_others(const Board& board, const Crossings& crossings, const Scan& scan, int h, int d, Mask where,
                  Visitor<bool(int, int, int)> f) {
  const Houses& houses = board.houses();
  const bool from_box = houses.kind(h) == HouseKind::box;
  const int first = houses.cells(h)[static_cast<std::size_t>(std::countr_zero(where))];
  for (const int other : houses.of(first)) {
    if (other == h) continue;
    const HouseKind kind = houses.kind(other);
    if (scan.locked == LockedOrder::se_passes &&
        (from_box ? kind == HouseKind::box : kind != HouseKind::box && kind != HouseKind::extra))
      continue;
    if ((where & ~crossings.inside(h, other)) != 0) continue;
    const bool removes = (board.positions(other, d) & ~crossings.inside(other, h)) != 0;
    if (removes && f(h, other, d)) return true;
  }
  return false;
}

// The places of d in full house h, when there are 2 to `max` of them.
Mask places(const Board& board, int h, int d, int max) {
  if (!board.houses().full(h) || board.placed(h, d)) return 0;
  const Mask where = board.positions(h, d);
  const int count = bit_count(where);
  return count < 2 || count > max ? 0 : where;
}

void describe(const Board& board, int h, int other, int d, GradedStep& step) {
  const Houses& houses = board.houses();
  step.eliminations.clear();
  intersection_eliminations(board, h, other, d, step.eliminations);
  const bool pointing = houses.kind(h) == HouseKind::box;
  step.technique = pointing ? "Pointing" : "Claiming";
  step.text = (pointing ? "Pointing " : "Claiming ") + digit_text(d) + " in " + houses.name(h) + " on " +
              houses.name(other) + ": " + eliminations_text(step.eliminations, board.side());
}

}  // namespace

bool for_each_locked_digit(const Board& board, const Scan& scan, int max_places,
                           Visitor<bool(int, int, Mask)> f) {
  const Houses& houses = board.houses();
  const int n = board.side();
  const auto visit = [&](int h, int d) {
    const Mask where = places(board, h, d, max_places);
    return where != 0 && f(h, d, where);
  };
  switch (scan.locked) {
    case LockedOrder::house_by_house:
      for (int order = 0; order < houses.count(); ++order) {
        const int h = house_in_order(houses, scan.order, order);
        for (int d = 1; d <= n; ++d)
          if (visit(h, d)) return true;
      }
      return false;
    case LockedOrder::kind_by_kind:
      for (int order = 0; order <= 3 * n; order += n) {  // the first house of each kind
        const HouseKind kind = houses.kind(house_in_order(houses, scan.order, order));
        for (int d = 1; d <= n; ++d)
          for (int h = 0; h < houses.count(); ++h)
            if (houses.kind(h) == kind && visit(h, d)) return true;
      }
      return false;
    case LockedOrder::se_passes:
      break;
  }
  for (const bool from_box : {true, false})
    for (int d = 1; d <= n; ++d)
      for (int h = 0; h < houses.count(); ++h)
        if ((houses.kind(h) == HouseKind::box) == from_box && visit(h, d)) return true;
  return false;
}

bool for_each_locked_digit(const Board& board, const Scan& scan, int max_places, const Mask* only,
                           Visitor<bool(int, int, Mask)> f) {
  const Houses& houses = board.houses();
  const int n = board.side();
  // places(), written out: with a second caller the compiler would no longer fold it into the full scan. Two
  // places, the most common count, are told without bit_count (a dozen instructions without POPCNT).
  const auto where_of = [&](int h, int d) -> Mask {
    if (!houses.full(h) || board.placed(h, d)) return 0;
    const Mask where = board.positions(h, d);
    const Mask rest = where & (where - 1);
    if (rest == 0) return 0;
    if ((rest & (rest - 1)) == 0) return max_places >= 2 ? where : 0;
    return bit_count(where) > max_places ? 0 : where;
  };
  // Calls f for digit d's houses in [lo, hi) that `only` names, ascending (the houses of a kind lie together:
  // rows, columns, boxes, then the extra regions). `only` names few: with at most 64 houses, each digit's are
  // gathered as bits first (by_digit), and only those are visited.
  const int count = houses.count();
  const bool sparse = count <= 64;
  std::uint64_t by_digit[kMaxSide + 1] = {};
  if (sparse)
    for (int h = 0; h < count; ++h)
      for (Mask m = only[h]; m != 0; m &= m - 1) by_digit[std::countr_zero(m) + 1] |= std::uint64_t{1} << h;
  const auto visit = [&](int d, int lo, int hi) {
    hi = std::min(hi, count);
    if (lo >= hi) return false;
    if (sparse) {
      const std::uint64_t below = hi >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << hi) - 1;
      for (std::uint64_t m = by_digit[d] & below & ~((std::uint64_t{1} << lo) - 1); m != 0; m &= m - 1) {
        const int h = std::countr_zero(m);
        const Mask where = where_of(h, d);
        if (where != 0 && f(h, d, where)) return true;
      }
      return false;
    }
    const Mask bit = digit_bit(d);
    for (int h = lo; h < hi; ++h) {
      if ((only[h] & bit) == 0) continue;
      const Mask where = where_of(h, d);
      if (where != 0 && f(h, d, where)) return true;
    }
    return false;
  };
  switch (scan.locked) {
    case LockedOrder::house_by_house:
      for (int order = 0; order < count; ++order) {
        const int h = house_in_order(houses, scan.order, order);
        for (Mask m = only[h]; m != 0; m &= m - 1) {
          const int d = std::countr_zero(m) + 1;
          const Mask where = where_of(h, d);
          if (where != 0 && f(h, d, where)) return true;
        }
      }
      return false;
    case LockedOrder::kind_by_kind:
      for (int order = 0; order <= 3 * n; order += n) {
        const int lo = static_cast<int>(houses.kind(house_in_order(houses, scan.order, order))) * n;
        const int hi = lo < 3 * n ? lo + n : count;
        for (int d = 1; d <= n; ++d)
          if (visit(d, lo, hi)) return true;
      }
      return false;
    case LockedOrder::se_passes:
      break;
  }
  for (int d = 1; d <= n; ++d)
    if (visit(d, 2 * n, 3 * n)) return true;
  for (int d = 1; d <= n; ++d)
    if (visit(d, 0, 2 * n) || visit(d, 3 * n, count)) return true;
  return false;
}

bool for_each_intersection(const Board& board, const Scan& scan, Visitor<bool(int, int, int)> f) {
  const Crossings& crossings = board.crossings();
  return for_each_locked_digit(board, scan, kMaxSide, [&](int h, int d, Mask where) {
    return visit_others(board, crossings, scan, h, d, where, f);
  });
}

void intersection_eliminations(const Board& board, int h, int other, int d, std::vector<Candidate>& out) {
  const std::vector<int>& cells = board.houses().cells(other);
  for (Mask m = board.positions(other, d) & ~board.crossings().inside(other, h); m != 0; m &= m - 1)
    out.push_back({cells[static_cast<std::size_t>(std::countr_zero(m))], d});
}

bool direct_locked(const Board& board, GradedStep& step) {
  const Houses& houses = board.houses();
  const Crossings& crossings = board.crossings();
  return for_each_intersection(board, kGradedScan, [&](int h, int other, int d) {
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
      describe(board, h, other, d, step);
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
  return for_each_intersection(board, kGradedScan, [&](int h, int other, int d) {
    describe(board, h, other, d, step);
    step.rating = board.houses().kind(h) == HouseKind::box ? 2.6 : 2.8;
    return true;
  });
}

}  // namespace sudoku::logic
