#include "sudoku/maker/symmetry.hpp"

namespace sudoku {
namespace {

constexpr const char* kNames[] = {"none", "rotate90", "rotate180", "mirror", "flip", "diagonal"};

}  // namespace

std::optional<Symmetry> parse_symmetry(std::string_view name) {
  for (int s = 0; s < 6; ++s)
    if (name == kNames[s]) return static_cast<Symmetry>(s);
  return std::nullopt;
}

const char* symmetry_name(Symmetry symmetry) {
  return kNames[static_cast<int>(symmetry)];
}

int image(Symmetry symmetry, int side, int row, int col) {
  const int last = side - 1;
  switch (symmetry) {
    case Symmetry::none:
      return row * side + col;
    case Symmetry::rotate90:
      return col * side + (last - row);
    case Symmetry::rotate180:
      return (last - row) * side + (last - col);
    case Symmetry::mirror:
      return row * side + (last - col);
    case Symmetry::flip:
      return (last - row) * side + col;
    case Symmetry::diagonal:
      return col * side + row;
  }
  return row * side + col;
}

std::vector<std::vector<int>> orbits(Shape shape, Symmetry symmetry) {
  const int n = shape.side();
  std::vector<bool> seen(static_cast<std::size_t>(n * n), false);
  std::vector<std::vector<int>> result;
  for (int cell = 0; cell < n * n; ++cell) {
    if (seen[static_cast<std::size_t>(cell)]) continue;
    std::vector<int>& orbit = result.emplace_back();
    // Every symmetry here has order 1, 2 or 4: follow the images until back at the start.
    for (int c = cell; !seen[static_cast<std::size_t>(c)]; c = image(symmetry, n, c / n, c % n)) {
      seen[static_cast<std::size_t>(c)] = true;
      orbit.push_back(c);
    }
  }
  return result;
}

bool has_symmetry(const Grid& puzzle, Symmetry symmetry) {
  const int n = puzzle.side();
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      if ((puzzle.at(r, c) != 0) != (puzzle.cells[static_cast<std::size_t>(image(symmetry, n, r, c))] != 0))
        return false;
  return true;
}

}  // namespace sudoku
