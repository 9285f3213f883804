// Random small problems, with and without colors, against an independent brute-force search over all subsets of
// options. The brute force knows nothing of dancing links: it checks the definition of a solution directly.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <span>
#include <sstream>
#include <vector>

#include "../common/exact_cover_check.hpp"
#include "dlx/engine/knobs.hpp"
#include "dlx/knuth_format.hpp"
#include "dlx/solver.hpp"
#include "test_problems.hpp"

namespace {

using test::brute_force;
using test::random_problem;
using test::Solution;

// A secondary item in 15 options of its own, which no solution takes (they have no primary item): a column
// too long for the masks, so that a propagating search runs on the bitset engine.
void add_wide_secondary(dlx::Problem& p) {
  const dlx::ItemUse wide[] = {{p.add_secondary("wide")}};
  for (int k = 0; k < 15; ++k) p.add_option(wide);
}

// Options of exactly k distinct items each, among them a planted solution (most random options of k items
// would leave none).
dlx::Problem random_uniform_problem(std::mt19937& rng, int k) {
  dlx::Problem p;
  const int primaries = std::uniform_int_distribution<int>(1, 6)(rng);
  const int secondaries = std::uniform_int_distribution<int>(k, 2 * k)(rng);
  std::vector<dlx::ItemId> primary, secondary;
  for (int i = 0; i < primaries; ++i) primary.push_back(p.add_primary("p" + std::to_string(i)));
  for (int i = 0; i < secondaries; ++i) secondary.push_back(p.add_secondary("s" + std::to_string(i)));
  std::vector<std::vector<dlx::ItemUse>> options;
  // The planted solution: the primary items in groups of 1 to k, each filled up to k with unused secondary
  // items (a group is as large as it must be for those to last).
  std::shuffle(primary.begin(), primary.end(), rng);
  std::shuffle(secondary.begin(), secondary.end(), rng);
  std::size_t next_primary = 0, next_secondary = 0;
  while (next_primary < primary.size()) {
    const int left = static_cast<int>(primary.size() - next_primary);
    const int unused = static_cast<int>(secondary.size() - next_secondary);
    int group = std::uniform_int_distribution<int>(1, std::min(k, left))(rng);
    group = std::min(std::max(group, k - unused), left);
    if (group + unused < k) break;  // no room to plant the rest: a solution is not certain
    std::vector<dlx::ItemUse> uses;
    for (int g = 0; g < group; ++g) uses.push_back({primary[next_primary++]});
    while (static_cast<int>(uses.size()) < k) uses.push_back({secondary[next_secondary++]});
    options.push_back(uses);
  }
  std::vector<dlx::ItemId> items(p.item_count());
  for (dlx::ItemId i = 0; i < p.item_count(); ++i) items[i] = i;
  const int more = std::uniform_int_distribution<int>(0, 14 - static_cast<int>(options.size()))(rng);
  for (int o = 0; o < more; ++o) {
    std::shuffle(items.begin(), items.end(), rng);
    std::vector<dlx::ItemUse> uses;
    for (int u = 0; u < k; ++u) uses.push_back({items[static_cast<std::size_t>(u)]});
    options.push_back(uses);
  }
  std::shuffle(options.begin(), options.end(), rng);
  for (const auto& uses : options) p.add_option(uses);
  return p;
}

void check_against_brute_force(const dlx::Problem& p, std::uint64_t seed_for_ties) {
  const std::set<Solution> expected = brute_force(p);
  // Dancing links, and the bitset engine without and with propagation.
  const std::pair<dlx::Engine, dlx::Propagation> configurations[] = {
      {dlx::Engine::links, dlx::Propagation::never},
      {dlx::Engine::bitset, dlx::Propagation::never},
      {dlx::Engine::bitset, dlx::Propagation::always}};
  std::vector<Solution> order[3];
  for (int k = 0; k < 3; ++k) {
    const auto [engine, propagation] = configurations[k];
    CAPTURE(k);
    dlx::SearchOptions options;
    options.engine = engine;
    options.propagation = propagation;
    options.check_every_step = true;  // in debug and sanitizer builds: the tables after every step
    if (seed_for_ties % 2 == 1) options.seed = seed_for_ties;
    dlx::Solver solver(p, options);
    REQUIRE(solver.engine() == engine);
    solver.check_invariants();
    std::set<Solution> found;
    auto& sequence = order[k];
    while (solver.next()) {
      solver.check_invariants();  // the engines that keep a table check it at every solution
      Solution s(solver.solution().begin(), solver.solution().end());
      std::sort(s.begin(), s.end());
      sequence.push_back(s);
      found.insert(s);
    }
    CHECK(sequence.size() == found.size());  // no solution twice
    CHECK(found == expected);
    solver.reset();
    CHECK(solver.count().solutions == expected.size());
  }
  // The mask engine, asked for by name, on the problems it takes (no colors, short columns): the same solutions.
  bool colored = false;
  for (dlx::OptionId o = 0; o < p.option_count(); ++o)
    for (const dlx::ItemUse& u : p.option(o)) colored = colored || u.color != dlx::kNoColor;
  if (!colored) {
    dlx::SearchOptions options;
    options.engine = dlx::Engine::mask;
    options.check_every_step = true;
    if (seed_for_ties % 2 == 1) options.seed = seed_for_ties;
    dlx::Solver solver(p, options);
    REQUIRE(solver.engine() == dlx::Engine::mask);
    solver.check_invariants();
    std::set<Solution> found;
    std::size_t listed = 0;
    while (solver.next()) {
      solver.check_invariants();
      Solution s(solver.solution().begin(), solver.solution().end());
      std::sort(s.begin(), s.end());
      found.insert(s);
      ++listed;
    }
    CHECK(listed == found.size());
    CHECK(found == expected);
  }
  // Both engines walk the same tree: same solutions in the same order (the bitset engine may list the options
  // it took without branching in another order within a solution).
  CHECK(order[0] == order[1]);
  // With a seed, propagation draws no random numbers for forced items, so its random choices differ.
  if (seed_for_ties % 2 == 0) CHECK(order[0] == order[2]);

  // The text format carries the same problem: same count after a round trip.
  std::stringstream text;
  dlx::write_knuth(text, p);
  const dlx::KnuthInput back = dlx::read_knuth(text, "roundtrip");
  std::size_t with_primary = 0;
  for (dlx::OptionId o = 0; o < p.option_count(); ++o) with_primary += p.has_primary_item(o) ? 1 : 0;
  CHECK(back.problem.option_count() == with_primary);
  CHECK(dlx::Solver(back.problem).count().solutions == expected.size());
}

}  // namespace

