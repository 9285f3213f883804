// Nested forcing chains (src/sudoku/maker/logic/nested.cpp) against Sukaku Explainer's serate on puzzles whose
// rating needs them (data/se_nested.txt, ER 9.5 and up), with every step checked against the unique solution.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <fstream>
#include <memory>
#include <optional>
#include <random>
#include <sstream>
#include <tuple>

#include "graded_helpers.hpp"
#include "helpers.hpp"
#include "sudoku/io/pencilmarks.hpp"
#include "sudoku/io/reader.hpp"
#include "sudoku/maker/logic/chaining.hpp"
#include "sudoku/maker/logic/engine.hpp"
#include "sudoku/maker/logic/implications.hpp"
#include "sudoku/maker/logic/techniques.hpp"

namespace {

struct Rated {
  std::string puzzle, technique;
  double er = 0, ep = 0, ed = 0;
};

std::vector<Rated> se_nested() {
  std::vector<Rated> list;
  for (const std::string& line : test::read_lines("se_nested.txt")) {
    if (line[0] == '#') continue;
    std::istringstream in(line);
    Rated r;
    char slash = 0;
    in >> r.puzzle >> r.er >> slash >> r.ep >> slash >> r.ed >> std::ws;
    std::getline(in, r.technique, '\t');
    list.push_back(r);
  }
  return list;
}

// A state of data/se_nested_states.txt: its board (the cells of one candidate placed) and the puzzle's solution.
struct State {
  sudoku::CandidateGrid marks;
  sudoku::logic::Board board;
  sudoku::Grid solution;
  std::string puzzle;
};

std::vector<State> nested_states(const sudoku::Houses& houses) {
  std::vector<State> states;
  for (const std::string& line : test::read_lines("se_nested_states.txt")) {
    if (line[0] == '#') continue;
    const std::string puzzle = line.substr(0, 81), marks = line.substr(82, 729);
    REQUIRE(sudoku::is_pencilmark_text(marks, 9, {}));
    State s{sudoku::read_pencilmarks(marks, sudoku::Shape{3, 3}, {}), sudoku::logic::Board(houses),
            test::unique_solution(test::grid_from(puzzle, 3, 3)), puzzle};
    s.board.load(s.marks);
    for (int c = 0; c < s.board.cells(); ++c)
      if (std::popcount(s.board.candidates(c)) == 1)
        s.board.place(c, std::countr_zero(s.board.candidates(c)) + 1);
    states.push_back(std::move(s));
  }
  return states;
}

// Grids the outer chains start from: the states of data/se_nested_states.txt and data/se_chain_states.txt.
std::vector<sudoku::logic::Board> chain_starts(const sudoku::Houses& houses) {
  std::vector<sudoku::logic::Board> starts;
  for (State& s : nested_states(houses)) starts.push_back(s.board);
  for (const std::string& line : test::read_lines("se_chain_states.txt")) {
    if (line[0] == '#') continue;
    std::istringstream in(line);
    std::string marks;
    in >> marks;
    sudoku::logic::Board board(houses);
    board.load(sudoku::read_pencilmarks(marks, sudoku::Shape{3, 3}, {}));
    starts.push_back(board);
  }
  return starts;
}

// `start` with the first candidate taken out of about one in `one_in` of its cells with two or more.
sudoku::logic::Board thinned(const sudoku::logic::Board& start, std::mt19937& random, unsigned one_in) {
  sudoku::logic::Board reduced = start;
  for (int c = 0; c < start.cells(); ++c) {
    const sudoku::Mask cands = reduced.open(c) ? reduced.candidates(c) : 0;
    if (std::popcount(cands) < 2 || random() % one_in != 0) continue;
    reduced.eliminate(c, std::countr_zero(cands) + 1);
  }
  return reduced;
}

// The grids dynamic chains reach from `start` (their "off" nodes taken out), from up to `count` candidates
// taken out at random; the chains that clash are left out.
std::vector<sudoku::logic::Board> outer_reductions(const sudoku::logic::Board& start, std::mt19937& random,
                                                   std::size_t count) {
  sudoku::logic::Chainer chainer(start, sudoku::logic::ChainRules{true, true, nullptr});
  sudoku::logic::Implications out;
  std::vector<int> nodes;
  for (int c = 0; c < start.cells(); ++c)
    for (sudoku::Mask m = start.open(c) ? start.candidates(c) : 0; m != 0; m &= m - 1)
      nodes.push_back(sudoku::logic::node_of(c, std::countr_zero(m) + 1, false, 9));
  std::shuffle(nodes.begin(), nodes.end(), random);
  nodes.resize(std::min(nodes.size(), count));
  std::vector<sudoku::logic::Board> grids;
  for (const int node : nodes) {
    int a = 0, b = 0;
    if (!chainer.run_from(node, out, a, b)) continue;
    sudoku::logic::Board reduced = start;
    for (const int n : out.order())
      if (!sudoku::logic::node_on(n))
        reduced.eliminate(sudoku::logic::node_cell(n, 9), sudoku::logic::node_digit(n, 9));
    grids.push_back(reduced);
  }
  return grids;
}

// The node count in a chain step's text: "... (N nodes): ...".
int nodes_of(const std::string& text) {
  const auto end = text.find(" nodes)");
  const auto begin = text.rfind('(', end);
  REQUIRE(end != std::string::npos);
  return std::stoi(text.substr(begin + 1, end - begin - 1));
}

// Each puzzle of graded_variants.txt (plain, and with extra regions): its houses, its givens and its line.
template <class Visit>
void for_each_variant(Visit&& visit) {
  std::ifstream in(test::data_path("graded_variants.txt"));
  REQUIRE(in);
  sudoku::PuzzleReader reader(in);
  sudoku::Puzzle puzzle;
  while (reader.next(puzzle)) {
    REQUIRE(puzzle.ok());
    const sudoku::Rules rules = puzzle.rules ? *puzzle.rules : sudoku::make_rules(puzzle.grid.shape, {});
    visit(std::make_unique<sudoku::Houses>(rules), puzzle.grid, puzzle.line);
  }
}

}  // namespace

