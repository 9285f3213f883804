// Issue 32's Sudoku items: the shared puzzle answer (the command's rules for every line form), SudoCue killers
// with diagonals against an independent checker, empty and nearly empty large boards, stop flags polled by
// the maker's long loops, clue counts the generator refuses, and the reader's messages.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <future>
#include <map>
#include <numeric>
#include <random>
#include <sstream>
#include <thread>

#include "helpers.hpp"
#include "read_one.hpp"
#include "sudoku/io/pencilmarks.hpp"
#include "sudoku/io/reader.hpp"
#include "sudoku/maker/generator.hpp"
#include "sudoku/maker/minimizer.hpp"
#include "sudoku/model/cages.hpp"
#include "sudoku/model/candidates.hpp"
#include "sudoku/model/model.hpp"
#include "sudoku/model/solver.hpp"
#include "sudoku/pipeline/answer.hpp"

using sudoku::Grid;
using sudoku::Shape;

namespace {

// The SudoCue long form's rules, checked without the library: rows, columns and boxes, the diagonals when the
// flags say so, and each cage (cells of one sum * 256 + id number) distinct and adding up to its sum.
bool breaks_nothing(const std::string& line, const Grid& g) {
  std::vector<std::string> fields;
  std::stringstream in(line);
  for (std::string f; std::getline(in, f, ':');) fields.push_back(f);
  if (fields.size() != 84 || g.cells.size() != 81) return false;
  if (!test::is_solution_of(Grid{{3, 3}, std::vector<std::uint8_t>(81, 0)}, g)) return false;
  if (fields[1] == "d") {
    std::vector<int> a(10), b(10);
    for (int i = 0; i < 9; ++i) {
      ++a[g.cells[static_cast<std::size_t>(i * 9 + i)]];
      ++b[g.cells[static_cast<std::size_t>(i * 9 + 8 - i)]];
    }
    for (int d = 1; d <= 9; ++d)
      if (a[static_cast<std::size_t>(d)] != 1 || b[static_cast<std::size_t>(d)] != 1) return false;
  }
  std::map<long, std::pair<int, std::vector<int>>> cages;  // id: sum, digits
  for (int cell = 0; cell < 81; ++cell) {
    const long v = std::stol(fields[static_cast<std::size_t>(cell) + 3]);
    if (v < 256) continue;
    auto& cage = cages[v % 256];
    cage.first = static_cast<int>(v / 256);
    cage.second.push_back(g.cells[static_cast<std::size_t>(cell)]);
  }
  for (auto& [id, cage] : cages) {
    int sum = 0;
    for (int d : cage.second) sum += d;
    std::sort(cage.second.begin(), cage.second.end());
    if (sum != cage.first || std::adjacent_find(cage.second.begin(), cage.second.end()) != cage.second.end())
      return false;
  }
  return true;
}

// A SudoCue killer drawn on a known grid: random cages of 1 to 4 neighbouring cells with distinct digits.
std::string sudocue_line(const std::string& solution, bool diagonals, std::uint32_t seed) {
  std::mt19937 random(seed);
  std::vector<int> owner(81, -1), sums;
  std::vector<int> order(81);
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), random);
  for (int start : order) {
    if (owner[static_cast<std::size_t>(start)] >= 0) continue;
    const int id = static_cast<int>(sums.size());
    std::vector<int> cage{start};
    owner[static_cast<std::size_t>(start)] = id;
    const auto want = static_cast<std::size_t>(1 + random() % 4);
    while (cage.size() < want) {
      std::vector<int> next;
      for (int c : cage)
        for (int d : {-9, 9, -1, 1}) {
          const int j = c + d;
          if (j < 0 || j >= 81 || ((d == 1 || d == -1) && j / 9 != c / 9)) continue;
          bool repeat = owner[static_cast<std::size_t>(j)] >= 0;
          for (int k : cage)
            repeat = repeat || solution[static_cast<std::size_t>(k)] == solution[static_cast<std::size_t>(j)];
          if (!repeat) next.push_back(j);
        }
      if (next.empty()) break;
      const int j = next[random() % next.size()];
      owner[static_cast<std::size_t>(j)] = id;
      cage.push_back(j);
    }
    int sum = 0;
    for (int c : cage) sum += solution[static_cast<std::size_t>(c)] - '0';
    sums.push_back(sum);
  }
  std::string line = diagonals ? "3x3:d:k:" : "3x3::k:";
  for (int cell = 0; cell < 81; ++cell) {
    const int id = owner[static_cast<std::size_t>(cell)];
    line += std::to_string(sums[static_cast<std::size_t>(id)] * 256 + id + 1) + ":";
  }
  return line;
}

}  // namespace

