// sudoku: solve, count or check Sudoku puzzles read from files or standard input. Every option maps onto the
// sudoku library (src/sudoku); this file only parses the command line and opens the inputs.
#include <boost/program_options.hpp>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <dlx/thread_pool.hpp>
#include <dlxapp/interrupts.hpp>
#include <dlxapp/output.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <sudoku/batch.hpp>
#include <vector>

namespace po = boost::program_options;

namespace {

constexpr const char* kUsage = R"(Usage: sudoku [solve|count|check] [OPTION...] [FILE...]

Solves Sudoku puzzles read from the FILEs, or from standard input when there is none or FILE is '-'.
  solve   (the default) print each puzzle's first solution, or "no solution"
  count   print each puzzle's number of solutions; "N+" when --limit stopped the count
  check   print "unique", "multiple" or "none" for each puzzle ("none: why" when givens clash)

Input: one puzzle per line (81 characters for 9x9, '.', '0', '_' or '*' for a blank, then optionally an
annotation that is echoed with the result); or grids of n lines of n cells, with or without spaces and
|-+ box drawing; or n lines of n space-separated numbers with 0 for a blank. '#' lines are comments.
Boards from 4x4 to 25x25: the shape comes from the number of cells (16, 36, 64, 81, 144, 256, 625) or --box.
Every puzzle gets exactly one result, in input order; a bad puzzle gets "error: what is wrong" in its place
and "FILE:LINE: what is wrong" on standard error, and the others carry on.

Ctrl-C or --time-limit stops the run: the puzzles finished by then keep their results, in order, a count
cut short is printed as "N+", the others get nothing, and a note on standard error says how far it got.
A second Ctrl-C exits at once. Output into a pipe whose reader went away ends the run quietly.

Exit status:
    0  every puzzle solved (solve), unique (check) or counted (count); or the output's reader went away
    1  some puzzle had no solution (solve) or was not unique (check)
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

int run(int argc, char** argv, dlxapp::Interrupts& interrupts, dlxapp::OutputGuard& output) {
  po::options_description visible("Options", 110, 40);
  std::string box, symbols, format = "same", limit_text, threads_text, time_limit_text;
  // clang-format off
  visible.add_options()
      ("help,h", "print this help and exit")
      ("version", "print the version and exit")
      ("box", po::value(&box)->value_name("RxC"),
       "boxes of R rows by C columns, e.g. 3x3, 2x3, 3x4 (default: from each puzzle's size)")
      ("symbols", po::value(&symbols)->value_name("STRING"),
       "the digits' characters in order (default 1-9 then A-Z), e.g. 0123456789ABCDEF")
      ("format", po::value(&format)->value_name("NAME"),
       "solve output: same (as the input), line, grid, judge, pretty, csv, json (one object per line)")
      ("limit", po::value(&limit_text)->value_name("N"), "count: stop after N solutions (default: count them all)")
      ("threads", po::value(&threads_text)->value_name("N"), "worker threads (default 0: one per core)")
      ("time-limit", po::value(&time_limit_text)->value_name("SECONDS"),
       "stop after this much time (also 1.5m, 2h), keeping the results so far; exit status 3")
      ("stats", "print search nodes and time per puzzle and in all on standard error");
  // clang-format on
  po::options_description hidden;
  hidden.add_options()("args", po::value<std::vector<std::string>>(), "");
  po::options_description all;
  all.add(visible).add(hidden);
  po::positional_options_description positional;
  positional.add("args", -1);

  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    usage_error(e.what());
  }
  if (vm.count("help")) {
    std::cout << kUsage << '\n' << visible << '\n';
    return 0;
  }
  if (vm.count("version")) {
    std::cout << "sudoku (dlx) " << DLX_VERSION << '\n';
    return 0;
  }

