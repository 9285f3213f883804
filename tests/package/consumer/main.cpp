// An outside program using the installed library: the README's example, a Sudoku puzzle, Knuth's format, and
// counts printed with << as any integer.
#include <cstdint>
#include <dlx/dlx.hpp>
#include <iostream>
#include <sstream>
#include <sudoku/sudoku.hpp>
#include <version>
#if defined(__cpp_lib_format)
#include <format>
#endif

int main() {
  dlx::Problem p;
  for (auto name : {"a", "b", "c"}) p.add_primary(name);
  p.add_secondary("x");
  p.add_option({"a", "x:red"});
  p.add_option({"b", "x:red"});
  p.add_option({"c"});
  p.add_option({"b", "c"});
  dlx::Solver solver(p);
  std::uint64_t solutions = 0;  // {a, b, c} (x red twice) and {a, b c}
  while (solver.next()) ++solutions;
  std::istringstream text("A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n");
  const dlx::KnuthInput knuth = dlx::read_knuth(text, "dlx3");
  const dlx::Count bounded = dlx::Solver(knuth.problem).count();
  // The 4x4 Sudoku with one given in each box has several solutions.
  sudoku::Solver sudoku_solver(sudoku::Shape{2, 2});
  sudoku::Grid puzzle;
  puzzle.reset(sudoku::Shape{2, 2});
  puzzle.at(0, 0) = 1;
  puzzle.at(1, 2) = 2;
  const sudoku::Verdict verdict = sudoku_solver.check(puzzle);
  // Counts are 128-bit (dlx::Count128): they print, compare and convert as integers do.
  const dlx::Count128 big = bounded.solutions << 64;
  std::cout << solutions << ' ' << dlx::to_decimal(bounded.solutions) << ' '
            << (verdict == sudoku::Verdict::multiple) << '\n';
  std::cout << "count: " << bounded.solutions << ' ' << big << ' ' << std::hex << std::showbase << big
            << std::dec << '\n';
#if defined(__cpp_lib_format)
  if (std::format("{}", big) != "18446744073709551616") return 1;
#endif
  // Knuth's format, the problem first or (as in the first releases) the stream first.
  std::ostringstream written, written_old_order;
  dlx::write_knuth(knuth.problem, written);
  dlx::write_knuth(written_old_order, knuth.problem);
  if (written.str() != written_old_order.str() || written.str().empty()) return 1;
  const bool counts_ok = bounded.solutions == 1 && bounded.solutions < 2U && 1 == bounded.solutions &&
                         big > UINT64_MAX && !big.to_u64() &&
                         static_cast<std::uint64_t>(bounded.solutions) == 1;
  return solutions == 2 && counts_ok && verdict == sudoku::Verdict::multiple ? 0 : 1;
}
