#include "sudoku/maker/logic/rule_scan.hpp"

#include "sudoku/model/constraints.hpp"

namespace sudoku::logic {
namespace {

// Kept answers per rule before they are dropped: a forcing step visits many boards, each once.
constexpr std::size_t kKeptPerRule = 4096;

}  // namespace

std::size_t RuleScanner::KeyHash::operator()(const std::vector<Mask>& key) const {
  std::size_t h = 0x9e3779b97f4a7c15ULL;
  for (const Mask m : key) h = (h ^ static_cast<std::size_t>(m)) * 0x100000001b3ULL + (h >> 29);
  return h;
}

RuleScanner::RuleScanner(const Rules& rules) : rules_(rules), cache_(rules.constraints.size()) {
  for (const Constraint& c : rules_.constraints) {
    std::vector<int> cells = c.cells;
    for (const std::vector<int>& line : c.lines) cells.insert(cells.end(), line.begin(), line.end());
    places_.push_back(std::move(cells));
  }
}

RuleScan RuleScanner::scan(std::size_t rule, const Board& board, std::size_t budget) const {
  const std::vector<int>& cells = places_[rule];
  std::vector<Mask> key(cells.size());
  for (std::size_t i = 0; i < cells.size(); ++i) key[i] = board.candidates(cells[i]);
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    const auto it = cache_[rule].find(key);
    // A whole answer is the answer under any budget; one that passed a budget as large passes this one too
    // (the enumeration is in a fixed order), and callers pass over an answer that is not whole.
    if (it != cache_[rule].end() && (it->second.scan.whole || it->second.budget >= budget))
      return it->second.scan;
  }
  // for_each_tuple reads the candidates by cell.
  std::vector<Mask> open(static_cast<std::size_t>(board.cells()), 0);
  for (std::size_t i = 0; i < cells.size(); ++i) open[static_cast<std::size_t>(cells[i])] = key[i];
  const Constraint& c = rules_.constraints[rule];
  RuleScan result;
  result.keep.assign(cells.size(), 0);
  result.must = ~Mask{0};
  result.whole = for_each_tuple(
      rules_, cells, open, [&](const std::vector<int>& digits) { return keeps_prefix(rules_, c, digits); },
      [&](const std::vector<int>& digits) {
        Mask held = 0;
        for (std::size_t i = 0; i < digits.size(); ++i) {
          result.keep[i] |= digit_bit(digits[i]);
          held |= digit_bit(digits[i]);
        }
        result.must &= held;
        ++result.tuples;
      },
      budget);
  if (result.tuples == 0) result.must = 0;
  const std::lock_guard<std::mutex> lock(mutex_);
  Cache& kept = cache_[rule];
  if (kept.size() >= kKeptPerRule) kept.clear();
  kept[std::move(key)] = {budget, result};
  return result;
}

bool RuleScanner::broken(std::size_t rule, const Board& board) const {
  std::vector<int> digits;
  for (const int cell : places_[rule]) {
    if (board.open(cell)) return false;
    digits.push_back(board.value(cell));
  }
  return !keeps_prefix(rules_, rules_.constraints[rule], digits);
}

}  // namespace sudoku::logic
