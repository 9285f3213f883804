// Variants (rules.hpp, cages.hpp): the solver's counts against a brute-force counter that knows the rules
// only from its own description below, published killers against their published solutions, and the errors.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "helpers.hpp"
#include "sudoku/io/killer_lines.hpp"
#include "sudoku/maker/generator.hpp"
#include "sudoku/maker/logic/tiers.hpp"
#include "sudoku/model/cages.hpp"
#include "sudoku/model/conflict.hpp"
#include "sudoku/model/constraints.hpp"
#include "sudoku/model/houses.hpp"
#include "sudoku/model/neighbours.hpp"
#include "sudoku/model/solver.hpp"
#include "sudoku/pipeline/batch.hpp"

using sudoku::Grid;
using sudoku::Neighbourhood;
using sudoku::Shape;

namespace {

// A variant as the brute force sees it: every rule a predicate on a filled-in board, written without the
// library's geometry.
struct Spec {
  Shape shape;
  std::string regions;  // n*n symbols, empty for the boxes
  std::string extra;    // extra regions: n*n symbols, '.' outside them; empty for none
  bool x = false, windoku = false, knight = false, king = false, nonconsecutive = false;
  std::vector<std::pair<int, std::vector<int>>> cages;  // sum, cells
  std::string givens;                                   // n*n, '.' blank; empty for none
};

// Plain backtracking in reading order; each placement is checked against every earlier cell. `grids`, when
// given, receives every solution as text.
std::uint64_t brute_count(const Spec& spec, std::vector<std::string>* grids = nullptr) {
  const int n = spec.shape.side(), R = spec.shape.box_rows, C = spec.shape.box_cols;
  std::vector<int> v(static_cast<std::size_t>(n * n), 0);
  const auto region = [&](int cell) {
    if (!spec.regions.empty()) return static_cast<int>(spec.regions[static_cast<std::size_t>(cell)]);
    return (cell / n) / R * 1000 + (cell % n) / C;
  };
  // Windows: the boxes' size, starting at row/column 1, one apart. -1 when outside every window.
  const auto window = [&](int cell) {
    const int r = cell / n, c = cell % n;
    for (int top = 1, i = 0; top + R <= n; top += R + 1, ++i)
      for (int left = 1, j = 0; left + C <= n; left += C + 1, ++j)
        if (r >= top && r < top + R && c >= left && c < left + C) return i * 100 + j;
    return -1;
  };
  std::vector<int> cage_of(static_cast<std::size_t>(n * n), -1);
  for (std::size_t k = 0; k < spec.cages.size(); ++k)
    for (int cell : spec.cages[k].second) cage_of[static_cast<std::size_t>(cell)] = static_cast<int>(k);
  const auto fits = [&](int cell, int d) {
    const int r = cell / n, c = cell % n;
    for (int other = 0; other < cell; ++other) {
      const int e = v[static_cast<std::size_t>(other)];
      const int r2 = other / n, c2 = other % n, dr = r > r2 ? r - r2 : r2 - r, dc = c > c2 ? c - c2 : c2 - c;
      const bool same_group =
          r == r2 || c == c2 || region(cell) == region(other) || (spec.x && r == c && r2 == c2) ||
          (!spec.extra.empty() && spec.extra[static_cast<std::size_t>(cell)] != '.' &&
           spec.extra[static_cast<std::size_t>(cell)] == spec.extra[static_cast<std::size_t>(other)]) ||
          (spec.x && r + c == n - 1 && r2 + c2 == n - 1) ||
          (spec.windoku && window(cell) >= 0 && window(cell) == window(other)) ||
          (spec.knight && dr * dr + dc * dc == 5) || (spec.king && dr <= 1 && dc <= 1) ||
          (cage_of[static_cast<std::size_t>(cell)] >= 0 &&
           cage_of[static_cast<std::size_t>(cell)] == cage_of[static_cast<std::size_t>(other)]);
      if (same_group && e == d) return false;
      if (spec.nonconsecutive && dr + dc == 1 && (e == d + 1 || e == d - 1)) return false;
    }
    return true;
  };
  // A cage's sum, once its last cell (in reading order) is filled.
  const auto cage_done = [&](int cell) {
    const int k = cage_of[static_cast<std::size_t>(cell)];
    if (k < 0) return true;
    const auto& [sum, cells] = spec.cages[static_cast<std::size_t>(k)];
    int total = 0;
    for (int c : cells) {
      if (c > cell) return true;
      total += v[static_cast<std::size_t>(c)];
    }
    return total == sum;
  };
  std::uint64_t count = 0;
  const auto search = [&](auto&& self, int cell) -> void {
    if (cell == n * n) {
      ++count;
      if (grids != nullptr) {
        std::string& text = grids->emplace_back();
        for (const int d : v) text += static_cast<char>('0' + d);
      }
      return;
    }
    const char given = spec.givens.empty() ? '.' : spec.givens[static_cast<std::size_t>(cell)];
    for (int d = 1; d <= n; ++d) {
      if (given != '.' && given - '0' != d) continue;
      if (!fits(cell, d)) continue;
      v[static_cast<std::size_t>(cell)] = d;
      if (cage_done(cell)) self(self, cell + 1);
      v[static_cast<std::size_t>(cell)] = 0;
    }
  };
  search(search, 0);
  return count;
}

sudoku::Rules rules_of(const Spec& spec) {
  sudoku::Variants variants;
  variants.x = spec.x;
  variants.windoku = spec.windoku;
  variants.anti_knight = spec.knight;
  variants.anti_king = spec.king;
  variants.non_consecutive = spec.nonconsecutive;
  variants.regions = spec.regions;
  variants.extra_regions = spec.extra;
  sudoku::Rules rules = sudoku::make_rules(spec.shape, variants);
  for (const auto& [sum, cells] : spec.cages) rules.cages.push_back({sum, cells});
  return rules;
}

Grid givens_of(const Spec& spec) {
  Grid g;
  g.reset(spec.shape);
  for (std::size_t i = 0; i < spec.givens.size(); ++i)
    if (spec.givens[i] != '.') g.cells[i] = static_cast<std::uint8_t>(spec.givens[i] - '0');
  return g;
}

std::uint64_t solver_count(const Spec& spec) {
  sudoku::Solver solver(rules_of(spec));
  if (solver.load(givens_of(spec))) return 0;
  const dlx::Count c = solver.count();
  REQUIRE(c.complete);
  return static_cast<std::uint64_t>(c.solutions) *
         solver.symmetry();  // an empty board fixes its first row (Solver::symmetry())
}

// Every combination of the five flag variants on a spec.
void check_all_flags(Spec spec) {
  for (int flags = 0; flags < 32; ++flags) {
    spec.x = flags & 1;
    spec.windoku = flags & 2;
    spec.knight = flags & 4;
    spec.king = flags & 8;
    spec.nonconsecutive = flags & 16;
    CAPTURE(flags);
    CHECK(solver_count(spec) == brute_count(spec));
  }
}

}  // namespace