TEST_CASE("random exact-cover problems match brute force") {
  std::mt19937 rng(12345);
  for (int trial = 0; trial < 400; ++trial) {
    const dlx::Problem p = random_problem(rng, false);
    CAPTURE(trial);
    check_against_brute_force(p, static_cast<std::uint64_t>(trial));
  }
}

TEST_CASE("random exact-cover problems with colors match brute force") {
  std::mt19937 rng(777);
  for (int trial = 0; trial < 400; ++trial) {
    const dlx::Problem p = random_problem(rng, true);
    CAPTURE(trial);
    check_against_brute_force(p, static_cast<std::uint64_t>(trial));
  }
}

// Propagation::automatic propagates only on problems with many primary items (the knob propagate_primaries,
// src/dlx/engine/knobs.hpp), and then (short columns, no colors) with the masks, whose root applies the subset
// rule: when every option left to a primary item has item j, j's other options go. The knobs set to 0 bring
// propagation, the engines' tie-breaks and the rule to problems small enough for brute force.
TEST_CASE("random problems under Propagation::automatic, subset rule included, match brute force") {
  std::mt19937 rng(4242);
  int with_solutions = 0;
  for (int trial = 0; trial < 800; ++trial) {
    CAPTURE(trial);
    // Every fourth problem has colors, and every fourth a secondary item in 15 options of its own (which no
    // solution takes): the bitset engine then, with its own tie-breaks. Every fourth has K items in every
    // option (the masks' fixed-length loops; the pads too, with secondary items of their own).
    const int uniform = trial % 4 == 1 ? 2 + trial / 4 % 4 : 0;
    dlx::Problem p = uniform > 0 ? random_uniform_problem(rng, uniform) : random_problem(rng, trial % 4 == 3);
    const std::set<Solution> expected = brute_force(p);
    if (trial % 4 == 2) add_wide_secondary(p);
    const auto core_options = static_cast<dlx::OptionId>(p.option_count());
    // The knobs bring propagation to problems this small; every other trial also breaks ties, and applies
    // the subset rule, at every level rather than only where much is left to cover.
    dlx::detail::Knobs knobs;
    knobs.propagate_primaries = 0;
    if (trial % 2 == 1) {
      knobs.tie_break_above_percent = 0;
      knobs.subset_below_above_percent = 0;
      knobs.subset_three_above_percent = 0;
      knobs.subset_root_above_percent = 0;
    }
    const dlx::detail::ScopedKnobs steer(knobs);
    const auto core_of = [](std::span<const dlx::OptionId> solution) {
      Solution s(solution.begin(), solution.end());
      std::sort(s.begin(), s.end());
      return s;
    };
    dlx::SearchOptions options;
    options.engine =
        dlx::Engine::automatic;  // propagating: the masks when no option has a color, else bitset
    dlx::Solver solver(p, options);
    // Colors or a long column send a problem to the bitset engine; the others run on the masks.
    CHECK(solver.engine() == (trial % 4 < 2 ? dlx::Engine::mask : solver.engine()));
    CHECK(solver.engine() != dlx::Engine::links);
    std::set<Solution> found;
    std::size_t listed = 0;
    while (solver.next()) {
      found.insert(core_of(solver.solution()));
      ++listed;
    }
    CHECK(listed == found.size());
    CHECK(found == expected);
    with_solutions += expected.empty() ? 0 : 1;

    // The root the parallel count splits (branch_options() settles a copy of it, rule included): its
    // branches' counts add up to the whole.
    solver.reset();
    dlx::Count128 split = 0;
    const std::vector<dlx::OptionId> branches = solver.branch_options();
    for (const dlx::OptionId branch : branches) {
      dlx::Solver child(p, options);
      REQUIRE(child.force(branch));
      split += child.count().solutions;
    }
    if (!branches.empty()) CHECK(split == expected.size());

    // Forcing an option first: the solutions that contain it.
    if (core_options == 0) continue;
    const auto a = static_cast<dlx::OptionId>(rng() % core_options);
    dlx::Solver forced(p, options);
    if (!forced.force(a)) continue;
    std::uint64_t with_a = 0;
    for (const Solution& s : expected) with_a += std::count(s.begin(), s.end(), a) > 0 ? 1 : 0;
    CHECK(forced.count().solutions == with_a);
  }
  CHECK(with_solutions > 100);
}

