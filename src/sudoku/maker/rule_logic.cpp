#include "sudoku/maker/rule_logic.hpp"

#include <algorithm>
#include <functional>

#include "sudoku/model/constraints.hpp"
#include "sudoku/model/grid.hpp"
#include "sudoku/model/neighbours.hpp"

namespace sudoku {
namespace {

// A neighbour rule: the cells it joins (model/neighbours.hpp), and whether two digits there clash.
struct Neighbours {
  bool on;
  const char* name;
  Neighbourhood kind;
  bool consecutive;  // digits one apart clash (non-consecutive); otherwise equal digits do
};

// Of the first cell whose candidates all clash with some neighbour's candidate, those neighbours' candidates.
std::optional<RuleStep> neighbour_step(const Rules& rules, const std::vector<Mask>& candidates) {
  const int n = rules.shape.side();
  const Neighbours kinds[] = {{rules.anti_knight, "anti-knight", Neighbourhood::knight, false},
                              {rules.anti_king, "anti-king", Neighbourhood::king, false},
                              {rules.non_consecutive, "non-consecutive", Neighbourhood::orthogonal, true}};
  for (const Neighbours& kind : kinds) {
    if (!kind.on) continue;
    const std::vector<std::vector<int>> neighbours = neighbours_of(n, kind.kind);
    for (int cell = 0; cell < n * n; ++cell) {
      const Mask own = candidates[static_cast<std::size_t>(cell)];
      if (own == 0) continue;
      RuleStep step;
      for (const int other : neighbours[static_cast<std::size_t>(cell)]) {
        for (int d = 1; d <= n; ++d) {
          if ((candidates[static_cast<std::size_t>(other)] & digit_bit(d)) == 0) continue;
          const Mask clash = kind.consecutive
                                 ? (d > 1 ? digit_bit(d - 1) : 0) | (d < n ? digit_bit(d + 1) : 0)
                                 : digit_bit(d);
          if ((own & ~clash) == 0) step.eliminated.emplace_back(other, d);
        }
      }
      if (!step.eliminated.empty()) {
        step.rule = std::string(kind.name) + " beside " + cell_name(cell / n, cell % n);
        return step;
      }
    }
  }
  return std::nullopt;
}

}  // namespace

bool has_rule_steps(const Rules& rules) {
  return !rules.constraints.empty() || rules.anti_knight || rules.anti_king || rules.non_consecutive;
}

std::optional<RuleStep> rule_step(const Rules& rules, const std::vector<Mask>& candidates,
                                  std::size_t budget) {
  const int n = rules.shape.side();
  for (const Constraint& c : rules.constraints) {
    std::vector<int> cells = c.cells;
    for (const std::vector<int>& line : c.lines) cells.insert(cells.end(), line.begin(), line.end());
    std::vector<Mask> used(cells.size(), 0);
    const bool whole = for_each_tuple(
        rules, cells, candidates,
        [&](const std::vector<int>& digits) { return keeps_prefix(rules, c, digits); },
        [&](const std::vector<int>& digits) {
          for (std::size_t i = 0; i < digits.size(); ++i) used[i] |= digit_bit(digits[i]);
        },
        budget);
    if (!whole) continue;
    RuleStep step;
    step.rule = constraint_name(rules, c);
    for (std::size_t i = 0; i < cells.size(); ++i) {
      // A cell met twice is decided by all its places together.
      Mask keep = ~Mask{0};
      for (std::size_t j = 0; j < cells.size(); ++j)
        if (cells[j] == cells[i]) keep &= used[j];
      const Mask open = candidates[static_cast<std::size_t>(cells[i])];
      for (int d = 1; d <= n; ++d) {
        const std::pair<int, int> gone{cells[i], d};
        if ((open & digit_bit(d)) != 0 && (keep & digit_bit(d)) == 0 &&
            std::find(step.eliminated.begin(), step.eliminated.end(), gone) == step.eliminated.end())
          step.eliminated.push_back(gone);
      }
    }
    if (!step.eliminated.empty()) return step;
  }
  return neighbour_step(rules, candidates);
}

std::string describe(const RuleStep& step, int side) {
  std::string text = step.rule + ":";
  for (std::size_t i = 0; i < step.eliminated.size(); ++i) {
    const auto [cell, digit] = step.eliminated[i];
    const bool same = i > 0 && step.eliminated[i - 1].first == cell;
    text += same ? "," + std::to_string(digit)
                 : std::string(i > 0 ? ", " : " ") + cell_name(cell / side, cell % side) + "<>" +
                       std::to_string(digit);
  }
  return text + " (in no admissible combination of the rule)";
}

}  // namespace sudoku