// SE's level 4, "(+ Dynamic Forcing Chains)": where neither dynamic nor "(+)" forcing chains find a step, dynamic
// chains continued by whole inner dynamic forcing chains do; at 10.5 plus SE's length increment of the nodes,
// the inner chains' counted too, sound, and tried by the engine only after the lower nesting levels.
TEST_CASE("nested: level 4 finds what the lower chains miss, in SE's words and at SE's rating") {
  const sudoku::Houses houses(sudoku::Shape{3, 3});
  const std::vector<State> states = nested_states(houses);
  REQUIRE_FALSE(states.empty());
  for (const State& s : states) {
    INFO(s.puzzle);
    sudoku::logic::GradedStep lower;
    CHECK_FALSE(sudoku::logic::dynamic_chains(s.board, lower));
    CHECK_FALSE(sudoku::logic::dynamic_chains_plus(s.board, lower));
    sudoku::logic::GradedStep step;
    REQUIRE(sudoku::logic::dynamic_nested_chains(s.board, 0, step));
    INFO(step.text);
    CHECK(step.technique.rfind("Dynamic ", 0) == 0);
    CHECK(step.technique.find(" Forcing Chains (+ Dynamic Forcing Chains)") != std::string::npos);
    const int nodes = nodes_of(step.text);
    CHECK(std::abs(step.rating - (105 + sudoku::logic::length_tenths(nodes)) / 10.0) < 1e-9);
    CHECK_FALSE(step.eliminations.empty());
    test::check_sound(step, s.solution, s.puzzle);
    // The engine, past the singles of the marks' given cells, takes a lower nesting level first.
    sudoku::logic::Engine engine(houses);
    engine.load(s.marks);
    std::optional<sudoku::logic::GradedStep> next;
    while ((next = engine.step()) && next->rating < 2.5) {
    }
    REQUIRE(next);
    CHECK(next->technique.find(" Forcing Chains (+ Forcing Chains)") != std::string::npos);
    CHECK(next->rating < step.rating);
  }
}

