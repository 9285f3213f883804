#include "sudoku/maker/logic/rule_scan.hpp"

#include <algorithm>

#include "sudoku/model/constraints.hpp"

namespace sudoku::logic {
namespace {

// Kept answers per rule before they are dropped: a forcing step visits many boards, each once.
constexpr std::size_t kKeptPerRule = 4096;
constexpr std::uint8_t kSame = 1, kDiffer = 2;

}  // namespace

std::size_t& rule_scan_work() {
  thread_local std::size_t work = 0;
  return work;
}

std::size_t RuleScanner::KeyHash::operator()(const std::vector<Mask>& key) const {
  std::size_t h = 0x9e3779b97f4a7c15ULL;
  for (const Mask m : key) h = (h ^ static_cast<std::size_t>(m)) * 0x100000001b3ULL + (h >> 29);
  return h;
}

RuleScanner::RuleScanner(const Rules& rules) : rules_(rules), cache_(rules.constraints.size()) {
  for (const Constraint& c : rules_.constraints) {
    std::vector<int> cells = c.cells;
    for (const std::vector<int>& line : c.lines) cells.insert(cells.end(), line.begin(), line.end());
    const std::size_t k = cells.size();
    std::vector<std::uint8_t> relation(k * k, 0);
    for (std::size_t i = 0; i < k; ++i)
      for (std::size_t j = 0; j < k; ++j)
        relation[i * k + j] = cells[i] == cells[j]                      ? kSame
                              : must_differ(rules_, cells[i], cells[j]) ? kDiffer
                                                                        : 0;
    relation_.push_back(std::move(relation));
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
    if (it != cache_[rule].end() && (it->second.scan.whole || it->second.budget >= budget)) {
      rule_scan_work() += std::min(it->second.scan.work, budget + 1);
      return it->second.scan;
    }
  }
  // The tuples in order (as for_each_tuple walks them), without its recursion through std::function and its
  // house look-ups per prefix: the enumeration is what a step costs on an open board.
  const Constraint& c = rules_.constraints[rule];
  const std::vector<std::uint8_t>& relation = relation_[rule];
  const std::size_t k = cells.size();
  const int n = rules_.shape.side();
  RuleScan result;
  result.keep.assign(k, 0);
  result.must = ~Mask{0};
  result.whole = true;
  std::vector<int> digits;
  digits.reserve(k);
  std::vector<int> next(k + 1, 1);  // the next digit to try at each depth
  std::size_t tried = 1;            // prefixes accepted, the empty one included (for_each_tuple's count)
  while (true) {
    const std::size_t depth = digits.size();
    if (depth == k) {
      Mask held = 0;
      for (std::size_t i = 0; i < k; ++i) {
        result.keep[i] |= digit_bit(digits[i]);
        held |= digit_bit(digits[i]);
      }
      result.must &= held;
      ++result.tuples;
    }
    int d = depth < k ? next[depth] : n + 1;
    for (; d <= n; ++d) {
      if ((key[depth] & digit_bit(d)) == 0) continue;
      bool fits = true;
      for (std::size_t i = 0; i < depth && fits; ++i) {
        const std::uint8_t rel = relation[i * k + depth];
        fits = rel == kSame ? digits[i] == d : !(rel == kDiffer && digits[i] == d);
      }
      if (!fits) continue;
      digits.push_back(d);
      if (keeps_prefix(rules_, c, digits)) {
        ++tried;
        break;
      }
      digits.pop_back();
    }
    if (tried > budget) {
      result.whole = false;
      break;
    }
    if (d <= n) {  // went down a level
      next[depth] = d + 1;
      next[depth + 1] = 1;
      continue;
    }
    if (digits.empty()) break;  // the first place is done
    digits.pop_back();
  }
  if (result.tuples == 0) result.must = 0;
  result.work = tried;
  rule_scan_work() += tried;
  const std::lock_guard<std::mutex> lock(mutex_);
  Cache& kept = cache_[rule];
  if (kept.size() >= kKeptPerRule) kept.clear();
  kept[std::move(key)] = {budget, result};
  return result;
}

bool RuleScanner::broken(std::size_t rule, const Board& board) const {
  for (const int cell : places_[rule])
    if (board.open(cell)) return false;
  // keeps_prefix() is asked prefix by prefix, as the enumeration asks it (a thermometer checks its last pair).
  std::vector<int> digits;
  for (const int cell : places_[rule]) {
    digits.push_back(board.value(cell));
    if (!keeps_prefix(rules_, rules_.constraints[rule], digits)) return true;
  }
  return false;
}

}  // namespace sudoku::logic
