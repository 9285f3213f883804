// The mask engine's group rule (src/dlx/engine/mask_engine.cpp, build_groups()): items whose options lead to the
// same items two ways, as the three cells of a row in a box of a Sudoku (a triad). Sudoku's exact cover is
// written out here, the library knowing nothing of Sudoku; the rule must find the groups from the options alone,
// whatever the order of the items.
#include <doctest/doctest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "../common/exact_cover_check.hpp"
#include "dlx/engine/knobs.hpp"
#include "dlx/solver.hpp"

namespace {

using Solution = std::vector<dlx::OptionId>;

// Sudoku of side n = b * b (boxes b by b): option (r, c, d) is number (n r + c) n + d, with the items cell,
// row-digit, column-digit and box-digit. `order` numbers the 4 n^2 items (a permutation): the groups' members
// are then not evenly spaced, and the rule checks them one by one instead of a vector at a time.
dlx::Problem sudoku(int b, const std::vector<int>& order = {}) {
  const int n = b * b, items = 4 * n * n;
  dlx::Problem p;
  for (int i = 0; i < items; ++i) p.add_primary("i" + std::to_string(i));
  const auto item = [&](int group, int unit, int digit) {
    const int k = group * n * n + unit * n + digit;
    return static_cast<dlx::ItemId>(order.empty() ? k : order[static_cast<std::size_t>(k)]);
  };
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      for (int d = 0; d < n; ++d) {
        const dlx::ItemUse uses[] = {
            {item(0, r, c)}, {item(1, r, d)}, {item(2, c, d)}, {item(3, r / b * b + c / b, d)}};
        p.add_option(uses);
      }
  return p;
}

// Forces a puzzle's givens (n^2 characters, '1' up, '.' for a blank); false if they clash.
bool force_givens(dlx::Solver& solver, const std::string& puzzle, int n) {
  bool consistent = true;
  for (int cell = 0; cell < n * n; ++cell)
    if (const char given = puzzle[static_cast<std::size_t>(cell)]; given != '.')
      consistent = solver.force(static_cast<dlx::OptionId>(cell * n + (given - '1'))) && consistent;
  return consistent;
}

struct Found {
  std::set<Solution> solutions;
  std::uint64_t nodes = 0;
};

// Every solution with the puzzle's givens forced, under the knobs. Sanitizer and debug builds check the engine's
// invariants at every step on 4x4 grids (on 9x9 that takes minutes there).
Found solve_all(const dlx::Problem& p, const std::string& puzzle, int n, dlx::Engine engine,
                const dlx::detail::Knobs& knobs) {
  const dlx::detail::ScopedKnobs steer(knobs);
  dlx::SearchOptions options;
  options.engine = engine;
  options.propagation = engine == dlx::Engine::links ? dlx::Propagation::never : dlx::Propagation::automatic;
  options.check_every_step = n == 4;
  dlx::Solver solver(p, options);
  Found found;
  if (!force_givens(solver, puzzle, n)) return found;
  std::size_t listed = 0;
  while (solver.next()) {
    CHECK(test::is_exact_cover(p, solver.solution()));
    Solution s(solver.solution().begin(), solver.solution().end());
    std::sort(s.begin(), s.end());
    found.solutions.insert(s);
    ++listed;
  }
  CHECK(listed == found.solutions.size());
  found.nodes = solver.stats().nodes;
  return found;
}

// A random puzzle of side b * b with `givens` cells of a random grid: the pattern grid (r, c) -> (b (r mod b) +
// r / b + c) mod n, its digits relabelled and its rows shuffled within their bands.
std::string random_puzzle(std::mt19937& rng, int b, int givens) {
  const int n = b * b;
  std::vector<int> digits(static_cast<std::size_t>(n));
  std::iota(digits.begin(), digits.end(), 0);
  std::shuffle(digits.begin(), digits.end(), rng);
  std::vector<int> rows(static_cast<std::size_t>(n));
  for (int band = 0; band < b; ++band) {
    std::vector<int> within(static_cast<std::size_t>(b));
    std::iota(within.begin(), within.end(), 0);
    std::shuffle(within.begin(), within.end(), rng);
    for (int k = 0; k < b; ++k)
      rows[static_cast<std::size_t>(band * b + k)] = band * b + within[static_cast<std::size_t>(k)];
  }
  std::string grid(static_cast<std::size_t>(n * n), '.');
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      const int row = rows[static_cast<std::size_t>(r)];
      const int d = (b * (row % b) + row / b + c) % n;
      grid[static_cast<std::size_t>(r * n + c)] =
          static_cast<char>('1' + digits[static_cast<std::size_t>(d)]);
    }
  std::vector<int> cells(static_cast<std::size_t>(n * n));
  std::iota(cells.begin(), cells.end(), 0);
  std::shuffle(cells.begin(), cells.end(), rng);
  std::string puzzle(static_cast<std::size_t>(n * n), '.');
  for (int k = 0; k < givens; ++k)
    puzzle[static_cast<std::size_t>(cells[static_cast<std::size_t>(k)])] =
        grid[static_cast<std::size_t>(cells[static_cast<std::size_t>(k)])];
  return puzzle;
}

