// The band solver (model/band_solver.hpp): each of its copies against the exact-cover engine, on counts,
// limits, budgets and solutions; and the Solver that answers plain 9x9 puzzles with it, against a Solver made
// to run the engine alone (an engine named in its options).
#include "sudoku/model/band_solver.hpp"

#include <doctest/doctest.h>

#include <array>
#include <chrono>
#include <set>
#include <string>
#include <vector>

#include "dlx/vector_copy.hpp"
#include "helpers.hpp"
#include "sudoku/model/detail/givens.hpp"
#include "sudoku/model/solver.hpp"

using sudoku::BandCount;
using sudoku::Grid;
using sudoku::Shape;

namespace {

// The copies this build and processor run: the portable one always.
std::vector<const char*> copies() {
  std::vector<const char*> found;
  const std::array<std::uint8_t, 81> empty{};
  BandCount out;
  for (const char* isa : {"portable", "avx2", "avx512"})
    if (sudoku::band_count_with(isa, empty.data(), 1, 100, nullptr, out)) found.push_back(isa);
  return found;
}

// A Solver that runs the engine only (the band solver stands aside when an engine is named).
sudoku::Solver engine_solver() {
  dlx::SearchOptions options;
  options.engine = dlx::Engine::mask;
  return sudoku::Solver(Shape{3, 3}, options);
}

std::uint64_t engine_count(const Grid& puzzle, std::uint64_t limit) {
  sudoku::Solver solver = engine_solver();
  if (solver.load(puzzle)) return 0;
  return static_cast<std::uint64_t>(solver.count(limit).solutions);
}

// The puzzle's first line field as 81 values.
std::array<std::uint8_t, 81> values_of(const Grid& g) {
  std::array<std::uint8_t, 81> v{};
  for (std::size_t i = 0; i < 81; ++i) v[i] = g.cells[i];
  return v;
}

Grid grid_of(const std::array<std::uint8_t, 81>& v) {
  Grid g;
  g.reset(Shape{3, 3});
  for (std::size_t i = 0; i < 81; ++i) g.cells[i] = v[i];
  return g;
}

std::vector<Grid> puzzles(const char* file) {
  std::vector<Grid> out;
  for (const std::string& line : test::read_lines(file))
    out.push_back(test::grid_from(line.substr(0, 81), 3, 3));
  return out;
}

}  // namespace

TEST_CASE("band solver: every copy counts the puzzles with counts exactly, and to each limit") {
  const auto lines = test::read_lines("puzzles_with_counts.txt");
  REQUIRE(lines.size() == 43);
  const auto isas = copies();
  REQUIRE(!isas.empty());
  for (const char* isa : isas) {
    CAPTURE(isa);
    for (const std::string& line : lines) {
      CAPTURE(line);
      const Grid puzzle = test::grid_from(line.substr(0, 81), 3, 3);
      const std::uint64_t expected = std::stoull(line.substr(82, line.find(':', 82) - 82));
      const auto values = values_of(puzzle);
      std::array<std::uint8_t, 81> solution{};
      BandCount all;
      REQUIRE(sudoku::band_count_with(isa, values.data(), 0, 1u << 20, solution.data(), all));
      CHECK(all.solutions == expected);
      CHECK(all.complete);
      CHECK_FALSE(all.gave_up);
      if (expected > 0) {
        CHECK(test::is_solution_of(puzzle, grid_of(solution)));
      }
      if (expected == 1) {
        // The one solution is the file's.
        const std::string text = test::text_of(grid_of(solution));
        CHECK(line.find(text) != std::string::npos);
      }
      for (const std::uint64_t limit : {1u, 2u, 3u, 100u}) {
        CAPTURE(limit);
        BandCount part;
        REQUIRE(sudoku::band_count_with(isa, values.data(), limit, 1u << 20, nullptr, part));
        CHECK(part.solutions == std::min<std::uint64_t>(expected, limit));
        CHECK(part.complete == (expected < limit));
        CHECK_FALSE(part.gave_up);
      }
    }
  }
}