// A raised stop flag (Ctrl-C, a time limit) ends the searches early, and the engine says it stopped rather than
// got stuck: the nested levels can run for minutes.
TEST_CASE("nested: the searches and the engine end on the stop flag") {
  const sudoku::Houses houses(sudoku::Shape{3, 3});
  std::vector<State> states = nested_states(houses);
  REQUIRE_FALSE(states.empty());
  std::atomic<bool> stop{true};
  sudoku::logic::Board board = states.front().board;
  board.set_stop(&stop);
  sudoku::logic::GradedStep step;
  CHECK_FALSE(sudoku::logic::nested_chains(board, 2, step));
  CHECK_FALSE(sudoku::logic::dynamic_nested_chains(board, 0, step));
  sudoku::logic::Engine engine(houses);
  engine.load(states.front().marks);
  engine.set_stop(&stop);
  CHECK_FALSE(engine.next());
  const sudoku::logic::Grade grade = sudoku::logic::grade(engine);
  CHECK(grade.stopped);
  CHECK_FALSE(grade.solved);
  stop = false;
  CHECK_FALSE(engine.stopped());
  CHECK(engine.next());
}

// Run by CTest with --no-skip under the label `slow` (seconds a puzzle in Release).
TEST_CASE("nested: ratings and techniques agree with serate where nested chains are needed" *
          doctest::skip()) {
  const std::vector<Rated> list = se_nested();
  REQUIRE(list.size() >= 14);
  const sudoku::Houses houses(sudoku::Shape{3, 3});
  int er_equal = 0, er_near = 0, ep_equal = 0, ed_equal = 0, named = 0;
  for (const Rated& r : list) {
    const sudoku::Grid puzzle = test::grid_from(r.puzzle, 3, 3);
    const sudoku::Grid solution = test::unique_solution(puzzle);
    sudoku::logic::Engine engine(houses);
    REQUIRE(engine.load(puzzle));
    double er = 0, ep = 0, ed = 0;
    std::string technique;
    bool placed = false;
    while (const auto step = engine.step()) {
      test::check_sound(*step, solution, r.puzzle);
      if (step->rating > er) {
        er = step->rating;
        technique = step->technique;
      }
      if (ed == 0) ed = er;
      if (!placed && !step->placements.empty()) {
        placed = true;
        ep = er;
      }
    }
    INFO(r.puzzle, " serate ", r.er, " ", r.technique, ", engine ", er, " ", technique);
    CHECK(engine.board().solved());
    CHECK(std::abs(er - r.er) <= 0.1 + 1e-9);
    er_equal += std::abs(er - r.er) < 0.05 ? 1 : 0;
    er_near += std::abs(er - r.er) <= 0.1 + 1e-9 ? 1 : 0;
    ep_equal += std::abs(ep - r.ep) < 0.05 ? 1 : 0;
    ed_equal += std::abs(ed - r.ed) < 0.05 ? 1 : 0;
    named += technique == r.technique ? 1 : 0;
  }
  const double n = static_cast<double>(list.size());
  MESSAGE("nested sample of ", list.size(), ": ER equal ", er_equal / n, ", within 0.1 ", er_near / n,
          ", EP equal ", ep_equal / n, ", ED equal ", ed_equal / n, ", technique named alike ", named / n);
  // Floors at what the engine reaches (docs/rating.md): every ER equal.
  CHECK(er_equal / n >= 0.99);
  CHECK(ep_equal / n >= 0.99);
  CHECK(ed_equal / n >= 0.99);
  CHECK(named / n >= 0.99);
}

