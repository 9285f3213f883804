#include "dlx/solver.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdlib>
#include <set>
#include <string_view>
#include <type_traits>
#include <vector>

#include "dlx/vector_copy.hpp"
#include "test_problems.hpp"

namespace {

// Every test here runs once per engine.
struct Links {
  static constexpr dlx::Engine value = dlx::Engine::links;
};
struct Bitset {
  static constexpr dlx::Engine value = dlx::Engine::bitset;
};
struct Propagating {
  static constexpr dlx::Engine value = dlx::Engine::bitset;
};
template <class T>
dlx::SearchOptions with(dlx::SearchOptions options = {}) {
  options.engine = T::value;
  options.propagation = std::is_same_v<T, Propagating> ? dlx::Propagation::always : dlx::Propagation::never;
  return options;
}

using Solution = std::vector<dlx::OptionId>;

std::vector<Solution> all_solutions(dlx::Solver& solver) {
  std::vector<Solution> out;
  while (solver.next()) out.emplace_back(solver.solution().begin(), solver.solution().end());
  return out;
}

Solution sorted(std::span<const dlx::OptionId> s) {
  Solution v(s.begin(), s.end());
  std::sort(v.begin(), v.end());
  return v;
}

}  // namespace

TEST_CASE_TEMPLATE("N-queens counts match OEIS A000170", T, Links, Bitset, Propagating) {
  const std::uint64_t expected[] = {1, 0, 0, 2, 10, 4, 40, 92, 352, 724};
  for (int n = 1; n <= 10; ++n) {
    const dlx::Problem p = test::queens(n);
    dlx::Solver solver(p, with<T>());
    const dlx::Count c = solver.count();
    CHECK_MESSAGE(c.solutions == expected[n - 1], "n = " << n);
    CHECK(c.complete);
    CHECK(solver.status() == dlx::Status::exhausted);
    CHECK(solver.stats().solutions == expected[n - 1]);
    CHECK(solver.stats().nodes > 0);
  }
}

TEST_CASE_TEMPLATE("every solution found by next() is a valid placement of queens", T, Links, Bitset,
                   Propagating) {
  const int n = 8;
  const dlx::Problem p = test::queens(n);
  dlx::Solver solver(p, with<T>());
  const auto solutions = all_solutions(solver);
  CHECK(solutions.size() == 92);
  std::set<Solution> distinct;
  for (const Solution& s : solutions) {
    REQUIRE(s.size() == n);
    std::set<int> rows, cols, diag1, diag2;
    for (dlx::OptionId o : s) {
      const int r = static_cast<int>(o) / n, c = static_cast<int>(o) % n;
      rows.insert(r);
      cols.insert(c);
      diag1.insert(r + c);
      diag2.insert(r - c);
    }
    CHECK(rows.size() == n);
    CHECK(cols.size() == n);
    CHECK(diag1.size() == n);
    CHECK(diag2.size() == n);
    distinct.insert(sorted(s));
  }
  CHECK(distinct.size() == 92);
}

TEST_CASE_TEMPLATE("the search is deterministic and resumable", T, Links, Bitset, Propagating) {
  const dlx::Problem p = test::queens(7);
  dlx::Solver a(p, with<T>()), b(p, with<T>());
  const auto first = all_solutions(a);
  // Alternate next() with count(1), which consumes exactly one solution: the same sequence must come out.
  std::size_t k = 0;
  while (b.next()) {
    REQUIRE(k < first.size());
    CHECK(Solution(b.solution().begin(), b.solution().end()) == first[k]);
    ++k;
    if (b.count(1).solutions == 1) ++k;
  }
  CHECK(k == first.size());
  CHECK(b.status() == dlx::Status::exhausted);
}

