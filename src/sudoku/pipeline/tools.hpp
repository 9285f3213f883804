// The puzzle maker's per-puzzle commands over a stream of puzzles, one result per puzzle in input order:
//
//   rate        the tier and details (rater.hpp); "none" or "multiple" when not unique
//   minimize    the puzzle with givens dropped until minimal (same unique solution), annotation kept
//   hint        the next deduction (logic.hpp), singles first
//   steps       every deduction in order, one per line, then "solved" or "stuck: ..."; a blank line between
//               puzzles
//   candidates  the true candidates (digits in some solution) as an n^3-character pencilmark line
//
// Pencilmark lines are read too (rate, hint, steps and candidates start from their candidates). A puzzle that
// cannot be read gets "error: what is wrong" in its place and "source:line: what is wrong" on the error
// stream; the others carry on.
#pragma once

#include <atomic>
#include <cstdint>
#include <istream>
#include <memory>
#include <ostream>
#include <string_view>

#include "sudoku/io/reader.hpp"
#include "sudoku/model/rules.hpp"

namespace sudoku {

enum class Tool { rate, minimize, hint, steps, candidates };

struct ToolOptions {
  Tool tool = Tool::rate;
  ReaderOptions reader;
  const std::atomic<bool>* stop = nullptr;  // raised: no new puzzle starts
};

// The same commands as the pipeline runs them (batch.hpp: Command::rate...), one thread, for callers of this
// older interface.
class ToolRunner {
 public:
  // Variants: jigsaw regions (--regions, or a puzzle's own) for every tool; the other rules for minimize only
  // (the techniques, and the candidates, know rows, columns and regions alone). Puzzles with rules a tool
  // cannot take get an error.
  explicit ToolRunner(ToolOptions options, Variants variants = {});
  ~ToolRunner();
  ToolRunner(const ToolRunner&) = delete;
  ToolRunner& operator=(const ToolRunner&) = delete;

  // Every puzzle of `in`, `source` naming it in messages.
  void run(std::istream& in, std::string_view source, std::ostream& out, std::ostream& err);
  void add_input_error();

  std::uint64_t puzzles() const;
  // Puzzles finished so far, readable from any thread (for a progress line) while run() goes on.
  std::uint64_t puzzles_done() const;
  // How far into the input of the run under way the puzzles read reach, in bytes, readable from any thread.
  std::uint64_t input_position() const;
  // 0 all good; 1 some puzzle had no or several solutions; 2 some input was bad.
  int exit_status() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace sudoku