TEST_CASE("neighbour pairs: each pair once, as many as the moves allow, symmetric lists") {
  for (const int n : {4, 6, 9, 16}) {
    // A knight's move fits (n-1)(n-2) times in each of its 4 directions up to sign; a diagonal step (n-1)^2
    // times in each of 2; an orthogonal one n(n-1) times in each of 2.
    const std::pair<Neighbourhood, int> kinds[] = {{Neighbourhood::knight, 4 * (n - 1) * (n - 2)},
                                                   {Neighbourhood::king, 2 * (n - 1) * (n - 1)},
                                                   {Neighbourhood::orthogonal, 2 * n * (n - 1)}};
    for (const auto& [kind, want] : kinds) {
      const std::vector<std::pair<int, int>> pairs = sudoku::neighbour_pairs(n, kind);
      CHECK(static_cast<int>(pairs.size()) == want);
      CHECK(std::is_sorted(pairs.begin(), pairs.end()));
      CHECK(std::adjacent_find(pairs.begin(), pairs.end()) == pairs.end());
      const std::vector<std::vector<int>> of = sudoku::neighbours_of(n, kind);
      std::size_t listed = 0;
      for (const auto& [a, b] : pairs) {
        CHECK(a < b);
        const int dr = std::abs(a / n - b / n), dc = std::abs(a % n - b % n);
        if (kind == Neighbourhood::knight) CHECK(dr * dc == 2);
        if (kind == Neighbourhood::king) CHECK((dr == 1 && dc == 1));
        if (kind == Neighbourhood::orthogonal) CHECK(dr + dc == 1);
        const std::vector<int>& na = of[static_cast<std::size_t>(a)];
        const std::vector<int>& nb = of[static_cast<std::size_t>(b)];
        CHECK(std::binary_search(na.begin(), na.end(), b));
        CHECK(std::binary_search(nb.begin(), nb.end(), a));
      }
      for (const std::vector<int>& cells : of) listed += cells.size();
      CHECK(listed == 2 * pairs.size());
    }
  }
}