// SE's level 4 against serate, step by step: from states just before a level-4 step (data/se_level4_steps.txt),
// the engine's first steps past the singles are serate's, the same eliminations at the same ratings, named
// "(+ Dynamic Forcing Chains)" and sound, and the state's ER and hardest technique are serate's. Run by CTest with --no-skip under the label `slow` (seconds a step).
TEST_CASE("nested: level 4 steps agree with serate's" * doctest::skip()) {
  const sudoku::Houses houses(sudoku::Shape{3, 3});
  int states = 0;
  for (const std::string& line : test::read_lines("se_level4_steps.txt")) {
    if (line[0] == '#') continue;
    std::istringstream fields(line);
    std::string puzzle, marks, steps, er, technique;
    std::getline(fields, puzzle, '\t');
    std::getline(fields, marks, '\t');
    std::getline(fields, steps, '\t');
    std::getline(fields, er, '\t');
    std::getline(fields, technique);
    INFO(puzzle);
    const sudoku::Grid solution = test::unique_solution(test::grid_from(puzzle, 3, 3));
    sudoku::logic::Engine engine(houses);
    engine.load(sudoku::read_pencilmarks(marks, sudoku::Shape{3, 3}, {}));
    double hardest = 0;
    std::string name;
    const auto next = [&] {
      std::optional<sudoku::logic::GradedStep> step = engine.step();
      if (step) test::check_sound(*step, solution, puzzle);
      if (step && step->rating > hardest) {
        hardest = step->rating;
        name = step->technique;
      }
      return step;
    };
    std::istringstream expected(steps);
    std::string item;
    while (std::getline(expected >> std::ws, item, ';')) {
      const double rating = std::stod(item.substr(0, item.find(' ')));
      const std::string eliminations = item.substr(item.find(' ') + 1);
      std::optional<sudoku::logic::GradedStep> step;
      while ((step = next()) && step->rating < 2.5) {
      }
      REQUIRE(step);
      INFO(step->text);
      CHECK(std::abs(step->rating - rating) < 1e-9);
      CHECK(sudoku::logic::eliminations_text(step->eliminations, 9) == eliminations);
      CHECK(step->technique.find(" Forcing Chains (+ Dynamic Forcing Chains)") != std::string::npos);
    }
    // The rest of the way: the state's ER and hardest technique are serate's.
    while (next()) {
    }
    CHECK(engine.board().solved());
    CHECK(std::abs(hardest - std::stod(er)) < 1e-9);
    CHECK(name == technique);
    ++states;
  }
  CHECK(states >= 1);
}

// One nested step, quick: a 1106 puzzle serate rates 10.4 with "Dynamic Region Forcing Chains (+ Forcing
// Chains)" reaches a nested step in SE's words, sound, rated from the level's 9.5 to serate's ER.
TEST_CASE("nested: the first nested step of a puzzle is sound and in SE's words") {
  const std::string text =
      "........8..3.9.4..6....7.1....5.97...3.....2...74........7....6..4.5.3..81.......";
  const sudoku::Grid puzzle = test::grid_from(text, 3, 3);
  const sudoku::Grid solution = test::unique_solution(puzzle);
  const sudoku::Houses houses(sudoku::Shape{3, 3});
  sudoku::logic::Engine engine(houses);
  REQUIRE(engine.load(puzzle));
  std::optional<sudoku::logic::GradedStep> nested;
  while (const auto step = engine.step()) {
    test::check_sound(*step, solution, text);
    if (step->technique.find("Chains (+ ") != std::string::npos) {
      nested = step;
      break;
    }
  }
  REQUIRE(nested);
  CHECK(nested->technique.find("Forcing Chains (+ Forcing Chains)") != std::string::npos);
  CHECK(nested->technique.rfind("Dynamic ", 0) == 0);
  CHECK(nested->rating >= 9.5);
  CHECK(nested->rating <= 10.4 + 1e-9);
  CHECK_FALSE(nested->eliminations.empty());
}

// The inner techniques directly: on a grid with nothing taken out, no inner step rests on the outer chain.
TEST_CASE("nested: an inner step that holds without the outer chain is not handed on") {
  const std::string text =
      "........8..3.9.4..6....7.1....5.97...3.....2...74........7....6..4.5.3..81.......";
  const sudoku::Houses houses(sudoku::Shape{3, 3});
  sudoku::logic::Board board(houses);
  REQUIRE(board.load(test::grid_from(text, 3, 3)));
  std::vector<sudoku::logic::ChainRules::Advanced> steps;
  sudoku::logic::plus_steps(board, board, steps);
  CHECK(steps.empty());
  std::vector<sudoku::logic::InnerHint> hints;
  sudoku::logic::cycle_hints(board, board, hints);
  REQUIRE_FALSE(hints.empty());
  for (const auto& h : hints) CHECK(h.parents.empty());
  // Take a candidate out: the steps that use its cell or house now rest on it, and only on it.
  sudoku::logic::Board reduced = board;
  int cell = 0;
  while (!reduced.open(cell) || std::popcount(reduced.candidates(cell)) < 3) ++cell;
  const int digit = std::countr_zero(reduced.candidates(cell)) + 1;
  reduced.eliminate(cell, digit);
  hints.clear();
  sudoku::logic::cycle_hints(reduced, board, hints);
  for (const auto& h : hints)
    for (const auto& p : h.parents) CHECK((p == sudoku::logic::Candidate{cell, digit}));
}

