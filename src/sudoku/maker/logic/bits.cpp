#include "sudoku/maker/logic/bits.hpp"

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
