// Rating under line and dot rules (thermometers, arrows, kropki, XV, sandwiches, little killers...), which
// Sukaku Explainer's scale does not cover: the road of `hint` and `steps` (house techniques of logic.hpp,
// then the rule step of rule_logic.hpp when none applies), its steps counted by family.
#pragma once

#include <string>

#include "sudoku/maker/logic.hpp"
#include "sudoku/model/rules.hpp"

namespace sudoku {

struct RuleRating {
  Tier tier = Tier::singles;  // the hardest house technique's tier, at least locked once a rule step is
                              // needed; search when the road does not solve the puzzle
  std::string technique;      // the hardest step family: a technique_name(), "rule", or "stuck"
  std::string text;           // "locked hidden-single=40 naked-single=3 rule=5"
};

// Rates a puzzle (givens) under `rules` with `logic`, a solver of those rules' houses.
RuleRating rate_with_rules(const Grid& puzzle, LogicSolver& logic, const Rules& rules);

}  // namespace sudoku
