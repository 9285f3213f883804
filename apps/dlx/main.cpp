// dlx: solve an exact-cover problem given in Knuth's DLX text format. Only wires options to library calls.
#include <boost/program_options.hpp>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>

#include "dlx/dlx.hpp"
#include "dlx/estimate.hpp"
#include "dlx/input_file.hpp"
#include "dlx/parallel.hpp"
#include "dlx/progress_line.hpp"

namespace po = boost::program_options;

namespace {

constexpr int kExitOk = 0, kExitNoSolution = 1, kExitInputError = 2;

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
    "progress on stderr when that is a terminal (or always with --progress).\n";

constexpr const char* kExitCodes =
    "\nExit status:\n"
    "  0  success (in --count and --all modes, also when there are no solutions)\n"
    "  1  no solution (default mode)\n"
    "  2  usage error, unreadable file or malformed input: one line 'FILE:LINE: what is wrong' on stderr\n";

void print_stats(const dlx::Stats& stats) {
  std::cerr << "nodes: " << stats.nodes << "\nupdates: " << stats.updates << "\nsolutions: " << stats.solutions
            << "\nseconds: " << stats.seconds << '\n';
}

// A count of nodes or solutions as a number people read: an integer while it is exact in a double.
std::string format_amount(double x) {
  char text[64];
  std::snprintf(text, sizeof text, x < 1e15 ? "%.0f" : "%.4g", x);
  return text;
}

std::string format_error(double error, double value) {
  if (value <= 0) return "";
  const double percent = 100 * error / value;
  char text[64];
  std::snprintf(text, sizeof text, percent >= 10 ? " (standard error %.0f%%)" : " (standard error %.2g%%)", percent);
  return text;
}

// Knuth's estimate of the tree from random probes, and of the time to count it from a short timed count.
void print_estimate(const dlx::Problem& problem, std::uint64_t probes, std::uint64_t seed, unsigned threads) {
  dlx::Solver solver(problem);
  const dlx::Estimate e = dlx::estimate_tree(solver, probes, seed);
  const dlx::NodeRate rate = dlx::measure_node_rate(problem, std::chrono::milliseconds(200));
  std::cout << "probes: " << e.probes << "\nnodes: " << format_amount(e.nodes) << format_error(e.nodes_error, e.nodes)
            << "\nsolutions: " << format_amount(e.solutions) << format_error(e.solutions_error, e.solutions) << '\n';
  if (rate.per_second() > 0) {
    const double seconds = e.nodes / rate.per_second() / threads;
    char text[160];
    std::snprintf(text, sizeof text, "seconds: %.3g (to count with %u thread%s, at %.3g nodes/s per thread)\n",
                  seconds, threads, threads == 1 ? "" : "s", rate.per_second());
    std::cout << text;
  }
  if (rate.complete) {
    std::cout << "exact: nodes " << rate.nodes << ", solutions " << rate.solutions
              << " (the whole tree was searched while measuring the speed)\n";
  }
}

void print_solution(const dlx::Problem& problem, std::span<const dlx::OptionId> solution) {
  for (dlx::OptionId option : solution) std::cout << problem.option_text(option) << '\n';
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  po::options_description visible("Options");
  visible.add_options()
      ("help,h", "show this help and exit")
      ("version", "show the version and exit")
      ("count,c", "print only the number of solutions, alone on the last line")
      ("all,a", "print every solution, a blank line between solutions")
      ("limit,l", po::value<std::uint64_t>(), "stop after N solutions (--count prints N+ when cut short)")
      ("seed", po::value<std::uint64_t>(), "break ties between equally constrained items at random with this seed"
                                           " (with --estimate: seed the random probes)")
      ("threads,t", po::value<unsigned>()->default_value(1), "search with N threads (0: one per hardware thread)")
      ("estimate,e", po::value<std::uint64_t>(), "estimate the size of the search tree, the number of solutions and"
                                                  " the time to count them from N random probes (Knuth's method)")
      ("progress", "show a progress line on stderr during long counts even when stderr is not a terminal")
      ("stats,s", "print search statistics (nodes, updates, time) on stderr");
  po::options_description hidden;
  hidden.add_options()("file", po::value<std::string>(), "input file")(
      "progress-delay", po::value<unsigned>()->default_value(1000), "testing: ms before the progress line appears");
  po::options_description all;
  all.add(visible).add(hidden);
  po::positional_options_description positional;
  positional.add("file", 1);

  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << "dlx: " << e.what() << " (see dlx --help)\n";
    return kExitInputError;
  }
  if (vm.count("help")) {
    std::cout << kUsage << '\n' << visible << kExitCodes;
    return kExitOk;
  }
  if (vm.count("version")) {
    std::cout << "dlx " << DLX_VERSION << '\n';
    return kExitOk;
  }
  const bool count_mode = vm.count("count") > 0, all_mode = vm.count("all") > 0;
  if (count_mode && all_mode) {
    std::cerr << "dlx: --count and --all cannot be used together (see dlx --help)\n";
    return kExitInputError;
  }
  const std::uint64_t limit = vm.count("limit") ? vm["limit"].as<std::uint64_t>() : 0;
  if (vm.count("limit") && limit == 0) {
    std::cerr << "dlx: --limit must be at least 1\n";
    return kExitInputError;
  }

