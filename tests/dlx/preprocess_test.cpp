// Knuth's preprocessing (dlx/preprocess.hpp): the reduced problem's solutions, mapped back, are exactly the
// input's, against brute force on small random problems and against the plain search on larger ones; and the
// rules do reduce what they should.
#include "dlx/preprocess.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "dlx/solver.hpp"
#include "test_problems.hpp"

namespace {

using test::Solution;

std::set<Solution> solutions_of(const dlx::Problem& p, const dlx::Preprocessed* reduction) {
  std::set<Solution> out;
  std::size_t listed = 0;
  dlx::Solver solver(reduction != nullptr ? reduction->problem : p);
  while (solver.next()) {
    Solution s = reduction != nullptr ? reduction->to_input(solver.solution())
                                      : Solution(solver.solution().begin(), solver.solution().end());
    CHECK(test::is_exact_cover(p, s));
    std::sort(s.begin(), s.end());
    out.insert(s);
    ++listed;
  }
  CHECK(listed == out.size());  // no solution twice
  return out;
}

void check_reduction(const dlx::Problem& p, const std::set<Solution>& expected) {
  const dlx::Preprocessed pre = dlx::preprocess(p);
  REQUIRE(pre.original.size() == pre.problem.option_count());
  CHECK(pre.problem.option_count() + pre.stats.options_removed == p.option_count());
  CHECK(pre.problem.item_count() + pre.stats.items_removed == p.item_count());
  CHECK_FALSE(pre.stats.stopped);
  CHECK(std::is_sorted(pre.original.begin(), pre.original.end()));
  // Each reduced option is its input option with some items left out, colors and costs kept.
  for (dlx::OptionId o = 0; o < pre.problem.option_count(); ++o) {
    const dlx::OptionId from = pre.original[o];
    CHECK(pre.problem.cost(o) == p.cost(from));
    for (const dlx::ItemUse& u : pre.problem.option(o)) {
      const dlx::ItemId item = *p.find_item(pre.problem.item_name(u.item));
      const auto input = p.option(from);
      const auto same =
          std::find_if(input.begin(), input.end(), [&](const dlx::ItemUse& v) { return v.item == item; });
      REQUIRE(same != input.end());
      CHECK(pre.problem.is_primary(u.item) == p.is_primary(item));
      CHECK((u.color == dlx::kNoColor) == (same->color == dlx::kNoColor));
      if (u.color != dlx::kNoColor) CHECK(pre.problem.color_name(u.color) == p.color_name(same->color));
    }
  }
  CHECK(solutions_of(p, &pre) == expected);
  CHECK(dlx::Solver(pre.problem).count().solutions == expected.size());
  // Preprocessing what is already reduced changes nothing.
  const dlx::Preprocessed again = dlx::preprocess(pre.problem);
  CHECK(again.stats.options_removed == 0);
  CHECK(again.stats.items_removed == 0);
}

// Options of a few items out of many, so that the larger problems have solutions and room to reduce.
dlx::Problem random_sparse_problem(std::mt19937& rng, bool colors) {
  dlx::Problem p;
  const int primaries = std::uniform_int_distribution<int>(4, 12)(rng);
  const int secondaries = std::uniform_int_distribution<int>(0, 5)(rng);
  for (int i = 0; i < primaries; ++i) p.add_primary("p" + std::to_string(i));
  for (int i = 0; i < secondaries; ++i) p.add_secondary("s" + std::to_string(i));
  const int options = std::uniform_int_distribution<int>(10, 60)(rng);
  for (int o = 0; o < options; ++o) {
    std::vector<dlx::ItemUse> uses;
    const int size = std::uniform_int_distribution<int>(1, 3)(rng);
    for (int k = 0; k < size; ++k) {
      const auto item = static_cast<dlx::ItemId>(rng() % p.item_count());
      if (std::any_of(uses.begin(), uses.end(), [&](const dlx::ItemUse& u) { return u.item == item; }))
        continue;
      dlx::ColorId color = dlx::kNoColor;
      if (colors && !p.is_primary(item) && rng() % 3 != 0) color = p.color(rng() % 2 == 0 ? "red" : "blue");
      uses.push_back({item, color});
    }
    const dlx::OptionId id = p.add_option(uses);
    if (rng() % 4 == 0) p.set_cost(id, rng() % 10);
  }
  return p;
}

}  // namespace

TEST_CASE("preprocessing keeps the solutions of random small problems (brute force)") {
  std::mt19937 rng(20261125);
  std::size_t removed = 0;
  for (int trial = 0; trial < 600; ++trial) {
    CAPTURE(trial);
    const dlx::Problem p = test::random_problem(rng, trial % 2 == 1);
    check_reduction(p, test::brute_force(p));
    removed += dlx::preprocess(p).stats.options_removed;
  }
  CHECK(removed > 0);  // the rules had something to do
}

