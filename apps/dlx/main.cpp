// dlx: solve an exact-cover problem given in Knuth's DLX text format. Only wires options to library calls:
// what is printed once a search returns is in report.cpp; Ctrl-C, --time-limit and closed pipes are
// apps/common's (dlxapp), as in the sudoku command.
#include <boost/program_options.hpp>
#include <charconv>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <dlxapp/input_file.hpp>
#include <dlxapp/interrupts.hpp>
#include <dlxapp/output.hpp>
#include <dlxapp/progress_line.hpp>
#include <exception>
#include <fstream>
#include <iostream>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "dlx/dlx.hpp"
#include "dlx/estimate.hpp"
#include "dlx/memo.hpp"
#include "dlx/parallel.hpp"
#include "report.hpp"

namespace po = boost::program_options;
using dlxcli::Report;

namespace {

// clang-format off
constexpr const char* kUsage =
    "Usage: dlx [options] [FILE]\n"
    "Solves the exact-cover problem in FILE (standard input when absent or '-'), written in Knuth's DLX format:\n"
    "'|' comment lines, then the primary items, optionally '|' and secondary items, then one option per line;\n"
    "a secondary item in an option may carry a color as name:color.\n"
    "\n"
    "By default prints the first solution, one chosen option per line as written in the input.\n"
    "\n"
    "With --threads N the search tree is split into subtrees searched by N threads: counts are exact and the same\n"
    "for any N; --all prints every solution, but in an order that varies from run to run when N > 1; the default\n"
    "mode prints whichever solution a thread finds first. A count that runs longer than a second shows its\n"
    "progress on stderr when that is a terminal (or always with --progress).\n"
    "\n"
    "Ctrl-C or --time-limit stops the search promptly and prints what it found: a count cut short as \"N+\"\n"
    "(a lower bound), with --all the whole solutions printed so far, with --estimate \"probes: K of N\" and the\n"
    "estimate from those K; a one-line note on stderr says so. A second Ctrl-C exits at once. Output into a pipe\n"
    "whose reader went away (dlx --all big.dlx | head -1) ends the run at once, quietly.\n";

constexpr const char* kExitCodes =
    "\nExit status:\n"
    "    0  success (in --count and --all modes, also when there are no solutions); or the output's reader\n"
    "       went away\n"
    "    1  no solution (default mode)\n"
    "    2  usage error, unreadable file or malformed input: one line 'FILE:LINE: what is wrong' on stderr;\n"
    "       or standard output could not be written ('dlx: write error: ...')\n"
    "    3  --time-limit ran out\n"
    "    4  --count (with or without --memo): more than 2^128-1 solutions, too many to count (printed as\n"
    "       340282366920938463463374607431768211455+)\n"
    "    6  --min-cost/--best: --limit stopped the search before the solutions printed were proven the cheapest\n"
    "  130  interrupted by Ctrl-C (SIGINT); 143 by SIGTERM, 129 by SIGHUP, which stop it the same way\n";
// clang-format on

constexpr std::uint64_t kMaxThreads = 1024;
constexpr auto kRateTime = std::chrono::milliseconds(200);  // --estimate: the timed count

// Ends the run with this status once the message (if any) is on stderr.
struct Exit {
  int status;
};

[[noreturn]] void usage_error(const std::string& message) {
  std::cerr << "dlx: " << message << '\n';
  throw Exit{dlxcli::kExitUsage};
}

// A whole decimal number from min to max. Not boost's: it takes "-1" for 2^64 - 1, and --threads -1 then
// tried to start four billion threads.
std::uint64_t parse_number(std::string_view option, const std::string& text, std::uint64_t min,
                           std::uint64_t max) {
  std::uint64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc{} || ptr != end || value < min || value > max) {
    usage_error(std::string(option) + " " + text + ": expected a whole number from " + std::to_string(min) +
                " to " + std::to_string(max));
  }
  return value;
}

enum class Mode { first, all, count, estimate, sample, cheapest };

struct Settings {
  Mode mode = Mode::first;
  std::string path = "-";
  std::uint64_t limit = 0;   // 0: none
  std::uint64_t probes = 0;  // --estimate
  std::uint64_t best = 1;    // --min-cost / --best: how many of the cheapest solutions
  std::optional<std::uint64_t> seed;
  unsigned threads = 1;
  std::optional<std::chrono::nanoseconds> time_limit;
  bool progress = false;  // draw the progress line of a count
  std::chrono::milliseconds progress_delay{1000};
  bool stats = false;
  bool memo = false;            // count with the memoized counter (--memo, --zdd, --sample)
  std::size_t cache_bytes = 0;  // its cache's budget (0: the library's default)
  std::string zdd_path;         // --zdd: where to write the ZDD (empty: nowhere)
  std::uint64_t samples = 0;    // --sample N
  bool line_numbers = false;    // prefix each printed option with its input line
};

