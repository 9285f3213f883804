// The submodule dlx._dlx.sudoku (exposed as dlx.sudoku): solve, count and check one puzzle, read as the sudoku
// command reads it (sudoku::PuzzleReader: every line form, jigsaw and killer lines, pencilmarks) and answered
// under the same rules (sudoku::answer_puzzle), with the command's --box, --symbols, --variant, --regions and
// --extra-regions as keyword arguments.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <sudoku/io/reader.hpp>
#include <sudoku/io/symbols.hpp>
#include <sudoku/io/writer.hpp>
#include <sudoku/model/rules.hpp>
#include <sudoku/pipeline/answer.hpp>

#include "interrupt.hpp"

namespace py = pybind11;

namespace {

// The keyword arguments every function takes, as the command's options.
struct Settings {
  sudoku::ReaderOptions reader;
  sudoku::Variants variants;
};

Settings settings(const std::optional<std::string>& box, const std::optional<std::string>& symbols,
                  const std::optional<std::string>& variant, const std::optional<std::string>& regions,
                  const std::optional<std::string>& extra_regions) {
  Settings s;
  if (box) {
    s.reader.box = sudoku::parse_box(*box);
    if (!s.reader.box) throw py::value_error("box='" + *box + "': expected RxC, such as 3x3 or 2x3");
  }
  try {
    if (symbols) s.reader.symbols = sudoku::Symbols(*symbols);
    if (variant) sudoku::parse_variant_names(*variant, s.variants);
  } catch (const std::invalid_argument& e) {  // RulesError is one too
    throw py::value_error(e.what());
  }
  if (regions) s.variants.regions = *regions;
  if (extra_regions) s.variants.extra_regions = *extra_regions;
  return s;
}

// The puzzle in `text` (one puzzle, in any layout the command reads); ValueError naming what is wrong (the
// reader's message) otherwise.
sudoku::Puzzle parse(const std::string& text, const Settings& s) {
  std::istringstream in(text);
  sudoku::PuzzleReader reader(in, s.reader);
  sudoku::Puzzle puzzle;
  if (!reader.next(puzzle)) throw py::value_error("no puzzle in the text");
  if (!puzzle.ok()) throw py::value_error("line " + std::to_string(puzzle.error_line) + ": " + puzzle.error);
  sudoku::Puzzle extra;
  if (reader.next(extra)) throw py::value_error("more than one puzzle in the text");
  return puzzle;
}

// The search on a worker thread, so that Ctrl-C stops it (KeyboardInterrupt) and other threads run meanwhile.
sudoku::PuzzleAnswer answer(const std::string& text, std::uint64_t limit, bool want_first,
                            const Settings& s) {
  const sudoku::Puzzle puzzle = parse(text, s);
  std::atomic<bool> stop{false};
  dlx::SearchOptions options;
  options.stop = &stop;
  sudoku::PuzzleAnswer result;
  try {
    result = dlxpy::run_stoppable(
        stop, [&] { return sudoku::answer_puzzle(puzzle, limit, want_first, s.variants, options); });
  } catch (const sudoku::RulesError& e) {
    throw py::value_error("line " + std::to_string(puzzle.line) + ": " + e.what());
  }
  if (result.status == dlx::Status::overflow) throw std::overflow_error("more than 2^128 - 1 solutions");
  return result;
}

using Text = std::optional<std::string>;

// The first solution's n*n cells as text (a one-line puzzle's length; a jigsaw or killer line's rules are not
// repeated), or None.
py::object solve(const std::string& text, const Text& box, const Text& symbols, const Text& variant,
                 const Text& regions, const Text& extra_regions) {
  const Settings s = settings(box, symbols, variant, regions, extra_regions);
  const sudoku::PuzzleAnswer result = answer(text, 1, true, s);
  if (result.first.cells.empty()) return py::none();
  std::string out;
  sudoku::append_line(out, result.first, s.reader.symbols);
  return py::str(out);
}

py::int_ count(const std::string& text, std::uint64_t limit, const Text& box, const Text& symbols,
               const Text& variant, const Text& regions, const Text& extra_regions) {
  const Settings s = settings(box, symbols, variant, regions, extra_regions);
  return dlxpy::to_python(answer(text, limit, false, s).count.solutions);
}

std::string check(const std::string& text, const Text& box, const Text& symbols, const Text& variant,
                  const Text& regions, const Text& extra_regions) {
  const Settings s = settings(box, symbols, variant, regions, extra_regions);
  const dlx::Count128 n = answer(text, 2, false, s).count.solutions;
  return n == 0 ? "none" : n == 1 ? "unique" : "multiple";
}

}  // namespace

namespace dlxpy {

void bind_sudoku(py::module_& parent) {
  py::module_ m = parent.def_submodule(
      "sudoku",
      "Sudoku puzzles in any form the sudoku command reads: lines, grids, jigsaw, killer, pencilmarks");
  const auto none = py::none();
  m.def("solve", &solve, py::arg("text"), py::kw_only(), py::arg("box") = none, py::arg("symbols") = none,
        py::arg("variant") = none, py::arg("regions") = none, py::arg("extra_regions") = none,
        "The first solution's n*n cells as a string (a one-line puzzle's length), or None");
  m.def("count", &count, py::arg("text"), py::arg("limit") = 0, py::kw_only(), py::arg("box") = none,
        py::arg("symbols") = none, py::arg("variant") = none, py::arg("regions") = none,
        py::arg("extra_regions") = none, "The number of solutions (0 limit: all)");
  m.def("check", &check, py::arg("text"), py::kw_only(), py::arg("box") = none, py::arg("symbols") = none,
        py::arg("variant") = none, py::arg("regions") = none, py::arg("extra_regions") = none,
        "\"unique\", \"multiple\" or \"none\"");
}

}  // namespace dlxpy
