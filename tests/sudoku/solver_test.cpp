#include "sudoku/model/solver.hpp"

#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <set>

#include "helpers.hpp"

using sudoku::Grid;
using sudoku::Shape;
using sudoku::Verdict;

namespace {

std::vector<std::string> split(const std::string& line, char sep) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (std::size_t i; (i = line.find(sep, start)) != std::string::npos; start = i + 1)
    parts.push_back(line.substr(start, i - start));
  parts.push_back(line.substr(start));
  return parts;
}

// A full board of this shape, from the solver on an empty grid (checked independently).
Grid solved_board(Shape shape) {
  sudoku::Solver solver(shape);
  Grid empty, full;
  empty.reset(shape);
  REQUIRE(solver.solve(empty, full));
  REQUIRE(test::is_solution_of(empty, full));
  return full;
}

// The board with some cells blanked: every cell whose (index * step) % 100 falls below `percent`.
Grid blank_out(Grid g, int percent, int step = 37) {
  for (std::size_t i = 0; i < g.cells.size(); ++i)
    if (static_cast<int>((i * static_cast<std::size_t>(step)) % 100) < percent) g.cells[i] = 0;
  return g;
}

}  // namespace

TEST_CASE("every puzzle of puzzles_with_counts.txt: exact count and every solution valid and distinct") {
  const auto lines = test::read_lines("puzzles_with_counts.txt");
  REQUIRE(lines.size() == 43);
  // Both of the engine's table layouts, whichever it would pick for 9x9 by itself.
  for (const dlx::Engine engine : {dlx::Engine::links, dlx::Engine::bitset}) {
    CAPTURE(static_cast<int>(engine));
    dlx::SearchOptions options;
    options.engine = engine;
    sudoku::Solver solver(Shape{3, 3}, options);
    int with_solution = 0;
    for (const std::string& line : lines) {
      CAPTURE(line);
      const auto parts = split(line, ':');
      REQUIRE(parts.size() >= 2);
      const Grid puzzle = test::grid_from(parts[0], 3, 3);
      const std::uint64_t expected = std::stoull(parts[1]);

      CHECK_FALSE(solver.load(puzzle).has_value());
      const dlx::Count count = solver.count();
      CHECK(count.complete);
      CHECK(count.solutions == expected);

      // Enumerate them again: each one a valid, different solution.
      CHECK_FALSE(solver.load(puzzle).has_value());
      std::set<std::string> seen;
      Grid solution;
      while (solver.next(solution)) {
        REQUIRE(test::is_solution_of(puzzle, solution));
        seen.insert(test::text_of(solution));
      }
      CHECK(seen.size() == expected);
      if (parts.size() == 3) {
        ++with_solution;
        CHECK(seen.count(parts[2]) == 1);
      }
      const Verdict verdict = solver.check(puzzle);
      CHECK(verdict == (expected == 0 ? Verdict::none : expected == 1 ? Verdict::unique : Verdict::multiple));
    }
    CHECK(with_solution == 18);
  }
}

TEST_CASE("samples of 17_clue and top95 are unique - serg_benchmark puzzles have several solutions") {
  sudoku::Solver solver(Shape{3, 3});
  Grid solution;
  for (const char* file : {"17_clue_sample.txt", "top95_sample.txt"}) {
    const auto lines = test::read_lines(file);
    REQUIRE(lines.size() == 50);
    for (const std::string& line : lines) {
      CAPTURE(line);
      const Grid puzzle = test::grid_from(line, 3, 3);
      REQUIRE(solver.solve(puzzle, solution));
      CHECK(test::is_solution_of(puzzle, solution));
      CHECK(solver.check(puzzle) == Verdict::unique);
    }
  }
  for (const std::string& line : test::read_lines("serg_benchmark_sample.txt")) {
    CAPTURE(line);
    const Grid puzzle = test::grid_from(line, 3, 3);
    CHECK(solver.check(puzzle) == Verdict::multiple);
    CHECK_FALSE(solver.load(puzzle));
    const dlx::Count two = solver.count(2);
    CHECK(two.solutions == 2);
    CHECK_FALSE(two.complete);  // the limit cut it short
    CHECK_FALSE(solver.load(puzzle));
    CHECK(solver.next(solution));
    CHECK(test::is_solution_of(puzzle, solution));
    CHECK(solver.next(solution));
    CHECK(test::is_solution_of(puzzle, solution));
  }
}

