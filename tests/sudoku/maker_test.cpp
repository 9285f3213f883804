// The puzzle maker (generator, minimizer, rater, logic, candidates), judged by the independent counter and
// singles solver of maker_independent.hpp and by the shared data sets' samples.
#include <doctest/doctest.h>

#include <dlx/thread_pool.hpp>
#include <set>
#include <sstream>

#include "helpers.hpp"
#include "maker_independent.hpp"
#include "sudoku/io/pencilmarks.hpp"
#include "sudoku/maker/generator.hpp"
#include "sudoku/maker/logic/tiers.hpp"
#include "sudoku/maker/minimizer.hpp"
#include "sudoku/maker/rater.hpp"
#include "sudoku/model/candidates.hpp"
#include "sudoku/pipeline/tools.hpp"

namespace {

using sudoku::Grid;
using sudoku::Shape;

// The cells of lines "cells[:...]" of a data file.
std::vector<Grid> puzzles_of(std::string_view file, std::size_t most = 1000) {
  std::vector<Grid> result;
  for (const std::string& line : test::read_lines(file)) {
    if (result.size() == most) break;
    result.push_back(test::grid_from(line.substr(0, 81), 3, 3));
  }
  return result;
}

bool symmetric(const Grid& g, sudoku::Symmetry s) {
  const int n = g.side(), last = n - 1;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      int rr = r, cc = c;
      switch (s) {
        case sudoku::Symmetry::none:
          break;
        case sudoku::Symmetry::rotate90:
          rr = c, cc = last - r;
          break;
        case sudoku::Symmetry::rotate180:
          rr = last - r, cc = last - c;
          break;
        case sudoku::Symmetry::mirror:
          cc = last - c;
          break;
        case sudoku::Symmetry::flip:
          rr = last - r;
          break;
        case sudoku::Symmetry::diagonal:
          rr = c, cc = r;
          break;
      }
      if ((g.at(r, c) != 0) != (g.at(rr, cc) != 0)) return false;
    }
  return true;
}

