#include "sudoku/maker/minimizer.hpp"

namespace sudoku {

bool unique_without(Grid& puzzle, int cell, Solver& solver) {
  std::uint8_t& value = puzzle.cells[static_cast<std::size_t>(cell)];
  const std::uint8_t given = value;
  value = 0;
  const bool unique = solver.check(puzzle) == Verdict::unique;
  value = given;
  return unique;
}

bool is_minimal(const Grid& puzzle, Solver& solver) {
  Grid copy = puzzle;
  for (int cell = 0; cell < puzzle.shape.cells(); ++cell)
    if (copy.cells[static_cast<std::size_t>(cell)] != 0 && unique_without(copy, cell, solver)) return false;
  return true;
}

void minimize(Grid& puzzle, Solver& solver, std::span<const int> order) {
  const auto drop = [&](int cell) {
    if (puzzle.cells[static_cast<std::size_t>(cell)] != 0 && unique_without(puzzle, cell, solver))
      puzzle.cells[static_cast<std::size_t>(cell)] = 0;
  };
  if (order.empty()) {
    for (int cell = 0; cell < puzzle.shape.cells(); ++cell) drop(cell);
  } else {
    for (int cell : order) drop(cell);
  }
}

}  // namespace sudoku