  const unsigned threads = vm["threads"].as<unsigned>() == 0 ? dlx::ThreadPool::default_workers()
                                                               : vm["threads"].as<unsigned>();
  const bool estimate_mode = vm.count("estimate") > 0;
  if (estimate_mode && (count_mode || all_mode)) {
    std::cerr << "dlx: --estimate cannot be used with --count or --all (see dlx --help)\n";
    return kExitInputError;
  }
  if (estimate_mode && vm["estimate"].as<std::uint64_t>() == 0) {
    std::cerr << "dlx: --estimate needs at least 1 probe\n";
    return kExitInputError;
  }

  const std::string path = vm.count("file") ? vm["file"].as<std::string>() : "-";
  std::optional<dlx::KnuthInput> input = dlx::load_knuth_file(path, std::cerr);
  if (!input) return kExitInputError;
  const dlx::Problem& problem = input->problem;

  std::optional<std::uint64_t> seed;
  if (vm.count("seed")) seed = vm["seed"].as<std::uint64_t>();
  if (estimate_mode) {
    print_estimate(problem, vm["estimate"].as<std::uint64_t>(), seed.value_or(0), threads);
    return kExitOk;
  }

  int status = kExitOk;
  dlx::Stats stats;
  if (count_mode || threads > 1) {
    // Counts always go through the split of the tree, with one thread too, for the progress line.
    dlx::ParallelSolver search(problem, {.threads = threads, .search = {.seed = seed}});
    if (count_mode) {
      const bool show = vm.count("progress") > 0 || dlx::ProgressLine::is_terminal(stderr);
      dlx::Count count;
      {
        dlx::ProgressLine line([&] { return search.progress(); }, show, stderr,
                               std::chrono::milliseconds(vm["progress-delay"].as<unsigned>()));
        count = search.count(limit);
      }
      std::cout << count.solutions << (count.complete ? "" : "+") << '\n';
    } else if (all_mode) {
      std::uint64_t found = 0;
      search.for_each([&](std::span<const dlx::OptionId> solution) {
        if (found++ > 0) std::cout << '\n';
        print_solution(problem, solution);
        return limit == 0 || found < limit;
      });
    } else if (const auto solution = search.first()) {
      print_solution(problem, *solution);
    } else {
      std::cerr << "dlx: no solution\n";
      status = kExitNoSolution;
    }
    stats = search.stats();
  } else {
    dlx::Solver solver(problem, {.seed = seed});
    if (all_mode) {
      std::uint64_t found = 0;
      solver.for_each([&](std::span<const dlx::OptionId> solution) {
        if (found++ > 0) std::cout << '\n';
        print_solution(problem, solution);
        return limit == 0 || found < limit;
      });
    } else if (solver.next()) {
      print_solution(problem, solver.solution());
    } else {
      std::cerr << "dlx: no solution\n";
      status = kExitNoSolution;
    }
    stats = solver.stats();
  }
  std::cout.flush();
  if (vm.count("stats")) print_stats(stats);
  return status;
}