// The cycle searches on grids reduced from one start read the start's graph, kept (CycleStart): their steps
// must be those worked out afresh, on the grids the outer chains reach (the off nodes of a dynamic chain from
// a candidate taken out) and on grids with candidates taken out at random, from one start after another
// (the kept analysis is the start's only), on grids with a few candidates taken out, and on a grid not reduced
// from the start (not read through it).
TEST_CASE("nested: cycle searches through the start's kept graph find what fresh ones find") {
  const sudoku::Houses houses(sudoku::Shape{3, 3});
  const std::vector<sudoku::logic::Board> starts = chain_starts(houses);
  REQUIRE(starts.size() >= 10);
  const auto same = [](const std::vector<sudoku::logic::InnerHint>& a,
                       const std::vector<sudoku::logic::InnerHint>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
      if (a[i].tenths != b[i].tenths || a[i].complexity != b[i].complexity ||
          a[i].sort_key != b[i].sort_key || a[i].eliminations != b[i].eliminations ||
          a[i].parents != b[i].parents || a[i].chain != b[i].chain)
        return false;
    return true;
  };
  const std::unique_ptr<sudoku::logic::CycleStart> kept = sudoku::logic::cycle_start();
  std::mt19937 random(61);
  // forcing: the forcing X-chains among them (6.6 and up), which the kept graph finds through the reach of
  // the new links' pairs.
  int compared = 0, with_hints = 0, resting = 0, forcing = 0;
  const auto compare = [&](const sudoku::logic::Board& reduced, const sudoku::logic::Board& start) {
    std::vector<sudoku::logic::InnerHint> fresh, through;
    sudoku::logic::cycle_hints(reduced, start, fresh);
    sudoku::logic::cycle_hints(reduced, start, through, kept.get());
    CHECK(same(fresh, through));
    ++compared;
    with_hints += !fresh.empty();
    for (const auto& h : fresh) {
      resting += !h.parents.empty();
      forcing += h.tenths - sudoku::logic::length_tenths(h.complexity) == 66;
    }
  };
  for (std::size_t k = 0; k < starts.size(); ++k) {
    const sudoku::logic::Board& start = starts[k];
    INFO("start ", k);
    for (const sudoku::logic::Board& reduced : outer_reductions(start, random, 16)) compare(reduced, start);
    for (int round = 0; round < 8; ++round) {
      sudoku::logic::Board reduced = start;
      for (int c = 0; c < start.cells(); ++c) {
        const sudoku::Mask cands = reduced.open(c) ? reduced.candidates(c) : 0;
        if (std::popcount(cands) < 2 || random() % 6 != 0) continue;
        sudoku::Mask pick = cands;
        for (auto skip = random() % static_cast<unsigned>(std::popcount(cands)); skip > 0; --skip)
          pick &= pick - 1;
        reduced.eliminate(c, std::countr_zero(pick) + 1);
      }
      compare(reduced, start);
    }
    // Grids with one or two candidates taken out: most of their links' components are the start's, whose
    // cycle searches replay the start's, and a component that lost a node without a new link is not.
    std::vector<sudoku::logic::Candidate> all;
    for (int c = 0; c < start.cells(); ++c)
      for (sudoku::Mask m = start.open(c) ? start.candidates(c) : 0; m != 0; m &= m - 1)
        if (std::popcount(start.candidates(c)) > 1) all.push_back({c, std::countr_zero(m) + 1});
    for (int round = 0; round < 64 && !all.empty(); ++round) {
      sudoku::logic::Board reduced = start;
      for (auto left = 1 + random() % 2; left > 0; --left) {
        const sudoku::logic::Candidate pick = all[random() % all.size()];
        if (reduced.has(pick.cell, pick.digit)) reduced.eliminate(pick.cell, pick.digit);
      }
      compare(reduced, start);
    }
    // A grid that is not this start's reduction: the next start.
    compare(starts[(k + 1) % starts.size()], start);
  }
  CHECK(compared >= 300);
  CHECK(with_hints >= 50);
  CHECK(resting >= 50);
  CHECK(forcing >= 100);
}