TEST_CASE("forcing any compatible set of options gives the solutions that contain them") {
  std::mt19937 rng(99);
  for (int trial = 0; trial < 200; ++trial) {
    CAPTURE(trial);
    const dlx::Problem p = random_problem(rng, trial % 2 == 1);
    const std::set<Solution> all = brute_force(p);
    if (p.option_count() == 0) continue;
    const auto a = static_cast<dlx::OptionId>(rng() % p.option_count());
    const auto b = static_cast<dlx::OptionId>(rng() % p.option_count());
    dlx::SearchOptions options;
    options.engine = trial % 3 == 0 ? dlx::Engine::links : dlx::Engine::bitset;
    options.propagation = trial % 3 == 2 ? dlx::Propagation::always : dlx::Propagation::never;
    dlx::Solver solver(p, options);
    if (!solver.force(a)) {
      CHECK_FALSE(p.has_primary_item(a));  // on a fresh solver only that makes force() refuse
      continue;
    }
    const bool both = a != b && solver.force(b);
    std::uint64_t expected = 0;
    for (const Solution& s : all) {
      const bool has_a = std::count(s.begin(), s.end(), a) > 0, has_b = std::count(s.begin(), s.end(), b) > 0;
      if (has_a && (!both || has_b)) ++expected;
    }
    CHECK(solver.count().solutions == expected);
  }
}

// Past 200 primary items the bitset engine propagates and, left to itself (Propagation::automatic), breaks
// ties its own way, so its tree differs from dancing links': the solutions must not. Sudoku's exact cover,
// written out here (the library knows nothing of Sudoku), with the givens of puzzles of 633, 1 and 0
// solutions forced.
namespace {

// Option (r, c, d) is number (9r + c) * 9 + d.
dlx::Problem sudoku_problem() {
  dlx::Problem p;
  for (int i = 0; i < 4 * 81; ++i) p.add_primary("i" + std::to_string(i));
  const auto item = [](int group, int unit, int digit) {
    return static_cast<dlx::ItemId>(group * 81 + unit * 9 + digit);
  };
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 9; ++c)
      for (int d = 0; d < 9; ++d) {
        const dlx::ItemUse uses[] = {
            {item(0, r, c)}, {item(1, r, d)}, {item(2, c, d)}, {item(3, r / 3 * 3 + c / 3, d)}};
        p.add_option(uses);
      }
  return p;
}

