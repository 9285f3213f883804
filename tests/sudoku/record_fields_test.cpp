// Each command's record comes from its task's field list (src/sudoku/pipeline/detail/tasks.hpp): the CSV header
// is the list's columns, every CSV row has as many columns, and the JSON keys are the frame's and the list's, in
// the list's order.
#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "sudoku/pipeline/batch.hpp"
#include "sudoku/pipeline/detail/tasks.hpp"

namespace {

// Unique (easy), multiple, none, clashing givens, unreadable.
const char* const kPuzzles =
    "................12..3.45.........4.......1.....62.7.......6.3.8.1.8..9..5........ one\n"
    "8.........95.......76.........624798...593142...718536.....6417....7.983...8..265 two\n"
    "1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4.\n"
    "11............................................................................... three\n"
    "12345\n";

std::string run(sudoku::BatchOptions options, bool generate) {
  dlx::ThreadPool pool(1);
  sudoku::Batch batch(options, pool);
  std::istringstream in(kPuzzles);
  std::ostringstream out, err;
  if (generate) {
    batch.generate(2, out, err);
  } else {
    batch.run(in, "in.txt", out, err);
  }
  batch.finish(out);
  return out.str();
}

// A CSV line's columns (quotes kept out, doubled quotes as one).
std::vector<std::string> columns(const std::string& line) {
  std::vector<std::string> cells(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '"' && quoted && i + 1 < line.size() && line[i + 1] == '"') {
      cells.back() += '"';
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      cells.emplace_back();
    } else {
      cells.back() += c;
    }
  }
  return cells;
}

// The keys of a JSON object's top level, in order.
std::vector<std::string> keys(const std::string& object) {
  std::vector<std::string> found;
  int depth = 0;
  for (std::size_t i = 0; i < object.size(); ++i) {
    const char c = object[i];
    if (c == '{' || c == '[') ++depth;
    if (c == '}' || c == ']') --depth;
    if (c != '"') continue;
    std::string text;
    for (++i; object[i] != '"'; ++i) text += object[i] == '\\' ? object[++i] : object[i];
    if (depth == 1 && object[i + 1] == ':') found.push_back(text);
  }
  return found;
}

std::vector<std::string> record_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

void check_records(const sudoku::BatchOptions& base, bool generate) {
  const sudoku::batch_detail::RecordFields& fields = sudoku::batch_detail::record_fields(base);
  sudoku::BatchOptions options = base;
  options.format = sudoku::Format::csv;
  const std::vector<std::string> csv = record_lines(run(options, generate));
  REQUIRE(csv.size() > 1);
  CHECK(csv[0] + '\n' == sudoku::batch_detail::csv_header(fields));
  for (const std::string& line : csv) CHECK(columns(line).size() == columns(csv[0]).size());

  std::vector<std::string> names;
  for (const auto& field : fields.fields) names.emplace_back(field.name);
  options.format = sudoku::Format::json;
  const std::vector<std::string> json = record_lines(run(options, generate));
  REQUIRE(json.size() == csv.size() - 1);
  bool any_field = false;
  for (const std::string& object : json) {
    const std::vector<std::string> got = keys(object);
    INFO(object);
    REQUIRE(got.size() >= 3);
    CHECK(got[0] == "line");
    CHECK(got[1] == "puzzle");
    CHECK(got[2] == "status");
    // Then fields of the list, in its order; then "error" and "annotation" when there are.
    std::size_t at = 0;
    for (std::size_t i = 3; i < got.size(); ++i) {
      if (got[i] == "error" || got[i] == "annotation") {
        CHECK(std::find(names.begin(), names.end(), got[i]) == names.end());
        continue;
      }
      const auto where = std::find(names.begin() + static_cast<std::ptrdiff_t>(at), names.end(), got[i]);
      CHECK(where != names.end());
      at = static_cast<std::size_t>(where - names.begin()) + 1;
      any_field = true;
    }
  }
  // check's one field is --minimal's.
  CHECK(any_field == (base.command != sudoku::Command::check || base.minimal));
}

}  // namespace

TEST_CASE("record fields: every command's CSV header and JSON keys come from its task's field list") {
  for (const sudoku::Command command :
       {sudoku::Command::solve, sudoku::Command::count, sudoku::Command::check, sudoku::Command::rate,
        sudoku::Command::hint, sudoku::Command::steps, sudoku::Command::minimize,
        sudoku::Command::candidates}) {
    sudoku::BatchOptions options;
    options.command = command;
    INFO(std::string(sudoku::kCommandNames[static_cast<int>(command)]));
    check_records(options, false);
  }
  sudoku::BatchOptions options;
  options.command = sudoku::Command::solve;
  options.solutions = 0;  // --all: the list, its count and completeness
  check_records(options, false);
  options.command = sudoku::Command::check;
  options.minimal = true;
  check_records(options, false);
  options.command = sudoku::Command::generate;
  options.generate.seed = 5;
  check_records(options, true);
  options.generate.rating = std::pair{1.0, 3.0};
  CHECK(sudoku::batch_detail::record_fields(options).fields.size() == 9);
  check_records(options, true);
}

TEST_CASE("record fields: a value is set by a name of the list, as its kind says") {
  using sudoku::batch_detail::Kind;
  static constexpr sudoku::batch_detail::Field kFields[] = {
      {"word", Kind::text}, {"number", Kind::number}, {"list", Kind::json}, {"flag", Kind::number, false}};
  static constexpr sudoku::batch_detail::RecordFields kRecord{kFields, true, false};
  CHECK(sudoku::batch_detail::csv_header(kRecord) == "line,puzzle,status,word,number,list\n");
  sudoku::batch_detail::Task::Record record(kRecord);
  record.set("word", "a \"b\"");
  record.set("number", "12");
  record.field("list", "[1,2]", "1; 2");
  CHECK(record.values[0]->json == "\"a \\\"b\\\"\"");
  CHECK(record.values[0]->csv == "a \"b\"");
  CHECK(record.values[1]->json == "12");
  CHECK(record.values[2]->json == "[1,2]");
  CHECK(record.values[2]->csv == "1; 2");
  CHECK_FALSE(record.values[3].has_value());
  record.set_null("word");
  CHECK(record.values[0]->json == "null");
  CHECK(record.values[0]->csv.empty());
  // A name not in the list, or a JSON value set as text, is a task's bug: an internal error, not a silent field.
  CHECK_THROWS_AS(record.set("missing", "x"), std::logic_error);
  CHECK_THROWS_AS(record.set("list", "x"), std::logic_error);
}
