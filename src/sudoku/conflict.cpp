#include "sudoku/conflict.hpp"

#include <array>

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

std::string describe(const Conflict& conflict, int side, std::string_view digit) {
  static constexpr const char* kUnitName[] = {"row", "column", "box"};
  const auto name = [side](int cell) { return cell_name(cell / side, cell % side); };
  std::string text = "digit ";
  text += digit;
  text += " repeated in ";
  text += kUnitName[static_cast<int>(conflict.unit)];
  text += ' ';
  text += std::to_string(conflict.index + 1);
  text += " (" + name(conflict.first_cell) + " and " + name(conflict.second_cell) + ")";
  return text;
}

}  // namespace sudoku