TEST_CASE("4x4 variants: every combination of the rules agrees with a brute-force count") {
  Spec spec;
  spec.shape = Shape{2, 2};
  check_all_flags(spec);
  spec.regions = "AAABABBBCCCDCDDD";  // a jigsaw
  check_all_flags(spec);
  spec.regions.clear();
  spec.cages = {{3, {0, 1}}, {7, {5, 6, 10}}, {4, {14, 15}}};
  check_all_flags(spec);
}

TEST_CASE("6x6 variants with a first row given agree with a brute-force count") {
  Spec spec;
  spec.shape = Shape{2, 3};
  spec.givens = "123456" + std::string(30, '.');
  check_all_flags(spec);
  spec.regions = "AAABBBAABBBCADDDCCEEDDCCEEDFFCEEFFFF";
  spec.x = true;
  CHECK(solver_count(spec) == brute_count(spec));
  spec.x = false;
  spec.regions.clear();
  spec.givens = "1" + std::string(35, '.');
  spec.cages = {{11, {1, 2, 7}}, {3, {12, 18}}, {15, {20, 21, 26, 27}}, {10, {33, 34, 35}}};
  spec.x = true;
  CHECK(solver_count(spec) == brute_count(spec));
}

TEST_CASE("empty-grid counts of small jigsaw layouts agree with a brute-force count, some are none") {
  bool some_none = false;
  for (const char* layout : {"AABBAABBCCDDCCDD", "AAABABBBCCCDCDDD", "AAAABBBBCCCCDDDD", "AABBAABBCDCDCDCD",
                             "ABBBAACBDDCCDDCA", "AAABCCABCDBBCDDD", "AABBACCBADDBCCDD"}) {
    Spec spec;
    spec.shape = Shape{2, 2};
    spec.regions = layout;
    CAPTURE(layout);
    const std::uint64_t count = brute_count(spec);
    CHECK(solver_count(spec) == count);
    some_none = some_none || count == 0;
  }
  CHECK(some_none);  // the last layout admits no grid
  Spec five;         // a prime side: regions only, the boxes are rows
  five.shape = Shape{1, 5};
  five.regions = "AAABBAABBBCCCDDCCDEEDDEEE";
  CHECK(solver_count(five) == brute_count(five));
}

