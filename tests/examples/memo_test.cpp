// Memoized counting (dlx/memo.hpp) on the example programs' problems: tilings with unlimited copies of each
// piece (polyomino --unlimited), whose counts pass 2^64, and the same counts with and without memoization on
// pentominoes and Langford pairs, where the counter gives up memoizing below the root.
#include "dlx/memo.hpp"

#include <doctest/doctest.h>

#include <sstream>
#include <string>

#include "common/cli.hpp"
#include "dlx/solver.hpp"
#include "langford/langford.hpp"
#include "polyomino/polyomino.hpp"
#include "polyomino_counts.hpp"

namespace poly = examples::polyomino;
using examples::test::pieces_from;

namespace {

// The monomino, the domino and the two free trominoes (I and L), each in every orientation.
constexpr const char* kUpToTrominoes =
    "a bb ccc dd\n"
    "          d\n";

dlx::MemoCount memo_count(const dlx::Problem& p) {
  dlx::MemoCounter counter(p, {.cache_bytes = std::size_t{256} << 20});
  return counter.count();
}

dlx::Count128 plain_count(const dlx::Problem& p) {
  dlx::Solver solver(p);
  return solver.count().solutions;
}

poly::Tiling unlimited(const std::string& pieces, int rows, int cols) {
  return poly::Tiling(pieces_from(pieces), poly::rectangle(rows, cols), {}, false, poly::Copies::any());
}

}  // namespace

TEST_CASE("memo: 8x8 with monominoes, dominoes and trominoes (TAOCP 7.1.4), past 2^64") {
  const poly::Tiling tiling = unlimited(kUpToTrominoes, 8, 8);
  // 64 monomino placements, 112 dominoes, 96 straight and 196 bent trominoes.
  CHECK(tiling.problem().option_count() == 64 + 112 + 96 + 196);
  CHECK(tiling.problem().item_count() == 64);  // the cells only: the pieces are not items
  const dlx::MemoCount c = memo_count(tiling.problem());
  CHECK(c.complete);
  CHECK(dlx::to_decimal(c.solutions) == "92109458286284989468604");
}

TEST_CASE("memo: unlimited tilings agree with the plain solver where both can count") {
  for (const auto& size : {std::pair{2, 3}, {3, 3}, {3, 4}, {4, 4}}) {
    const int rows = size.first, cols = size.second;  // not a structured binding: clang 14 cannot capture one
    CAPTURE(rows);
    CAPTURE(cols);
    const poly::Tiling tiling = unlimited(kUpToTrominoes, rows, cols);
    CHECK(memo_count(tiling.problem()).solutions == plain_count(tiling.problem()));
  }
  const poly::Tiling dominoes = unlimited("xx\n", 6, 6);
  CHECK(memo_count(dominoes.problem()).solutions == 6728);
  CHECK(plain_count(dominoes.problem()) == 6728);
}

TEST_CASE("memo: unlimited copies and counting up to symmetry do not mix") {
  CHECK_THROWS_AS(poly::Tiling(pieces_from("xx\n"), poly::rectangle(4, 4), {}, true, poly::Copies::any()),
                  examples::UsageError);
}

TEST_CASE("memo: the same counts as the plain solver on pentominoes and Langford pairs") {
  for (const auto& [rows, cols] : {std::pair{3, 20}, {4, 15}}) {
    const poly::Tiling tiling(poly::pentominoes(), poly::rectangle(rows, cols), {}, true);
    CHECK(memo_count(tiling.problem()).solutions == plain_count(tiling.problem()));
  }
  for (int n : {7, 8}) {
    const auto l = examples::langford::build(n, false);
    CHECK(memo_count(l.problem).solutions == plain_count(l.problem));
  }
}

TEST_CASE("memo: pentominoes give up memoizing below the root and still count exactly") {
  const poly::Tiling tiling(poly::pentominoes(), poly::rectangle(4, 15), {}, false);
  const dlx::Count128 expected = plain_count(tiling.problem());
  CHECK(expected == 1472);
  for (const dlx::MemoOptions& options :
       {dlx::MemoOptions{.cache_bytes = std::size_t{64} << 20}, dlx::MemoOptions{.cache_bytes = 1},
        dlx::MemoOptions{.cache_bytes = std::size_t{64} << 20, .threads = 2}}) {
    dlx::MemoCounter counter(tiling.problem(), options);
    const dlx::MemoCount c = counter.count();
    CHECK(c.complete);
    CHECK(c.solutions == expected);
    CHECK(counter.stats().plain_subtrees > 0);
    CHECK(counter.stats().plain_depth >= 1);
  }
}