// The rule at the root and at every level (with the subset rule and tie-breaks there too), against dancing links.
dlx::detail::Knobs everywhere() {
  dlx::detail::Knobs knobs;
  knobs.group_rule_at_root = true;
  knobs.group_rule_above_percent = 0;
  knobs.subset_below_above_percent = 0;
  knobs.subset_root_above_percent = 0;
  knobs.tie_break_above_percent = 0;
  return knobs;
}

}  // namespace

// A 17-clue puzzle whose root, after hidden and naked singles and locked candidates, still has a triad to use
// (three cells of a row in a box left with three digits between them); with it the root solves the puzzle,
// whether the groups are checked a vector at a time (items in Sudoku's order) or one by one (shuffled).
TEST_CASE("the group rule at the root solves a puzzle that needs a triad without branching") {
  const std::string puzzle =
      ".................1....23.4......4.5...1....2..67.........1....75....8...9.....8.6";
  std::mt19937 rng(17);
  for (const bool shuffled : {false, true}) {
    CAPTURE(shuffled);
    std::vector<int> order;
    if (shuffled) {
      order.resize(4 * 81);
      std::iota(order.begin(), order.end(), 0);
      std::shuffle(order.begin(), order.end(), rng);
    }
    const dlx::Problem p = sudoku(3, order);
    dlx::detail::Knobs with_rule, without_rule;
    with_rule.group_rule_at_root = true;
    without_rule.group_rule_at_root = false;
    const Found with = solve_all(p, puzzle, 9, dlx::Engine::mask, with_rule);
    const Found without = solve_all(p, puzzle, 9, dlx::Engine::mask, without_rule);
    REQUIRE(with.solutions.size() == 1);
    CHECK(with.solutions == without.solutions);
    CHECK(with.nodes == 1);
    CHECK(without.nodes > 1);
    // By default the root applies the rule.
    CHECK(dlx::detail::Knobs{}.group_rule_at_root);
    CHECK(solve_all(p, puzzle, 9, dlx::Engine::mask, dlx::detail::Knobs{}).nodes == 1);
  }
}

// Puzzles with many solutions, one and none, on 4x4 and 9x9 grids, the items in Sudoku's order (the groups
// checked a vector at a time) and shuffled (one at a time): the same solutions as dancing links.
TEST_CASE("the group rule at every level finds the solutions dancing links finds") {
  std::mt19937 rng(37);
  int pruned[2] = {0, 0};  // trees the rule made smaller: items in order, shuffled
  for (int trial = 0; trial < 200; ++trial) {
    CAPTURE(trial);
    const int b = trial % 3 == 0 ? 2 : 3, n = b * b;
    std::vector<int> order;
    if (trial % 2 == 1) {
      order.resize(static_cast<std::size_t>(4 * n * n));
      std::iota(order.begin(), order.end(), 0);
      std::shuffle(order.begin(), order.end(), rng);
    }
    const dlx::Problem p = sudoku(b, order);
    // 9x9: 26 to 33 givens (up to a few hundred solutions); 4x4: 3 to 6. Every fifth puzzle gets a clashing
    // digit in a blank cell, so that many have no solution.
    std::string puzzle = random_puzzle(rng, b, b == 2 ? 3 + trial % 4 : 26 + trial % 8);
    if (trial % 5 == 4) {
      const auto blank = puzzle.find('.');
      puzzle[blank] = static_cast<char>('1' + static_cast<int>(rng() % static_cast<unsigned>(n)));
    }
    CAPTURE(puzzle);
    const Found expected = solve_all(p, puzzle, n, dlx::Engine::links, dlx::detail::Knobs{});
    dlx::detail::Knobs off = everywhere();
    off.group_rule_at_root = false;
    off.group_rule_above_percent = 100;
    const Found with = solve_all(p, puzzle, n, dlx::Engine::mask, everywhere());
    const Found without = solve_all(p, puzzle, n, dlx::Engine::mask, off);
    CHECK(with.solutions == expected.solutions);
    CHECK(without.solutions == expected.solutions);
    pruned[trial % 2] += with.nodes < without.nodes ? 1 : 0;
  }
  CHECK(pruned[0] + pruned[1] >= 5);  // the rule did cut trees
}
