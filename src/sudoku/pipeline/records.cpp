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
    const std::string_view header = csv_header(options_);
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

// The solve command's result in the chosen format: the solutions found (none: no solution, or stopped when
// not `complete`).
void Batch::format_solutions(Slot& slot, std::span<const Grid> solutions, bool complete) const {
  const Puzzle& puzzle = slot.puzzle;
  const Symbols& symbols = options_.reader.symbols;
  const bool solved = !solutions.empty();
  const bool several = options_.solutions != 1;  // --all or --limit: a list of solutions
  Format format = options_.format;
  if (format == Format::same) {
    switch (puzzle.layout) {
      case Layout::line:
        format = Format::line;
        break;
      case Layout::grid:
        format = Format::grid;
        break;
      case Layout::judge:
      case Layout::spaced:
        format = Format::judge;
        break;
    }
  }
  const bool needs_symbols = format != Format::judge || puzzle.layout == Layout::spaced;
  if (needs_symbols && !writable(puzzle.grid, symbols)) {
    fail(slot,
         "a " + std::to_string(puzzle.grid.side()) + "x" + std::to_string(puzzle.grid.side()) +
             " board cannot be written with " + std::to_string(symbols.size()) +
             " symbols; give --symbols or use --format judge",
         puzzle.line, "error: ");
    return;
  }
  if (format == Format::csv || is_json(format)) {
    Record record;
    record.status = solved ? "solved" : complete ? "no solution" : "stopped";
    std::string csv, json = "[";
    for (std::size_t i = 0; i < solutions.size(); ++i) {
      std::string line;
      append_line(line, solutions[i], symbols);
      csv += (i > 0 ? " " : "") + line;
      json += (i > 0 ? ",\"" : "\"") + line + '"';
    }
    if (!several) {
      record.csv.push_back(csv);
      if (solved) record.json.emplace_back("solution", json.substr(1));
    } else {
      record.field("solutions", json + ']', csv);
      record.json.emplace_back("count", std::to_string(solutions.size()));
      record.json.emplace_back("complete", complete ? "true" : "false");
    }
    format_record(slot, record);
    return;
  }
  std::string& out = slot.out;
  if (!solved) {
    out += complete ? "no solution\n" : "stopped\n";
    return;
  }
  const bool has_note = !puzzle.annotation.empty();
  for (std::size_t i = 0; i < solutions.size(); ++i) {
    const Grid& solution = solutions[i];
    switch (format) {
      case Format::line:
        append_puzzle_line(out, solution, {}, slot.rules.get(), symbols);
        if (has_note && takes_annotation(slot.rules.get())) out += ' ' + puzzle.annotation;
        out += '\n';
        break;
      case Format::grid:
      case Format::pretty:
        slot.multiline = true;
        if (i > 0) out += '\n';
        if (has_note) out += "# " + puzzle.annotation + '\n';
        if (format == Format::grid) {
          append_grid(out, solution, symbols);
        } else {
          append_pretty(out, solution, symbols);
        }
        break;
      case Format::judge:
        slot.multiline = true;
        if (i > 0) out += '\n';
        if (puzzle.layout == Layout::spaced) {
          append_spaced(out, solution, symbols);
        } else {
          append_judge(out, solution);
        }
        break;
      default:
        break;
    }
  }
  if (several && !complete && options_.solutions == 0) out += "stopped\n";
}

void Batch::format_record(Slot& slot, const Record& record) const {
  const Puzzle& puzzle = slot.puzzle;
  std::string& out = slot.out;
  if (options_.format == Format::csv) {
    out += std::to_string(puzzle.line) + ',';
    std::string line;
    append_puzzle_line(line, puzzle.grid, puzzle.pencilmarks, slot.rules.get(), options_.reader.symbols);
    append_csv_field(out, line);
    if (record.status_column) {
      out += ',';
      append_csv_field(out, record.status);
    }
    for (const std::string& column : record.csv) {
      out += ',';
      append_csv_field(out, column);
    }
    if (options_.command != Command::generate) {
      out += ',';
      append_csv_field(out, puzzle.annotation);
    }
    out += '\n';
    return;
  }
  if (is_json(options_.format)) {
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
    append_json_string(out, record.status);
    for (const auto& [name, value] : record.json) out += ",\"" + name + "\":" + value;
    if (!puzzle.annotation.empty()) {
      out += ",\"annotation\":";
      append_json_string(out, puzzle.annotation);
    }
    out += "}\n";
    return;
  }
  out += record.text;
  slot.multiline = record.multiline;
}

}  // namespace sudoku
