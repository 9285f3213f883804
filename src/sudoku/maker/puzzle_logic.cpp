#include "sudoku/maker/puzzle_logic.hpp"

#include "sudoku/maker/logic/rule_techniques.hpp"
#include "sudoku/maker/logic/tiers.hpp"
#include "sudoku/maker/rater.hpp"

namespace sudoku {

PuzzleLogic::PuzzleLogic(const Rules& rules, const Symbols& symbols)
    : rules_(rules),
      houses_(std::make_unique<Houses>(rules)),
      tiers_(logic::make_tier_engine(rules, *houses_, Tier::subsets, symbols)),
      engine_(logic::make_engine(rules, *houses_, true, symbols)) {}

logic::Grade PuzzleLogic::grade(const std::atomic<bool>* stop) {
  engine_.set_stop(stop);
  return logic::grade(engine_);
}

PuzzleRating PuzzleLogic::rate(const Grid& puzzle, Solver& solver, const std::atomic<bool>* stop) {
  PuzzleRating rating;
  if (logic::has_rule_techniques(rules_)) {
    // Cages, lines, dots, neighbour rules: the tiers and their counts, without the guesses of a search that
    // knows houses only. A puzzle's givens are placed, not taken as singles.
    logic::TierRun run;
    if (tiers_.load(puzzle))
      run = logic::run_tiers(tiers_);
    else
      run.tier = Tier::search;
    rating.tier = run.tier;
    rating.text = kTierNames[static_cast<int>(run.tier)] + logic::counts_text(run);
  } else {
    const Rating tiered = sudoku::rate(puzzle, solver, tiers_);
    rating.tier = tiered.tier;
    rating.text = to_string(tiered);
  }
  engine_.load(puzzle);
  rating.grade = grade(stop);
  return rating;
}

PuzzleRating PuzzleLogic::rate(const CandidateGrid& marks, Verdict verdict, std::uint64_t nodes,
                               const std::atomic<bool>* stop) {
  PuzzleRating rating;
  if (!logic_knows(rules_) && rules_.cages.empty()) {
    rating.error = "rate takes line and dot rules on puzzles with givens, not pencilmarks";
    return rating;
  }
  const Rating tiered = rate_candidates(marks, verdict, nodes, tiers_);
  rating.tier = tiered.tier;
  rating.text = to_string(tiered);
  engine_.load(marks);
  rating.grade = grade(stop);
  return rating;
}

void PuzzleLogic::start(const Grid& puzzle, const std::atomic<bool>* stop) {
  engine_.load(puzzle);
  engine_.set_stop(stop);
}

void PuzzleLogic::start(const CandidateGrid& marks, const std::atomic<bool>* stop) {
  engine_.load(marks);
  engine_.set_stop(stop);
}

}  // namespace sudoku
