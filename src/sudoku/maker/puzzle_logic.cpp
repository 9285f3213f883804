#include "sudoku/maker/puzzle_logic.hpp"

#include "sudoku/maker/logic/rule_techniques.hpp"
#include "sudoku/maker/rater.hpp"
#include "sudoku/maker/rule_logic.hpp"
#include "sudoku/maker/rule_rater.hpp"

namespace sudoku {

PuzzleLogic::PuzzleLogic(const Rules& rules, const Symbols& symbols)
    : rules_(rules),
      houses_(std::make_unique<Houses>(rules)),
      tiers_(*houses_),
      cages_(rules),
      engine_(logic::make_engine(rules, *houses_, true, symbols)) {}

logic::Grade PuzzleLogic::grade(const std::atomic<bool>* stop) {
  engine_.set_stop(stop);
  return logic::grade(engine_);
}

PuzzleRating PuzzleLogic::rate(const Grid& puzzle, Solver& solver, const std::atomic<bool>* stop) {
  PuzzleRating rating;
  if (has_rule_steps(rules_) && !cages_.active()) {
    // Line, dot and neighbour rules: the tiers of hint's road.
    const RuleRating tiered = rate_with_rules(puzzle, tiers_, rules_);
    rating.tier = tiered.tier;
    rating.text = tiered.text;
  } else if (cages_.active()) {
    // A puzzle's givens are placed, not taken as singles: the tiers start from them.
    rating.text = rate_with_cages(puzzle, tiers_, cages_, &rating.tier, &rules_);
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
  if (has_rule_steps(rules_) && !cages_.active()) {
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
