// sudoku: solve, count or check Sudoku puzzles read from files or standard input. Every option maps onto the
// sudoku library (src/sudoku); this file only parses the command line and opens the inputs.
#include <algorithm>
#include <atomic>
#include <boost/program_options.hpp>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <dlx/solver.hpp>
#include <dlx/thread_pool.hpp>
#include <dlxapp/interrupts.hpp>
#include <dlxapp/output.hpp>
#include <dlxapp/progress_line.hpp>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <string>
#include <sudoku/batch.hpp>
#include <sudoku/generator.hpp>
#include <sudoku/rules.hpp>
#include <sudoku/tools.hpp>
#include <vector>

namespace po = boost::program_options;

namespace {

constexpr const char* kUsage = R"(Usage: sudoku [COMMAND] [OPTION...] [FILE...]
       sudoku generate [N] [--box RxC] [--symmetry S] [--minimal] [--clues K] [--tier T] [--seed S]

Reads Sudoku puzzles from the FILEs, or from standard input when there is none or FILE is '-'.
  solve       (the default) print each puzzle's first solution, or "no solution"
  count       print each puzzle's number of solutions; "N+" when --limit stopped the count
  check       print "unique", "multiple" or "none" ("none: why" when givens clash); with --minimal,
              "minimal" or "not-minimal" after "unique"
  rate        the easiest tier solving it without guessing: singles, locked, subsets, else search;
              then the steps of each technique used (for search: guesses and nodes); none or multiple
  hint        the next deduction, e.g. "r3c4=5 hidden single in box 2"
  steps       every deduction in order, then "solved" or "stuck: ..."
  minimize    the puzzle with givens removed while it stays unique: a minimal puzzle
  candidates  the true candidates (digits in some solution) as a pencilmark line of n^3 characters
  generate    N puzzles (default 1) with exactly one solution, each with "seed=.. index=.. clues=..
              symmetry=.. tier=.." after the cells; the same --seed gives the same puzzles

Input: one puzzle per line (81 characters for 9x9, '.', '0', '_' or '*' for a blank, then optionally, after
white space, ':' or ',', an annotation that is echoed with the result); CSV with a header naming a puzzle
column; this program's JSON output; pencilmark lines of n^3 characters (729 for 9x9); grids of n lines of n
cells, with or without spaces and |-+ box drawing; or n lines of n space-separated numbers with 0 for a
blank. '#' and '%' lines are comments. Boards from 4x4 to 25x25: the shape comes from the number of cells
(16, 36, 64, 81, 144, 256, 625) or --box. Every puzzle gets exactly one result, in input order; a bad
puzzle gets "error: what is wrong" in its place and "FILE:LINE: what is wrong" on standard error.

Variants (solve, count, check, generate, minimize; rate, hint, steps: regions, not neighbour rules or cages):
--variant x,windoku,anti-knight,anti-king,non-consecutive;
--regions LAYOUT (jigsaw: n*n characters naming each cell's region) or a line of 2*n*n characters (the
givens, then the layout); --extra-regions LAYOUT ('.' for no region); killers as SudoCue lines
(3x3::k:... or 3x3:d:k:... with diagonals, n*n numbers sum*256+cage) or typed lines
(killer AAB.C... A=15 B=7 C=9 [givens=...]).

Ctrl-C or --time-limit stops the run: the puzzles finished by then keep their results, in order, a count
cut short is printed as "N+", the others get nothing, and a note on standard error says how far it got.
A second Ctrl-C exits at once. Output into a pipe whose reader went away ends the run quietly.

Exit status:
    0  every puzzle solved (solve), unique (check, rate, ...) or counted (count); or the reader went away
    1  some puzzle had no solution (solve) or was not unique (check, rate, ...); generate: a puzzle
       could not be made within --attempts
    2  some input was bad: an unreadable puzzle or file, clashing givens, or a usage error; or the output
       could not be written ("sudoku: write error: ...")
    3  --time-limit ran out
  130  interrupted by Ctrl-C (SIGINT); 143 by SIGTERM, 129 by SIGHUP, which stop it the same way
)";

struct Exit {
  int status;
};