// A static chainer on a grid reduced from a base's takes the links of the nodes the reduction left alone from
// the base's table: every node's links (in order, with their causes) and the static searches' steps must be
// those worked out afresh, on grids the outer chains reach, on grids with candidates taken out at random, and
// on a grid that is not the base's reduction (candidates the base lacks, cells placed in one and not the other).
TEST_CASE("nested: static links taken from the start's table are those worked out afresh") {
  const sudoku::Houses houses(sudoku::Shape{3, 3});
  const std::vector<sudoku::logic::Board> starts = chain_starts(houses);
  REQUIRE(starts.size() >= 10);
  std::mt19937 random(611);
  int compared = 0, shared = 0, own = 0, with_hints = 0;
  const auto compare = [&](const sudoku::logic::Board& reduced, sudoku::logic::StaticBase& base) {
    sudoku::logic::Chainer fresh(reduced, sudoku::logic::ChainRules{});
    sudoku::logic::Chainer through(reduced, sudoku::logic::ChainRules{}, &base.chainer);
    for (int node = 0; node < reduced.cells() * 9 * 2; ++node) {
      int n1 = 0, n2 = 0;
      const std::pair<int, int>* a = fresh.links(node, n1);
      const std::vector<std::pair<int, int>> want(a, a + n1);
      const std::pair<int, int>* b = through.links(node, n2);
      CHECK(std::vector<std::pair<int, int>>(b, b + n2) == want);
      const int cell = sudoku::logic::node_cell(node, 9), digit = sudoku::logic::node_digit(node, 9);
      const bool same_cell = reduced.open(cell) == base.board.open(cell) &&
                             (!reduced.open(cell) || reduced.candidates(cell) == base.board.candidates(cell));
      bool same_places = true;
      for (const int h : houses.of(cell))
        same_places = same_places && reduced.positions(h, digit) == base.board.positions(h, digit);
      (same_cell && same_places ? shared : own) += 1;
    }
    std::vector<sudoku::logic::InnerHint> h1, h2;
    sudoku::logic::multiple_chain_hints(reduced, base.board, h1);
    sudoku::logic::multiple_chain_hints(reduced, base.board, h2, &base);
    REQUIRE(h1.size() == h2.size());
    for (std::size_t i = 0; i < h1.size(); ++i) {
      CHECK(h1[i].tenths == h2[i].tenths);
      CHECK(h1[i].complexity == h2[i].complexity);
      CHECK(h1[i].eliminations == h2[i].eliminations);
      CHECK(h1[i].parents == h2[i].parents);
      CHECK(h1[i].chain == h2[i].chain);
    }
    with_hints += !h1.empty();
    ++compared;
  };
  for (std::size_t k = 0; k < starts.size(); ++k) {
    const sudoku::logic::Board& start = starts[k];
    INFO("start ", k);
    sudoku::logic::StaticBase base(start);
    for (const sudoku::logic::Board& reduced : outer_reductions(start, random, 4)) compare(reduced, base);
    sudoku::logic::Board reduced = thinned(start, random, 8);
    compare(reduced, base);
    compare(starts[(k + 1) % starts.size()], base);
  }
  CHECK(compared >= 3 * static_cast<int>(starts.size()));
  CHECK(shared > own);
  CHECK(own > 0);
  CHECK(with_hints > 0);
}