// Forces a puzzle's givens (81 characters, '.' for a blank); false if they clash.
bool force_givens(dlx::Solver& solver, const char* puzzle) {
  bool consistent = true;
  for (int cell = 0; cell < 81; ++cell)
    if (const char given = puzzle[cell]; given != '.')
      consistent = solver.force(static_cast<dlx::OptionId>(cell * 9 + (given - '1'))) && consistent;
  return consistent;
}

}  // namespace

TEST_CASE("the propagating engine's own branching finds the same solutions as dancing links") {
  const dlx::Problem p = sudoku_problem();
  const char* puzzles[] = {
      ".......8...6.8.1..7....3..4.47..5...5..34............53....4..7......9...1.9...6.",  // 633 solutions
      "..45.21781...9..3....8....46..45.....7.9...128.12.35..4.......935..6.8.7.9.3..62.",  // 1
      ".......8...6.8.1..7....3..2.47..5...5..32............53....4..7......9...1.9...6.",  // 0
  };
  const std::size_t counts[] = {633, 1, 0};
  for (int k = 0; k < 3; ++k) {
    CAPTURE(k);
    const auto solutions = [&](dlx::Engine engine, dlx::Propagation propagation) {
      dlx::SearchOptions options;
      options.engine = engine;
      options.propagation = propagation;
      dlx::Solver solver(p, options);
      REQUIRE(force_givens(solver, puzzles[k]));
      std::set<Solution> found;
      std::size_t listed = 0;
      while (solver.next()) {
        Solution s(solver.solution().begin(), solver.solution().end());
        std::sort(s.begin(), s.end());
        found.insert(s);
        ++listed;
      }
      CHECK(listed == found.size());
      return found;
    };
    const std::set<Solution> expected = solutions(dlx::Engine::links, dlx::Propagation::never);
    CHECK(expected.size() == counts[k]);
    CHECK(solutions(dlx::Engine::bitset, dlx::Propagation::automatic) == expected);
    CHECK(solutions(dlx::Engine::bitset, dlx::Propagation::always) == expected);
  }
}

// The givens forced, the puzzle's one solution (sorted) and the nodes it took; a second solution fails the test.
static std::pair<std::vector<dlx::OptionId>, std::uint64_t> only_solution(dlx::Solver& solver,
                                                                          const dlx::Problem& p,
                                                                          const char* puzzle) {
  REQUIRE(force_givens(solver, puzzle));
  REQUIRE(solver.next());
  CHECK(test::is_exact_cover(p, solver.solution()));
  std::vector<dlx::OptionId> first(solver.solution().begin(), solver.solution().end());
  std::sort(first.begin(), first.end());
  CHECK_FALSE(solver.next());
  return {first, solver.stats().nodes};
}

// A 17-clue puzzle that unit propagation alone (hidden and naked singles) leaves with branching to do, and
// that the subset rule (here: a digit confined to one row or column of a box, or to one box of a row or
// column) solves at the root. Every primary item of the solution's options is covered once either way.
TEST_CASE("the subset rule at the root solves a puzzle that needs locked candidates without branching") {
  const char* puzzle = ".................1.....2.3...2...4....3.5......41....6.5.6......7.....2..8.91....";
  const dlx::Problem p = sudoku_problem();
  const auto run = [&](dlx::Propagation propagation) {
    dlx::SearchOptions options;
    options.engine = dlx::Engine::mask;  // the rule is the mask engine's
    options.propagation = propagation;
    dlx::Solver solver(p, options);
    // A search before, on the same solver: the rule's record of what it checked must be the new search's own.
    REQUIRE(force_givens(solver, puzzle));
    CHECK(solver.count().solutions == 1);
    solver.reset();
    return only_solution(solver, p, puzzle);
  };
  const auto [with_rule, nodes_with_rule] = run(dlx::Propagation::automatic);
  const auto [without_rule, nodes_without_rule] = run(dlx::Propagation::always);
  CHECK(with_rule == without_rule);
  CHECK(nodes_with_rule == 1);
  CHECK(nodes_without_rule > 1);
}