TEST_CASE_TEMPLATE("count with a limit stops there and can go on", T, Links, Bitset, Propagating) {
  const dlx::Problem p = test::queens(8);
  dlx::Solver solver(p, with<T>());
  dlx::Count c = solver.count(10);
  CHECK(c.solutions == 10);
  CHECK_FALSE(c.complete);
  CHECK(solver.status() == dlx::Status::found);
  c = solver.count(100);
  CHECK(c.solutions == 82);
  CHECK(c.complete);
  CHECK(solver.stats().solutions == 92);
  CHECK_FALSE(solver.next());
  CHECK(solver.status() == dlx::Status::exhausted);
}

TEST_CASE_TEMPLATE("set_node_limit runs a count in slices of nodes that add up", T, Links, Bitset,
                   Propagating) {
  const dlx::Problem p = test::queens(8);
  dlx::Solver whole(p, with<T>());
  const dlx::Count expected = whole.count();
  dlx::Solver solver(p, with<T>());
  dlx::Count128 total = 0;
  int slices = 0;
  for (;;) {
    solver.set_node_limit(solver.stats().nodes + 100);
    const dlx::Count c = solver.count();
    total += c.solutions;
    ++slices;
    if (c.complete) break;
    REQUIRE(solver.status() == dlx::Status::node_limit);
    REQUIRE(slices < 1000);
  }
  CHECK(total == expected.solutions);
  CHECK(solver.stats().nodes == whole.stats().nodes);
  CHECK(slices > 1);
}

TEST_CASE_TEMPLATE("for_each sees every solution and may stop early", T, Links, Bitset, Propagating) {
  const dlx::Problem p = test::queens(6);
  dlx::Solver solver(p, with<T>());
  int seen = 0;
  solver.for_each([&](std::span<const dlx::OptionId> s) {
    CHECK(s.size() == 6);
    return ++seen < 3;
  });
  CHECK(seen == 3);
  solver.for_each([&](std::span<const dlx::OptionId>) { return ++seen, true; });
  CHECK(seen == 4);
}

TEST_CASE_TEMPLATE("forced options restrict the search and reset() undoes them", T, Links, Bitset,
                   Propagating) {
  const int n = 8;
  const dlx::Problem p = test::queens(n);
  dlx::Solver solver(p, with<T>());
  dlx::Count128 total = 0;
  for (dlx::OptionId corner = 0; corner < n; ++corner) {  // queen in row 0, column `corner`
    solver.reset();
    REQUIRE(solver.force(corner));
    const dlx::Count c = solver.count();
    CHECK(c.complete);
    total += c.solutions;
  }
  CHECK(total == 92);

  solver.reset();
  REQUIRE(solver.force(0));          // r0 c0
  CHECK_FALSE(solver.force(1));      // r0 c1: same row
  CHECK_FALSE(solver.force(n + 1));  // r1 c1: same diagonal
  CHECK(solver.force(n + 4));        // r1 c4: in the solution 0 4 7 5 2 6 1 3
  REQUIRE(solver.next());
  CHECK(solver.solution()[0] == 0);
  CHECK(solver.solution()[1] == n + 4);
  solver.reset();
  CHECK(solver.count().solutions == 92);
  // force() after the search began is a programming error.
  CHECK_THROWS_AS(solver.force(3), std::logic_error);
  CHECK_THROWS_AS(dlx::Solver(p, with<T>()).force(99999), std::out_of_range);
}