  std::vector<std::string> files;
  if (vm.count("args")) files = vm["args"].as<std::vector<std::string>>();
  sudoku::BatchOptions options;
  if (!files.empty() && (files[0] == "solve" || files[0] == "count" || files[0] == "check")) {
    options.command = files[0] == "solve"   ? sudoku::Command::solve
                      : files[0] == "count" ? sudoku::Command::count
                                            : sudoku::Command::check;
    files.erase(files.begin());
  }
  if (files.empty()) files.emplace_back("-");

  if (vm.count("box")) {
    const auto shape = sudoku::parse_box(box);
    if (!shape)
      usage_error("--box " + box + ": expected RxC, such as 3x3 or 2x3, with a side from 2 to " +
                  std::to_string(sudoku::kMaxSide));
    options.reader.box = shape;
  }
  if (vm.count("symbols")) {
    try {
      options.reader.symbols = sudoku::Symbols(symbols);
    } catch (const std::invalid_argument& e) {
      usage_error(e.what());
    }
  }
  const auto parsed_format = sudoku::parse_format(format);
  if (!parsed_format)
    usage_error("--format " + format + ": expected same, line, grid, judge, pretty, csv or json");
  if (vm.count("format") && options.command != sudoku::Command::solve)
    usage_error("--format applies to solve only");
  options.format = *parsed_format;
  if (vm.count("limit") && options.command != sudoku::Command::count)
    usage_error("--limit applies to count only");
  if (vm.count("limit")) options.limit = parse_number("--limit", limit_text, UINT64_MAX);
  const auto threads =
      vm.count("threads") ? static_cast<unsigned>(parse_number("--threads", threads_text, kMaxThreads)) : 0u;
  options.stats = vm.count("stats") > 0;
  if (vm.count("time-limit")) {
    const auto limit = dlxapp::parse_duration(time_limit_text);
    if (!limit)
      usage_error("--time-limit " + time_limit_text +
                  ": expected a number of seconds, such as 10 or 2.5, or with a unit: 90s, 1.5m, 2h, 1d");
    interrupts.start_timer(*limit);
  }
  options.stop = interrupts.flag();
  options.on_slow_run = [&output] { output.watch(); };

  dlx::ThreadPool pool(threads);
  sudoku::Batch batch(options, pool);
  const auto started = std::chrono::steady_clock::now();
  try {
    for (const std::string& file : files) {
      if (batch.stopped()) break;
      if (file == "-") {
        batch.run(std::cin, "<stdin>", std::cout, std::cerr);
        continue;
      }
      std::error_code ec;
      if (std::filesystem::is_directory(file, ec)) {
        std::cerr << file << ":0: cannot read file: is a directory\n";
        batch.add_input_error();
        continue;
      }
      std::ifstream in(file, std::ios::binary);
      if (!in) {
        std::cerr << file << ":0: cannot open file: " << std::strerror(errno) << '\n';
        batch.add_input_error();
        continue;
      }
      batch.run(in, file, std::cout, std::cerr);
    }
  } catch (const sudoku::OutputError&) {
    // The OutputGuard knows why (a closed pipe, a full disk) and tells in finish().
  }
  output.flush();
  if (const std::string why = interrupts.describe(); !why.empty()) {
    const sudoku::Totals& t = batch.totals();
    std::cerr << "sudoku: " << why << " after " << t.puzzles << " of the " << t.read << " puzzles read";
    if (const auto& partial = batch.partial())
      std::cerr << "; the count of " << partial->source << ':' << partial->line << " is partial ("
                << partial->solutions << "+)";
    std::cerr << '\n';
  }
  if (options.stats) {
    const sudoku::Totals& t = batch.totals();
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::cerr << "sudoku: " << t.puzzles << " puzzles, " << t.nodes << " nodes, " << t.seconds
              << " s solving (" << (t.puzzles ? t.seconds / static_cast<double>(t.puzzles) * 1e6 : 0.0)
              << " us per puzzle), " << wall << " s in all on " << pool.size() << " threads\n";
  }
  std::cerr.flush();
  return batch.exit_status();
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
