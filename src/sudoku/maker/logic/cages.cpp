// Killer cage logic as techniques of the engine's table:
//
//   cage combination   the digits a cage can hold are its admissible digit sets (distinct digits adding up to
//                      its sum) that the cage's candidates can still place; a candidate in no such placement
//                      goes ("cage at r1c1 (2 cells, sum 4): {1,3}, so r1c1<>2")
//   innies / outies    the rule of 45 over a run of k consecutive rows or columns, or one region: they hold
//                      k times 1 + ... + n, so the cells of the run outside the cages wholly inside it (innies)
//                      add up to what those cages leave; and when every innie lies in a cage, the cells of those
//                      cages outside the run (outies) add up to the cages' sums less the innies'. A group of
//                      few cells with a known sum removes the candidates that no placement adding up to it
//                      uses (distinct digits when the group lies in one house).
//
// Each step only removes candidates that no solution of the rules has: the placements are enumerated over the
// cells' candidates, every one of which the solution's digits are among.
#include "sudoku/model/cages.hpp"

#include <algorithm>
#include <bit>
#include <memory>

#include "sudoku/maker/logic/rule_techniques.hpp"

namespace sudoku::logic {
namespace {

// The subset tables of a cage hold 2^side entries a cell: 4096 on 12x12.
constexpr int kMaxCageSide = 12;
// Innies and outies are shown to a person, and filtered by a table per cell: groups of a few cells only.
constexpr std::size_t kMaxInnies = 4;

// Cells known to add up to `sum`: a cage, or innies or outies of a run of houses.
struct SumGroup {
  std::vector<int> cells;
  int sum = 0;
  bool distinct = false;  // one cage or one house: the digits differ
  std::string name;       // "cage at r1c1 (2 cells, sum 4)", "rows 1-2: innies r2c3+r2c4 = 11"
};

struct SumGroupLists {
  std::vector<SumGroup> cages, innies;
  int side = 0;
};

std::string sum_cells_text(const std::vector<int>& cells, int n) {
  std::string text;
  for (int cell : cells) text += (text.empty() ? "" : "+") + cell_name(cell / n, cell % n);
  return text;
}

std::string cage_digits_text(Mask digits, const Symbols& symbols) {
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

std::shared_ptr<const SumGroupLists> make_groups(const Rules& rules) {
  auto groups = std::make_shared<SumGroupLists>();
  const int n = rules.shape.side(), cells = n * n;
  groups->side = n;
  if (rules.cages.empty() || n > kMaxCageSide) return groups;
  std::vector<int> cage_of(static_cast<std::size_t>(cells), -1);
  for (std::size_t c = 0; c < rules.cages.size(); ++c) {
    const Cage& cage = rules.cages[c];
    for (int cell : cage.cells) cage_of[static_cast<std::size_t>(cell)] = static_cast<int>(c);
    groups->cages.push_back({cage.cells, cage.sum, true,
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
      groups->innies.push_back(
          {innies, sum, run.one_house,
           run.name + ": innies " + sum_cells_text(innies, n) + " = " + std::to_string(sum)});
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
      groups->innies.push_back(
          {outies, outie_sum, false,
           run.name + ": outies " + sum_cells_text(outies, n) + " = " + std::to_string(outie_sum)});
  }
  return groups;
}

// The first group of the list whose sum removes a candidate of the board, as a step.
bool group_step(const Board& board, const std::vector<SumGroup>& groups, bool combination,
                const Symbols& symbols, GradedStep& step) {
  const int n = board.side();
  std::vector<Mask> cand, sets;
  for (const SumGroup& group : groups) {
    cand.clear();
    // A placed cell holds its digit's bit: the group's sum counts it.
    for (int cell : group.cells) cand.push_back(board.candidates(cell));
    sets.clear();
    const std::vector<Mask> keep = placeable(cand, group.sum, group.distinct, n, &sets);
    bool any = false;
    for (std::size_t i = 0; i < cand.size(); ++i)
      any = any || (board.open(group.cells[i]) && (cand[i] & ~keep[i]) != 0);
    if (!any) continue;
    step.technique = combination ? "cage-combination" : "innies-outies";
    const double cells = static_cast<double>(group.cells.size());
    step.rating = combination ? std::min(2.2 + 0.1 * std::max(cells - 2, 0.0), 2.9) : 2.8 + 0.1 * (cells - 1);
    step.text = group.name;
    if (combination && !sets.empty() && sets.size() <= 6) {
      step.text += ":";
      for (Mask set : sets) step.text += " {" + cage_digits_text(set, symbols) + "}";
    }
    std::string removed;
    for (std::size_t i = 0; i < cand.size(); ++i) {
      const int cell = group.cells[i];
      const Mask gone = board.open(cell) ? cand[i] & ~keep[i] : 0;
      if (gone == 0) continue;
      removed += (removed.empty() ? "" : ", ") + cell_name(cell / n, cell % n) + "<>" +
                 cage_digits_text(gone, symbols);
      for (Mask m = gone; m != 0; m &= m - 1) step.eliminations.push_back({cell, std::countr_zero(m) + 1});
    }
    step.text += ", so " + removed;
    return true;
  }
  return false;
}

GradedTechnique group_technique(const Rules& rules, const Symbols& symbols, bool combination) {
  const std::shared_ptr<const SumGroupLists> groups = make_groups(rules);
  return {
      combination ? "cages" : "innies", [groups, symbols, combination](const Board& board, GradedStep& step) {
        return group_step(board, combination ? groups->cages : groups->innies, combination, symbols, step);
      }};
}

}  // namespace

GradedTechnique cage_combinations(const Rules& rules, const Symbols& symbols) {
  return group_technique(rules, symbols, true);
}

GradedTechnique innies_outies(const Rules& rules, const Symbols& symbols) {
  return group_technique(rules, symbols, false);
}

}  // namespace sudoku::logic
