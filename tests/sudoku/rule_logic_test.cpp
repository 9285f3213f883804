// The rules' steps beyond one rule's combinations (maker/logic/rule_steps.cpp, rule_forcing.cpp): rule pointing
// and rule forcing fire on small boards and remove only what no solution holds (4x4 grids enumerated whole),
// and the engine of the rules walks the published variant puzzles of tests/sudoku/data with every step agreeing
// with the published solution.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

#include "sudoku/io/fpuzzles.hpp"
#include "sudoku/maker/logic/rule_scan.hpp"
#include "sudoku/maker/logic/rule_techniques.hpp"
#include "sudoku/model/constraints.hpp"
#include "sudoku/model/houses.hpp"

namespace {

using sudoku::Constraint;
using sudoku::ConstraintKind;
using sudoku::Rules;
using sudoku::logic::Board;
using sudoku::logic::Candidate;
using sudoku::logic::GradedStep;

Rules rules_4x4(ConstraintKind kind, std::vector<int> cells) {
  Rules rules;
  rules.shape = sudoku::Shape{2, 2};
  Constraint c;
  c.kind = kind;
  c.cells = std::move(cells);
  rules.constraints.push_back(c);
  return rules;
}

// Every 4x4 grid (rows, columns, boxes) that keeps the rules' constraints.
std::vector<std::vector<int>> grids_4x4(const Rules& rules) {
  std::vector<std::vector<int>> out;
  std::vector<int> g(16, 0);
  const auto fits = [&](int cell, int d) {
    for (int other = 0; other < cell; ++other)
      if (g[static_cast<std::size_t>(other)] == d && sudoku::must_differ(rules, cell, other)) return false;
    return true;
  };
  const auto fill = [&](const auto& self, int cell) -> void {
    if (cell == 16) {
      for (const Constraint& c : rules.constraints) {
        std::vector<int> digits;
        for (const int x : c.cells) {
          digits.push_back(g[static_cast<std::size_t>(x)]);
          if (!sudoku::keeps_prefix(rules, c, digits)) return;  // asked prefix by prefix, as the steps ask it
        }
      }
      out.push_back(g);
      return;
    }
    for (int d = 1; d <= 4; ++d)
      if (fits(cell, d)) {
        g[static_cast<std::size_t>(cell)] = d;
        self(self, cell + 1);
        g[static_cast<std::size_t>(cell)] = 0;
      }
  };
  fill(fill, 0);
  return out;
}

// No grid of the rules holds an eliminated candidate.
void check_sound(const std::vector<std::vector<int>>& grids, const GradedStep& step) {
  for (const Candidate& c : step.eliminations)
    for (const std::vector<int>& g : grids) {
      CAPTURE(c.cell);
      CAPTURE(c.digit);
      CHECK(g[static_cast<std::size_t>(c.cell)] != c.digit);
    }
}

struct Published {
  std::string name, document, solution;
};

std::vector<Published> published(const std::string& file) {
  std::ifstream in(std::string(SUDOKU_TEST_DATA) + "/" + file);
  std::vector<Published> out;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    const std::size_t a = line.find('\t'), b = line.rfind('\t');
    out.push_back({line.substr(0, a), line.substr(a + 1, b - a - 1), line.substr(b + 1)});
  }
  return out;
}

}  // namespace

TEST_CASE("rule pointing: a renban's sure digits leave the cells that see all their places") {
  // r1c1, r1c2 (row 1, box 1) and r2c3 (box 2): {1,2,3} or {2,3,4}, so 2 and 3 are on the line, and r1c3,
  // r1c4 (row 1, and box 2 or column 3) and r2c1, r2c2 (box 1, row 2) see all three of its cells.
  const Rules rules = rules_4x4(ConstraintKind::renban, {0, 1, 6});
  const sudoku::Houses houses(rules);
  Board board(houses);
  REQUIRE(board.load(sudoku::Grid{rules.shape, std::vector<std::uint8_t>(16, 0)}));
  const auto techniques = sudoku::logic::rule_pointing_techniques(rules);
  REQUIRE(techniques.size() == 1);
  GradedStep step;
  REQUIRE(techniques[0].find(board, step));
  CAPTURE(step.text);
  CHECK(step.technique == "rule-pointing");
  CHECK(step.eliminations == std::vector<Candidate>{{2, 2}, {3, 2}, {4, 2}, {5, 2}});
  CHECK(step.rating == doctest::Approx(sudoku::logic::rule_rating(ConstraintKind::renban, 3) + 0.4));
  check_sound(grids_4x4(rules), step);
  // Nothing is sure on a thermometer of three cells on 4x4 ({1,2,3}, {1,2,4}, {1,3,4}, {2,3,4}).
  const Rules thermo = rules_4x4(ConstraintKind::thermometer, {0, 1, 6});
  GradedStep none;
  CHECK_FALSE(sudoku::logic::rule_pointing_techniques(thermo)[0].find(board, none));
}

