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
  for (const int base_kind : {1, 0}) {
    const bool found = for_each_subset(n, k, [&](const std::array<int, 4>& idx) {
      for (int d = 1; d <= n; ++d) {
        if (missing[static_cast<std::size_t>(d)] < 2 * k) continue;
        Mask covers = 0, bases = 0;
        bool ok = true;
        for (int i = 0; i < k && ok; ++i) {
          const int line = idx[static_cast<std::size_t>(i)];
          const int h = base_kind * n + line;
          const Mask w = board.placed(h, d) ? 0 : board.positions(h, d);
          ok = bit_count(w) >= 2;
          covers |= w;
          bases |= Mask{1} << line;
        }
        if (!ok || bit_count(covers) != k) continue;
        step.eliminations.clear();
        for (Mask m = covers; m != 0; m &= m - 1) {
          const int cover = std::countr_zero(m);
          for (int other = 0; other < n; ++other) {
            if (bases & (Mask{1} << other)) continue;
            const int cell = base_kind == 0 ? other * n + cover : cover * n + other;
            if (board.has(cell, d)) step.eliminations.push_back({cell, d});
          }
        }
        if (step.eliminations.empty()) continue;
        step.technique = kFishNames[k];
        step.rating = k == 2 ? 3.2 : k == 3 ? 3.8 : 5.2;
        std::string list;
        for (Mask m = bases; m != 0; m &= m - 1)
          list += (list.empty()         ? ""
                   : (m & (m - 1)) == 0 ? " and "
                                        : ", ") +
                  std::to_string(std::countr_zero(m) + 1);
        step.text = step.technique + " on " + digit_text(d) + " in " +
                    (base_kind == 0 ? "rows " : "columns ") + list + ": " +
                    eliminations_text(step.eliminations, n);
        return true;
      }
      return false;
    });
    if (found) return true;
  }
  return false;
}

}  // namespace sudoku::logic