[[noreturn]] void usage_error(const std::string& message) {
  std::cerr << "sudoku: " << message << "\nTry 'sudoku --help'.\n";
  throw Exit{dlxapp::kExitUsage};
}

constexpr std::uint64_t kMaxThreads = 1024;

// A whole decimal number up to max; boost would take "-1" as 2^64-1.
std::uint64_t parse_number(const std::string& option, const std::string& text, std::uint64_t max) {
  std::uint64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc{} || ptr != end || value > max)
    usage_error(option + " " + text + ": expected a whole number from 0 to " + std::to_string(max));
  return value;
}

// Every option as typed; what each means is checked in the functions below, per command.
struct Options {
  std::string command = "solve";
  std::vector<std::string> args;  // files, or generate's count
  std::string box, variant, regions, extra_regions, symbols, format = "same", limit, threads, time_limit,
                                                             symmetry = "none", clues, tier, seed, attempts;
  bool stats = false, minimal = false, progress = false;
  po::variables_map vm;
};

constexpr const char* kCommands[] = {"solve", "count",    "check",      "rate",    "hint",
                                     "steps", "minimize", "candidates", "generate"};

// Calls open(stream, name) for each file ('-' is standard input), or report(message) when it cannot be read.
template <class Open, class Report>
void for_each_input(const std::vector<std::string>& files, Open&& open, Report&& report) {
  for (const std::string& file : files) {
    if (file == "-") {
      if (!open(std::cin, std::string_view("<stdin>"))) return;
      continue;
    }
    std::error_code ec;
    if (std::filesystem::is_directory(file, ec)) {
      report(file + ":0: cannot read file: is a directory");
      continue;
    }
    std::ifstream in(file, std::ios::binary);
    if (!in) {
      report(file + ":0: cannot open file: " + std::strerror(errno));
      continue;
    }
    if (!open(in, std::string_view(file))) return;
  }
}

sudoku::ReaderOptions reader_options(const Options& o) {
  sudoku::ReaderOptions reader;
  if (o.vm.count("box")) {
    const auto shape = sudoku::parse_box(o.box);
    if (!shape)
      usage_error("--box " + o.box + ": expected RxC, such as 3x3 or 2x3, with a side from 2 to " +
                  std::to_string(sudoku::kMaxSide));
    reader.box = shape;
  }
  if (o.vm.count("symbols")) {
    try {
      reader.symbols = sudoku::Symbols(o.symbols);
    } catch (const std::invalid_argument& e) {
      usage_error(e.what());
    }
  }
  return reader;
}

// --variant, --regions and --extra-regions, checked as far as they can be without a puzzle.
sudoku::Variants variants(const Options& o) {
  sudoku::Variants variants;
  const auto check = [](const char* option, auto&& parse) {
    try {
      parse();
    } catch (const sudoku::RulesError& e) {
      usage_error(std::string(option) + ": " + e.what());
    }
  };
  if (o.vm.count("variant")) check("--variant", [&] { sudoku::parse_variant_names(o.variant, variants); });
  if (o.vm.count("regions"))
    check("--regions", [&] { sudoku::parse_regions(o.regions, sudoku::layout_side(o.regions, "LAYOUT")); });
  if (o.vm.count("extra-regions"))
    check("--extra-regions", [&] {
      sudoku::parse_extra_regions(o.extra_regions, sudoku::layout_side(o.extra_regions, "LAYOUT"));
    });
  variants.regions = o.regions;
  variants.extra_regions = o.extra_regions;
  return variants;
}

void report_stop(const dlxapp::Interrupts& interrupts, std::uint64_t done, std::uint64_t read,
                 const std::string& partial = {}) {
  if (const std::string why = interrupts.describe(); !why.empty())
    std::cerr << "sudoku: " << why << " after " << done << " of the " << read << " puzzles read" << partial
              << '\n';
}

