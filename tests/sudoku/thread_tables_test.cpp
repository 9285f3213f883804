// The graded searches' tables kept per thread from one board to the next (strong links, loop searches, triplet
// exclusion, forcing chains and the nested chains' memo: logic/links.cpp, chains.cpp, aligned.cpp, forcing.cpp,
// nested.cpp): a board's step must not depend on the boards the thread searched before. A new thread starts
// with empty tables, so its steps are the reference for those of a thread whose tables are full of others.
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "helpers.hpp"
#include "sudoku/io/pencilmarks.hpp"
#include "sudoku/maker/logic/engine.hpp"
#include "sudoku/maker/logic/techniques.hpp"

namespace {

using Search = bool (*)(const sudoku::logic::Board&, sudoku::logic::GradedStep&);

const std::vector<std::pair<const char*, Search>>& searches() {
  static const std::vector<std::pair<const char*, Search>> list = {
      {"2 strong links", [](const auto& b, auto& s) { return sudoku::logic::strong_links(b, 2, s); }},
      {"3 strong links", [](const auto& b, auto& s) { return sudoku::logic::strong_links(b, 3, s); }},
      {"4 strong links", [](const auto& b, auto& s) { return sudoku::logic::strong_links(b, 4, s); }},
      {"chains", sudoku::logic::chains},
      {"triplets", sudoku::logic::aligned_triple_exclusion},
      {"multiple chains", sudoku::logic::multiple_chains},
      {"dynamic chains", sudoku::logic::dynamic_chains},
      {"dynamic chains (+)", sudoku::logic::dynamic_chains_plus},
  };
  return list;
}

std::string step_text(Search search, const sudoku::logic::Board& board) {
  sudoku::logic::GradedStep step;
  return search(board, step) ? step.text : std::string("none");
}

// Each search's step on each board (and on the board after that step, when there is one), searches and boards
// in the order given.
std::vector<std::string> steps_of(const std::vector<sudoku::logic::Board>& boards, bool reversed) {
  std::vector<std::string> out;
  for (std::size_t k = 0; k < boards.size(); ++k) {
    const sudoku::logic::Board& board = boards[reversed ? boards.size() - 1 - k : k];
    for (const auto& [name, search] : searches()) {
      sudoku::logic::GradedStep step;
      if (!search(board, step)) {
        out.push_back(std::string(name) + ": none");
        continue;
      }
      out.push_back(std::string(name) + ": " + step.text);
      // Right after the board it differs from by the step's eliminations only.
      sudoku::logic::Board next = board;
      next.apply(step);
      out.push_back(std::string(name) + " after it: " + step_text(search, next));
    }
  }
  return out;
}

}  // namespace

TEST_CASE("graded searches: a board's step does not depend on the boards the thread searched before") {
  const sudoku::Houses houses(sudoku::Shape{3, 3});
  sudoku::logic::Engine engine(houses);
  std::vector<sudoku::logic::Board> boards;
  int index = 0;
  for (const std::string& line : test::read_lines("se_chain_states.txt")) {
    if (line[0] == '#' || index++ % 4 != 0) continue;
    std::istringstream in(line);
    std::string marks;
    in >> marks;
    engine.load(sudoku::read_pencilmarks(marks, sudoku::Shape{3, 3}, {}));
    boards.push_back(engine.board());
  }
  REQUIRE(boards.size() >= 5);
  // This thread goes forwards then backwards, so its tables are full of other boards; each new thread starts
  // empty, one going backwards.
  std::vector<std::string> here = steps_of(boards, false), back_here = steps_of(boards, true), fresh,
                           back_fresh;
  std::thread([&] { fresh = steps_of(boards, false); }).join();
  std::thread([&] { back_fresh = steps_of(boards, true); }).join();
  REQUIRE(here.size() == fresh.size());
  for (std::size_t i = 0; i < here.size(); ++i) CHECK(here[i] == fresh[i]);
  REQUIRE(back_here.size() == back_fresh.size());
  for (std::size_t i = 0; i < back_here.size(); ++i) CHECK(back_here[i] == back_fresh[i]);
  int stepped = 0;
  for (const std::string& s : here) stepped += s.find(" after it: ") != std::string::npos ? 1 : 0;
  CHECK(stepped >= 10);
}

// A board where `search` steps, searched right after each of `neighbours` (boards that differ from it in one
// cell): many of those find nothing (or nothing for most digits), and the search on the board itself must still find what a new thread
// finds, wherever the change was (a cell the step reads or not). Returns how many found nothing.
int after_each(Search search, const sudoku::logic::Board& board,
               const std::vector<sudoku::logic::Board>& neighbours) {
  std::string fresh;
  std::thread([&] { fresh = step_text(search, board); }).join();
  REQUIRE(fresh != "none");
  int none_before = 0;
  for (const sudoku::logic::Board& other : neighbours) {
    none_before += step_text(search, other) == "none" ? 1 : 0;
    CHECK(step_text(search, board) == fresh);
  }
  return none_before;
}

