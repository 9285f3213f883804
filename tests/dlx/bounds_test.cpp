// Multiplicities (Knuth's Algorithm M, dlx3 format), sharp items and minimum-cost search (dlx5), checked against
// Knuth's own example, closed formulas and an independent brute force over all subsets of options.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "../common/exact_cover_check.hpp"
#include "dlx/cost.hpp"
#include "dlx/estimate.hpp"
#include "dlx/knuth_format.hpp"
#include "dlx/parallel.hpp"
#include "dlx/solver.hpp"
#include "test_problems.hpp"

namespace {

using test::brute_force;
using test::random_problem;
using test::rooks;
using Solution = test::Solution;

dlx::KnuthInput parse(const std::string& text) {
  std::istringstream in(text);
  return dlx::read_knuth(in, "test.dlx");
}

std::uint64_t choose(std::uint64_t n, std::uint64_t k) {
  std::uint64_t r = 1;
  for (std::uint64_t i = 1; i <= k; ++i) r = r * (n - k + i) / i;
  return r;
}

std::uint64_t cost_of(const dlx::Problem& p, const Solution& s) {
  std::uint64_t c = 0;
  for (dlx::OptionId o : s) c += p.cost(o);
  return c;
}

}  // namespace

TEST_CASE("bounds: Knuth's dlx3 example has exactly one solution") {
  const auto input = parse("A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n");
  CHECK(input.problem.has_multiplicities());
  CHECK(input.problem.bounds(2) == dlx::Bounds{2, 3});
  dlx::Solver solver(input.problem);
  CHECK(solver.engine() == dlx::Engine::bounds);
  REQUIRE(solver.next());
  Solution s(solver.solution().begin(), solver.solution().end());
  std::sort(s.begin(), s.end());
  CHECK(s == Solution{1, 3, 4});
  CHECK_FALSE(solver.next());
  CHECK(solver.status() == dlx::Status::exhausted);
}

TEST_CASE("bounds: k rooks on an n x n board, C(n,k)^2 k! placements, on 1 and 3 threads") {
  for (int n = 1; n <= 6; ++n) {
    for (int k = 0; k <= n; ++k) {
      if (k == 0) continue;  // an item needs an upper bound of at least 1
      const auto input = parse(rooks(n, k));
      std::uint64_t expected = choose(n, k) * choose(n, k);
      for (int f = 2; f <= k; ++f) expected *= f;
      dlx::Solver solver(input.problem);
      const dlx::Count count = solver.count();
      CHECK_MESSAGE(count.solutions == expected, "n=" << n << " k=" << k);
      CHECK(count.complete);
      dlx::ParallelSolver parallel(input.problem, {.threads = 3, .subproblems_per_thread = 8});
      CHECK(parallel.count().solutions == expected);
    }
  }
}

TEST_CASE("bounds: random problems with bounds and colors against brute force, invariants at every step") {
  std::mt19937 rng(20261123);
  for (int round = 0; round < 400; ++round) {
    const dlx::Problem p = random_problem(rng);
    const std::set<Solution> expected = brute_force(p);
    dlx::SearchOptions bounds_engine;
    bounds_engine.engine = dlx::Engine::bounds;
    bounds_engine.check_every_step = true;  // in debug and sanitizer builds: the tables after every step
    dlx::Solver solver(p, bounds_engine);
    solver.check_invariants();
    std::set<Solution> found;
    while (solver.next()) {
      solver.check_invariants();
      Solution s(solver.solution().begin(), solver.solution().end());
      CHECK(test::is_exact_cover(p, s));
      std::sort(s.begin(), s.end());
      CHECK_MESSAGE(found.insert(s).second, "a solution found twice in round " << round);
    }
    solver.check_invariants();
    CHECK_MESSAGE(found == expected, "round " << round);

    // The same count from every split of the tree, and after reset().
    solver.reset();
    solver.check_invariants();
    CHECK(solver.count().solutions == expected.size());
    const dlx::Split split = dlx::split_search(solver, 6);
    dlx::Count128 total = 0;
    for (const dlx::Subproblem& sub : split.subproblems) {
      dlx::enter_subproblem(solver, sub.prefix);
      solver.check_invariants();
      total += solver.count().solutions;
    }
    CHECK_MESSAGE(total == expected.size(), "split, round " << round);

    // The k cheapest against the sorted costs of all solutions.
    std::vector<std::uint64_t> costs;
    for (const Solution& s : expected) costs.push_back(cost_of(p, s));
    std::sort(costs.begin(), costs.end());
    for (std::size_t k : {1, 3}) {
      const dlx::CheapestResult best = dlx::cheapest(p, k);
      CHECK(best.optimal);
      REQUIRE(best.solutions.size() == std::min(k, costs.size()));
      for (std::size_t j = 0; j < best.solutions.size(); ++j) {
        CHECK(best.solutions[j].cost == costs[j]);
        CHECK(best.solutions[j].cost == cost_of(p, best.solutions[j].options));
        CHECK(test::is_exact_cover(p, best.solutions[j].options));
      }
    }
  }
}

