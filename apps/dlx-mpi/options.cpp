#include "options.hpp"

#include <boost/program_options.hpp>
#include <dlxapp/options.hpp>
#include <dlxapp/usage.hpp>
#include <iostream>
#include <vector>

namespace dlxmpi {
namespace {

namespace po = boost::program_options;

// clang-format off
constexpr const char* kUsage =
    "Usage: mpirun -np K dlx-mpi --count [options] [FILE]\n"
    "Counts the solutions of the exact-cover problem in FILE (standard input when absent or '-'; Knuth's DLX\n"
    "format, as for dlx) on K processes. Rank 0 splits the search tree into subproblems and hands them out as the\n"
    "other ranks ask for work; with -np 1 it counts them itself. Prints the number of solutions, the same as\n"
    "'dlx --count'.\n";

constexpr const char* kExitCodes =
    "\nExit status:\n"
    "  0  success\n"
    "  2  usage error, unreadable or malformed input ('FILE:LINE: what is wrong' on stderr), a checkpoint\n"
    "     that belongs to another problem or split or cannot be opened (its folder is missing), or standard\n"
    "     output could not be written\n"
    "  3  stopped early (--stop-after); run again with the same --checkpoint to finish\n"
    "  4  more than 2^128 - 1 solutions\n"
    "  5  the checkpoint could not be written, or another failure during the count\n";
// clang-format on

}  // namespace

std::optional<Settings> parse_command_line(int argc, char** argv, bool root) {
  std::string checkpoint, subproblems, stop_after;
  po::options_description visible("Options");
  // clang-format off
  visible.add_options()
      ("help,h", "show this help and exit")
      ("version", "show the version and exit")
      ("count,c", "count the solutions (the only mode, accepted for symmetry with dlx)")
      ("checkpoint", po::value(&checkpoint)->value_name("FILE"),
       "record finished subproblems in this file and resume from it: a killed run started again with the same "
       "file (and the same problem and --subproblems) finishes the count")
      ("subproblems", po::value(&subproblems)->value_name("N"),
       "split the search tree into at least N subproblems (default 4096, at most 1048576)")
      ("stop-after", po::value(&stop_after)->value_name("N"),
       "stop once N subproblems are recorded (exit status 3; 0: never); with --checkpoint, a later run finishes the count")
      ("progress", "show a progress line on stderr (rank 0) even when stderr is not a terminal")
      ("stats,s", "print search statistics (nodes, time, subproblems) on stderr");
  // clang-format on
  po::options_description hidden;
  hidden.add_options()("file", po::value<std::string>(), "input file");
  const po::variables_map vm =
      dlxapp::parse_options(std::vector<std::string>(argv + 1, argv + argc), visible, hidden, "dlx-mpi");
  if (vm.count("help")) {
    if (root) std::cout << kUsage << '\n' << visible << kExitCodes;
    return std::nullopt;
  }
  if (vm.count("version")) {
    if (root) std::cout << "dlx-mpi " << DLX_VERSION << '\n';
    return std::nullopt;
  }
  Settings s;
  if (vm.count("subproblems"))
    s.subproblems = dlxapp::parse_number("--subproblems", subproblems, 1, kMaxSubproblems);
  if (vm.count("stop-after")) s.stop_after = dlxapp::parse_number("--stop-after", stop_after, 0, UINT64_MAX);
  if (vm.count("checkpoint")) {
    if (checkpoint.empty()) dlxapp::usage_error("--checkpoint: expected a file name, not an empty one");
    s.checkpoint = checkpoint;
  }
  if (vm.count("file")) s.path = vm["file"].as<std::string>();
  s.progress = vm.count("progress") > 0;
  s.stats = vm.count("stats") > 0;
  return s;
}

}  // namespace dlxmpi
