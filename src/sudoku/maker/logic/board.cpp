#include "sudoku/maker/logic/board.hpp"

#include <bit>

#include "sudoku/maker/logic/bits.hpp"

namespace sudoku::logic {

Board::Board(const Houses& houses)
    : houses_(&houses),
      cell_sets_(std::make_shared<const CellSets>(houses)),
      crossings_(std::make_shared<const Crossings>(houses)),
      house_slots_(std::make_shared<const HouseSlots>(houses)),
      grid_cells_(static_cast<std::size_t>(houses.side() * houses.side())) {
  const std::size_t cells = grid_cells_;
  auto peers = std::make_shared<std::vector<std::uint8_t>>(cells * cells, 0);
  for (int h = 0; h < houses.count(); ++h)
    for (const int a : houses.cells(h))
      for (const int b : houses.cells(h))
        if (a != b) (*peers)[static_cast<std::size_t>(a) * cells + static_cast<std::size_t>(b)] = 1;
  peers_ = std::move(peers);
}

bool Board::load(const Grid& puzzle) {
  load(candidates_of(Grid{puzzle.shape, std::vector<std::uint8_t>(puzzle.cells.size(), 0)}));
  for (std::size_t cell = 0; cell < puzzle.cells.size(); ++cell)
    if (puzzle.cells[cell] != 0) place(static_cast<int>(cell), puzzle.cells[cell]);
  return !clash_;
}

void Board::load(const CandidateGrid& grid) {
  places_.valid = false;
  cand_ = grid.cells;
  value_.assign(cand_.size(), 0);
  placed_.assign(static_cast<std::size_t>(houses_->count()), 0);
  unsolved_ = static_cast<int>(cand_.size());
  clash_ = false;
  // As Sukaku Explainer reads pencilmarks: a cell of one candidate that no peer still has is a given, not a
  // step (a naked single that removes nothing), so the ratings of the first steps (EP, ED) are SE's.
  const int n = cells();
  for (int cell = 0; cell < n; ++cell) {
    const Mask m = cand_[static_cast<std::size_t>(cell)];
    if (value(cell) != 0 || m == 0 || (m & (m - 1)) != 0) continue;
    bool alone = true;
    for (int peer = 0; peer < n && alone; ++peer)
      alone = peer == cell || !sees(cell, peer) || (cand_[static_cast<std::size_t>(peer)] & m) == 0;
    if (alone) place(cell, std::countr_zero(m) + 1);
  }
}

void Board::place(int cell, int digit) {
  const auto c = static_cast<std::size_t>(cell);
  if (value_[c] != 0) {
    clash_ = clash_ || value_[c] != digit;
    return;
  }
  places_.valid = false;
  const Mask bit = digit_bit(digit);
  if (!(cand_[c] & bit)) clash_ = true;
  value_[c] = static_cast<std::uint8_t>(digit);
  cand_[c] = bit;
  --unsolved_;
  for (const int h : houses_->of(cell)) {
    if (placed_[static_cast<std::size_t>(h)] & bit) clash_ = true;
    placed_[static_cast<std::size_t>(h)] |= bit;
    for (const int peer : houses_->cells(h))
      if (peer != cell && value_[static_cast<std::size_t>(peer)] == 0)
        cand_[static_cast<std::size_t>(peer)] &= ~bit;
  }
}

void Board::eliminate(int cell, int digit) {
  Mask& cand = cand_[static_cast<std::size_t>(cell)];
  if (open(cell) && (cand & digit_bit(digit))) {
    cand &= ~digit_bit(digit);
    places_.valid = false;
  }
}

void Board::apply(const GradedStep& step) {
  for (const Candidate& e : step.eliminations) eliminate(e.cell, e.digit);
  for (const Candidate& p : step.placements) place(p.cell, p.digit);
}

void Board::find_places() const {
  const int n = side();
  places_.at.assign(static_cast<std::size_t>(houses_->count() * n), 0);
  for (int h = 0; h < houses_->count(); ++h) {
    Mask* at = places_.at.data() + static_cast<std::size_t>(h * n);
    const std::vector<int>& cells = houses_->cells(h);
    for (std::size_t i = 0; i < cells.size(); ++i) {
      const auto c = static_cast<std::size_t>(cells[i]);
      if (value_[c] != 0) continue;
      for (Mask m = cand_[c]; m != 0; m &= m - 1) at[std::countr_zero(m)] |= Mask{1} << i;
    }
  }
  places_.valid = true;
}

int Board::open_cells(int house) const {
  int count = 0;
  for (const int c : houses_->cells(house)) count += open(c) ? 1 : 0;
  return count;
}

bool Board::broken() const {
  if (clash_) return true;
  for (std::size_t c = 0; c < cand_.size(); ++c)
    if (value_[c] == 0 && cand_[c] == 0) return true;
  for (int h = 0; h < houses_->count(); ++h) {
    if (!houses_->full(h)) continue;
    for (int d = 1; d <= side(); ++d)
      if (!placed(h, d) && positions(h, d) == 0) return true;
  }
  return false;
}

std::string cell_text(int cell, int side) {
  return cell_name(cell / side, cell % side);
}

std::string digit_text(int digit) {
  return std::to_string(digit);
}

std::string eliminations_text(const std::vector<Candidate>& eliminations, int side) {
  std::string text;
  for (std::size_t i = 0; i < eliminations.size(); ++i) {
    if (i > 0) text += ", ";
    text += cell_text(eliminations[i].cell, side) + "<>" + digit_text(eliminations[i].digit);
  }
  return text;
}

}  // namespace sudoku::logic