TEST_CASE("an empty board under digit-symmetric rules: next() lists every solution once, as a brute force") {
  // load() fixes the first row and count() multiplies back (Solver::symmetry()); next() must hand out the n!
  // relabellings of each solution the search finds, so that a listing is the brute force's, whole.
  Spec x, jigsaw, extra, knight;
  x.shape = jigsaw.shape = extra.shape = knight.shape = Shape{2, 2};
  x.x = true;
  jigsaw.regions = "AAABCABBCCDBCDDD";
  extra.extra = "A..A........A..A";
  knight.knight = true;
  for (const Spec& spec : {x, jigsaw, extra, knight}) {
    CAPTURE(spec.regions);
    CAPTURE(spec.extra);
    std::vector<std::string> expected;
    brute_count(spec, &expected);
    REQUIRE(!expected.empty());
    std::sort(expected.begin(), expected.end());
    sudoku::Solver solver(rules_of(spec));
    const Grid empty = givens_of(spec);
    REQUIRE(!solver.load(empty));
    CHECK(solver.symmetry() == 24);  // the shortcut is on: what is checked here is that next() undoes it
    std::vector<std::string> listed;
    Grid solution;
    while (solver.next(solution)) listed.push_back(test::text_of(solution));
    CHECK(solver.status() == dlx::Status::exhausted);
    std::sort(listed.begin(), listed.end());
    CHECK(std::adjacent_find(listed.begin(), listed.end()) == listed.end());  // each once
    CHECK(listed == expected);
    CHECK(solver_count(spec) == expected.size());
    // A listing cut short, then a count of the rest: the count goes on past the solutions next() stood in.
    REQUIRE(!solver.load(empty));
    REQUIRE(solver.next(solution));
    REQUIRE(solver.next(solution));
    const dlx::Count rest = solver.count();
    CHECK(rest.complete);
    CHECK((1 + rest.solutions) * solver.symmetry() == expected.size());
  }
}

TEST_CASE("an empty board's listing stops at the stop flag among a solution's relabellings, and resumes") {
  sudoku::Variants variants;
  variants.x = true;
  std::atomic<bool> stop{false};
  dlx::SearchOptions options;
  options.stop = &stop;
  sudoku::Solver solver(sudoku::make_rules(Shape{2, 2}, variants), options);
  Grid empty, solution;
  empty.reset(Shape{2, 2});
  REQUIRE(!solver.load(empty));
  REQUIRE(solver.next(solution));  // the search's solution; 23 relabellings of it to come
  stop = true;
  CHECK(!solver.next(solution));
  CHECK(solver.status() == dlx::Status::stopped);
  stop = false;
  std::vector<std::string> listed{test::text_of(solution)};
  while (solver.next(solution)) listed.push_back(test::text_of(solution));
  std::sort(listed.begin(), listed.end());
  CHECK(std::unique(listed.begin(), listed.end()) == listed.end());
  CHECK(listed.size() == 48);  // 2 solutions with the first row 1234, times 4!
}

TEST_CASE("random jigsaw layouts (cells traded between neighbouring regions) count as a brute force does") {
  // Twin cells and leftovers settle many of these at the root: every such answer must be a brute force's, the
  // layouts that admit no grid (most of them) and those that do.
  std::mt19937 rng(20261125);
  int none = 0, some = 0;
  for (const Shape shape : {Shape{2, 2}, Shape{1, 5}}) {
    const int n = shape.side();
    for (int round = 0; round < (n == 4 ? 80 : 20); ++round) {  // a 5x5 brute force takes a tenth of a second
      std::string layout;
      for (int cell = 0; cell < n * n; ++cell)
        layout += static_cast<char>('A' + (cell / n) / shape.box_rows * shape.box_rows +
                                    (cell % n) / shape.box_cols);
      for (int swaps = 1 + static_cast<int>(rng() % 5); swaps > 0; --swaps) {
        const int a = static_cast<int>(rng() % static_cast<unsigned>(n * n));
        const int r = a / n, c = a % n;
        const bool down = rng() % 2 == 0;
        const int b = down ? (r + 1 < n ? a + n : a - n) : (c + 1 < n ? a + 1 : a - 1);
        std::swap(layout[static_cast<std::size_t>(a)], layout[static_cast<std::size_t>(b)]);
      }
      Spec spec;
      spec.shape = shape;
      spec.regions = layout;
      CAPTURE(layout);
      const std::uint64_t count = brute_count(spec);
      CHECK(solver_count(spec) == count);
      (count == 0 ? none : some) += 1;
    }
  }
  CHECK(none > 0);
  CHECK(some > 0);
}

