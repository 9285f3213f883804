// The candidate board's checker (logic::Board::check_invariants()): it holds after every step of the engines
// (Sukaku Explainer's table, the tiers' table) on stored puzzles, in every build (the library asserts them only where
// DLX_CHECK_INVARIANTS is defined), and they catch a board whose derived state was corrupted.
#include <doctest/doctest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "helpers.hpp"
#include "sudoku/io/pencilmarks.hpp"
#include "sudoku/io/reader.hpp"
#include "sudoku/maker/logic.hpp"
#include "sudoku/maker/logic/engine.hpp"
#include "sudoku/maker/logic/tiers.hpp"
#include "sudoku/model/houses.hpp"

namespace sudoku::logic {

// The board's private state, for the tests that corrupt it.
struct BoardTestAccess {
  static std::vector<Mask>& candidates(Board& board) { return board.cand_; }
  static std::vector<std::uint8_t>& values(Board& board) { return board.value_; }
  static std::vector<Mask>& placed(Board& board) { return board.placed_; }
  static int& unsolved(Board& board) { return board.unsolved_; }
};

}  // namespace sudoku::logic

namespace {

using sudoku::logic::BoardTestAccess;

// Steps the engine from its loaded state to the end, checking the board after the load and after every step;
// returns the steps taken.
int steps_checked(sudoku::logic::Engine& engine, const std::string& name) {
  INFO(name);
  CHECK(engine.board().invariant_violation() == "");
  int steps = 0;
  while (const auto step = engine.step()) {
    ++steps;
    INFO("step ", steps, ": ", step->text);
    CHECK(engine.board().invariant_violation() == "");
  }
  return steps;
}

// One puzzle of se_ratings.txt per ER up to 7.3 (singles through the first forcing chains): the techniques
// of the table in a few seconds of a Debug build.
std::vector<std::string> one_per_rating() {
  std::vector<std::string> puzzles;
  std::set<std::string> ratings;
  for (const std::string& line : test::read_lines("se_ratings.txt")) {
    if (line[0] == '#') continue;
    std::istringstream in(line);
    std::string puzzle, rating;
    in >> puzzle >> rating;
    const std::string er = rating.substr(0, rating.find('/'));
    if (std::stod(er) <= 7.3 && ratings.insert(er).second) puzzles.push_back(puzzle);
  }
  return puzzles;
}

// A solved 9x9 board's neighbour: the puzzle of se_ratings.txt's first line, loaded.
sudoku::logic::Board loaded_board(const sudoku::Houses& houses) {
  sudoku::logic::Board board(houses);
  REQUIRE(board.load(test::grid_from(
      ".5..83.17...1..4..3.4..56.8....3...9.9.8245....6....7...9....5...729..861.36.72.4", 3, 3)));
  REQUIRE(board.check_invariants());
  return board;
}

}  // namespace

TEST_CASE("logic board: the invariants hold after every graded step of stored puzzles") {
  const sudoku::Houses houses(sudoku::Shape{3, 3});
  sudoku::logic::Engine engine(houses);
  const std::vector<std::string> puzzles = one_per_rating();
  REQUIRE(puzzles.size() >= 20);
  int steps = 0;
  for (const std::string& puzzle : puzzles) {
    REQUIRE(engine.load(test::grid_from(puzzle, 3, 3)));
    steps += steps_checked(engine, puzzle);
    CHECK(engine.board().solved());
  }
  // Pencilmark states, loaded as candidates (the givens SE reads from them placed at load).
  int states = 0;
  for (const std::string& line : test::read_lines("se_chain_states.txt")) {
    if (line[0] == '#' || states == 3) continue;
    ++states;
    std::istringstream in(line);
    std::string marks;
    in >> marks;
    engine.load(sudoku::read_pencilmarks(marks, sudoku::Shape{3, 3}, {}));
    steps += steps_checked(engine, marks);
  }
  MESSAGE(puzzles.size(), " puzzles and ", states, " pencilmark states, ", steps, " steps checked");
}

