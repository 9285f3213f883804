// Bit helpers for the graded techniques' inner loops: a candidate count the compiler inlines on every target,
// and sets of cells as rows of 64-bit words with each house's and each cell's peers precomputed.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "sudoku/model/candidates.hpp"
#include "sudoku/model/houses.hpp"

namespace sudoku::logic {

class Board;

// std::popcount compiles to a library call on x86-64 builds without POPCNT (the default target); the
// techniques count candidates in their innermost loops, so they use this, which stays inline either way.
inline int bit_count(Mask m) {
#if defined(__POPCNT__) || !(defined(__x86_64__) || defined(__i386__))
  return std::popcount(m);
#else
  m = m - ((m >> 1) & 0x5555555555555555ULL);
  m = (m & 0x3333333333333333ULL) + ((m >> 2) & 0x3333333333333333ULL);
  m = (m + (m >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
  return static_cast<int>((m * 0x0101010101010101ULL) >> 56);
#endif
}

using Word = std::uint64_t;

// Cells as bits, `words()` words per set; built once per board (Board::cell_sets()) from its houses.
class CellSets {
 public:
  explicit CellSets(const Houses& houses);

  std::size_t words() const { return words_; }
  // The cells of house h.
  const Word* house(int h) const { return houses_.data() + static_cast<std::size_t>(h) * words_; }
  // The cells sharing a house with `cell` (not the cell itself).
  const Word* peers(int cell) const { return peers_.data() + static_cast<std::size_t>(cell) * words_; }
  // The open cells that may hold `digit`, written to `out` (words() words).
  void digit(const Board& board, int digit, Word* out) const;

 private:
  std::size_t words_;
  std::vector<Word> houses_;
  std::vector<Word> peers_;
};

// Each cell's houses in Sukaku Explainer's order (box, row, column, then the extra regions), with the cell's
// place in each: the chains follow a candidate's links house by house in that order. Built once per board
// (Board::house_slots()).
struct HouseSlot {
  int house, index;
  bool full;
};
class HouseSlots {
 public:
  explicit HouseSlots(const Houses& houses);
  const std::vector<HouseSlot>& of(int cell) const { return at_[static_cast<std::size_t>(cell)]; }

 private:
  std::vector<std::vector<HouseSlot>> at_;
};

// For every two houses, the cells of the first that lie in the second, as bits of the first's cell indices
// (the bits of Board::positions); built once per board (Board::crossings()).
class Crossings {
 public:
  explicit Crossings(const Houses& houses);
  Mask inside(int h, int other) const {
    return at_[static_cast<std::size_t>(h) * count_ + static_cast<std::size_t>(other)];
  }

 private:
  std::size_t count_;
  std::vector<Mask> at_;
};

inline void set_cell(Word* set, int cell) {
  set[static_cast<std::size_t>(cell) / 64] |= Word{1} << (static_cast<unsigned>(cell) % 64);
}

inline bool has_cell(const Word* set, int cell) {
  return (set[static_cast<std::size_t>(cell) / 64] >> (static_cast<unsigned>(cell) % 64)) & 1;
}

// Calls f(cell) for every cell of the set, ascending.
template <class F>
void for_each_cell(const Word* set, std::size_t words, F&& f) {
  for (std::size_t w = 0; w < words; ++w)
    for (Word m = set[w]; m != 0; m &= m - 1)
      f(static_cast<int>(w * 64 + static_cast<std::size_t>(std::countr_zero(m))));
}

}  // namespace sudoku::logic