TEST_CASE("bounds: pausing and resuming, seeds, and forcing keep the solutions") {
  const auto input = parse(rooks(5, 3));
  dlx::SearchOptions seeded;
  seeded.seed = 7;
  dlx::Solver solver(input.problem, seeded);
  std::uint64_t n = 0;
  while (solver.next()) ++n;
  CHECK(n == 600);
  solver.reset();
  REQUIRE(solver.force(0));  // a rook on r0 c0: the rest is 2 rooks on a 4 x 4 board
  CHECK(solver.count().solutions == choose(4, 2) * choose(4, 2) * 2);
  solver.reset();
  REQUIRE(solver.force(0));
  CHECK_FALSE(solver.force(1));          // the same row
  CHECK(solver.force(6));                // r1 c1
  CHECK(solver.force(12));               // r2 c2: K is full now
  CHECK(solver.all_covered() == false);  // rows and columns 0:1 still open, with no option left
  CHECK(solver.count().solutions == 1);
}

TEST_CASE("bounds: estimates of a bounded problem are unbiased around the true count") {
  const auto input = parse(rooks(5, 2));
  dlx::Solver solver(input.problem);
  const dlx::Estimate e = dlx::estimate_tree(solver, 20000, 3);
  CHECK(e.solutions > 0.9 * 200);
  CHECK(e.solutions < 1.1 * 200);
}

TEST_CASE("bounds: sharp items are branched on first unless another item is forced") {
  // Without '#', item a (2 options) would be chosen before b (3 options).
  const auto plain = parse("a b\na\na b\nb\nb\n");
  const auto sharp = parse("a #b\na\na #b\n#b\n#b\n");
  dlx::Solver p1(plain.problem), p2(sharp.problem);
  CHECK(p1.branch_options() == std::vector<dlx::OptionId>{0, 1});
  CHECK(p2.engine() == dlx::Engine::bounds);
  CHECK(p2.branch_options() == std::vector<dlx::OptionId>{1, 2, 3});
  CHECK(p1.count().solutions == p2.count().solutions);
  // An item with one option left is still taken first.
  const auto forced = parse("a #b\na\n#b\n#b\n");
  dlx::Solver p3(forced.problem);
  CHECK(p3.branch_options() == std::vector<dlx::OptionId>{0});
}

TEST_CASE("bounds: the plain engines refuse multiplicities, and 1:1 bounds keep the plain engines") {
  const auto input = parse("2|a b\na\na b\nb\n");
  dlx::SearchOptions links;
  links.engine = dlx::Engine::links;
  CHECK_THROWS_AS(dlx::Solver(input.problem, links), std::invalid_argument);
  const auto plain = parse("1|a 1:1|b\na\nb\n");
  CHECK_FALSE(plain.problem.has_multiplicities());
  CHECK(dlx::Solver(plain.problem).engine() != dlx::Engine::bounds);
}

TEST_CASE("costs: the cheapest solutions, a stop flag, and a limit") {
  // Five ways to cover a b c: {a, bc} 3, {ab, c|1} 5, {a, b, c|1} 5, {ab, c|2|1} 7, {a, b, c|2|1} 7.
  const auto input = parse("a b c\na b |4\nc |1\na |1\nb c |2\nb |3\nc |2 |1\n");
  CHECK(input.problem.cost(5) == 3);
  const dlx::CheapestResult one = dlx::cheapest(input.problem);
  REQUIRE(one.solutions.size() == 1);
  CHECK(one.solutions[0].cost == 3);
  CHECK(one.optimal);
  const dlx::CheapestResult all = dlx::cheapest(input.problem, 10);
  REQUIRE(all.solutions.size() == 5);
  std::vector<std::uint64_t> costs;
  for (const auto& s : all.solutions) costs.push_back(s.cost);
  CHECK(costs == std::vector<std::uint64_t>{3, 5, 5, 7, 7});
  std::atomic<bool> stop{true};
  dlx::SearchOptions stopping;
  stopping.stop = &stop;
  const dlx::CheapestResult stopped = dlx::cheapest(input.problem, 1, stopping);
  CHECK_FALSE(stopped.optimal);
  CHECK(stopped.status == dlx::Status::stopped);
  const dlx::CheapestResult limited = dlx::cheapest(input.problem, 1, {}, 1);
  CHECK(limited.solutions.size() == 1);
  CHECK_FALSE(limited.optimal);
}

