// The graded techniques past the subsets (wings, strong links) and SE's direct steps, each on a puzzle of the
// serate sample where it is the next step: its name, SE's rating and its exact eliminations.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "graded_helpers.hpp"
#include "helpers.hpp"
#include "sudoku/maker/logic/combinations.hpp"
#include "sudoku/maker/logic/engine.hpp"
#include "sudoku/maker/logic/techniques.hpp"

namespace {

using sudoku::logic::Candidate;
using sudoku::logic::GradedStep;

// A 729-character pencilmark line (a digit where it is a candidate).
sudoku::CandidateGrid marks(const std::string& line) {
  sudoku::CandidateGrid grid{sudoku::Shape{3, 3}, std::vector<sudoku::Mask>(81, 0)};
  for (std::size_t i = 0; i < 729; ++i)
    if (line[i] != '.') grid.cells[i / 9] |= sudoku::digit_bit(static_cast<int>(i % 9) + 1);
  return grid;
}

// Steps the engine from `state` (the puzzle's givens, or a 729-character pencilmark line of it) until the next
// step's technique is `technique`, checking every step against the puzzle's solution.
GradedStep first_step(const std::string& puzzle, const std::string& technique,
                      const std::string& state = "") {
  const sudoku::Grid grid = test::grid_from(puzzle, 3, 3);
  const sudoku::Grid solution = test::unique_solution(grid);
  const sudoku::Houses houses(grid.shape);
  sudoku::logic::Engine engine(houses);
  if (state.empty())
    REQUIRE(engine.load(grid));
  else
    engine.load(marks(state));
  while (const auto step = engine.next()) {
    test::check_sound(*step, solution, puzzle);
    if (step->technique == technique) return *step;
    engine.step();
  }
  FAIL("no ", technique, " step in ", puzzle, " ", state);
  return {};
}

// "r2c2<>8" as a candidate of a 9x9 grid.
std::vector<Candidate> cells(std::initializer_list<const char*> list) {
  std::vector<Candidate> result;
  for (const char* t : list) result.push_back({(t[1] - '1') * 9 + (t[3] - '1'), t[6] - '0'});
  return result;
}

void check(const GradedStep& step, double rating, std::initializer_list<const char*> eliminations) {
  INFO(step.text);
  CHECK(step.rating == doctest::Approx(rating));
  std::vector<Candidate> got = step.eliminations, want = cells(eliminations);
  const auto order = [](const Candidate& a, const Candidate& b) {
    return a.cell != b.cell ? a.cell < b.cell : a.digit < b.digit;
  };
  std::sort(got.begin(), got.end(), order);
  std::sort(want.begin(), want.end(), order);
  CHECK(got == want);
  CHECK(step.placements.empty());
}

}  // namespace

TEST_CASE("graded: WXYZ- to TUVWXYZ-Wings, an ALS of k-1 cells and a bivalue cell") {
  // ALS r7c5,r7c7,r7c9 (row 7) and bivalue r1c7: 6 goes from r8c7, seeing r1c7 and the ALS's 6s.
  check(first_step(".2.4....94..189.......62.5......63..3..94.5.......8.1..........8.2..4...964.....7",
                   "WXYZ-Wing"),
        5.5, {"r8c7<>6"});
  // Doubly linked (both digits of r3c1 restricted): the ALS's other digits are locked in column 3 too.
  check(first_step("9...6.1.......1......2...76..23.5....8.9....2.6.....8.4.3........57..6......5.93.",
                   "WXYZ-Wing"),
        5.6, {"r2c3<>4", "r2c3<>7", "r9c3<>7", "r3c2<>1", "r2c1<>8", "r2c3<>8"});
  check(first_step(".4..5..67...1...4....2.....1..8..3........2...6...........4..5.3.....8..2........",
                   "VWXYZ-Wing"),
        6.3, {"r2c6<>8", "r2c6<>9", "r5c5<>7", "r8c5<>7"});
  check(first_step("1......4..47....3.....5.7...8..7..9......3..6..1..95.4..82....9.........2..517...",
                   "UVWXYZ-Wing"),
        6.6, {"r3c8<>8", "r3c9<>8"});
  // A top1465 puzzle: in the serate sample SE's cycles (6.5) come first wherever a TUVWXYZ-Wing stands.
  check(first_step(".....1..8.9....3..2........5......84.7.63.......9.....1.4....5.....7.6.....2.....",
                   "TUVWXYZ-Wing"),
        7.5, {"r9c2<>8", "r9c3<>8"});
}