TEST_CASE("one solver serves many puzzles: results do not depend on what it solved before") {
  const auto lines = test::read_lines("puzzles_with_counts.txt");
  sudoku::Solver reused(Shape{3, 3});
  for (const std::string& line : lines) {
    const Grid puzzle = test::grid_from(split(line, ':')[0], 3, 3);
    sudoku::Solver fresh(Shape{3, 3});
    Grid a, b;
    const bool solved = fresh.solve(puzzle, a);
    CHECK(reused.solve(puzzle, b) == solved);
    if (solved) CHECK(a == b);
    // Leave the reused solver in the middle of a search: the next load must still start clean.
    reused.load(puzzle);
    reused.count(2);
  }
}

TEST_CASE("small boards agree with a brute-force count") {
  for (Shape shape : {Shape{2, 2}, Shape{2, 3}}) {
    const Grid full = solved_board(shape);
    sudoku::Solver solver(shape);
    for (int percent : {30, 50, 60, 70, 80}) {
      for (int step : {37, 53, 71}) {
        const Grid puzzle = blank_out(full, percent, step);
        CAPTURE(test::text_of(puzzle));
        const std::uint64_t expected = test::brute_force_count(puzzle, 100000);
        CHECK_FALSE(solver.load(puzzle));
        const dlx::Count count = solver.count();
        CHECK(count.complete);
        CHECK(count.solutions == expected);
        CHECK(expected >= 1);
      }
    }
  }
  // The empty 4x4 board has 288 solutions.
  Grid empty;
  empty.reset(Shape{2, 2});
  sudoku::Solver four(Shape{2, 2});
  CHECK_FALSE(four.load(empty));
  CHECK(four.count().solutions == 288);
  CHECK(test::brute_force_count(empty, 1000) == 288);
}

TEST_CASE("boards from 4x4 to 25x25: solutions are valid and keep the givens") {
  for (Shape shape : {Shape{2, 2}, Shape{2, 3}, Shape{2, 4}, Shape{3, 3}, Shape{3, 4}, Shape{4, 3},
                      Shape{4, 4}, Shape{5, 5}}) {
    CAPTURE(sudoku::to_string(shape));
    const Grid full = solved_board(shape);
    sudoku::Solver solver(shape);
    Grid solution;
    // The full board is its own unique solution.
    CHECK(solver.check(full) == Verdict::unique);
    for (int percent : {20, 45}) {
      const Grid puzzle = blank_out(full, percent);
      REQUIRE(solver.solve(puzzle, solution));
      CHECK(test::is_solution_of(puzzle, solution));
      const Verdict verdict = solver.check(puzzle);
      CHECK((verdict == Verdict::unique || verdict == Verdict::multiple));
    }
    // Two givens swapped in a row: a clash (row or box), so no solution.
    Grid broken = full;
    broken.cells[1] = broken.cells[0];
    CHECK(solver.load(broken).has_value());
    CHECK_FALSE(solver.next(solution));
    CHECK(solver.count().solutions == 0);
    CHECK(solver.check(broken) == Verdict::none);
  }
}

TEST_CASE("a repeated given is reported with both cells in rows / columns / boxes") {
  sudoku::Solver solver(Shape{3, 3});
  Grid g;
  g.reset(Shape{3, 3});
  g.at(2, 0) = 5;
  g.at(2, 6) = 5;
  auto conflict = solver.load(g);
  REQUIRE(conflict);
  CHECK(sudoku::describe(*conflict, 9, "5") == "digit 5 repeated in row 3 (r3c1 and r3c7)");
  CHECK(sudoku::find_conflict(g) == conflict);

  g.reset(Shape{3, 3});
  g.at(1, 4) = 7;
  g.at(8, 4) = 7;
  conflict = solver.load(g);
  REQUIRE(conflict);
  CHECK(sudoku::describe(*conflict, 9, "7") == "digit 7 repeated in column 5 (r2c5 and r9c5)");

  g.reset(Shape{3, 3});
  g.at(3, 3) = 1;
  g.at(5, 5) = 1;
  conflict = solver.load(g);
  REQUIRE(conflict);
  CHECK(sudoku::describe(*conflict, 9, "1") == "digit 1 repeated in box 5 (r4c4 and r6c6)");

  g.reset(Shape{2, 3});  // 6x6: the second box of the first band spans rows 1-2, columns 4-6
  g.at(0, 3) = 2;
  g.at(1, 5) = 2;
  sudoku::Solver six(Shape{2, 3});
  conflict = six.load(g);
  REQUIRE(conflict);
  CHECK(sudoku::describe(*conflict, 6, "2") == "digit 2 repeated in box 2 (r1c4 and r2c6)");
  CHECK_FALSE(six.check(g) == Verdict::unique);

  // Consistent givens but no solution: no conflict to report, simply none.
  const Grid dead = test::grid_from("12..34" + std::string(75, '.'), 3, 3);
  CHECK_FALSE(sudoku::find_conflict(dead));
}

