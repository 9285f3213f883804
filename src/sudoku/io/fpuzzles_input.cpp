// f-puzzles documents and links, and SudokuPad links, among the reader's inputs (reader.hpp, fpuzzles.hpp,
// sudokupad.hpp).
#include <optional>

#include "sudoku/io/detail/reader_text.hpp"
#include "sudoku/io/fpuzzles.hpp"
#include "sudoku/io/reader.hpp"
#include "sudoku/io/sudokupad.hpp"

namespace sudoku {

using namespace reader_detail;

namespace {

constexpr std::size_t kMaxDocument = kMaxFpuzzlesDocument;

// How many braces and brackets the text leaves open, outside strings; `in_string` carries across lines.
int open_brackets(std::string_view text, bool& in_string, int depth) {
  bool escaped = false;
  for (char c : text) {
    if (in_string) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if (c == '}' || c == ']') {
      --depth;
    }
  }
  return depth;
}

}  // namespace

bool PuzzleReader::read_fpuzzles(const Line& line, Puzzle& puzzle) {
  if (line.too_long) return false;
  const std::string_view t = trim(line.text);
  const bool pad = is_sudokupad_link(t);
  const bool link = pad || is_fpuzzles_link(t);
  if (!link && !t.starts_with('{')) return false;
  std::string text(t);
  bool in_string = false;
  int depth = link ? 0 : open_brackets(text, in_string, 0);
  const bool several = depth > 0;
  // The rest of a document over several lines. One past kMaxDocument, or with a line cut short, is still read
  // to its end (its braces counted, its text dropped): one error for the whole document, and its tail never
  // read as puzzles of their own.
  bool too_big = false;
  std::optional<std::size_t> cut_line;
  while (depth > 0) {
    const auto more = fetch();
    if (!more) break;
    if (more->too_long && !cut_line) cut_line = more->number;
    too_big = too_big || text.size() + more->text.size() >= kMaxDocument;
    if (!too_big && !cut_line) {
      text += '\n';
      text.append(more->text);
    }
    depth = open_brackets(more->text, in_string, depth);
  }
  if (!link && !several && !is_fpuzzles_json(text)) return false;  // this program's own JSON Lines
  if (!layout_) layout_ = Layout::line;
  puzzle.line = puzzle.error_line = line.number;
  puzzle.layout = Layout::line;
  puzzle.grid.reset(options_.box.value_or(Shape{3, 3}));
  // Every error names the line the document starts on.
  if (cut_line) {
    set_error(puzzle, line.number,
              "a JSON document whose line " + std::to_string(*cut_line) + " is longer than " +
                  std::to_string(options_.max_line_length) + " bytes");
    return true;
  }
  if (depth > 0) {
    set_error(puzzle, line.number, "a JSON document that does not end (its braces never close)");
    return true;
  }
  if (too_big) {
    set_error(puzzle, line.number,
              "a JSON document longer than " + std::to_string(kMaxDocument >> 20) + " MiB");
    return true;
  }
  try {
    FPuzzle read = pad ? read_sudokupad(text) : parse_fpuzzles(link ? fpuzzles_link_json(text) : text);
    if (options_.box && read.rules.shape != *options_.box)
      throw RulesError("a " + std::to_string(read.rules.shape.side()) + "x" +
                       std::to_string(read.rules.shape.side()) + " f-puzzles puzzle, but --box is " +
                       to_string(*options_.box));
    puzzle.grid = std::move(read.givens);
    puzzle.rules = std::make_shared<const Rules>(std::move(read.rules));
  } catch (const RulesError& e) {
    set_error(puzzle, line.number, e.what());
  }
  return true;
}

}  // namespace sudoku
