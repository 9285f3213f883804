// Rate, hint and steps of one puzzle under its rules on one road: the engine of the rules
// (logic/rule_techniques.hpp: Sukaku Explainer's table, with the cages', lines', dots' and neighbour rules'
// techniques) gives every step and the ratings ER, EP and ED of every puzzle its steps solve; the tiers
// (rater.hpp, logic/tiers.hpp: singles, locked, subsets, search, a filter over the techniques' families) give
// the words. The pipeline's rate, hint and steps tasks only write what these return.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "sudoku/io/symbols.hpp"
#include "sudoku/maker/logic.hpp"
#include "sudoku/maker/logic/engine.hpp"
#include "sudoku/maker/logic/tiers.hpp"
#include "sudoku/model/houses.hpp"
#include "sudoku/model/rules.hpp"
#include "sudoku/model/solver.hpp"

namespace sudoku {

// rate's answer for a unique puzzle.
struct PuzzleRating {
  Tier tier = Tier::search;
  std::string text;    // the tier and its techniques' counts: "locked hidden-single=40 pointing=2"
  logic::Grade grade;  // the engine's ER, EP, ED and hardest technique; grade.stopped: no answer
  std::string error;   // not rated: why, in one line
};

class PuzzleLogic {
 public:
  // `symbols` spell the digits of the cage steps' combinations.
  explicit PuzzleLogic(const Rules& rules, const Symbols& symbols = Symbols());
  PuzzleLogic(const PuzzleLogic&) = delete;
  PuzzleLogic& operator=(const PuzzleLogic&) = delete;

  // Rates a unique puzzle from its givens (`solver`, of its rules, finds the search tier's nodes), or from
  // pencilmarks whose uniqueness the caller found (`verdict`, `nodes`). `stop` ends the grading early.
  PuzzleRating rate(const Grid& puzzle, Solver& solver, const std::atomic<bool>* stop);
  PuzzleRating rate(const CandidateGrid& marks, Verdict verdict, std::uint64_t nodes,
                    const std::atomic<bool>* stop);

  // hint and steps: start from the givens or pencilmarks, then step() until nothing comes; then solved() or
  // stopped() says why (neither: stuck).
  void start(const Grid& puzzle, const std::atomic<bool>* stop);
  void start(const CandidateGrid& marks, const std::atomic<bool>* stop);
  std::optional<logic::GradedStep> step() { return engine_.step(); }
  bool solved() const { return engine_.board().solved(); }
  // The board so far: the last step() applied.
  const logic::Board& board() const { return engine_.board(); }
  bool stopped() const { return engine_.stopped(); }

  const Houses& houses() const { return *houses_; }

 private:
  logic::Grade grade(const std::atomic<bool>* stop);

  Rules rules_;
  std::unique_ptr<Houses> houses_;  // on the heap: the engines point at it
  logic::Engine tiers_;             // the tiers' techniques and the rules' (logic/tiers.hpp)
  logic::Engine engine_;            // Sukaku Explainer's table and the rules' techniques
};

}  // namespace sudoku
