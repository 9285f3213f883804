#include "sudoku/maker/logic/board.hpp"

#include <bit>

#include "dlx/assert.hpp"
#include "sudoku/maker/logic/bits.hpp"
#include "sudoku/maker/logic/detail/candidate_check.hpp"

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
  DLX_ASSERT(check_invariants());
  return !clash_;
}

void Board::load(const CandidateGrid& grid, bool lone_as_given) {
  DLX_ASSERT(grid.cells.size() == grid_cells_);
  places_.valid = false;
  cand_ = grid.cells;
  value_.assign(cand_.size(), 0);
  placed_.assign(static_cast<std::size_t>(houses_->count()), 0);
  unsolved_ = static_cast<int>(cand_.size());
  clash_ = false;
  // As Sukaku Explainer reads pencilmarks: a cell of one candidate that no peer still has is a given, not a
  // step (a naked single that removes nothing), so the ratings of the first steps (EP, ED) are SE's.
  const int n = lone_as_given ? cells() : 0;
  for (int cell = 0; cell < n; ++cell) {
    const Mask m = cand_[static_cast<std::size_t>(cell)];
    if (value(cell) != 0 || m == 0 || (m & (m - 1)) != 0) continue;
    bool alone = true;
    for (int peer = 0; peer < n && alone; ++peer)
      alone = peer == cell || !sees(cell, peer) || (cand_[static_cast<std::size_t>(peer)] & m) == 0;
    if (alone) place(cell, std::countr_zero(m) + 1);
  }
  DLX_ASSERT(check_invariants());
}

void Board::copy_from(const Board& other) {
  *this = other;
  if (!other.places_.valid) return;
  places_.at = other.places_.at;
  places_.valid = true;
}

void Board::copy_reduced(const Board& from, const std::vector<Mask>& candidates,
                         const std::vector<Mask>& places) {
  DLX_ASSERT(candidates.size() == from.cand_.size());
  *this = from;
  for (std::size_t c = 0; c < cand_.size(); ++c)
    if (value_[c] == 0) cand_[c] = candidates[c];
  places_.at = places;
  places_.valid = true;
  DLX_ASSERT(check_invariants());
}

void Board::place(int cell, int digit) {
  DLX_ASSERT(cell >= 0 && cell < cells());
  DLX_ASSERT(digit >= 1 && digit <= side());
  const auto c = static_cast<std::size_t>(cell);
  if (value_[c] != 0) {
    clash_ = clash_ || value_[c] != digit;
    return;
  }
  const Mask bit = digit_bit(digit);
  if (!(cand_[c] & bit)) clash_ = true;
  // The cell leaves the places of all its digits, and its peers that had the digit leave its places.
  for (Mask m = cand_[c]; m != 0; m &= m - 1) drop_place(cell, std::countr_zero(m) + 1);
  value_[c] = static_cast<std::uint8_t>(digit);
  cand_[c] = bit;
  --unsolved_;
  DLX_ASSERT(unsolved_ >= 0);
  for (const int h : houses_->of(cell)) {
    if (placed_[static_cast<std::size_t>(h)] & bit) clash_ = true;
    placed_[static_cast<std::size_t>(h)] |= bit;
    for (const int peer : houses_->cells(h)) {
      Mask& m = cand_[static_cast<std::size_t>(peer)];
      if (peer != cell && value_[static_cast<std::size_t>(peer)] == 0 && (m & bit)) {
        m &= ~bit;
        drop_place(peer, digit);
      }
    }
  }
}

void Board::drop_place(int cell, int digit) {
  // Kept up to date while valid, the techniques reading it between most changes; a board that has not read
  // it since its load or copy works it out on first use.
  if (!places_.valid) return;
  const std::size_t n = static_cast<std::size_t>(side());
  for (const HouseSlot& slot : house_slots_->of(cell))
    places_.at[static_cast<std::size_t>(slot.house) * n + static_cast<std::size_t>(digit) - 1] &=
        ~(Mask{1} << slot.index);
}

