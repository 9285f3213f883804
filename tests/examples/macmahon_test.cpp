// macmahon: the colored example. Counts are checked against an independent brute-force search (fast cases
// here; the whole 4x6 puzzle and its published count in slow_test.cpp).
#include "macmahon/macmahon.hpp"

#include <doctest/doctest.h>

#include <set>
#include <sstream>

#include "common/cli.hpp"
#include "dlx/solver.hpp"
#include "macmahon_counts.hpp"

namespace mm = examples::macmahon;
using examples::test::MacMahonBruteForce;

namespace {

// The tiling's edges are a valid answer: all squares once, touching edges alike, the border one color.
void check_tiling(const mm::Puzzle& puzzle, const std::vector<mm::Square>& grid, int border) {
  const int rows = puzzle.rows(), cols = puzzle.cols();
  std::set<mm::Square> used;
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      const mm::Square& e = grid[static_cast<std::size_t>(r * cols + c)];
      used.insert(mm::canonical(e));
      CHECK(e[0] == (r == 0 ? border : grid[static_cast<std::size_t>((r - 1) * cols + c)][2]));
      CHECK(e[3] == (c == 0 ? border : grid[static_cast<std::size_t>(r * cols + c - 1)][1]));
      if (r == rows - 1) CHECK(e[2] == border);
      if (c == cols - 1) CHECK(e[1] == border);
    }
  }
  CHECK(used.size() == puzzle.squares().size());
}

std::uint64_t count(const mm::Puzzle& puzzle) {
  dlx::Solver solver(puzzle.problem());
  std::uint64_t kept = 0;
  solver.for_each([&](std::span<const dlx::OptionId> solution) {
    kept += puzzle.keep(solution) ? 1 : 0;
    return true;
  });
  return kept;
}

}  // namespace

TEST_CASE("macmahon: k colors make k(k+1)(k^2-k+2)/4 squares") {
  for (int k = 1; k <= mm::kMaxColors; ++k) {
    CAPTURE(k);
    const std::vector<mm::Square> squares = mm::all_squares(k);
    CHECK(squares.size() == static_cast<std::size_t>(k * (k + 1) * (k * k - k + 2) / 4));
    for (const mm::Square& s : squares) CHECK(mm::canonical(s) == s);
  }
  CHECK(mm::rotate({1, 2, 3, 4}, 1) == mm::Square{4, 1, 2, 3});
  CHECK(mm::rotate({1, 2, 3, 4}, 4) == mm::Square{1, 2, 3, 4});
  CHECK(mm::mirror({1, 2, 3, 4}) == mm::Square{1, 4, 3, 2});
  CHECK(mm::canonical({3, 1, 1, 2}) == mm::Square{1, 1, 2, 3});
  CHECK(mm::name({1, 1, 2, 3}) == "1123");
  CHECK(mm::default_board(24) == std::array<int, 2>{4, 6});
  CHECK(mm::default_board(6) == std::array<int, 2>{2, 3});
  CHECK(mm::default_board(70) == std::array<int, 2>{7, 10});
}

TEST_CASE("macmahon: the problem shares colored edges between neighbouring cells") {
  const mm::Puzzle puzzle(3, 4, 6, 1, false);
  const dlx::Problem& problem = puzzle.problem();
  CHECK(problem.primary_count() == 48);               // 24 squares, 24 cells
  CHECK(problem.item_count() == 48 + 3 * 6 + 4 * 5);  // edges between rows, edges between columns
  CHECK(problem.color_count() == 3);
  CHECK(problem.item_name(0) == "1111");
  CHECK(problem.item_name(24) == "r0c0");
  CHECK(problem.item_name(48) == "r0c0e");
  CHECK(problem.item_name(49) == "r0c0s");
  // 1111 on the top left corner: its east and south edges get color 1.
  CHECK(problem.option_text(0) == "1111 r0c0 r0c0e:1 r0c0s:1");
}

TEST_CASE("macmahon: small cases") {
  CHECK(count(mm::Puzzle(1, 1, 1, 1, false)) == 1);
  CHECK(count(mm::Puzzle(1, 1, 1, 1, true)) == 1);  // the 8 symmetries all fix the one tiling
  for (int border : {1, 2}) {
    CHECK(count(mm::Puzzle(2, 2, 3, border, false)) == 0);
    CHECK(MacMahonBruteForce(2, 2, 3, border).count() == 0);
    CHECK(count(mm::Puzzle(2, 1, 6, border, false)) == 0);
  }
  CHECK(count(mm::Puzzle(3, 3, 8, 1, false)) == 0);
  CHECK(count(mm::Puzzle(3, 2, 12, 1, false)) == 0);
}

