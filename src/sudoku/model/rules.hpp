// The rules of a Sudoku variant: which groups of cells must hold distinct digits, beyond rows and columns.
// Plain Sudoku is rows, columns and boxes; a variant replaces the boxes (jigsaw regions), adds regions
// (diagonals, windoku windows, Knuth's generalized sudoku), forbids digits between neighbouring cells
// (anti-knight, anti-king, non-consecutive) or adds killer cages. Each is a few more items or options of the
// same exact-cover model (model.hpp), built once per Rules and reused for every puzzle that has them.
#pragma once

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/model/shape.hpp"

namespace sudoku {

// A layout, variant name or cage that makes no sense; the message names what is wrong ("region 'A' has 8
// cells; each region needs 9").
class RulesError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// Cells whose digits must differ. A region of n cells holds every digit once; a smaller one holds each at
// most once.
struct Region {
  std::string name;        // "diagonal 1", "window 2", "region 'A'": for messages
  std::vector<int> cells;  // row * n + col, ascending
  friend bool operator==(const Region&, const Region&) = default;
};

// A killer cage: distinct digits adding up to sum.
struct Cage {
  int sum = 0;
  std::vector<int> cells;  // row * n + col, ascending
  friend bool operator==(const Cage&, const Cage&) = default;
};

// A rule on a line or a few cells (model/constraints.hpp gives each one's encoding).
enum class ConstraintKind {
  // f-puzzles' clone, nabner, indexers, X-sums and skyscrapers (cells and lines as each says), together from clone
  // to skyscraper: constraints.cpp takes them as that range (is_more_rule).
  clone,           // cells, then lines[0]: each cell holds the digit of the cell at its place in lines[0]
  nabner,          // cells: a line whose digits pairwise differ by at least 2 (no repeat, none consecutive)
  row_indexer,     // cells: a cell; lines[0]: its column. Digit v in row r: the column has r in row v
  column_indexer,  // cells: a cell; lines[0]: its row. Digit v in column c: the row has c in column v
  box_indexer,     // cells: a cell; lines[0]: its region in reading order. Digit v at place i: i at place v
  xsum,            // cells: a row or column from the clue; its first digit x, the first x add up to value
  skyscraper,      // cells: a row or column from the clue; value digits are larger than all before them
  // Lines, dots and one-cell rules:
  thermometer,    // cells: strictly increasing from the bulb
  arrow,          // cells: the circle, read as a number; lines: the cells whose digits add up to it
  little_killer,  // cells: a diagonal whose digits (repeats allowed) add up to value
  sandwich,       // cells: a row or column; the digits between its 1 and its n add up to value
  difference,     // cells: two neighbours whose digits differ by value (kropki white: 1)
  ratio,          // cells: two neighbours, one digit value times the other (kropki black: 2)
  sum,            // cells: two neighbours adding up to value (XV: X = 10, V = 5)
  palindrome,     // cells: a line that reads the same both ways
  candidates,     // cells: one cell, whose digit is one of value's bits (bit d-1 for digit d)
  odd,            // cells: one cell holding an odd digit
  even,           // cells: one cell holding an even digit
  minimum,        // cells: a cell, then neighbours whose digits are all larger than its digit
  maximum,        // cells: a cell, then neighbours whose digits are all smaller than its digit
  quadruple,      // cells: a few cells holding each of digits (a digit listed twice: at least twice)
  // Lines (cells: the line in its drawn order); digits may repeat along a line where the houses allow. Kept
  // together, from between_line to double_arrow: constraints.cpp takes them as that range.
  between_line,      // the cells between the two ends hold digits strictly between the ends' digits
  renban,            // distinct digits forming a run of consecutive numbers, in any order
  whispers,          // neighbours along the line differ by at least value
  region_sum,        // each run of cells in one region (or box) adds up to the same sum
  entropic,          // any three consecutive cells: a low, a middle and a high digit (entropic_group)
  modular,           // any three consecutive cells: one digit of each remainder modulo 3
  zipper,            // cells equidistant from the centre add up to one sum (odd length: the centre's)
  slow_thermometer,  // never decreasing from the bulb (the first cell)
  double_arrow,      // the two ends add up to the sum of the cells between them
};

struct Constraint {
  ConstraintKind kind = ConstraintKind::thermometer;
  std::vector<int> cells;               // row * n + col, in the rule's order (see ConstraintKind)
  std::vector<std::vector<int>> lines;  // an arrow's lines, without the circle
  int value = 0;
  int clue =
      -1;  // little killer, sandwich: the clue's place outside the board, (row + 1) * (n + 2) + col + 1
  std::vector<int> digits;  // quadruple: the digits it must hold
  friend bool operator==(const Constraint&, const Constraint&) = default;
};

// f-puzzles' "negative" settings: neighbours without such a mark may not be so related.
struct Negatives {
  bool difference = false;  // no white dot: not consecutive
  bool ratio = false;       // no black dot: neither twice the other
  bool xv = false;          // no X or V: not adding up to 10 or 5
  bool any() const { return difference || ratio || xv; }
  friend bool operator==(const Negatives&, const Negatives&) = default;
};

struct Rules {
  Shape shape;
  // The region of each cell (0..n-1), replacing the boxes; empty: the shape's boxes.
  std::vector<int> regions;
  std::vector<Region> extra;     // regions on top of rows, columns and boxes
  bool anti_knight = false;      // cells a knight's move apart differ
  bool anti_king = false;        // diagonally touching cells differ (orthogonal ones already do)
  bool non_consecutive = false;  // orthogonal neighbours never differ by 1
  std::vector<Cage> cages;
  std::vector<Constraint> constraints;
  Negatives negatives;
  bool fpuzzles = false;  // read from f-puzzles JSON, and so written back