TEST_CASE("force_all() and force_disjoint() force as force() does, on every engine") {
  const int n = 8;
  const dlx::Problem p = test::queens(n);
  for (const dlx::Engine engine :
       {dlx::Engine::links, dlx::Engine::bitset, dlx::Engine::mask, dlx::Engine::bounds}) {
    CAPTURE(dlx::engine_name(engine));
    dlx::SearchOptions options;
    options.engine = engine;
    dlx::Solver solver(p, options);
    // Several rounds: the mask engine forces an option with a keep row from its third time on, and applies
    // those rows a few at a time (force() must see the ones not applied yet).
    for (int round = 0; round < 5; ++round) {
      solver.reset();
      const std::array<dlx::OptionId, 4> clash{0, n + 4, 1, 2 * n + 7};  // r0 c1 shares row 0 with r0 c0
      CHECK(solver.force_all(clash) == 2);
      CHECK_FALSE(solver.force(n + 1));  // r1 c1: on r0 c0's diagonal
      const dlx::Count restricted = solver.count();
      solver.reset();
      REQUIRE(solver.force(0));
      REQUIRE(solver.force(n + 4));
      CHECK(solver.count().solutions == restricted.solutions);
      solver.reset();
      CHECK(solver.force_all({}) == 0);
      CHECK(solver.count().solutions == 92);
    }
    // force_disjoint() forces what force_all() would: rounds enough for the mask engine's keep rows (from an
    // option's third forcing), and sets of every size from none to eight (it applies pending rows eight at a
    // time), each a prefix of the solution 0 4 7 5 2 6 1 3 (row r, column c: option r n + c).
    const std::array<dlx::OptionId, 8> queens{0,         n + 4,     2 * n + 7, 3 * n + 5,
                                              4 * n + 2, 5 * n + 6, 6 * n + 1, 7 * n + 3};
    for (int round = 0; round < 4; ++round) {
      for (std::size_t k = 0; k <= queens.size(); ++k) {
        CAPTURE(k);
        const std::span<const dlx::OptionId> given(queens.data(), k);
        solver.reset();
        REQUIRE(solver.force_all(given) == k);
        const dlx::Count checked = solver.count();
        solver.reset();
        solver.force_disjoint(given);
        const dlx::Count unchecked = solver.count();
        CHECK(unchecked.solutions == checked.solutions);
        CHECK(unchecked.complete);
        solver.reset();
        solver.force_disjoint(given);
        REQUIRE(solver.next());
        const auto solution = solver.solution();
        CHECK(std::equal(given.begin(), given.end(), solution.begin()));  // forced ones first, in order
      }
    }
    solver.reset();
    solver.force_disjoint({});
    CHECK(solver.count().solutions == 92);
    CHECK_THROWS_AS(solver.force_disjoint({}), std::logic_error);  // after the search began
    solver.reset();
    const std::array<dlx::OptionId, 3> too_far{0, 99999, n + 4};
    CHECK_THROWS_AS(solver.force_all(too_far), std::out_of_range);
    CHECK_FALSE(solver.force(1));  // the option before the one out of range was forced
    solver.count();
    CHECK_THROWS_AS(solver.force_all(too_far), std::logic_error);  // after the search began
  }
}

TEST_CASE_TEMPLATE("reset() in the middle of a search restores the whole table", T, Links, Bitset,
                   Propagating) {
  const dlx::Problem p = test::queens(9);
  dlx::Solver solver(p, with<T>());
  const dlx::Count128 expected = dlx::Solver(p, with<T>()).count().solutions;
  for (std::uint64_t limit : {1, 7, 100}) {
    solver.reset();
    REQUIRE(solver.force(40));
    solver.count(limit);
    solver.reset();
    CHECK(solver.count().solutions == expected);
    solver.reset();
  }
}

TEST_CASE_TEMPLATE("a forced option without primary items is refused", T, Links, Bitset, Propagating) {
  dlx::Problem p;
  p.add_primary("a");
  p.add_secondary("x");
  p.add_option({"a"});
  const auto only_secondary = p.add_option({"x"});
  dlx::Solver solver(p, with<T>());
  CHECK_FALSE(solver.force(only_secondary));
  CHECK(solver.count().solutions == 1);
}

