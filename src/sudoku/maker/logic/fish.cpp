#include <array>
#include <bit>

#include "sudoku/maker/logic/bits.hpp"
#include "sudoku/maker/logic/combinations.hpp"
#include "sudoku/maker/logic/techniques.hpp"

namespace sudoku::logic {
namespace {

constexpr const char* kFishNames[] = {"", "", "X-Wing", "Swordfish", "Jellyfish"};

}  // namespace

// Base sets: k rows (or columns), each with 2..k places of digit d; cover sets: the k columns (rows) those
// places lie in. Each base item takes d once in the cover houses, which then hold it k times: d goes from
// the covers' other cells. Scanned as SE does: columns first, line tuples in colexicographic order, then
// digits; only digits with at least 2k places left to fill.
bool fish(const Board& board, int k, GradedStep& step) {
  const int n = board.side();
  std::array<int, 64> missing{};
  for (int d = 1; d <= n; ++d)
    for (int i = 0; i < n; ++i) missing[static_cast<std::size_t>(d)] += board.placed(i, d) ? 0 : 1;
  std::array<int, 64> lines{};
  std::array<Mask, 64> places{};
  for (const int base_kind : {1, 0}) {
    // Only tuples of lines with 2..k places can be a fish: each digit walks the tuples of those lines in
    // colexicographic order and the first tuple found (then the smallest digit) is SE's first.
    int best_digit = 0;
    std::array<int, 4> best{};
    Mask best_covers = 0, best_bases = 0;
    const auto earlier = [&](const std::array<int, 4>& a, const std::array<int, 4>& b) {
      for (int i = k - 1; i >= 0; --i)
        if (a[static_cast<std::size_t>(i)] != b[static_cast<std::size_t>(i)])
          return a[static_cast<std::size_t>(i)] < b[static_cast<std::size_t>(i)];
      return false;
    };
    for (int d = 1; d <= n; ++d) {
      if (missing[static_cast<std::size_t>(d)] < 2 * k) continue;
      int count = 0;
      for (int line = 0; line < n; ++line) {
        const int h = base_kind * n + line;
        const Mask w = board.placed(h, d) ? 0 : board.positions(h, d);
        const int size = bit_count(w);
        if (size < 2 || size > k) continue;
        lines[static_cast<std::size_t>(count)] = line;
        places[static_cast<std::size_t>(count++)] = w;
      }
      for_each_subset(count, k, [&](const std::array<int, 4>& idx) {
        std::array<int, 4> tuple{};
        Mask covers = 0, bases = 0;
        for (int i = 0; i < k; ++i) {
          const auto at = static_cast<std::size_t>(idx[static_cast<std::size_t>(i)]);
          tuple[static_cast<std::size_t>(i)] = lines[at];
          covers |= places[at];
          bases |= Mask{1} << lines[at];
        }
        // Later tuples of this digit only come later in SE's order.
        if (best_digit != 0 && !earlier(tuple, best)) return true;
        if (bit_count(covers) != k) return false;
        for (Mask m = covers; m != 0; m &= m - 1) {
          const int cover = std::countr_zero(m);
          for (int other = 0; other < n; ++other) {
            if (bases & (Mask{1} << other)) continue;
            const int cell = base_kind == 0 ? other * n + cover : cover * n + other;
            if (board.has(cell, d)) {
              best_digit = d;
              best = tuple;
              best_covers = covers;
              best_bases = bases;
              return true;
            }
          }
        }
        return false;
      });
    }
    if (best_digit == 0) continue;
    const int d = best_digit;
    step.eliminations.clear();
    for (Mask m = best_covers; m != 0; m &= m - 1) {
      const int cover = std::countr_zero(m);
      for (int other = 0; other < n; ++other) {
        if (best_bases & (Mask{1} << other)) continue;
        const int cell = base_kind == 0 ? other * n + cover : cover * n + other;
        if (board.has(cell, d)) step.eliminations.push_back({cell, d});
      }
    }
    step.technique = kFishNames[k];
    step.rating = k == 2 ? 3.2 : k == 3 ? 3.8 : 5.2;
    std::string list;
    for (Mask m = best_bases; m != 0; m &= m - 1)
      list += (list.empty()         ? ""
               : (m & (m - 1)) == 0 ? " and "
                                    : ", ") +
              std::to_string(std::countr_zero(m) + 1);
    step.text = step.technique + " on " + digit_text(d) + " in " + (base_kind == 0 ? "rows " : "columns ") +
                list + ": " + eliminations_text(step.eliminations, n);
    return true;
  }
  return false;
}

}  // namespace sudoku::logic
