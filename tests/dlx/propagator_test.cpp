// The propagation hook (dlx/propagator.hpp) against brute force: a propagator that removes options, or ends
// nodes, leaves exactly the solutions it should, through every way of running a search (next, count with and
// without a limit, slices of nodes, reset and search again, forced options).
#include "dlx/propagator.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <memory>
#include <random>
#include <set>
#include <span>
#include <stdexcept>
#include <vector>

#include "dlx/solver.hpp"
#include "test_problems.hpp"

namespace {

using test::brute_force;
using test::random_problem;
using test::Solution;

// Removes the options of `banned` wherever the search goes; with `needed`, also ends every node where that
// option is neither in the partial solution nor available.
class Banning final : public dlx::Propagator {
 public:
  Banning(std::vector<dlx::OptionId> banned, std::optional<dlx::OptionId> needed)
      : banned_(std::move(banned)), needed_(needed) {}
  std::unique_ptr<dlx::Propagator> clone() const override { return std::make_unique<Banning>(*this); }
  bool propagate(dlx::PropagationView& view) override {
    ++calls;
    if (needed_ && (view.live(*needed_, 1) & 1) == 0) return false;
    for (dlx::OptionId option : banned_) view.remove(option);
    return true;
  }
  int calls = 0;

 private:
  std::vector<dlx::OptionId> banned_;
  std::optional<dlx::OptionId> needed_;
};

Solution sorted(std::span<const dlx::OptionId> solution) {
  Solution s(solution.begin(), solution.end());
  std::sort(s.begin(), s.end());
  return s;
}

std::set<Solution> listed(dlx::Solver& solver) {
  std::set<Solution> found;
  while (solver.next()) found.insert(sorted(solver.solution()));
  return found;
}

}  // namespace

TEST_CASE("a propagator's removals and dead ends leave exactly the solutions they allow") {
  std::mt19937 rng(59);
  int pruned = 0;
  for (int trial = 0; trial < 400; ++trial) {
    CAPTURE(trial);
    const dlx::Problem p = random_problem(rng, trial % 2 == 1);
    const std::set<Solution> all = brute_force(p);
    std::vector<dlx::OptionId> banned;
    for (dlx::OptionId o = 0; o < p.option_count(); ++o)
      if (rng() % 5 == 0) banned.push_back(o);
    std::optional<dlx::OptionId> needed;
    if (trial % 3 == 0 && p.option_count() > 0) needed = static_cast<dlx::OptionId>(rng() % p.option_count());
    std::set<Solution> expected;
    for (const Solution& s : all) {
      const bool uses_banned = std::any_of(s.begin(), s.end(), [&](dlx::OptionId o) {
        return std::find(banned.begin(), banned.end(), o) != banned.end();
      });
      const bool has_needed = !needed || std::find(s.begin(), s.end(), *needed) != s.end();
      if (!uses_banned && has_needed) expected.insert(s);
    }
    pruned += expected.size() < all.size() ? 1 : 0;

    dlx::SearchOptions options;
    options.propagator = std::make_shared<Banning>(banned, needed);
    options.check_every_step = true;  // the links engine's invariants after every step (checked builds)
    dlx::Solver solver(p, options);
    CHECK(solver.engine() == dlx::Engine::links);
    CHECK(listed(solver) == expected);
    // Again after a reset, and after a search stopped half way (the removals of the paused path undone).
    solver.reset();
    CHECK(solver.count().solutions == expected.size());
    solver.reset();
    if (!expected.empty()) CHECK(solver.next());
    solver.reset();
    CHECK(listed(solver) == expected);
    // In slices of one node: paused before every node, resumed.
    solver.reset();
    std::uint64_t total = 0;
    for (std::uint64_t nodes = 1;; ++nodes) {
      solver.set_node_limit(nodes);
      total += static_cast<std::uint64_t>(solver.count().solutions);
      if (solver.status() == dlx::Status::exhausted) break;
      REQUIRE(solver.status() == dlx::Status::node_limit);
    }
    CHECK(total == expected.size());
    solver.set_node_limit(0);
    // With a limit of one: as many calls as solutions.
    solver.reset();
    std::size_t ones = 0;
    while (solver.count(1).solutions == 1) ++ones;
    CHECK(ones == expected.size());
    // Forcing an option of an allowed solution: the allowed solutions that hold it.
    if (!expected.empty()) {
      const dlx::OptionId pick = expected.begin()->back();
      solver.reset();
      REQUIRE(solver.force(pick));
      std::set<Solution> with;
      for (const Solution& s : expected)
        if (std::find(s.begin(), s.end(), pick) != s.end()) with.insert(s);
      CHECK(listed(solver) == with);
    }
  }
  CHECK(pruned > 50);
}

TEST_CASE("a propagator that removes nothing leaves the tree as it was") {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 100; ++trial) {
    const dlx::Problem p = random_problem(rng, true);
    dlx::SearchOptions plain;
    plain.engine = dlx::Engine::links;
    dlx::Solver a(p, plain);
    dlx::SearchOptions hooked;
    hooked.propagator = std::make_shared<Banning>(std::vector<dlx::OptionId>{}, std::nullopt);
    dlx::Solver b(p, hooked);
    const dlx::Count ca = a.count(), cb = b.count();
    CHECK(ca.solutions == cb.solutions);
    CHECK(a.stats().nodes == b.stats().nodes);
    CHECK(a.stats().updates == b.stats().updates);
  }
}

TEST_CASE("only the links engine takes a propagator") {
  dlx::Problem p;
  p.add_primary("a");
  p.add_option({"a"});
  dlx::SearchOptions options;
  options.propagator = std::make_shared<Banning>(std::vector<dlx::OptionId>{}, std::nullopt);
  CHECK(dlx::Solver(p, options).engine() == dlx::Engine::links);
  for (const dlx::Engine engine : {dlx::Engine::bitset, dlx::Engine::mask, dlx::Engine::bounds}) {
    options.engine = engine;
    CHECK_THROWS_AS(dlx::Solver(p, options), std::invalid_argument);
  }
}
