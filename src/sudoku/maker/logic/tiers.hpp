// The four tiers (singles, locked, subsets, search: logic.hpp) as a filter over an engine's technique
// families: an engine whose table holds the tiers' techniques (tiers.cpp) and, under cages, lines, dots or
// neighbour rules, those rules' techniques (rule_techniques.hpp), up to a tier. A family's tier: singles and
// the cage steps count as singles, locked candidates and the rules' steps as locked, the subsets as subsets.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "sudoku/io/symbols.hpp"
#include "sudoku/maker/logic.hpp"
#include "sudoku/maker/logic/engine.hpp"
#include "sudoku/model/rules.hpp"

namespace sudoku::logic {

Tier tier_of_family(std::string_view family);

// The engine of the tiers' techniques up to `max` under `rules` (houses: Houses(rules), kept alive by the
// caller). Its steps carry technique_name()s, "cage-combination", "innies-outies" or "rule", and no rating.
Engine make_tier_engine(const Rules& rules, const Houses& houses, Tier max = Tier::subsets,
                        const Symbols& symbols = Symbols());

// A run of such an engine from its loaded state to the end: the hardest tier used (search when stuck) and
// the steps of each technique.
struct TierRun {
  Tier tier = Tier::singles;
  std::array<std::uint64_t, kTechniques> used{};  // by Technique
  std::uint64_t cage_combinations = 0, innies_outies = 0, rule_steps = 0;
};
TierRun run_tiers(Engine& tiers);

// " hidden-single=40 naked-single=3 cage-combination=5 rule=2": the counts, in that order, each after a space.
std::string counts_text(const TierRun& run);

}  // namespace sudoku::logic

namespace sudoku {

// Whether the tiers' techniques know every rule of `rules`: regions and cages, no neighbour, line or dot rule
// (whose steps the tiers take, but whose tier --tier does not promise).
bool logic_knows(const Rules& rules);

}  // namespace sudoku
