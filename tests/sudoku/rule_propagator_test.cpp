// The variants' propagator (model/rule_propagator.hpp): on puzzles with sums and orders, the count equals the
// plain exact-cover search's (links engine, no propagator) and the tree is smaller.
#include "sudoku/model/rule_propagator.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <dlx/solver.hpp>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "sudoku/io/fpuzzles.hpp"
#include "sudoku/model/model.hpp"
#include "sudoku/model/solver.hpp"

namespace {

struct Counted {
  dlx::Count128 solutions;
  std::uint64_t nodes;
};

// The givens (per cell, 0 for none) forced on the model's search with these options, and every solution
// counted; none when a given cannot be forced.
template <class Givens>
std::optional<Counted> forced_count(const dlx::Problem& problem, sudoku::Shape shape, const Givens& givens,
                                    const dlx::SearchOptions& options) {
  dlx::Solver solver(problem, options);
  for (std::size_t cell = 0; cell < givens.size(); ++cell)
    if (givens[cell] != 0 && !solver.force(sudoku::option_id(shape, cell, givens[cell]))) return std::nullopt;
  const dlx::Count count = solver.count();
  REQUIRE(count.complete);
  return Counted{count.solutions, solver.stats().nodes};
}

// The count without any propagator: the model's items and options alone.
Counted plain_count(const sudoku::FPuzzle& puzzle) {
  dlx::SearchOptions options;
  options.engine = dlx::Engine::links;
  const auto counted =
      forced_count(sudoku::make_problem(puzzle.rules), puzzle.givens.shape, puzzle.givens.cells, options);
  REQUIRE(counted);
  return *counted;
}

// The count with the propagator; and the Solver's (which takes it for line rules) agrees.
Counted pruned_count(const sudoku::FPuzzle& puzzle) {
  const dlx::Problem problem = sudoku::make_problem(puzzle.rules);
  dlx::SearchOptions options;
  options.propagator = sudoku::make_rule_propagator(puzzle.rules, problem);
  const auto counted = forced_count(problem, puzzle.givens.shape, puzzle.givens.cells, options);
  REQUIRE(counted);
  sudoku::Solver whole(puzzle.rules);
  REQUIRE(!whole.load(puzzle.givens));
  CHECK(whole.count().solutions == counted->solutions);
  return *counted;
}

// Rules read off random grids (tests/sudoku/fpuzzles_test.py's make_puzzle), so that each has solutions.
const char* const kPuzzles[] = {
    // 4x4: a thermometer, an arrow, a little killer and a cage, no givens (5 solutions).
    R"({"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"thermometer":[{"lines":[)"
    R"(["R3C3","R3C2"]]}],"arrow":[{"cells":["R3C2"],"lines":[["R3C2","R4C2","R4C1"]]}],"littlekillersum":[)"
    R"({"cell":"R0C4","cells":["R1C3","R2C2","R3C1"],"value":"6"}],"killercage":[{"cells":["R2C3","R1C4","R)"
    R"(2C4"],"value":"9"}]})",
    // 4x4: two little killers and an arrow, no givens (3 solutions).
    R"({"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"littlekillersum":[{"cell)"
    R"(":"R3C5","cells":["R2C4","R1C3"],"value":"3"},{"cell":"R5C4","cells":["R4C3","R3C2","R2C1"],"value":)"
    R"("7"}],"arrow":[{"cells":["R4C2"],"lines":[["R4C2","R3C3"]]}]})",
    // 6x6: thermometers, arrows, cages and a little killer, two givens (31 solutions).
    R"({"size":6,"grid":[[{},{},{},{"value":2,"given":true},{},{}],[{},{},{},{},{},{}],[{},{},{},{},{},{"va)"
    R"(lue":3,"given":true}],[{},{},{},{},{},{}],[{},{},{},{},{},{}],[{},{},{},{},{},{}]],"thermometer":[{")"
    R"(lines":[["R4C2","R5C3","R5C2"]]},{"lines":[["R1C5","R2C4"]]}],"arrow":[{"cells":["R5C2"],"lines":[[")"
    R"(R5C2","R4C3"]]}],"killercage":[{"cells":["R4C5"],"value":"2"},{"cells":["R5C5","R4C6"],"value":"6"}])"
    R"(,"littlekillersum":[{"cell":"R6C0","cells":["R5C1","R4C2","R3C3","R2C4","R1C5"],"value":"22"}]})",
    // 6x6: arrows and little killers, one given (1344 solutions).
    R"({"size":6,"grid":[[{},{},{},{},{"value":2,"given":true},{}],[{},{},{},{},{},{}],[{},{},{},{},{},{}],)"
    R"([{},{},{},{},{},{}],[{},{},{},{},{},{}],[{},{},{},{},{},{}]],"arrow":[{"cells":["R4C6"],"lines":[["R)"
    R"(4C6","R5C5"]]}],"littlekillersum":[{"cell":"R7C2","cells":["R6C1"],"value":"1"},{"cell":"R3C7","cell)"
    R"(s":["R4C6","R5C5","R6C4"],"value":"8"},{"cell":"R2C7","cells":["R3C6","R4C5","R5C4","R6C3"],"value":)"
    R"("11"}]})",
    // 9x9, published: the killer of Wikipedia's page (29 cages, no givens).
    R"({"size":9,"grid":[[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],)"
    R"([{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],)"
    R"([{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}]],"killercage":[)"
    R"({"cells":["R1C1","R1C2"],"value":"3"},{"cells":["R1C3","R1C4","R1C5"],"value":"15"},)"
    R"({"cells":["R2C1","R2C2","R3C1","R3C2"],"value":"25"},{"cells":["R2C3","R2C4"],"value":"17"},)"
    R"({"cells":["R3C3","R3C4","R4C4"],"value":"9"},{"cells":["R1C6","R2C5","R2C6","R3C5"],"value":"22"},)"
    R"({"cells":["R1C7","R2C7"],"value":"4"},{"cells":["R1C8","R2C8"],"value":"16"},)"
    R"({"cells":["R1C9","R2C9","R3C9","R4C9"],"value":"15"},{"cells":["R3C7","R3C8","R4C7"],"value":"20"},)"
    R"({"cells":["R3C6","R4C6","R5C6"],"value":"8"},{"cells":["R4C5","R5C5","R6C5"],"value":"17"},)"
    R"({"cells":["R5C4","R6C4","R7C4"],"value":"20"},{"cells":["R4C2","R4C3"],"value":"14"},)"
    R"({"cells":["R4C1","R5C1"],"value":"6"},{"cells":["R5C2","R5C3","R6C2"],"value":"13"},)"
    R"({"cells":["R6C3","R7C2","R7C3"],"value":"6"},{"cells":["R4C8","R5C7","R5C8"],"value":"17"},)"
    R"({"cells":["R6C1","R7C1","R8C1","R9C1"],"value":"27"},{"cells":["R8C2","R9C2"],"value":"8"},)"
    R"({"cells":["R8C3","R9C3"],"value":"16"},{"cells":["R7C5","R8C4","R8C5","R9C4"],"value":"10"},)"
    R"({"cells":["R5C9","R6C9"],"value":"12"},{"cells":["R6C7","R6C8"],"value":"6"},)"
    R"({"cells":["R6C6","R7C6","R7C7"],"value":"20"},{"cells":["R8C6","R8C7"],"value":"15"},)"
    R"({"cells":["R7C8","R7C9","R8C8","R8C9"],"value":"14"},{"cells":["R9C5","R9C6","R9C7"],"value":"13"},)"
    R"({"cells":["R9C8","R9C9"],"value":"17"}]})",
};

}  // namespace