TEST_CASE("graded: 2 to 6 strong links, grouped, rated by their houses") {
  // Rows and a column, no box (a String Kite): SE's base rating for three links, +0.1.
  check(first_step("........1.......23..4..5.........6......7...8.2731.........94...1.......83.......",
                   "3-String Kite"),
        5.5, {"r5c1<>1"});
  // A box link (r7c6=r9c5) with rows: +0.1.
  check(first_step("..............1..2..3.4..5........6.......7.1..289........5.23..1...7...6........",
                   "3 Strong links"),
        5.5, {"r9c7<>8"});
  // A line's places in one box as a group: +0.3.
  check(first_step("6..3.2....4.....1..........7.26............543.........8.15........4.2........7..",
                   "Grouped Skyscraper"),
        4.3, {"r3c6<>7"});
  // A box's places in a row and a column as two groups.
  check(first_step(".26.39......6....19.....7.......4..9.5....2....85.....3..2..9..4....762.........4",
                   "Grouped 2 Strong links"),
        4.3, {"r4c4<>1"});
  check(first_step(".5..9....1.....6.....3.8.....8.4...9514.......3....2..........4.8...6..77..15..6.",
                   "Grouped 3 Strong links"),
        5.7, {"r1c8<>2", "r2c8<>2"});
}

TEST_CASE("graded: unique rectangles, types 1 to 4") {
  check(first_step(".3..6......4.5...7.5.7...8......1.........7..3.....465.1...7..4..581.....7....29.",
                   "Unique Rectangle type 1"),
        4.5, {"r3c7<>3", "r3c7<>6"});
  // r6c8 and r6c9 hold the only places of one pair digit in a house they share: the other goes from both.
  check(first_step("........185....67...64..5..6....2..3..467..1...8...........6.....3.1..49..1.34...",
                   "Unique Rectangle type 4"),
        4.5, {"r6c8<>5", "r6c9<>5"});
  // r6c4 and r6c6 have one extra digit, 9: it goes from every cell seeing both.
  check(first_step("........185....67...64..5..6....2..3..467..1...8...........6.....3.1..49..1.34...",
                   "Unique Rectangle type 2"),
        4.5, {"r4c4<>9", "r5c6<>9", "r6c1<>9", "r6c2<>9", "r6c7<>9"});
  // The extras of r7c1 and r8c1 and one more cell of box 7 are a naked pair there: +0.1.
  check(first_step("........1.....2.....1....34......5.....14....67....2.....3....8.2...6....5....9..",
                   "Unique Rectangle type 3"),
        4.6, {"r9c1<>7", "r9c1<>8", "r9c3<>7", "r9c3<>8"});
}

TEST_CASE("graded: aligned pair exclusion") {
  // r1c1 and r1c2 hold {1,2,3}; the bivalue cells r2c3 {1,2} and r1c9 {1,3} see both. 1 in either cell would
  // leave the other 2 or 3 and empty one of them: only (2,3) and (3,2) remain, so 1 goes from both.
  const sudoku::Houses houses(sudoku::Shape{3, 3});
  sudoku::CandidateGrid grid{sudoku::Shape{3, 3}, std::vector<sudoku::Mask>(81, sudoku::all_digits(9))};
  grid.cells[0] = grid.cells[1] = 0b111;
  grid.cells[11] = 0b011;
  grid.cells[8] = 0b101;
  sudoku::logic::Board board(houses);
  board.load(grid);
  GradedStep step;
  REQUIRE(sudoku::logic::aligned_pair_exclusion(board, step));
  CHECK(step.technique == "Aligned Pair Exclusion");
  check(step, 6.2, {"r1c1<>1", "r1c2<>1"});
  // Without the second bivalue cell nothing is excluded.
  grid.cells[8] = sudoku::all_digits(9);
  board.load(grid);
  CHECK_FALSE(sudoku::logic::aligned_pair_exclusion(board, step));
}