// The progress of a run over input files, for its progress line: puzzles done, and the share of the input read
// when every input is a regular file (a pipe's length is not known until its end).
class InputProgress {
 public:
  explicit InputProgress(const std::vector<std::string>& files) {
    for (const std::string& file : files) {
      std::error_code ec;
      const auto size = file == "-" || !std::filesystem::is_regular_file(file, ec)
                            ? std::uintmax_t{0}
                            : std::filesystem::file_size(file, ec);
      if (file == "-" || ec || size == 0) known_ = false;
      total_ += ec ? 0 : size;
    }
  }
  // A file was read to its end (or given up): its bytes count as read.
  void finished(std::string_view file) {
    std::error_code ec;
    if (const auto size = std::filesystem::file_size(std::string(file), ec); !ec) base_.fetch_add(size);
  }
  // done: the puzzles answered; position: how far into the file under way the reading has come.
  std::function<dlx::Progress()> snapshot(std::function<std::uint64_t()> done,
                                          std::function<std::uint64_t()> position) const {
    return [this, started = std::chrono::steady_clock::now(), done = std::move(done),
            position = std::move(position)] {
      dlx::Progress p;
      p.fraction =
          known_ ? std::min(1.0, static_cast<double>(base_.load() + position()) / static_cast<double>(total_))
                 : -1;
      p.solutions = done();
      p.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
      return p;
    };
  }

 private:
  bool known_ = true;                    // every input is a regular file of known size
  std::uintmax_t total_ = 0;             // their sizes
  std::atomic<std::uintmax_t> base_{0};  // the sizes of the files read to the end
};

const dlxapp::ProgressStyle kPuzzles{"puzzles", true};

int run_batch(const Options& o, dlxapp::Interrupts& interrupts, dlxapp::OutputGuard& output) {
  sudoku::BatchOptions options;
  options.command = o.command == "solve"   ? sudoku::Command::solve
                    : o.command == "count" ? sudoku::Command::count
                                           : sudoku::Command::check;
  options.reader = reader_options(o);
  const auto format = sudoku::parse_format(o.format);
  if (!format)
    usage_error("--format " + o.format +
                ": expected same, line, grid, judge, pretty, csv, json or json-array");
  if (o.vm.count("format") && options.command != sudoku::Command::solve && *format != sudoku::Format::csv &&
      !sudoku::is_json(*format))
    usage_error("--format " + o.format + ": count and check write csv, json or json-array");
  options.format = *format;
  if (o.vm.count("limit") && options.command != sudoku::Command::count)
    usage_error("--limit applies to count only");
  if (o.vm.count("limit")) options.limit = parse_number("--limit", o.limit, UINT64_MAX);
  if (o.minimal && options.command != sudoku::Command::check)
    usage_error("--minimal applies to check and generate only");
  options.minimal = o.minimal;
  options.variants = variants(o);
  options.stats = o.stats;
  options.stop = interrupts.flag();
  options.on_slow_run = [&output] { output.watch(); };
  const auto threads =
      o.vm.count("threads") ? static_cast<unsigned>(parse_number("--threads", o.threads, kMaxThreads)) : 0u;

  dlx::ThreadPool pool(threads);
  sudoku::Batch batch(options, pool);
  const auto started = std::chrono::steady_clock::now();
  InputProgress input(o.args);
  const dlxapp::ProgressLine progress(
      input.snapshot([&] { return batch.puzzles_done(); }, [&] { return batch.input_position(); }),
      o.progress || dlxapp::ProgressLine::is_terminal(stderr), stderr, std::chrono::seconds(1),
      std::chrono::milliseconds(250), kPuzzles);
  try {
    for_each_input(
        o.args,
        [&](std::istream& in, std::string_view name) {
          if (batch.stopped()) return false;
          batch.run(in, name, std::cout, std::cerr);
          input.finished(name);
          return true;
        },
        [&](const std::string& message) {
          std::cerr << message << '\n';
          batch.add_input_error();
        });
    if (!batch.stopped()) batch.finish(std::cout);
  } catch (const sudoku::OutputError&) {
    // The OutputGuard knows why (a closed pipe, a full disk) and tells in finish().
  }
  output.flush();
  const sudoku::Totals& t = batch.totals();
  std::string partial;
  if (const auto& p = batch.partial())
    partial = "; the count of " + p->source + ':' + std::to_string(p->line) + " is partial (" +
              dlx::to_decimal(p->solutions) + "+)";
  report_stop(interrupts, t.puzzles, t.read, partial);
  if (options.stats) {
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::cerr << "sudoku: " << t.puzzles << " puzzles, " << t.nodes << " nodes, " << t.seconds
              << " s solving (" << (t.puzzles ? t.seconds / static_cast<double>(t.puzzles) * 1e6 : 0.0)
              << " us per puzzle), " << wall << " s in all on " << pool.size() << " threads\n";
  }
  return batch.exit_status();
}

