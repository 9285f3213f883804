// Judging graded steps: a step's placements and eliminations against the puzzle's unique solution.
#pragma once

#include <doctest/doctest.h>

#include <string>

#include "helpers.hpp"
#include "sudoku/maker/logic/board.hpp"
#include "sudoku/model/solver.hpp"

namespace test {

inline sudoku::Grid unique_solution(const sudoku::Grid& puzzle) {
  sudoku::Solver solver(puzzle.shape);
  sudoku::Grid solution;
  REQUIRE(solver.solve(puzzle, solution));
  return solution;
}

// Every placement is the solution's digit, no elimination is.
inline void check_sound(const sudoku::logic::GradedStep& step, const sudoku::Grid& solution,
                        const std::string& puzzle) {
  INFO(puzzle, " ", step.text);
  for (const auto& p : step.placements) CHECK(solution.cells[static_cast<std::size_t>(p.cell)] == p.digit);
  for (const auto& e : step.eliminations) CHECK(solution.cells[static_cast<std::size_t>(e.cell)] != e.digit);
}

}  // namespace test