// A puzzle with 43 givens (the one above with cells of its solution added) that still needs locked candidates:
// its givens leave 47% of the primary items uncovered, under subset_root_above_percent (60), so the root skips
// the rule and branches; with the knob at 0 the rule solves it there. The same solution either way.
TEST_CASE("the subset rule at the root waits for puzzles with few givens (subset_root_above_percent)") {
  const char* puzzle = ".3.5.17.2.2...98.1.4..62.3..12.964.3863254..7.941..2.6.5.62.....7...562.28691....";
  const dlx::Problem p = sudoku_problem();
  const auto run = [&](int root_above_percent) {
    dlx::detail::Knobs knobs;
    knobs.subset_root_above_percent = root_above_percent;
    const dlx::detail::ScopedKnobs steer(knobs);
    dlx::SearchOptions options;
    options.engine = dlx::Engine::mask;
    dlx::Solver solver(p, options);
    return only_solution(solver, p, puzzle);
  };
  const auto [by_default, nodes_by_default] = run(dlx::detail::Knobs{}.subset_root_above_percent);
  const auto [with_rule, nodes_with_rule] = run(0);
  CHECK(by_default == with_rule);
  CHECK(nodes_with_rule == 1);
  CHECK(nodes_by_default > 1);
  // At the share this puzzle leaves (152 of 324 primary items: 46.9%, 152 at 47%), the rule is skipped; just
  // below, it runs.
  CHECK(run(47).second > 1);
  CHECK(run(46).second == 1);
}

// Latin squares of order n as exact cover: an option per cell and symbol, covering the cell, the symbol in
// the row and the symbol in the column. Columns have n options: short, so the propagating engine keeps a mask
// per item.
dlx::Problem latin_square(int n) {
  dlx::Problem p;
  for (int i = 0; i < 3 * n * n; ++i) p.add_primary("i" + std::to_string(i));
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      for (int s = 0; s < n; ++s) {
        const dlx::ItemUse uses[] = {{static_cast<dlx::ItemId>(r * n + c)},
                                     {static_cast<dlx::ItemId>(n * n + r * n + s)},
                                     {static_cast<dlx::ItemId>(2 * n * n + c * n + s)}};
        p.add_option(uses);
      }
  return p;
}

// Forcing options applies each one's removals at once (a precomputed row per option) when the problem is
// small and the solver has been reset for many puzzles, and one option at a time otherwise (order 14: 2744
// options, too many for the rows); either way, forcing agrees with dancing links, before and after
// branch_options() (which looks at the root, and may be followed by more forcing).
TEST_CASE("forced options: small and large short-column problems agree with dancing links") {
  for (const std::pair<int, int>& setting :
       {std::pair{5, 0}, std::pair{5, 200}, std::pair{14, 0}, std::pair{14, 200}}) {
    const int n = setting.first, resets = setting.second;
    CAPTURE(n);
    CAPTURE(resets);
    const dlx::Problem p = latin_square(n);
    const auto option = [n](int r, int c, int s) { return static_cast<dlx::OptionId>((r * n + c) * n + s); };
    struct Run {
      std::vector<bool> forced;
      std::vector<dlx::OptionId> branches;
      std::vector<Solution> first;
    };
    const auto run = [&](dlx::Engine engine) {
      dlx::SearchOptions options;
      options.engine = engine;
      options.propagation = dlx::Propagation::always;  // leftmost ties: the same tree as dancing links
      dlx::Solver solver(p, options);
      for (int k = 0; k < resets; ++k) {
        solver.force(option(k % n, 0, 0));
        solver.reset();
      }
      Run out;
      out.forced.push_back(solver.force(option(0, 0, 0)));
      out.forced.push_back(solver.force(option(0, 1, 0)));  // symbol 0 is in row 0 already
      out.forced.push_back(solver.force(option(1, 0, 0)));  // ... and in column 0
      out.forced.push_back(solver.force(option(0, 0, 1)));  // cell (0, 0) is filled
      out.forced.push_back(solver.force(option(1, 1, 0)));
      out.branches = solver.branch_options();
      out.forced.push_back(solver.force(option(2, 2, 0)));
      out.forced.push_back(solver.force(option(2, 3, 0)));  // symbol 0 is in row 2 now
      out.forced.push_back(solver.force(option(3, 2, 1)));
      out.forced.push_back(solver.force(option(3, 2, 2)));  // cell (3, 2) is filled
      out.forced.push_back(solver.force(option(4, 3, 1)));
      while (out.first.size() < 20 && solver.next()) {
        CHECK(test::is_exact_cover(p, solver.solution()));
        Solution s(solver.solution().begin(), solver.solution().end());
        std::sort(s.begin(), s.end());
        out.first.push_back(s);
      }
      return out;
    };
    const Run links = run(dlx::Engine::links), bitset = run(dlx::Engine::bitset);
    CHECK(links.forced == std::vector<bool>{true, false, false, false, true, true, false, true, false, true});
    CHECK(bitset.forced == links.forced);
    CHECK(!links.branches.empty());
    CHECK(bitset.branches == links.branches);
    CHECK(links.first.size() == 20);
    CHECK(bitset.first == links.first);
  }
}

