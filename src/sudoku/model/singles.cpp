#include "sudoku/model/singles.hpp"

#include <array>
#include <bit>

#include "dlx/assert.hpp"

namespace sudoku {

namespace {

// The board as three bands of 27 cells: bit 9r + c of a band's word is the cell in its row r (0-2) and column
// c (0-8). Per digit and band, the cells where the digit may still go (candidates_), and per band the cells
// not filled yet (open_).
constexpr std::uint32_t kBand = (1u << 27) - 1;
constexpr std::uint32_t row_mask(int r) {
  return 0x1FFu << (9 * r);
}
constexpr std::uint32_t box_mask(int s) {
  return 7u << (3 * s) | 7u << (3 * s + 9) | 7u << (3 * s + 18);
}
constexpr std::uint32_t column_mask(int c) {
  return 1u << c | 1u << (c + 9) | 1u << (c + 18);
}

struct Tables {
  // Per cell of a band: its row and box within the band (the peers a digit placed there leaves), and its
  // column (those in the other two bands).
  std::array<std::uint32_t, 27> row_and_box{}, column{};
  // Per set of a band's rows (boxes), bit k for its k-th: their cells.
  std::array<std::uint32_t, 8> rows{}, boxes{};
  constexpr Tables() {
    for (int t = 0; t < 8; ++t)
      for (int k = 0; k < 3; ++k)
        if ((t >> k & 1) != 0) {
          rows[static_cast<std::size_t>(t)] |= row_mask(k);
          boxes[static_cast<std::size_t>(t)] |= box_mask(k);
        }
    for (int i = 0; i < 27; ++i) {
      row_and_box[static_cast<std::size_t>(i)] = row_mask(i / 9) | box_mask(i % 9 / 3);
      column[static_cast<std::size_t>(i)] = column_mask(i % 9);
    }
  }
};
constexpr Tables kTables;

class Board {
 public:
  // The givens' rows, columns and boxes per digit (SinglesBoard::add()) rule out their cells.
  Board(std::uint8_t* values, const std::uint32_t* seen, const std::array<std::uint32_t, 3>& filled,
        int given)
      : values_(values), placed_(given) {
    for (std::size_t b = 0; b < 3; ++b) open_[b] = kBand & ~filled[b];
    for (std::size_t d = 0; d < 9; ++d) {
      const std::uint32_t rows = seen[d] & 0x1FF, boxes = seen[d] >> 18;
      const std::uint32_t in_columns = (seen[d] >> 9 & 0x1FF) * (1u | 1u << 9 | 1u << 18);
      for (std::size_t b = 0; b < 3; ++b)
        candidates_[d][b] = open_[b] & ~(in_columns | kTables.rows[rows >> (3 * b) & 7] |
                                         kTables.boxes[boxes >> (3 * b) & 7]);
    }
    DLX_ASSERT(consistent());  // the values are the givens add() was told of
  }

  // The open cells are those without a value, and their count is 81 less placed_; a digit may go only to an
  // open cell.
  bool consistent() const {
    int open = 0;
    for (std::size_t b = 0; b < 3; ++b) {
      std::uint32_t blank = 0;
      for (int i = 0; i < 27; ++i)
        if (values_[27 * b + static_cast<std::size_t>(i)] == 0) blank |= 1u << i;
      if (blank != open_[b]) return false;
      for (const auto& bands : candidates_)
        if ((bands[b] & ~open_[b]) != 0) return false;
      for (; blank != 0; blank &= blank - 1) ++open;
    }
    return placed_ == 81 - open;
  }

  // Digit d (0-8) at cell i of band b. False when it may not go there: the values then break a rule (a
  // contradiction), unless the cell already holds d (found twice, as a row's and a box's single).
  bool place(int b, int i, int d) {
    DLX_ASSERT(b >= 0 && b < 3 && i >= 0 && i < 27 && d >= 0 && d < 9);
    const std::uint32_t bit = 1u << i;
    auto& bands = candidates_[static_cast<std::size_t>(d)];
    if ((bands[static_cast<std::size_t>(b)] & bit) == 0) return values_[27 * b + i] == d + 1;
    DLX_ASSERT(values_[27 * b + i] == 0);  // a candidate's cell is open
    for (auto& other : candidates_) other[static_cast<std::size_t>(b)] &= ~bit;
    bands[static_cast<std::size_t>(b)] &= ~kTables.row_and_box[static_cast<std::size_t>(i)];
    const std::uint32_t column = ~kTables.column[static_cast<std::size_t>(i)];
    bands[static_cast<std::size_t>((b + 1) % 3)] &= column;
    bands[static_cast<std::size_t>((b + 2) % 3)] &= column;
    open_[static_cast<std::size_t>(b)] &= ~bit;
    values_[27 * b + i] = static_cast<std::uint8_t>(d + 1);
    ++placed_;
    return true;
  }