TEST_CASE("graded: a direct step is its placement alone, as SE applies it") {
  // Hidden pair 7,8 in box 1 leaves 9 a hidden single: r1c2=9, and r1c1/r1c3 keep their 9 for now.
  const GradedStep step =
      first_step("........1......23...4.56..........4......75...8...1......24.....3.......17......8",
                 "Direct Hidden Pair");
  CHECK(step.rating == doctest::Approx(2.0));
  CHECK(step.eliminations.empty());
  REQUIRE(step.placements.size() == 1);
  CHECK(step.placements[0] == Candidate{1, 9});
}

TEST_CASE("graded: unique rectangles' type 3 with a hidden or larger set") {
  // Extra cells r4c1 and r4c2 hold at most one of 4 and 9, so r4c6 (the only other place of 4 and 9 in row
  // 4) holds the other: a hidden pair with the two extra cells as one, 4.5.
  check(first_step("53..2.9...24.3..5...9..........1.827...7.........981.............64....91.2.5.43.",
                   "Unique Rectangle type 3"),
        4.5, {"r4c6<>3", "r4c6<>5", "r4c6<>6"});
  // The extras of r4c9 and r5c9 and two more cells of column 9 make a set of three: +0.2.
  check(first_step("2..7..1......5..9...1..4..3......8......4..6...9..6..27..5..6...5..7..3...6..3..1",
                   "Unique Rectangle type 3"),
        4.7, {"r1c9<>4", "r1c9<>8", "r2c9<>4", "r2c9<>8"});
}

TEST_CASE("graded: BUG types 1 and 2") {
  // r9c6 is the one cell of three candidates: were its bug digit gone the grid would have two solutions.
  check(first_step("8.9...3.....7.1...5.........7.....263...9.......1...4..6.2....4....8.5...........",
                   "BUG type 1"),
        5.6, {"r9c6<>4", "r9c6<>7"});
  // Two bug cells with the one bug digit 7: it goes from the cells seeing both.
  check(first_step("4..6..3...1..2..6...8..7..19..8..5...4..5..1......2..75.....6...3..8..4......9..5",
                   "BUG type 2"),
        5.7, {"r2c7<>7"});
  // Three bug cells, r1c7, r2c2 and r2c3, with the bug digit 7.
  check(first_step("................12..3..4..5.....6........78...19..........1..8...259.3..7........",
                   "BUG type 2"),
        5.7, {"r1c2<>7", "r1c3<>7", "r2c7<>7"});
  // Type 4, on the pencilmark state of a BUG type 1 (bug cell r8c3 {3,5,7}, bug digit 5) with 4 added to r8c9
  // {7,9}, a second bug cell in row 8: both keep their bug digit and the 7 they share (serate's step too).
  check(first_step(".......9..6...17..9.....2...1.3.26......7...87...4..1.2...39.6..8.......4..82....",
                   "BUG type 4",
                   "1...........4..7...2.....8..2....7......5.......4...8...3..............9.....6..."
                   "..3....8......6....23.......2......9.......891..............7.....4.........5...."
                   "........9...45........5.7.....4..7.......6.....3.......2..............8.1........"
                   "....5..8.1...........45......3.............89.2............6.........7.....4....9"
                   ".....6....2..........4....91..............7......5.......4....9..3.............8."
                   "......7....3.............89.....6..9...4..........6.8.....5....1.........2......."
                   ".2...........5.7..1...........45......3..............9.......8......6......4..7.."
                   "..3.5...........8...3.5.7......56...1...........4.6......4....9.2..........4..7.9"
                   "...4.............9.....6..........8..2.............7..1............5......3......"),
        5.7, {"r8c3<>3", "r8c9<>9"});
}

