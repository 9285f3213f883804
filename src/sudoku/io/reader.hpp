// Reads puzzles from text, one at a time and in bounded memory, in whichever of these layouts the input uses:
//
//   line    one puzzle per line, n*n characters row by row, then optionally white space and an annotation
//           (ratings, names) that is kept with the puzzle:   4...3.......6..8....  SE 9.1
//   grid    n lines of n characters, possibly with spaces between cells and |, -, + box drawing (.sdk, .ss
//   files) judge   n lines of n space-separated numbers, 0 for a blank (what programming judges use);
//   single-character
//           symbols such as '.' or 'A' are accepted among the numbers too
//
// '#' comment lines, blank lines, CRLF line ends and a missing last newline are accepted everywhere. The
// layout is decided once, from the first line that is not blank or a comment; each puzzle's shape comes from
// --box when given, else from its size (16 cells -> 2x2 boxes, 81 -> 3x3, 144 -> 3x4; a grid's side from its
// first row).
//
// A malformed puzzle is returned with its error set and the reader moves past it: a bad line never shifts the
// puzzles after it. In grid layouts a puzzle always takes n rows (a blank line ends it early), so a bad row
// costs only its own puzzle.
#pragma once

#include <array>
#include <cstddef>
#include <dlx/line_reader.hpp>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/io/symbols.hpp"
#include "sudoku/model/grid.hpp"
#include "sudoku/model/rules.hpp"
#include "sudoku/model/shape.hpp"

namespace sudoku {

enum class Layout {
  line,    // one puzzle per line
  grid,    // n lines of n characters
  judge,   // n lines of n space-separated numbers
  spaced,  // n lines of n space-separated symbols (a judge layout whose puzzle used letters, like "A . 3")
};

struct Puzzle {
  Grid grid;               // the givens; meaningful only when ok()
  std::string annotation;  // text after the cells of a one-line puzzle
  // A pencilmark puzzle's candidates, cell by cell (bit d-1 for digit d); empty for an ordinary puzzle, whose
  // grid then holds the givens. See candidates.hpp for the n^3-character form.
  std::vector<std::uint64_t> pencilmarks;
  // Rules the puzzle brings along (a jigsaw line's regions, a killer line's cages and diagonals); null for a
  // plain puzzle. See cages.hpp for the killer lines; a jigsaw line is 2*n*n characters, the givens then the
  // region of each cell (as the Interactive Sudoku Solver writes them).
  std::shared_ptr<const Rules> rules;
  std::string error;           // what is wrong with it, when it could not be read
  std::size_t line = 0;        // input line where it starts, from 1
  std::size_t error_line = 0;  // input line the error is on
  Layout layout = Layout::line;
  bool ok() const { return error.empty(); }
};

inline constexpr std::size_t kDefaultMaxLineLength = std::size_t{64} << 10;

struct ReaderOptions {
  std::optional<Shape> box;  // every puzzle has this shape; inferred per puzzle when not given
  Symbols symbols;
  std::size_t max_line_length = kDefaultMaxLineLength;  // a longer line is an error for its puzzle
};

class PuzzleReader {
 public:
  explicit PuzzleReader(std::istream& in, ReaderOptions options = {});

  // The next puzzle, written into `puzzle` (reusing its memory); false at the end of the input.
  bool next(Puzzle& puzzle);

  // Why the input ended early (dlx::LineReader::read_error), if it did.
  const std::optional<std::string>& read_error() const { return lines_.read_error(); }
  // Bytes of the input read into puzzles so far (dlx::LineReader::consumed).
  std::uint64_t consumed() const { return lines_.consumed(); }
  // Bytes read ahead of the puzzles returned (dlx::LineReader::buffered): the next puzzle may need no read.
  std::size_t buffered() const { return lines_.buffered(); }

  // The input's layout: known once the first puzzle was read.
  std::optional<Layout> layout() const { return layout_; }

 private:
  struct Line {
    std::string_view text;  // without line end
    std::size_t number;
    bool too_long;
  };
  std::optional<Line> fetch();
  Layout detect(std::string_view text) const;
  void read_line_puzzle(const Line& line, Puzzle& puzzle);
  // One puzzle's text in any one-line form but a record's: a killer, pencilmarks, a jigsaw or plain cells
  // (then an annotation, unless `record`, whose annotation is a field of its own).
  void read_puzzle_text(std::string_view text, bool record, std::size_t number, Puzzle& puzzle);
  // The commonest line, read without the other formats' checks (see reader.cpp); false when it is not one.
  bool read_plain_line(const Line& line, Puzzle& puzzle);
  void read_block_puzzle(Line line, Puzzle& puzzle);
  // An f-puzzles document (one line, or a JSON object over several lines) or link starting at `line`
  // (io/fpuzzles_input.cpp); false, having read nothing more, when the line starts none.
  bool read_fpuzzles(const Line& line, Puzzle& puzzle);
  // Counts the cells of one grid row, then reads them once the side is known.
  std::size_t count_cells(std::string_view text) const;
  bool read_row(std::string_view text, int row, Puzzle& puzzle, std::size_t line_number);

  // Another program's record around the cells: a CSV row under a header (csv_column_), or a JSON object
  // with a "puzzle" field (this program's own --format json). Sets the cells and the annotation; false when
  // the line is no such record. Kept apart from the plain line layout, which it only feeds.
  bool split_record(std::string_view text, std::string_view& cells, Puzzle& puzzle);
  // A first line of column names ("puzzle,solution", this program's "line,puzzle,status,..."): remembers
  // which column holds the puzzle.
  bool read_csv_header(std::string_view text);
  // n^3 cells with the pencilmark pattern (see candidates.hpp): read as candidates. False when not that.
  bool read_pencilmark_line(std::string_view cells, Puzzle& puzzle);

  std::optional<std::size_t> csv_column_;  // the puzzle's column in a CSV file with a header
  std::optional<std::size_t> csv_note_;    // its "annotation" column, if it has one
  dlx::LineReader lines_;
  ReaderOptions options_;
  std::optional<Layout> layout_;
  std::optional<Shape> last_block_shape_;  // a grid's shape, for the next grid whose first row is damaged
  bool first_line_ = true;
  // What each character stands for in read_plain_line(): Symbols::value on a 9x9 board for '.' and the digits,
  // -1 for any other character (and for a digit too large). Made once, so that a cell costs one look-up.
  std::array<signed char, 256> plain_values_{};
  // The table is the usual one ('.' and '0' blank, '1'-'9' their digit): read_plain_line() then computes each
  // value, a loop the compiler vectorizes: a third of the instructions of a look-up per cell.
  bool decimal_plain_ = false;
};

}  // namespace sudoku
