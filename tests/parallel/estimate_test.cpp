// Knuth's estimate against the true size of the tree, as Solver::stats() counts it.
#include "dlx/estimate.hpp"

#include <doctest/doctest.h>

#include <atomic>
#include <cmath>

#include "dlx/solver.hpp"
#include "problems.hpp"

namespace {

struct Truth {
  double nodes, solutions;
};

Truth full_count(const dlx::Problem& p) {
  dlx::Solver solver(p);
  const dlx::Count c = solver.count();
  return {static_cast<double>(solver.stats().nodes), static_cast<double>(c.solutions)};
}

}  // namespace

TEST_SUITE("parallel") {
  TEST_CASE("a tree whose branchings are alike at each level is estimated exactly by any probe") {
    // Two independent pairs {a, b} and {c, d}: the search branches 2 ways, then 2 ways: 1 + 2 + 4 nodes, 4 solutions.
    dlx::Problem p;
    for (const char* item : {"a", "c"}) p.add_primary(item);
    for (const char* option : {"a", "a", "c", "c"}) p.add_option({std::string_view(option)});
    dlx::Solver solver(p);
    const dlx::Estimate e = dlx::estimate_tree(solver, 10, 1);
    const Truth truth = full_count(p);
    CHECK(truth.nodes == 7);
    CHECK(e.nodes == 7);
    CHECK(e.solutions == 4);
    CHECK(e.nodes_error == 0);
    CHECK(e.probes == 10);
  }

  TEST_CASE("dead ends count as nodes and end the probe") {
    // The root branches on a (one option, taken before b is even looked at); then b has none: a dead end, which
    // Solver counts as a node.
    dlx::Problem p;
    p.add_primary("a");
    p.add_primary("b");
    p.add_option({"a"});
    const Truth truth = full_count(p);
    dlx::Solver solver(p);
    const dlx::Estimate e = dlx::estimate_tree(solver, 5, 1);
    CHECK(e.nodes == truth.nodes);
    CHECK(e.solutions == 0);
  }

  TEST_CASE("estimates converge on the true sizes of small trees") {
    for (int n = 5; n <= 8; ++n) {
      const dlx::Problem p = partest::queens(n);
      const Truth truth = full_count(p);
      dlx::Solver solver(p);
      const dlx::Estimate e = dlx::estimate_tree(solver, 10000, 42);
      INFO("queens " << n << ": " << e.nodes << " vs " << truth.nodes);
      CHECK(std::abs(e.nodes - truth.nodes) < 0.1 * truth.nodes);
      CHECK(std::abs(e.solutions - truth.solutions) < 0.2 * truth.solutions + 1);
      // The same seed, the same estimate.
      CHECK(dlx::estimate_tree(solver, 10000, 42).nodes == e.nodes);
    }
    const dlx::Problem l = partest::langford(7);
    const Truth truth = full_count(l);
    dlx::Solver solver(l);
    const dlx::Estimate e = dlx::estimate_tree(solver, 10000, 7);
    CHECK(std::abs(e.nodes - truth.nodes) < 0.1 * truth.nodes);
  }

  TEST_CASE("a stop flag ends the probes: read before each one, it changes nothing while false") {
    const dlx::Problem p = partest::queens(8);
    dlx::Solver solver(p);
    const dlx::Estimate plain = dlx::estimate_tree(solver, 1000, 5);
    std::atomic<bool> stop{false};
    const dlx::Estimate watched = dlx::estimate_tree(solver, 1000, 5, &stop);
    CHECK(watched.probes == 1000);
    CHECK(watched.nodes == plain.nodes);
    CHECK(watched.solutions == plain.solutions);
    CHECK(watched.nodes_error == plain.nodes_error);
    stop = true;
    const dlx::Estimate stopped = dlx::estimate_tree(solver, 1000, 5, &stop);
    CHECK(stopped.probes == 0);
    CHECK(stopped.nodes == 0);
    CHECK(stopped.solutions == 0);
    CHECK(stopped.nodes_error == 0);
    // The solver is left at the root, ready for a search.
    CHECK(solver.count().solutions == 92);
  }

  TEST_CASE("measure_node_rate times a short count") {
    const dlx::Problem small = partest::queens(6);
    const dlx::NodeRate done = dlx::measure_node_rate(small, std::chrono::seconds(10));
    CHECK(done.complete);
    CHECK(done.solutions == 4);
    CHECK(done.nodes == full_count(small).nodes);
    const dlx::NodeRate cut = dlx::measure_node_rate(partest::queens(20), std::chrono::milliseconds(20));
    CHECK_FALSE(cut.complete);
    CHECK(cut.per_second() > 0);
  }

}  // TEST_SUITE("parallel")

// The acceptance bar of the estimate: 10000 probes within a factor 2 of the nodes of a full count.
TEST_CASE("10000 probes estimate N-queens 13 and pentominoes 6x10 within a factor 2" *
          doctest::test_suite("slow")) {
  for (const auto& named : {std::pair{"queens 13", partest::queens(13)},
                            std::pair{"pentominoes 6x10", partest::pentominoes(6, 10)}}) {
    // Not a structured binding: clang 14 cannot capture one in INFO's lambda.
    const char* const name = named.first;
    const dlx::Problem& problem = named.second;
    const Truth truth = full_count(problem);
    dlx::Solver solver(problem);
    for (std::uint64_t seed : {1, 2, 3}) {
      const dlx::Estimate e = dlx::estimate_tree(solver, 10000, seed);
      INFO(name << ", seed " << seed << ": estimated " << e.nodes << " nodes, counted " << truth.nodes);
      CHECK(e.nodes > truth.nodes / 2);
      CHECK(e.nodes < truth.nodes * 2);
    }
  }
}
