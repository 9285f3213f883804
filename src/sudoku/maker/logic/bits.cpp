#include "sudoku/maker/logic/bits.hpp"

#include <algorithm>

#include "sudoku/maker/logic/board.hpp"

namespace sudoku::logic {

CellSets::CellSets(const Houses& houses)
    : words_((static_cast<std::size_t>(houses.side() * houses.side()) + 63) / 64) {
  const int cells = houses.side() * houses.side();
  houses_.assign(static_cast<std::size_t>(houses.count()) * words_, 0);
  peers_.assign(static_cast<std::size_t>(cells) * words_, 0);
  for (int h = 0; h < houses.count(); ++h) {
    Word* set = houses_.data() + static_cast<std::size_t>(h) * words_;
    for (const int c : houses.cells(h)) set_cell(set, c);
    for (const int c : houses.cells(h)) {
      Word* p = peers_.data() + static_cast<std::size_t>(c) * words_;
      for (std::size_t w = 0; w < words_; ++w) p[w] |= set[w];
    }
  }
  for (int c = 0; c < cells; ++c)
    peers_[static_cast<std::size_t>(c) * words_ + static_cast<std::size_t>(c) / 64] &=
        ~(Word{1} << (static_cast<unsigned>(c) % 64));
}

HouseSlots::HouseSlots(const Houses& houses) : at_(static_cast<std::size_t>(houses.side() * houses.side())) {
  const auto rank = [&](int h) {
    const HouseKind k = houses.kind(h);
    return k == HouseKind::box ? 0 : k == HouseKind::row ? 1 : k == HouseKind::column ? 2 : 3;
  };
  for (std::size_t c = 0; c < at_.size(); ++c) {
    const int cell = static_cast<int>(c);
    std::vector<int> hs(houses.of(cell).begin(), houses.of(cell).end());
    std::stable_sort(hs.begin(), hs.end(), [&](int a, int b) { return rank(a) < rank(b); });
    for (const int h : hs) {
      const std::vector<int>& cells = houses.cells(h);
      const auto at = std::find(cells.begin(), cells.end(), cell) - cells.begin();
      at_[c].push_back({h, static_cast<int>(at), houses.full(h)});
    }
  }
}

Crossings::Crossings(const Houses& houses)
    : count_(static_cast<std::size_t>(houses.count())), at_(count_ * count_, 0) {
  for (int h = 0; h < houses.count(); ++h) {
    const std::vector<int>& cells = houses.cells(h);
    for (std::size_t i = 0; i < cells.size(); ++i)
      for (const int other : houses.of(cells[i]))
        at_[static_cast<std::size_t>(h) * count_ + static_cast<std::size_t>(other)] |= Mask{1} << i;
  }
}

void CellSets::digit(const Board& board, int digit, Word* out) const {
  for (std::size_t w = 0; w < words_; ++w) out[w] = 0;
  const Mask bit = digit_bit(digit);
  for (int c = 0; c < board.cells(); ++c)
    if (board.open(c) && (board.candidates(c) & bit)) set_cell(out, c);
}

}  // namespace sudoku::logic
