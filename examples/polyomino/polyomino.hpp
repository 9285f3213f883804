// Polyomino tiling as exact cover: every piece is used exactly once and every cell of the board is covered
// exactly once (pieces and cells are the primary items; an option is one placement of one piece).
//
// Pieces and boards are drawn as text (see read_pieces and read_board); pieces may be turned and flipped; and
// solutions can be counted once per class of solutions that the board's symmetries map onto each other.
#pragma once

#include <compare>
#include <cstddef>
#include <iosfwd>
#include <span>
#include <string_view>
#include <vector>

#include "dlx/problem.hpp"

namespace examples::polyomino {

struct Cell {
  int row = 0;
  int col = 0;
  friend auto operator<=>(const Cell&, const Cell&) = default;
};

// A set of cells, sorted.
using Shape = std::vector<Cell>;

// The 8 symmetries of the square grid: 0 the identity, 1-3 turns by 90, 180 and 270 degrees clockwise,
// 4 the left-right mirror, 5-7 the mirror followed by those turns.
inline constexpr int kSymmetryCount = 8;
Cell apply(int symmetry, Cell cell);
// Sorted and moved so that its smallest row and column are 0.
Shape normalize(Shape shape);
// apply(symmetry) to every cell, normalized.
Shape transform(int symmetry, const Shape& shape);

// Which motions pieces may make. Without rotations a piece keeps its drawn orientation, but may still be
// flipped left to right unless reflections are off too.
struct Freedom {
  bool rotate = true;
  bool reflect = true;
};

// How many times each piece is used: between lo and hi times (Knuth's multiplicities: the piece items get bounds
// lo:hi, which the library's Algorithm M handles; 1:1 is plain exact cover), or, unlimited, any number of times
// (then only the cells are items).
struct Copies {
  std::uint32_t lo = 1;
  std::uint32_t hi = 1;
  bool unlimited = false;
  static constexpr Copies one() { return {}; }
  static constexpr Copies any() { return {0, 0, true}; }
};

// "V" (exactly V copies) or "U:V" (between U and V) as Copies; UsageError unless 0 <= U <= V and 1 <= V <= dlx's
// largest bound.
Copies parse_copies(const std::string& text);
// The symmetries (a group) that a piece may undergo.
std::vector<int> allowed_symmetries(Freedom freedom);

struct Piece {
  char name = '?';       // also the piece's item name and its letter in drawings
  Shape shape;           // normalized
  std::size_t line = 0;  // where it was drawn (0 for built-in pieces)
};

// The 12 pentominoes with Conway's letters F I L N P T U V W X Y Z.
std::vector<Piece> pentominoes();

// Pieces drawn as text. A piece is drawn with one character, which is also its name: a letter, a digit or any
// other printable ASCII character except '.', ':', '|' and ';'. '.' and spaces are empty squares. Several
// pieces may be drawn side by side (each with its own character) in one block; blocks are separated by blank
// lines. A line whose first non-blank character is ';' is a comment. Each character names one piece only, and
// its cells must be connected side by side. Throws dlx::InputError ("source:line: what is wrong").
std::vector<Piece> read_pieces(std::istream& in, std::string_view source);

// Boards are at most kMaxBoardSide rows and columns.
inline constexpr int kMaxBoardSide = 1000;

struct Board {
  int rows = 0;  // the bounding box
  int cols = 0;
  Shape cells;  // normalized, so sorted row by row
};

// A rows x cols rectangle (1 <= rows, cols <= kMaxBoardSide).
Board rectangle(int rows, int cols);
// "6x10" as a rectangle; throws UsageError (common/cli.hpp) for anything else.
Board parse_rectangle(std::string_view text);

// A board drawn as text: '.' is a cell to cover, '#' or a space a square left empty (so holes and odd outlines
// are easy to draw). A line whose first non-blank character is ';' is a comment. Throws dlx::InputError.
Board read_board(std::istream& in, std::string_view source);

// The symmetries among `allowed` that map the board onto itself (always including the identity, 0).
std::vector<int> board_symmetries(const Board& board, std::span<const int> allowed);

// One option: a piece on some cells of the board (indices into Board::cells, sorted).
struct Placement {
  int piece = 0;
  std::vector<int> cells;
};

class Tiling {
 public:
  // Builds the problem: items are the pieces (named by their characters) then the cells r<row>c<col>; options
  // are the placements of each piece in each allowed orientation. Throws UsageError (common/cli.hpp) when the
  // pieces' total area differs from the board's or two pieces share a name. With Copies::unlimited the items
  // are the cells alone, and any area goes; with bounds lo:hi the pieces' areas times lo must not exceed the board's
  // nor their areas times hi fall short of it (up_to_symmetry is a UsageError unless each piece is used exactly
  // once: it restricts one piece's placements).
  //
  // With up_to_symmetry, solutions that a symmetry of the board maps onto each other (a rotation or reflection
  // that the pieces are also allowed to make) are found once: one piece keeps only one placement of each class
  // of placements the symmetries map onto each other. That piece is chosen so that no symmetry maps one of its
  // placements onto itself, whenever the pieces allow it; then every class of solutions has exactly one member
  // left. Otherwise (every piece has a placement that some symmetry fixes, e.g. all pieces symmetric) a few
  // classes keep more than one member, and keep() tells which to drop.
  Tiling(std::vector<Piece> pieces, Board board, Freedom freedom, bool up_to_symmetry,
         Copies copies = Copies::one());

  const dlx::Problem& problem() const { return problem_; }
  const std::vector<Piece>& pieces() const { return pieces_; }
  const Board& board() const { return board_; }
  const std::vector<Placement>& placements() const { return placements_; }  // in option order

  // The board's symmetries the pieces may make, as permutations of the board's cell indices (the first is the
  // identity); their number is the factor between counts with and without up_to_symmetry.
  const std::vector<std::vector<int>>& symmetries() const { return symmetry_maps_; }
  bool up_to_symmetry() const { return up_to_symmetry_; }
  // The piece whose placements were cut down by up_to_symmetry (-1 if none).
  int restricted_piece() const { return restricted_; }
  // Whether keep() can drop anything: without it, the problem alone counts some solutions more than once.
  bool needs_filter() const { return needs_filter_; }
  // Whether to count this solution when counting up to symmetry (always true when needs_filter() is false).
  bool keep(std::span<const dlx::OptionId> solution) const;

  // The piece on each board cell.
  std::vector<int> labels(std::span<const dlx::OptionId> solution) const;
  // The labels of the solution mapped by symmetry map.
  std::vector<int> transform_labels(const std::vector<int>& map, const std::vector<int>& labels) const;

  // The solution as a grid of piece letters, one line per board row (squares off the board are blank); with
  // color, every piece also gets a background color (ANSI escape codes) and cells are two characters wide.
  void draw(std::ostream& out, std::span<const dlx::OptionId> solution, bool color) const;

 private:
  std::vector<Piece> pieces_;
  Board board_;
  dlx::Problem problem_;
  std::vector<Placement> placements_;
  std::vector<std::vector<int>> symmetry_maps_;
  bool up_to_symmetry_ = false;
  int restricted_ = -1;
  bool needs_filter_ = false;
};

}  // namespace examples::polyomino
