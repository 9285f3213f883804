// A logical step for the line and dot rules (model/constraints.hpp), beside the house techniques of logic.hpp:
// "a candidate in no admissible digit combination of a rule is removed". For each rule in turn, the digit
// combinations of its cells that the candidates allow (cells sharing a house differing, a cell met twice
// taking one digit) are enumerated; a candidate that none of them uses cannot be the cell's digit.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sudoku/model/candidates.hpp"
#include "sudoku/model/rules.hpp"

namespace sudoku {

struct RuleStep {
  std::string rule;                             // "thermometer at r1c1"
  std::vector<std::pair<int, int>> eliminated;  // (cell, digit) pairs removed
};

// The first rule with such candidates and what it removes; nothing when no rule removes any. `candidates`
// are by cell (a placed cell: its digit's bit). A rule whose combinations pass `budget` is passed over, never
// guessed at; so are the negative constraints. The neighbour rules (anti-knight, anti-king, non-consecutive)
// come last, a cell at a time: a neighbour's candidate that clashes with every candidate of the cell goes.
std::optional<RuleStep> rule_step(const Rules& rules, const std::vector<Mask>& candidates,
                                  std::size_t budget = 200000);

// Whether rule_step has rules to look at: line and dot rules, or neighbour rules.
bool has_rule_steps(const Rules& rules);

// "thermometer at r1c1: r1c2<>1, r1c3<>1,2 (no combination of the rule has them)".
std::string describe(const RuleStep& step, int side);

}  // namespace sudoku
