// The variants' propagator (model/rule_propagator.hpp): on puzzles with sums and orders, the count equals the
// plain exact-cover search's (links engine, no propagator) and the tree is smaller.
#include "sudoku/model/rule_propagator.hpp"

#include <doctest/doctest.h>

#include <dlx/solver.hpp>
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

// The count without any propagator: the model's items and options alone.
Counted plain_count(const sudoku::FPuzzle& puzzle) {
  const dlx::Problem problem = sudoku::make_problem(puzzle.rules);
  dlx::SearchOptions options;
  options.engine = dlx::Engine::links;
  dlx::Solver solver(problem, options);
  for (std::size_t cell = 0; cell < puzzle.givens.cells.size(); ++cell)
    if (const int d = puzzle.givens.cells[cell]; d != 0)
      REQUIRE(solver.force(sudoku::option_id(puzzle.givens.shape, cell, d)));
  const dlx::Count count = solver.count();
  REQUIRE(count.complete);
  return {count.solutions, solver.stats().nodes};
}

// The count with the propagator, on the same engine; and the Solver's (which takes it for line rules) agrees.
Counted pruned_count(const sudoku::FPuzzle& puzzle) {
  const dlx::Problem problem = sudoku::make_problem(puzzle.rules);
  dlx::SearchOptions options;
  options.propagator = sudoku::make_rule_propagator(puzzle.rules, problem);
  dlx::Solver solver(problem, options);
  for (std::size_t cell = 0; cell < puzzle.givens.cells.size(); ++cell)
    if (const int d = puzzle.givens.cells[cell]; d != 0)
      REQUIRE(solver.force(sudoku::option_id(puzzle.givens.shape, cell, d)));
  const dlx::Count count = solver.count();
  REQUIRE(count.complete);
  sudoku::Solver whole(puzzle.rules);
  REQUIRE(!whole.load(puzzle.givens));
  CHECK(whole.count().solutions == count.solutions);
  return {count.solutions, solver.stats().nodes};
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
