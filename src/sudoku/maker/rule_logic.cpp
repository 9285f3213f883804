#include "sudoku/maker/rule_logic.hpp"

#include <algorithm>
#include <functional>

#include "sudoku/model/constraints.hpp"
#include "sudoku/model/grid.hpp"
#include "sudoku/model/neighbours.hpp"

namespace sudoku {
namespace {

// Whether the digits given to the first k places of a rule can still keep it (complete: all places have one).
bool keeps(const Constraint& c, const std::vector<int>& cells, const std::vector<int>& d, int n) {
  const std::size_t k = d.size();
  const bool complete = k == cells.size();
  switch (c.kind) {
    case ConstraintKind::thermometer:
      return k < 2 || d[k - 1] > d[k - 2];
    case ConstraintKind::difference:
      return !complete || std::abs(d[0] - d[1]) == c.value;
    case ConstraintKind::ratio:
      return !complete || d[0] == c.value * d[1] || d[1] == c.value * d[0];
    case ConstraintKind::sum:
      return !complete || d[0] + d[1] == c.value;
    case ConstraintKind::candidates:
      return (c.value >> (d[0] - 1) & 1) != 0;
    case ConstraintKind::palindrome: {
      const std::size_t mirror = cells.size() - k;  // the place mirroring place k - 1
      return mirror >= k || d[k - 1] == d[mirror];
    }
    case ConstraintKind::little_killer: {
      int sum = 0;
      for (int x : d) sum += x;
      const int left = static_cast<int>(cells.size() - k);
      return sum + left <= c.value && sum + left * n >= c.value;
    }
    case ConstraintKind::arrow: {
      if (!complete) return true;
      int number = 0, total = 0;
      for (std::size_t i = 0; i < k; ++i) {
        if (i < c.cells.size())
          number = number * 10 + d[i];
        else
          total += d[i];
      }
      return number == total;
    }
    case ConstraintKind::sandwich: {
      if (!complete) return true;
      const auto low = std::find(d.begin(), d.end(), 1) - d.begin();
      const auto high = std::find(d.begin(), d.end(), n) - d.begin();
      int sum = 0;
      for (auto i = std::min(low, high) + 1; i < std::max(low, high); ++i)
        sum += d[static_cast<std::size_t>(i)];
      return sum == c.value;
    }
  }
  return false;
}

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
    std::vector<int> digits;
    std::size_t nodes = 0;
    bool over = false;
    const std::function<void()> place = [&] {
      if (over) return;
      if (++nodes > budget) {
        over = true;
        return;
      }
      const std::size_t k = digits.size();
      if (k == cells.size()) {
        for (std::size_t i = 0; i < k; ++i) used[i] |= digit_bit(digits[i]);
        return;
      }
      const Mask open = candidates[static_cast<std::size_t>(cells[k])];
      for (int d = 1; d <= n; ++d) {
        if ((open & digit_bit(d)) == 0) continue;
        bool fits = true;
        for (std::size_t i = 0; i < k && fits; ++i) {
          if (cells[i] == cells[k])
            fits = digits[i] == d;
          else if (digits[i] == d)
            fits = !must_differ(rules, cells[i], cells[k]);
        }
        if (!fits) continue;
        digits.push_back(d);
        if (keeps(c, cells, digits, n)) place();
        digits.pop_back();
      }
    };
    place();
    if (over) continue;
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