TEST_CASE_TEMPLATE("the stop flag, node limit and time limit stop the search resumably", T, Links, Bitset,
                   Propagating) {
  const dlx::Problem p = test::queens(10);
  const dlx::Count128 expected = dlx::Solver(p, with<T>()).count().solutions;

  std::atomic<bool> stop{true};
  dlx::SearchOptions options;
  options.stop = &stop;
  dlx::Solver stopped(p, with<T>(options));
  CHECK(stopped.count().solutions == 0);
  CHECK(stopped.status() == dlx::Status::stopped);
  stop = false;
  CHECK(stopped.count().solutions == expected);

  dlx::SearchOptions budget;
  budget.node_limit = 5000;
  dlx::Solver limited(p, with<T>(budget));
  const dlx::Count partial = limited.count();
  CHECK_FALSE(partial.complete);
  CHECK(limited.status() == dlx::Status::node_limit);
  CHECK(limited.stats().nodes == 5000);

  dlx::SearchOptions timed;
  timed.time_limit = std::chrono::nanoseconds(1);
  dlx::Solver hurried(p, with<T>(timed));
  const dlx::Count first = hurried.count();
  CHECK_FALSE(first.complete);
  CHECK(hurried.status() == dlx::Status::timed_out);
  hurried.set_time_limit(std::chrono::nanoseconds(0));  // no limit any more: the rest in one call
  const dlx::Count rest = hurried.count();
  CHECK(rest.complete);
  CHECK(hurried.status() == dlx::Status::exhausted);
  CHECK(first.solutions + rest.solutions == expected);

  // In slices: each call times out after a poll's worth of nodes, and the slices add up to the whole count.
  dlx::Solver sliced(p, with<T>());
  sliced.set_time_limit(std::chrono::nanoseconds(1));
  dlx::Count128 total = 0;
  int slices = 0;
  for (bool complete = false; !complete && slices < 1000000; ++slices) {
    const dlx::Count c = sliced.count();
    total += c.solutions;
    complete = c.complete;
    if (!complete) REQUIRE(sliced.status() == dlx::Status::timed_out);
  }
  CHECK(total == expected);
  CHECK(slices > 1);
  sliced.reset();
  sliced.set_time_limit(std::chrono::hours(1));
  CHECK(sliced.count().solutions == expected);
}

TEST_CASE_TEMPLATE("a seed changes the order, not the set of solutions, and repeats exactly", T, Links,
                   Bitset, Propagating) {
  const dlx::Problem p = test::queens(8);
  const auto collect = [&](std::optional<std::uint64_t> seed) {
    dlx::SearchOptions options;
    options.seed = seed;
    dlx::Solver solver(p, with<T>(options));
    std::vector<Solution> out;
    while (solver.next()) out.push_back(sorted(solver.solution()));
    return out;
  };
  const auto plain = collect(std::nullopt), seeded = collect(42), again = collect(42);
  CHECK(seeded == again);
  CHECK(std::set<Solution>(plain.begin(), plain.end()) == std::set<Solution>(seeded.begin(), seeded.end()));
}

TEST_CASE_TEMPLATE("degenerate problems", T, Links, Bitset, Propagating) {
  SUBCASE("no options: no solution") {
    dlx::Problem p;
    p.add_primary("a");
    dlx::Solver solver(p, with<T>());
    CHECK_FALSE(solver.next());
    CHECK(solver.status() == dlx::Status::exhausted);
  }
  SUBCASE("an item no option covers: no solution") {
    dlx::Problem p;
    p.add_primary("a");
    p.add_primary("b");
    p.add_option({"a"});
    CHECK(dlx::Solver(p, with<T>()).count().solutions == 0);
  }
  SUBCASE("no primary items: the empty selection is the one solution") {
    dlx::Problem p;
    dlx::Solver solver(p, with<T>());
    REQUIRE(solver.next());
    CHECK(solver.solution().empty());
    CHECK_FALSE(solver.next());
  }
  SUBCASE("duplicate options count separately") {
    dlx::Problem p;
    p.add_primary("a");
    p.add_option({"a"});
    p.add_option({"a"});
    CHECK(dlx::Solver(p, with<T>()).count().solutions == 2);
  }
  SUBCASE("solve_first") {
    const dlx::Problem p = test::queens(4);
    const auto s = dlx::solve_first(p, with<T>());
    REQUIRE(s.has_value());
    CHECK(s->size() == 4);
    CHECK_FALSE(dlx::solve_first(test::queens(3), with<T>()).has_value());
  }
}

