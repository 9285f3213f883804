#include "dlx/solution_text.hpp"

#include <doctest/doctest.h>

#include <sstream>
#include <string>

#include "dlx/knuth_format.hpp"
#include "dlx/solver.hpp"

TEST_CASE("a solution's text: its options as the input wrote them, with line numbers when asked") {
  std::istringstream in("| example\na b c | x\na x:red\nb x:red\nc\nb c\n");
  const dlx::KnuthInput input = dlx::read_knuth(in, "t.dlx");
  dlx::Solver solver(input.problem);
  REQUIRE(solver.next());
  std::string text = "before\n";
  dlx::append_solution_text(text, input.problem, solver.solution());
  CHECK(text == "before\na x:red\nb x:red\nc\n");
  std::string numbered;
  dlx::append_solution_text(numbered, input.problem, solver.solution(), &input.option_lines);
  CHECK(numbered == "3: a x:red\n4: b x:red\n5: c\n");
  std::string empty;
  dlx::append_solution_text(empty, input.problem, {});
  CHECK(empty.empty());
}
