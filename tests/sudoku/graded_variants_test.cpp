// The graded techniques on variants whose rules are houses (X, windoku, both, jigsaws, 6x6): every step against
// the unique solution. Extra regions may cross a house of their own kind (a diagonal crosses a window inside a
// box), which the standard grid never does; the house techniques must not assume otherwise.
#include <doctest/doctest.h>

#include <fstream>

#include "graded_helpers.hpp"
#include "helpers.hpp"
#include "sudoku/io/reader.hpp"
#include "sudoku/maker/logic/engine.hpp"
#include "sudoku/model/houses.hpp"
#include "sudoku/model/solver.hpp"

TEST_CASE("graded: every step is sound and the steps reach the solution: variants") {
  std::ifstream in(test::data_path("graded_variants.txt"));
  REQUIRE(in);
  sudoku::PuzzleReader reader(in);
  sudoku::Puzzle puzzle;
  int puzzles = 0, solved = 0, with_extra = 0;
  while (reader.next(puzzle)) {
    REQUIRE(puzzle.ok());
    const sudoku::Rules rules = puzzle.rules ? *puzzle.rules : sudoku::make_rules(puzzle.grid.shape, {});
    with_extra += rules.extra.empty() ? 0 : 1;
    sudoku::Solver solver(rules);
    sudoku::Grid solution;
    REQUIRE(solver.solve(puzzle.grid, solution));
    const sudoku::Houses houses(rules);
    sudoku::logic::Engine engine(houses);
    REQUIRE(engine.load(puzzle.grid));
    const std::string text = "line " + std::to_string(puzzle.line);
    while (const auto step = engine.step()) test::check_sound(*step, solution, text);
    INFO(text);
    CHECK(engine.board().solved());
    ++puzzles;
    solved += engine.board().solved() ? 1 : 0;
  }
  MESSAGE(puzzles, " variant puzzles, ", solved, " solved by the steps");
  CHECK(puzzles == 36);
  CHECK(with_extra == 24);
}
