// The reader: which layout an input has, and the next puzzle of it (reader.hpp).
#include "sudoku/io/reader.hpp"

#include <algorithm>

#include "dlx/input_error.hpp"
#include "sudoku/io/detail/reader_text.hpp"
#include "sudoku/io/killer_lines.hpp"
#include "sudoku/model/cages.hpp"

namespace sudoku {

using namespace reader_detail;

PuzzleReader::PuzzleReader(std::istream& in, ReaderOptions options)
    : lines_(in, options.max_line_length), options_(std::move(options)) {
  for (int c = 0; c < 256; ++c) {
    const char ch = static_cast<char>(c);
    const bool plain = ch == '.' || (ch >= '0' && ch <= '9');
    plain_values_[static_cast<std::size_t>(c)] =
        static_cast<signed char>(plain ? options_.symbols.value(ch, 9) : -1);
  }
  decimal_plain_ = plain_values_[static_cast<unsigned char>('.')] == 0;
  for (int d = 0; d <= 9; ++d) decimal_plain_ = decimal_plain_ && plain_values_['0' + d] == d;
}

std::optional<PuzzleReader::Line> PuzzleReader::fetch() {
  const auto text = lines_.next();
  if (!text) return std::nullopt;
  std::string_view t = *text;
  if (first_line_ && t.starts_with("\xEF\xBB\xBF")) t.remove_prefix(3);  // a UTF-8 byte order mark
  first_line_ = false;
  if (t.ends_with('\r')) t.remove_suffix(1);
  return Line{t, lines_.line_number(), lines_.too_long()};
}

// The layout of the whole input, from its first line with content. What tells them apart: a one-line puzzle
// is a single long word of n*n cells; a grid row has n cells, often with spaces or '|' between them; a judge
// row is n numbers. The short cases overlap (16 characters: a 4x4 puzzle or a 16x16 row), and then the
// characters decide: a line of 16 that uses digits above 4 can only be a row.
Layout PuzzleReader::detect(std::string_view text) const {
  if (trim(text).starts_with('{')) return Layout::line;  // JSON Lines, as --format json writes them
  if (is_separator(text)) return Layout::grid;
  const bool numbers = options_.symbols.is_default();
  std::size_t tokens = 0, single_chars = 0, numeric = 0, first_token = 0;
  bool all_cells = true;
  for_each_token(text, [&](std::string_view token, std::size_t) {
    if (tokens++ == 0) first_token = token.size();
    if (token.size() == 1) ++single_chars;
    if (numbers && is_number(token)) ++numeric;
    const bool cell = (numbers && is_number(token)) || (token.size() == 1 && token != "|" && token != "+");
    all_cells = all_cells && cell;
  });
  const auto is_side = [&](std::size_t side) {
    return options_.box ? side == static_cast<std::size_t>(options_.box->side())
                        : shape_for_side(side).has_value();
  };
  // Rows of separate cells start with a short token; a one-line puzzle starts with its n*n cells (16 at
  // least), and numbers, letters or '|' after it are its annotation.
  const bool spaced = tokens >= 2 && first_token < 16;
  // Mostly numbers, as many as a row has cells: a judge row, even with a typo in it.
  if (spaced && is_side(tokens) && (all_cells || numeric * 2 >= tokens)) return Layout::judge;
  if (spaced && single_chars >= 2) return Layout::grid;  // spaced cells, damaged or with odd separators

  std::string_view first = trim(text);
  std::size_t length = 0;
  while (length < first.size() && !is_space(first[length])) ++length;
  first = first.substr(0, length);
  if (first.find('|') != std::string_view::npos) return Layout::grid;
  if (options_.box) {
    const auto cells = static_cast<std::size_t>(options_.box->cells());
    return length * 2 >= cells ? Layout::line : Layout::grid;
  }
  const auto valid_for = [&](int side) {
    for (char c : first)
      if (options_.symbols.value(c, side) < 0) return false;
    return true;
  };
  if (const auto shape = shape_for_cells(length);
      shape && (!shape_for_side(length) || valid_for(shape->side())))
    return Layout::line;
  if (length % 2 == 0 && jigsaw_shape(length / 2)) return Layout::line;  // a jigsaw: givens, regions
  if (length <= static_cast<std::size_t>(options_.symbols.size())) return Layout::grid;
  return Layout::line;
}

bool PuzzleReader::next(Puzzle& puzzle) {
  puzzle.error.clear();
  puzzle.annotation.clear();
  puzzle.pencilmarks.clear();
  puzzle.rules.reset();
  for (;;) {
    const auto line = fetch();
    if (!line) return false;
    if (read_plain_line(*line, puzzle)) return true;
    if (!line->too_long && (is_blank(line->text) || is_comment(line->text))) continue;
    if (read_fpuzzles(*line, puzzle)) return true;
    if (!layout_ && !line->too_long && read_csv_header(line->text)) {
      layout_ = Layout::line;
      continue;
    }
    // Killers and self-describing lines with rules are one-line puzzles, whatever their length.
    const bool killer = !line->too_long && (is_typed_killer(line->text) || is_sudocue_killer(line->text) ||
                                            has_rules_prefix(line->text));
    if (!killer && !line->too_long && !is_jigsaw_line(line->text) && !csv_column_ &&
        options_.symbols.is_default() && is_prose(line->text) && !trim(line->text).starts_with('{')) {
      // Its own error, before it can set the layout of the whole input.
      puzzle.line = puzzle.error_line = line->number;
      puzzle.layout = layout_.value_or(Layout::line);
      const std::string_view text = trim(line->text);
      const std::string_view shown = text.substr(0, dlx::kMaxEchoed);
      const bool printable = std::all_of(shown.begin(), shown.end(), [](char c) {
        return static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) < 0x7f;
      });
      set_error(puzzle, line->number,
                std::string("neither a puzzle nor a grid row") +
                    (printable ? ": '" + dlx::echo_text(text) + "'" : "") + " (a title? start it with '#')");
      return true;
    }
    if (!layout_) layout_ = line->too_long || killer ? Layout::line : detect(line->text);
    if (*layout_ != Layout::line && !line->too_long && is_separator(line->text)) continue;
    puzzle.line = puzzle.error_line = line->number;
    puzzle.layout = *layout_;
    if (*layout_ == Layout::line) {
      read_line_puzzle(*line, puzzle);
    } else {
      read_block_puzzle(*line, puzzle);
    }
    return true;
  }
}

// Once the input is known to hold one puzzle per line, the commonest line: exactly 81 digits and dots, with no
// annotation. No other format has such a line (a killer needs ':' or "killer", CSV a comma, JSON a brace, pencil
// marks n^3 characters, a jigsaw an even length, a comment '#'), so it is read at once, without the checks for
// them: those cost about 4,000 instructions a line, more than solving an easy puzzle (serg_benchmark, 17-clue).
// Any character the symbols do not take sends the line down the general path, which names the error.

}  // namespace sudoku
