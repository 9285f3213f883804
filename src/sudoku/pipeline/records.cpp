// The pipeline's one formatter: a task's result written in the format asked for (text, csv, json and
// json-array records with line, puzzle and status), and errors in their place.
#include <algorithm>
#include <span>

#include "sudoku/io/puzzle_line.hpp"
#include "sudoku/pipeline/batch.hpp"
#include "sudoku/pipeline/detail/batch_parts.hpp"

namespace sudoku {

using namespace batch_detail;

namespace batch_detail {

std::string json_string(std::string_view text) {
  std::string out;
  append_json_string(out, text);
  return out;
}

}  // namespace batch_detail

// The message goes to the error stream; the result gets `prefix` and the message, or `shown` when given (text
// formats), or an error record.
void Batch::fail(Slot& slot, std::string_view message, std::size_t line, std::string_view prefix,
                 std::string_view shown) const {
  slot.out.clear();
  slot.multiline = false;
  slot.outcome = Outcome::error;
  slot.message.assign(message);
  slot.message_line = line;
  const Puzzle& puzzle = slot.puzzle;
  if (options_.format == Format::csv) {
    slot.out += std::to_string(puzzle.line) + ",,";
    append_csv_field(slot.out, std::string(prefix) + std::string(message));
    const std::string_view header = csv_header_;
    // The header's other columns, empty.
    for (auto n = std::count(header.begin(), header.end(), ',') - 2; n > 0; --n) slot.out += ',';
    slot.out += '\n';
  } else if (is_json(options_.format)) {
    slot.out += "{\"line\":" + std::to_string(puzzle.line) + ",\"puzzle\":";
    if (puzzle.ok() && !puzzle.grid.cells.empty()) {
      std::string text;  // an f-puzzles puzzle is JSON itself: quoted as a string
      append_puzzle_line(text, puzzle.grid, puzzle.pencilmarks, slot.rules.get(), options_.reader.symbols);
      append_json_string(slot.out, text);
    } else {
      slot.out += "null";
    }
    slot.out += ",\"status\":\"error\",\"error\":";
    append_json_string(slot.out, message);
    slot.out += "}\n";
  } else if (!shown.empty()) {
    slot.out += shown;
  } else {
    if (options_.command == Command::steps) slot.multiline = true;
    slot.out += prefix;
    slot.out += message;
    slot.out += '\n';
  }
}

// The layout solve writes solutions in: --format, or for `same` the puzzle's own.
Format Batch::solution_format(const Puzzle& puzzle) const {
  if (options_.format != Format::same) return options_.format;
  switch (puzzle.layout) {
    case Layout::line:
      return Format::line;
    case Layout::grid:
      return Format::grid;
    case Layout::judge:
    case Layout::spaced:
      break;
  }
  return Format::judge;
}

// Whether solutions in `format` are written with the symbols (the judge layout and the f-puzzles forms write
// numbers).
bool Batch::needs_symbols(Format format, const Puzzle& puzzle) {
  if (is_fpuzzles_form(format)) return false;
  return format != Format::judge || puzzle.layout == Layout::spaced;
}

// The solve command's result in the chosen format: the solutions found (none: no solution, or stopped when
// not `complete`).
void Batch::format_solutions(Slot& slot, std::span<const Grid> solutions, bool complete) const {
  if (!solutions.empty()) {
    for (std::size_t i = 0; i < solutions.size(); ++i)
      if (!add_solution(slot, solutions[i], i)) return;
    end_solutions(slot, solutions.size(), complete);
    return;
  }
  const Puzzle& puzzle = slot.puzzle;
  const Format format = solution_format(puzzle);
  if (needs_symbols(format, puzzle) && !writable(puzzle.grid, options_.reader.symbols)) {
    unwritable(slot);
    return;
  }
  if (format == Format::csv || is_json(format)) {
    Record record(*fields_);
    record.status = complete ? "no solution" : "stopped";
    if (options_.solutions != 1) {
      record.json_field("solutions", "[]");
      record.set("count", "0");
      record.set("complete", complete ? "true" : "false");
    }
    format_record(slot, record);
    return;
  }
  slot.out += complete ? "no solution\n" : "stopped\n";
}

void Batch::unwritable(Slot& slot) const {
  const Puzzle& puzzle = slot.puzzle;
  fail(slot,
       "a " + std::to_string(puzzle.grid.side()) + "x" + std::to_string(puzzle.grid.side()) +
           " board cannot be written with " + std::to_string(options_.reader.symbols.size()) +
           " symbols; give --symbols or use --format judge",
       puzzle.line, "error: ");
}

bool Batch::add_solution(Slot& slot, const Grid& solution, std::size_t index) const {
  const Puzzle& puzzle = slot.puzzle;
  const Symbols& symbols = options_.reader.symbols;
  const Format format = solution_format(puzzle);
  const bool several = options_.solutions != 1;  // --all or --limit: a list of solutions
  std::string& out = slot.out;
  if (index == 0 && needs_symbols(format, puzzle) && !writable(puzzle.grid, symbols)) {
    unwritable(slot);
    return false;
  }
  if (is_fpuzzles_form(format)) {
    std::string text;
    try {
      append_fpuzzles_form(text, format, puzzle.grid, slot.rules.get(), &solution, puzzle.pencilmarks);
    } catch (const RulesError& e) {
      fail(slot, e.what(), puzzle.line, "error: ");
      return false;
    }
    // One line per solution; an annotation goes on a comment line before them, as generate writes it.
    if (index == 0 && !puzzle.annotation.empty()) out += "# " + puzzle.annotation + '\n';
    out += text + '\n';
    return true;
  }
  if (format == Format::csv) {
    std::string line;
    append_line(line, solution, symbols);
    if (index == 0) {
      // Every solution holds every symbol: the first tells whether the column needs quotes.
      slot.quoted = line.find_first_of(",\"\r\n") != std::string::npos;
      record_head(slot, "solved", true);
      out += slot.quoted ? ",\"" : ",";
    } else {
      out += ' ';
    }
    for (const char c : line) {
      if (c == '"') out += '"';
      out += c;
    }
    return true;
  }
  if (is_json(format)) {
    if (index == 0) {
      record_head(slot, "solved", true);
      out += several ? ",\"solutions\":[\"" : ",\"solution\":\"";
    } else {
      out += ",\"";
    }
    append_line(out, solution, symbols);
    out += '"';
    return true;
  }
  switch (format) {
    case Format::line:
      append_puzzle_line(out, solution, {}, slot.rules.get(), symbols);
      if (!puzzle.annotation.empty() && takes_annotation(slot.rules.get())) out += ' ' + puzzle.annotation;
      out += '\n';
      break;
    case Format::grid:
    case Format::pretty:
      slot.multiline = true;
      if (index > 0) out += '\n';
      if (!puzzle.annotation.empty()) out += "# " + puzzle.annotation + '\n';
      if (format == Format::grid) {
        append_grid(out, solution, symbols);
      } else {
        append_pretty(out, solution, symbols);
      }
      break;
    case Format::judge:
      slot.multiline = true;
      if (index > 0) out += '\n';
      if (puzzle.layout == Layout::spaced) {
        append_spaced(out, solution, symbols);
      } else {
        append_judge(out, solution);
      }
      break;
    default:
      break;
  }
  return true;
}

void Batch::end_solutions(Slot& slot, std::size_t count, bool complete) const {
  const bool several = options_.solutions != 1;
  const Format format = solution_format(slot.puzzle);
  if (format == Format::csv) {
    if (slot.quoted) slot.out += '"';
    record_tail(slot);
  } else if (is_json(format)) {
    if (several)
      slot.out += "],\"count\":" + std::to_string(count) + ",\"complete\":" + (complete ? "true" : "false");
    record_tail(slot);
  } else if (several && !complete && options_.solutions == 0) {
    slot.out += "stopped\n";
  }
}

void Batch::record_head(Slot& slot, std::string_view status, bool status_column) const {
  const Puzzle& puzzle = slot.puzzle;
  std::string& out = slot.out;
  if (options_.format == Format::csv) {
    out += std::to_string(puzzle.line) + ',';
    std::string line;
    append_puzzle_line(line, puzzle.grid, puzzle.pencilmarks, slot.rules.get(), options_.reader.symbols);
    append_csv_field(out, line);
    if (status_column) {
      out += ',';
      append_csv_field(out, status);
    }
    return;
  }
  out += "{\"line\":" + std::to_string(puzzle.line) + ",\"puzzle\":";
  // Symbols and layout names are printable ASCII other than '"' and '\'; an f-puzzles puzzle is JSON.
  if (slot.rules && slot.rules->fpuzzles) {
    std::string line;
    append_puzzle_line(line, puzzle.grid, puzzle.pencilmarks, slot.rules.get(), options_.reader.symbols);
    append_json_string(out, line);
  } else {
    out += '"';
    append_puzzle_line(out, puzzle.grid, puzzle.pencilmarks, slot.rules.get(), options_.reader.symbols);
    out += '"';
  }
  out += ",\"status\":";
  append_json_string(out, status);
}

void Batch::record_tail(Slot& slot) const {
  const Puzzle& puzzle = slot.puzzle;
  std::string& out = slot.out;
  if (options_.format == Format::csv) {
    if (fields_->annotation_column) {
      out += ',';
      append_csv_field(out, puzzle.annotation);
    }
    out += '\n';
    return;
  }
  if (!puzzle.annotation.empty()) {
    out += ",\"annotation\":";
    append_json_string(out, puzzle.annotation);
  }
  out += "}\n";
}

void Batch::format_record(Slot& slot, const Record& record) const {
  if (options_.format != Format::csv && !is_json(options_.format)) {
    slot.out += record.text;
    slot.multiline = record.multiline;
    return;
  }
  const RecordFields& fields = *record.fields;
  record_head(slot, record.status, fields.status_column);
  for (std::size_t i = 0; i < fields.fields.size(); ++i) {
    const std::optional<Record::Value>& value = record.values[i];
    if (options_.format == Format::csv) {
      if (!fields.fields[i].column) continue;
      slot.out += ',';
      if (value) append_csv_field(slot.out, value->csv);
    } else if (value) {
      slot.out.append(",\"").append(fields.fields[i].name).append("\":").append(value->json);
    }
  }
  if (!record.error.empty() && options_.format != Format::csv) slot.out += ",\"error\":" + record.error;
  record_tail(slot);
}

}  // namespace sudoku
