#include "sudoku/model/cages.hpp"

#include <algorithm>
#include <charconv>
#include <map>

namespace sudoku {
namespace {

std::string_view trim_spaces(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

std::optional<long long> whole_number(std::string_view text) {
  long long value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc{} || ptr != end || value < 0) return std::nullopt;
  return value;
}

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

bool is_sudocue_killer(std::string_view text) {
  text = trim_spaces(text);
  const std::size_t colon = text.find(':');
  return colon != std::string_view::npos && parse_box(text.substr(0, colon)).has_value();
}

bool is_typed_killer(std::string_view text) {
  text = trim_spaces(text);
  return text.starts_with("killer ") || text.starts_with("killer\t");
}

KillerPuzzle parse_sudocue_killer(std::string_view text) {
  text = trim_spaces(text);
  // RxC : flags : k : cells
  std::vector<std::string_view> fields;
  for (std::size_t at = 0;;) {
    const std::size_t end = text.find(':', at);
    fields.push_back(text.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at));
    if (end == std::string_view::npos) break;
    at = end + 1;
  }
  if (!fields.empty() && fields.back().empty()) fields.pop_back();  // a closing ':'
  KillerPuzzle puzzle;
  const auto shape = parse_box(fields[0]);
  puzzle.rules.shape = *shape;
  const int n = shape->side();
  if (fields.size() < 3 || fields[2] != "k")
    throw RulesError("killer line: expected " + std::string(fields[0]) + "::k: (or " +
                     std::string(fields[0]) + ":d:k:) before the cells");
  if (fields[1] == "d") {
    add_diagonals(puzzle.rules);
  } else if (!fields[1].empty()) {
    throw RulesError("killer line: unknown flags '" + std::string(fields[1]) +
                     "' (expected nothing, or d for the diagonals)");
  }
  const std::size_t cells = fields.size() - 3;
  if (cells != static_cast<std::size_t>(n * n))
    throw RulesError("killer line: " + std::to_string(cells) + " cells, but a " + std::to_string(n) + "x" +
                     std::to_string(n) + " killer has " + std::to_string(n * n));
  puzzle.givens.reset(*shape);
  std::map<long long, Cage> by_id;
  std::vector<long long> order;
  for (int cell = 0; cell < n * n; ++cell) {
    const std::string_view field = trim_spaces(fields[static_cast<std::size_t>(cell) + 3]);
    const auto value = whole_number(field);
    if (!value || *value > 1'000'000)
      throw RulesError("killer line: cell " + cell_name(cell / n, cell % n) + " is '" + std::string(field) +
                       "', not a number sum * 256 + cage");
    if (*value < 256) continue;
    const long long id = *value % 256;
    const int sum = static_cast<int>(*value / 256);
    Cage& cage = by_id[id];
    if (cage.cells.empty()) {
      cage.sum = sum;
      order.push_back(id);
    } else if (cage.sum != sum) {
      throw RulesError("killer line: cage " + std::to_string(id) + " has sum " + std::to_string(cage.sum) +
                       " at " + cell_name(cage.cells[0] / n, cage.cells[0] % n) + " but " +
                       std::to_string(sum) + " at " + cell_name(cell / n, cell % n));
    }
    cage.cells.push_back(cell);
  }
  for (long long id : order) puzzle.rules.cages.push_back(std::move(by_id[id]));
  check_cages(puzzle.rules);
  return puzzle;
}

KillerPuzzle parse_typed_killer(std::string_view text, const Symbols& symbols) {
  text = trim_spaces(text);
  text.remove_prefix(6);  // "killer"
  std::vector<std::string_view> tokens;
  for (std::size_t at = 0; at < text.size();) {
    while (at < text.size() && (text[at] == ' ' || text[at] == '\t')) ++at;
    std::size_t end = at;
    while (end < text.size() && text[end] != ' ' && text[end] != '\t') ++end;
    if (end > at) tokens.push_back(text.substr(at, end - at));
    at = end;
  }
  if (tokens.empty()) throw RulesError("killer line: expected the cage layout after 'killer'");
  const std::string_view layout = tokens[0];
  const int n = layout_side(layout, "the cage layout");
  const auto shape = shape_for_side(static_cast<std::size_t>(n));
  if (!shape)
    throw RulesError("killer line: no usual box shape for a " + std::to_string(n) + "x" + std::to_string(n) +
                     " board");
  KillerPuzzle puzzle;
  puzzle.rules.shape = *shape;
  puzzle.givens.reset(*shape);
  std::map<char, Cage> by_name;
  std::vector<char> order;
  for (std::size_t i = 0; i < layout.size(); ++i) {
    const char c = layout[i];
    if (c == '.') continue;
    if (c == '=') throw RulesError("killer line: '=' cannot name a cage");
    Cage& cage = by_name[c];
    if (cage.cells.empty()) order.push_back(c);
    cage.cells.push_back(static_cast<int>(i));
  }
  std::map<char, bool> summed;
  for (std::size_t t = 1; t < tokens.size(); ++t) {
    const std::string_view token = tokens[t];
    if (token.starts_with("givens=")) {
      const std::string_view cells = token.substr(7);
      if (cells.size() != layout.size())
        throw RulesError("killer line: givens= has " + std::to_string(cells.size()) + " cells, the layout " +
                         std::to_string(layout.size()));
      for (std::size_t i = 0; i < cells.size(); ++i) {
        const int value = symbols.value(cells[i], n);
        if (value < 0)
          throw RulesError("killer line: given " + std::to_string(i + 1) + " ('" + std::string(1, cells[i]) +
                           "') is no digit of a " + std::to_string(n) + "x" + std::to_string(n) + " board");
        puzzle.givens.cells[i] = static_cast<std::uint8_t>(value);
      }
      continue;
    }
    const auto value = token.size() >= 3 && token[1] == '=' ? whole_number(token.substr(2)) : std::nullopt;
    if (!value || *value > 100000)
      throw RulesError("killer line: '" + std::string(token) +
                       "' is not NAME=SUM (such as A=15) or givens=...");
    const auto cage = by_name.find(token[0]);
    if (cage == by_name.end())
      throw RulesError("killer line: " + std::string(token) + " names no cage of the layout");
    if (summed[token[0]])
      throw RulesError("killer line: cage '" + std::string(1, token[0]) + "' has two sums");
    summed[token[0]] = true;
    cage->second.sum = static_cast<int>(*value);
  }
  for (char c : order) {
    if (!summed[c])
      throw RulesError("killer line: cage '" + std::string(1, c) + "' has no sum (add " + c + "=SUM)");
    puzzle.rules.cages.push_back(std::move(by_name[c]));
  }
  check_cages(puzzle.rules);
  return puzzle;
}

}  // namespace sudoku