int run_tool(const Options& o, dlxapp::Interrupts& interrupts, dlxapp::OutputGuard& output) {
  sudoku::ToolOptions options;
  options.tool = o.command == "rate"       ? sudoku::Tool::rate
                 : o.command == "hint"     ? sudoku::Tool::hint
                 : o.command == "steps"    ? sudoku::Tool::steps
                 : o.command == "minimize" ? sudoku::Tool::minimize
                                           : sudoku::Tool::candidates;
  options.reader = reader_options(o);
  options.stop = interrupts.flag();
  sudoku::ToolRunner runner(options, variants(o));
  InputProgress input(o.args);
  const dlxapp::ProgressLine progress(
      input.snapshot([&] { return runner.puzzles_done(); }, [&] { return runner.input_position(); }),
      o.progress || dlxapp::ProgressLine::is_terminal(stderr), stderr, std::chrono::seconds(1),
      std::chrono::milliseconds(250), kPuzzles);
  for_each_input(
      o.args,
      [&](std::istream& in, std::string_view name) {
        runner.run(in, name, std::cout, std::cerr);
        input.finished(name);
        return output.flush();
      },
      [&](const std::string& message) {
        std::cerr << message << '\n';
        runner.add_input_error();
      });
  output.flush();
  report_stop(interrupts, runner.puzzles(), runner.puzzles());
  return runner.exit_status();
}

int run_generate(const Options& o, dlxapp::Interrupts& interrupts, dlxapp::OutputGuard& output) {
  sudoku::GenerateOptions options;
  const sudoku::ReaderOptions reader = reader_options(o);
  const sudoku::Variants rules = variants(o);
  options.shape = reader.box.value_or(sudoku::Shape{3, 3});
  if (!o.regions.empty() && !reader.box) {
    // A jigsaw's size is its layout's; its boxes (unused) the usual ones, or rows for a prime side.
    const int side = sudoku::layout_side(o.regions, "--regions");
    options.shape = sudoku::shape_for_side(static_cast<std::size_t>(side)).value_or(sudoku::Shape{1, side});
  }
  bool rated = true;  // the techniques know every rule: regions, not neighbour rules or cages
  try {
    rated = sudoku::Houses::holds(sudoku::make_rules(options.shape, rules));
  } catch (const sudoku::RulesError& e) {
    usage_error(e.what());
  }
  if (!rated && o.vm.count("tier"))
    usage_error(
        "--tier does not apply to neighbour rules: the techniques know regions only (rows, columns, boxes "
        "or jigsaw regions, x, windoku, extra regions)");
  if (o.args.size() > 1) usage_error("generate takes one number, the count of puzzles, and no files");
  const std::uint64_t count = o.args.empty() ? 1 : parse_number("generate", o.args[0], UINT64_MAX);
  const auto symmetry = sudoku::parse_symmetry(o.symmetry);
  if (!symmetry)
    usage_error("--symmetry " + o.symmetry +
                ": expected none, rotate90, rotate180, mirror, flip or diagonal");
  options.symmetry = *symmetry;
  options.minimal = o.minimal;
  if (o.vm.count("clues"))
    options.clues =
        static_cast<int>(parse_number("--clues", o.clues, static_cast<std::uint64_t>(options.shape.cells())));
  if (o.vm.count("tier")) {
    options.tier = sudoku::parse_tier(o.tier);
    if (!options.tier) usage_error("--tier " + o.tier + ": expected singles, locked, subsets or search");
  }
  options.seed =
      o.vm.count("seed")
          ? parse_number("--seed", o.seed, UINT64_MAX)
          : static_cast<std::uint64_t>(std::chrono::system_clock::now().time_since_epoch().count());
  if (o.vm.count("attempts")) options.attempts = parse_number("--attempts", o.attempts, UINT64_MAX);
  if (options.attempts == 0) usage_error("--attempts 0: expected at least 1");
  if (options.shape.side() > reader.symbols.size())
    usage_error("a " + std::to_string(options.shape.side()) + "x" + std::to_string(options.shape.side()) +
                " board needs " + std::to_string(options.shape.side()) +
                " symbols; give them with --symbols");
  const auto threads =
      o.vm.count("threads") ? static_cast<unsigned>(parse_number("--threads", o.threads, kMaxThreads)) : 0u;

  dlx::ThreadPool pool(threads);
  std::atomic<std::uint64_t> done{0};
  const auto started = std::chrono::steady_clock::now();
  int status = 0;
  {
    dlxapp::ProgressLine progress(
        [&] {
          dlx::Progress p;
          p.solutions = done.load();
          p.fraction =
              static_cast<double>(p.solutions) / static_cast<double>(std::max<std::uint64_t>(1, count));
          p.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
          return p;
        },
        o.progress || dlxapp::ProgressLine::is_terminal(stderr), stderr, std::chrono::seconds(1),
        std::chrono::milliseconds(250), kPuzzles);
    std::string line;
    sudoku::generate_many(
        options, count, pool,
        [&](std::uint64_t index, const std::optional<sudoku::Generated>& g) {
          if (!g) {
            if (status == 0)
              std::cerr << "sudoku: generate: no " << options.shape.side() << 'x' << options.shape.side()
                        << " puzzle (boxes " << sudoku::to_string(options.shape) << ")"
                        << (options.tier ? std::string(" of tier ") +
                                               sudoku::kTierNames[static_cast<int>(*options.tier)]
                                         : "")
                        << (options.clues ? " with " + std::to_string(options.clues) + " clues" : "")
                        << (options.minimal ? ", minimal," : "") << " found in " << options.attempts
                        << " attempts (puzzle " << index
                        << "); --attempts raises the bound, but it may not exist\n";
            status = 1;
            interrupts.flag()->store(true);
            return;
          }
          line.clear();
          sudoku::append_line(line, g->puzzle, reader.symbols);
          line += o.regions;  // a jigsaw line: the givens, then the regions
          line += ' ' + sudoku::annotation(*g, options, index, rated) + '\n';
          std::cout << line;
          if (!output.flush()) interrupts.flag()->store(true);
        },
        interrupts.flag(), &done, rules);
  }
  output.flush();
  if (status == 0) report_stop(interrupts, done.load(), count);
  return status;
}

