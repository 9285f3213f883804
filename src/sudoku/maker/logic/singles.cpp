#include <bit>
#include <optional>

#include "sudoku/maker/logic/bits.hpp"
#include "sudoku/maker/logic/techniques.hpp"

namespace sudoku::logic {
namespace {

enum class Open { one, several, any };

// The first hidden single in a full house of `open` open cells.
std::optional<Single> single_in(const Board& board, HouseOrder by, Open open) {
  const Houses& houses = board.houses();
  const int n = board.side();
  for (int order = 0; order < houses.count(); ++order) {
    const int h = house_in_order(houses, by, order);
    if (!houses.full(h)) continue;
    if (open != Open::any) {
      const int cells = board.open_cells(h);
      if (cells == 0 || (cells == 1) != (open == Open::one)) continue;
    }
    for (int d = 1; d <= n; ++d) {
      if (board.placed(h, d)) continue;
      const Mask where = board.positions(h, d);
      if (bit_count(where) != 1) continue;
      return Single{h, houses.cells(h)[static_cast<std::size_t>(std::countr_zero(where))], d};
    }
  }
  return std::nullopt;
}

}  // namespace

// Houses are rows 0..n-1, columns n..2n-1, boxes (or a jigsaw's regions) 2n..3n-1, then extra regions.
int house_in_order(const Houses& houses, HouseOrder by, int order) {
  const int n = houses.side();
  if (order >= 3 * n) return order;
  if (by == HouseOrder::boxes_rows_columns) return (order + 2 * n) % (3 * n);
  return order < n ? 2 * n + order : order < 2 * n ? order : order - 2 * n;
}

std::optional<Single> find_hidden_single(const Board& board, const Scan& scan) {
  if (!scan.full_houses_first) return single_in(board, scan.order, Open::any);
  if (auto single = single_in(board, scan.order, Open::one)) return single;
  return single_in(board, scan.order, Open::several);
}

std::optional<Candidate> find_naked_single(const Board& board) {
  for (int c = 0; c < board.cells(); ++c)
    if (board.open(c) && bit_count(board.candidates(c)) == 1)
      return Candidate{c, std::countr_zero(board.candidates(c)) + 1};
  return std::nullopt;
}

bool hidden_single(const Board& board, GradedStep& step) {
  const std::optional<Single> single = find_hidden_single(board, kGradedScan);
  if (!single) return false;
  const Houses& houses = board.houses();
  const bool alone = board.open_cells(single->house) == 1;
  step.technique = alone ? "Full House" : "Hidden Single";
  step.rating = alone ? 1.0 : houses.kind(single->house) == HouseKind::box ? 1.2 : 1.5;
  step.placements = {{single->cell, single->digit}};
  step.text = cell_text(single->cell, board.side()) + "=" + digit_text(single->digit) + " hidden single in " +
              houses.name(single->house);
  return true;
}

bool naked_single(const Board& board, GradedStep& step) {
  const std::optional<Candidate> single = find_naked_single(board);
  if (!single) return false;
  step.technique = "Naked Single";
  step.rating = 2.3;
  step.placements = {*single};
  step.text = cell_text(single->cell, board.side()) + "=" + digit_text(single->digit) + " naked single";
  return true;
}

}  // namespace sudoku::logic
