// The counts that take seconds in a Release build and much longer under the sanitizers (CTest label "slow").
#include <doctest/doctest.h>

#include <set>

#include "dlx/solver.hpp"
#include "macmahon/macmahon.hpp"
#include "macmahon_counts.hpp"
#include "polyomino/polyomino.hpp"
#include "polyomino_counts.hpp"

namespace poly = examples::polyomino;
namespace mm = examples::macmahon;
using examples::test::count_tiling;

TEST_CASE("polyomino: pentominoes in 5x12, all and up to symmetry") {
  CHECK(count_tiling(poly::rectangle(5, 12), false) == 4040);
  CHECK(count_tiling(poly::rectangle(5, 12), true) == 1010);
}

TEST_CASE("polyomino: pentominoes in 6x10, all and up to symmetry") {
  CHECK(count_tiling(poly::rectangle(6, 10), false) == 9356);
  CHECK(count_tiling(poly::rectangle(6, 10), true) == 2339);
}

TEST_CASE("macmahon: the 24 three-colored squares in 4x6, all and up to symmetry (published: 13328)") {
  const mm::Puzzle all(3, 4, 6, 1, false);
  dlx::Solver solver(all.problem());
  std::set<std::vector<mm::Square>> classes;
  std::uint64_t tilings = 0;
  solver.for_each([&](std::span<const dlx::OptionId> solution) {
    ++tilings;
    classes.insert(examples::test::smallest_image(all.edges(solution), 4, 6));
    return true;
  });
  CHECK(tilings == 106624);
  CHECK(classes.size() == 13328);

  const mm::Puzzle unique(3, 4, 6, 1, true);
  dlx::Solver unique_solver(unique.problem());
  const dlx::Count count = unique_solver.count();
  CHECK(count.complete);
  CHECK(count.solutions == 13328);
}