// An n x n assignment problem (rows and columns as items, option (i, j) costing cost[i][j]) in Knuth's format.
std::string assignment(const std::vector<std::vector<int>>& cost) {
  const auto n = cost.size();
  std::string text;
  for (std::size_t i = 0; i < n; ++i) text += "r" + std::to_string(i) + " c" + std::to_string(i) + " ";
  text += "\n";
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j)
      text += "r" + std::to_string(i) + " c" + std::to_string(j) + " |" + std::to_string(cost[i][j]) + "\n";
  return text;
}

TEST_CASE("costs: random 7 x 7 assignments, the 4 cheapest against every permutation") {
  std::mt19937 rng(11);
  for (int round = 0; round < 20; ++round) {
    std::vector<std::vector<int>> cost(7, std::vector<int>(7));
    for (auto& row : cost)
      for (int& c : row) c = static_cast<int>(rng() % 100);
    std::vector<int> perm{0, 1, 2, 3, 4, 5, 6};
    std::vector<std::uint64_t> all;
    do {
      std::uint64_t c = 0;
      for (int i = 0; i < 7; ++i) c += static_cast<std::uint64_t>(cost[i][perm[i]]);
      all.push_back(c);
    } while (std::next_permutation(perm.begin(), perm.end()));
    std::sort(all.begin(), all.end());
    const auto input = parse(assignment(cost));
    const dlx::CheapestResult best = dlx::cheapest(input.problem, 4);
    CHECK(best.optimal);
    REQUIRE(best.solutions.size() == 4);
    for (std::size_t j = 0; j < 4; ++j) CHECK(best.solutions[j].cost == all[j]);
  }
}

TEST_CASE("costs: a 20 x 20 assignment (400 options) is solved exactly") {
  // The diagonal costs 0 and everything else at least 1: the identity is the unique cheapest; the second
  // cheapest is some other permutation, no dearer than the cheapest swap of two columns.
  std::mt19937 rng(5);
  const int n = 20;
  std::vector<std::vector<int>> cost(n, std::vector<int>(n));
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) cost[i][j] = i == j ? 0 : 1 + static_cast<int>(rng() % 50);
  int swap = INT32_MAX;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) swap = std::min(swap, cost[i][j] + cost[j][i]);
  const auto input = parse(assignment(cost));
  const dlx::CheapestResult best = dlx::cheapest(input.problem, 2);
  CHECK(best.optimal);
  REQUIRE(best.solutions.size() == 2);
  CHECK(best.solutions[0].cost == 0);
  CHECK(best.solutions[1].cost > 0);
  CHECK(best.solutions[1].cost <= static_cast<std::uint64_t>(swap));
  CHECK(test::is_exact_cover(input.problem, best.solutions[1].options));
}

TEST_CASE("bounds and costs: Knuth's format round trip and malformed bounds with FILE:LINE") {
  const std::string text = "a 2|b 0:3|c | x\na b |5\nb c x:red |0\nb c\n";
  const auto input = parse(text);
  std::ostringstream out;
  dlx::write_knuth(out, input.problem);
  CHECK(out.str() == "a 2|b 0:3|c | x\na b |5\nb c x:red\nb c\n");
  const auto again = parse(out.str());
  for (dlx::ItemId i = 0; i < again.problem.item_count(); ++i)
    CHECK(again.problem.bounds(i) == input.problem.bounds(i));
  for (dlx::OptionId o = 0; o < again.problem.option_count(); ++o)
    CHECK(again.problem.cost(o) == input.problem.cost(o));

  const auto error_of = [](const std::string& bad) -> std::string {
    try {
      parse(bad);
    } catch (const dlx::InputError& e) {
      return e.what();
    }
    return "";
  };
  CHECK(error_of("a 3:2|b\na b\n").find("test.dlx:1: ") == 0);
  CHECK(error_of("a 3:2|b\na b\n").find("exceeds the upper bound") != std::string::npos);
  CHECK(error_of("a 0|b\n").find("upper bound must be at least 1") != std::string::npos);
  CHECK(error_of("a | 2|x\n").find("secondary item 'x' cannot have a multiplicity") != std::string::npos);
  CHECK(error_of("a x|b\n").find("is not a whole number") != std::string::npos);
  CHECK(error_of("a 1:|b\n").find("is not a whole number") != std::string::npos);
  CHECK(error_of("a -1|b\n").find("is not a whole number") != std::string::npos);
  CHECK(error_of("a 2|\n").find("test.dlx:1: ") == 0);
  CHECK(error_of("a\na |x\n").find("test.dlx:2: cost '|x'") == 0);
  CHECK(error_of("a\na |-3\n").find("test.dlx:2: ") == 0);
  CHECK(error_of("a\na |99999999999\n").find("test.dlx:2: ") == 0);
  CHECK(error_of("a\n|5 a\n").empty());  // a comment line, as in Knuth's programs
}
