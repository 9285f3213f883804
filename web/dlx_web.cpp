// The page's binding to the libraries (a small C API for the Web Worker, web/worker.js): each call runs one
// action the way the `sudoku` or `dlx` command runs it and keeps what the command would print on standard
// output and standard error, and its exit status, for the worker to read (web_out, web_err). Options come one
// (name, value) pair per web_option() call, never joined into text that a value could break out of, named after
// the commands' options (box, symbols, variant, regions, extra-regions, limit, all, minimal, format; generate:
// every option of the command, read by sudoku::read_generate_options, a "template" option making the action's
// text the template; dlx: memo). The page draws and edits the board from f-puzzles data: web_sudoku's action
// "fpuzzles" gives any puzzle the reader takes as that document (fpuzzles_document below).
#include <algorithm>
#include <cstdint>
#include <exception>
#include <map>
#include <new>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>

#include "dlx/count128.hpp"
#include "dlx/input_error.hpp"
#include "dlx/knuth_format.hpp"
#include "dlx/memo.hpp"
#include "dlx/solution_text.hpp"
#include "dlx/solver.hpp"
#include "dlx/thread_pool.hpp"
#include "sudoku/io/fpuzzles.hpp"
#include "sudoku/io/reader.hpp"
#include "sudoku/io/sudokupad.hpp"
#include "sudoku/io/symbols.hpp"
#include "sudoku/maker/generate_options.hpp"
#include "sudoku/model/rules.hpp"
#include "sudoku/model/shape.hpp"
#include "sudoku/pipeline/answer.hpp"
#include "sudoku/pipeline/batch.hpp"

