#include <array>
#include <bit>

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

// Boxes, then columns, then rows, then extra regions: the order Sukaku Explainer's subset searches scan in.
int house_in_order(const Houses& houses, int order) {
  const int n = houses.side();
  const bool boxes = houses.count() >= 3 * n && houses.kind(2 * n) == HouseKind::box;
  if (!boxes) return order < 2 * n ? (order + n) % (2 * n) : order;
  return order >= 3 * n ? order : order < n ? 2 * n + order : order < 2 * n ? order : order - 2 * n;
}

// k digits of full house h confined to k cells: the cells' other candidates go. With `direct`, only when that
// leaves another digit of h a hidden single, which is then placed.
bool hidden(const Board& board, int k, bool direct, GradedStep& step) {
  const Houses& houses = board.houses();
  const int n = board.side();
  for (int order = 0; order < houses.count(); ++order) {
    const int h = house_in_order(houses, order);
    if (!houses.full(h)) continue;
    const int open = board.open_cells(h);
    if (direct ? open <= k : open <= 2 * k) continue;
    std::array<int, 64> digits{};
    std::array<Mask, 64> where{};
    int count = 0;
    for (int d = 1; d <= n; ++d) {
      if (board.placed(h, d)) continue;
      const Mask w = board.positions(h, d);
      if (bit_count(w) < 2 || bit_count(w) > k) continue;
      digits[static_cast<std::size_t>(count)] = d;
      where[static_cast<std::size_t>(count++)] = w;
    }
    const std::vector<int>& cells = houses.cells(h);
    const bool found = for_each_subset(count, k, [&](const std::array<int, 4>& idx) {
      Mask together = 0, chosen = 0;
      for (int i = 0; i < k; ++i) {
        together |= where[static_cast<std::size_t>(idx[static_cast<std::size_t>(i)])];
        chosen |= digit_bit(digits[static_cast<std::size_t>(idx[static_cast<std::size_t>(i)])]);
      }
      if (bit_count(together) != k) return false;
      step.eliminations.clear();
      for (Mask m = together; m != 0; m &= m - 1) {
        const int c = cells[static_cast<std::size_t>(std::countr_zero(m))];
        for (Mask o = board.candidates(c) & ~chosen; o != 0; o &= o - 1)
          step.eliminations.push_back({c, std::countr_zero(o) + 1});
      }
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
    if (found) return true;
  }
  return false;
}

}  // namespace

bool direct_hidden_subset(const Board& board, int k, GradedStep& step) {
  return hidden(board, k, true, step);
}

bool hidden_subset(const Board& board, int k, GradedStep& step) {
  return hidden(board, k, false, step);
}

// k cells of a house whose candidates are k digits: those digits go from the house's other cells. A house
// that holds each digit at most once (a smaller extra region) is enough.
bool naked_subset(const Board& board, int k, GradedStep& step) {
  const Houses& houses = board.houses();
  const int n = board.side();
  for (int order = 0; order < houses.count(); ++order) {
    const int h = house_in_order(houses, order);
    const std::vector<int>& cells = houses.cells(h);
    std::array<int, 64> members{};
    std::array<Mask, 64> sets{};
    int count = 0;
    for (std::size_t i = 0; i < cells.size(); ++i) {
      const int c = cells[i];
      if (board.open(c) && bit_count(board.candidates(c)) <= k && bit_count(board.candidates(c)) >= 2) {
        members[static_cast<std::size_t>(count)] = static_cast<int>(i);
        sets[static_cast<std::size_t>(count++)] = board.candidates(c);
      }
    }
    const bool found = for_each_subset(count, k, [&](const std::array<int, 4>& idx) {
      Mask together = 0, chosen = 0;
      for (int i = 0; i < k; ++i) {
        together |= sets[static_cast<std::size_t>(idx[static_cast<std::size_t>(i)])];
        chosen |= Mask{1} << members[static_cast<std::size_t>(idx[static_cast<std::size_t>(i)])];
      }
      if (bit_count(together) != k) return false;
      step.eliminations.clear();
      for (std::size_t i = 0; i < cells.size(); ++i) {
        if (chosen & (Mask{1} << i)) continue;
        for (Mask m = together; m != 0; m &= m - 1)
          if (board.has(cells[i], std::countr_zero(m) + 1))
            step.eliminations.push_back({cells[i], std::countr_zero(m) + 1});
      }
      if (step.eliminations.empty()) return false;
      step.technique = "Naked " + std::string(kSizeWords[k]);
      step.rating = k == 2 ? 3.0 : k == 3 ? 3.6 : 5.0;
      step.text = step.technique + " " + digits_text(together) + " in " + houses.name(h) + " (" +
                  cells_text(board, h, chosen) + "): " + eliminations_text(step.eliminations, n);
      return true;
    });
    if (found) return true;
  }
  return false;
}

}  // namespace sudoku::logic