TEST_CASE("graded: aligned triplet exclusion") {
  const GradedStep step =
      first_step("....2..4..7...6....1.5.....2......8....3..7..4.9.........6..1.38...9..........5..",
                 "Aligned Triplet Exclusion");
  CHECK(step.text == "Aligned Triplet Exclusion on r5c6, r9c4 and r6c6: r5c6<>8");
  check(step, 7.5, {"r5c6<>8"});
}

TEST_CASE("graded: unique loops of 6, 8 and 10 cells") {
  // Type 1: r5c4 is the loop's only cell with extras.
  check(first_step(".....3...8..2..67..6.......51...2.4.......3..47.5....87..4..8....2.1....6..3..4.5",
                   "Unique Loop 6 type 1"),
        4.6, {"r5c4<>7", "r5c4<>9"});
  // Type 3, hidden: r1c6 and r2c6 hold at most one of the loop's 2 and 5, whose only other place in column 6
  // is r4c6, so r4c6 keeps only those (the loop's rating, +0.0 for a pair).
  check(first_step("...3............81.52..9..67.9...1.....4...5....8.6.2.2.8.5..9..952.4.....1......",
                   "Unique Loop 6 type 3"),
        4.6, {"r4c6<>3"});
  // Type 4: 8 has no other place in row 5 than r5c3 and r5c8, the loop's cells with extras: 9 goes from both.
  check(first_step("................12..3.45.........4.3.1.......6..7........1..5....4...8..7..26....",
                   "Unique Loop 6 type 4"),
        4.6, {"r5c3<>9", "r5c8<>9"});
  // Type 2 on a loop of 8 cells (4.7), and type 1 on one of 10 (5.0), both 17-clue puzzles.
  check(first_step("........1.......2...3..4........3....5.......12..6...7...8...3...9...45..6.7.....",
                   "Unique Loop 8 type 2"),
        4.7, {"r2c5<>5", "r3c9<>5"});
  check(first_step("........1.......2...3..4.........3.5.6....4...78.2.........3......4.6...12.....9.",
                   "Unique Loop 10 type 1"),
        5.0, {"r3c7<>7", "r3c7<>8"});
  // From pencilmark states of top1465 puzzles where serate takes the same loop.
  check(first_step("...2.9...9......7..746..........35...48.6...3..68..2.........3.8..1....5.17.9....",
                   "Unique Loop 8 type 1",
                   "1.3..6.....3.56.8.1.3.5.....2.............7..........91.34..........6.8.1..4....."
                   "........9.....6.8.123..........5....1.3.........4..........6.8.......7..12......."
                   "123............7.....4..........6...1.3.............8.1.3.....9....5....12......9"
                   "12....7...2......912......9......7.9...4.......3..........5.........6.8......6.8."
                   "....5.......4............8.......7.9.....6....2.............7.91..........3......"
                   "..3...7....3.....9.....6..........8.....5....1.........2..........4....9...4..7.9"
                   ".2...6....2..56..9.2..5...9...4............8......67..1.....7....3......1.....7.9"
                   ".......8...3..6..9..3.....91.........2............67.....4..7.9...4....9....5...."
                   "...4.....1..............7....3..............9....5.........6.8..2............6.8."),
        4.7, {"r1c2<>6", "r1c2<>8"});
  check(first_step("7..1.......9..3.5.......824....451..3.....4...7.2...9.2...8...6.3.7.....4.6......",
                   "Unique Loop 6 type 2",
                   "......7...2.4......2.....8.1............5.......4...8......6.....3..............9"
                   ".....6.8....4.6...........9...4...8..2.........3............7......5....1........"
                   "1...5....1...5......3...........6..9.....67.9.....67.9.......8..2..........4....."
                   ".....6.89.2...6....2.....8...3..6..9...4.........5....1..............78...3...78."
                   "..3......1...5...91...5...........891.....7.91.....789...4..........6....2......."
                   "1....6.8.......7.....4......2.......1.3......1....6.......5............9..3....8."
                   ".2...........5...9......7....345...........8.1..4....9..3.....91..4..........6..."
                   "1...5...9..3......1...5..........7.......6..9.2.4.6..9.2......9...4...8.....5..8."
                   "...4............8......6.....3.5...91.3.....912......9.23.....91.....7......5.7.."),
        4.6, {"r4c1<>9", "r7c2<>9"});
}