// The "(+)" rules' locked candidates, when they apply, against their definition worked out cell by cell: in
// SE's kind order (boxes, rows, columns, extra regions), digit by digit, house by house, every digit with 2 to
// 6 places in a full house that lost places of it to the chain removes the digit from every cell outside the
// house that sees all the places; on the variants too, where extra regions let cells see places beyond the
// house the places share.
TEST_CASE("nested: the (+) locked candidates remove what sees every place, on variants too") {
  std::mt19937 random(612);
  int compared = 0, with_steps = 0, extra_steps = 0;
  for_each_variant([&](std::unique_ptr<sudoku::Houses> owned, const sudoku::Grid& grid, std::size_t line) {
    const sudoku::Houses& houses = *owned;
    sudoku::logic::Board start(houses);
    REQUIRE(start.load(grid));
    for (int round = 0; round < 6; ++round) {
      sudoku::logic::Board reduced = thinned(start, random, 5);
      using Step = std::pair<std::vector<sudoku::logic::Candidate>, std::vector<sudoku::logic::Candidate>>;
      std::vector<Step> want;
      const auto sorted = [](std::vector<sudoku::logic::Candidate> v) {
        std::sort(v.begin(), v.end(),
                  [](auto a, auto b) { return a.cell != b.cell ? a.cell < b.cell : a.digit < b.digit; });
        return v;
      };
      bool extra = false;
      for (const sudoku::HouseKind kind : {sudoku::HouseKind::box, sudoku::HouseKind::row,
                                           sudoku::HouseKind::column, sudoku::HouseKind::extra})
        for (int d = 1; d <= houses.side(); ++d)
          for (int h = 0; h < houses.count(); ++h) {
            if (houses.kind(h) != kind || !houses.full(h) || reduced.placed(h, d)) continue;
            const sudoku::Mask where = reduced.positions(h, d);
            const sudoku::Mask taken = start.positions(h, d) & ~where;
            if (std::popcount(where) < 2 || std::popcount(where) > 6 || taken == 0) continue;
            const std::vector<int>& cells = houses.cells(h);
            std::vector<sudoku::logic::Candidate> elims, parents;
            for (int x = 0; x < reduced.cells(); ++x) {
              if (!reduced.has(x, d) || std::find(cells.begin(), cells.end(), x) != cells.end()) continue;
              bool all = true;
              for (sudoku::Mask p = where; p != 0; p &= p - 1)
                all = all && reduced.sees(x, cells[static_cast<std::size_t>(std::countr_zero(p))]);
              if (all) elims.push_back({x, d});
            }
            for (sudoku::Mask p = taken; p != 0; p &= p - 1)
              parents.push_back({cells[static_cast<std::size_t>(std::countr_zero(p))], d});
            if (elims.empty()) continue;
            // Beyond the house the places share (none when they share no other house).
            bool shared = false;
            for (const int h2 : houses.of(cells[static_cast<std::size_t>(std::countr_zero(where))]))
              if (h2 != h) {
                bool in_h2 = true;
                for (sudoku::Mask p = where; p != 0; p &= p - 1) {
                  const auto& c2 = houses.cells(h2);
                  in_h2 =
                      in_h2 && std::find(c2.begin(), c2.end(),
                                         cells[static_cast<std::size_t>(std::countr_zero(p))]) != c2.end();
                }
                shared = shared || in_h2;
              }
            extra = extra || !shared || kind == sudoku::HouseKind::extra;
            want.emplace_back(elims, sorted(parents));
          }
      std::vector<sudoku::logic::ChainRules::Advanced> steps;
      sudoku::logic::plus_steps(reduced, start, steps);
      ++compared;
      if (want.empty()) continue;
      ++with_steps;
      extra_steps += extra;
      INFO("line ", line, " round ", round);
      REQUIRE(steps.size() == want.size());
      for (std::size_t i = 0; i < steps.size(); ++i) {
        CHECK(sorted(steps[i].eliminations) == want[i].first);
        CHECK(sorted(steps[i].parents) == want[i].second);
      }
    }
  });
  CHECK(compared >= 100);
  CHECK(with_steps >= 30);
  CHECK(extra_steps >= 5);
}

