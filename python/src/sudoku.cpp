// The submodule dlx._dlx.sudoku (exposed as dlx.sudoku): solve, count and check one puzzle, read as the sudoku
// command reads it (sudoku::PuzzleReader: every line form, jigsaw and killer lines, pencilmarks) and answered
// under the same rules (sudoku::answer_puzzle), with the command's --box, --symbols, --variant, --regions and
// --extra-regions as keyword arguments.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <dlx/knuth_format.hpp>
#include <dlx/thread_pool.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <sudoku/io/reader.hpp>
#include <sudoku/io/symbols.hpp>
#include <sudoku/io/writer.hpp>
#include <sudoku/maker/generate_options.hpp>
#include <sudoku/model/puzzle_problem.hpp>
#include <sudoku/model/rules.hpp>
#include <sudoku/pipeline/answer.hpp>
#include <sudoku/pipeline/batch.hpp>

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
  // The library's option layer, as the command reads --box, --symbols, --variant, --regions, --extra-regions.
  sudoku::OptionPairs pairs;
  for (const auto& [key, value] : {std::pair{"box", &box},
                                   {"symbols", &symbols},
                                   {"variant", &variant},
                                   {"regions", &regions},
                                   {"extra-regions", &extra_regions}})
    if (*value) pairs.emplace_back(key, **value);
  try {
    const sudoku::PuzzleOptions p = sudoku::read_puzzle_options(pairs, sudoku::OptionSpelling::keywords());
    return {p.reader, p.variants};
  } catch (const sudoku::OptionError& e) {
    throw py::value_error(e.what());
  }
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

// generate's keyword arguments as the option layer takes them (text pairs): None is left out, an int is
// written in decimal, minimal=True is the flag; TypeError for any other type.
sudoku::OptionPairs generate_pairs(const py::dict& options) {
  sudoku::OptionPairs pairs;
  for (const char* name : sudoku::kGenerateKeys) {
    std::string keyword = name;  // Python's spelling: cage_size
    std::replace(keyword.begin(), keyword.end(), '-', '_');
    const char* key = keyword.c_str();
    if (!options.contains(key) || options[key].is_none()) continue;
    const py::object value = options[key];
    const auto type_name = [&] { return py::str(value.get_type().attr("__name__")).cast<std::string>(); };
    if (keyword == "minimal") {
      if (PyObject_IsTrue(value.ptr()) == 1) pairs.emplace_back(key, "");
    } else if (PyLong_Check(value.ptr()) && !PyBool_Check(value.ptr())) {
      // A number of thousands of digits is named, not written out (Python refuses to, past 4300).
      const auto bits = value.attr("bit_length")().cast<std::uint64_t>();
      pairs.emplace_back(key, bits <= 256 ? py::str(value).cast<std::string>()
                                          : "an int of " + std::to_string(bits) + " bits");
    } else if (PyUnicode_Check(value.ptr())) {
      pairs.emplace_back(key, value.cast<std::string>());
    } else {
      throw py::type_error(std::string(key) + " must be a str or an int, not " + type_name());
    }
  }
  return pairs;
}