// The settings, or nothing when --help or --version was answered. Usage errors throw Exit.
std::optional<Settings> parse_command_line(int argc, char** argv) {
  std::string limit, seed, threads, probes, time_limit, memo, zdd, samples, best;
  po::options_description visible("Options");
  // clang-format off
  visible.add_options()
      ("help,h", "show this help and exit")
      ("version", "show the version and exit")
      ("count,c", "print only the number of solutions, alone on the last line")
      ("all,a", "print every solution, a blank line between solutions")
      ("limit,l", po::value(&limit)->value_name("N"), "stop after N solutions (--count prints N+ when there are"
                                                     " more, N when there are exactly N)")
      ("line-numbers,n", "print each chosen option with its input line number first ('LINE: option'), so"
                         " that solutions with duplicate options can be told apart and mapped back")
      ("seed", po::value(&seed)->value_name("N"), "break ties between equally constrained items at random with this"
                                                 " seed (with --estimate: seed the random probes)")
      ("threads,t", po::value(&threads)->value_name("N"),
       "search with N threads (default 1; 0: one per hardware thread)")
      ("estimate,e", po::value(&probes)->value_name("N"), "estimate the size of the search tree, the number of"
                                                         " solutions and the time to count them from N random"
                                                         " probes (Knuth's method)")
      ("time-limit", po::value(&time_limit)->value_name("SECONDS"),
       "stop after this much time (also 90s, 1.5m, 2h, 1d; 0: no limit), printing what was found; exit status 3")
      ("min-cost", "print the cheapest solution (option costs are '|n' tokens, Knuth's dlx5), then 'cost: N'")
      ("best", po::value(&best)->value_name("K"), "print the K cheapest solutions, cheapest first, each followed by"
                                                  " 'cost: N' (--limit N: stop after N improvements)")
      ("memo", po::value(&memo)->value_name("SIZE"),
       "with --count: count by memoizing the states of the search (DXZ), exact up to 2^128-1; SIZE caps its"
       " cache (--memo=512M, --memo=2G; default: a quarter of the memory)")
      ("zdd", po::value(&zdd)->value_name("FILE"), "count with --memo and write the ZDD of all solutions to FILE")
      ("sample", po::value(&samples)->value_name("N"), "print N solutions drawn uniformly at random (with --memo's"
                                                      " counts; --seed sets the draws), like --all")
      ("progress", "show a progress line on stderr during long counts even when stderr is not a terminal")
      ("stats,s", "print search statistics (nodes, updates, time) on stderr");
  // clang-format on
  po::options_description hidden;
  hidden.add_options()("file", po::value<std::string>(), "input file")(
      "progress-delay", po::value<unsigned>()->default_value(1000),
      "testing: ms before the progress line appears");
  po::options_description all;
  all.add(visible).add(hidden);
  po::positional_options_description positional;
  positional.add("file", 1);

  po::variables_map vm;
  try {
    // A bare --memo would take the next word (the file) as its SIZE: make it "--memo=auto", the default.
    std::vector<std::string> args(argv + 1, argv + argc);
    for (std::string& arg : args) {
      if (arg == "--") break;
      if (arg == "--memo") arg = "--memo=auto";
    }
    po::store(po::command_line_parser(args).options(all).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    usage_error(std::string(e.what()) + " (see dlx --help)");
  }
  if (vm.count("help")) {
    std::cout << kUsage << '\n' << visible << kExitCodes;
    return std::nullopt;
  }
  if (vm.count("version")) {
    std::cout << "dlx " << DLX_VERSION << '\n' << "engines: " << dlx::instruction_set() << '\n';
    return std::nullopt;
  }

  Settings s;
  const bool count_mode = vm.count("count") > 0, all_mode = vm.count("all") > 0,
             estimate_mode = vm.count("estimate") > 0;
  if (count_mode && all_mode) usage_error("--count and --all cannot be used together (see dlx --help)");
  if (estimate_mode && (count_mode || all_mode))
    usage_error("--estimate cannot be used with --count or --all (see dlx --help)");
  const bool sample_mode = vm.count("sample") > 0, zdd_mode = vm.count("zdd") > 0;
  const bool cost_mode = vm.count("min-cost") > 0 || vm.count("best") > 0;
  if (cost_mode && (count_mode || all_mode || estimate_mode || sample_mode || zdd_mode || vm.count("memo")))
    usage_error(
        "--min-cost and --best cannot be used with --count, --all, --estimate, --memo, --zdd or --sample "
        "(see dlx "
        "--help)");
  if (sample_mode && (count_mode || all_mode || estimate_mode || zdd_mode))
    usage_error("--sample cannot be used with --count, --all, --estimate or --zdd (see dlx --help)");
  if (zdd_mode && (all_mode || estimate_mode))
    usage_error("--zdd cannot be used with --all or --estimate (see dlx --help)");
  s.memo = vm.count("memo") > 0 || zdd_mode || sample_mode;
  if (s.memo && (all_mode || estimate_mode || (!count_mode && !zdd_mode && !sample_mode)))
    usage_error("--memo counts: use it with --count, --zdd or --sample (see dlx --help)");
  if (s.memo && vm.count("limit")) usage_error("--limit cannot be used with --memo, --zdd or --sample");
  s.mode = cost_mode                ? Mode::cheapest
           : estimate_mode          ? Mode::estimate
           : sample_mode            ? Mode::sample
           : count_mode || zdd_mode ? Mode::count
           : all_mode               ? Mode::all
                                    : Mode::first;
  if (vm.count("best")) s.best = parse_number("--best", best, 1, 1u << 20);
  if (!memo.empty() && memo != "auto") {
    const std::optional<std::size_t> bytes = dlx::parse_byte_size(memo);
    if (!bytes) usage_error("--memo " + memo + ": expected a size in bytes, such as 100000, 512M or 2G");
    s.cache_bytes = *bytes;
  }
  if (zdd_mode) s.zdd_path = zdd;
  if (sample_mode) s.samples = parse_number("--sample", samples, 1, UINT64_MAX);
  if (vm.count("limit")) s.limit = parse_number("--limit", limit, 1, UINT64_MAX);
  if (vm.count("seed")) s.seed = parse_number("--seed", seed, 0, UINT64_MAX);
  if (estimate_mode) s.probes = parse_number("--estimate", probes, 1, UINT64_MAX);
  if (vm.count("threads"))
    s.threads = static_cast<unsigned>(parse_number("--threads", threads, 0, kMaxThreads));
  if (s.threads == 0) s.threads = dlx::ThreadPool::default_workers();
  if (cost_mode && s.threads > 1)
    usage_error("--min-cost and --best search with one thread (see dlx --help)");
  if (vm.count("time-limit")) {
    s.time_limit = dlxapp::parse_duration(time_limit);
    if (!s.time_limit)
      usage_error("--time-limit " + time_limit +
                  ": expected a number of seconds, such as 10 or 2.5, or with a unit: 90s, 1.5m, 2h, 1d");
  }
  if (vm.count("file")) s.path = vm["file"].as<std::string>();
  s.progress = vm.count("progress") > 0 || dlxapp::ProgressLine::is_terminal(stderr);
  s.progress_delay = std::chrono::milliseconds(vm["progress-delay"].as<unsigned>());
  s.stats = vm.count("stats") > 0;
  s.line_numbers = vm.count("line-numbers") > 0;
  return s;
}

void print_stats(const dlx::Stats& stats, dlx::Engine engine) {
  std::cerr << "engine: " << dlx::engine_name(engine) << "\nnodes: " << stats.nodes
            << "\nupdates: " << stats.updates << "\nsolutions: " << dlx::to_decimal(stats.solutions)
            << "\nseconds: " << stats.seconds << '\n';
}

// Hands a solution to std::cout in one piece (after a blank line unless it is the first), so that the
// output's buffer (apps/common/output.cpp) only ever holds and writes whole solutions: what a run stopped by
// a second Ctrl-C (which exits at once, dropping the buffer) leaves behind ends after a whole solution too.
// With option_lines, each option comes after its input line number ("12: a b c"), as Knuth's programs can
// number them.
void write_solution(const dlx::Problem& problem, std::span<const dlx::OptionId> solution, bool first,
                    std::string& text, const std::vector<std::size_t>* option_lines) {
  text.assign(first ? "" : "\n");
  for (dlx::OptionId option : solution) {
    if (option_lines != nullptr) {
      text += std::to_string((*option_lines)[option]);
      text += ": ";
    }
    text += problem.option_text(option);
    text += '\n';
  }
  std::cout.write(text.data(), static_cast<std::streamsize>(text.size()));
}

// What a search hands back: the report, and the statistics for --stats.
struct Outcome {
  Report report;
  std::optional<dlx::Stats> stats;
  std::optional<dlx::MemoStats> memo_stats = std::nullopt;
};

struct Context {
  const dlx::Problem& problem;
  const std::vector<std::size_t>* option_lines;  // for --line-numbers, else null
  const Settings& settings;
  const dlxapp::Interrupts& interrupts;
  const dlxapp::OutputGuard& output;

  // Every search polls the one stop flag that Ctrl-C, --time-limit and a closed output raise.
  dlx::SearchOptions search_options() const { return {.seed = settings.seed, .stop = interrupts.flag()}; }
  dlx::ParallelOptions parallel_options() const {
    return {.threads = settings.threads, .search = search_options()};
  }
  dlx::MemoOptions memo_options() const {
    return {.cache_bytes = settings.cache_bytes, .threads = settings.threads, .stop = interrupts.flag()};
  }
};

// --count --memo, and --zdd.
Outcome memo_count(const Context& c) {
  dlx::MemoCounter counter(c.problem, c.memo_options());
  dlx::MemoCount count;
  if (c.settings.zdd_path.empty()) {
    count = counter.count();
  } else {
    std::ofstream out(c.settings.zdd_path, std::ios::binary);
    if (!out) usage_error("--zdd " + c.settings.zdd_path + ": cannot open for writing");
    count = counter.write_zdd(out);
    out.close();
    if (!out) usage_error("--zdd " + c.settings.zdd_path + ": write error");
  }
  return {dlxcli::report_memo_count(count, c.interrupts.describe()), std::nullopt, counter.stats()};
}

// --sample N: solutions drawn with the memoized counts, printed as --all prints.
Outcome sample(const Context& c) {
  dlx::MemoCounter counter(c.problem, c.memo_options());
  std::uint64_t printed = 0;
  std::string text;
  const dlx::MemoCount count = counter.sample(
      c.settings.samples, c.settings.seed.value_or(0), [&](std::span<const dlx::OptionId> solution) {
        write_solution(c.problem, solution, printed == 0, text, c.option_lines);
        ++printed;
        return c.output.ok();
      });
  return {dlxcli::report_sample(count, printed, c.interrupts.describe()), std::nullopt, counter.stats()};
}

Outcome count(const Context& c) {
  // Counts always go through the split of the tree, with one thread too, for the progress line.
  dlx::ParallelSolver search(c.problem, c.parallel_options());
  dlx::Count count;
  {
    dlxapp::ProgressLine line([&] { return search.progress(); }, c.settings.progress, stderr,
                              c.settings.progress_delay);
    // One solution past the limit tells "exactly N" (the search ended at N) from "N+" (there are more).
    const std::uint64_t limit = c.settings.limit;
    count = search.count(limit == 0 || limit == UINT64_MAX ? limit : limit + 1);
    if (limit != 0 && count.solutions > limit) count = {limit, false};
  }
  return {dlxcli::report_count(count, search.status(), c.interrupts.describe()), search.stats()};
}

template <class Search>
Outcome print_all(const Context& c, Search& search) {
  std::uint64_t printed = 0;
  std::string text;
  search.for_each([&](std::span<const dlx::OptionId> solution) {
    write_solution(c.problem, solution, printed == 0, text, c.option_lines);
    ++printed;
    // A failed write raised the stop flag already; false stops at once, not at the search's next poll.
    return c.output.ok() && (c.settings.limit == 0 || printed < c.settings.limit);
  });
  return {dlxcli::report_all(printed, search.status(), c.interrupts.describe()), search.stats()};
}

Outcome all(const Context& c) {
  if (c.settings.threads > 1) {
    dlx::ParallelSolver search(c.problem, c.parallel_options());
    return print_all(c, search);
  }
  dlx::Solver solver(c.problem, c.search_options());
  return print_all(c, solver);
}

Outcome first(const Context& c) {
  std::string text;
  if (c.settings.threads > 1) {
    dlx::ParallelSolver search(c.problem, c.parallel_options());
    const auto solution = search.first();
    if (solution) write_solution(c.problem, *solution, true, text, c.option_lines);
    return {dlxcli::report_first(solution.has_value(), search.status(), c.interrupts.describe()),
            search.stats()};
  }
  dlx::Solver solver(c.problem, c.search_options());
  const bool found = solver.next();
  if (found) write_solution(c.problem, solver.solution(), true, text, c.option_lines);
  return {dlxcli::report_first(found, solver.status(), c.interrupts.describe()), solver.stats()};
}

// The cheapest solutions, each followed by its cost, a blank line between them.
Outcome cheapest(const Context& c) {
  dlx::SearchOptions options = c.search_options();
  options.seed.reset();  // the order of the cost shares decides the search
  const dlx::CheapestResult result = dlx::cheapest(c.problem, c.settings.best, options, c.settings.limit);
  std::string text;
  bool first = true;
  for (const dlx::CostedSolution& s : result.solutions) {
    write_solution(c.problem, s.options, first, text, c.option_lines);
    first = false;
    text = "cost: " + std::to_string(s.cost) + '\n';
    std::cout.write(text.data(), static_cast<std::streamsize>(text.size()));
  }
  return {dlxcli::report_cheapest(result.solutions.size(), result.optimal, result.status,
                                  c.interrupts.describe()),
          result.stats};
}

// Knuth's estimate of the tree from random probes, and of the time to count it from a short timed count.
Outcome estimate(const Context& c) {
  dlx::Solver solver(c.problem);
  const dlx::Estimate e =
      dlx::estimate_tree(solver, c.settings.probes, c.settings.seed.value_or(0), c.interrupts.flag());
  std::optional<dlx::NodeRate> rate;
  // Once asked to stop, not another 200 ms for the timing.
  if (!c.interrupts.stop_requested()) rate = dlx::measure_node_rate(c.problem, kRateTime);
  return {dlxcli::report_estimate(e, c.settings.probes, rate, c.settings.threads, c.interrupts.describe()),
          std::nullopt};
}

int run(int argc, char** argv, dlxapp::Interrupts& interrupts, dlxapp::OutputGuard& output) {
  const std::optional<Settings> settings = parse_command_line(argc, argv);
  if (!settings) return dlxcli::kExitOk;
  // From here on, as with sudoku: the time to read the input counts too. Stopped before the search, the
  // search then returns at once with nothing found, and the report says so.
  if (settings->time_limit) interrupts.start_timer(*settings->time_limit);

  const std::optional<dlx::KnuthInput> input = dlxapp::load_knuth_file(settings->path, std::cerr);
  if (!input) return dlxcli::kExitUsage;
  const Context context{input->problem, settings->line_numbers ? &input->option_lines : nullptr, *settings,
                        interrupts, output};
  Outcome outcome;
  switch (settings->mode) {
    case Mode::first:
      outcome = first(context);
      break;
    case Mode::all:
      outcome = all(context);
      break;
    case Mode::count:
      outcome = settings->memo ? memo_count(context) : count(context);
      break;
    case Mode::sample:
      outcome = sample(context);
      break;
    case Mode::estimate:
      outcome = estimate(context);
      break;
    case Mode::cheapest:
      outcome = cheapest(context);
      break;
  }
  std::cout << outcome.report.out;
  output.flush();
  if (!outcome.report.note.empty()) std::cerr << outcome.report.note << '\n';
  if (settings->stats && outcome.stats)
    print_stats(*outcome.stats, dlx::engine_for(input->problem, context.search_options()));
  if (settings->stats && outcome.memo_stats) std::cerr << dlxcli::memo_stats_text(*outcome.memo_stats);
  return outcome.report.status;
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  try {
    // Before any thread starts (the search's, the progress line's): see dlxapp/interrupts.hpp.
    dlxapp::Interrupts interrupts("dlx");
    dlxapp::OutputGuard output("dlx", &interrupts);
    int status = dlxcli::kExitUsage;
    try {
      status = run(argc, argv, interrupts, output);
    } catch (const Exit& e) {
      status = e.status;
    } catch (const std::exception& e) {  // out of memory, mostly
      output.flush();
      std::cerr << "dlx: " << e.what() << '\n';
      status = dlxcli::kExitUsage;
    }
    // 2 after a write error, 130 after Ctrl-C, 3 after the time limit, 0 when the reader went away.
    return output.finish(status);
  } catch (const std::exception& e) {
    std::cerr << "dlx: " << e.what() << '\n';
    return dlxcli::kExitUsage;
  }
}