TEST_CASE("preprocessing keeps the solutions of larger random problems (plain search)") {
  std::mt19937 rng(37);
  std::size_t options_removed = 0, items_removed = 0;
  for (int trial = 0; trial < 150; ++trial) {
    CAPTURE(trial);
    const dlx::Problem p = random_sparse_problem(rng, trial % 2 == 1);
    check_reduction(p, solutions_of(p, nullptr));
    const dlx::PreprocessStats stats = dlx::preprocess(p).stats;
    options_removed += stats.options_removed;
    items_removed += stats.items_removed;
  }
  CHECK(options_removed > 0);
  CHECK(items_removed > 0);
}

TEST_CASE("preprocessing: each rule on a problem made for it") {
  SUBCASE("an option that leaves a primary item uncoverable goes") {
    dlx::Problem p;
    for (auto name : {"a", "b", "c"}) p.add_primary(name);
    p.add_option({"a", "b"});  // b's only partners both need a or c: taking {a b} leaves c with {a c} only
    p.add_option({"a", "c"});
    p.add_option({"b"});
    p.add_option({"c"});
    p.add_option({"a"});
    const dlx::Preprocessed pre = dlx::preprocess(p);
    CHECK(pre.stats.options_removed == 0);  // every option is in some solution here
    dlx::Problem q;
    for (auto name : {"a", "b", "c"}) q.add_primary(name);
    q.add_option({"a", "b"});  // c then has only {a c}, which conflicts: {a b} goes
    q.add_option({"a", "c"});
    q.add_option({"b"});
    const dlx::Preprocessed reduced = dlx::preprocess(q);
    CHECK(reduced.original == std::vector<dlx::OptionId>{1, 2});
    CHECK(dlx::Solver(reduced.problem).count().solutions == 1);
  }
  SUBCASE("an item whose options are another's goes, with the other's options that lack it") {
    dlx::Problem p;
    for (auto name : {"a", "b", "c"}) p.add_primary(name);
    p.add_option({"a", "b"});
    p.add_option({"a", "b", "c"});
    p.add_option({"b"});  // every option of a has b: {b} alone would leave a uncovered
    p.add_option({"c"});
    const dlx::Preprocessed pre = dlx::preprocess(p);
    CHECK(pre.original == std::vector<dlx::OptionId>{0, 1, 3});
    CHECK(pre.problem.primary_count() == 2);  // a or b: one is enough
    CHECK(pre.stats.items_removed == 1);
    CHECK(dlx::Solver(pre.problem).count().solutions == 2);
  }
  SUBCASE("secondary items that exclude nothing go; colored ones that do stay") {
    dlx::Problem p;
    p.add_primary("a");
    p.add_primary("b");
    p.add_secondary("x");  // always red: excludes nothing
    p.add_secondary("y");  // red and blue: {a y:red} and {b y:blue} exclude each other
    p.add_option({"a", "x:red", "y:red"});
    p.add_option({"b", "x:red", "y:blue"});
    p.add_option({"a", "b"});
    const dlx::Preprocessed pre = dlx::preprocess(p);
    CHECK_FALSE(pre.problem.find_item("x").has_value());
    // The options with y conflict, so neither can be taken (the other item would be left with {a b} only).
    CHECK(pre.original == std::vector<dlx::OptionId>{2});
    CHECK(dlx::Solver(pre.problem).count().solutions == 1);
  }
  SUBCASE("a primary item without options: no solution, no options") {
    dlx::Problem p;
    p.add_primary("a");
    p.add_primary("b");
    p.add_option({"a"});
    const dlx::Preprocessed pre = dlx::preprocess(p);
    CHECK(pre.problem.option_count() == 0);
    CHECK(dlx::Solver(pre.problem).count().solutions == 0);
  }
}

TEST_CASE("preprocessing refuses multiplicities, and stops when asked") {
  dlx::Problem p;
  p.add_primary("a", 0, 2);
  p.add_option({"a"});
  CHECK_THROWS_WITH_AS(dlx::preprocess(p), doctest::Contains("multiplicities"), dlx::ProblemError);
  std::mt19937 rng(5);
  const dlx::Problem q = test::random_problem(rng, true);
  std::atomic<bool> stop{true};
  const dlx::Preprocessed pre = dlx::preprocess(q, &stop);
  CHECK(pre.stats.stopped);
  CHECK(pre.problem.option_count() <= q.option_count());
}