TEST_CASE_TEMPLATE("colors: options agreeing on a secondary item's color may share it", T, Links, Bitset,
                   Propagating) {
  dlx::Problem p;
  p.add_primary("a");
  p.add_primary("b");
  p.add_primary("c");
  p.add_secondary("x");
  p.add_option({"a", "x:red"});   // 0
  p.add_option({"b", "x:red"});   // 1
  p.add_option({"b", "x:blue"});  // 2
  p.add_option({"c", "x"});       // 3: uncolored: x to itself
  p.add_option({"c"});            // 4
  dlx::Solver solver(p, with<T>());
  std::set<Solution> found;
  while (solver.next()) found.insert(sorted(solver.solution()));
  CHECK(found == std::set<Solution>{{0, 1, 4}});
}

TEST_CASE_TEMPLATE("deep searches do not use the C++ stack", T, Links, Bitset, Propagating) {
  // A chain of items, each with one option: the search goes as many levels deep (the bitset engine's table
  // grows with the square of the options, so it gets a shorter chain).
  dlx::Problem p;
  const int depth = T::value == dlx::Engine::links ? 200000 : 5000;
  for (int i = 0; i < depth; ++i) p.add_primary("i" + std::to_string(i));
  for (dlx::ItemId i = 0; i < depth; ++i) p.add_option({{i}});
  dlx::Solver solver(p, with<T>());
  REQUIRE(solver.next());
  CHECK(solver.solution().size() == depth);
  // Dancing links enters one level per item; the bitset engine takes forced options without branching.
  CHECK(solver.stats().nodes == (std::is_same_v<T, Propagating> ? 1 : depth + 1));
}

TEST_CASE_TEMPLATE("branch_options splits the search into parts whose counts add up", T, Links, Bitset,
                   Propagating) {
  const dlx::Problem p = test::queens(8);
  dlx::Solver solver(p, with<T>());
  const auto branches = solver.branch_options();
  CHECK(branches.size() == 8);  // every option of row 0 (leftmost of the items with 8 options)
  dlx::Count128 total = 0;
  for (dlx::OptionId first : branches) {
    solver.reset();
    REQUIRE(solver.force(first));
    const auto second = solver.branch_options();
    for (dlx::OptionId next : second) {
      solver.reset();
      REQUIRE(solver.force(first));
      REQUIRE(solver.force(next));
      total += solver.count().solutions;
    }
  }
  CHECK(total == 92);
  dlx::Problem empty;
  dlx::Solver done(empty, with<T>());
  CHECK(done.branch_options().empty());
  CHECK(done.all_covered());
}

TEST_CASE("the automatic engine choice, and limits of the bitset engine") {
  const dlx::Problem queens = test::queens(8);
  CHECK(dlx::Solver(queens).engine() == dlx::Engine::bitset);
  // A Solver of a temporary problem does not compile (it would point at a dead object), and names of any
  // string-like range make an option; ids count from 0 in the order added.
  static_assert(!std::is_constructible_v<dlx::Solver, dlx::Problem&&>);
  static_assert(std::is_constructible_v<dlx::Solver, const dlx::Problem&>);
  dlx::Problem named;
  named.add_primary("a");
  named.add_primary("b");
  CHECK(named.add_option(std::vector<std::string>{"a", "b"}) == 0);
  CHECK(named.add_option(std::array<const char*, 1>{"a"}) == 1);
  CHECK(named.add_option(std::vector<std::string_view>{"b"}) == 2);
  CHECK(dlx::Solver(named).count().solutions == 2);
  dlx::Problem big;
  for (int i = 0; i < 5000; ++i) big.add_primary("i" + std::to_string(i));
  for (dlx::ItemId i = 0; i < 5000; ++i) big.add_option({{i}});
  CHECK(dlx::Solver(big).engine() == dlx::Engine::links);
  dlx::SearchOptions bitset;
  bitset.engine = dlx::Engine::bitset;
  CHECK(dlx::Solver(big, bitset).engine() == dlx::Engine::bitset);
  for (dlx::ItemId i = 0; i < 30000; ++i) big.add_option({{i % 5000}});
  CHECK_THROWS_AS(dlx::Solver(big, bitset), std::length_error);
}