TEST_CASE("a consistent puzzle without solution") {
  // r1c9 cannot hold anything: 1-8 are in its row, 9 in its column.
  const Grid puzzle = test::grid_from(
      "12345678."
      "........9"
      "........."
      "........."
      "........."
      "........."
      "........."
      "........."
      ".........",
      3, 3);
  sudoku::Solver solver(Shape{3, 3});
  Grid solution;
  CHECK_FALSE(solver.load(puzzle));
  CHECK_FALSE(solver.next(solution));
  CHECK(solver.status() == dlx::Status::exhausted);
  CHECK(solver.check(puzzle) == Verdict::none);
  CHECK(test::brute_force_count(puzzle, 1) == 0);
}

TEST_CASE("the solver rejects puzzles of another shape or with out-of-range values") {
  sudoku::Solver solver(Shape{3, 3});
  Grid four;
  four.reset(Shape{2, 2});
  CHECK_THROWS_AS(solver.load(four), std::invalid_argument);
  Grid bad;
  bad.reset(Shape{3, 3});
  bad.cells[0] = 10;
  CHECK_THROWS_AS(solver.load(bad), std::invalid_argument);
  // And recovers afterwards.
  Grid empty, solution;
  empty.reset(Shape{3, 3});
  CHECK(solver.solve(empty, solution));
  CHECK(test::is_solution_of(empty, solution));
}

TEST_CASE("search limits: a node limit makes check say unknown") {
  dlx::SearchOptions options;
  options.node_limit = 5;
  sudoku::Solver solver(Shape{3, 3}, options);
  Grid empty;
  empty.reset(Shape{3, 3});
  CHECK(solver.check(empty) == Verdict::unknown);
}

namespace {

// The rest of the loaded puzzle's count, in calls cut short by a time limit of `slice` (each makes progress:
// the engine reads the clock every thousand nodes or so), required to end.
dlx::Count128 count_in_slices(sudoku::Solver& solver, std::chrono::nanoseconds slice) {
  solver.set_time_limit(slice);
  dlx::Count128 total = 0;
  for (int call = 0; call < 10000000; ++call) {
    const dlx::Count more = solver.count();
    total += more.solutions;
    if (more.complete) return total;
    REQUIRE(solver.status() == dlx::Status::timed_out);
  }
  FAIL("the count did not end");
  return total;
}

// 4164 solutions, which the band solver counts in a few thousand guesses: past its first look at the stop flag.
constexpr std::string_view kFewThousand =
    "1....6....9..2..5...68..1...12..43....47..5.8..936...........4.......9.2........1";

}  // namespace

TEST_CASE("a stop flag stops the band solver's count, and the count goes on from there once lowered") {
  std::atomic<bool> stop{true};
  dlx::SearchOptions options;
  options.stop = &stop;
  sudoku::Solver solver(Shape{3, 3}, options);
  const Grid puzzle = test::grid_from(kFewThousand, 3, 3);
  REQUIRE_FALSE(solver.load(puzzle));
  const dlx::Count first = solver.count();
  CHECK_FALSE(first.complete);
  CHECK(solver.status() == dlx::Status::stopped);
  CHECK(first.solutions > 0);  // what it found before the flag was read is kept
  CHECK(first.solutions < 4164);
  // Still raised: the engine, passing over what the band solver counted, stops at once and counts nothing.
  const dlx::Count again = solver.count();
  CHECK_FALSE(again.complete);
  CHECK(again.solutions == 0);
  CHECK(solver.status() == dlx::Status::stopped);
  stop = false;
  const dlx::Count rest = solver.count();
  CHECK(rest.complete);
  CHECK(first.solutions + rest.solutions == 4164);

  // next(): the band solver's stop says so; lowered, the engine hands out every solution.
  stop = true;
  REQUIRE_FALSE(solver.load(puzzle));
  Grid solution;
  CHECK_FALSE(solver.next(solution));
  CHECK(solver.status() == dlx::Status::stopped);
  stop = false;
  std::set<std::string> seen;
  while (solver.next(solution)) {
    CHECK(test::is_solution_of(puzzle, solution));
    seen.emplace(solution.cells.begin(), solution.cells.end());
  }
  CHECK(seen.size() == 4164);
}