TEST_CASE("band solver: the samples' counts to two agree with the engine's, copy by copy") {
  for (const char* file : {"top95_sample.txt", "17_clue_sample.txt", "serg_benchmark_sample.txt"}) {
    CAPTURE(file);
    const auto list = puzzles(file);
    REQUIRE(list.size() == 50);
    std::vector<std::uint64_t> expected;
    for (const Grid& p : list) expected.push_back(engine_count(p, 2));
    for (const char* isa : copies()) {
      CAPTURE(isa);
      for (std::size_t i = 0; i < list.size(); ++i) {
        CAPTURE(i);
        const auto values = values_of(list[i]);
        std::array<std::uint8_t, 81> solution{};
        BandCount c;
        REQUIRE(sudoku::band_count_with(isa, values.data(), 2, 1u << 20, solution.data(), c));
        CHECK(c.solutions == expected[i]);
        CHECK(c.nodes >= 1);
        if (c.solutions > 0) CHECK(test::is_solution_of(list[i], grid_of(solution)));
      }
    }
  }
}

TEST_CASE("band solver: the budget of guesses is kept, and a count stopped by it says so") {
  std::array<std::uint8_t, 81> empty{};
  for (const char* isa : copies()) {
    CAPTURE(isa);
    BandCount c;
    REQUIRE(sudoku::band_count_with(isa, empty.data(), 0, 500, nullptr, c));
    CHECK(c.gave_up);
    CHECK_FALSE(c.complete);
    CHECK(c.guesses == 500);
    CHECK(c.solutions > 0);  // a lower bound: the empty board's first solutions come at once
    // Ten solutions of the empty board, each a valid grid; the first is given back.
    std::array<std::uint8_t, 81> solution{};
    REQUIRE(sudoku::band_count_with(isa, empty.data(), 10, 1u << 20, solution.data(), c));
    CHECK(c.solutions == 10);
    CHECK_FALSE(c.complete);
    CHECK_FALSE(c.gave_up);
    CHECK(test::is_solution_of(grid_of(empty), grid_of(solution)));
  }
  // An unknown name runs nothing.
  BandCount c;
  CHECK_FALSE(sudoku::band_count_with("avx1024", empty.data(), 1, 1, nullptr, c));
  // The copy that runs is the one rule's choice for a kernel that gains from AVX-512 everywhere.
  const std::string chosen = sudoku::band_instruction_set();
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__EMSCRIPTEN__)
  CHECK(chosen == dlx::vector_copy_name(dlx::vector_copy(dlx::VectorCopy::avx512, true)));
#else
  CHECK(chosen == "portable");
#endif
}

TEST_CASE("band solver: a deadline ends a count, which says so, and one far off changes nothing") {
  std::array<std::uint8_t, 81> empty{};
  for (const char* isa : copies()) {
    CAPTURE(isa);
    // Passed already: the first look at the clock (after a thousand guesses or so) ends the count.
    BandCount c;
    REQUIRE(sudoku::band_count_with(isa, empty.data(), 0, 1u << 20, nullptr, c, nullptr,
                                    std::chrono::steady_clock::now()));
    CHECK(c.timed_out);
    CHECK_FALSE(c.stopped);
    CHECK_FALSE(c.gave_up);
    CHECK_FALSE(c.complete);
    CHECK(c.solutions > 0);  // a lower bound: what it found before it looked
    CHECK(c.guesses < (1u << 20));
    // An hour away: the same count as with none, to its limit.
    REQUIRE(sudoku::band_count_with(isa, empty.data(), 1000, 1u << 20, nullptr, c, nullptr,
                                    std::chrono::steady_clock::now() + std::chrono::hours(1)));
    CHECK_FALSE(c.timed_out);
    CHECK(c.solutions == 1000);
  }
}

