#include "sudoku/maker/cage_logic.hpp"

#include <algorithm>
#include <array>
#include <bit>

#include "sudoku/maker/rater.hpp"
#include "sudoku/maker/rule_logic.hpp"
#include "sudoku/model/cages.hpp"

namespace sudoku {
namespace {

// The subset tables of a cage hold 2^side entries a cell: 4096 on 12x12.
constexpr int kMaxCageSide = 12;
// Innies and outies are shown to a person, and filtered by a table per cell: groups of a few cells only.
constexpr std::size_t kMaxInnies = 4;

std::string cells_text(const std::vector<int>& cells, int n) {
  std::string text;
  for (int cell : cells) text += (text.empty() ? "" : "+") + cell_name(cell / n, cell % n);
  return text;
}

std::string digits_text(Mask digits, const Symbols& symbols) {
  std::string text;
  for (; digits != 0; digits &= digits - 1) {
    text += text.empty() ? "" : ",";
    text += symbols.symbol(std::countr_zero(digits) + 1);
  }
  return text;
}

int digit_sum(Mask digits) {
  int sum = 0;
  for (; digits != 0; digits &= digits - 1) sum += std::countr_zero(digits) + 1;
  return sum;
}

// The candidates of each cell that some placement of the group uses: digits from the cells' candidates
// adding up to `sum`, distinct when `distinct`. Dynamic programming over the cells in order, the state being
// the digits used so far (distinct) or their sum: reachable forwards, completable backwards. `sets` gets the
// digit sets of the complete placements (distinct only).
std::vector<Mask> placeable(const std::vector<Mask>& cand, int sum, bool distinct, int n,
                            std::vector<Mask>* sets) {
  const std::size_t k = cand.size();
  const std::size_t states = distinct ? std::size_t{1} << n : static_cast<std::size_t>(std::max(sum, 0)) + 1;
  std::vector<char> reach((k + 1) * states, 0), good((k + 1) * states, 0);
  const auto at = [&](std::size_t i, std::size_t s) { return i * states + s; };
  const auto next = [&](std::size_t s, int d) -> std::size_t {
    return distinct ? s | (std::size_t{1} << (d - 1)) : s + static_cast<std::size_t>(d);
  };
  const auto allowed = [&](std::size_t s, int d) {
    return distinct ? (s >> (d - 1) & 1) == 0 : s + static_cast<std::size_t>(d) < states;
  };
  reach[at(0, 0)] = 1;
  for (std::size_t i = 0; i < k; ++i)
    for (std::size_t s = 0; s < states; ++s) {
      if (!reach[at(i, s)]) continue;
      for (Mask m = cand[i]; m != 0; m &= m - 1) {
        const int d = std::countr_zero(m) + 1;
        if (allowed(s, d)) reach[at(i + 1, next(s, d))] = 1;
      }
    }
  for (std::size_t s = 0; s < states; ++s) {
    const bool complete = distinct ? digit_sum(s) == sum : static_cast<int>(s) == sum;
    good[at(k, s)] = reach[at(k, s)] && complete;
    if (good[at(k, s)] && sets != nullptr) sets->push_back(s);
  }
  std::vector<Mask> result(k, 0);
  for (std::size_t i = k; i-- > 0;)
    for (std::size_t s = 0; s < states; ++s) {
      if (!reach[at(i, s)]) continue;
      for (Mask m = cand[i]; m != 0; m &= m - 1) {
        const int d = std::countr_zero(m) + 1;
        if (allowed(s, d) && good[at(i + 1, next(s, d))]) {
          good[at(i, s)] = 1;
          result[i] |= digit_bit(d);
        }
      }
    }
  return result;
}

}  // namespace

bool logic_knows(const Rules& rules) {
  return !rules.anti_knight && !rules.anti_king && !rules.non_consecutive && rules.constraints.empty();
}

const char* cage_technique_name(CageTechnique technique) {
  return technique == CageTechnique::combination ? "cage-combination" : "innies-outies";
}

CageLogic::CageLogic(const Rules& rules) : side_(rules.shape.side()) {
  const int n = side_, cells = n * n;
  if (rules.cages.empty() || n > kMaxCageSide) return;
  std::vector<int> cage_of(static_cast<std::size_t>(cells), -1);
  for (std::size_t c = 0; c < rules.cages.size(); ++c) {
    const Cage& cage = rules.cages[c];
    for (int cell : cage.cells) cage_of[static_cast<std::size_t>(cell)] = static_cast<int>(c);
    groups_.push_back({CageTechnique::combination, cage.cells, cage.sum, true,
                       cage_name(rules, cage) + " (" + std::to_string(cage.cells.size()) +
                           (cage.cells.size() == 1 ? " cell" : " cells") + ", sum " +
                           std::to_string(cage.sum) + ")"});
  }
  // The runs of houses: one region; k consecutive rows or columns, k from 1 to n - 1.
  struct Run {
    std::string name;
    std::vector<int> cells;
    bool one_house;
  };
  std::vector<Run> runs;
  for (int region = 0; region < n; ++region) {
    Run run{(rules.regions.empty() ? "box " : "region ") + std::to_string(region + 1), {}, true};
    for (int cell = 0; cell < cells; ++cell)
      if (rules.region_of(cell) == region) run.cells.push_back(cell);
    runs.push_back(std::move(run));
  }
  for (int columns = 0; columns < 2; ++columns)
    for (int k = 1; k < n; ++k)
      for (int first = 0; first + k <= n; ++first) {
        Run run{std::string(columns ? "column" : "row") + (k > 1 ? "s " : " ") + std::to_string(first + 1) +
                    (k > 1 ? "-" + std::to_string(first + k) : ""),
                {},
                k == 1};
        for (int cell = 0; cell < cells; ++cell) {
          const int line = columns ? cell % n : cell / n;
          if (line >= first && line < first + k) run.cells.push_back(cell);
        }
        runs.push_back(std::move(run));
      }
  const int house_sum = n * (n + 1) / 2;
  for (const Run& run : runs) {
    std::vector<char> in(static_cast<std::size_t>(cells), 0);
    for (int cell : run.cells) in[static_cast<std::size_t>(cell)] = 1;
    const int houses = static_cast<int>(run.cells.size()) / n;
    int sum = houses * house_sum;
    std::vector<char> inside(rules.cages.size(), 1);
    for (std::size_t c = 0; c < rules.cages.size(); ++c)
      for (int cell : rules.cages[c].cells) inside[c] = inside[c] && in[static_cast<std::size_t>(cell)];
    std::vector<int> innies;
    for (std::size_t c = 0; c < rules.cages.size(); ++c)
      if (inside[c]) sum -= rules.cages[c].sum;
    for (int cell : run.cells) {
      const int c = cage_of[static_cast<std::size_t>(cell)];
      if (c < 0 || !inside[static_cast<std::size_t>(c)]) innies.push_back(cell);
    }
    if (innies.empty()) continue;
    if (innies.size() <= kMaxInnies)
      groups_.push_back({CageTechnique::innies_outies, innies, sum, run.one_house,
                         run.name + ": innies " + cells_text(innies, n) + " = " + std::to_string(sum)});
    // Outies: every innie lies in a cage that reaches outside the run.
    std::vector<char> touching(rules.cages.size(), 0);
    bool caged = true;
    for (int cell : innies) {
      const int c = cage_of[static_cast<std::size_t>(cell)];
      if (c < 0)
        caged = false;
      else
        touching[static_cast<std::size_t>(c)] = 1;
    }
    if (!caged) continue;
    int outie_sum = -sum;
    std::vector<int> outies;
    for (std::size_t c = 0; c < rules.cages.size(); ++c) {
      if (!touching[c]) continue;
      outie_sum += rules.cages[c].sum;
      for (int cell : rules.cages[c].cells)
        if (!in[static_cast<std::size_t>(cell)]) outies.push_back(cell);
    }
    std::sort(outies.begin(), outies.end());
    if (!outies.empty() && outies.size() <= kMaxInnies)
      groups_.push_back({CageTechnique::innies_outies, outies, outie_sum, false,
                         run.name + ": outies " + cells_text(outies, n) + " = " + std::to_string(outie_sum)});
  }
}

std::optional<CageStep> CageLogic::step(LogicSolver& logic, const Symbols& symbols) const {
  if (logic.broken() || logic.solved()) return std::nullopt;
  const std::vector<Mask>& candidates = logic.candidates();
  std::vector<Mask> cand;
  std::vector<Mask> sets;
  for (const Group& group : groups_) {
    cand.clear();
    for (int cell : group.cells) cand.push_back(candidates[static_cast<std::size_t>(cell)]);
    sets.clear();
    const std::vector<Mask> keep = placeable(cand, group.sum, group.distinct, side_, &sets);
    bool any = false;
    for (std::size_t i = 0; i < cand.size(); ++i) any = any || (cand[i] & ~keep[i]) != 0;
    if (!any) continue;
    CageStep step;
    step.technique = group.technique;
    step.text = group.name;
    if (group.technique == CageTechnique::combination && !sets.empty() && sets.size() <= 6) {
      step.text += ":";
      for (Mask set : sets) step.text += " {" + digits_text(set, symbols) + "}";
    }
    std::string removed;
    for (std::size_t i = 0; i < cand.size(); ++i) {
      const Mask gone = cand[i] & ~keep[i];
      if (gone == 0) continue;
      removed += (removed.empty() ? "" : ", ") + cell_name(group.cells[i] / side_, group.cells[i] % side_) +
                 "<>" + digits_text(gone, symbols);
      for (Mask m = gone; m != 0; m &= m - 1) {
        const int digit = std::countr_zero(m) + 1;
        if (logic.remove(group.cells[i], digit)) step.eliminated.emplace_back(group.cells[i], digit);
      }
    }
    step.text += ", so " + removed;
    return step;
  }
  return std::nullopt;
}

std::optional<KillerStep> killer_step(LogicSolver& logic, const CageLogic& cages, const Symbols& symbols) {
  if (auto single = logic.step(Tier::singles)) return KillerStep{std::move(single), std::nullopt};
  if (auto cage = cages.step(logic, symbols)) return KillerStep{std::nullopt, std::move(cage)};
  if (auto other = logic.step(Tier::subsets)) return KillerStep{std::move(other), std::nullopt};
  return std::nullopt;
}

std::string rate_with_cages(const Grid& puzzle, LogicSolver& logic, const CageLogic& cages, Tier* tier,
                            const Rules* rules) {
  Tier hardest = Tier::singles;
  std::array<std::uint64_t, kTechniques> used{};
  std::array<std::uint64_t, 2> cage_used{};
  std::uint64_t rule_steps = 0;
  const bool with_rules = rules != nullptr && has_rule_steps(*rules);
  if (logic.load(puzzle)) {
    for (;;) {
      if (const auto step = killer_step(logic, cages, Symbols())) {
        if (step->step) {
          hardest = std::max(hardest, tier_of(step->step->technique));
          ++used[static_cast<std::size_t>(step->step->technique)];
        } else {
          ++cage_used[static_cast<std::size_t>(step->cage->technique)];
        }
        continue;
      }
      if (!with_rules || logic.solved() || logic.broken()) break;
      const auto rule = rule_step(*rules, logic.candidates());
      if (!rule) break;
      for (const auto& [cell, digit] : rule->eliminated) logic.remove(cell, digit);
      ++rule_steps;
      hardest = std::max(hardest, Tier::locked);
    }
  }
  if (!logic.solved()) hardest = Tier::search;
  if (tier != nullptr) *tier = hardest;
  std::string text = kTierNames[static_cast<int>(hardest)];
  for (int t = 0; t < kTechniques; ++t)
    if (used[static_cast<std::size_t>(t)] > 0)
      text += std::string(" ") + technique_name(static_cast<Technique>(t)) + "=" +
              std::to_string(used[static_cast<std::size_t>(t)]);
  for (int t = 0; t < 2; ++t)
    if (cage_used[static_cast<std::size_t>(t)] > 0)
      text += std::string(" ") + cage_technique_name(static_cast<CageTechnique>(t)) + "=" +
              std::to_string(cage_used[static_cast<std::size_t>(t)]);
  if (rule_steps > 0) text += " rule=" + std::to_string(rule_steps);
  return text;
}

}  // namespace sudoku
