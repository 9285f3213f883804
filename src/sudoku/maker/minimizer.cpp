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

bool minimize(Grid& puzzle, Solver& solver, std::span<const int> order, const std::atomic<bool>* stop) {
  struct Restore {  // the caller's solver keeps its own flag
    Solver& solver;
    const std::atomic<bool>* old;
    bool swapped;
    ~Restore() {
      if (swapped) solver.set_stop(old);
    }
  } restore{solver, nullptr, stop != nullptr};
  if (stop != nullptr) restore.old = solver.set_stop(stop);
  bool stopped = false;
  const auto drop = [&](int cell) {
    if (stopped || puzzle.cells[static_cast<std::size_t>(cell)] == 0) return;
    if (stop != nullptr && stop->load(std::memory_order_relaxed)) {
      stopped = true;
      return;
    }
    if (unique_without(puzzle, cell, solver)) {
      puzzle.cells[static_cast<std::size_t>(cell)] = 0;
    } else if (solver.status() == dlx::Status::stopped) {
      stopped = true;
    }
  };
  if (order.empty()) {
    for (int cell = 0; cell < puzzle.shape.cells() && !stopped; ++cell) drop(cell);
  } else {
    for (int cell : order) drop(cell);
  }
  return !stopped;
}

}  // namespace sudoku