TEST_CASE("the instruction set the bitset and mask engines run with") {
  const std::string_view isa = dlx::instruction_set();
  const char* requested = std::getenv("DLX_ISA");
  const std::string_view asked = requested != nullptr ? requested : "";
#if defined(DLX_TEST_ISA_DISPATCH) && defined(DLX_TEST_ISA_AVX512)
  const dlx::VectorCopy widest = dlx::VectorCopy::avx512;
#elif defined(DLX_TEST_ISA_DISPATCH)
  const dlx::VectorCopy widest = dlx::VectorCopy::avx2;
#else
  const dlx::VectorCopy widest = dlx::VectorCopy::portable;
#endif
  // The engines are the kernel that does not gain where 512-bit operations are split (vector_copy.hpp).
  CHECK(isa == dlx::vector_copy_name(dlx::choose_vector_copy(widest, false, dlx::this_processor(), asked)));
  // The processor's facts hang together.
  const dlx::VectorUnits units = dlx::this_processor();
  CHECK((!units.avx512 || units.avx2));
  CHECK((!units.split_512 || units.avx512));
  // Whichever copy runs, it finds what the other engines find.
  const dlx::Problem queens = test::queens(9);
  dlx::SearchOptions mask;
  mask.engine = dlx::Engine::mask;
  dlx::SearchOptions bitset;
  bitset.engine = dlx::Engine::bitset;
  CHECK(dlx::Solver(queens, bitset).count().solutions == 352);
  CHECK(dlx::Solver(queens, mask).count().solutions == 352);
}

TEST_CASE("the rule that picks a vector copy: asked, built, run by the processor, and where it pays") {
  using dlx::VectorCopy;
  const dlx::VectorUnits none{};
  const dlx::VectorUnits avx2{true, false, false};
  const dlx::VectorUnits full{true, true, false};  // Intel, AMD Zen 5: 512-bit units
  const dlx::VectorUnits split{true, true, true};  // AMD Zen 4: 512-bit operations in two halves
  const auto pick = [](VectorCopy widest, bool gains, const dlx::VectorUnits& u, std::string_view asked) {
    return std::string_view(dlx::vector_copy_name(dlx::choose_vector_copy(widest, gains, u, asked)));
  };
  // Unasked: the widest the build and the processor share; where 512-bit operations are split, AVX-512 only for
  // a kernel that gains there.
  CHECK(pick(VectorCopy::avx512, false, full, "") == "avx512");
  CHECK(pick(VectorCopy::avx512, false, split, "") == "avx2");
  CHECK(pick(VectorCopy::avx512, true, split, "") == "avx512");
  CHECK(pick(VectorCopy::avx512, false, avx2, "") == "avx2");
  CHECK(pick(VectorCopy::avx512, true, none, "") == "portable");
  CHECK(pick(VectorCopy::avx2, true, full, "") == "avx2");
  CHECK(pick(VectorCopy::portable, true, full, "") == "portable");
  // Asked: that copy, or the widest narrower one the build and the processor have; other text is not a request.
  CHECK(pick(VectorCopy::avx512, false, split, "avx512") == "avx512");
  CHECK(pick(VectorCopy::avx512, true, full, "avx2") == "avx2");
  CHECK(pick(VectorCopy::avx512, true, full, "portable") == "portable");
  CHECK(pick(VectorCopy::avx512, true, avx2, "avx512") == "avx2");
  CHECK(pick(VectorCopy::avx2, true, full, "avx512") == "avx2");
  CHECK(pick(VectorCopy::avx512, true, none, "avx2") == "portable");
  CHECK(pick(VectorCopy::avx512, false, full, "AVX2") == "avx512");
}
