// Every Sudoku text layout: any bytes give puzzles or per-puzzle errors, never a crash; each puzzle that reads
// is solved under a node budget and any solution is checked from the rules (rows, columns, boxes, givens).
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "fuzz_check.hpp"
#include "sudoku/io/reader.hpp"
#include "sudoku/model/solver.hpp"

namespace {

bool valid_solution(const sudoku::Grid& puzzle, const sudoku::Grid& solution) {
  const int n = puzzle.side();
  if (solution.side() != n) return false;
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const int v = solution.at(r, c);
      if (v < 1 || v > n) return false;
      if (puzzle.at(r, c) != 0 && puzzle.at(r, c) != v) return false;
      for (int k = 0; k < n; ++k) {
        if (k != c && solution.at(r, k) == v) return false;
        if (k != r && solution.at(k, c) == v) return false;
      }
      const sudoku::Shape s = puzzle.shape;
      const int br = r / s.box_rows * s.box_rows, bc = c / s.box_cols * s.box_cols;
      for (int i = br; i < br + s.box_rows; ++i)
        for (int j = bc; j < bc + s.box_cols; ++j)
          if ((i != r || j != c) && solution.at(i, j) == v) return false;
    }
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  // The first byte picks reader options, the rest is the text.
  sudoku::ReaderOptions options;
  options.max_line_length = 4096;
  if (data[0] & 1) options.box = sudoku::Shape{2, 2};
  if (data[0] & 2) options.box = sudoku::Shape{2, 3};
  if (data[0] & 4) options.symbols = sudoku::Symbols("0123456789ABCDEF");
  std::istringstream in(std::string(reinterpret_cast<const char*>(data + 1), size - 1));
  sudoku::PuzzleReader reader(in, options);
  sudoku::Puzzle puzzle;
  sudoku::Grid solution;
  std::size_t last_line = 0;
  for (int k = 0; k < 64 && reader.next(puzzle); ++k) {
    FUZZ_EXPECT(puzzle.line >= last_line);  // puzzles come in input order
    last_line = puzzle.line;
    if (!puzzle.ok()) {
      FUZZ_EXPECT(puzzle.error.find('\n') == std::string::npos);
      continue;
    }
    if (puzzle.grid.side() > 16) continue;  // keep each run fast
    dlx::SearchOptions search;
    search.node_limit = 2000;
    sudoku::Solver solver(puzzle.grid.shape, search);
    if (solver.load(puzzle.grid)) continue;  // clashing givens, reported by load()
    if (solver.next(solution)) FUZZ_EXPECT(valid_solution(puzzle.grid, solution));
  }
  return 0;
}
