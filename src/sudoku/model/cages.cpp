#include "sudoku/model/cages.hpp"

#include <algorithm>
#include <charconv>
#include <map>

namespace sudoku {
namespace {

// Sets of `left` more digits from `from` to side adding up to `sum`, appended to `sets` on top of `mask`.
void collect_sets(int left, int sum, int from, int side, std::uint64_t mask, std::vector<std::uint64_t>& sets,
                  std::size_t max_sets) {
  if (left == 0) {
    if (sum == 0) {
      if (sets.size() == max_sets)
        throw RulesError("a cage has more than " + std::to_string(max_sets) + " possible digit sets");
      sets.push_back(mask);
    }
    return;
  }
  for (int d = from; d <= side; ++d) {
    // The smallest and largest sums the remaining digits can still make from here.
    const int low = left * d + left * (left - 1) / 2;
    const int high = left * side - left * (left - 1) / 2;
    if (sum < low) return;
    if (sum > high) return;
    collect_sets(left - 1, sum - d, d + 1, side, mask | (std::uint64_t{1} << (d - 1)), sets, max_sets);
  }
}

}  // namespace

std::vector<std::uint64_t> cage_digit_sets(int size, int sum, int side, std::size_t max_sets) {
  std::vector<std::uint64_t> sets;
  if (size < 1 || size > side || sum < 1) return sets;
  collect_sets(size, sum, 1, side, 0, sets, max_sets);
  std::sort(sets.begin(), sets.end());
  return sets;
}

std::vector<Cage> derived_cages(const Rules& rules) {
  std::vector<Cage> derived;
  if (rules.cages.empty()) return derived;
  const int n = rules.shape.side();
  const std::vector<std::vector<int>> houses = full_houses(rules, rules.extra);
  std::vector<char> in_house(static_cast<std::size_t>(n * n));
  for (const std::vector<int>& house : houses) {
    std::fill(in_house.begin(), in_house.end(), 0);
    for (int cell : house) in_house[static_cast<std::size_t>(cell)] = 1;
    int left = n * (n + 1) / 2;
    bool any = false;
    for (const Cage& cage : rules.cages) {
      if (!std::all_of(cage.cells.begin(), cage.cells.end(),
                       [&](int cell) { return in_house[static_cast<std::size_t>(cell)] != 0; }))
        continue;
      any = true;
      left -= cage.sum;
      for (int cell : cage.cells) in_house[static_cast<std::size_t>(cell)] = 0;
    }
    Cage rest{left, {}};
    for (int cell : house)
      if (in_house[static_cast<std::size_t>(cell)] != 0) rest.cells.push_back(cell);
    if (any && !rest.cells.empty()) derived.push_back(std::move(rest));
  }
  return derived;
}

std::string cage_name(const Rules& rules, const Cage& cage) {
  const int n = rules.shape.side();
  return cage.cells.empty() ? std::string("an empty cage")
                            : "cage at " + cell_name(cage.cells[0] / n, cage.cells[0] % n);
}

void check_cages(const Rules& rules) {
  const int n = rules.shape.side();
  std::vector<int> owner(static_cast<std::size_t>(n * n), -1);
  for (std::size_t k = 0; k < rules.cages.size(); ++k) {
    const Cage& cage = rules.cages[k];
    if (cage.cells.empty()) throw RulesError("a cage has no cells");
    const std::string name = cage_name(rules, cage);
    if (static_cast<int>(cage.cells.size()) > n)
      throw RulesError(name + " has " + std::to_string(cage.cells.size()) + " cells; at most " +
                       std::to_string(n) + " can hold distinct digits");
    for (int cell : cage.cells) {
      if (cell < 0 || cell >= n * n) throw RulesError(name + " has a cell outside the board");
      int& o = owner[static_cast<std::size_t>(cell)];
      if (o == static_cast<int>(k))
        throw RulesError(name + " lists cell " + cell_name(cell / n, cell % n) + " twice");
      if (o >= 0)
        throw RulesError(name + " and " + cage_name(rules, rules.cages[static_cast<std::size_t>(o)]) +
                         " share cell " + cell_name(cell / n, cell % n));
      o = static_cast<int>(k);
    }
    if (cage_digit_sets(static_cast<int>(cage.cells.size()), cage.sum, n).empty())
      throw RulesError(name + " (" + std::to_string(cage.cells.size()) + " cells, sum " +
                       std::to_string(cage.sum) + "): no " + std::to_string(cage.cells.size()) +
                       " distinct digits from 1 to " + std::to_string(n) + " add up to " +
                       std::to_string(cage.sum));
  }
}

}  // namespace sudoku
