// Records around a puzzle: CSV rows under a header, and this program's JSON objects (reader.hpp).
#include <vector>

#include "sudoku/io/detail/reader_text.hpp"
#include "sudoku/io/reader.hpp"

namespace sudoku {

using namespace reader_detail;

bool PuzzleReader::read_csv_header(std::string_view text) {
  if (text.find(',') == std::string_view::npos) return false;
  const std::vector<std::string> fields = csv_fields(trim(text));
  std::optional<std::size_t> puzzle_column, note_column;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    std::string name(trim(fields[i]));
    bool letter = false;
    for (char& c : name) {
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
      if (c >= 'a' && c <= 'z') {
        letter = true;
      } else if (c != '_' && c != ' ' && (c < '0' || c > '9')) {
        return false;
      }
    }
    // A name, not a cell: a puzzle's field has no letters on small boards, and is long on large ones.
    if (!letter || name.size() > 15) return false;
    if (!puzzle_column && (name == "puzzle" || name == "puzzles" || name == "quizzes" || name == "quiz" ||
                           name == "sudoku" || name == "grid" || name == "board" || name == "question"))
      puzzle_column = i;
    if (name == "annotation") note_column = i;
  }
  if (fields.size() < 2) return false;
  csv_column_ = puzzle_column.value_or(0);
  csv_note_ = note_column;
  return true;
}

bool PuzzleReader::split_record(std::string_view text, std::string_view& cells, Puzzle& puzzle) {
  const std::string_view t = trim(text);
  if (t.starts_with('{')) {
    const auto value = json_field(t, "puzzle");
    if (!value) {
      set_error(puzzle, puzzle.line, "a JSON line without a \"puzzle\" field");
      cells = {};
      return true;
    }
    const std::size_t at = text.find(*value);
    cells = at == std::string_view::npos ? std::string_view{} : text.substr(at, value->size());
    puzzle.annotation = json_field(t, "annotation").value_or("");
    return true;
  }
  if (!csv_column_) return false;
  const std::vector<std::string> fields = csv_fields(text);
  if (*csv_column_ >= fields.size()) {
    set_error(puzzle, puzzle.line,
              "a CSV row of " + std::to_string(fields.size()) + " fields has no puzzle column (" +
                  std::to_string(*csv_column_ + 1) + ")");
    cells = {};
    return true;
  }
  // The cells are a field without quotes or spaces inside: find it in the line itself, so columns in messages
  // stay true.
  const std::string& field = fields[*csv_column_];
  const std::size_t at = field.empty() ? std::string_view::npos : text.find(field);
  cells = at == std::string_view::npos ? std::string_view{} : trim(text.substr(at, field.size()));
  puzzle.annotation.clear();
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (i == *csv_column_ || (csv_note_ && i != *csv_note_)) continue;
    if (!puzzle.annotation.empty()) puzzle.annotation += ',';
    puzzle.annotation += trim(fields[i]);
  }
  return true;
}

}  // namespace sudoku