namespace {

std::string g_out, g_err;

// A bad option, reported as the command reports a usage error.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

using Settings = std::map<std::string, std::string, std::less<>>;

// The options of the next action, from web_option(); each action takes them and starts the next set empty.
Settings g_settings;

Settings take_settings() {
  Settings s;
  s.swap(g_settings);
  return s;
}

const std::string* find(const Settings& s, std::string_view key) {
  const auto it = s.find(key);
  return it == s.end() ? nullptr : &it->second;
}

std::uint64_t number(const Settings& s, std::string_view key, std::uint64_t fallback,
                     std::uint64_t least = 0) {
  const std::string* text = find(s, key);
  if (text == nullptr || text->empty()) return fallback;
  std::uint64_t value = 0;
  const bool digits = text->size() <= 19 &&
                      std::all_of(text->begin(), text->end(), [](char c) { return c >= '0' && c <= '9'; });
  if (digits) value = std::stoull(*text);
  if (!digits || value < least)
    throw UsageError("--" + std::string(key) + " '" + *text + "': expected a whole number from " +
                     std::to_string(least));
  return value;
}

// The options every command takes, written as the page's lines are.
const sudoku::OptionSpelling kLines{[](std::string_view key, std::string_view value) {
  return std::string(key) + (value.empty() ? "" : "=" + std::string(value));
}};

// box, symbols and rules through the library's option layer, as the command reads them.
void read_reader_and_variants(const Settings& s, sudoku::BatchOptions& b) {
  sudoku::OptionPairs pairs;
  for (const char* key : sudoku::kPuzzleKeys)
    if (const std::string* value = find(s, key); value && !value->empty()) pairs.emplace_back(key, *value);
  try {
    const sudoku::PuzzleOptions p = sudoku::read_puzzle_options(pairs, kLines);
    b.reader = p.reader;
    b.variants = p.variants;
  } catch (const sudoku::OptionError& e) {
    throw UsageError(e.what());
  }
}

// generate's options through the library's one option layer (the command's checks and messages), written as
// the page's lines are: "clues=82". A "template" line says that the action's text (which generate does not
// read otherwise) is the template: a line cannot hold an f-puzzles document.
std::uint64_t read_generate(const Settings& s, const std::string& text, sudoku::BatchOptions& b) {
  sudoku::OptionPairs pairs;
  for (const auto& [key, value] : s)
    if (key != "format") pairs.emplace_back(key, key == "template" ? text : value);
  sudoku::GenerateRequest r;
  try {
    r = sudoku::read_generate_options(pairs, kLines);
  } catch (const sudoku::OptionError& e) {
    throw UsageError(e.what());
  }
  b.reader = r.reader;
  b.variants = r.variants;
  b.minimal = r.generate.minimal;
  b.generate = std::move(r.generate);
  return r.count;
}

std::string_view trimmed(std::string_view t) {
  const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (!t.empty() && space(t.front())) t.remove_prefix(1);
  while (!t.empty() && space(t.back())) t.remove_suffix(1);
  return t;
}

// The first puzzle of `text` as one line of f-puzzles JSON, which the page draws and edits: an f-puzzles
// document or link as it is (every rule it holds, read or not, is drawn; the actions say what they refuse),
// anything else the reader takes (lines, grids, killer and jigsaw lines, pencilmarks, SudokuPad links) with
// the options' rules written in, pencilmarks as "givenPencilMarks". An unreadable puzzle is the command's
// error: "error: ..." on standard output, "<stdin>:LINE: ..." on standard error, status 2.
int fpuzzles_document(const std::string& text, const Settings& s) {
  const std::string_view t = trimmed(text);
  try {
    if (sudoku::is_fpuzzles_link(t) && !sudoku::is_sudokupad_link(t)) {
      g_out = sudoku::fpuzzles_link_json(t) + '\n';
      return 0;
    }
    if (t.starts_with('{') && sudoku::is_fpuzzles_json(t)) {
      if (t.size() > sudoku::kMaxFpuzzlesDocument)
        throw sudoku::RulesError("a JSON document longer than " +
                                 std::to_string(sudoku::kMaxFpuzzlesDocument >> 20) + " MiB");
      g_out = std::string(t) + '\n';
      return 0;
    }
  } catch (const sudoku::RulesError& e) {
    g_out = std::string("error: ") + e.what() + '\n';
    g_err = std::string("<stdin>:1: ") + e.what() + '\n';
    return 2;
  }
  sudoku::BatchOptions b;
  read_reader_and_variants(s, b);
  std::istringstream in(text);
  sudoku::PuzzleReader reader(in, b.reader);
  sudoku::Puzzle puzzle;
  if (!reader.next(puzzle)) throw UsageError("no puzzle in the text");
  std::string error = puzzle.error;
  if (error.empty()) {
    try {
      std::optional<sudoku::Rules> read = sudoku::puzzle_rules(puzzle, b.variants);
      sudoku::Rules rules = read ? std::move(*read) : sudoku::make_rules(puzzle.grid.shape, b.variants);
      const int n = puzzle.grid.side();
      const std::uint64_t all = n >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
      for (std::size_t cell = 0; cell < puzzle.pencilmarks.size(); ++cell) {
        const std::uint64_t marks = puzzle.pencilmarks[cell];
        if (marks != 0 && (marks & (marks - 1)) == 0) {
          int d = 1;
          while ((marks >> (d - 1) & 1) == 0) ++d;
          puzzle.grid.cells[cell] = static_cast<std::uint8_t>(d);
        } else if (marks != all) {
          sudoku::Constraint k;
          k.kind = sudoku::ConstraintKind::candidates;
          k.cells = {static_cast<int>(cell)};
          k.value = static_cast<int>(marks);
          rules.constraints.push_back(std::move(k));
        }
      }
      sudoku::append_fpuzzles(g_out, puzzle.grid, rules);
      g_out += '\n';
      return 0;
    } catch (const sudoku::RulesError& e) {
      error = e.what();
    }
  }
  const std::size_t line = puzzle.error_line != 0 ? puzzle.error_line : puzzle.line;
  g_out = "error: " + error + '\n';
  g_err = "<stdin>:" + std::to_string(line) + ": " + error + '\n';
  return 2;
}

int sudoku_action(std::string_view command, const std::string& text, const Settings& s) {
  if (command == "fpuzzles") return fpuzzles_document(text, s);
  sudoku::BatchOptions b;
  const auto* name = std::find(std::begin(sudoku::kCommandNames), std::end(sudoku::kCommandNames), command);
  if (name == std::end(sudoku::kCommandNames))
    throw UsageError("unknown command '" + std::string(command) + "'");
  b.command = static_cast<sudoku::Command>(name - std::begin(sudoku::kCommandNames));
  if (const std::string* format = find(s, "format"); format && !format->empty()) {
    const auto parsed = sudoku::parse_format(*format);
    if (!parsed)
      throw UsageError("--format '" + *format + "': expected same, line, grid, judge, pretty, csv or json");
    b.format = *parsed;
  }
  b.minimal = find(s, "minimal") != nullptr;
  if (b.command == sudoku::Command::count) b.limit = number(s, "limit", 0);
  if (b.command == sudoku::Command::solve) b.solutions = find(s, "all") ? 0 : number(s, "limit", 1, 1);
  std::uint64_t count = 0;
  if (b.command == sudoku::Command::generate)
    count = read_generate(s, text, b);
  else
    read_reader_and_variants(s, b);
  // One worker: the calling thread does all the work (a WebAssembly module without threads).
  dlx::ThreadPool pool(1);
  sudoku::Batch batch(b, pool);
  std::ostringstream out, err;
  if (b.command == sudoku::Command::generate) {
    batch.generate(count, out, err);
  } else {
    std::istringstream in(text);
    batch.run(in, "<stdin>", out, err);
  }
  batch.finish(out);
  g_out = out.str();
  g_err = err.str();
  return batch.exit_status();
}

// dlx's default mode (the first solution), --all (--limit N), and --count (--limit N, or --memo).
int dlx_action(std::string_view mode, const std::string& text, const Settings& s) {
  std::istringstream in(text);
  dlx::KnuthInput input;
  try {
    input = dlx::read_knuth(in, "<stdin>");
  } catch (const dlx::InputError& e) {
    g_err = std::string(e.what()) + '\n';
    return 2;
  }
  for (const std::string& warning : input.warnings) g_err += warning + '\n';
  const std::uint64_t limit = number(s, "limit", 0, 1);
  if (mode == "count") {
    if (find(s, "memo")) {
      dlx::MemoCounter counter(input.problem, dlx::MemoOptions{});
      const dlx::MemoCount c = counter.count();
      g_out = dlx::to_decimal(c.solutions) + (c.complete ? "" : "+") + '\n';
      return c.status == dlx::Status::overflow ? 4 : 0;
    }
    dlx::Solver solver(input.problem);
    // One solution past the limit tells "exactly N" from "N+", as the command does.
    dlx::Count c = solver.count(limit == 0 || limit == UINT64_MAX ? limit : limit + 1);
    if (limit != 0 && c.solutions > limit) c = {limit, false};
    g_out = dlx::to_decimal(c.solutions) + (c.complete ? "" : "+") + '\n';
    return solver.status() == dlx::Status::overflow ? 4 : 0;
  }
  if (mode != "solve" && mode != "all") throw UsageError("unknown action '" + std::string(mode) + "'");
  const std::uint64_t most = mode == "solve" && limit == 0 ? 1 : limit;
  dlx::Solver solver(input.problem);
  std::uint64_t printed = 0;
  while ((most == 0 || printed < most) && solver.next()) {
    if (printed++ > 0) g_out += '\n';
    dlx::append_solution_text(g_out, input.problem, solver.solution());
  }
  if (printed == 0) {
    g_err += "dlx: no solution\n";
    return 1;
  }
  return 0;
}

template <class Action>
int guarded(const char* program, Action&& action) {
  g_out.clear();
  g_err.clear();
  try {
    return action();
  } catch (const UsageError& e) {
    g_err += std::string(program) + ": " + e.what() + '\n';
  } catch (const std::bad_alloc&) {
    g_err += std::string(program) + ": out of memory\n";
    return 1;
  } catch (const std::exception& e) {
    g_err += std::string(program) + ": " + e.what() + '\n';
  }
  return 2;
}

}  // namespace

extern "C" {

// One option of the next web_sudoku() or web_dlx() call: its name and value as they are (an empty value for a
// flag).
void web_option(const char* name, const char* value) {
  g_settings[name] = value;
}

// The sudoku command `command` (solve, count, check, rate, hint, steps, minimize, candidates, generate, or the
// page's "fpuzzles": the first puzzle as an f-puzzles document) over the puzzles of `text`, with the options given since the last call; returns its exit status.
int web_sudoku(const char* command, const char* text) {
  Settings s = take_settings();
  return guarded("sudoku", [&] { return sudoku_action(command, text, s); });
}

// dlx over the problem of `text` in Knuth's format: `mode` is solve (the first solution, or the first
// `limit`), all, or count.
int web_dlx(const char* mode, const char* text) {
  Settings s = take_settings();
  return guarded("dlx", [&] { return dlx_action(mode, text, s); });
}

// What the last call printed.
const char* web_out() {
  return g_out.c_str();
}
const char* web_err() {
  return g_err.c_str();
}
}