TEST_CASE("sum and order rules prune: counts as the plain search's, fewer nodes") {
  std::uint64_t plain_nodes = 0, pruned_nodes = 0;
  for (const char* document : kPuzzles) {
    CAPTURE(document);
    const sudoku::FPuzzle puzzle = sudoku::parse_fpuzzles(document);
    REQUIRE(sudoku::make_rule_propagator(puzzle.rules, sudoku::make_problem(puzzle.rules)) != nullptr);
    const Counted plain = plain_count(puzzle);
    const Counted pruned = pruned_count(puzzle);
    CHECK(plain.solutions > 0);
    CHECK(pruned.solutions == plain.solutions);
    CHECK(pruned.nodes <= plain.nodes);
    plain_nodes += plain.nodes;
    pruned_nodes += pruned.nodes;
  }
  CHECK(pruned_nodes * 2 < plain_nodes);
}

TEST_CASE("rules with nothing to prune get no propagator") {
  sudoku::Rules rules;
  rules.shape = sudoku::Shape{2, 2};
  rules.anti_king = true;
  CHECK(sudoku::make_rule_propagator(rules, sudoku::make_problem(rules)) == nullptr);
}

namespace {

// The count of rules with givens (cell -> digit, 0 for none), with or without the rule propagator; the links
// engine either way, so that only the propagator differs.
Counted count_rules(const sudoku::Rules& rules, const std::vector<int>& givens, bool propagate) {
  const dlx::Problem problem = sudoku::make_problem(rules);
  dlx::SearchOptions options;
  options.engine = dlx::Engine::links;
  if (propagate) {
    options.propagator = sudoku::make_rule_propagator(rules, problem);
    REQUIRE(options.propagator != nullptr);
  }
  return forced_count(problem, rules.shape, givens, options).value_or(Counted{0, 0});
}

// A random path of `length` cells on a board of side n, each a king's move from the one before.
std::vector<int> random_path(std::mt19937& random, int n, int length) {
  std::vector<int> path{static_cast<int>(random() % static_cast<unsigned>(n * n))};
  while (static_cast<int>(path.size()) < length) {
    std::vector<int> next;
    const int row = path.back() / n, col = path.back() % n;
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc) {
        const int r = row + dr, c = col + dc, cell = r * n + c;
        if (r >= 0 && r < n && c >= 0 && c < n && std::find(path.begin(), path.end(), cell) == path.end())
          next.push_back(cell);
      }
    if (next.empty()) break;
    path.push_back(next[random() % next.size()]);
  }
  return path;
}