TEST_CASE("published killers (enjoysudoku 'human solvable zero') give their published solutions") {
  const auto puzzles = test::read_lines("killers.txt");
  const auto solutions = test::read_lines("killers_solutions.txt");
  REQUIRE(puzzles.size() == solutions.size());
  REQUIRE(!puzzles.empty());
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    const sudoku::KillerPuzzle killer = sudoku::parse_sudocue_killer(puzzles[i]);
    sudoku::Solver solver(killer.rules);
    REQUIRE(!solver.load(killer.givens));
    Grid solution;
    REQUIRE(solver.next(solution));
    CHECK(test::text_of(solution) == solutions[i]);
    CHECK(!solver.next(solution));  // unique
  }
}

TEST_CASE("a typed killer reads as the same cages as its long form") {
  // The 4x4 cages of the brute-force test: A=3 at r1c1-r1c2, B=7 at r2c2, r2c3, r3c3, C=4 at r4c3-r4c4.
  const sudoku::KillerPuzzle typed =
      sudoku::parse_typed_killer("killer AA...BB...B...CC A=3 B=7 C=4 givens=1...............", {});
  REQUIRE(typed.rules.cages.size() == 3);
  CHECK(typed.rules.cages[1].sum == 7);
  CHECK(typed.rules.cages[1].cells == std::vector<int>{5, 6, 10});
  CHECK(typed.givens.cells[0] == 1);
  std::string long_form = "2x2::k:";
  for (int cell = 0; cell < 16; ++cell) {
    const int cage = cell <= 1 ? 1 : cell == 5 || cell == 6 || cell == 10 ? 2 : cell >= 14 ? 3 : 0;
    const int sum = cage == 1 ? 3 : cage == 2 ? 7 : cage == 3 ? 4 : 0;
    long_form += std::to_string(cage ? sum * 256 + cage : cell + 10) + ":";
  }
  CHECK(sudoku::parse_sudocue_killer(long_form).rules.cages == typed.rules.cages);
}

TEST_CASE("bad layouts and cages are named") {
  CHECK_THROWS_WITH_AS(sudoku::parse_regions("AAABABBBCCCDCDDA", 4),
                       "region layout: region 'A' has 5 cells; each region needs 4", sudoku::RulesError);
  CHECK_THROWS_WITH_AS(sudoku::parse_regions("AAABABBBCCCDCDDE", 4), doctest::Contains("one region too many"),
                       sudoku::RulesError);
  CHECK_THROWS_WITH_AS(sudoku::parse_typed_killer("killer AA.............. A=30", {}),
                       doctest::Contains("no 2 distinct digits from 1 to 4 add up to 30"),
                       sudoku::RulesError);
  CHECK_THROWS_WITH_AS(sudoku::parse_typed_killer("killer AA.............. A=3 B=4", {}),
                       doctest::Contains("B=4 names no cage"), sudoku::RulesError);
  sudoku::Variants v;
  CHECK_THROWS_AS(sudoku::parse_variant_names("x,diagonals2", v), sudoku::RulesError);
  CHECK(sudoku::cage_digit_sets(3, 6, 9) == std::vector<std::uint64_t>{0b111});
  CHECK(sudoku::cage_digit_sets(2, 10, 9).size() == 4);  // 1+9 2+8 3+7 4+6
}

TEST_CASE("givens clashing in a diagonal: the clash is named and the count is 0") {
  sudoku::Variants v;
  v.x = true;
  sudoku::Solver solver(sudoku::make_rules(Shape{2, 2}, v));
  const auto conflict = solver.load(test::grid_from("1.........1.....", 2, 2));
  REQUIRE(conflict);
  CHECK(sudoku::describe(*conflict, 4, "1") == "digit 1 repeated in diagonal 1 (r1c1 and r3c3)");
  CHECK(solver.count().solutions == 0);
}

