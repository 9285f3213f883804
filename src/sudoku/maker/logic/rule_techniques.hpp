// The techniques of the rules beyond houses, as entries of the engine's one table (engine.hpp): killer cages
// (cages.cpp), line, dot and cell rules and the neighbour rules (rule_steps.cpp). Each finds the first step of
// its kind on a board, and rates it on the scale of docs/rating.md (Sukaku Explainer has no such technique).
// make_engine() builds the engine of a puzzle's rules: Sukaku Explainer's table with these inserted.
#pragma once

#include <cstddef>
#include <vector>

#include "sudoku/io/symbols.hpp"
#include "sudoku/maker/logic/engine.hpp"
#include "sudoku/model/rules.hpp"

namespace sudoku::logic {

// cages.cpp: a cage combination (a candidate in no placement of distinct digits adding up to the cage's sum
// goes; "cage-combination", 2.2 for two cells + 0.1 a cell more, at most 2.9) and innies and outies (the rule
// of 45 over a region or a run of rows or columns leaves a group of at most four cells a known sum;
// "innies-outies", 2.8 + 0.1 a cell past the first). Nothing for rules without cages or boards over 12x12.
// `symbols` spells the digits of the combinations' texts.
GradedTechnique cage_combinations(const Rules& rules, const Symbols& symbols);
GradedTechnique innies_outies(const Rules& rules, const Symbols& symbols);

// rule_steps.cpp: per kind of line, dot or cell rule present, a candidate in no admissible digit combination
// of one rule of that kind goes ("rule", its rule named); then the neighbour rules: a neighbour's candidate
// that clashes with every candidate of a cell goes. Ratings by kind and size (rule_rating()).
// `budget`: the prefixes one rule's enumeration may try before the rule is passed over in that step.
inline constexpr std::size_t kRuleBudget = 200000;
std::vector<GradedTechnique> rule_techniques(const Rules& rules, std::size_t budget = kRuleBudget);
// The rating of a rule step on a rule of this kind and number of places (docs/rating.md).
double rule_rating(ConstraintKind kind, int places);
// rule_steps.cpp: a digit that every admissible combination of a rule holds, in places that one cell outside
// the rule sees all of, is not that cell's ("rule-pointing"; the rule's rating + 0.4, as pointing reads a
// house past a single). One technique over every rule; none without line, dot or cell rules.
std::vector<GradedTechnique> rule_pointing_techniques(const Rules& rules);
double rule_pointing_rating(ConstraintKind kind, int places);
// The neighbour rules' step (anti-knight, anti-king, non-consecutive).
inline constexpr double kNeighbourRating = 2.4;

// rule_forcing.cpp: a candidate that, placed, leads by the singles, locked candidates and the rules' own steps
// to a broken board (a cell or a house without a place for a digit, a rule or cage that no digits keep) goes:
// "Rule Forcing", 7.5 + 0.1 for each doubling of the steps it took (docs/rating.md). Shortest first: the
// candidates are tried with 2, then 4, 8, 16, 32 steps at most, and a count of the work done ends a call that
// finds nothing in time, so the work of one call is bounded and its answer does not depend on the clock.
GradedTechnique rule_forcing(const Rules& rules, const Symbols& symbols);
inline constexpr double kRuleForcingRating = 7.5;

// Whether the rules have techniques of this file: cages, line, dot or cell rules, neighbour rules.
bool has_rule_techniques(const Rules& rules);

// The engine of a puzzle under `rules` (houses: Houses(rules), kept alive by the caller): Sukaku Explainer's
// table, and when the rules have them the cage combinations and rule steps after the singles and innies and
// outies after the locked candidates. For rules other than houses the uniqueness techniques are dropped (a
// cage or a line can tell the two solutions of a deadly pattern apart), whatever `unique` says, and so are
// the nested chains (see make_engine()).
Engine make_engine(const Rules& rules, const Houses& houses, bool unique = true,
                   const Symbols& symbols = Symbols());

}  // namespace sudoku::logic
