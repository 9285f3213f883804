// The chains of the graded engine (logic/implications.cpp, chains.cpp, forcing.cpp) against Sukaku
// Explainer: candidate states where serate's first step past the singles is a chain (data/se_chain_states.txt,
// ratings by serate), and SE's length increments.
#include <doctest/doctest.h>

#include <cmath>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "helpers.hpp"
#include "sudoku/io/pencilmarks.hpp"
#include "sudoku/maker/logic/chaining.hpp"
#include "sudoku/maker/logic/engine.hpp"
#include "sudoku/maker/logic/implications.hpp"
#include "sudoku/maker/logic/techniques.hpp"

TEST_CASE("chains: SE's length increment, +0.1 past lengths 4, 6, 8, 12, 16, 24, 32, 48") {
  using sudoku::logic::length_tenths;
  // The length is the node count less 2.
  CHECK(length_tenths(2) == 0);
  CHECK(length_tenths(6) == 0);
  CHECK(length_tenths(7) == 1);
  CHECK(length_tenths(8) == 1);
  CHECK(length_tenths(9) == 2);
  CHECK(length_tenths(10) == 2);
  CHECK(length_tenths(11) == 3);
  CHECK(length_tenths(14) == 3);
  CHECK(length_tenths(15) == 4);
  CHECK(length_tenths(18) == 4);
  CHECK(length_tenths(19) == 5);
  CHECK(length_tenths(26) == 5);
  CHECK(length_tenths(27) == 6);
  CHECK(length_tenths(35) == 7);
  CHECK(length_tenths(51) == 8);
}

TEST_CASE("chains: the first step past the singles is serate's chain, at its rating") {
  const sudoku::Houses houses(sudoku::Shape{3, 3});
  sudoku::logic::Engine engine(houses);
  int states = 0;
  for (const std::string& line : test::read_lines("se_chain_states.txt")) {
    if (line[0] == '#') continue;
    std::istringstream in(line);
    std::string marks, name, word;
    double rating = 0;
    in >> marks >> rating;
    while (in >> word) name += (name.empty() ? "" : " ") + word;
    REQUIRE(sudoku::is_pencilmark_text(marks, 9, {}));
    engine.load(sudoku::read_pencilmarks(marks, sudoku::Shape{3, 3}, {}));
    std::optional<sudoku::logic::GradedStep> step;
    while ((step = engine.step()) && (step->technique == "Full House" || step->technique == "Hidden Single" ||
                                      step->technique == "Naked Single")) {
    }
    INFO(marks, " serate: ", rating, " ", name);
    REQUIRE(step);
    INFO("ours: ", step->rating, " ", step->text);
    CHECK(std::abs(step->rating - rating) < 0.05);
    // SE's hint names drop "Dynamic" and the plural; ours keeps the names serate reports as ER.
    CHECK(step->technique.find(name) != std::string::npos);
    CHECK(!step->eliminations.empty());
    ++states;
  }
  CHECK(states >= 20);
}

TEST_CASE("chains: a bidirectional Y-cycle where serate finds it, at 6.6, eliminations and all") {
  const sudoku::Houses houses(sudoku::Shape{3, 3});
  sudoku::logic::Engine engine(houses);
  REQUIRE(engine.load(test::grid_from(
      "........1.......23..4..5.........6......7...8.2731.........94...1.......83.......", 3, 3)));
  bool found = false;
  while (const auto step = engine.step()) {
    if (step->technique != "Bidirectional Y-Cycle") continue;
    found = true;
    // serate: "6.6 Bidirectional Y-Cycle: r7c4,r7c5,r3c5,r3c4".
    CHECK(step->rating == doctest::Approx(6.6));
    CHECK(step->text.find("r3c4=1") != std::string::npos);
    CHECK(step->text.find("r7c4=8") != std::string::npos);
    CHECK(step->text.find("r7c5=3") != std::string::npos);
    CHECK(step->text.find("r3c5=2") != std::string::npos);
    break;
  }
  CHECK(found);
}

TEST_CASE("chains: the searches cut at the best step find the best of every loop") {
  // chains() ends each breadth-first search once a longer loop could not beat the best found; cycle_hints()
  // (nested chains' inner rule) lists every loop. The lowest-rated, then shortest, then first in SE's kind
  // order of the full list must be chains()' step, on every candidate state of the chain sample.
  const sudoku::Houses houses(sudoku::Shape{3, 3});
  sudoku::logic::Engine engine(houses);
  int compared = 0, found = 0;
  for (const std::string& line : test::read_lines("se_chain_states.txt")) {
    if (line[0] == '#') continue;
    std::istringstream in(line);
    std::string marks;
    in >> marks;
    engine.load(sudoku::read_pencilmarks(marks, sudoku::Shape{3, 3}, {}));
    // Every board on the engine's road from this state, up to eight steps.
    for (int steps = 0; steps < 8 && !engine.board().solved(); ++steps) {
      const sudoku::logic::Board& board = engine.board();
      sudoku::logic::GradedStep step;
      const bool any = sudoku::logic::chains(board, step);
      std::vector<sudoku::logic::InnerHint> hints;
      sudoku::logic::cycle_hints(board, board, hints);
      const sudoku::logic::InnerHint* best = nullptr;
      for (const auto& h : hints)
        if (!best || h.tenths < best->tenths ||
            (h.tenths == best->tenths && h.complexity < best->complexity) ||
            (h.tenths == best->tenths && h.complexity == best->complexity && h.sort_key < best->sort_key))
          best = &h;
      INFO(marks, " step ", steps);
      REQUIRE(any == (best != nullptr));
      ++compared;
      if (any) {
        ++found;
        CHECK(std::lround(step.rating * 10) == best->tenths);
        CHECK(step.eliminations == best->eliminations);
      }
      if (!engine.step()) break;
    }
  }
  CHECK(compared >= 160);
  CHECK(found >= 30);
}
