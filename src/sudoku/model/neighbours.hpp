// The cells that the neighbour rules join: anti-knight (a chess knight's move apart), anti-king (diagonally
// touching; orthogonal touching is already a row or a column) and non-consecutive (orthogonally touching). The
// moves are written here once, for the exact-cover model (variant_model.cpp) and the rule steps
// (maker/logic/rule_steps.cpp).
#pragma once

#include <utility>
#include <vector>

namespace sudoku {

enum class Neighbourhood { knight, king, orthogonal };

// The pairs of cells (row * n + col) of an n x n board one move of `kind` apart, each pair once with
// first < second, ascending.
std::vector<std::pair<int, int>> neighbour_pairs(int n, Neighbourhood kind);

// For each cell, the cells one move of `kind` away, ascending.
std::vector<std::vector<int>> neighbours_of(int n, Neighbourhood kind);

}  // namespace sudoku