TEST_CASE("the batch reads jigsaw and killer lines and applies --variant") {
  dlx::ThreadPool pool(1);
  sudoku::BatchOptions options;
  options.command = sudoku::Command::count;
  sudoku::parse_variant_names("x", options.variants);
  sudoku::Batch batch(options, pool);
  std::istringstream in("................AAABABBBCCCDCDDD\n................\n1.........1.....\n");
  std::ostringstream out, err;
  batch.run(in, "t", out, err);
  Spec jigsaw;
  jigsaw.shape = Shape{2, 2};
  jigsaw.regions = "AAABABBBCCCDCDDD";
  jigsaw.x = true;
  Spec x;
  x.shape = Shape{2, 2};
  x.x = true;
  CHECK(out.str() == std::to_string(brute_count(jigsaw)) + "\n" + std::to_string(brute_count(x)) + "\n0\n");
  CHECK(err.str() == "t:3: digit 1 repeated in diagonal 1 (r1c1 and r3c3)\n");
}

TEST_CASE(
    "generated jigsaws, X and windoku puzzles are unique under their rules, and the techniques on their "
    "regions place only their solution's digits and never remove one") {
  sudoku::GenerateOptions options;
  options.shape = Shape{3, 3};
  options.seed = 11;
  sudoku::Variants jigsaw;
  jigsaw.regions = "AAABBBCCCAAABBBCCCAAEBBBCCCDDDAEEFFFDDDEEEFFFDDDEEEFFFGGGHHHIIIGGGHHHIIIGGGHHHIII";
  sudoku::Variants x;
  x.x = true;
  sudoku::Variants windoku;
  windoku.x = true;
  windoku.windoku = true;
  for (const sudoku::Variants& variants : {jigsaw, x, windoku}) {
    sudoku::Generator generator(options, variants);
    const sudoku::Rules rules = sudoku::make_rules(options.shape, variants);
    sudoku::Solver solver(rules);
    const sudoku::Houses houses(rules);
    sudoku::logic::Engine logic = sudoku::logic::make_tier_engine(rules, houses);
    for (std::uint64_t i = 0; i < 3; ++i) {
      const auto g = generator.generate(i);
      REQUIRE(g);
      CHECK(solver.check(g->puzzle) == sudoku::Verdict::unique);
      Grid solution;
      REQUIRE(solver.solve(g->puzzle, solution));
      CHECK(solution == g->solution);
      REQUIRE(logic.load(g->puzzle));
      while (logic.step()) {
      }
      const sudoku::logic::Board& board = logic.board();
      for (int c = 0; c < board.cells(); ++c) {
        if (!board.open(c)) CHECK(board.value(c) == solution.cells[static_cast<std::size_t>(c)]);
        CHECK((board.candidates(c) & sudoku::digit_bit(solution.cells[static_cast<std::size_t>(c)])) != 0);
      }
    }
  }
}

TEST_CASE("an empty board under digit-symmetric rules: the first row fixed, each solution standing for n!") {
  sudoku::Variants variants;
  variants.x = true;
  sudoku::Solver solver(sudoku::make_rules(Shape{2, 2}, variants));
  Grid empty;
  empty.reset(Shape{2, 2});
  REQUIRE(!solver.load(empty));
  CHECK(solver.symmetry() == 24);
  Grid solution;
  REQUIRE(solver.next(solution));
  CHECK(test::text_of(solution).substr(0, 4) == "1234");
  CHECK(solver.check(empty) == sudoku::Verdict::multiple);
  variants.non_consecutive = true;  // relabelling breaks this rule: the plain search
  sudoku::Solver other(sudoku::make_rules(Shape{2, 2}, variants));
  REQUIRE(!other.load(empty));
  CHECK(other.symmetry() == 1);
}