// Every command of the sudoku tool over `text` (any number of puzzles, as a file holds them; generate: none),
// through the same pipeline (sudoku::Batch) in --format json: returns the JSON Lines, the messages the command
// writes on standard error, and its exit status. `options` are the command's options by name.
py::tuple run(const std::string& command, const std::string& text, unsigned threads,
              const py::dict& options) {
  sudoku::BatchOptions b;
  const auto* name = std::find(std::begin(sudoku::kCommandNames), std::end(sudoku::kCommandNames), command);
  if (name == std::end(sudoku::kCommandNames))
    throw py::value_error(
        "unknown command '" + command +
        "': expected solve, count, check, rate, hint, steps, minimize, candidates or generate");
  b.command = static_cast<sudoku::Command>(name - std::begin(sudoku::kCommandNames));
  b.format = sudoku::Format::json;
  const auto text_of = [&](const char* key) -> Text {
    if (!options.contains(key) || options[key].is_none()) return std::nullopt;
    return py::cast<std::string>(options[key]);
  };
  // A whole number (dlx.sudoku.run checked its type and sign); past 2^64 - 1 no search gets there, which is
  // what 0 says for a limit.
  const auto number_of = [&](const char* key, std::uint64_t fallback) -> std::uint64_t {
    if (!options.contains(key) || options[key].is_none()) return fallback;
    const py::object value = options[key];
    if (!PyLong_Check(value.ptr()) || PyBool_Check(value.ptr()))
      throw py::type_error(std::string(key) + " must be an int, not " +
                           py::str(value.get_type().attr("__name__")).cast<std::string>());
    if (value < py::int_(0)) throw py::value_error(std::string(key) + " must not be negative");
    const unsigned long long n = PyLong_AsUnsignedLongLong(value.ptr());
    if (PyErr_Occurred() != nullptr) {
      PyErr_Clear();
      return 0;
    }
    return n;
  };
  const auto flag_of = [&](const char* key) { return options.contains(key) && py::cast<bool>(options[key]); };
  const bool generating = b.command == sudoku::Command::generate;
  std::uint64_t count = 0;
  if (generating) {
    // The command's options through the library's one option layer: the same checks and messages.
    sudoku::GenerateRequest r;
    try {
      r = sudoku::read_generate_options(generate_pairs(options), sudoku::OptionSpelling::keywords(),
                                        text_of("template_source").value_or("template"));
    } catch (const std::invalid_argument& e) {  // OptionError, or RulesError for a template
      throw py::value_error(e.what());
    }
    b.reader = r.reader;
    b.variants = r.variants;
    b.minimal = r.generate.minimal;
    b.generate = std::move(r.generate);
    count = r.count;
  } else {
    const Settings s = settings(text_of("box"), text_of("symbols"), text_of("variant"), text_of("regions"),
                                text_of("extra_regions"));
    b.reader = s.reader;
    b.variants = s.variants;
    b.minimal = flag_of("minimal");
    if (b.command == sudoku::Command::count) b.limit = number_of("limit", 0);
    if (b.command == sudoku::Command::solve) b.solutions = flag_of("all") ? 0 : number_of("limit", 1);
  }
  std::atomic<bool> stop{false};
  b.stop = &stop;
  std::ostringstream out, err;
  const int status = dlxpy::run_stoppable(stop, [&] {
    dlx::ThreadPool pool(threads);
    sudoku::Batch batch(b, pool);
    if (b.command == sudoku::Command::generate) {
      batch.generate(count, out, err);
    } else {
      std::istringstream in(text);
      batch.run(in, "<text>", out, err);
    }
    return batch.exit_status();
  });
  return py::make_tuple(out.str(), err.str(), status);
}

// The first puzzle of `text` as an exact-cover problem in Knuth's format (the emit command).
std::string emit(const std::string& text, const Text& box, const Text& symbols, const Text& variant,
                 const Text& regions, const Text& extra_regions) {
  const Settings s = settings(box, symbols, variant, regions, extra_regions);
  const sudoku::Puzzle puzzle = parse(text, s);
  if (!puzzle.pencilmarks.empty()) throw py::value_error("emit takes puzzles with givens, not pencilmarks");
  std::ostringstream out;
  try {
    const std::optional<sudoku::Rules> rules = sudoku::puzzle_rules(puzzle, s.variants);
    dlx::write_knuth(sudoku::make_puzzle_problem(puzzle.grid, rules ? &*rules : nullptr), out);
  } catch (const sudoku::RulesError& e) {
    throw py::value_error("line " + std::to_string(puzzle.line) + ": " + e.what());
  }
  return out.str();
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
  m.def("_run", &run, py::arg("command"), py::arg("text"), py::arg("threads"), py::arg("options"),
        "The sudoku command's pipeline in --format json: (JSON Lines, messages, exit status)");
  m.def("emit", &emit, py::arg("text"), py::kw_only(), py::arg("box") = none, py::arg("symbols") = none,
        py::arg("variant") = none, py::arg("regions") = none, py::arg("extra_regions") = none,
        "The first puzzle's exact-cover model in Knuth's format, each given the only option of its cell");
}

}  // namespace dlxpy