TEST_CASE("macmahon: bad sizes are refused") {
  CHECK_THROWS_WITH_AS(mm::Puzzle(3, 5, 5, 1, false),
                       "3 colors make 24 squares, so the board needs 24 cells, not 25", examples::UsageError);
  CHECK_THROWS_AS(mm::Puzzle(3, 4, 6, 4, false), examples::UsageError);
  CHECK_THROWS_AS(mm::Puzzle(0, 1, 1, 1, false), examples::UsageError);
  CHECK_THROWS_AS(mm::Puzzle(mm::kMaxColors + 1, 1, 1, 1, false), examples::UsageError);
}

TEST_CASE("macmahon: tilings that start alike, counted by dlx and by brute force") {
  // The first cells of a few tilings (the first ones found with random tie-breaking) are given (forced); dlx
  // and the brute force count the ways to finish.
  const mm::Puzzle puzzle(3, 4, 6, 1, false);
  std::vector<std::vector<mm::Square>> starts;
  for (std::uint64_t seed : {1, 2, 3}) {
    dlx::SearchOptions options;
    options.seed = seed;
    dlx::Solver first(puzzle.problem(), options);
    REQUIRE(first.next());
    starts.push_back(puzzle.edges(first.solution()));
  }
  MacMahonBruteForce brute(3, 4, 6, 1);
  for (const std::vector<mm::Square>& tiling : starts) {
    check_tiling(puzzle, tiling, 1);
    for (std::size_t given : {8u, 10u}) {
      CAPTURE(given);
      const std::vector<mm::Square> prefix(tiling.begin(),
                                           tiling.begin() + static_cast<std::ptrdiff_t>(given));
      dlx::Solver solver(puzzle.problem());
      for (std::size_t i = 0; i < given; ++i) {
        bool forced = false;
        for (dlx::OptionId option = 0; option < puzzle.placements().size() && !forced; ++option) {
          const mm::Placement& p = puzzle.placements()[option];
          if (p.row * 6 + p.col == static_cast<int>(i) && p.edges == prefix[i]) forced = solver.force(option);
        }
        REQUIRE(forced);
      }
      std::uint64_t found = 0;
      solver.for_each([&](std::span<const dlx::OptionId> solution) {
        const std::vector<mm::Square> grid = puzzle.edges(solution);
        check_tiling(puzzle, grid, 1);
        CHECK(std::equal(prefix.begin(), prefix.end(), grid.begin()));
        ++found;
        return true;
      });
      CHECK(found > 0);
      CHECK(found == brute.count(prefix));
    }
  }
}

TEST_CASE("macmahon: up to symmetry restricts a square every symmetry keeps") {
  const mm::Puzzle puzzle(3, 4, 6, 1, true);
  CHECK(puzzle.symmetry_count() == 8);  // 4 motions of the rectangle, colors 2 and 3 swapped or not
  REQUIRE(puzzle.restricted_square() >= 0);
  const std::string restricted =
      mm::name(puzzle.squares()[static_cast<std::size_t>(puzzle.restricted_square())]);
  CHECK((restricted == "2233" || restricted == "2323"));
  CHECK_FALSE(puzzle.needs_filter());
  CHECK(puzzle.problem().option_count() < mm::Puzzle(3, 4, 6, 1, false).problem().option_count());
  CHECK(mm::Puzzle(3, 4, 6, 2, true).symmetry_count() == 8);
  CHECK(mm::Puzzle(3, 4, 6, 1, false).symmetry_count() == 1);
}

TEST_CASE("macmahon: drawing") {
  const mm::Puzzle puzzle(1, 1, 1, 1, false);
  dlx::Solver solver(puzzle.problem());
  REQUIRE(solver.next());
  std::ostringstream plain, color;
  puzzle.draw(plain, solver.solution(), false);
  CHECK(plain.str() == "+---+\n|\\1/|\n|1X1|\n|/1\\|\n+---+\n");
  puzzle.draw(color, solver.solution(), true);
  CHECK(color.str().find("\x1b[30;48;5;255m1\x1b[0m") != std::string::npos);
}
