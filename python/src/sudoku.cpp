// The submodule dlx._dlx.sudoku (exposed as dlx.sudoku): solve, count and check one-line puzzles of any size the
// sudoku library supports, blanks '.' or '0'.
#include <pybind11/pybind11.h>

#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <sudoku/io/reader.hpp>
#include <sudoku/io/symbols.hpp>
#include <sudoku/io/writer.hpp>
#include <sudoku/model/solver.hpp>

#include "interrupt.hpp"

namespace py = pybind11;

namespace {

// The puzzle in `text`, one line; ValueError naming what is wrong (the reader's message) otherwise.
sudoku::Grid parse(const std::string& text) {
  std::istringstream in(text);
  sudoku::PuzzleReader reader(in);
  sudoku::Puzzle puzzle;
  if (!reader.next(puzzle)) throw py::value_error("no puzzle in the text");
  if (!puzzle.ok()) throw py::value_error("line " + std::to_string(puzzle.error_line) + ": " + puzzle.error);
  sudoku::Puzzle extra;
  if (reader.next(extra)) throw py::value_error("more than one puzzle in the text");
  return puzzle.grid;
}

// A solver loaded with the puzzle's givens, or nothing when they clash (no solution).
std::optional<sudoku::Solver> loaded(const sudoku::Grid& puzzle) {
  std::optional<sudoku::Solver> solver(std::in_place, puzzle.shape);
  if (solver->load(puzzle)) return std::nullopt;
  return solver;
}

// The first solution as text of the puzzle's length, or None.
py::object solve(const std::string& text) {
  const sudoku::Grid puzzle = parse(text);
  auto solver = loaded(puzzle);
  if (!solver) return py::none();
  sudoku::Grid solution;
  bool found = false;
  dlxpy::run_sliced(*solver, [&] { found = solver->next(solution); });
  if (!found) return py::none();
  std::string out;
  sudoku::append_line(out, solution, sudoku::Symbols());
  return py::str(out);
}

// The number of solutions, stopping at `limit` (0: no limit).
dlx::Count128 count_solutions(const std::string& text, std::uint64_t limit) {
  const sudoku::Grid puzzle = parse(text);
  auto solver = loaded(puzzle);
  if (!solver) return 0;
  dlx::Count128 total = 0;
  bool overflow = false;
  dlxpy::run_sliced(*solver, [&] {
    if (limit != 0 && total >= limit) return;
    const auto left = limit == 0 ? 0 : static_cast<std::uint64_t>(limit - total);  // fits: below the limit
    total = dlx::saturating_add(total, solver->count(left).solutions, overflow);
  });
  if (overflow) throw std::overflow_error("more than 2^128 - 1 solutions");
  return total;
}

py::int_ count(const std::string& text, std::uint64_t limit) {
  return dlxpy::to_python(count_solutions(text, limit));
}

}  // namespace

namespace dlxpy {

void bind_sudoku(py::module_& parent) {
  py::module_ m = parent.def_submodule("sudoku", "Sudoku puzzles as one line of text, blanks '.' or '0'");
  m.def("solve", &solve, py::arg("text"), "The first solution as a string of the same length, or None");
  m.def("count", &count, py::arg("text"), py::arg("limit") = 0, "The number of solutions (0 limit: all)");
  m.def(
      "check",
      [](const std::string& text) {
        const dlx::Count128 n = count_solutions(text, 2);
        return std::string(n == 0 ? "none" : n == 1 ? "unique" : "multiple");
      },
      py::arg("text"), "\"unique\", \"multiple\" or \"none\"");
}

}  // namespace dlxpy
