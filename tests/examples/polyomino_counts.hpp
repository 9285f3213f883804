// Helpers shared by the fast and the slow polyomino tests.
#pragma once

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "dlx/solver.hpp"
#include "polyomino/polyomino.hpp"

namespace examples::test {

// The number of ways to fill the board with the 12 pentominoes (once each up to symmetry if asked).
inline dlx::Count128 count_tiling(const polyomino::Board& board, bool up_to_symmetry) {
  const polyomino::Tiling tiling(polyomino::pentominoes(), board, {}, up_to_symmetry);
  if (tiling.needs_filter()) return 0;  // never with the pentominoes: F, L, N, P and Y have no symmetry
  dlx::Solver solver(tiling.problem());
  const dlx::Count count = solver.count();
  return count.complete ? count.solutions : 0;
}

// The 8x8 board with a 2x2 hole in the middle, as a --board-file draws it.
inline polyomino::Board eight_by_eight_with_hole() {
  std::istringstream in(
      "........\n"
      "........\n"
      "........\n"
      "...##...\n"
      "...##...\n"
      "........\n"
      "........\n"
      "........\n");
  return polyomino::read_board(in, "8x8-hole.txt");
}

// Pieces drawn in `text`, read as a --pieces file named pieces.txt.
inline std::vector<polyomino::Piece> pieces_from(const std::string& text) {
  std::istringstream in(text);
  return polyomino::read_pieces(in, "pieces.txt");
}

}  // namespace examples::test
