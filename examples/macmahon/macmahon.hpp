// MacMahon's colored squares as exact cover with colors. A square's four edges are colored with k colors;
// counting squares that differ only by a rotation once, there are k(k+1)(k^2-k+2)/4 of them (24 for k = 3).
// The puzzle: put all of them into a rectangle so that edges that touch have the same color and the whole
// border has one color.
//
// The squares and the cells are primary items. Each edge between two neighbouring cells is a secondary item;
// the two options that meet there both color it, so the search takes them together only when the colors agree.
// That is what colors are for: no plain exact cover says "these two options agree" as directly.
#pragma once

#include <array>
#include <iosfwd>
#include <span>
#include <string>
#include <vector>

#include "dlx/problem.hpp"

namespace examples::macmahon {

inline constexpr int kMaxColors = 5;  // 165 squares; more would be hopeless anyway

// Edge colors (1..k) clockwise from the top: top, right, bottom, left.
using Square = std::array<int, 4>;

// Turned clockwise by `turns` quarter turns.
Square rotate(const Square& square, int turns);
// Flipped left to right (top and bottom stay, left and right swap).
Square mirror(const Square& square);
// The smallest of the square's four rotations, which names its class: "1123".
Square canonical(const Square& square);
std::string name(const Square& square);
// All squares with colors 1..colors, one per rotation class (canonical, sorted).
std::vector<Square> all_squares(int colors);

// A square (index into Puzzle::squares()) on a cell, turned so that its edges are `edges`.
struct Placement {
  int square = 0;
  int row = 0;
  int col = 0;
  Square edges{};
};

class Puzzle {
 public:
  // All squares of `colors` colors in a rows x cols rectangle whose border has color `border`. Throws
  // UsageError (common/cli.hpp) when rows * cols differs from the number of squares or a number is out of range.
  //
  // With up_to_symmetry, tilings that a symmetry maps onto each other are found once. The symmetries are the
  // rotations and reflections of the rectangle (a reflected tiling uses the mirror image of each square, and
  // the set of all squares holds those too), the renamings of the colors other than the border's (the set of
  // all squares is closed under those too), and their combinations. One square that every symmetry maps to
  // itself (the one with only the border color, or for 3 colors one like 2323) keeps one placement per class of
  // placements the symmetries map onto each other; keep() drops the surplus tilings left when a symmetry maps a
  // kept placement onto itself (e.g. a renaming of colors that fixes the one-colored square).
  Puzzle(int colors, int rows, int cols, int border, bool up_to_symmetry);

  const dlx::Problem& problem() const { return problem_; }
  const std::vector<Square>& squares() const { return squares_; }
  const std::vector<Placement>& placements() const { return placements_; }
  int colors() const { return colors_; }
  int rows() const { return rows_; }
  int cols() const { return cols_; }
  // The number of symmetries factored out with up_to_symmetry: 4 motions of a rectangle (8 for a square)
  // times (colors-1)! renamings of colors; 1 without up_to_symmetry.
  int symmetry_count() const { return static_cast<int>(symmetries_.size()); }
  // The square whose placements up_to_symmetry cut down (-1 if none).
  int restricted_square() const { return restricted_; }
  bool needs_filter() const { return needs_filter_; }
  bool keep(std::span<const dlx::OptionId> solution) const;

  // The edges of the square on each cell, row by row.
  std::vector<Square> edges(std::span<const dlx::OptionId> solution) const;

  // Each square drawn with its diagonals and the color of each quarter, e.g. for 2 x 2 squares:
  //   +---+---+
  //   |\1/|\1/|
  //   |1X2|2X1|
  //   |/2\|/3\|
  //   +---+---+
  // With color, the digits get ANSI background colors.
  void draw(std::ostream& out, std::span<const dlx::OptionId> solution, bool color) const;

 private:
  // A motion of the board (0..7 as in polyomino: 0-3 quarter turns clockwise, 4-7 mirrored left to right
  // first), then new colors for the edges.
  struct Symmetry {
    int motion = 0;
    std::array<int, kMaxColors + 1> recolor{};
  };
  Square apply(const Symmetry& symmetry, const Square& square) const;
  int cell_after(int motion, int row, int col) const;
  // The edges of each cell after a symmetry.
  std::vector<Square> transform(const Symmetry& symmetry, const std::vector<Square>& edges) const;

  int colors_, rows_, cols_;
  std::vector<Square> squares_;
  std::vector<Symmetry> symmetries_;  // the identity first
  dlx::Problem problem_;
  std::vector<Placement> placements_;
  int restricted_ = -1;
  bool needs_filter_ = false;
};

// A rectangle of n cells as square as possible: the rows x cols with rows <= cols and rows largest.
std::array<int, 2> default_board(int cells);

}  // namespace examples::macmahon
