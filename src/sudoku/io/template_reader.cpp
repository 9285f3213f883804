#include "sudoku/io/template_reader.hpp"

#include <string>

namespace sudoku {

Puzzle read_template(std::istream& in, std::string_view source, const ReaderOptions& options) {
  PuzzleReader reader(in, options);
  Puzzle puzzle;
  const auto fail = [&](std::size_t line, const std::string& what) {
    throw RulesError(std::string(source) + (line > 0 ? ':' + std::to_string(line) : std::string()) + ": " +
                     what);
  };
  if (!reader.next(puzzle)) {
    if (reader.read_error()) fail(0, "cannot read file: " + *reader.read_error());
    fail(0, "a template needs a puzzle with rules; there is none");
  }
  if (!puzzle.ok()) fail(puzzle.error_line, puzzle.error);
  if (!puzzle.pencilmarks.empty()) fail(puzzle.line, "a template takes givens, not pencil marks");
  if (!puzzle.rules || puzzle.rules->plain())
    fail(puzzle.line, "a template needs rules (lines, dots, cages, regions...); this puzzle has none");
  Puzzle more;
  if (reader.next(more)) fail(more.line, "a template is one puzzle; this is another");
  if (reader.read_error()) fail(puzzle.line, "cannot read file: " + *reader.read_error());
  return puzzle;
}

}  // namespace sudoku