void Board::eliminate(int cell, int digit) {
  DLX_ASSERT(cell >= 0 && cell < cells());
  DLX_ASSERT(digit >= 1 && digit <= side());
  Mask& cand = cand_[static_cast<std::size_t>(cell)];
  if (open(cell) && (cand & digit_bit(digit))) {
    cand &= ~digit_bit(digit);
    drop_place(cell, digit);
  }
}

void Board::apply(const GradedStep& step) {
  for (const Candidate& e : step.eliminations) eliminate(e.cell, e.digit);
  for (const Candidate& p : step.placements) place(p.cell, p.digit);
  DLX_ASSERT(check_invariants());
}

void Board::find_places() const {
  compute_places(places_.at);
  places_.valid = true;
}

void Board::compute_places(std::vector<Mask>& places) const {
  const int n = side();
  places.assign(static_cast<std::size_t>(houses_->count() * n), 0);
  for (int h = 0; h < houses_->count(); ++h) {
    Mask* at = places.data() + static_cast<std::size_t>(h * n);
    const std::vector<int>& cells = houses_->cells(h);
    for (std::size_t i = 0; i < cells.size(); ++i) {
      const auto c = static_cast<std::size_t>(cells[i]);
      if (value_[c] != 0) continue;
      for (Mask m = cand_[c]; m != 0; m &= m - 1) at[std::countr_zero(m)] |= Mask{1} << i;
    }
  }
}

std::string Board::invariant_violation() const {
  if (cand_.size() != grid_cells_ || value_.size() != grid_cells_ ||
      placed_.size() != static_cast<std::size_t>(houses_->count()))
    return "the board's tables are not the size of its grid and houses";
  std::string broken =
      detail::candidate_state_violation({*houses_, cand_, value_, placed_, unsolved_, clash_});
  if (!broken.empty() || !places_.valid) return broken;
  std::vector<Mask> fresh;
  compute_places(fresh);
  return fresh == places_.at ? std::string() : "the cached places of the digits are not the candidates'";
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
  // A full house misses a digit when it is neither placed there nor a candidate of an open cell (the engine
  // asks at every step: one pass over the house's cells, not a place mask per digit).
  const Mask all = all_digits(side());
  for (int h = 0; h < houses_->count(); ++h) {
    if (!houses_->full(h)) continue;
    Mask held = placed_[static_cast<std::size_t>(h)];
    for (const int c : houses_->cells(h))
      if (value_[static_cast<std::size_t>(c)] == 0) held |= cand_[static_cast<std::size_t>(c)];
    if (held != all) return true;
  }
  return false;
}

namespace detail {

std::string candidate_state_violation(const CandidateState& state) {
  const Houses& houses = state.houses;
  const int n = houses.side();
  const Mask all = all_digits(n);
  int open = 0;
  for (std::size_t c = 0; c < state.candidates.size(); ++c) {
    const int cell = static_cast<int>(c);
    const int v = state.value[c];
    const Mask cand = state.candidates[c];
    if (v > n) return cell_text(cell, n) + " holds " + std::to_string(v) + ", above the side";
    if ((cand & ~all) != 0) return cell_text(cell, n) + " has a candidate above the side";
    if (v != 0) {
      if (cand != digit_bit(v) && !(state.clash && cand == 0))
        return cell_text(cell, n) + "'s candidates are not its value " + digit_text(v);
      continue;
    }
    ++open;
    for (const int h : houses.of(cell))
      if ((cand & state.placed[static_cast<std::size_t>(h)]) != 0)
        return cell_text(cell, n) + " keeps a candidate placed in its " + houses.name(h);
  }
  if (open != state.unsolved)
    return std::to_string(open) + " open cells, counted as " + std::to_string(state.unsolved);
  for (int h = 0; h < houses.count(); ++h) {
    Mask seen = 0;
    bool twice = false;
    for (const int c : houses.cells(h))
      if (const int v = state.value[static_cast<std::size_t>(c)]; v != 0) {
        twice = twice || (seen & digit_bit(v)) != 0;
        seen |= digit_bit(v);
      }
    if (seen != state.placed[static_cast<std::size_t>(h)])
      return houses.name(h) + "'s placed digits are not its cells' values";
    if (twice && !state.clash)
      return houses.name(h) + " holds a digit twice on a board not marked as clashing";
  }
  return {};
}

}  // namespace detail

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