TEST_CASE("answer_puzzle: jigsaw, killer and pencilmark lines are answered under their own rules") {
  const std::string layout =
      "AAABBBCCCAAABBBCCCAAEBBBCCCDDDAEEFFFDDDEEEFFFDDDEEEFFFGGGHHHIIIGGGHHHIIIGGGHHHIII";
  // A jigsaw line whose plain reading (boxes) has another count.
  const sudoku::Puzzle jigsaw = test::read_one(std::string(81, '.') + layout);
  REQUIRE(jigsaw.ok());
  const sudoku::PuzzleAnswer full = sudoku::answer_puzzle(jigsaw, 1, true);
  REQUIRE(full.count.solutions == 1);
  const std::string solution = test::text_of(full.first);
  std::string puzzle = solution;
  for (std::size_t i = 0; i < 81; ++i)
    if (i % 3 != 0 && i % 7 != 0) puzzle[i] = '.';
  const sudoku::Puzzle line = test::read_one(puzzle + layout);
  const sudoku::PuzzleAnswer answer = sudoku::answer_puzzle(line, 0, true);
  CHECK(answer.count.complete);
  CHECK(answer.status == dlx::Status::exhausted);
  const Grid plain_puzzle = test::grid_from(puzzle, 3, 3);
  sudoku::Rules rules;
  rules.shape = {3, 3};
  rules.regions = sudoku::parse_regions(layout, 9);
  sudoku::Solver by_hand(rules);
  REQUIRE(!by_hand.load(plain_puzzle));
  CHECK(answer.count.solutions == by_hand.count().solutions);
  CHECK(answer.count.solutions != test::brute_force_count(plain_puzzle, 100000));
  // Every region of the answer holds each digit once.
  for (int region = 0; region < 9; ++region) {
    std::vector<int> seen(10);
    for (int cell = 0; cell < 81; ++cell)
      if (rules.regions[static_cast<std::size_t>(cell)] == region)
        ++seen[answer.first.cells[static_cast<std::size_t>(cell)]];
    for (int d = 1; d <= 9; ++d) CHECK(seen[static_cast<std::size_t>(d)] == 1);
  }

  // Published killers: one solution each, the published one, where the plain reading has a huge count.
  const auto killers = test::read_lines("killers.txt");
  const auto solutions = test::read_lines("killers_solutions.txt");
  for (std::size_t i = 0; i < killers.size(); ++i) {
    const sudoku::PuzzleAnswer k = sudoku::answer_puzzle(test::read_one(killers[i]), 10, true);
    CHECK(k.count.solutions == 1);
    CHECK(k.count.complete);
    CHECK(test::text_of(k.first) == solutions[i]);
  }

  // Pencilmarks: the marks are the puzzle (r1c1 = 1 leaves a grid the blank board does not fix).
  const Grid grid = test::grid_from(solutions[0], 3, 3);
  sudoku::CandidateGrid marks = sudoku::candidates_of(Grid{{3, 3}, std::vector<std::uint8_t>(81, 0)});
  for (std::size_t cell = 0; cell < 81; ++cell)
    if (cell % 2 == 0) marks.cells[cell] = sudoku::digit_bit(grid.cells[cell]);
  std::string text;
  sudoku::append_pencilmarks(text, marks, sudoku::Symbols());
  const sudoku::Puzzle pencil = test::read_one(text);
  REQUIRE(!pencil.pencilmarks.empty());
  const sudoku::PuzzleAnswer p = sudoku::answer_puzzle(pencil, 0, true);
  CHECK(p.count.solutions == sudoku::count_candidates(marks, 0, {}).solutions);
  CHECK(p.count.solutions >= 1);
  CHECK(test::is_solution_of(test::grid_from(std::string(81, '.'), 3, 3), p.first));
  for (std::size_t cell = 0; cell < 81; ++cell)
    CHECK((marks.cells[cell] & sudoku::digit_bit(p.first.cells[cell])) != 0);
  sudoku::Variants x;
  x.x = true;
  CHECK_THROWS_AS(sudoku::answer_puzzle(pencil, 0, false, x), sudoku::RulesError);
}

