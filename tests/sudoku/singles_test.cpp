// The singles fill (model/singles.hpp) against the exact-cover engine, and the Solver's way past the search
// for the puzzles it fills.
#include "sudoku/model/singles.hpp"

#include <doctest/doctest.h>

#include <array>
#include <random>
#include <string>
#include <vector>

#include "helpers.hpp"
#include "sudoku/model/model.hpp"
#include "sudoku/model/solver.hpp"

using sudoku::Grid;
using sudoku::Shape;

namespace {

// The engine alone (no singles): the number of solutions up to 2, and the first one.
struct Reference {
  std::uint64_t count = 0;
  Grid first;
};

Reference reference(const Grid& puzzle) {
  static const dlx::Problem problem = sudoku::make_problem(Shape{3, 3});
  dlx::Solver solver(problem);
  Reference ref;
  for (std::size_t cell = 0; cell < 81; ++cell)
    if (puzzle.cells[cell] != 0 && !solver.force(sudoku::option_id(Shape{3, 3}, cell, puzzle.cells[cell])))
      return ref;  // the givens clash
  while (ref.count < 2 && solver.next()) {
    if (++ref.count > 1) break;
    ref.first.reset(Shape{3, 3});
    for (dlx::OptionId o : solver.solution()) {
      const sudoku::Placement p = sudoku::placement_of(Shape{3, 3}, o);
      ref.first.at(p.row, p.col) = static_cast<std::uint8_t>(p.digit);
    }
  }
  return ref;
}

// The puzzles of the three samples, and each with random blanks of its solution given (from 4 to 60 more): a
// range from 17 givens to nearly full, where singles stall, fill, or never start.
std::vector<Grid> puzzles() {
  std::vector<Grid> out;
  std::mt19937 random(20261126);
  for (const char* file : {"17_clue_sample.txt", "top95_sample.txt", "serg_benchmark_sample.txt"}) {
    for (const std::string& line : test::read_lines(file)) {
      const Grid puzzle = test::grid_from(line.substr(0, 81), 3, 3);
      out.push_back(puzzle);
      const Reference ref = reference(puzzle);
      if (ref.count == 0) continue;
      for (int more : {4, 8, 14, 22, 30, 45, 60}) {
        Grid easier = puzzle;
        std::vector<std::size_t> blanks;
        for (std::size_t cell = 0; cell < 81; ++cell)
          if (easier.cells[cell] == 0) blanks.push_back(cell);
        std::shuffle(blanks.begin(), blanks.end(), random);
        for (std::size_t k = 0; k < blanks.size() && k < static_cast<std::size_t>(more); ++k)
          easier.cells[blanks[k]] = ref.first.cells[blanks[k]];
        out.push_back(easier);
      }
    }
  }
  return out;
}

}  // namespace

TEST_CASE("singles fill a board only when it has one solution, and then with that solution") {
  int filled = 0, unique_left = 0;
  for (const Grid& puzzle : puzzles()) {
    CAPTURE(test::text_of(puzzle));
    const Reference ref = reference(puzzle);
    std::array<std::uint8_t, 81> values{};
    std::copy(puzzle.cells.begin(), puzzle.cells.end(), values.begin());
    if (sudoku::fill_by_singles(values.data())) {
      ++filled;
      REQUIRE(ref.count == 1);
      CHECK(std::equal(values.begin(), values.end(), ref.first.cells.begin()));
    } else {
      unique_left += ref.count == 1;
    }
  }
  // The samples reach both sides: boards filled, and unique ones left to the search (17 givens).
  CHECK(filled > 300);
  CHECK(unique_left > 100);
}

TEST_CASE("singles refuse givens that clash, values above 9, and boards with no solution") {
  const std::string easy =
      "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
  Grid puzzle = test::grid_from(easy, 3, 3);
  std::array<std::uint8_t, 81> values{};
  std::copy(puzzle.cells.begin(), puzzle.cells.end(), values.begin());
  REQUIRE(sudoku::fill_by_singles(values.data()));  // the classic easy one: singles all the way
  CHECK(test::is_solution_of(puzzle, Grid{Shape{3, 3}, {values.begin(), values.end()}}));
  // A second 5 in row 1; a 5 in column 1 (r4c1); a 3 in the top-left box (r2c2); a value above 9.
  for (const std::pair<int, int>& change :
       std::vector<std::pair<int, int>>{{2, 5}, {27, 5}, {10, 3}, {2, 10}}) {
    const int cell = change.first, digit = change.second;
    CAPTURE(cell);
    Grid bad = puzzle;
    bad.cells[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(digit);
    std::copy(bad.cells.begin(), bad.cells.end(), values.begin());
    CHECK_FALSE(sudoku::fill_by_singles(values.data()));
  }
  // SinglesBoard::add() tells a clash in a row, a column and a box, and no clash elsewhere.
  sudoku::SinglesBoard board;
  for (const std::pair<int, bool>& pair :
       std::vector<std::pair<int, bool>>{{8, true}, {72, true}, {20, true}, {40, false}, {80, false}}) {
    const int second = pair.first;
    const bool clashes = pair.second;
    CAPTURE(second);
    board.clear();
    REQUIRE(board.add(0, 5));
    CHECK(board.add(second, 5) == !clashes);
    CHECK(board.add(second == 40 ? 41 : 40, 6));  // another digit: never a clash with the 5s
  }
}

TEST_CASE("the Solver answers a board that singles fill without a search, as the search would") {
  const Grid puzzle = test::grid_from(
      "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", 3, 3);
  sudoku::Solver solver(Shape{3, 3});
  Grid solution;
  REQUIRE_FALSE(solver.load(puzzle).has_value());
  CHECK(solver.status() == dlx::Status::ready);
  REQUIRE(solver.next(solution));
  CHECK(test::is_solution_of(puzzle, solution));
  CHECK(solver.status() == dlx::Status::found);
  CHECK(solver.stats().nodes == 0);
  CHECK_FALSE(solver.next(solution));
  CHECK(solver.status() == dlx::Status::exhausted);
  CHECK(solver.count().solutions == 0);  // from here on

  // count() stops at a limit of one as the search does: found, not complete; then nothing more.
  solver.load(puzzle);
  dlx::Count c = solver.count(1);
  CHECK(c.solutions == 1);
  CHECK_FALSE(c.complete);
  CHECK(solver.status() == dlx::Status::found);
  c = solver.count();
  CHECK(c.solutions == 0);
  CHECK(c.complete);
  CHECK(solver.status() == dlx::Status::exhausted);

  solver.load(puzzle);
  c = solver.count(2);
  CHECK(c.solutions == 1);
  CHECK(c.complete);
  CHECK(solver.check(puzzle) == sudoku::Verdict::unique);
  Grid again;
  CHECK(solver.solve(puzzle, again));
  CHECK(again == solution);

  // The next puzzle, which needs guesses (the first three of the sample need none), goes to the search on the
  // same Solver.
  const Grid hard = test::grid_from(test::read_lines("top95_sample.txt")[3].substr(0, 81), 3, 3);
  REQUIRE_FALSE(solver.load(hard).has_value());
  CHECK(solver.count(2).solutions == 1);
  CHECK(solver.stats().nodes > 0);
  CHECK(solver.check(puzzle) == sudoku::Verdict::unique);
  // Givens that clash still name the clash, as before.
  Grid clash = puzzle;
  clash.cells[2] = 5;
  const auto conflict = solver.load(clash);
  REQUIRE(conflict.has_value());
  CHECK(solver.count().solutions == 0);
}
