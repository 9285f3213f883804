// The tiers' techniques (logic.hpp: singles, locked candidates, subsets) as entries of an engine's table, on
// logic::Board: the rater's coarse words and the generator's --tier, whose step counts ("hidden-single=40
// pointing=2") were pinned before Sukaku Explainer's table came. They are the graded table's searches
// (techniques.hpp) scanning as a person does (kTierScan): every house for a hidden single before any naked
// single, boxes first, then rows, columns and extra regions; the step counts depend on that order, the tier
// does not (every rule only removes candidates, so the state the rules reach is the same whatever order they
// are tried in). The steps are counted, not shown: they carry no text.
#include "sudoku/maker/logic/tiers.hpp"

#include "sudoku/maker/logic/rule_techniques.hpp"
#include "sudoku/maker/logic/techniques.hpp"

namespace sudoku::logic {
namespace {

bool tier_hidden_single(const Board& board, GradedStep& step) {
  const std::optional<Single> single = find_hidden_single(board, kTierScan);
  if (!single) return false;
  step.technique = technique_name(Technique::hidden_single);
  step.placements = {{single->cell, single->digit}};
  return true;
}

bool tier_naked_single(const Board& board, GradedStep& step) {
  const std::optional<Candidate> single = find_naked_single(board);
  if (!single) return false;
  step.technique = technique_name(Technique::naked_single);
  step.placements = {*single};
  return true;
}

// Boxes against lines are pointing, lines against boxes claiming; with extra regions either side may be one of
// those, named by h's kind.
bool tier_locked(const Board& board, GradedStep& step) {
  return for_each_intersection(board, kTierScan, [&](int h, int other, int d) {
    intersection_eliminations(board, h, other, d, step.eliminations);
    const HouseKind kind = board.houses().kind(h);
    step.technique = technique_name(
        kind == HouseKind::row || kind == HouseKind::column ? Technique::claiming : Technique::pointing);
    return true;
  });
}

bool tier_subsets(const Board& board, int k, bool naked, GradedStep& step) {
  static constexpr Technique kNaked[] = {Technique::naked_pair, Technique::naked_triple,
                                         Technique::naked_quad};
  static constexpr Technique kHidden[] = {Technique::hidden_pair, Technique::hidden_triple,
                                          Technique::hidden_quad};
  const auto found = [&](int h, Mask cells, Mask digits) {
    (naked ? naked_subset_eliminations : hidden_subset_eliminations)(board, h, cells, digits,
                                                                     step.eliminations);
    return !step.eliminations.empty();
  };
  if (!(naked ? for_each_naked_subset(board, k, 0, kTierScan, nullptr, found)
              : for_each_hidden_subset(board, k, 0, kTierScan, nullptr, found)))
    return false;
  step.technique = technique_name((naked ? kNaked : kHidden)[k - 2]);
  return true;
}

}  // namespace

Tier tier_of_family(std::string_view family) {
  if (family == "locked" || family == "rules") return Tier::locked;
  if (family == "subsets") return Tier::subsets;
  return Tier::singles;  // singles, and the cage steps
}

Engine make_tier_engine(const Rules& rules, const Houses& houses, Tier max, const Symbols& symbols) {
  using S = GradedStep;
  using B = Board;
  std::vector<GradedTechnique> table = {{"singles", tier_hidden_single}, {"singles", tier_naked_single}};
  if (!rules.cages.empty()) {
    table.push_back(cage_combinations(rules, symbols));
    table.push_back(innies_outies(rules, symbols));
  }
  table.push_back({"locked", tier_locked});
  for (int k = 2; k <= 4; ++k)
    for (const bool naked : {true, false})
      table.push_back({"subsets", [k, naked](const B& b, S& s) { return tier_subsets(b, k, naked, s); }});
  for (GradedTechnique& t : rule_techniques(rules)) table.push_back(std::move(t));
  std::erase_if(table, [max](const GradedTechnique& t) { return tier_of_family(t.family) > max; });
  return Engine(houses, std::move(table), false);
}

TierRun run_tiers(Engine& tiers) {
  TierRun run;
  while (const auto step = tiers.step()) {
    run.tier = std::max(run.tier, tier_of_family(step->family));
    if (step->technique == "cage-combination") {
      ++run.cage_combinations;
    } else if (step->technique == "innies-outies") {
      ++run.innies_outies;
    } else if (step->technique == "rule") {
      ++run.rule_steps;
    } else {
      for (int t = 0; t < kTechniques; ++t)
        if (step->technique == technique_name(static_cast<Technique>(t)))
          ++run.used[static_cast<std::size_t>(t)];
    }
  }
  if (!tiers.board().solved()) run.tier = Tier::search;
  return run;
}

std::string counts_text(const TierRun& run) {
  std::string text;
  const auto count = [&](const char* name, std::uint64_t n) {
    if (n > 0) text += std::string(" ") + name + "=" + std::to_string(n);
  };
  for (int t = 0; t < kTechniques; ++t)
    count(technique_name(static_cast<Technique>(t)), run.used[static_cast<std::size_t>(t)]);
  count("cage-combination", run.cage_combinations);
  count("innies-outies", run.innies_outies);
  count("rule", run.rule_steps);
  return text;
}

}  // namespace sudoku::logic

namespace sudoku {

bool logic_knows(const Rules& rules) {
  return !rules.anti_knight && !rules.anti_king && !rules.non_consecutive && rules.constraints.empty();
}

}  // namespace sudoku