TEST_CASE("SudoCue killers with and without diagonals solve to grids that keep every cage") {
  // Known grids: the published killers' solutions (those of 3x3:d:k: lines keep both diagonals).
  const auto killers = test::read_lines("killers.txt");
  const auto solutions = test::read_lines("killers_solutions.txt");
  int tried = 0;
  for (std::size_t i = 0; i < killers.size(); ++i) {
    const bool diagonals = killers[i].starts_with("3x3:d:");
    for (std::uint32_t seed = 1; seed <= 4; ++seed) {
      const std::string line =
          sudocue_line(solutions[i], diagonals, seed * 97 + static_cast<std::uint32_t>(i));
      CAPTURE(line);
      REQUIRE(breaks_nothing(line, test::grid_from(solutions[i], 3, 3)));  // the checker accepts the source
      const sudoku::Puzzle puzzle = test::read_one(line);
      REQUIRE(puzzle.ok());
      REQUIRE(puzzle.rules);
      CHECK(puzzle.rules->extra.size() == (diagonals ? 2u : 0u));
      const sudoku::PuzzleAnswer answer = sudoku::answer_puzzle(puzzle, 2, true);
      REQUIRE(answer.count.solutions >= 1);
      CHECK(breaks_nothing(line, answer.first));
      ++tried;
    }
  }
  CHECK(tried >= 16);
}

TEST_CASE("empty boards of every shape up to kMaxSide solve, and check says multiple") {
  for (int r = 1; r <= sudoku::kMaxSide; ++r)
    for (int c = 1; r * c <= sudoku::kMaxSide; ++c) {
      const Shape shape{r, c};
      if (shape.side() < 2) continue;
      CAPTURE(sudoku::to_string(shape));
      Grid empty;
      empty.reset(shape);
      const std::vector<Grid> patterns = sudoku::pattern_solutions(empty, 2);
      REQUIRE(patterns.size() == 2);
      CHECK(patterns[0] != patterns[1]);
      for (const Grid& g : patterns) CHECK(test::is_solution_of(empty, g));
      if (shape.side() <= sudoku::Solver::kPatternSide) continue;  // the search fills these (other tests)
      sudoku::Solver solver(shape);
      Grid solution;
      REQUIRE(solver.solve(empty, solution));
      CHECK(test::is_solution_of(empty, solution));
      CHECK(solver.check(empty) == sudoku::Verdict::multiple);
    }
}

TEST_CASE("a nearly empty 64x64 board: the pattern keeps the givens, and next() never repeats a grid") {
  Grid puzzle;
  puzzle.reset({8, 8});
  puzzle.at(0, 0) = 5;
  puzzle.at(0, 1) = 7;
  puzzle.at(3, 40) = 5;
  puzzle.at(63, 63) = 64;
  dlx::SearchOptions bounded;
  bounded.node_limit = 20000;  // what the command gives such boards: the pattern answers first
  sudoku::Solver solver(puzzle.shape, bounded);
  REQUIRE(!solver.load(puzzle));
  Grid first, second;
  REQUIRE(solver.next(first));
  REQUIRE(solver.next(second));
  CHECK(first != second);
  CHECK(test::is_solution_of(puzzle, first));
  CHECK(test::is_solution_of(puzzle, second));
  CHECK(solver.check(puzzle) == sudoku::Verdict::multiple);
  // Givens the pattern cannot meet leave it to the search: clashing givens are still found out.
  puzzle.at(0, 2) = 5;
  CHECK(solver.load(puzzle).has_value());
}

namespace {

// Runs f() on a thread, raises `stop` after a short while, and returns f's result; fails when f has not
// returned within a generous bound after the flag went up.
template <class F>
auto stopped_run(std::atomic<bool>& stop, F f) {
  auto result = std::async(std::launch::async, f);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  stop.store(true);
  REQUIRE(result.wait_for(std::chrono::seconds(60)) == std::future_status::ready);
  return result.get();
}

}  // namespace

