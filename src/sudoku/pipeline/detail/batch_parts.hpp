// The pipeline's per-puzzle state, shared by its parts (batch.cpp: reading, ordering and writing;
// tasks.cpp: each command's work; records.cpp: the results in every format). Not installed.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sudoku/io/symbols.hpp"
#include "sudoku/maker/generator.hpp"
#include "sudoku/maker/puzzle_logic.hpp"
#include "sudoku/model/solver.hpp"
#include "sudoku/pipeline/batch.hpp"

namespace sudoku::batch_detail {

// How a puzzle's result counts in the totals and the exit status.
enum class Outcome { solved, none, multiple, error, unknown };

// The header of each command's CSV output (by Command).
inline constexpr std::string_view kCsvHeader[] = {
    "line,puzzle,status,solution,annotation\n",
    "line,puzzle,count,annotation\n",
    "line,puzzle,status,annotation\n",
    "line,puzzle,status,tier,rating,er,ep,ed,technique,annotation\n",
    "line,puzzle,status,hint,annotation\n",
    "line,puzzle,status,steps,annotation\n",
    "line,puzzle,status,minimized,clues,annotation\n",
    "line,puzzle,status,candidates,annotation\n",
    "line,puzzle,status,solution,seed,index,clues,symmetry,tier\n",
};

// The CSV header of a run: the command's, and for generate to a rating the puzzles' ER, EP and ED too.
inline std::string_view csv_header(const BatchOptions& options) {
  if (options.command == Command::generate && (options.generate.rating || options.generate_rating))
    return "line,puzzle,status,solution,seed,index,clues,symmetry,tier,er,ep,ed\n";
  return kCsvHeader[static_cast<int>(options.command)];
}

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
// in JSON, and the command's CSV header's columns; `text` is what the text formats write.
struct Batch::Record {
  std::string status;
  std::vector<std::pair<std::string, std::string>> json;  // name, JSON value (already encoded)
  std::vector<std::string> csv;                           // the columns between status and annotation
  std::string text;                                       // text formats: the lines, each ending '\n'
  bool multiline = false;
  bool status_column = true;  // count's CSV has no status column
  void field(std::string name, std::string json_value, std::string csv_value) {
    json.emplace_back(std::move(name), std::move(json_value));
    csv.push_back(std::move(csv_value));
  }
};

// A worker's own solvers, one per shape met so far, and scratch space: nothing here is shared between
// threads.
struct Batch::Worker {
  std::vector<Solver> solvers;
  Grid solution;

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