namespace {

// Puzzles (and pencilmark states just before such a step) where unique loops, the BUG types or the aligned
// triplet exclusion are on SE's road, with serate's ratings (data/se_techniques.txt), those serate rates at most
// `up_to` (at least `least` puzzles): every step sound, and ER, EP and ED as serate's.
void check_se_techniques(double up_to, int least) {
  const sudoku::Houses houses(sudoku::Shape{3, 3});
  sudoku::logic::Engine engine(houses);
  int puzzles = 0, states = 0;
  for (const std::string& line : test::read_lines("se_techniques.txt")) {
    if (line[0] == '#') continue;
    const std::size_t tab = line.find('\t');
    const std::string puzzle = line.substr(0, tab);
    double er = 0, ep = 0, ed = 0;
    char slash = 0;
    std::istringstream(line.substr(tab + 1)) >> er >> slash >> ep >> slash >> ed;
    if (er > up_to + 1e-9) continue;
    INFO(puzzle);
    if (puzzle.size() == 729) {
      // Rated from its marks, as serate does (a cell of one candidate that no peer has is a given).
      ++states;
      engine.load(marks(puzzle));
      const sudoku::logic::Grade g = sudoku::logic::grade(engine);
      CHECK(g.solved);
      CHECK(g.er == doctest::Approx(er));
      CHECK(g.ep == doctest::Approx(ep));
      CHECK(g.ed == doctest::Approx(ed));
      continue;
    }
    ++puzzles;
    const sudoku::Grid grid = test::grid_from(puzzle, 3, 3);
    const sudoku::Grid solution = test::unique_solution(grid);
    REQUIRE(engine.load(grid));
    // grade()'s ER, EP and ED, the steps checked on the way.
    double hardest = 0, first_placement = 0, first = -1;
    while (const auto step = engine.step()) {
      test::check_sound(*step, solution, puzzle);
      hardest = std::max(hardest, step->rating);
      if (first < 0) first = hardest;
      if (first_placement == 0 && !step->placements.empty()) first_placement = hardest;
    }
    CHECK(engine.board().solved());
    CHECK(hardest == doctest::Approx(er));
    CHECK(first_placement == doctest::Approx(ep));
    CHECK(first == doctest::Approx(ed));
  }
  MESSAGE(puzzles, " puzzles and ", states, " pencilmark states up to ", up_to);
  CHECK(puzzles >= least);
  CHECK(states >= 15);
}

}  // namespace

TEST_CASE("graded: ER, EP and ED agree with serate's where the uniqueness and triplet steps are used") {
  check_se_techniques(7.5, 60);
}

// Run by CTest with --no-skip under the label `slow` (tests/sudoku/CMakeLists.txt).
TEST_CASE("graded: the uniqueness and triplet puzzles, up to the hardest" * doctest::skip()) {
  check_se_techniques(20, 115);
}