TEST_CASE("a raised stop flag ends generate on 7x7 and 8x8 boxes with nothing") {
  for (const Shape shape : {Shape{7, 7}, Shape{8, 8}}) {
    CAPTURE(sudoku::to_string(shape));
    sudoku::GenerateOptions options;
    options.shape = shape;
    options.minimal = true;
    sudoku::Generator generator(options);
    std::atomic<bool> stop{false};
    CHECK(!stopped_run(stop, [&] { return generator.generate(0, &stop); }));
  }
}

TEST_CASE("a raised stop flag ends minimize and the candidates on 25x25 and 49x49 boards") {
  for (const Shape shape : {Shape{5, 5}, Shape{7, 7}}) {
    CAPTURE(sudoku::to_string(shape));
    Grid empty;
    empty.reset(shape);
    const Grid full = sudoku::pattern_solutions(empty, 1).at(0);
    sudoku::Solver solver(shape);
    Grid puzzle = full;
    std::atomic<bool> stop{false};
    CHECK(!stopped_run(stop, [&] { return sudoku::minimize(puzzle, solver, {}, &stop); }));
    CHECK(test::is_solution_of(puzzle, full));               // what it dropped so far kept the solution
    CHECK(solver.check(puzzle) == sudoku::Verdict::unique);  // and the solver has its own flag back

    // A quarter of the cells given: many candidates, each a search of its own.
    Grid sparse = full;
    for (std::size_t i = 0; i < sparse.cells.size(); ++i)
      if (i % 4 != 0) sparse.cells[i] = 0;
    dlx::SearchOptions options;
    std::atomic<bool> stop2{false};
    options.stop = &stop2;
    const sudoku::CandidateGrid candidates =
        stopped_run(stop2, [&] { return sudoku::true_candidates(sudoku::candidates_of(sparse), options); });
    CHECK(candidates.cells.empty());

    std::atomic<bool> stop3{true};
    options.stop = &stop3;
    dlx::Status status = dlx::Status::ready;
    const dlx::Count count =
        sudoku::count_candidates(sudoku::candidates_of(sparse), 0, options, nullptr, &status);
    CHECK(!count.complete);
    CHECK(status == dlx::Status::stopped);
  }
}

TEST_CASE("clue counts no puzzle can have are refused at once, with the reason") {
  sudoku::GenerateOptions options;
  options.clues = 16;
  CHECK_THROWS_WITH_AS(sudoku::Generator{options}, doctest::Contains("fewer than 17"), std::invalid_argument);
  options.clues = 82;
  CHECK_THROWS_WITH_AS(sudoku::Generator{options}, doctest::Contains("0 to 81"), std::invalid_argument);
  options.clues = -1;
  CHECK_THROWS_AS(sudoku::Generator{options}, std::invalid_argument);
  options.shape = {2, 2};
  options.clues = 3;
  CHECK_THROWS_WITH_AS(sudoku::check_clues(options), doctest::Contains("fewer than 4"),
                       std::invalid_argument);
  options.shape = {4, 4};
  options.clues = 14;
  CHECK_THROWS_WITH_AS(sudoku::check_clues(options), doctest::Contains("fewer than 15"),
                       std::invalid_argument);
  dlx::ThreadPool pool(1);
  CHECK_THROWS_AS(sudoku::generate_many(options, 1, pool, [](std::uint64_t, const auto&) {}),
                  std::invalid_argument);
  // Possible counts still make puzzles with exactly that many givens; 0 leaves the count to removal.
  options.shape = {3, 3};
  options.clues = 30;
  options.seed = 3;
  const auto made = sudoku::Generator(options).generate(0);
  REQUIRE(made);
  CHECK(made->puzzle.givens() == 30);
  options.clues = 0;
  CHECK(sudoku::Generator(options).generate(0));
}

