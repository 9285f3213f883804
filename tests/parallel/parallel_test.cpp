// The parallel search against the sequential one: the same counts, nodes and solutions for any number of threads.
#include "dlx/parallel.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <numeric>
#include <set>
#include <stdexcept>
#include <vector>

#include "dlx/solver.hpp"
#include "problems.hpp"

namespace {

using Solution = std::vector<dlx::OptionId>;

struct Named {
  std::string name;
  dlx::Problem problem;
};

std::vector<Named> test_problems() {
  std::vector<Named> out;
  for (int n = 1; n <= 10; ++n) out.push_back({"queens " + std::to_string(n), partest::queens(n)});
  for (int n : {1, 3, 4, 7, 8}) out.push_back({"langford " + std::to_string(n), partest::langford(n)});
  out.push_back({"pentominoes 3x5", partest::pentominoes(3, 5)});
  out.push_back({"pentominoes 4x5", partest::pentominoes(4, 5)});
  out.push_back({"pentominoes 5x6", partest::pentominoes(5, 6)});
  for (unsigned seed = 1; seed <= 6; ++seed) {
    out.push_back({"colored " + std::to_string(seed), partest::random_colored(seed, 10, 4, 45, 3)});
  }
  return out;
}

Solution sorted(std::span<const dlx::OptionId> s) {
  Solution v(s.begin(), s.end());
  std::sort(v.begin(), v.end());
  return v;
}

std::multiset<Solution> sequential_solutions(const dlx::Problem& p) {
  std::multiset<Solution> out;
  dlx::Solver solver(p);
  solver.for_each([&](std::span<const dlx::OptionId> s) {
    out.insert(sorted(s));
    return true;
  });
  return out;
}

}  // namespace