// Between 65 and 256 options of 2 to 4 primary items each (one in three with a secondary item too, colored or
// not), over 8 to 12 primary items: enough options for the bitset engine's dense path to make frames.
dlx::Problem random_wide_problem(std::mt19937& rng, bool colors) {
  dlx::Problem p;
  const int primaries = std::uniform_int_distribution<int>(8, 12)(rng);
  std::vector<dlx::ItemId> primary;
  for (int i = 0; i < primaries; ++i) primary.push_back(p.add_primary("p" + std::to_string(i)));
  const dlx::ItemId s0 = p.add_secondary("s0"), s1 = p.add_secondary("s1");
  const int options = std::uniform_int_distribution<int>(65, 256)(rng);
  for (int o = 0; o < options; ++o) {
    std::shuffle(primary.begin(), primary.end(), rng);
    std::vector<dlx::ItemUse> uses;
    const int k = std::uniform_int_distribution<int>(2, 4)(rng);
    for (int u = 0; u < k; ++u) uses.push_back({primary[static_cast<std::size_t>(u)]});
    if (rng() % 3 == 0) {
      const dlx::ColorId color = colors ? p.color(rng() % 2 == 0 ? "red" : "blue") : dlx::kNoColor;
      uses.push_back({rng() % 2 == 0 ? s0 : s1, color});
    }
    p.add_option(uses);
  }
  return p;
}

// 70 options over 8 primary items: item 0 in 10 of them, each item after it in more (the other 60 options take
// 2 or 3 of items 1 to 7). The root branches on item 0, and its children's options, the 60 others, fit in one
// word: on the dense path the root makes one frame for all its children.
dlx::Problem parent_frame_problem(std::mt19937& rng) {
  dlx::Problem p;
  for (int i = 0; i < 8; ++i) p.add_primary("p" + std::to_string(i));
  for (int o = 0; o < 10; ++o) p.add_option({{0}, {static_cast<dlx::ItemId>(1 + o % 7)}});
  std::vector<dlx::ItemId> others = {1, 2, 3, 4, 5, 6, 7};
  for (int o = 0; o < 60; ++o) {
    std::shuffle(others.begin(), others.end(), rng);
    const auto k = static_cast<std::ptrdiff_t>(2 + o % 2);
    std::vector<dlx::ItemUse> uses;
    for (auto it = others.begin(); it != others.begin() + k; ++it) uses.push_back({*it});
    p.add_option(uses);
  }
  return p;
}

// Whether item 0 alone has the fewest options.
bool first_item_fewest(const dlx::Problem& p) {
  std::vector<int> column(p.item_count(), 0);
  for (dlx::OptionId o = 0; o < p.option_count(); ++o)
    for (const dlx::ItemUse& use : p.option(o)) ++column[use.item];
  return std::all_of(column.begin() + 1, column.end(), [&](int c) { return c > column[0]; });
}