TEST_CASE("reader: a 16x16 written 0-F is told to give --symbols, and a short first grid row is blamed") {
  std::string hex(256, '.');
  hex[5] = '0';
  hex[7] = 'F';
  sudoku::Puzzle p = test::read_one(hex);
  REQUIRE(!p.ok());
  CHECK(p.error.find("--symbols 0123456789ABCDEF") != std::string::npos);
  sudoku::ReaderOptions options;
  options.symbols = sudoku::Symbols("0123456789ABCDEF");
  CHECK(test::read_one(hex, options).ok());

  const std::string row = "0 0 3 0 2 0 6 0 0\n";
  std::string judge = "0 0 3 0 2 0 6 0\n";  // eight numbers: the first row is short
  for (int r = 1; r < 9; ++r) judge += row;
  const std::string next_puzzle =
      "5 3 0 0 7 0 0 0 0\n6 0 0 1 9 5 0 0 0\n0 9 8 0 0 0 0 6 0\n8 0 0 0 6 0 0 0 3\n"
      "4 0 0 8 0 3 0 0 1\n7 0 0 0 2 0 0 0 6\n0 6 0 0 0 0 2 8 0\n0 0 0 4 1 9 0 0 5\n"
      "0 0 0 0 8 0 0 7 9\n";
  std::istringstream in(judge + "\n" + next_puzzle);
  sudoku::PuzzleReader reader(in);
  REQUIRE(reader.next(p));
  REQUIRE(!p.ok());
  CHECK(p.error_line == 1);
  CHECK(p.error.find("row 1 has 8 cells") != std::string::npos);
  REQUIRE(reader.next(p));  // the next puzzle is read whole, from its own first line
  CHECK(p.ok());
  CHECK(p.line == 11);
  CHECK(p.grid.at(8, 8) == 9);
}

TEST_CASE("a published jigsaw layout that admits no grid is settled at once, and good layouts still fill") {
  const std::string none =
      "000000001222304111222344111222344411555333444665553777666553777666583777688888888";
  sudoku::Rules rules;
  rules.shape = {3, 3};
  rules.regions = sudoku::parse_regions(none, 9);
  CHECK(sudoku::admits_grid(rules) == false);
  // The command's path: a jigsaw line of 81 blanks and the layout; check says none, count 0 (complete).
  const sudoku::Puzzle line = test::read_one(std::string(81, '.') + none);
  const sudoku::PuzzleAnswer answer = sudoku::answer_puzzle(line, 0, true);
  CHECK(answer.count.solutions == 0);
  CHECK(answer.count.complete);
  CHECK(answer.status == dlx::Status::exhausted);
  sudoku::Solver solver(rules);
  Grid empty;
  empty.reset({3, 3});
  CHECK(solver.check(empty) == sudoku::Verdict::none);

  rules.regions = sudoku::parse_regions(
      "AAABBBCCCAAABBBCCCAAEBBBCCCDDDAEEFFFDDDEEEFFFDDDEEEFFFGGGHHHIIIGGGHHHIIIGGGHHHIII", 9);
  CHECK(sudoku::admits_grid(rules) == true);
  // Random 4x4 layouts (cells of the boxes traded at random, some admitting no grid): admits_grid agrees with
  // a brute-force fill that checks the regions by hand.
  std::mt19937 random(32);
  int none_seen = 0;
  for (int trial = 0; trial < 300; ++trial) {
    std::string layout = "AABBAABBCCDDCCDD";
    for (int swap = 0; swap < 3; ++swap) std::swap(layout[random() % 16], layout[random() % 16]);
    CAPTURE(layout);
    sudoku::Rules small;
    small.shape = {2, 2};
    small.regions = sudoku::parse_regions(layout, 4);
    bool found = false;
    Grid g;
    g.reset({2, 2});
    const auto fill = [&](auto&& self, int cell) -> void {
      if (found) return;
      if (cell == 16) {
        found = true;
        return;
      }
      for (std::uint8_t d = 1; d <= 4 && !found; ++d) {
        bool ok = true;
        for (int other = 0; other < cell; ++other)
          if (g.cells[static_cast<std::size_t>(other)] == d &&
              (other / 4 == cell / 4 || other % 4 == cell % 4 ||
               layout[static_cast<std::size_t>(other)] == layout[static_cast<std::size_t>(cell)]))
            ok = false;
        if (!ok) continue;
        g.cells[static_cast<std::size_t>(cell)] = d;
        self(self, cell + 1);
        if (!found) g.cells[static_cast<std::size_t>(cell)] = 0;
      }
    };
    fill(fill, 0);
    CHECK(sudoku::admits_grid(small) == found);
    none_seen += !found;
  }
  CHECK(none_seen > 0);
  sudoku::Rules killer;
  killer.shape = {3, 3};
  killer.cages.push_back({3, {0, 1}});
  CHECK(!sudoku::admits_grid(killer).has_value());  // not rules of regions alone
}
