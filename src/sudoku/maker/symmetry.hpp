// Symmetries of the pattern of givens: the cells a symmetry maps onto each other (an orbit) are all givens or
// all blanks. They concern only where the givens are, so every box shape has all of them.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "sudoku/model/grid.hpp"

namespace sudoku {

enum class Symmetry {
  none,
  rotate90,   // a quarter turn
  rotate180,  // a half turn (the classic newspaper pattern)
  mirror,     // left to right
  flip,       // top to bottom
  diagonal,   // about the main diagonal (r, c) <-> (c, r)
};

std::optional<Symmetry> parse_symmetry(std::string_view name);
const char* symmetry_name(Symmetry symmetry);

// The cell that (row, col) goes to, as row * n + col.
int image(Symmetry symmetry, int side, int row, int col);

// Every cell in exactly one orbit, each orbit listed once, in reading order of its first cell.
std::vector<std::vector<int>> orbits(Shape shape, Symmetry symmetry);

// Whether the givens' pattern has the symmetry.
bool has_symmetry(const Grid& puzzle, Symmetry symmetry);

}  // namespace sudoku