// The mask engine scores an item's options by how many options they remove, with a correction for options
// that share two items ("twins"). It builds each option's twins the first time it scores it, and after a few
// thousand scorings builds them all at once, laid out for faster loops (a fixed number per option when they
// all have the same, as in Sudoku). Either way it must choose the same: a solver reused past that point lists
// the solutions in the same order as a fresh one. From an empty grid: plain Sudoku (4 items and 4 twins per
// option), a jigsaw Sudoku (two cells of two boxes swapped: 4 items, 0 to 4 twins) and Sudoku X (the two
// diagonals too: 4 to 6 items).
TEST_CASE("the mask engine's tie-breaks are the same with twins built one by one or all at once") {
  for (const int variant : {0, 1, 2}) {
    CAPTURE(variant);
    const bool jigsaw = variant == 1, diagonals = variant == 2;
    const auto region = [&](int r, int c) {
      if (jigsaw && r == 2 && c == 2) return 4;
      if (jigsaw && r == 3 && c == 3) return 0;
      return r / 3 * 3 + c / 3;
    };
    dlx::Problem p;
    for (int i = 0; i < 4 * 81 + (diagonals ? 18 : 0); ++i) p.add_primary("i" + std::to_string(i));
    for (int r = 0; r < 9; ++r)
      for (int c = 0; c < 9; ++c)
        for (int d = 0; d < 9; ++d) {
          std::vector<dlx::ItemUse> uses = {{static_cast<dlx::ItemId>(r * 9 + c)},
                                            {static_cast<dlx::ItemId>(81 + r * 9 + d)},
                                            {static_cast<dlx::ItemId>(162 + c * 9 + d)},
                                            {static_cast<dlx::ItemId>(243 + region(r, c) * 9 + d)}};
          if (diagonals && r == c) uses.push_back({static_cast<dlx::ItemId>(324 + d)});
          if (diagonals && r + c == 8) uses.push_back({static_cast<dlx::ItemId>(333 + d)});
          p.add_option(uses);
        }
    const auto first_solutions = [&](dlx::Solver& solver) {
      std::vector<Solution> out;
      while (out.size() < 3000 && solver.next())
        out.emplace_back(solver.solution().begin(), solver.solution().end());
      return out;
    };
    dlx::SearchOptions options;
    options.engine = dlx::Engine::mask;  // twins are the mask engine's
    dlx::Solver fresh(p, options);
    const std::vector<Solution> expected = first_solutions(fresh);
    REQUIRE(expected.size() == 3000);
    const std::uint64_t nodes = fresh.stats().nodes;
    dlx::Solver reused(p, options);
    for (int run = 0; run < 4; ++run) {  // past the first run or two, every option's twins are built
      CAPTURE(run);
      reused.reset();
      CHECK(first_solutions(reused) == expected);
      CHECK(reused.stats().nodes == nodes);
    }
  }
}

// Counts with the solver reset and paused every `slice` nodes (a node limit raised by slice each time), checking
// the tables at each pause: the total.
dlx::Count128 count_in_slices(dlx::Solver& solver, std::uint64_t slice) {
  solver.reset();
  dlx::Count128 counted = 0;
  std::uint64_t limit = 0;
  for (int pauses = 0;; ++pauses) {
    REQUIRE(pauses <= 1000);
    limit += slice;
    solver.set_node_limit(limit);
    counted += solver.count().solutions;
    if (solver.status() == dlx::Status::exhausted) break;
    CHECK(solver.status() == dlx::Status::node_limit);
    solver.check_invariants();
  }
  return counted;
}

// The dense path (at most 256 options, no propagation) runs the subtree of the first node on a path whose
// options fit in one word on that word (its frame; bitset_engine.hpp). Problems of 65 to 256 options make and
// leave frames (some made by a node for its children, as parent_frame_problem's root does): the same solutions in
// the same order as dancing links, the tables checked at solutions (inside a frame, the levels below it; in debug
// and sanitizer builds at every step of the first problem), and counts paused every few nodes (a pause inside a
// frame, resumed there).
TEST_CASE("the dense path's frames: problems of 65 to 256 options agree with dancing links") {
  dlx::detail::Knobs knobs;
  knobs.dense_frames = 2;  // in every copy of the engines with PEXT, whatever the processor
  const dlx::detail::ScopedKnobs steer(knobs);
  std::vector<dlx::Problem> problems = {test::queens(9), test::queens(10), test::queens(11)};
  std::mt19937 rng(37);
  for (int trial = 0; trial < 16; ++trial) problems.push_back(random_wide_problem(rng, trial % 2 == 1));
  for (int trial = 0; trial < 3; ++trial) {
    problems.push_back(parent_frame_problem(rng));
    REQUIRE(first_item_fewest(problems.back()));
  }
  std::size_t with_solutions = 0;
  for (std::size_t k = 0; k < problems.size(); ++k) {
    CAPTURE(k);
    const dlx::Problem& p = problems[k];
    REQUIRE(p.option_count() > 64);
    const auto list = [&p, k](dlx::Engine engine, bool check) {
      dlx::SearchOptions options;
      options.engine = engine;
      options.propagation = dlx::Propagation::never;
      options.check_every_step = check && k == 0;  // in debug and sanitizer builds: queens 9, every step
      dlx::Solver solver(p, options);
      std::vector<Solution> out;
      while (solver.next()) {
        CHECK(test::is_exact_cover(p, solver.solution()));
        if (check && out.size() % 61 == 0) solver.check_invariants();
        Solution s(solver.solution().begin(), solver.solution().end());
        std::sort(s.begin(), s.end());
        out.push_back(s);
      }
      return out;
    };
    const std::vector<Solution> links = list(dlx::Engine::links, false),
                                bitset = list(dlx::Engine::bitset, true);
    CHECK(bitset == links);
    with_solutions += links.empty() ? 0 : 1;

    dlx::SearchOptions options;
    options.engine = dlx::Engine::bitset;
    options.propagation = dlx::Propagation::never;
    dlx::Solver solver(p, options);
    solver.count();
    const std::uint64_t nodes = solver.stats().nodes;
    CHECK(count_in_slices(solver, 1 + nodes / 50) == links.size());
    CHECK(solver.stats().nodes == nodes);  // the same tree, in slices
  }
  CHECK(with_solutions >= 10);  // the random problems are not all without solutions
}