  // Rows, columns and boxes only: the plain model, built exactly as without variants.
  bool plain() const {
    return regions.empty() && extra.empty() && !anti_knight && !anti_king && !non_consecutive &&
           cages.empty() && constraints.empty() && !negatives.any();
  }
  // Only regions, neighbours that differ and clones (cells that are equal): any relabelling of the digits
  // keeps a grid's rules.
  bool relabels() const {
    return !non_consecutive && cages.empty() && !negatives.any() &&
           std::all_of(constraints.begin(), constraints.end(),
                       [](const Constraint& c) { return c.kind == ConstraintKind::clone; });
  }
  // The region (or box) of a cell.
  int region_of(int cell) const;
  friend bool operator==(const Rules&, const Rules&) = default;
};

// What the command line asks for, independent of the board size: the rules are made per shape from it.
struct Variants {
  bool x = false;        // both long diagonals
  bool windoku = false;  // the windows (see add_windows)
  bool anti_knight = false, anti_king = false, non_consecutive = false;
  std::string regions;        // --regions LAYOUT, empty for the boxes
  std::string extra_regions;  // --extra-regions LAYOUT, empty for none
  bool any() const {
    return x || windoku || anti_knight || anti_king || non_consecutive || !regions.empty() ||
           !extra_regions.empty();
  }
};

// Adds the comma-separated names (x, windoku, anti-knight, anti-king, non-consecutive) to `variants`;
// throws RulesError naming an unknown one.
void parse_variant_names(std::string_view names, Variants& variants);

// The rules of these variants on boards of this shape. Throws RulesError when a layout does not fit the shape
// or is malformed.
Rules make_rules(Shape shape, const Variants& variants);

// Adds a puzzle's own rules to those of the command line: its regions replace theirs, its extra regions and
// cages join theirs, and so do its neighbour rules.
void add_rules(Rules& rules, const Rules& own);

// The houses that hold every digit once, as ascending cell lists: rows, columns, the regions (or boxes), and
// those of `extra` with n cells (the rules' own extra regions, and any derived ones the caller adds).
std::vector<std::vector<int>> full_houses(const Rules& rules, const std::vector<Region>& extra);

// Jigsaw solvers' "law of leftovers", as more regions: when k consecutive rows (or columns) wholly hold k - 1
// regions, their other n cells hold every digit once too. Nothing new for the rules, only a smaller search (a
// layout that admits no grid is found out far sooner). Empty for the boxes.
std::vector<Region> derived_regions(const Rules& rules);

// Throws RulesError "NAME lists cell r1c1 twice" when a cell list (on a board of side n) repeats a cell: a
// rule's cells are a set or a path, never a cell twice.
void check_distinct_cells(const std::vector<int>& cells, int n, const std::string& name);

// Throws RulesError naming an extra region that has a cell outside the board, a cell twice or more than n
// cells.
void check_extra_regions(const Rules& rules);

// The side of the board a layout of n*n characters describes; throws RulesError otherwise.
int layout_side(std::string_view layout, std::string_view what);

// A jigsaw layout: n*n characters naming each cell's region, n symbols each used n times. Returns the region
// of each cell (numbered by first appearance); throws RulesError naming the region that is wrong.
std::vector<int> parse_regions(std::string_view layout, int side);

// Extra regions: n*n characters, '.' for a cell in none, any other symbol naming its region (at most n cells).
std::vector<Region> parse_extra_regions(std::string_view layout, int side);

// The two long diagonals, and the windows: boxes of the shape set one cell in from the top-left and one
// cell apart (9x9: rows and columns 2-4 and 6-8), as many as fit.
void add_diagonals(Rules& rules);
void add_windows(Rules& rules);

// Disjoint groups: for each place in a region (or box), counted in reading order, the cells at that place in
// every region, whose digits differ too (n regions of n cells; f-puzzles' "disjointgroups").
std::vector<Region> disjoint_groups(const Rules& rules);

}  // namespace sudoku