// The "(+)" rules keep their scratch (touched houses, pair filters, the locked scan's sets) from one grid to
// the next: what they find on a grid does not depend on the grids, of any shape or houses, asked before it.
// And the locked scan's place counts (two told apart without a bit count) match the definition for every
// bound from 2 to 6.
TEST_CASE("nested: the (+) rules' answers do not depend on the grids asked before") {
  std::mt19937 random(6161);
  std::vector<std::unique_ptr<sudoku::Houses>> all_houses;
  std::vector<std::pair<sudoku::logic::Board, sudoku::logic::Board>> grids;  // (reduced, start)
  for_each_variant([&](std::unique_ptr<sudoku::Houses> houses, const sudoku::Grid& grid, std::size_t) {
    all_houses.push_back(std::move(houses));
    sudoku::logic::Board start(*all_houses.back());
    REQUIRE(start.load(grid));
    for (int round = 0; round < 3; ++round) {
      sudoku::logic::Board reduced = thinned(start, random, 4);
      grids.emplace_back(reduced, start);
    }
  });
  REQUIRE(grids.size() >= 12);
  using Steps = std::vector<sudoku::logic::ChainRules::Advanced>;
  const auto same = [](const Steps& a, const Steps& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
      if (a[i].eliminations != b[i].eliminations || a[i].parents != b[i].parents) return false;
    return true;
  };
  std::vector<Steps> forward(grids.size());
  int with_steps = 0;
  for (std::size_t i = 0; i < grids.size(); ++i) {
    sudoku::logic::plus_steps(grids[i].first, grids[i].second, forward[i]);
    with_steps += !forward[i].empty();
  }
  CHECK(with_steps >= 6);
  // Backwards, and each grid right after one of another shape or with other houses.
  for (std::size_t i = grids.size(); i-- > 0;) {
    INFO("grid ", i);
    Steps again;
    sudoku::logic::plus_steps(grids[i].first, grids[i].second, again);
    CHECK(same(again, forward[i]));
  }
  // The locked scan with `only` (every digit everywhere), bound by bound, against the places counted.
  int visited = 0;
  for (const auto& [reduced, start] : grids) {
    const sudoku::Houses& houses = reduced.houses();
    const std::vector<sudoku::Mask> only(static_cast<std::size_t>(houses.count()), ~sudoku::Mask{0});
    for (int max = 2; max <= 6; ++max) {
      std::vector<std::tuple<int, int, sudoku::Mask>> want, got;
      for (int d = 1; d <= houses.side(); ++d)
        for (int h = 0; h < houses.count(); ++h) {
          const int count = std::popcount(reduced.positions(h, d));
          if (houses.full(h) && !reduced.placed(h, d) && count >= 2 && count <= max)
            want.emplace_back(h, d, reduced.positions(h, d));
        }
      sudoku::logic::for_each_locked_digit(reduced, sudoku::logic::kGradedScan, max, only.data(),
                                           [&](int h, int d, sudoku::Mask where) {
                                             got.emplace_back(h, d, where);
                                             return false;
                                           });
      std::sort(got.begin(), got.end());
      std::sort(want.begin(), want.end());
      CHECK(got == want);
      visited += static_cast<int>(got.size());
    }
  }
  CHECK(visited > 1000);
}

// The grid a dynamic chain hands its "(+)" rules when its links run dry is the start with the chain's "off"
// candidates taken out, its places of the digits kept up with them (Board::copy_reduced): checked against the
// board's own invariants (places worked out afresh) on every grid the chains from every candidate reach.
TEST_CASE("nested: the grids dynamic chains hand their rules are their starts' reductions") {
  const sudoku::Houses houses(sudoku::Shape{3, 3});
  const std::vector<sudoku::logic::Board> starts = chain_starts(houses);
  int grids = 0;
  for (const sudoku::logic::Board& start : starts) {
    const sudoku::logic::Implications* current = nullptr;
    sudoku::logic::ChainRules rules{true, true, nullptr};
    rules.advanced = [&](const sudoku::logic::Board& reduced, const sudoku::logic::Board& from,
                         std::vector<sudoku::logic::ChainRules::Advanced>&) {
      ++grids;
      CHECK(reduced.invariant_violation() == "");
      for (int c = 0; c < from.cells(); ++c) {
        CHECK(reduced.open(c) == from.open(c));
        if (!from.open(c)) continue;
        for (sudoku::Mask m = from.candidates(c); m != 0; m &= m - 1) {
          const int d = std::countr_zero(m) + 1;
          CHECK(reduced.has(c, d) == !current->has(sudoku::logic::node_of(c, d, false, 9)));
        }
      }
    };
    sudoku::logic::Chainer chainer(start, rules);
    sudoku::logic::Implications out;
    current = &out;
    for (int c = 0; c < start.cells(); c += 3)
      for (sudoku::Mask m = start.open(c) ? start.candidates(c) : 0; m != 0; m &= m - 1) {
        int a = 0, b = 0;
        chainer.run_from(sudoku::logic::node_of(c, std::countr_zero(m) + 1, true, 9), out, a, b);
      }
  }
  CHECK(grids >= 100);
}