// Left to itself (Propagation::automatic), the dense path takes an item's last option at the node itself instead
// of in a child node: the same choices in the same order as Propagation::never, so the same solutions in the same
// order, each listing its options in the same order, with fewer nodes. Problems of up to 64 options (one word,
// no frames), 65 to 256 (frames), and one of more than 64 primary items (two words of items): the tables checked
// at solutions (in debug and sanitizer builds at every step of the first problems), and counts paused every few
// nodes (a pause between options taken in place, resumed there).
TEST_CASE("the dense path's options taken in place: the order of Propagation::never, fewer nodes") {
  dlx::detail::Knobs knobs;
  knobs.dense_frames = 2;  // in every copy of the engines with PEXT, whatever the processor
  knobs.propagate_sparse_primaries =
      200;  // the strip below (70 primary items, short columns) on the dense path
  const dlx::detail::ScopedKnobs steer(knobs);
  std::vector<dlx::Problem> problems = {test::queens(6), test::queens(9), test::queens(11)};
  std::mt19937 rng(61);
  for (int trial = 0; trial < 12; ++trial) problems.push_back(random_wide_problem(rng, trial % 2 == 1));
  problems.push_back(parent_frame_problem(rng));  // the root makes the frame for its children
  REQUIRE(first_item_fewest(problems.back()));
  // A strip of 70 cells tiled by dominoes and by monominoes on a few cells: 139 options, 70 primary items.
  dlx::Problem strip;
  for (int i = 0; i < 70; ++i) strip.add_primary("c" + std::to_string(i));
  for (int i = 0; i + 1 < 70; ++i)
    strip.add_option({{static_cast<dlx::ItemId>(i)}, {static_cast<dlx::ItemId>(i + 1)}});
  for (const int i : {3, 10, 11, 30, 47, 52, 69}) strip.add_option({{static_cast<dlx::ItemId>(i)}});
  problems.push_back(strip);
  std::uint64_t fewer = 0;
  for (std::size_t k = 0; k < problems.size(); ++k) {
    CAPTURE(k);
    const dlx::Problem& p = problems[k];
    const auto options_for = [k](dlx::Propagation propagation) {
      dlx::SearchOptions options;
      options.engine = dlx::Engine::bitset;
      options.propagation = propagation;
      options.check_every_step = k < 2;  // in debug and sanitizer builds
      return options;
    };
    const auto list = [&p, &options_for](dlx::Propagation propagation, std::uint64_t& nodes) {
      dlx::Solver solver(p, options_for(propagation));
      std::vector<Solution> out;
      while (solver.next()) {
        CHECK(test::is_exact_cover(p, solver.solution()));
        if (out.size() % 7 == 0) solver.check_invariants();
        out.emplace_back(solver.solution().begin(), solver.solution().end());
      }
      nodes = solver.stats().nodes;
      return out;
    };
    std::uint64_t nodes_never = 0, nodes_in_place = 0;
    const std::vector<Solution> never = list(dlx::Propagation::never, nodes_never);
    const std::vector<Solution> in_place = list(dlx::Propagation::automatic, nodes_in_place);
    CHECK(in_place == never);
    CHECK(nodes_in_place <= nodes_never);
    fewer += nodes_in_place < nodes_never ? 1 : 0;

    dlx::Solver solver(p, options_for(dlx::Propagation::automatic));
    CHECK(solver.count().solutions == never.size());
    CHECK(solver.stats().nodes == nodes_in_place);
    CHECK(count_in_slices(solver, 1 + nodes_in_place / 40) == never.size());
    CHECK(solver.stats().nodes == nodes_in_place);
  }
  CHECK(fewer >= problems.size() / 2);  // options were taken in place
  CHECK(problems.back().primary_count() > 64);
}
