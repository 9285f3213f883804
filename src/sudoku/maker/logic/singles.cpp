#include <bit>

#include "sudoku/maker/logic/bits.hpp"
#include "sudoku/maker/logic/techniques.hpp"

namespace sudoku::logic {
namespace {

// Boxes (or a jigsaw's regions), columns, rows, then extra regions: the order people scan in.
int house_in_scan_order(const Houses& houses, int order) {
  const int n = houses.side();
  if (order < n) return 2 * n + order;
  if (order < 2 * n) return order;
  if (order < 3 * n) return order - 2 * n;
  return order;
}

bool single_in(const Board& board, bool alone, GradedStep& step) {
  const Houses& houses = board.houses();
  const int n = board.side();
  for (int order = 0; order < houses.count(); ++order) {
    const int h = house_in_scan_order(houses, order);
    if (!houses.full(h)) continue;
    const int open = board.open_cells(h);
    if (open == 0 || (open == 1) != alone) continue;
    for (int d = 1; d <= n; ++d) {
      if (board.placed(h, d)) continue;
      const Mask where = board.positions(h, d);
      if (bit_count(where) != 1) continue;
      const int cell = houses.cells(h)[static_cast<std::size_t>(std::countr_zero(where))];
      step.technique = alone ? "Full House" : "Hidden Single";
      step.rating = alone ? 1.0 : houses.kind(h) == HouseKind::box ? 1.2 : 1.5;
      step.placements = {{cell, d}};
      step.text = cell_text(cell, n) + "=" + digit_text(d) + " hidden single in " + houses.name(h);
      return true;
    }
  }
  return false;
}

}  // namespace

bool hidden_single(const Board& board, GradedStep& step) {
  return single_in(board, true, step) || single_in(board, false, step);
}

bool naked_single(const Board& board, GradedStep& step) {
  for (int c = 0; c < board.cells(); ++c) {
    if (!board.open(c) || bit_count(board.candidates(c)) != 1) continue;
    const int d = std::countr_zero(board.candidates(c)) + 1;
    step.technique = "Naked Single";
    step.rating = 2.3;
    step.placements = {{c, d}};
    step.text = cell_text(c, board.side()) + "=" + digit_text(d) + " naked single";
    return true;
  }
  return false;
}

}  // namespace sudoku::logic