TEST_CASE(
    "clones keep the digit-symmetric shortcut but indexers and X-sums and skyscrapers and nabner lines do "
    "not") {
  Grid empty;
  empty.reset(Shape{2, 2});
  sudoku::Rules rules;
  rules.shape = Shape{2, 2};
  sudoku::Constraint clone;
  clone.kind = sudoku::ConstraintKind::clone;
  clone.cells = {0};
  clone.lines = {{15}};
  rules.constraints.push_back(clone);
  CHECK(rules.relabels());
  CHECK(!sudoku::Houses::holds(rules));  // a clone is no house: the techniques alone would miss it
  sudoku::Solver solver(rules);
  REQUIRE(!solver.load(empty));
  CHECK(solver.symmetry() == 24);
  CHECK(solver.count().solutions == 3);  // 72 grids with r1c1 = r4c4 (fpuzzles_rules_test.py), each for 24
  sudoku::Constraint indexer;
  indexer.kind = sudoku::ConstraintKind::row_indexer;
  indexer.cells = {1};
  indexer.lines = {{1, 5, 9, 13}};
  sudoku::Constraint xsum;
  xsum.kind = sudoku::ConstraintKind::xsum;
  xsum.cells = {0, 1, 2, 3};
  xsum.value = 6;
  sudoku::Constraint skyscraper = xsum;
  skyscraper.kind = sudoku::ConstraintKind::skyscraper;
  skyscraper.value = 2;
  sudoku::Constraint nabner;
  nabner.kind = sudoku::ConstraintKind::nabner;
  nabner.cells = {0, 5};
  for (const sudoku::Constraint& c : {indexer, xsum, skyscraper, nabner}) {
    sudoku::Rules other = rules;
    other.constraints.push_back(c);
    CHECK(!other.relabels());
    sudoku::Solver plain(other);
    REQUIRE(!plain.load(empty));
    CHECK(plain.symmetry() == 1);
  }
}

TEST_CASE("clone, nabner, indexer, X-sum and skyscraper: keeps_prefix and the model agree with a checker") {
  // Every 4x4 grid: keeps_prefix on each prefix of its places' digits (as for_each_tuple asks it, place by
  // place), the model (the grid given whole) and a predicate written here must agree, for rules of each kind.
  using sudoku::ConstraintKind;
  std::vector<Grid> grids;
  sudoku::Solver plain(Shape{2, 2});
  Grid empty, g;
  empty.reset(Shape{2, 2});
  REQUIRE(!plain.load(empty));
  while (plain.next(g)) grids.push_back(g);
  REQUIRE(grids.size() == 288);
  const auto make = [](ConstraintKind kind, std::vector<int> cells, std::vector<std::vector<int>> lines,
                       int value) {
    sudoku::Constraint c;
    c.kind = kind;
    c.cells = std::move(cells);
    c.lines = std::move(lines);
    c.value = value;
    return c;
  };
  struct Case {
    sudoku::Constraint rule;
    std::function<bool(const Grid&)> keeps;
  };
  const auto at = [](const Grid& grid, int cell) {
    return static_cast<int>(grid.cells[static_cast<std::size_t>(cell)]);
  };
  std::vector<Case> cases;
  cases.push_back({make(ConstraintKind::clone, {0, 5}, {{10, 15}}, 0),
                   [&](const Grid& x) { return at(x, 0) == at(x, 10) && at(x, 5) == at(x, 15); }});
  // Three cells of a nabner line need digits 1, 3, 5 at least: on 4x4, two.
  cases.push_back({make(ConstraintKind::nabner, {0, 5}, {}, 0),
                   [&](const Grid& x) { return std::abs(at(x, 0) - at(x, 5)) > 1; }});
  // r2c3 (cell 6): a row indexer looks down column 3, a column indexer along row 2, a box indexer in box 2.
  cases.push_back({make(ConstraintKind::row_indexer, {6}, {{2, 6, 10, 14}}, 0),
                   [&](const Grid& x) { return at(x, (at(x, 6) - 1) * 4 + 2) == 2; }});
  cases.push_back({make(ConstraintKind::column_indexer, {6}, {{4, 5, 6, 7}}, 0),
                   [&](const Grid& x) { return at(x, 4 + at(x, 6) - 1) == 3; }});
  cases.push_back({make(ConstraintKind::box_indexer, {6}, {{2, 3, 6, 7}}, 0), [&](const Grid& x) {
                     const int box[] = {2, 3, 6, 7};
                     return at(x, box[at(x, 6) - 1]) == 3;
                   }});
  for (const int value : {1, 3, 6, 10})  // 4 and 7 no first digit reaches
    cases.push_back({make(ConstraintKind::xsum, {15, 11, 7, 3}, {}, value), [&, value](const Grid& x) {
                       const int line[] = {15, 11, 7, 3};
                       int sum = 0;
                       for (int k = 0; k < at(x, 15); ++k) sum += at(x, line[k]);
                       return sum == value;
                     }});
  for (int value = 1; value <= 4; ++value)
    cases.push_back({make(ConstraintKind::skyscraper, {7, 6, 5, 4}, {}, value), [&, value](const Grid& x) {
                       int seen = 0, top = 0;
                       for (const int cell : {7, 6, 5, 4})
                         if (at(x, cell) > top) top = at(x, cell), ++seen;
                       return seen == value;
                     }});
  for (const Case& test : cases) {
    sudoku::Rules rules;
    rules.shape = Shape{2, 2};
    rules.constraints.push_back(test.rule);
    sudoku::Solver solver(rules);
    std::vector<int> places = test.rule.cells;
    for (const auto& line : test.rule.lines) places.insert(places.end(), line.begin(), line.end());
    int kept = 0;
    for (const Grid& grid : grids) {
      std::vector<int> digits;
      bool prefixes = true;  // a grid that keeps the rule keeps every prefix of it
      for (const int cell : places) {
        digits.push_back(at(grid, cell));
        prefixes = prefixes && sudoku::keeps_prefix(test.rule, digits, 4);
      }
      const bool keeps = test.keeps(grid);
      kept += keeps;
      INFO(sudoku::constraint_name(rules, test.rule), " value ", test.rule.value, " grid ",
           test::text_of(grid));
      CHECK(prefixes == keeps);
      CHECK((solver.check(grid) == sudoku::Verdict::unique) == keeps);
    }
    CHECK(kept > 0);
    CHECK(kept < 288);
  }
}