namespace {

// Boards along the graded road of a few puzzles of the serate sample: the states the searches below read.
std::vector<sudoku::logic::Board> boards_along(const sudoku::Houses& houses) {
  std::vector<sudoku::logic::Board> boards;
  for (const char* puzzle :
       {"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
        ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
        ".2.4....94..189.......62.5......63..3..94.5.......8.1..........8.2..4...964.....7"}) {
    sudoku::logic::Engine engine(houses);
    engine.set_ceiling(4.5);  // past the subsets and wings: enough states, no chains
    REQUIRE(engine.load(test::grid_from(puzzle, 3, 3)));
    for (int i = 0; i < 60 && !engine.board().solved(); ++i) {
      boards.push_back(engine.board());
      if (!engine.step()) break;
    }
  }
  return boards;
}

// The rank of house h in a scan order, by the order's own words: boxes first, then columns then rows (SE) or
// rows then columns (the tiers).
int rank(const sudoku::Houses& houses, sudoku::logic::HouseOrder by, int h) {
  const int n = houses.side();
  const sudoku::HouseKind kind = houses.kind(h);
  const int within = h % n;
  if (kind == sudoku::HouseKind::box) return within;
  const bool rows_first = by == sudoku::logic::HouseOrder::boxes_rows_columns;
  if (kind == sudoku::HouseKind::row) return (rows_first ? n : 2 * n) + within;
  return (rows_first ? 2 * n : n) + within;
}

}  // namespace

TEST_CASE("searches: the graded table and the tiers find the same patterns, each in its own order") {
  namespace logic = sudoku::logic;
  const sudoku::Houses houses(sudoku::Shape{3, 3});
  const std::vector<logic::Board> boards = boards_along(houses);
  REQUIRE(boards.size() > 30);
  for (const logic::HouseOrder by :
       {logic::HouseOrder::boxes_columns_rows, logic::HouseOrder::boxes_rows_columns})
    for (int order = 0; order < houses.count(); ++order)
      CHECK(rank(houses, by, logic::house_in_order(houses, by, order)) == order);
  int singles = 0, full = 0, intersections = 0;
  for (const logic::Board& board : boards) {
    // Every hidden single by brute force: (house, digit) with one place in the house.
    std::vector<logic::Single> all;
    for (int h = 0; h < houses.count(); ++h)
      for (int d = 1; d <= 9; ++d) {
        std::vector<int> at;
        for (const int c : houses.cells(h))
          if (board.has(c, d)) at.push_back(c);
        if (!board.placed(h, d) && at.size() == 1) all.push_back({h, at[0], d});
      }
    const auto first_in = [&](logic::HouseOrder by, bool full_only) {
      std::optional<logic::Single> best;
      for (const logic::Single& s : all) {
        if (full_only && board.open_cells(s.house) != 1) continue;
        if (!best || rank(houses, by, s.house) < rank(houses, by, best->house)) best = s;
      }
      return best;
    };
    const auto same = [](const std::optional<logic::Single>& a, const std::optional<logic::Single>& b) {
      return a.has_value() == b.has_value() &&
             (!a || (a->house == b->house && a->cell == b->cell && a->digit == b->digit));
    };
    const std::optional<logic::Single> tier = logic::find_hidden_single(board, logic::kTierScan);
    CHECK(same(tier, first_in(logic::HouseOrder::boxes_rows_columns, false)));
    std::optional<logic::Single> graded = first_in(logic::HouseOrder::boxes_columns_rows, true);
    full += graded ? 1 : 0;
    if (!graded) graded = first_in(logic::HouseOrder::boxes_columns_rows, false);
    CHECK(same(logic::find_hidden_single(board, logic::kGradedScan), graded));
    singles += tier ? 1 : 0;

    // Every intersection by brute force; on a plain board both scans visit them all, in their orders.
    using Hit = std::array<int, 3>;  // h, other, d
    std::vector<Hit> want;
    for (int h = 0; h < houses.count(); ++h)
      for (int d = 1; d <= 9; ++d) {
        const sudoku::Mask where = board.positions(h, d);
        if (board.placed(h, d) || std::popcount(where) < 2) continue;
        for (int other = 0; other < houses.count(); ++other) {
          bool inside = other != h, removes = false;
          for (int i = 0; i < 9; ++i)
            if (where & (sudoku::Mask{1} << i)) inside = inside && houses.has(houses.cells(h)[i], other);
          for (const int c : houses.cells(other)) removes = removes || (board.has(c, d) && !houses.has(c, h));
          if (inside && removes) want.push_back({h, other, d});
        }
      }
    for (const bool tiers : {false, true}) {
      std::vector<Hit> got;
      logic::for_each_intersection(board, tiers ? logic::kTierScan : logic::kGradedScan,
                                   [&](int h, int o, int d) {
                                     got.push_back({h, o, d});
                                     return false;
                                   });
      // The tiers: house by house in their order, then digit; SE: boxes then lines, digit, then house.
      const auto key = [&](const Hit& x) {
        const int box = houses.kind(x[0]) == sudoku::HouseKind::box ? 0 : 1;
        return tiers ? std::array<int, 4>{rank(houses, logic::HouseOrder::boxes_rows_columns, x[0]), x[2],
                                          x[1], 0}
                     : std::array<int, 4>{box, x[2], x[0], x[1]};
      };
      std::vector<Hit> sorted = want;
      std::sort(sorted.begin(), sorted.end(), [&](const Hit& a, const Hit& b) { return key(a) < key(b); });
      CHECK(got == sorted);
    }
    intersections += static_cast<int>(want.size());
  }
  // The boards hold both kinds of single and intersections, so the checks above compared something.
  CHECK(singles > 10);
  CHECK(full > 0);
  CHECK(intersections > 10);
}