TEST_CASE("band solver: givens with no solution, found only by search or at once") {
  const auto lines = test::read_lines("puzzles_with_counts.txt");
  int none = 0;
  for (const std::string& line : lines) {
    if (line.substr(82, 2) != "0:" && line.substr(82) != "0") continue;
    ++none;
    const auto values = values_of(test::grid_from(line.substr(0, 81), 3, 3));
    for (const char* isa : copies()) {
      BandCount c;
      REQUIRE(sudoku::band_count_with(isa, values.data(), 2, 1u << 20, nullptr, c));
      CHECK(c.solutions == 0);
      CHECK(c.complete);
    }
  }
  CHECK(none == 10);
}

TEST_CASE("band solver: its precondition, givens 0-9 without a clash, told as a plain check tells it") {
  // The plain check: every pair of givens, and every value.
  const auto valid = [](const std::array<std::uint8_t, 81>& v) {
    for (int a = 0; a < 81; ++a) {
      if (v[a] > 9) return false;
      for (int b = a + 1; b < 81; ++b) {
        const bool row = a / 9 == b / 9, column = a % 9 == b % 9;
        const bool box = a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3;
        if (v[a] != 0 && v[a] == v[b] && (row || column || box)) return false;
      }
    }
    return true;
  };
  test::Lcg random(20261207);
  const auto next = [&random](unsigned n) { return random.below(n); };
  const std::vector<const char*> isas = copies();
  int clashing = 0, passing = 0;
  for (int round = 0; round < 4000; ++round) {
    std::array<std::uint8_t, 81> v{};
    const unsigned givens = next(40);
    for (unsigned i = 0; i < givens; ++i) v[next(81)] = static_cast<std::uint8_t>(1 + next(9));
    // Now and then a value out of range, at any cell (the last one too), some far above 15.
    if (next(8) == 0) v[next(2) == 0 ? 80 : next(81)] = static_cast<std::uint8_t>(10 + next(246));
    CAPTURE(round);
    CHECK(sudoku::band_givens_valid(v.data()) == valid(v));
    for (const char* isa : isas) {  // each copy tells it on its own vectors
      CAPTURE(isa);
      bool told = !valid(v);
      REQUIRE(sudoku::band_givens_valid_with(isa, v.data(), told));
      CHECK(told == valid(v));
    }
    (valid(v) ? passing : clashing) += 1;
  }
  bool told = true;
  CHECK_FALSE(sudoku::band_givens_valid_with("avx1024", std::array<std::uint8_t, 81>{}.data(), told));
  // Every pair of cells given one digit: a clash exactly when they share a house, whatever the house (one row
  // of a box, two rows of a box, a row or a column across boxes), and in every copy.
  for (int a = 0; a < 81; ++a)
    for (int b = a + 1; b < 81; ++b) {
      std::array<std::uint8_t, 81> v{};
      v[static_cast<std::size_t>(a)] = v[static_cast<std::size_t>(b)] =
          static_cast<std::uint8_t>(1 + (a + b) % 9);
      CAPTURE(a);
      CAPTURE(b);
      CHECK(sudoku::band_givens_valid(v.data()) == valid(v));
      for (const char* isa : isas) {
        REQUIRE(sudoku::band_givens_valid_with(isa, v.data(), told));
        CHECK(told == valid(v));
      }
    }
  CHECK(passing > 400);  // both kinds were met often
  CHECK(clashing > 400);
  for (const std::string& line : test::read_lines("puzzles_with_counts.txt"))
    CHECK(sudoku::band_givens_valid(values_of(test::grid_from(line.substr(0, 81), 3, 3)).data()));
}

TEST_CASE("the givens' cells, 64 at a time, as a loop over every cell finds them, at every length") {
  test::Lcg random(7);
  const auto next = [&random](unsigned n) { return random.below(n); };
  for (std::size_t cells = 0; cells <= 200; ++cells) {
    for (int round = 0; round < 20; ++round) {
      // Blanks and values of every byte (0x80 and 0xFF among them), a guard past the end that must be unread.
      std::vector<std::uint8_t> values(cells + 8, 0xFF);
      const unsigned density = 1 + next(4);
      for (std::size_t c = 0; c < cells; ++c)
        values[c] = next(density) == 0 ? static_cast<std::uint8_t>(1 + next(255)) : std::uint8_t{0};
      std::vector<std::size_t> expected, found;
      for (std::size_t c = 0; c < cells; ++c)
        if (values[c] != 0) expected.push_back(c);
      sudoku::detail::for_each_given(values.data(), cells, [&](std::size_t c) { found.push_back(c); });
      CAPTURE(cells);
      CHECK(found == expected);
    }
  }
}

