#include "sudoku/model/conflict.hpp"

#include <array>
#include <cstdlib>

namespace sudoku {

std::optional<Conflict> find_conflict(const Grid& puzzle) {
  const int n = puzzle.side();
  const Shape shape = puzzle.shape;
  // Each unit, for each digit, remembers the first cell holding it (+1, so 0 means none). A scan per kind of
  // unit keeps the report in a predictable order: a repeat within a row is named as such before any box
  // clash.
  std::array<int, kMaxSide + 1> seen{};
  const auto scan = [&](Unit unit, auto cell_at) -> std::optional<Conflict> {
    for (int u = 0; u < n; ++u) {
      seen.fill(0);
      for (int k = 0; k < n; ++k) {
        const int cell = cell_at(u, k);
        const int d = puzzle.cells[static_cast<std::size_t>(cell)];
        if (d == 0 || d > n) continue;
        if (seen[static_cast<std::size_t>(d)] != 0)
          return Conflict{d, unit, u, seen[static_cast<std::size_t>(d)] - 1, cell};
        seen[static_cast<std::size_t>(d)] = cell + 1;
      }
    }
    return std::nullopt;
  };
  if (auto c = scan(Unit::row, [n](int u, int k) { return u * n + k; })) return c;
  if (auto c = scan(Unit::column, [n](int u, int k) { return k * n + u; })) return c;
  return scan(Unit::box, [n, shape](int u, int k) {
    const int row = u / shape.box_rows * shape.box_rows + k / shape.box_cols;
    const int col = u % shape.box_rows * shape.box_cols + k % shape.box_cols;
    return row * n + col;
  });
}

std::optional<Conflict> find_conflict(const Grid& puzzle, const Rules& rules) {
  const int n = puzzle.side();
  const auto value = [&](int cell) {
    const int d = puzzle.cells[static_cast<std::size_t>(cell)];
    return d > n ? 0 : d;
  };
  if (rules.regions.empty()) {
    if (auto c = find_conflict(puzzle)) return c;
  } else {
    Grid rows_only = puzzle;  // rows and columns as usual; the boxes are no rule here
    rows_only.shape = Shape{1, n};
    if (auto c = find_conflict(rows_only); c && c->unit != Unit::box) return c;
  }
  const auto repeated = [&](const std::vector<int>& cells,
                            const std::string& name) -> std::optional<Conflict> {
    for (std::size_t i = 0; i < cells.size(); ++i)
      for (std::size_t j = 0; j < i; ++j)
        if (value(cells[i]) != 0 && value(cells[i]) == value(cells[j]))
          return Conflict{value(cells[i]), Unit::region, 0, cells[j], cells[i], name};
    return std::nullopt;
  };
  if (!rules.regions.empty()) {
    std::vector<std::vector<int>> regions(static_cast<std::size_t>(n));
    for (int cell = 0; cell < n * n; ++cell)
      regions[static_cast<std::size_t>(rules.region_of(cell))].push_back(cell);
    for (std::size_t r = 0; r < regions.size(); ++r)
      if (auto c = repeated(regions[r], "region " + std::to_string(r + 1))) return c;
  }
  for (const Region& region : rules.extra)
    if (auto c = repeated(region.cells, region.name)) return c;
  for (int a = 0; a < n * n; ++a) {
    if (value(a) == 0) continue;
    for (int b = a + 1; b < n * n; ++b) {
      if (value(b) == 0) continue;
      const int dr = std::abs(a / n - b / n), dc = std::abs(a % n - b % n);
      const bool knight = (dr == 1 && dc == 2) || (dr == 2 && dc == 1);
      if (rules.anti_knight && knight && value(a) == value(b))
        return Conflict{value(a), Unit::pair, 0, a, b, "anti-knight"};
      if (rules.anti_king && dr == 1 && dc == 1 && value(a) == value(b))
        return Conflict{value(a), Unit::pair, 0, a, b, "anti-king"};
      if (rules.non_consecutive && dr + dc == 1 && std::abs(value(a) - value(b)) == 1)
        return Conflict{value(a), Unit::pair, 0, a, b, "non-consecutive"};
    }
  }
  for (std::size_t k = 0; k < rules.cages.size(); ++k) {
    const Cage& cage = rules.cages[k];
    const std::string name = "cage at " + cell_name(cage.cells[0] / n, cage.cells[0] % n) + " (sum " +
                             std::to_string(cage.sum) + ")";
    if (auto c = repeated(cage.cells, name)) return c;
    int sum = 0, blanks = 0, last = cage.cells[0];
    for (int cell : cage.cells) {
      sum += value(cell);
      blanks += value(cell) == 0;
      if (value(cell) != 0) last = cell;
    }
    // The smallest sum the blanks can add is 1 + 2 + ...: givens above the cage's sum minus that break it.
    if (sum + blanks * (blanks + 1) / 2 > cage.sum || (blanks == 0 && sum != cage.sum))
      return Conflict{value(last), Unit::cage, static_cast<int>(k), last, last, name};
  }
  return std::nullopt;
}

std::string describe(const Conflict& conflict, int side, std::string_view digit) {
  static constexpr const char* kUnitName[] = {"row", "column", "box"};
  const auto name = [side](int cell) { return cell_name(cell / side, cell % side); };
  if (conflict.unit == Unit::pair)
    return "givens at " + name(conflict.first_cell) + " and " + name(conflict.second_cell) + " break the " +
           conflict.name + " rule";
  if (conflict.unit == Unit::cage)
    return "given " + std::string(digit) + " at " + name(conflict.first_cell) + " breaks the " +
           (conflict.name.empty() ? std::string("variant's rules") : conflict.name);
  std::string text = "digit ";
  text += digit;
  text += " repeated in ";
  if (conflict.unit == Unit::region) {
    text += conflict.name;
  } else {
    text += kUnitName[static_cast<int>(conflict.unit)];
    text += ' ';
    text += std::to_string(conflict.index + 1);
  }
  text += " (" + name(conflict.first_cell) + " and " + name(conflict.second_cell) + ")";
  return text;
}

}  // namespace sudoku