// The "(+)" rules look only at the houses and digits the outer chain took places from: the locked-digit scan
// given those (by house) visits exactly the pairs of the full scan that they hold, in the same order, in every
// order of the scans.
TEST_CASE("searches: the locked-digit scan over some digits of each house is the full scan's subsequence") {
  namespace logic = sudoku::logic;
  const sudoku::Houses houses(sudoku::Shape{3, 3});
  const std::vector<logic::Board> boards = boards_along(houses);
  REQUIRE(boards.size() > 30);
  using Hit = std::array<int, 3>;  // h, d, places
  test::Lcg random(61);
  int compared = 0, kept = 0;
  for (const logic::Board& board : boards)
    for (const logic::Scan& scan :
         {logic::kGradedScan, logic::kTierScan,
          logic::Scan{logic::HouseOrder::boxes_rows_columns, true, logic::LockedOrder::kind_by_kind, false}})
      for (int round = 0; round < 3; ++round) {
        std::vector<sudoku::Mask> only(static_cast<std::size_t>(houses.count()));
        for (sudoku::Mask& m : only) {
          const std::uint64_t r = random.next();
          m = round == 0 ? sudoku::Mask{0x1ff} : static_cast<sudoku::Mask>(r & 0x1ff);
        }
        std::vector<Hit> all, some;
        logic::for_each_locked_digit(board, scan, 6, [&](int h, int d, sudoku::Mask where) {
          if (only[static_cast<std::size_t>(h)] & (sudoku::Mask{1} << (d - 1)))
            all.push_back({h, d, static_cast<int>(where)});
          return false;
        });
        logic::for_each_locked_digit(board, scan, 6, only.data(), [&](int h, int d, sudoku::Mask where) {
          some.push_back({h, d, static_cast<int>(where)});
          return false;
        });
        CHECK(all == some);
        ++compared;
        kept += static_cast<int>(some.size());
        // Ending where the visitor says so: at the same pair.
        if (all.size() < 2) continue;
        std::vector<Hit> cut;
        const Hit stop = all[all.size() / 2];
        logic::for_each_locked_digit(board, scan, 6, only.data(), [&](int h, int d, sudoku::Mask where) {
          cut.push_back({h, d, static_cast<int>(where)});
          return Hit{h, d, static_cast<int>(where)} == stop;
        });
        CHECK(cut ==
              std::vector<Hit>(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(all.size() / 2 + 1)));
      }
  CHECK(compared > 90);
  CHECK(kept > 1000);
}

