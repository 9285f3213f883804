// dlx: solve an exact-cover problem given in Knuth's DLX text format. Only wires options to library calls.
#include <boost/program_options.hpp>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <string>

#include "dlx/dlx.hpp"

namespace po = boost::program_options;

namespace {

constexpr int kExitOk = 0, kExitNoSolution = 1, kExitInputError = 2;

constexpr const char* kUsage =
    "Usage: dlx [options] [FILE]\n"
    "Solves the exact-cover problem in FILE (standard input when absent or '-'), written in Knuth's DLX format:\n"
    "'|' comment lines, then the primary items, optionally '|' and secondary items, then one option per line;\n"
    "a secondary item in an option may carry a color as name:color.\n"
    "\n"
    "By default prints the first solution, one chosen option per line as written in the input.\n";

constexpr const char* kExitCodes =
    "\nExit status:\n"
    "  0  success (in --count and --all modes, also when there are no solutions)\n"
    "  1  no solution (default mode)\n"
    "  2  usage error, unreadable file or malformed input: one line 'FILE:LINE: what is wrong' on stderr\n";

void print_stats(const dlx::Stats& stats) {
  std::cerr << "nodes: " << stats.nodes << "\nupdates: " << stats.updates << "\nsolutions: " << stats.solutions
            << "\nseconds: " << stats.seconds << '\n';
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
      ("seed", po::value<std::uint64_t>(), "break ties between equally constrained items at random with this seed")
      ("stats,s", "print search statistics (nodes, updates, time) on stderr");
  po::options_description hidden;
  hidden.add_options()("file", po::value<std::string>(), "input file");
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

  const std::string path = vm.count("file") ? vm["file"].as<std::string>() : "-";
  const std::string source = path == "-" ? "<stdin>" : path;
  std::ifstream file;
  if (path != "-") {
    file.open(path, std::ios::binary);
    if (!file) {
      std::cerr << path << ":0: cannot open file\n";
      return kExitInputError;
    }
  }
  std::istream& in = path == "-" ? std::cin : file;

  dlx::KnuthInput input;
  try {
    input = dlx::read_knuth(in, source);
  } catch (const dlx::InputError& e) {
    std::cerr << e.what() << '\n';
    return kExitInputError;
  }
  for (const std::string& warning : input.warnings) std::cerr << warning << '\n';

  dlx::SearchOptions options;
  if (vm.count("seed")) options.seed = vm["seed"].as<std::uint64_t>();
  dlx::Solver solver(input.problem, options);
  int status = kExitOk;
  if (count_mode) {
    const dlx::Count count = solver.count(limit);
    std::cout << count.solutions << (count.complete ? "" : "+") << '\n';
  } else if (all_mode) {
    std::uint64_t found = 0;
    solver.for_each([&](std::span<const dlx::OptionId> solution) {
      if (found++ > 0) std::cout << '\n';
      print_solution(input.problem, solution);
      return limit == 0 || found < limit;
    });
  } else if (solver.next()) {
    print_solution(input.problem, solver.solution());
  } else {
    std::cerr << "dlx: no solution\n";
    status = kExitNoSolution;
  }
  std::cout.flush();
  if (vm.count("stats")) print_stats(solver.stats());
  return status;
}
