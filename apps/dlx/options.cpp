#include "options.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <boost/program_options.hpp>
#include <cstdio>
#include <dlxapp/interrupts.hpp>
#include <dlxapp/options.hpp>
#include <dlxapp/progress_line.hpp>
#include <dlxapp/usage.hpp>
#include <filesystem>
#include <iostream>
#include <system_error>
#include <vector>

#include "dlx/memo.hpp"
#include "dlx/parallel.hpp"
#include "dlx/solver.hpp"

namespace dlxcli {
namespace {

namespace po = boost::program_options;
using dlxapp::usage_error;

// clang-format off
constexpr const char* kUsage =
    "Usage: dlx [options] [FILE]\n"
    "Solves the exact-cover problem in FILE (standard input when absent or '-'), written in Knuth's DLX format:\n"
    "'|' or '//' comment lines, then the primary items, optionally '|' and secondary items, then one option per line;\n"
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

// --zdd must not name the input, which writing would destroy before it was read whole: the same file under any
// name (a link, a path through another folder), or standard input's file when the input is "-".
void refuse_input_as_output(const std::string& input, const std::string& output) {
  std::error_code error;
  bool same = false;
  if (input != "-") {
    same = std::filesystem::equivalent(input, output, error);
  } else {
    struct stat in {
    }, out{};
    same = ::fstat(STDIN_FILENO, &in) == 0 && S_ISREG(in.st_mode) && ::stat(output.c_str(), &out) == 0 &&
           in.st_dev == out.st_dev && in.st_ino == out.st_ino;
  }
  if (same) {
    usage_error("--zdd " + dlxapp::printable(output) +
                ": this is the input file; name another file for the ZDD");
  }
}

}  // namespace

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
      ("zdd", po::value(&zdd)->value_name("FILE"), "count with --memo and write the ZDD of all solutions to FILE (whole, once the count"
                                                 " is done; nothing when it is stopped)")
      ("sample", po::value(&samples)->value_name("N"), "print N solutions drawn uniformly at random (with --memo's"
                                                      " counts; --seed sets the draws), like --all")
      ("preprocess", "first reduce the problem as Knuth's dlx-pre does (drop the options that would leave a primary"
                     " item uncoverable, the items implied by others, repeatedly), then search it; the solutions"
                     " are the same, printed as the input's options (in a possibly different order)")
      ("progress", "show a progress line on stderr during long counts even when stderr is not a terminal")
      ("stats,s", "print search statistics (nodes, updates, time) on stderr");
  // clang-format on
  po::options_description hidden;
  hidden.add_options()("file", po::value<std::string>(), "input file")(
      "progress-delay", po::value<unsigned>()->default_value(1000),
      "testing: ms before the progress line appears");
  // A bare --memo would take the next word (the file) as its SIZE: make it "--memo=auto", the default.
  std::vector<std::string> args(argv + 1, argv + argc);
  for (std::string& arg : args) {
    if (arg == "--") break;
    if (arg == "--memo") arg = "--memo=auto";
  }
  const po::variables_map vm = dlxapp::parse_options(args, visible, hidden, "dlx");
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
        "(see dlx --help)");
  if (sample_mode && (count_mode || all_mode || estimate_mode || zdd_mode))
    usage_error("--sample cannot be used with --count, --all, --estimate or --zdd (see dlx --help)");
  s.preprocess = vm.count("preprocess") > 0;
  if (s.preprocess && zdd_mode)
    usage_error("--zdd cannot be used with --preprocess: the ZDD would number the reduced problem's options");
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
  if (vm.count("best")) s.best = dlxapp::parse_number("--best", best, 1, 1u << 20);
  if (!memo.empty() && memo != "auto") {
    const std::optional<std::size_t> bytes = dlx::parse_byte_size(memo);
    if (!bytes)
      usage_error("--memo " + dlxapp::echo_value(memo) +
                  ": expected a size in bytes, such as 100000, 512M or 2G");
    s.cache_bytes = *bytes;
  }
  if (zdd_mode) {
    if (zdd.empty()) usage_error("--zdd: expected a file name, not an empty one");
    s.zdd_path = zdd;
  }
  if (sample_mode) s.samples = dlxapp::parse_number("--sample", samples, 1, UINT64_MAX);
  if (vm.count("limit")) s.limit = dlxapp::parse_number("--limit", limit, 1, UINT64_MAX);
  if (vm.count("seed")) s.seed = dlxapp::parse_number("--seed", seed, 0, UINT64_MAX);
  if (estimate_mode) s.probes = dlxapp::parse_number("--estimate", probes, 1, UINT64_MAX);
  if (vm.count("threads"))
    s.threads = static_cast<unsigned>(dlxapp::parse_number("--threads", threads, 0, kMaxThreads));
  if (s.threads == 0) s.threads = dlx::ThreadPool::default_workers();
  if (cost_mode && s.threads > 1)
    usage_error("--min-cost and --best search with one thread (see dlx --help)");
  if (vm.count("time-limit")) {
    s.time_limit = dlxapp::parse_duration(time_limit);
    if (!s.time_limit)
      usage_error("--time-limit " + dlxapp::echo_value(time_limit) +
                  ": expected a number of seconds, such as 10 or 2.5, or with a unit: 90s, 1.5m, 2h, 1d");
  }
  if (vm.count("file")) s.path = vm["file"].as<std::string>();
  if (!s.zdd_path.empty()) refuse_input_as_output(s.path, s.zdd_path);
  s.progress = vm.count("progress") > 0 || dlxapp::ProgressLine::is_terminal(stderr);
  s.progress_delay = std::chrono::milliseconds(vm["progress-delay"].as<unsigned>());
  s.stats = vm.count("stats") > 0;
  s.line_numbers = vm.count("line-numbers") > 0;
  return s;
}

}  // namespace dlxcli
