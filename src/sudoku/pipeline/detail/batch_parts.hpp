// The pipeline's per-puzzle state, shared by its parts (batch.cpp: reading, ordering and writing;
// tasks.cpp and tasks/: each command's work; records.cpp: the results in every format). Not installed.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sudoku/io/symbols.hpp"
#include "sudoku/maker/generator.hpp"
#include "sudoku/maker/puzzle_logic.hpp"
#include "sudoku/model/solver.hpp"
#include "sudoku/pipeline/batch.hpp"
#include "sudoku/pipeline/detail/fields.hpp"

namespace sudoku::batch_detail {

// How a puzzle's result counts in the totals and the exit status.
enum class Outcome { solved, none, multiple, error, unknown };

// A JSON string literal of the text.
std::string json_string(std::string_view text);

// The solver and the logic of one set of rules, for the maker's commands.
struct MakerTools {
  MakerTools(const Rules& rules, const Symbols& symbols) : solver(rules), logic(rules, symbols) {}
  Solver solver;
  PuzzleLogic logic;  // rate, hint and steps (maker/puzzle_logic.hpp)
};

}  // namespace sudoku::batch_detail

namespace sudoku {

using batch_detail::MakerTools;
using batch_detail::Outcome;

struct Batch::Slot {
  Puzzle puzzle;
  std::uint64_t index = 0;  // generate: the puzzle's index
  std::string out;          // the result, line end(s) included
  std::string message;      // for the error stream, without "source:line: "
  std::size_t message_line = 0;
  Outcome outcome = Outcome::solved;
  bool multiline = false;  // a board over several lines: set apart from its neighbours by a blank line
  std::uint64_t nodes = 0;
  double seconds = 0;
  State state = State::pending;  // guarded by Batch::mutex_ while the chunk runs
  bool started = false;          // count: a stopped search had begun; partial is what it found
  dlx::Count128 partial = 0;
  std::uint64_t end_offset = 0;  // bytes of the input read up to the end of this puzzle (input_position)
  std::shared_ptr<const Rules> rules;  // the puzzle's rules and the command line's, for writing it back
  bool streamed = false;               // the beginning of out went to the output already (Batch::stream)
  bool quoted = false;                 // solve --format csv: the solutions' column is quoted (add_solution)
};

// A result as the structured formats write it: {"line":..,"puzzle":..,"status":..,<fields>,"annotation":..}
// in JSON, and the CSV header's columns, both from the command's fields (fields.hpp); `text` is what the text
// formats write.
struct Batch::Record {
  explicit Record(const batch_detail::RecordFields& of) : fields(&of), values(of.fields.size()) {}
  const batch_detail::RecordFields* fields;
  std::string status;
  std::string text;  // text formats: the lines, each ending '\n'
  bool multiline = false;
  std::string
      error;  // JSON: after the fields, the reason a puzzle has no answer (JSON-encoded); none if empty
  struct Value {
    std::string json, csv;
  };
  std::vector<std::optional<Value>> values;  // by field; JSON leaves out the fields not set, CSV writes ""

  // The field named so, as JSON writes it and as CSV does.
  void field(std::string_view name, std::string json_value, std::string csv_value) {
    values[index(name)] = Value{std::move(json_value), std::move(csv_value)};
  }
  // A text or number field's value, written as its kind says.
  void set(std::string_view name, std::string value) {
    const std::size_t i = index(name);
    if (fields->fields[i].kind == batch_detail::Kind::json)
      throw std::logic_error("record field " + std::string(name) + ": a JSON value");
    std::string json =
        fields->fields[i].kind == batch_detail::Kind::text ? batch_detail::json_string(value) : value;
    values[i] = Value{std::move(json), std::move(value)};
  }
  void set_null(std::string_view name) { field(name, "null", ""); }
  // A field that only JSON writes (its CSV text, if any, is in another column).
  void json_field(std::string_view name, std::string json_value) { field(name, std::move(json_value), ""); }

 private:
  std::size_t index(std::string_view name) const {
    for (std::size_t i = 0; i < fields->fields.size(); ++i)
      if (fields->fields[i].name == name) return i;
    throw std::logic_error("no record field " + std::string(name));  // a task's bug: the internal error line
  }
};

// A worker's own solvers, one per shape met so far, and scratch space: nothing here is shared between
// threads.
struct Batch::Worker {
  std::vector<Solver> solvers;
  Grid solution;
  std::uint64_t slices = 0;  // Batch::time_slice()'s calls from this worker (it reads the clock at some)

  Solver& solver_for(Shape shape, const dlx::SearchOptions& options) {
    for (Solver& s : solvers)
      if (s.shape() == shape) return s;
    return solvers.emplace_back(shape, options);
  }

  // Variants: a solver per rules met lately (a batch of killers has new rules for every puzzle, a batch of
  // jigsaws or X puzzles the same ones throughout).
  static constexpr std::size_t kVariantSolvers = 8;
  std::vector<Solver> variant_solvers;

  Solver& solver_for(Rules rules, const dlx::SearchOptions& options) {
    for (Solver& s : variant_solvers)
      if (s.rules() == rules) return s;
    if (variant_solvers.size() == kVariantSolvers) variant_solvers.erase(variant_solvers.begin());
    return variant_solvers.emplace_back(std::move(rules), options);
  }

  // The maker's commands: tools per rules met lately, as above.
  std::vector<std::unique_ptr<MakerTools>> tools;
  MakerTools& tools_for(const Rules& rules, const Symbols& symbols) {
    for (auto& t : tools)
      if (t->solver.rules() == rules) return *t;
    if (tools.size() == kVariantSolvers) tools.erase(tools.begin());
    return *tools.emplace_back(std::make_unique<MakerTools>(rules, symbols));
  }

  std::optional<Generator> generator;  // generate: made on the worker's first puzzle
};

}  // namespace sudoku
