// queens: the published counts (OEIS A000170) and the shape of the answers.
#include "queens/queens.hpp"

#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <cstdlib>
#include <set>
#include <sstream>
#include <stdexcept>

#include "dlx/solver.hpp"

namespace q = examples::queens;

TEST_CASE("queens: counts for n = 1..12 are OEIS A000170") {
  constexpr std::array<std::uint64_t, 12> kA000170 = {1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200};
  for (int n = 1; n <= 12; ++n) {
    CAPTURE(n);
    const dlx::Problem problem = q::build(n);
    dlx::Solver solver(problem);
    const dlx::Count count = solver.count();
    CHECK(count.complete);
    CHECK(count.solutions == kA000170[static_cast<std::size_t>(n - 1)]);
  }
}

TEST_CASE("queens: the problem has rows and columns primary, diagonals secondary") {
  const dlx::Problem problem = q::build(5);
  CHECK(problem.primary_count() == 10);
  CHECK(problem.item_count() == 10 + 2 * 9);
  CHECK(problem.option_count() == 25);
  CHECK(problem.option_text(7) == "r1 c2 a3 b3");  // row 1, column 2: diagonals 1+2 and 1-2+4
  CHECK(problem.item_name(0) == "r2");             // organ-pipe order starts in the middle
}

TEST_CASE("queens: every 8-queens solution is a different board of non-attacking queens") {
  const dlx::Problem problem = q::build(8);
  dlx::Solver solver(problem);
  std::set<std::vector<int>> boards;
  solver.for_each([&](std::span<const dlx::OptionId> solution) {
    const std::vector<int> column = q::columns(8, solution);
    for (int r = 0; r < 8; ++r) {
      for (int s = r + 1; s < 8; ++s) {
        CHECK(column[r] != column[s]);
        CHECK(std::abs(column[r] - column[s]) != s - r);
      }
    }
    boards.insert(column);
    return true;
  });
  CHECK(boards.size() == 92);
}

TEST_CASE("queens: the board is drawn one row per line") {
  const dlx::Problem problem = q::build(4);
  dlx::Solver solver(problem);
  REQUIRE(solver.next());
  std::ostringstream out;
  q::draw(out, 4, solver.solution());
  const std::vector<int> column = q::columns(4, solver.solution());
  std::string expected;
  for (int r = 0; r < 4; ++r) {
    for (int c = 0; c < 4; ++c) expected += std::string(c > 0 ? " " : "") + (column[r] == c ? "Q" : ".");
    expected += '\n';
  }
  CHECK(out.str() == expected);
  CHECK((out.str() == ". Q . .\n. . . Q\nQ . . .\n. . Q .\n" ||
         out.str() == ". . Q .\nQ . . .\n. . . Q\n. Q . .\n"));
}

TEST_CASE("queens: sizes out of range are refused") {
  CHECK_THROWS_AS(q::build(0), std::invalid_argument);
  CHECK_THROWS_AS(q::build(q::kMaxN + 1), std::invalid_argument);
}