// A 9x9 board as loaded from `marks` (729 characters, '.' or the digit).
sudoku::logic::Board board_of(const std::string& marks) {
  const sudoku::Shape shape{3, 3};
  static const sudoku::Houses houses(shape);  // the boards keep a reference to their houses
  sudoku::logic::Engine engine(houses);
  engine.load(sudoku::read_pencilmarks(marks, shape, {}));
  return engine.board();
}

// The boards of each open cell of `marks` with two candidates or more given one more, or one fewer.
std::vector<sudoku::logic::Board> one_more_or_fewer(const std::string& marks) {
  REQUIRE(marks.size() == 729);
  std::vector<sudoku::logic::Board> out;
  for (std::size_t c = 0; c < 81; ++c) {
    const std::string cell = marks.substr(9 * c, 9);
    if (9 - std::count(cell.begin(), cell.end(), '.') < 2) continue;
    for (std::size_t d = 0; d < 9; ++d) {
      std::string other = marks;
      other[9 * c + d] = other[9 * c + d] == '.' ? static_cast<char>('1' + d) : '.';
      out.push_back(board_of(other));
    }
  }
  return out;
}

// A 9x9 board's candidates (a placed cell's value alone) as 729 characters.
std::string marks_of(const sudoku::logic::Board& board) {
  std::string out(729, '.');
  for (int c = 0; c < 81; ++c)
    for (int d = 1; d <= 9; ++d)
      if (board.value(c) == d || board.has(c, d))
        out[static_cast<std::size_t>(9 * c + d - 1)] = static_cast<char>('0' + d);
  return out;
}

TEST_CASE("triplet exclusion: the last search's triplets carry over only where nothing they read changed") {
  int states = 0;
  for (const std::string& line : test::read_lines("se_techniques.txt")) {
    if (line[0] == '#' || line.find("\tAligned Triplet Exclusion\t") == std::string::npos) continue;
    ++states;
    const std::string marks = line.substr(0, line.find('\t'));
    CHECK(after_each(sudoku::logic::aligned_triple_exclusion, board_of(marks), one_more_or_fewer(marks)) >=
          1);
  }
  CHECK(states >= 2);
}

// Each candidate of an open cell of two or more gone, one at a time.
std::vector<sudoku::logic::Board> one_fewer(const sudoku::logic::Board& board) {
  std::vector<sudoku::logic::Board> out;
  for (int c = 0; c < board.cells(); ++c)
    for (int d = 1; d <= 9; ++d) {
      if (!board.has(c, d) || std::popcount(board.candidates(c)) < 2) continue;
      sudoku::logic::GradedStep cut;
      cut.eliminations.push_back({c, d});
      out.push_back(board);
      out.back().apply(cut);
    }
  return out;
}

TEST_CASE("pair exclusion: the last search's pairs carry over only where nothing they read changed") {
  // The roads of se_ratings' puzzles up to 6.2, to the first boards where the pair exclusion steps.
  const sudoku::Houses houses(sudoku::Shape{3, 3});
  sudoku::logic::Engine engine(houses);
  int checked = 0, none_before = 0;
  for (const std::string& line : test::read_lines("se_ratings.txt")) {
    if (line[0] == '#' || checked >= 2) continue;
    REQUIRE(engine.load(test::grid_from(line.substr(0, 81), 3, 3)));
    for (int steps = 0; steps < 100; ++steps) {
      const sudoku::logic::Board board = engine.board();
      if (step_text(sudoku::logic::aligned_pair_exclusion, board) != "none") {
        const std::string marks = marks_of(board);
        REQUIRE(marks_of(board_of(marks)) == marks);
        none_before +=
            after_each(sudoku::logic::aligned_pair_exclusion, board_of(marks), one_more_or_fewer(marks));
        ++checked;
        break;
      }
      const auto step = engine.step();
      if (!step || step->rating > 6.2) break;
    }
  }
  CHECK(checked >= 2);
  CHECK(none_before >= 1);
}

TEST_CASE("strong links: a digit found barren carries over only while its candidates stay") {
  const sudoku::Houses houses(sudoku::Shape{3, 3});
  sudoku::logic::Engine engine(houses);
  int checked = 0;
  for (const std::string& line : test::read_lines("se_techniques.txt")) {
    if (line[0] == '#' || line.find(" Strong links ") == std::string::npos) continue;
    // The puzzle's road up to its first board where a search of 2, 3 or 4 strong links steps.
    REQUIRE(engine.load(test::grid_from(line.substr(0, 81), 3, 3)));
    for (int steps = 0; steps < 200 && checked < 4; ++steps) {
      const sudoku::logic::Board board = engine.board();
      for (const auto& [name, search] : searches()) {
        if (std::string(name).find("strong links") == std::string::npos || step_text(search, board) == "none")
          continue;
        // The digits searched before the step's, with nothing found, are those that carry over.
        after_each(search, board, one_fewer(board));
        ++checked;
      }
      if (checked > 0 || !engine.step()) break;
    }
  }
  CHECK(checked >= 2);
}