// The same for the subsets (the houses whose digit set is not empty) and the fish (some digits).
TEST_CASE("searches: subsets and fish over some houses or digits are the full searches' subsequences") {
  namespace logic = sudoku::logic;
  const sudoku::Houses houses(sudoku::Shape{3, 3});
  const std::vector<logic::Board> boards = boards_along(houses);
  REQUIRE(boards.size() > 30);
  using Hit = std::array<int, 4>;
  test::Lcg random(33);
  const auto next = [&random] { return random.next(); };
  int compared = 0, kept = 0;
  for (const logic::Board& board : boards)
    for (const logic::Scan& scan : {logic::kGradedScan, logic::kTierScan})
      for (int round = 0; round < 2; ++round) {
        std::vector<sudoku::Mask> only(static_cast<std::size_t>(houses.count()));
        for (sudoku::Mask& m : only)
          m = round == 0 ? sudoku::Mask{1} : static_cast<sudoku::Mask>(next() % 3 == 0);
        const sudoku::Mask digits =
            round == 0 ? sudoku::Mask{0x1ff} : static_cast<sudoku::Mask>(next() & 0x1ff);
        for (const int k : {2, 3})
          for (const bool naked : {true, false}) {
            std::vector<Hit> all, some;
            const auto record = [](std::vector<Hit>& into) {
              return [&into](int h, sudoku::Mask a, sudoku::Mask b) {
                into.push_back({h, static_cast<int>(a), static_cast<int>(b), 0});
                return false;
              };
            };
            if (naked) {
              logic::for_each_naked_subset(board, k, 0, scan, nullptr, record(all));
              logic::for_each_naked_subset(board, k, 0, scan, only.data(), record(some));
            } else {
              logic::for_each_hidden_subset(board, k, 0, scan, nullptr, record(all));
              logic::for_each_hidden_subset(board, k, 0, scan, only.data(), record(some));
            }
            std::erase_if(all, [&](const Hit& x) { return only[static_cast<std::size_t>(x[0])] == 0; });
            CHECK(all == some);
            ++compared;
            kept += static_cast<int>(some.size());
          }
        for (const int k : {2, 3}) {
          std::vector<Hit> all, some;
          const auto record = [](std::vector<Hit>& into) {
            return [&into](sudoku::HouseKind base, int d, sudoku::Mask bases, sudoku::Mask covers) {
              into.push_back({static_cast<int>(base), d, static_cast<int>(bases), static_cast<int>(covers)});
              return false;
            };
          };
          logic::for_each_fish(board, k, scan, record(all));
          logic::for_each_fish(board, k, scan, digits, record(some));
          std::erase_if(all, [&](const Hit& x) { return (digits & (sudoku::Mask{1} << (x[1] - 1))) == 0; });
          CHECK(all == some);
          kept += static_cast<int>(some.size());
        }
      }
  CHECK(compared > 200);
  CHECK(kept > 300);
}

TEST_CASE("searches: subsets' tuples in colexicographic or lexicographic order") {
  std::vector<std::array<int, 4>> colex, lex;
  sudoku::logic::for_each_subset(4, 2, [&](const std::array<int, 4>& idx) {
    colex.push_back(idx);
    return false;
  });
  sudoku::logic::for_each_subset(
      4, 2,
      [&](const std::array<int, 4>& idx) {
        lex.push_back(idx);
        return false;
      },
      true);
  const std::vector<std::array<int, 4>> want_colex = {{0, 1}, {0, 2}, {1, 2}, {0, 3}, {1, 3}, {2, 3}};
  const std::vector<std::array<int, 4>> want_lex = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};
  CHECK(colex == want_colex);
  CHECK(lex == want_lex);
  int count = 0;
  sudoku::logic::for_each_subset(
      7, 3,
      [&](const std::array<int, 4>&) {
        ++count;
        return false;
      },
      true);
  CHECK(count == 35);
}