TEST_CASE("the rule of 45: the cells a house's inner cages leave hold what they leave of the sum") {
  sudoku::Rules rules;
  rules.shape = Shape{2, 2};
  rules.cages = {{3, {0, 1}}, {7, {5, 6, 10}}};
  const std::vector<sudoku::Cage> derived = sudoku::derived_cages(rules);
  // Row 1 and box 1 hold the cage of sum 3: their other cells add up to 10 - 3. The cage of sum 7 lies in no
  // single house.
  const sudoku::Cage row{7, {2, 3}}, box{7, {4, 5}};
  CHECK(derived.size() == 2);
  CHECK(std::find(derived.begin(), derived.end(), row) != derived.end());
  CHECK(std::find(derived.begin(), derived.end(), box) != derived.end());
}

TEST_CASE(
    "the law of leftovers: k rows wholly holding k - 1 regions leave n cells holding every digit once") {
  sudoku::Rules rules;
  rules.shape = Shape{3, 3};
  // Rows 1-3 hold regions A and B whole; C gave r1c9 to H and took r9c6.
  rules.regions = sudoku::parse_regions(
      "AAABBBCCHAAABBBCCCAAABBBCCCDDDEEEFFFDDDEEEFFFDDDEEEFFFGGGHHHIIIGGGHHHIIIGGIHHCIIG", 9);
  const std::vector<sudoku::Region> derived = sudoku::derived_regions(rules);
  const std::vector<int> leftovers{6, 7, 8, 15, 16, 17, 24, 25, 26};  // C's cells in rows 1-3, and r1c9
  CHECK(std::any_of(derived.begin(), derived.end(),
                    [&](const sudoku::Region& region) { return region.cells == leftovers; }));
  for (const sudoku::Region& region : derived) CHECK(region.cells.size() == 9);
  rules.regions.clear();  // the boxes: nothing new
  CHECK(sudoku::derived_regions(rules).empty());
}
