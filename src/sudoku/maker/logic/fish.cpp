#include <array>
#include <bit>

#include "sudoku/maker/logic/bits.hpp"
#include "sudoku/maker/logic/combinations.hpp"
#include "sudoku/maker/logic/techniques.hpp"

namespace sudoku::logic {
namespace {

constexpr const char* kFishNames[] = {"", "", "X-Wing", "Swordfish", "Jellyfish"};

}  // namespace

bool for_each_fish(const Board& board, int k, const Scan& scan, Visitor<bool(HouseKind, int, Mask, Mask)> f) {
  return for_each_fish(board, k, scan, ~Mask{0}, f);
}

bool for_each_fish(const Board& board, int k, const Scan& scan, Mask only,
                   Visitor<bool(HouseKind, int, Mask, Mask)> f) {
  const int n = board.side();
  std::array<int, 64> missing{};
  for (int d = 1; d <= n; ++d)
    for (int i = 0; i < n; ++i) missing[static_cast<std::size_t>(d)] += board.placed(i, d) ? 0 : 1;
  std::array<Mask, 64> members{};         // by digit: the lines with 2..k places of it
  std::array<int, 64> digits{}, lines{};  // the digits with k such lines or more; the lines of any of them
  for (const HouseKind base : {HouseKind::column, HouseKind::row}) {
    const int first = static_cast<int>(base) * n;
    int count = 0;
    Mask any = 0;
    for (int d = 1; d <= n; ++d) {
      if (missing[static_cast<std::size_t>(d)] < 2 * k || (only & digit_bit(d)) == 0) continue;
      Mask in = 0;
      for (int line = 0; line < n; ++line) {
        const int size = board.placed(first + line, d) ? 0 : bit_count(board.positions(first + line, d));
        if (size >= 2 && size <= k) in |= Mask{1} << line;
      }
      if (bit_count(in) < k) continue;
      members[static_cast<std::size_t>(d)] = in;
      digits[static_cast<std::size_t>(count++)] = d;
      any |= in;
    }
    int used = 0;
    for (Mask m = any; m != 0; m &= m - 1) lines[static_cast<std::size_t>(used++)] = std::countr_zero(m);
    // Tuples of those lines in the scan's order (a subsequence keeps its order), each digit in turn.
    const bool found = for_each_subset(
        used, k,
        [&](const std::array<int, 4>& idx) {
          Mask bases = 0;
          for (int i = 0; i < k; ++i)
            bases |= Mask{1} << lines[static_cast<std::size_t>(idx[static_cast<std::size_t>(i)])];
          for (int j = 0; j < count; ++j) {
            const int d = digits[static_cast<std::size_t>(j)];
            if ((bases & ~members[static_cast<std::size_t>(d)]) != 0) continue;
            Mask covers = 0;
            for (Mask m = bases; m != 0; m &= m - 1)
              covers |= board.positions(first + std::countr_zero(m), d);
            if (bit_count(covers) == k && f(base, d, bases, covers)) return true;
          }
          return false;
        },
        scan.lexicographic);
    if (found) return true;
  }
  return false;
}

void fish_eliminations(const Board& board, HouseKind base, int d, Mask bases, Mask covers,
                       std::vector<Candidate>& out) {
  const int n = board.side();
  for (Mask m = covers; m != 0; m &= m - 1) {
    const int cover = std::countr_zero(m);
    for (int other = 0; other < n; ++other) {
      if (bases & (Mask{1} << other)) continue;
      const int cell = base == HouseKind::row ? other * n + cover : cover * n + other;
      if (board.has(cell, d)) out.push_back({cell, d});
    }
  }
}

// Base sets: k rows (or columns), each with 2..k places of digit d; cover sets: the k columns (rows) those
// places lie in. Each base item takes d once in the cover houses, which then hold it k times: d goes from
// the covers' other cells. Scanned as SE does: columns first, line tuples in colexicographic order, then
// digits; only digits with at least 2k places left to fill.
bool fish(const Board& board, int k, GradedStep& step) {
  const int n = board.side();
  return for_each_fish(board, k, kGradedScan, [&](HouseKind base, int d, Mask bases, Mask covers) {
    step.eliminations.clear();
    fish_eliminations(board, base, d, bases, covers, step.eliminations);
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
                (base == HouseKind::row ? "rows " : "columns ") + list + ": " +
                eliminations_text(step.eliminations, n);
    return true;
  });
}

}  // namespace sudoku::logic
