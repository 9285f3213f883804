// The cells of a step's pattern (maker/step_pattern.hpp): told by its cells, or by its houses and digits.
#include "sudoku/maker/step_pattern.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "helpers.hpp"
#include "sudoku/maker/puzzle_logic.hpp"
#include "sudoku/model/rules.hpp"

namespace {

std::vector<std::string> names(const std::vector<int>& cells) {
  std::vector<std::string> out;
  for (const int c : cells) out.push_back(sudoku::cell_name(c / 9, c % 9));
  return out;
}

// The first step of `line` that is no single, and its pattern.
std::pair<std::string, std::vector<std::string>> first_pattern(const char* line) {
  const sudoku::Grid grid = test::grid_from(line, 3, 3);
  sudoku::PuzzleLogic logic(sudoku::make_rules(grid.shape, {}));
  logic.start(grid, nullptr);
  while (const std::optional<sudoku::logic::GradedStep> step = logic.step())
    if (step->technique.find("Single") == std::string::npos)
      return {step->text, names(sudoku::step_pattern_cells(*step, logic.board()))};
  return {};
}

}  // namespace

TEST_CASE("a step's pattern: the cells that keep its digit in the houses it names") {
  const auto [text, cells] =
      first_pattern("4.....8.5.3..........7......2.....6.....8.4...4..1.......6.3.7.5.32.1...1.4......");
  CHECK(text == "Pointing 2 in box 5 on column 6: r1c6<>2, r2c6<>2, r3c6<>2");
  CHECK(cells == std::vector<std::string>{"r5c6", "r6c6"});
}

TEST_CASE("a step's pattern: the cells its text names, and the cells it places") {
  sudoku::Grid grid = test::grid_from(
      "4.....8.5.3..........7......2.....6.....8.4...4..1.......6.3.7.5.32.1...1.4......", 3, 3);
  sudoku::PuzzleLogic logic(sudoku::make_rules(grid.shape, {}));
  logic.start(grid, nullptr);
  sudoku::logic::GradedStep step;
  step.text = "Naked Pair 1,2 in row 1 (r1c2,r1c3): r1c4<>1; r9c9=3 in box 9";
  step.eliminations = {{3, 1}};
  step.placements = {{80, 3}};
  CHECK(names(sudoku::step_pattern_cells(step, logic.board())) ==
        std::vector<std::string>{"r1c2", "r1c3", "r9c9"});
  // HoDoKu's compressed names (rows 1 and 2 of column 3) up to 9x9; a house list ("rows 2 and 8") read whole.
  step.text = "Grouped Skyscraper on 7 (r12c3=r5c3): r6c1<>7";
  step.placements.clear();
  CHECK(names(sudoku::step_pattern_cells(step, logic.board())) ==
        std::vector<std::string>{"r1c3", "r2c3", "r5c3"});
}

TEST_CASE("a step's pattern: every house of a list, and the eliminations its text tells left out") {
  const sudoku::Grid grid = test::grid_from(std::string(81, '.'), 3, 3);
  sudoku::PuzzleLogic logic(sudoku::make_rules(grid.shape, {}));
  logic.start(grid, nullptr);
  sudoku::logic::GradedStep step;
  // On an empty board every cell keeps 7: the rows' cells, less those the text eliminates from.
  step.text = "X-Wing on 7 in rows 2 and 8: r2c1<>7, r8c9<>7";
  step.placements = {{0, 7}};
  const std::vector<int> cells = sudoku::step_pattern_cells(step, logic.board());
  CHECK(cells.size() == 1 + 9 + 9 - 2);
  CHECK(names(cells).front() == "r1c1");
  CHECK(std::find(cells.begin(), cells.end(), 9) == cells.end());       // r2c1
  CHECK(std::find(cells.begin(), cells.end(), 80 - 9) == cells.end());  // r8c9
  CHECK(std::find(cells.begin(), cells.end(), 70) != cells.end());      // r8c8
}

TEST_CASE("a step's pattern: the digit its text is of, where its eliminations are of another") {
  // 7 given at r1c1 and r4c7: box 3 keeps 7 in r2c8, r2c9, r3c8 and r3c9 only, and 5 in all its cells.
  std::string line(81, '.');
  line[0] = '7';
  line[27 + 6] = '7';
  const sudoku::Grid grid = test::grid_from(line, 3, 3);
  sudoku::PuzzleLogic logic(sudoku::make_rules(grid.shape, {}));
  logic.start(grid, nullptr);
  sudoku::logic::GradedStep step;
  // The chains start from the places of 7 in box 3 and remove a 5 elsewhere: the pattern is box 3's cells
  // that keep 7.
  step.text = "Region Forcing Chains from each place of 7 in box 3: r5c5<>5";
  step.eliminations = {{40, 5}};
  CHECK(names(sudoku::step_pattern_cells(step, logic.board())) ==
        std::vector<std::string>{"r2c8", "r2c9", "r3c8", "r3c9"});
  // Several digits: a hidden pair told by its house, the cells where 4 or 7 stays (4 in every cell of row 2).
  step.text = "Hidden Pair 4,7 in row 2: r2c1<>1";
  step.eliminations = {{9, 1}};
  CHECK(sudoku::step_pattern_cells(step, logic.board()).size() == 9);
}