TEST_SUITE("parallel") {
  TEST_CASE("1 to 8 threads count the same solutions and nodes as one Solver") {
    for (const Named& t : test_problems()) {
      dlx::Solver solver(t.problem);
      const dlx::Count expected = solver.count();
      REQUIRE(expected.complete);
      for (unsigned threads = 1; threads <= 8; ++threads) {
        // Also with one subproblem per thread at first, so that the split on demand (for idle workers) is exercised.
        for (std::size_t per_thread : {std::size_t{1}, std::size_t{256}}) {
          if (per_thread == 1 && threads % 3 != 2) continue;
          dlx::ParallelSolver search(t.problem, {.threads = threads, .subproblems_per_thread = per_thread});
          const dlx::Count c = search.count();
          INFO(t.name << ", " << threads << " threads, " << per_thread << " per thread");
          CHECK(c.solutions == expected.solutions);
          CHECK(c.complete);
          CHECK(search.status() == dlx::Status::exhausted);
          CHECK(search.stats().solutions == expected.solutions);
          CHECK(search.stats().nodes == solver.stats().nodes);
          // One thread searches the tree whole, as the Solver does: the same work, update for update.
          if (threads == 1) CHECK(search.stats().updates == solver.stats().updates);
          // On more, the workers' whole work (forcing every subproblem's path too): never none where a Solver
          // made some. (Not for the mask engine, whose workers force with uncounted keep rows once they have
          // searched 128 subproblems: see Stats::updates.)
          if (solver.stats().updates > 0 && solver.engine() != dlx::Engine::mask)
            CHECK(search.stats().updates > 0);
          CHECK(search.progress().fraction == doctest::Approx(1.0));
        }
      }
    }
  }

  TEST_CASE("every engine configuration splits into the same tree as its own sequential search") {
    const std::vector<dlx::SearchOptions> configurations = {
        {.engine = dlx::Engine::links, .seed = std::nullopt},
        {.engine = dlx::Engine::bitset, .propagation = dlx::Propagation::never, .seed = std::nullopt},
        {.engine = dlx::Engine::bitset, .propagation = dlx::Propagation::always, .seed = std::nullopt},
        {.engine = dlx::Engine::links, .seed = 7},
    };
    const std::vector<Named> problems = test_problems();
    for (std::size_t k = 0; k < problems.size(); k += 2) {  // every other one: enough variety, and quick
      const Named& t = problems[k];
      for (const dlx::SearchOptions& options : configurations) {
        dlx::Solver solver(t.problem, options);
        const dlx::Count expected = solver.count();
        for (unsigned threads : {3u}) {
          dlx::ParallelSolver search(t.problem, {.threads = threads, .search = options});
          INFO(t.name << ", engine " << static_cast<int>(options.engine) << ", propagation "
                      << static_cast<int>(options.propagation) << ", " << threads << " threads");
          CHECK(search.count().solutions == expected.solutions);
          // With a seed, tie-breaks follow each Solver's own random sequence: the same solutions, another tree.
          if (!options.seed) CHECK(search.stats().nodes == solver.stats().nodes);
        }
      }
    }
    CHECK_THROWS_AS(
        dlx::ParallelSolver(partest::queens(4), {.search = {.seed = std::nullopt, .node_limit = 5}}),
        std::invalid_argument);
  }

  TEST_CASE("for_each with threads visits every solution exactly once") {
    for (const Named& t : test_problems()) {
      const std::multiset<Solution> expected = sequential_solutions(t.problem);
      for (unsigned threads : {1u, 2u, 3u, 8u}) {
        dlx::ParallelSolver search(t.problem, {.threads = threads, .subproblems_per_thread = 4});
        std::multiset<Solution> got;
        search.for_each([&](std::span<const dlx::OptionId> s) {
          got.insert(sorted(s));
          return true;
        });
        INFO(t.name << ", " << threads << " threads");
        CHECK(got == expected);
        CHECK(search.status() == dlx::Status::exhausted);
      }
    }
  }

  TEST_CASE("a limit stops every thread and is reported like Solver::count") {
    const dlx::Problem p = partest::queens(8);  // 92 solutions
    for (unsigned threads = 1; threads <= 8; ++threads) {
      INFO(threads << " threads");
      dlx::ParallelSolver search(p, {.threads = threads});
      for (std::uint64_t limit : {1u, 5u, 91u, 92u}) {
        const dlx::Count c = search.count(limit);
        CHECK(c.solutions == limit);
        CHECK_FALSE(c.complete);  // as Solver::count: reaching the limit means "at least"
        CHECK(search.status() == dlx::Status::found);
      }
      const dlx::Count c = search.count(93);
      CHECK(c.solutions == 92);
      CHECK(c.complete);

      // for_each stops right after the visit that says so: exactly `limit` visits.
      std::uint64_t visits = 0;
      search.for_each([&](std::span<const dlx::OptionId>) { return ++visits < 10; });
      CHECK(visits == 10);
      CHECK(search.status() == dlx::Status::found);
    }
  }

  TEST_CASE("first() returns a solution, or nothing when there is none") {
    for (unsigned threads : {1u, 2u, 4u}) {
      const dlx::Problem p = partest::queens(8);
      dlx::ParallelSolver search(p, {.threads = threads});
      const auto s = search.first();
      REQUIRE(s.has_value());
      CHECK(sequential_solutions(p).count(sorted(*s)) == 1);
      CHECK(search.status() == dlx::Status::found);

      const dlx::Problem none = partest::queens(3);
      dlx::ParallelSolver empty(none, {.threads = threads});
      CHECK_FALSE(empty.first().has_value());
      CHECK(empty.status() == dlx::Status::exhausted);
    }
  }

  TEST_CASE("the caller's stop flag and time limit stop the search") {
    const dlx::Problem p = partest::queens(20);  // far too big to finish
    std::atomic<bool> stop{true};
    dlx::ParallelSolver stopped(p, {.threads = 2, .search = {.seed = std::nullopt, .stop = &stop}});
    const dlx::Count c = stopped.count();
    CHECK_FALSE(c.complete);
    CHECK(stopped.status() == dlx::Status::stopped);

    const dlx::SearchOptions briefly{.seed = std::nullopt, .time_limit = std::chrono::milliseconds(30)};
    dlx::ParallelSolver timed(p, {.threads = 2, .search = briefly});
    CHECK_FALSE(timed.count().complete);
    CHECK(timed.status() == dlx::Status::timed_out);
    CHECK(timed.stats().seconds < 10);
  }

  TEST_CASE("an exception thrown by visit propagates, and the solver still works afterwards") {
    const dlx::Problem p = partest::queens(8);
    dlx::ParallelSolver search(p, {.threads = 4});
    int visits = 0;
    CHECK_THROWS_AS(search.for_each([&](std::span<const dlx::OptionId>) -> bool {
      if (++visits == 3) throw std::runtime_error("visit failed");
      return true;
    }),
                    std::runtime_error);
    CHECK(search.count().solutions == 92);
  }

  TEST_CASE("a shared thread pool serves several searches") {
    dlx::ThreadPool pool(3);
    const dlx::Problem a = partest::queens(9), b = partest::langford(7);
    dlx::ParallelSolver sa(a, {.pool = &pool}), sb(b, {.pool = &pool});
    CHECK(sa.threads() == 3);
    CHECK(sa.count().solutions == 352);
    CHECK(sb.count().solutions == 52);
    CHECK(sa.count().solutions == 352);
  }

  TEST_CASE("split_search partitions the tree deterministically") {
    for (const Named& t : test_problems()) {
      dlx::Solver solver(t.problem);
      const dlx::Count expected = solver.count();
      const std::uint64_t expected_nodes = solver.stats().nodes;
      for (std::size_t target : {1, 7, 100, 1000}) {
        INFO(t.name << ", target " << target);
        const dlx::Split split = dlx::split_search(solver, target);
        const dlx::Split again = dlx::split_search(solver, target);
        REQUIRE(split.subproblems.size() == again.subproblems.size());
        double weight = 0;
        dlx::Count128 solutions = 0;
        std::uint64_t nodes = split.expanded_nodes;
        for (std::size_t k = 0; k < split.subproblems.size(); ++k) {
          CHECK(split.subproblems[k].prefix == again.subproblems[k].prefix);
          dlx::enter_subproblem(solver, split.subproblems[k].prefix);
          solutions += solver.count().solutions;
          nodes += solver.stats().nodes;
          weight += split.subproblems[k].weight;
        }
        CHECK(solutions == expected.solutions);
        CHECK(nodes == expected_nodes);
        CHECK(weight == doctest::Approx(1.0));
        // Enough subproblems unless the tree has fewer leaves than asked for.
        CHECK((split.subproblems.size() >= target ||
               split.subproblems.size() + split.expanded_nodes == expected_nodes));
      }
    }
  }

  TEST_CASE("enter_subproblem refuses a prefix that is not a path of the tree") {
    const dlx::Problem p = partest::queens(4);
    dlx::Solver solver(p);
    CHECK_THROWS_AS(dlx::enter_subproblem(solver, std::vector<dlx::OptionId>{0, 1}), std::logic_error);
  }

}  // TEST_SUITE("parallel")

TEST_CASE("heavier problems: 1 to 4 threads agree with one Solver" * doctest::test_suite("slow")) {
  for (const Named& t : {Named{"queens 12", partest::queens(12)}, Named{"langford 11", partest::langford(11)},
                         Named{"pentominoes 5x8", partest::pentominoes(5, 8)}}) {
    dlx::Solver solver(t.problem);
    const dlx::Count expected = solver.count();
    for (unsigned threads = 1; threads <= 4; ++threads) {
      dlx::ParallelSolver search(t.problem, {.threads = threads});
      INFO(t.name << ", " << threads << " threads");
      CHECK(search.count().solutions == expected.solutions);
      CHECK(search.stats().nodes == solver.stats().nodes);
    }
  }
}
