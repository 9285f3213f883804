#include "sudoku/tools.hpp"

#include <memory>
#include <vector>

#include "sudoku/candidates.hpp"
#include "sudoku/minimizer.hpp"
#include "sudoku/rater.hpp"
#include "sudoku/writer.hpp"

namespace sudoku {
namespace {

// The solver and the logic of one shape, kept while puzzles of that shape keep coming.
struct ShapeTools {
  ShapeTools(const Rules& rules, const dlx::SearchOptions& search)
      : solver(rules, search), houses(std::make_unique<Houses>(rules)), logic(*houses) {}
  Solver solver;
  std::unique_ptr<Houses> houses;  // on the heap: the logic points at it
  LogicSolver logic;
};

const char* verdict_word(Verdict verdict) {
  return verdict == Verdict::none ? "none" : verdict == Verdict::multiple ? "multiple" : "unknown";
}

}  // namespace

void ToolRunner::run(std::istream& in, std::string_view source, std::ostream& out, std::ostream& err) {
  struct ResetPosition {  // the next run starts at its input's beginning
    std::atomic<std::uint64_t>& position;
    ~ResetPosition() { position.store(0, std::memory_order_relaxed); }
  } reset_position{position_};
  PuzzleReader reader(in, options_.reader);
  const Symbols& symbols = options_.reader.symbols;
  std::vector<std::unique_ptr<ShapeTools>> tools;
  Puzzle puzzle;
  std::string text;
  dlx::SearchOptions search;
  search.stop = options_.stop;
  while ((options_.stop == nullptr || !options_.stop->load()) && reader.next(puzzle)) {
    ++puzzles_;
    done_.store(puzzles_, std::memory_order_relaxed);
    position_.store(reader.consumed(), std::memory_order_relaxed);
    text.clear();
    if (options_.tool == Tool::steps && puzzles_ > 1) text += '\n';
    const auto fail = [&](const std::string& message) {
      ++errors_;
      text += "error: " + message + '\n';
      err << source << ':' << (puzzle.ok() ? puzzle.line : puzzle.error_line) << ": " << message << '\n';
    };
    if (!puzzle.ok()) {
      fail(puzzle.error);
      out << text;
      continue;
    }
    const Shape shape = puzzle.grid.shape;
    Rules rules;
    rules.shape = shape;
    if (variants_.any() || puzzle.rules) {
      try {
        rules = make_rules(shape, variants_);
        if (puzzle.rules) add_rules(rules, *puzzle.rules);
      } catch (const RulesError& e) {
        fail(e.what());
        out << text;
        continue;
      }
      const bool refused =
          options_.tool == Tool::candidates || (!Houses::holds(rules) && options_.tool != Tool::minimize);
      if (refused || !puzzle.pencilmarks.empty()) {
        fail(!puzzle.pencilmarks.empty() ? "pencilmark puzzles take no variant rules"
             : options_.tool == Tool::candidates
                 ? "candidates takes no variant rules"
                 : "this tool takes regions only (jigsaw, x, windoku, extra regions): the techniques know no "
                   "neighbour rule or cage (solve, count, check and minimize do)");
        out << text;
        continue;
      }
    }
    ShapeTools* t = nullptr;
    for (auto& candidate : tools)
      if (candidate->solver.rules() == rules) t = candidate.get();
    if (t == nullptr) t = tools.emplace_back(std::make_unique<ShapeTools>(rules, search)).get();

    const bool marks = !puzzle.pencilmarks.empty();
    const CandidateGrid grid = marks ? CandidateGrid{shape, puzzle.pencilmarks} : candidates_of(puzzle.grid);
    Verdict verdict;
    std::uint64_t nodes = 0;
    if (marks) {
      const dlx::Count count = count_candidates(grid, 2, search);
      verdict = count.solutions >= 2   ? Verdict::multiple
                : count.solutions == 1 ? Verdict::unique
                                       : Verdict::none;
    } else {
      verdict = t->solver.check(puzzle.grid);
      nodes = t->solver.stats().nodes;
    }
    if (options_.stop != nullptr && options_.stop->load()) break;  // a search above was cut short
    if (options_.tool == Tool::candidates) {
      const CandidateGrid found = true_candidates(grid, search);
      if (found.cells.empty()) break;  // stopped
      append_pencilmarks(text, found, symbols);
      if (!puzzle.annotation.empty()) text += ' ' + puzzle.annotation;
      text += '\n';
      out << text;
      continue;
    }
    if (verdict != Verdict::unique) {
      ++not_unique_;
      text += std::string(verdict_word(verdict)) + '\n';
      out << text;
      continue;
    }
    switch (options_.tool) {
      case Tool::rate:
        // A puzzle's givens are placed, not taken as singles: rate() starts from them.
        text += to_string(marks ? rate_candidates(grid, verdict, nodes, t->logic)
                                : rate(puzzle.grid, t->solver, t->logic)) +
                '\n';
        break;
      case Tool::minimize:
        if (marks) {
          fail("minimize takes puzzles with givens, not pencilmarks");
          break;
        }
        if (!minimize(puzzle.grid, t->solver, {}, options_.stop)) return;  // stopped: no partial result
        append_line(text, puzzle.grid, symbols);
        if (!puzzle.annotation.empty()) text += ' ' + puzzle.annotation;
        text += '\n';
        break;
      case Tool::hint:
      case Tool::steps: {
        if (marks) {
          t->logic.load(grid);
        } else {
          t->logic.load(puzzle.grid);
        }
        do {
          const auto step = t->logic.step(Tier::subsets);
          if (!step) {
            text += t->logic.solved()
                        ? "solved\n"
                        : "stuck: no single, locked candidate or subset applies; the rest needs search\n";
            break;
          }
          text += describe(*step, *t->houses, symbols) + '\n';
        } while (options_.tool == Tool::steps);
        break;
      }
      case Tool::candidates:
        break;
    }
    out << text;
  }
}

}  // namespace sudoku
