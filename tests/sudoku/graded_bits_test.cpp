// The graded techniques' bit tables (logic/bits.hpp) and the board's places of each digit, against the
// definitions they stand for: the popcount, Board::sees, Houses::has, and the candidates cell by cell.
#include <doctest/doctest.h>

#include <bit>
#include <cstdint>
#include <vector>

#include "helpers.hpp"
#include "sudoku/maker/logic/bits.hpp"
#include "sudoku/maker/logic/board.hpp"
#include "sudoku/model/rules.hpp"

namespace {

using sudoku::Houses;
using sudoku::Mask;
using sudoku::logic::Board;

// The places of digit d in house h from the board's cells, as positions() defines them.
Mask places_of(const Board& board, int h, int d) {
  Mask result = 0;
  const std::vector<int>& cells = board.houses().cells(h);
  for (std::size_t i = 0; i < cells.size(); ++i)
    if (board.has(cells[i], d)) result |= Mask{1} << i;
  return result;
}

void check_places(const Board& board) {
  for (int h = 0; h < board.houses().count(); ++h)
    for (int d = 1; d <= board.side(); ++d) {
      INFO("house ", h, " digit ", d);
      CHECK(board.positions(h, d) == places_of(board, h, d));
    }
}

void check_tables(const Houses& houses) {
  const Board board(houses);
  const sudoku::logic::CellSets& sets = board.cell_sets();
  const sudoku::logic::Crossings& crossings = board.crossings();
  const int cells = houses.side() * houses.side();
  CHECK(sets.words() == static_cast<std::size_t>((cells + 63) / 64));
  for (int h = 0; h < houses.count(); ++h) {
    int members = 0;
    for (int c = 0; c < cells; ++c) members += sudoku::logic::has_cell(sets.house(h), c) ? 1 : 0;
    CHECK(members == static_cast<int>(houses.cells(h).size()));
    for (const int c : houses.cells(h)) CHECK(sudoku::logic::has_cell(sets.house(h), c));
    for (int other = 0; other < houses.count(); ++other) {
      Mask expected = 0;
      for (std::size_t i = 0; i < houses.cells(h).size(); ++i)
        if (houses.has(houses.cells(h)[i], other)) expected |= Mask{1} << i;
      CHECK(crossings.inside(h, other) == expected);
    }
  }
  for (int a = 0; a < cells; ++a) {
    std::vector<int> listed;
    sudoku::logic::for_each_cell(sets.peers(a), sets.words(), [&](int b) { listed.push_back(b); });
    std::vector<int> expected;
    for (int b = 0; b < cells; ++b)
      if (board.sees(a, b)) expected.push_back(b);
    CHECK(listed == expected);
  }
}

}  // namespace

TEST_CASE("graded bits: the inlined count is the popcount") {
  std::uint64_t x = 0x9E3779B97F4A7C15ULL;
  for (int i = 0; i < 2000; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    const Mask m = i % 3 == 0 ? x : i % 3 == 1 ? (x & 0x1ff) : (x >> (i % 64));
    CHECK(sudoku::logic::bit_count(m) == std::popcount(m));
  }
  CHECK(sudoku::logic::bit_count(0) == 0);
  CHECK(sudoku::logic::bit_count(~Mask{0}) == 64);
  CHECK(sudoku::logic::bit_count(Mask{1} << 63) == 1);
}

TEST_CASE("graded bits: cell sets, peers and crossings match the houses") {
  SUBCASE("9x9") {
    check_tables(Houses(sudoku::Shape{3, 3}));
  }
  SUBCASE("16x16, four words a set") {
    check_tables(Houses(sudoku::Shape{4, 4}));
  }
  SUBCASE("6x6") {
    check_tables(Houses(sudoku::Shape{2, 3}));
  }
  SUBCASE("9x9 X and windoku, extra regions") {
    sudoku::Variants variants;
    variants.x = true;
    variants.windoku = true;
    check_tables(Houses(sudoku::make_rules(sudoku::Shape{3, 3}, variants)));
  }
}

TEST_CASE("graded bits: a board's places follow every change, copies apart") {
  const sudoku::Grid grid = test::grid_from(
      "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", 3, 3);
  const Houses houses(grid.shape);
  Board board(houses);
  REQUIRE(board.load(grid));
  check_places(board);
  std::uint32_t x = 12345;
  const auto next = [&](std::uint32_t bound) {
    x = x * 1664525u + 1013904223u;
    return static_cast<int>((x >> 8) % bound);
  };
  Board kept(houses);
  for (int round = 0; round < 40; ++round) {
    Board copy = board;
    // The copy changes alone: the original keeps its places.
    const std::vector<Mask> before = [&] {
      std::vector<Mask> v;
      for (int h = 0; h < houses.count(); ++h)
        for (int d = 1; d <= 9; ++d) v.push_back(board.positions(h, d));
      return v;
    }();
    for (int i = 0; i < 6; ++i) copy.eliminate(next(81), next(9) + 1);
    check_places(copy);
    // A copy made in another board's storage keeps the places it was given through its own changes.
    kept.copy_from(board);
    for (int i = 0; i < 6; ++i) kept.eliminate(next(81), next(9) + 1);
    CHECK(kept.check_invariants());
    check_places(kept);
    std::size_t at = 0;
    for (int h = 0; h < houses.count(); ++h)
      for (int d = 1; d <= 9; ++d) CHECK(board.positions(h, d) == before[at++]);
    // Then the board itself: an elimination, or a placement of one of a cell's candidates.
    const int cell = next(81);
    if (!board.open(cell) || std::popcount(board.candidates(cell)) < 2) continue;
    if (round % 4 == 0)
      board.place(cell, std::countr_zero(board.candidates(cell)) + 1);
    else
      board.eliminate(cell, std::countr_zero(board.candidates(cell)) + 1);
    check_places(board);
    copy = board;
    check_places(copy);
  }
}