TEST_CASE("a count the band solver began and a time limit then cut in slices counts each solution once") {
  sudoku::Solver solver(Shape{3, 3});
  REQUIRE_FALSE(solver.load(test::grid_from(kFewThousand, 3, 3)));
  const dlx::Count first = solver.count(3000);  // the band solver's, to its limit
  REQUIRE(first.solutions == 3000);
  CHECK(first.solutions + count_in_slices(solver, std::chrono::microseconds(50)) == 4164);
}

TEST_CASE("a time limit stops the band solver's count, and the engine goes on from there") {
  // 240082 solutions, which take the band solver milliseconds (more than its budget of guesses): a limit of a
  // microsecond ends its count at its first look at the clock, with what it found kept.
  const Grid puzzle = test::grid_from(
      "1....6....9..2..5...6...1...12..43....47..5.8..936...........4.......9..........1", 3, 3);
  sudoku::Solver solver(Shape{3, 3});
  REQUIRE_FALSE(solver.load(puzzle));
  solver.set_time_limit(std::chrono::microseconds(1));
  const dlx::Count first = solver.count();
  CHECK_FALSE(first.complete);
  CHECK(solver.status() == dlx::Status::timed_out);
  CHECK(first.solutions > 0);
  CHECK(first.solutions < 240082);
  CHECK(first.solutions + count_in_slices(solver, std::chrono::microseconds(200)) == 240082);
}

TEST_CASE(
    "a deadline stops the band solver and the engine as a time limit does, and time_point::max() lifts it") {
  // 240082 solutions: the band solver looks at the clock after its first thousand guesses.
  const Grid puzzle = test::grid_from(
      "1....6....9..2..5...6...1...12..43....47..5.8..936...........4.......9..........1", 3, 3);
  sudoku::Solver solver(Shape{3, 3});
  REQUIRE_FALSE(solver.load(puzzle));
  solver.set_deadline(std::chrono::steady_clock::now());  // passed when either search looks
  const dlx::Count first = solver.count();
  CHECK_FALSE(first.complete);
  CHECK(solver.status() == dlx::Status::timed_out);
  CHECK(first.solutions > 0);  // what it found before it looked is kept
  CHECK(first.solutions < 240082);
  // The engine, which goes on from there, is made now and stops at its first look.
  const dlx::Count again = solver.count();
  CHECK_FALSE(again.complete);
  CHECK(solver.status() == dlx::Status::timed_out);
  solver.set_deadline(std::chrono::steady_clock::time_point::max());
  const dlx::Count rest = solver.count();
  CHECK(rest.complete);
  CHECK(first.solutions + again.solutions + rest.solutions == 240082);

  // A deadline set on an engine made earlier stops it too; set_time_limit() replaces a deadline.
  REQUIRE_FALSE(solver.load(puzzle));
  solver.set_deadline(std::chrono::steady_clock::now());
  const dlx::Count cut = solver.count();
  CHECK_FALSE(cut.complete);
  solver.set_deadline(std::chrono::steady_clock::now());
  const dlx::Count cut_again = solver.count();
  CHECK_FALSE(cut_again.complete);
  CHECK(solver.status() == dlx::Status::timed_out);
  solver.set_time_limit(std::chrono::nanoseconds::zero());
  const dlx::Count whole_rest = solver.count();
  CHECK(whole_rest.complete);
  CHECK(cut.solutions + cut_again.solutions + whole_rest.solutions == 240082);
}

TEST_CASE("a count past the band solver's budget goes on in the engine, in time slices, each solution once") {
  // 240082 solutions: more than the band solver's budget of guesses counts.
  const Grid puzzle = test::grid_from(
      "1....6....9..2..5...6...1...12..43....47..5.8..936...........4.......9..........1", 3, 3);
  sudoku::Solver whole(Shape{3, 3});
  REQUIRE_FALSE(whole.load(puzzle));
  const dlx::Count all = whole.count();
  CHECK(all.complete);
  CHECK(all.solutions == 240082);

  std::atomic<bool> stop{false};
  dlx::SearchOptions options;
  options.stop = &stop;
  sudoku::Solver sliced(Shape{3, 3}, options);
  REQUIRE_FALSE(sliced.load(puzzle));
  CHECK(count_in_slices(sliced, std::chrono::microseconds(200)) == 240082);
  // Limits: the first 100000 (past the band solver's budget), then the rest.
  REQUIRE_FALSE(whole.load(puzzle));
  const dlx::Count part = whole.count(100000);
  CHECK_FALSE(part.complete);
  CHECK(part.solutions == 100000);
  const dlx::Count rest = whole.count();
  CHECK(rest.complete);
  CHECK(rest.solutions == 240082 - 100000);
}