TEST_CASE("Solver with the band solver: the engine's answers, its order of several solutions, its states") {
  sudoku::Solver solver(Shape{3, 3});
  sudoku::Solver engine = engine_solver();
  std::vector<Grid> all;
  for (const char* file : {"top95_sample.txt", "17_clue_sample.txt", "serg_benchmark_sample.txt"})
    for (const Grid& p : puzzles(file)) all.push_back(p);
  for (const std::string& line : test::read_lines("puzzles_with_counts.txt"))
    all.push_back(test::grid_from(line.substr(0, 81), 3, 3));
  for (const Grid& puzzle : all) {
    CAPTURE(test::text_of(puzzle));
    // check(): the same verdict.
    CHECK(solver.check(puzzle) == engine.check(puzzle));
    // next(), every solution up to 5: the same grids in the same order.
    REQUIRE_FALSE(solver.load(puzzle).has_value());
    REQUIRE_FALSE(engine.load(puzzle).has_value());
    Grid a, b;
    for (int k = 0; k < 5; ++k) {
      const bool more = solver.next(a);
      REQUIRE(more == engine.next(b));
      if (!more) break;
      CHECK(a == b);
    }
    CHECK(solver.status() == engine.status());
    // count(2) then count(0): the same parts, the same total, and the same statuses on the way.
    REQUIRE_FALSE(solver.load(puzzle).has_value());
    REQUIRE_FALSE(engine.load(puzzle).has_value());
    const dlx::Count first = solver.count(2), first_engine = engine.count(2);
    CHECK(first.solutions == first_engine.solutions);
    CHECK(first.complete == first_engine.complete);
    CHECK(solver.status() == engine.status());
    const dlx::Count rest = solver.count(0), rest_engine = engine.count(0);
    CHECK(rest.solutions == rest_engine.solutions);
    CHECK(rest.complete == rest_engine.complete);
    CHECK(solver.status() == engine.status());
    // count(1), then next(): a unique puzzle has nothing left; several, the engine's second.
    REQUIRE_FALSE(solver.load(puzzle).has_value());
    REQUIRE_FALSE(engine.load(puzzle).has_value());
    CHECK(solver.count(1).solutions == engine.count(1).solutions);
    const bool more = solver.next(a);
    REQUIRE(more == engine.next(b));
    if (more) CHECK(a == b);
  }
}

TEST_CASE("Solver with the band solver: its figures, and the engine past the budget under a time limit") {
  sudoku::Solver solver(Shape{3, 3});
  // One of the hardest puzzles needs a search: the band solver's nodes are the figures.
  const Grid hard = test::grid_from(
      "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3", 3, 3);
  CHECK(solver.check(hard) == sudoku::Verdict::unique);
  CHECK(solver.stats().nodes > 1);
  CHECK(solver.stats().solutions == 1);
  // The empty board counted to the end: past the band solver's budget the engine counts, and its time limit
  // stops it.
  Grid empty;
  empty.reset(Shape{3, 3});
  REQUIRE_FALSE(solver.load(empty).has_value());
  solver.set_time_limit(std::chrono::milliseconds(50));
  const dlx::Count c = solver.count(0);
  CHECK_FALSE(c.complete);
  CHECK(solver.status() == dlx::Status::timed_out);
  // The search options that only the engine honours keep the band solver aside: a node limit is heard.
  dlx::SearchOptions limited;
  limited.node_limit = 10;
  sudoku::Solver small(Shape{3, 3}, limited);
  REQUIRE_FALSE(small.load(hard).has_value());
  small.count(2);
  CHECK(small.status() == dlx::Status::node_limit);
}