  bool solved() const { return placed_ == 81; }

  // The open cells of band b left with one digit (bit 9r + c); false when one is left with none.
  bool naked_in(std::size_t b, std::uint32_t& single) const {
    std::uint32_t once = 0, twice = 0;
    for (const auto& bands : candidates_) {
      twice |= once & bands[b];
      once |= bands[b];
    }
    single = once & ~twice;
    return (open_[b] & ~once) == 0;
  }

  // The cells left with one digit, up to `enough` of them, without placing any; -1 at a contradiction.
  int count_naked(int enough) const {
    int found = 0;
    for (std::size_t b = 0; b < 3; ++b) {
      std::uint32_t single = 0;
      if (!naked_in(b, single)) return -1;
      for (; single != 0 && found < enough; single &= single - 1) ++found;
    }
    return found;
  }

  // Every cell left with one digit takes it. -1 at a contradiction (a cell with none), else how many.
  int naked() {
    int found = 0;
    for (std::size_t b = 0; b < 3; ++b) {
      std::uint32_t single = 0;
      if (!naked_in(b, single)) return -1;
      for (; single != 0; single &= single - 1) {
        const int i = std::countr_zero(single);
        std::size_t d = 0;
        while (d < 9 && (candidates_[d][b] >> i & 1) == 0) ++d;
        // None left: a digit placed in this pass at a peer took the cell's last one.
        if (d == 9 || !place(static_cast<int>(b), i, static_cast<int>(d))) return -1;
        ++found;
      }
    }
    return found;
  }

  // Every digit with one place left in a row, a column or a box takes it. -1 at a contradiction, else how
  // many.
  int hidden() {
    int found = 0;
    for (int d = 0; d < 9; ++d) {
      const auto& bands = candidates_[static_cast<std::size_t>(d)];
      const auto take = [&](int b, std::uint32_t cells) {
        if (cells == 0 || (cells & (cells - 1)) != 0) return true;
        ++found;
        return place(b, std::countr_zero(cells), d);
      };
      std::uint32_t once = 0, twice = 0;  // the columns (bit c) holding d's place once, and more than once
      for (int b = 0; b < 3; ++b) {
        const std::uint32_t w = bands[static_cast<std::size_t>(b)];
        for (int k = 0; k < 3; ++k)
          if (!take(b, w & row_mask(k)) || !take(b, w & box_mask(k))) return -1;
        for (int r = 0; r < 3; ++r) {
          const std::uint32_t x = w >> (9 * r) & 0x1FF;
          twice |= once & x;
          once |= x;
        }
      }
      for (std::uint32_t single = once & ~twice; single != 0; single &= single - 1) {
        // The column's place as the board is now: a row's or a box's single may have filled it meanwhile.
        const std::uint32_t column = column_mask(std::countr_zero(single));
        for (int b = 0; b < 3; ++b)
          if (!take(b, bands[static_cast<std::size_t>(b)] & column)) return -1;
      }
    }
    return found;
  }

 private:
  std::uint8_t* values_;
  std::array<std::array<std::uint32_t, 3>, 9> candidates_{};
  std::array<std::uint32_t, 3> open_;
  int placed_;  // cells filled
};

}  // namespace

bool SinglesBoard::fill(std::uint8_t* values) const {
  Board board(values, seen_.data(), filled_, given_);
  if (board.count_naked(kFewestFirst) < kFewestFirst) return false;
  while (!board.solved()) {
    const int naked = board.naked();
    DLX_ASSERT(board.consistent());
    if (naked < 0) return false;
    if (naked > 0) continue;
    const int hidden = board.hidden();
    DLX_ASSERT(board.consistent());
    if (hidden <= 0) return false;
  }
  return true;
}

bool fill_by_singles(std::uint8_t* values) {
  SinglesBoard board;
  for (int cell = 0; cell < 81; ++cell) {
    const int v = values[cell];
    if (v != 0 && (v > 9 || !board.add(cell, v))) return false;
  }
  return board.fill(values);
}

}  // namespace sudoku