TEST_CASE("logic board: the invariants hold after every graded step of variants") {
  std::ifstream in(test::data_path("graded_variants.txt"));
  REQUIRE(in);
  sudoku::PuzzleReader reader(in);
  sudoku::Puzzle puzzle;
  int puzzles = 0;
  // Every fourth: X, windoku, jigsaws and 6x6 all come up.
  for (int line = 0; reader.next(puzzle); ++line) {
    REQUIRE(puzzle.ok());
    if (line % 4 != 0) continue;
    const sudoku::Rules rules = puzzle.rules ? *puzzle.rules : sudoku::make_rules(puzzle.grid.shape, {});
    const sudoku::Houses houses(rules);
    sudoku::logic::Engine engine(houses);
    REQUIRE(engine.load(puzzle.grid));
    steps_checked(engine, "line " + std::to_string(puzzle.line));
    ++puzzles;
  }
  CHECK(puzzles >= 8);
}

TEST_CASE("logic board: the invariants hold after every step of the tiers' engine") {
  const sudoku::Houses houses(sudoku::Shape{3, 3});
  sudoku::logic::Engine logic =
      sudoku::logic::make_tier_engine(sudoku::make_rules(sudoku::Shape{3, 3}, {}), houses);
  int steps = 0;
  for (const std::string& puzzle : one_per_rating()) {
    INFO(puzzle);
    REQUIRE(logic.load(test::grid_from(puzzle, 3, 3)));
    CHECK(logic.board().invariant_violation() == "");
    while (logic.step()) {
      ++steps;
      CHECK(logic.board().invariant_violation() == "");
    }
  }
  CHECK(steps > 100);
  // Givens that clash: the board is broken, and says so without breaking its own invariants.
  CHECK_FALSE(logic.load(test::grid_from("11" + std::string(79, '.'), 3, 3)));
  CHECK(logic.board().broken());
  CHECK(logic.board().invariant_violation() == "");
}

TEST_CASE("logic board: a corrupted board fails the check, naming what broke") {
  const sudoku::Houses houses(sudoku::Shape{3, 3});
  // r1c2 holds 5 (a given); r1c1 is open.
  const int given = 1, open = 0;
  SUBCASE("an open cell keeps a digit placed in its row") {
    sudoku::logic::Board board = loaded_board(houses);
    REQUIRE(board.open(open));
    BoardTestAccess::candidates(board)[open] |= sudoku::digit_bit(5);
    CHECK_FALSE(board.check_invariants());
    CHECK(board.invariant_violation().find("r1c1 keeps a candidate placed in its row 1") !=
          std::string::npos);
  }
  SUBCASE("a placed cell whose candidates are not its digit") {
    sudoku::logic::Board board = loaded_board(houses);
    REQUIRE(board.value(given) == 5);
    BoardTestAccess::candidates(board)[given] = sudoku::digit_bit(5) | sudoku::digit_bit(6);
    CHECK(board.invariant_violation() == "r1c2's candidates are not its value 5");
  }
  SUBCASE("the count of open cells") {
    sudoku::logic::Board board = loaded_board(houses);
    ++BoardTestAccess::unsolved(board);
    CHECK(board.invariant_violation().find("open cells, counted as") != std::string::npos);
  }
  SUBCASE("a house's placed digits") {
    sudoku::logic::Board board = loaded_board(houses);
    BoardTestAccess::placed(board)[0] &= ~sudoku::digit_bit(5);  // row 1
    CHECK(board.invariant_violation() == "row 1's placed digits are not its cells' values");
  }
  SUBCASE("a digit twice in a house of a board not marked as clashing") {
    sudoku::logic::Board board = loaded_board(houses);
    // r1c1 takes 5 behind the board's back, as if placed without the clash being seen.
    BoardTestAccess::values(board)[open] = 5;
    BoardTestAccess::candidates(board)[open] = sudoku::digit_bit(5);
    --BoardTestAccess::unsolved(board);
    CHECK(board.invariant_violation() == "row 1 holds a digit twice on a board not marked as clashing");
  }
  SUBCASE("the cached places of the digits") {
    sudoku::logic::Board board = loaded_board(houses);
    REQUIRE(board.candidates(open) != 0);
    (void)board.positions(0, 1);                                             // works the places out
    BoardTestAccess::candidates(board)[open] &= board.candidates(open) - 1;  // its lowest candidate goes
    CHECK(board.invariant_violation() == "the cached places of the digits are not the candidates'");
  }
  SUBCASE("a value above the side") {
    sudoku::logic::Board board = loaded_board(houses);
    BoardTestAccess::values(board)[given] = 10;
    CHECK(board.invariant_violation() == "r1c2 holds 10, above the side");
  }
}