bool independently_minimal(Grid g) {
  for (auto& v : g.cells) {
    if (v == 0) continue;
    const auto keep = v;
    v = 0;
    const bool unique = test::independent_count(g, 2) == 1;
    v = keep;
    if (unique) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("generate: unique, symmetric, minimal on every size up to 12x12, by an independent counter") {
  const Shape shapes[] = {{2, 2}, {2, 3}, {2, 4}, {3, 3}, {3, 4}};
  for (Shape shape : shapes) {
    for (int s = 0; s < 6; ++s) {
      const auto symmetry = static_cast<sudoku::Symmetry>(s);
      // Minimal and symmetric at once: every symmetry up to 9x9; on 12x12 the quarter turn's orbits of 4 cells
      // take seconds a puzzle (see the README), so that one is checked unminimized.
      const bool minimal = shape.side() <= 9 || symmetry != sudoku::Symmetry::rotate90;
      sudoku::GenerateOptions options{shape, symmetry, minimal, 0, std::nullopt, 17, 1000};
      sudoku::Generator generator(options);
      for (std::uint64_t i = 0; i < 2; ++i) {
        CAPTURE(sudoku::to_string(shape));
        CAPTURE(s);
        const auto g = generator.generate(i);
        REQUIRE(g);
        CHECK(test::is_solution_of(g->puzzle, g->solution));
        CHECK(test::independent_count(g->puzzle, 2) == 1);
        CHECK(symmetric(g->puzzle, symmetry));
        if (minimal) CHECK(independently_minimal(g->puzzle));
      }
    }
  }
}

// A 16x16 puzzle generated with `minimal` and `symmetry` from `seed`, checked by the independent counter. One
// test case per configuration, so that a parallel test run spreads them. Minimal 16x16 puzzles take from
// under a second to over a minute and a half to make, by seed: the seeds below are among the quick ones.
namespace {
void check_16x16(bool minimal, sudoku::Symmetry symmetry, std::uint64_t seed) {
  sudoku::GenerateOptions options{{4, 4}, symmetry, minimal, 0, std::nullopt, seed, 10};
  sudoku::Generator generator(options);
  const auto g = generator.generate(0);
  REQUIRE(g);
  CHECK(test::independent_count(g->puzzle, 2) == 1);
  CHECK(symmetric(g->puzzle, symmetry));
  if (minimal) CHECK(independently_minimal(g->puzzle));
}
}  // namespace

TEST_CASE("generate: 16x16 symmetric and unique, by an independent counter") {
  check_16x16(false, sudoku::Symmetry::rotate180, 3);
}

TEST_CASE("generate: 16x16 minimal, by an independent counter") {
  check_16x16(true, sudoku::Symmetry::none, 1);
}

TEST_CASE("generate: 16x16 minimal and symmetric, by an independent counter") {
  check_16x16(true, sudoku::Symmetry::rotate180, 7);
}

TEST_CASE("generate: the same seed gives the same puzzles on 1 and 2 threads, other seeds differ") {
  sudoku::GenerateOptions options{{3, 3}, sudoku::Symmetry::rotate180, false, 0, std::nullopt, 99, 1000};
  const auto make = [&](unsigned threads, std::uint64_t seed) {
    dlx::ThreadPool pool(threads);
    options.seed = seed;
    std::vector<std::string> out;
    sudoku::generate_many(options, 9, pool,
                          [&](std::uint64_t index, const std::optional<sudoku::Generated>& g) {
                            REQUIRE(g);
                            CHECK(index == out.size());
                            out.push_back(test::text_of(g->puzzle));
                          });
    return out;
  };
  const auto one = make(1, 99);
  CHECK(one == make(2, 99));
  CHECK(one != make(1, 100));
  CHECK(std::set<std::string>(one.begin(), one.end()).size() == one.size());
}

TEST_CASE("generate: --clues and --tier are met exactly, or the attempts run out") {
  sudoku::GenerateOptions options{{3, 3}, sudoku::Symmetry::none, false, 30, std::nullopt, 5, 1000};
  sudoku::Generator clues(options);
  const auto g = clues.generate(0);
  REQUIRE(g);
  CHECK(g->puzzle.givens() == 30);
  CHECK(test::independent_count(g->puzzle, 2) == 1);

  for (sudoku::Tier tier : {sudoku::Tier::singles, sudoku::Tier::locked, sudoku::Tier::subsets}) {
    sudoku::GenerateOptions rated{{3, 3}, sudoku::Symmetry::none, true, 0, tier, 5, 2000};
    sudoku::Generator generator(rated);
    const auto p = generator.generate(1);
    REQUIRE(p);
    sudoku::Solver solver(Shape{3, 3});
    sudoku::Houses houses(Shape{3, 3});
    sudoku::logic::Engine logic =
        sudoku::logic::make_tier_engine(sudoku::make_rules(Shape{3, 3}, {}), houses);
    CHECK(sudoku::rate(p->puzzle, solver, logic).tier == tier);
    CHECK((tier == sudoku::Tier::singles) == test::singles_solve(p->puzzle));
  }
  // No 4x4 puzzle needs a guess: the attempts run out.
  sudoku::GenerateOptions impossible{{2, 2}, sudoku::Symmetry::none, false, 0, sudoku::Tier::search, 5, 50};
  sudoku::Generator none(impossible);
  CHECK_FALSE(none.generate(0));
}

TEST_CASE(
    "minimality: every 17-clue puzzle of the sample is minimal, and minimize() ends minimal and unique") {
  sudoku::Solver solver(Shape{3, 3});
  for (const Grid& p : puzzles_of("17_clue_sample.txt")) CHECK(sudoku::is_minimal(p, solver));
  for (Grid p : puzzles_of("top95_sample.txt", 10)) {
    const Grid before = p;
    sudoku::minimize(p, solver);
    CHECK(test::independent_count(p, 2) == 1);
    CHECK(independently_minimal(p));
    for (std::size_t i = 0; i < p.cells.size(); ++i)
      CHECK((p.cells[i] == 0 || p.cells[i] == before.cells[i]));
  }
}

TEST_CASE("rate: singles exactly when an independent singles solver solves it, and hard lists rate search") {
  sudoku::Solver solver(Shape{3, 3});
  sudoku::Houses houses(Shape{3, 3});
  sudoku::logic::Engine logic = sudoku::logic::make_tier_engine(sudoku::make_rules(Shape{3, 3}, {}), houses);
  int singles = 0, others = 0;
  for (const char* file : {"17_clue_sample.txt", "top95_sample.txt"}) {
    for (const Grid& p : puzzles_of(file)) {
      const sudoku::Rating r = sudoku::rate(p, solver, logic);
      REQUIRE(r.verdict == sudoku::Verdict::unique);
      const bool by_singles = test::singles_solve(p);
      CHECK((r.tier == sudoku::Tier::singles) == by_singles);
      (by_singles ? singles : others) += 1;
    }
  }
  CHECK(singles > 0);
  CHECK(others > 0);
  // top95 is a list of hard puzzles: none falls to singles, most need search.
  int search = 0;
  for (const Grid& p : puzzles_of("top95_sample.txt"))
    search += sudoku::rate(p, solver, logic).tier == sudoku::Tier::search;
  CHECK(search >= 25);
  for (const Grid& p : puzzles_of("serg_benchmark_sample.txt", 10))
    CHECK(sudoku::rate(p, solver, logic).verdict == sudoku::Verdict::multiple);
}

TEST_CASE("rate: the tier never gets easier when a given is removed and the puzzle stays unique") {
  sudoku::Solver solver(Shape{3, 3});
  sudoku::Houses houses(Shape{3, 3});
  sudoku::logic::Engine logic = sudoku::logic::make_tier_engine(sudoku::make_rules(Shape{3, 3}, {}), houses);
  sudoku::GenerateOptions options{{3, 3}, sudoku::Symmetry::none, false, 36, std::nullopt, 11, 100};
  sudoku::Generator generator(options);
  int compared = 0;
  for (std::uint64_t i = 0; i < 12; ++i) {
    auto g = generator.generate(i);
    REQUIRE(g);
    Grid p = g->puzzle;
    // Walk down to minimal, a given at a time, checking each step.
    for (std::size_t cell = 0; cell < p.cells.size(); ++cell) {
      if (p.cells[cell] == 0) continue;
      const sudoku::Tier before = sudoku::logic_tier(p, logic);
      const auto keep = p.cells[cell];
      p.cells[cell] = 0;
      if (solver.check(p) != sudoku::Verdict::unique) {
        p.cells[cell] = keep;
        continue;
      }
      CHECK(sudoku::logic_tier(p, logic) >= before);
      ++compared;
    }
  }
  CHECK(compared > 100);
}

TEST_CASE("tiers: every step of the tiers' engine is sound against the unique solution") {
  sudoku::Houses houses(Shape{3, 3});
  sudoku::logic::Engine logic = sudoku::logic::make_tier_engine(sudoku::make_rules(Shape{3, 3}, {}), houses);
  sudoku::Solver solver(Shape{3, 3});
  std::set<std::string> seen;
  for (const char* file : {"17_clue_sample.txt", "top95_sample.txt"}) {
    for (const Grid& p : puzzles_of(file)) {
      Grid solution;
      REQUIRE(solver.solve(p, solution));
      REQUIRE(logic.load(p));
      while (const auto step = logic.step()) {
        seen.insert(step->technique);
        CHECK_FALSE((step->placements.empty() && step->eliminations.empty()));
        for (const sudoku::logic::Candidate& c : step->placements)
          CHECK(solution.cells[static_cast<std::size_t>(c.cell)] == c.digit);
        for (const sudoku::logic::Candidate& c : step->eliminations)
          CHECK(solution.cells[static_cast<std::size_t>(c.cell)] != c.digit);
        CHECK_FALSE(logic.board().broken());
      }
    }
  }
  for (int t = 0; t < 6; ++t)  // singles, locked, pairs
    CHECK(seen.count(sudoku::technique_name(static_cast<sudoku::Technique>(t))) == 1);
}

TEST_CASE(
    "pencilmarks: n^3 forms count as their puzzles, and true candidates are the union of all solutions") {
  sudoku::Solver solver(Shape{3, 3});
  int checked = 0;
  for (const std::string& line : test::read_lines("puzzles_with_counts.txt")) {
    const Grid p = test::grid_from(line.substr(0, 81), 3, 3);
    const std::uint64_t known = std::stoull(line.substr(82));
    if (known > 1000) continue;
    // The 729-character form, written here by its definition, read back by the library.
    std::string marks(729, '.');
    for (int cell = 0; cell < 81; ++cell)
      for (int d = 1; d <= 9; ++d)
        if (p.cells[static_cast<std::size_t>(cell)] == 0 || p.cells[static_cast<std::size_t>(cell)] == d)
          marks[static_cast<std::size_t>(cell * 9 + d - 1)] = static_cast<char>('0' + d);
    REQUIRE(sudoku::is_pencilmark_text(marks, 9, {}));
    const sudoku::CandidateGrid grid = sudoku::read_pencilmarks(marks, Shape{3, 3}, {});
    CHECK(sudoku::count_candidates(grid, 0, {}).solutions == known);
    // Every solution, listed by the solver, and their union.
    std::vector<std::uint64_t> all(81, 0);
    solver.load(p);
    std::uint64_t listed = 0;
    for (Grid s; solver.next(s); ++listed)
      for (int cell = 0; cell < 81; ++cell)
        all[static_cast<std::size_t>(cell)] |= sudoku::digit_bit(s.cells[static_cast<std::size_t>(cell)]);
    CHECK(listed == known);
    CHECK(sudoku::true_candidates(grid).cells == all);
    ++checked;
  }
  CHECK(checked >= 40);
}

TEST_CASE("tools: rate, hint, steps, minimize, candidates over a stream, with errors in place") {
  std::istringstream in(
      "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........ hard\n"
      "12\n"
      "..............................................................................1..\n");
  std::ostringstream out, err;
  sudoku::ToolRunner runner(sudoku::ToolOptions{sudoku::Tool::rate, {}, nullptr});
  runner.run(in, "x.txt", out, err);
  CHECK(out.str().starts_with("search guesses="));
  CHECK(out.str().find("\nerror: wrong length") != std::string::npos);
  CHECK(out.str().ends_with("\nmultiple\n"));
  CHECK(err.str().starts_with("x.txt:2: wrong length"));
  CHECK(runner.exit_status() == 2);
}
