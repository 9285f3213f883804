#include "sudoku/maker/rule_rater.hpp"

#include <algorithm>
#include <array>
#include <cstdint>

#include "sudoku/maker/rule_logic.hpp"

namespace sudoku {

RuleRating rate_with_rules(const Grid& puzzle, LogicSolver& logic, const Rules& rules) {
  std::array<std::uint64_t, kTechniques> used{};
  std::uint64_t rule_steps = 0;
  // Families from easiest to hardest: the techniques in their order, with a rule step (eliminations from a
  // rule's admissible combinations) ranked past pointing and claiming, before the subsets.
  constexpr int kRule = static_cast<int>(Technique::claiming) + 1;
  int hardest = -1;
  const auto harder = [&](int family) { hardest = std::max(hardest, family); };
  Tier tier = Tier::singles;
  if (logic.load(puzzle)) {
    for (;;) {
      if (const auto step = logic.step(Tier::subsets)) {
        const int t = static_cast<int>(step->technique);
        ++used[static_cast<std::size_t>(t)];
        tier = std::max(tier, tier_of(step->technique));
        harder(t >= kRule ? t + 1 : t);
        continue;
      }
      if (logic.solved() || logic.broken()) break;
      const auto rule = rule_step(rules, logic.candidates());
      if (!rule) break;
      for (const auto& [cell, digit] : rule->eliminated) logic.remove(cell, digit);
      ++rule_steps;
      tier = std::max(tier, Tier::locked);
      harder(kRule);
    }
  }
  RuleRating rating;
  const bool solved = logic.solved();
  rating.tier = solved ? tier : Tier::search;
  if (!solved) {
    rating.technique = "stuck";
  } else if (hardest == kRule) {
    rating.technique = "rule";
  } else if (hardest >= 0) {
    rating.technique = technique_name(static_cast<Technique>(hardest > kRule ? hardest - 1 : hardest));
  } else {
    rating.technique = technique_name(Technique::hidden_single);  // only givens: nothing to find
  }
  rating.text = kTierNames[static_cast<int>(rating.tier)];
  for (int t = 0; t < kTechniques; ++t)
    if (used[static_cast<std::size_t>(t)] > 0)
      rating.text += std::string(" ") + technique_name(static_cast<Technique>(t)) + "=" +
                     std::to_string(used[static_cast<std::size_t>(t)]);
  if (rule_steps > 0) rating.text += " rule=" + std::to_string(rule_steps);
  return rating;
}

}  // namespace sudoku