TEST_CASE("rule forcing: a candidate whose placement breaks the rules goes, and nothing a grid holds") {
  // A thermometer r1c1 < r2c2 < r3c3 on 4x4 with r1c4 = 1 given: r1c1 = 3 leaves the thermometer no digits
  // (a rule step empties r2c2), and so on. Each elimination is checked against every grid of the rules.
  Rules rules = rules_4x4(ConstraintKind::thermometer, {0, 5, 10});
  const sudoku::Houses houses(rules);
  Board board(houses);
  std::vector<std::uint8_t> givens(16, 0);
  givens[3] = 1;  // r1c4 = 1
  const sudoku::Grid puzzle{rules.shape, givens};
  REQUIRE(board.load(puzzle));
  const sudoku::logic::GradedTechnique forcing = sudoku::logic::rule_forcing(rules, sudoku::Symbols());
  GradedStep step;
  REQUIRE(forcing.find(board, step));
  CAPTURE(step.text);
  CHECK(step.technique == "Rule Forcing");
  CHECK(std::find(step.eliminations.begin(), step.eliminations.end(), Candidate{0, 3}) !=
        step.eliminations.end());
  CHECK(step.rating >= sudoku::logic::kRuleForcingRating);
  CHECK_FALSE(step.eliminations.empty());
  std::vector<std::vector<int>> grids;
  for (const std::vector<int>& g : grids_4x4(rules))
    if (g[3] == 1) grids.push_back(g);
  REQUIRE_FALSE(grids.empty());
  check_sound(grids, step);
  // Applied until it finds nothing more, it never removes a candidate some grid has.
  for (int i = 0; i < 64 && forcing.find(board, step); ++i) {
    check_sound(grids, step);
    board.apply(step);
    step = GradedStep{};
  }
}

// Skipped in the whole run: a quarter of a minute in Release (its own ctest entry, label slow).
TEST_CASE("rule steps: published variant puzzles, every step agrees with the published solution" *
          doctest::skip()) {
  int solved = 0, puzzles = 0;
  for (const char* file : {"variant_bench.txt", "published_lines.txt", "published_fpuzzles.txt"}) {
    for (const Published& p : published(file)) {
      CAPTURE(p.name);
      const sudoku::FPuzzle puzzle = sudoku::parse_fpuzzles(p.document);
      const sudoku::Houses houses(puzzle.rules);
      sudoku::logic::Engine engine = sudoku::logic::make_engine(puzzle.rules, houses);
      REQUIRE(engine.load(puzzle.givens));
      ++puzzles;
      while (const auto step = engine.step()) {
        CAPTURE(step->text);
        for (const Candidate& c : step->eliminations)
          CHECK(p.solution[static_cast<std::size_t>(c.cell)] - '0' != c.digit);
        for (const Candidate& c : step->placements)
          CHECK(p.solution[static_cast<std::size_t>(c.cell)] - '0' == c.digit);
      }
      if (engine.board().solved()) ++solved;
      MESSAGE(p.name << ": " << std::string(engine.board().solved() ? "solved" : "stuck"));
    }
  }
  CHECK(puzzles == 21);
  // Well over a third: 18 of the 21 when this was written (the made arrow puzzles and the zipper lines stuck).
  CHECK(solved >= 17);
}

TEST_CASE("rule scans: a kept answer is the same answer and charges the same work") {
  // The rule forcing bounds a step by rule_scan_work(): a scan answered from the kept ones must count as the
  // enumeration did, or a step's answer would depend on the steps asked before it.
  const Rules rules = rules_4x4(ConstraintKind::renban, {0, 1, 6});
  const sudoku::Houses houses(rules);
  Board board(houses);
  REQUIRE(board.load(sudoku::Grid{rules.shape, std::vector<std::uint8_t>(16, 0)}));
  const sudoku::logic::RuleScanner scanner(rules);
  std::size_t& work = sudoku::logic::rule_scan_work();
  const std::size_t before = work;
  const sudoku::logic::RuleScan first = scanner.scan(0, board, 1000);
  const std::size_t found = work - before;
  const sudoku::logic::RuleScan again = scanner.scan(0, board, 1000);
  CHECK(found > 0);
  CHECK(work - before == 2 * found);
  CHECK(first.whole);
  CHECK(first.tuples == again.tuples);
  CHECK(first.keep == again.keep);
  CHECK(first.must == (sudoku::digit_bit(2) | sudoku::digit_bit(3)));
  // Past a budget the rule is passed over, not guessed at (each scanner asks with one budget).
  const sudoku::logic::RuleScanner small(rules);
  CHECK_FALSE(small.scan(0, board, 3).whole);
}
