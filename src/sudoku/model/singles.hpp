// Naked and hidden singles on a plain 9x9 board, as bitboards: the Solver's check that givens do not clash,
// and its way through the puzzles that need no search (most published ones) when search options send it to
// the exact-cover engine, which answers them at about twice the cost.
#pragma once

#include <array>
#include <cstdint>

namespace sudoku {

class SinglesBoard {
 public:
  // An empty board.
  void clear() {
    seen_ = {};
    filled_ = {};
    given_ = 0;
  }
  // Digit d (1-9) given at cell (0-80, row by row). False when an earlier given has d in the same row, column
  // or box: the board is then unusable until clear(). Branch-free, as it runs once per given of every puzzle
  // (a digit above 9 leaves the board unusable too, and the caller must not fill() it).
  bool add(int cell, int d) {
    const Cell& at = kCells[static_cast<std::size_t>(cell)];
    std::uint32_t& seen = seen_[static_cast<std::size_t>(d - 1) & 15];
    const bool clear = (seen & at.units) == 0;
    seen |= at.units;
    filled_[at.band] |= at.bit;
    ++given_;
    return clear;
  }
  // Places naked and hidden singles among the 81 values (the givens added, 0 elsewhere) until none is left;
  // true when that fills every cell: the values are then the puzzle's one solution, since each placement was
  // forced and the grid they make breaks no rule. False otherwise, values partly filled: when singles stall
  // or meet a contradiction, and at once when the first pass finds few naked singles (kFewestFirst), as in
  // a 17-clue puzzle or one with several solutions, which the search then answers having lost little.
  bool fill(std::uint8_t* values) const;

  static constexpr int kFewestFirst = 4;

 private:
  struct Cell {
    std::uint32_t units;  // bit r for its row r, 9 + c for its column, 18 + b for its box
    std::uint32_t bit;    // the cell in its band's word (SinglesBoard::filled_)
    std::uint32_t band;
  };
  static constexpr std::array<Cell, 81> kCells = [] {
    std::array<Cell, 81> cells{};
    for (int c = 0; c < 81; ++c) {
      const int row = c / 9, column = c % 9, box = row / 3 * 3 + column / 3;
      cells[static_cast<std::size_t>(c)] = {1u << row | 1u << (9 + column) | 1u << (18 + box), 1u << (c % 27),
                                            static_cast<std::uint32_t>(c / 27)};
    }
    return cells;
  }();
  // Per digit (1-9 at 0-8; room for a value up to 15), the rows, columns and boxes where a given holds it
  // (bits as Cell::units); per band of three rows, the cells given (bit 9r + c for its row r and column c).
  std::array<std::uint32_t, 16> seen_{};
  std::array<std::uint32_t, 3> filled_{};
  // add()'s calls since clear(): filled_'s bits, counted here since this library's baseline build would call
  // libgcc for a popcount.
  int given_ = 0;
};

// A board from the 81 values (0 for a blank), filled as SinglesBoard::fill() does; false too when givens
// clash or a value is above 9.
bool fill_by_singles(std::uint8_t* values);

}  // namespace sudoku
