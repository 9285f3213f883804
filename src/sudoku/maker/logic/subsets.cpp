#include <array>
#include <bit>
#include <cstddef>
#include <type_traits>

#include "sudoku/maker/logic/bits.hpp"
#include "sudoku/maker/logic/combinations.hpp"
#include "sudoku/maker/logic/techniques.hpp"

namespace sudoku::logic {
namespace {

constexpr const char* kSizeWords[] = {"", "", "Pair", "Triplet", "Quad"};

std::string digits_text(Mask digits) {
  std::string text;
  for (Mask m = digits; m != 0; m &= m - 1)
    text += (text.empty() ? "" : ",") + digit_text(std::countr_zero(m) + 1);
  return text;
}

std::string cells_text(const Board& board, int h, Mask where) {
  std::string text;
  for (Mask m = where; m != 0; m &= m - 1)
    text += (text.empty() ? "" : ",") +
            cell_text(board.houses().cells(h)[static_cast<std::size_t>(std::countr_zero(m))], board.side());
  return text;
}

// Calls f(h, cells, digits) for every k members of house h whose sets (masks) join to k bits, members and
// sets from `gather` (their count returned), in colexicographic order, until f returns true; with `only`, in
// the houses h whose only[h] is not 0 only.
template <class Gather, class Only>
bool for_each_subset_in(const Board& board, int k, int min_open, const Scan& scan, Gather&& gather,
                        bool naked, Only only, Visitor<bool(int, Mask, Mask)> f) {
  const Houses& houses = board.houses();
  std::array<int, 64> members{};
  std::array<Mask, 64> sets{};
  for (int order = 0; order < houses.count(); ++order) {
    const int h = house_in_order(houses, scan.order, order);
    if constexpr (!std::is_same_v<Only, std::nullptr_t>)
      if (only[h] == 0) continue;
    if (min_open > 0 && board.open_cells(h) <= min_open) continue;
    const int count = gather(h, members, sets);
    const bool found = for_each_subset(
        count, k,
        [&](const std::array<int, 4>& idx) {
          Mask together = 0, chosen = 0;
          for (int i = 0; i < k; ++i) {
            const auto at = static_cast<std::size_t>(idx[static_cast<std::size_t>(i)]);
            together |= sets[at];
            chosen |= naked ? Mask{1} << members[at] : digit_bit(members[at]);
          }
          if (bit_count(together) != k) return false;
          return naked ? f(h, chosen, together) : f(h, together, chosen);
        },
        scan.lexicographic);
    if (found) return true;
  }
  return false;
}

// k digits of full house h confined to k cells: the cells' other candidates go. With `direct`, only when that
// leaves another digit of h a hidden single, which is then placed.
bool hidden(const Board& board, int k, bool direct, GradedStep& step) {
  const Houses& houses = board.houses();
  const int n = board.side();
  return for_each_hidden_subset(
      board, k, direct ? k : 2 * k, kGradedScan, nullptr, [&](int h, Mask together, Mask chosen) {
        const std::vector<int>& cells = houses.cells(h);
        step.eliminations.clear();
        hidden_subset_eliminations(board, h, together, chosen, step.eliminations);
        if (step.eliminations.empty()) return false;
        const std::string what = "Hidden " + std::string(kSizeWords[k]);
        step.text = what + " " + digits_text(chosen) + " in " + houses.name(h) + " (" +
                    cells_text(board, h, together) + "): " + eliminations_text(step.eliminations, n);
        if (!direct) {
          step.technique = what;
          step.rating = k == 2 ? 3.4 : k == 3 ? 4.0 : 5.4;
          return true;
        }
        for (int d = 1; d <= n; ++d) {
          if ((chosen & digit_bit(d)) || board.placed(h, d)) continue;
          const Mask w = board.positions(h, d);
          if (bit_count(w) < 2 || bit_count(w & ~together) != 1) continue;
          const int c = cells[static_cast<std::size_t>(std::countr_zero(w & ~together))];
          step.technique = "Direct " + what;
          step.rating = k == 2 ? 2.0 : 2.5;
          step.placements = {{c, d}};
          step.text += "; " + cell_text(c, n) + "=" + digit_text(d) + " in " + houses.name(h);
          // As SE applies it: only the placement; the eliminations only explain it.
          step.eliminations.clear();
          return true;
        }
        return false;
      });
}

}  // namespace

// k digits of a full house whose places are k cells.
namespace {

// The hidden subsets' members: the digits of full house h with 2 to k places, and those places.
auto hidden_members(const Board& board, int k) {
  return [&board, k](int h, std::array<int, 64>& digits, std::array<Mask, 64>& where) {
    int count = 0;
    if (!board.houses().full(h)) return count;
    for (int d = 1; d <= board.side(); ++d) {
      if (board.placed(h, d)) continue;
      const Mask w = board.positions(h, d);
      if (bit_count(w) < 2 || bit_count(w) > k) continue;
      digits[static_cast<std::size_t>(count)] = d;
      where[static_cast<std::size_t>(count++)] = w;
    }
    return count;
  };
}

// The naked subsets' members: the open cells of house h with 2 to k candidates, and those candidates.
auto naked_members(const Board& board, int k) {
  return [&board, k](int h, std::array<int, 64>& members, std::array<Mask, 64>& sets) {
    const std::vector<int>& cells = board.houses().cells(h);
    int count = 0;
    for (std::size_t i = 0; i < cells.size(); ++i) {
      const int c = cells[i];
      if (board.open(c) && bit_count(board.candidates(c)) <= k && bit_count(board.candidates(c)) >= 2) {
        members[static_cast<std::size_t>(count)] = static_cast<int>(i);
        sets[static_cast<std::size_t>(count++)] = board.candidates(c);
      }
    }
    return count;
  };
}

}  // namespace

bool for_each_hidden_subset(const Board& board, int k, int min_open, const Scan& scan, const Mask* only,
                            Visitor<bool(int, Mask, Mask)> f) {
  if (only) return for_each_subset_in(board, k, min_open, scan, hidden_members(board, k), false, only, f);
  return for_each_subset_in(board, k, min_open, scan, hidden_members(board, k), false, nullptr, f);
}

// k cells of a house whose candidates are k digits. A house that holds each digit at most once (a smaller
// extra region) is enough.
bool for_each_naked_subset(const Board& board, int k, int min_open, const Scan& scan, const Mask* only,
                           Visitor<bool(int, Mask, Mask)> f) {
  if (only) return for_each_subset_in(board, k, min_open, scan, naked_members(board, k), true, only, f);
  return for_each_subset_in(board, k, min_open, scan, naked_members(board, k), true, nullptr, f);
}

void naked_subset_eliminations(const Board& board, int h, Mask cells, Mask digits,
                               std::vector<Candidate>& out) {
  const std::vector<int>& in = board.houses().cells(h);
  for (std::size_t i = 0; i < in.size(); ++i) {
    if (cells & (Mask{1} << i)) continue;
    for (Mask m = digits; m != 0; m &= m - 1)
      if (board.has(in[i], std::countr_zero(m) + 1)) out.push_back({in[i], std::countr_zero(m) + 1});
  }
}

void hidden_subset_eliminations(const Board& board, int h, Mask cells, Mask digits,
                                std::vector<Candidate>& out) {
  const std::vector<int>& in = board.houses().cells(h);
  for (Mask m = cells; m != 0; m &= m - 1) {
    const int c = in[static_cast<std::size_t>(std::countr_zero(m))];
    for (Mask o = board.candidates(c) & ~digits; o != 0; o &= o - 1)
      out.push_back({c, std::countr_zero(o) + 1});
  }
}

bool direct_hidden_subset(const Board& board, int k, GradedStep& step) {
  return hidden(board, k, true, step);
}

bool hidden_subset(const Board& board, int k, GradedStep& step) {
  return hidden(board, k, false, step);
}

// k cells of a house whose candidates are k digits: those digits go from the house's other cells.
bool naked_subset(const Board& board, int k, GradedStep& step) {
  const Houses& houses = board.houses();
  return for_each_naked_subset(board, k, 0, kGradedScan, nullptr, [&](int h, Mask chosen, Mask together) {
    step.eliminations.clear();
    naked_subset_eliminations(board, h, chosen, together, step.eliminations);
    if (step.eliminations.empty()) return false;
    step.technique = "Naked " + std::string(kSizeWords[k]);
    step.rating = k == 2 ? 3.0 : k == 3 ? 3.6 : 5.0;
    step.text = step.technique + " " + digits_text(together) + " in " + houses.name(h) + " (" +
                cells_text(board, h, chosen) + "): " + eliminations_text(step.eliminations, board.side());
    return true;
  });
}

}  // namespace sudoku::logic
