// The n-queens problem as exact cover: every row and every column gets exactly one queen (primary items), every
// diagonal at most one (secondary items, so diagonals may stay empty).
#pragma once

#include <iosfwd>
#include <span>
#include <vector>

#include "dlx/problem.hpp"

namespace examples::queens {

inline constexpr int kMaxN = 1000;

// Items: rows r0..r(n-1) and columns c0..c(n-1), listed from the middle of the board outwards (Knuth's
// "organ-pipe" order: the search then starts where queens are most constrained); secondary items a0..a(2n-2)
// for the diagonals r+c and b0..b(2n-2) for the anti-diagonals r-c+n-1.
// Option r*n + c puts a queen on row r, column c. Requires 1 <= n <= kMaxN.
dlx::Problem build(int n);

// The column of the queen on each row, top row first.
std::vector<int> columns(int n, std::span<const dlx::OptionId> solution);

// The board, one line per row: ". Q . ." (a queen is 'Q', an empty square '.').
void draw(std::ostream& out, int n, std::span<const dlx::OptionId> solution);

}  // namespace examples::queens