int run(int argc, char** argv, dlxapp::Interrupts& interrupts, dlxapp::OutputGuard& output) {
  po::options_description visible("Options", 110, 40);
  Options o;
  // clang-format off
  visible.add_options()
      ("help,h", "print this help and exit")
      ("version", "print the version and exit")
      ("box", po::value(&o.box)->value_name("RxC"),
       "boxes of R rows by C columns, e.g. 3x3, 2x3, 3x4 (default: from each puzzle's size; generate: 3x3)")
      ("variant", po::value(&o.variant)->value_name("LIST"),
       "solve, count, check, generate: variant rules, comma-separated: x (both diagonals), windoku (extra windows), "
       "anti-knight, anti-king, non-consecutive")
      ("regions", po::value(&o.regions)->value_name("LAYOUT"),
       "jigsaw: n*n characters naming each cell's region (n symbols, each n times), replacing the boxes")
      ("extra-regions", po::value(&o.extra_regions)->value_name("LAYOUT"),
       "n*n characters, '.' for no region, naming regions of at most n cells whose digits differ too")
      ("symbols", po::value(&o.symbols)->value_name("STRING"),
       "the digits' characters in order (default 1-9 then A-Z), e.g. 0123456789ABCDEF")
      ("format", po::value(&o.format)->value_name("NAME"),
       "solve: same (as the input), line, grid, judge, pretty, csv, json (JSON Lines), json-array; "
       "count, check: csv, json, json-array")
      ("limit", po::value(&o.limit)->value_name("N"), "count: stop after N solutions (default: count them all)")
      ("minimal", "check: say minimal or not-minimal; generate: minimal puzzles")
      ("symmetry", po::value(&o.symmetry)->value_name("S"),
       "generate: none, rotate90, rotate180, mirror, flip or diagonal pattern of givens")
      ("clues", po::value(&o.clues)->value_name("K"), "generate: exactly K givens")
      ("tier", po::value(&o.tier)->value_name("T"), "generate: puzzles rating exactly T (singles, locked, subsets, search)")
      ("seed", po::value(&o.seed)->value_name("S"), "generate: the random seed (default: from the clock)")
      ("attempts", po::value(&o.attempts)->value_name("N"),
       "generate: attempts per puzzle before giving up (default 1000)")
      ("progress", "a progress line (puzzles done, time) on standard error during long runs even when it is not a terminal")
      ("threads", po::value(&o.threads)->value_name("N"), "worker threads (default 0: one per core)")
      ("time-limit", po::value(&o.time_limit)->value_name("SECONDS"),
       "stop after this much time (also 1.5m, 2h), keeping the results so far; exit status 3")
      ("stats", "print search nodes and time per puzzle and in all on standard error");
  // clang-format on
  po::options_description hidden;
  hidden.add_options()("args", po::value<std::vector<std::string>>(), "");
  po::options_description all;
  all.add(visible).add(hidden);
  po::positional_options_description positional;
  positional.add("args", -1);
  try {
    po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(), o.vm);
    po::notify(o.vm);
  } catch (const po::error& e) {
    usage_error(e.what());
  }
  if (o.vm.count("help")) {
    std::cout << kUsage << '\n' << visible << '\n';
    return 0;
  }
  if (o.vm.count("version")) {
    std::cout << "sudoku (dlx) " << DLX_VERSION << '\n' << "engines: " << dlx::instruction_set() << '\n';
    return 0;
  }
  if (o.vm.count("args")) o.args = o.vm["args"].as<std::vector<std::string>>();
  if (!o.args.empty() &&
      std::find(std::begin(kCommands), std::end(kCommands), o.args[0]) != std::end(kCommands)) {
    o.command = o.args[0];
    o.args.erase(o.args.begin());
  }
  o.stats = o.vm.count("stats") > 0;
  o.minimal = o.vm.count("minimal") > 0;
  o.progress = o.vm.count("progress") > 0;
  const bool generating = o.command == "generate";
  for (const char* only : {"symmetry", "clues", "tier", "seed", "attempts"})
    if (o.vm.count(only) && !generating) usage_error(std::string("--") + only + " applies to generate only");
  if (o.args.empty() && !generating) o.args.emplace_back("-");
  if (o.vm.count("time-limit")) {
    const auto limit = dlxapp::parse_duration(o.time_limit);
    if (!limit)
      usage_error("--time-limit " + o.time_limit +
                  ": expected a number of seconds, such as 10 or 2.5, or with a unit: 90s, 1.5m, 2h, 1d");
    interrupts.start_timer(*limit);
  }
  int status = 0;
  if (generating) {
    for (const char* other : {"format", "limit", "stats"})
      if (o.vm.count(other)) usage_error(std::string("--") + other + " does not apply to generate");
    status = run_generate(o, interrupts, output);
  } else if (o.command == "solve" || o.command == "count" || o.command == "check") {
    status = run_batch(o, interrupts, output);
  } else {
    for (const char* only : {"format", "limit", "minimal", "stats"})
      if (o.vm.count(only)) usage_error(std::string("--") + only + " does not apply to " + o.command);
    status = run_tool(o, interrupts, output);
  }
  std::cerr.flush();
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  try {
    // Before any thread starts (the pool's): see dlxapp/interrupts.hpp.
    dlxapp::Interrupts interrupts("sudoku");
    // The pipe watcher starts with the batch's own helper, once a run lasts (BatchOptions::on_slow_run).
    dlxapp::OutputGuard output("sudoku", &interrupts, dlxapp::OutputGuard::Watch::later);
    int status = dlxapp::kExitUsage;
    try {
      status = run(argc, argv, interrupts, output);
    } catch (const Exit& e) {
      status = e.status;
    } catch (const std::exception& e) {
      output.flush();
      std::cerr << "sudoku: " << e.what() << '\n';
      status = dlxapp::kExitUsage;
    }
    // 2 after a write error, 130 after Ctrl-C, 3 after the time limit, 0 when the reader went away.
    return output.finish(status);
  } catch (const std::exception& e) {
    std::cerr << "sudoku: " << e.what() << '\n';
    return dlxapp::kExitUsage;
  }
}
