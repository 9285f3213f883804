#include <array>
#include <bit>

#include "sudoku/maker/logic/combinations.hpp"
#include "sudoku/maker/logic/techniques.hpp"

namespace sudoku::logic {
namespace {

constexpr const char* kFishNames[] = {"", "", "X-Wing", "Swordfish", "Jellyfish"};

}  // namespace

// Base sets: k rows (or columns), each with 2..k places of digit d; cover sets: the k columns (rows) those
// places lie in. Each base item takes d once in the cover houses, which then hold it k times: d goes from
// the covers' other cells.
bool fish(const Board& board, int k, GradedStep& step) {
  const int n = board.side();
  for (int d = 1; d <= n; ++d) {
    for (const int base_kind : {0, 1}) {
      std::array<int, 64> lines{};
      std::array<Mask, 64> where{};
      int count = 0;
      for (int i = 0; i < n; ++i) {
        const int h = base_kind * n + i;
        if (board.placed(h, d)) continue;
        const Mask w = board.positions(h, d);
        if (std::popcount(w) < 2 || std::popcount(w) > k) continue;
        lines[static_cast<std::size_t>(count)] = i;
        where[static_cast<std::size_t>(count++)] = w;
      }
      if (count < k) continue;
      const bool found = for_each_subset(count, k, [&](const std::array<int, 4>& idx) {
        Mask covers = 0, bases = 0;
        for (int i = 0; i < k; ++i) {
          covers |= where[static_cast<std::size_t>(idx[static_cast<std::size_t>(i)])];
          bases |= Mask{1} << lines[static_cast<std::size_t>(idx[static_cast<std::size_t>(i)])];
        }
        if (std::popcount(covers) != k) return false;
        step.eliminations.clear();
        for (Mask m = covers; m != 0; m &= m - 1) {
          const int cover = std::countr_zero(m);
          for (int other = 0; other < n; ++other) {
            if (bases & (Mask{1} << other)) continue;
            const int cell = base_kind == 0 ? other * n + cover : cover * n + other;
            if (board.has(cell, d)) step.eliminations.push_back({cell, d});
          }
        }
        if (step.eliminations.empty()) return false;
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
      });
      if (found) return true;
    }
  }
  return false;
}

}  // namespace sudoku::logic