// Random boards with lines of one kind: 4x4 without givens, 6x6 with some digits of a solution grid given.
// The propagator's count is the plain search's on each; over all of them its tree is smaller.
void compare_random_lines(sudoku::ConstraintKind kind, int min_length, int max_length) {
  std::mt19937 random(20261207u + static_cast<unsigned>(kind));
  // A 6x6 grid (2x3 boxes) the 6x6 boards take givens from.
  const int grid6[36] = {1, 2, 3, 4, 5, 6, 4, 5, 6, 1, 2, 3, 2, 3, 1, 5, 6, 4,
                         5, 6, 4, 2, 3, 1, 3, 1, 2, 6, 4, 5, 6, 4, 5, 3, 1, 2};
  std::uint64_t plain_nodes = 0, pruned_nodes = 0;
  int with_solutions = 0;
  for (int trial = 0; trial < 40; ++trial) {
    const bool small = trial % 2 == 0;
    sudoku::Rules rules;
    rules.shape = small ? sudoku::Shape{2, 2} : sudoku::Shape{2, 3};
    const int n = rules.shape.side();
    const int lines = 1 + static_cast<int>(random() % 3);
    for (int l = 0; l < lines; ++l) {
      sudoku::Constraint line;
      line.kind = kind;
      line.cells = random_path(
          random, n,
          min_length + static_cast<int>(random() % static_cast<unsigned>(max_length - min_length + 1)));
      rules.constraints.push_back(line);
    }
    std::vector<int> givens(static_cast<std::size_t>(n * n), 0);
    if (!small)
      for (int cell = 0; cell < n * n; ++cell)
        if (random() % 5 < 2) givens[static_cast<std::size_t>(cell)] = grid6[cell];
    if (sudoku::make_rule_propagator(rules, sudoku::make_problem(rules)) == nullptr) continue;
    CAPTURE(trial);
    const Counted plain = count_rules(rules, givens, false);
    const Counted pruned = count_rules(rules, givens, true);
    CHECK(pruned.solutions == plain.solutions);
    with_solutions += plain.solutions > 0 ? 1 : 0;
    plain_nodes += plain.nodes;
    pruned_nodes += pruned.nodes;
  }
  CHECK(with_solutions > 0);
  CHECK(pruned_nodes < plain_nodes);
}

}  // namespace

TEST_CASE("region sum lines: the runs' shared total prunes, counts exact") {
  compare_random_lines(sudoku::ConstraintKind::region_sum, 3, 7);
}

TEST_CASE("zipper lines: the pairs' shared total prunes, counts exact") {
  compare_random_lines(sudoku::ConstraintKind::zipper, 3, 7);
}

TEST_CASE("double arrows: ends and middle share a total, counts exact") {
  compare_random_lines(sudoku::ConstraintKind::double_arrow, 3, 6);
}

TEST_CASE("renbans: windows whose digits the cells cannot all take are out, counts exact") {
  compare_random_lines(sudoku::ConstraintKind::renban, 2, 4);
}
