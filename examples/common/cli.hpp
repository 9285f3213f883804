// What every example program shares: the common command-line options, the loop that emits, counts or prints
// solutions, and how errors become messages and exit statuses. Each example only adds its own options, builds
// its problem with the library API and says how one solution is drawn.
//
// Common options (as for the `dlx` command):
//   -c/--count      print only the number of solutions, alone on the last line ("N+" when --limit cut it short)
//   -a/--all        print every solution (default: the first one only)
//   -l/--limit N    stop after N solutions; without --count it prints up to N solutions
//   --emit          write the problem in Knuth's DLX format instead of solving it
//   -s/--stats      search statistics on stderr
//   -h/--help
//
// Exit status: the one table of every command (apps/common/dlxapp/exit_codes.hpp): 0 success (also no solutions
// with --count or --all, or the output's reader went away), 1 no solution (default mode), 2 bad usage, malformed
// input or a write error, 5 anything unexpected (out of memory, ...), 130 Ctrl-C (143 SIGTERM, 129 SIGHUP).
// Output follows the commands' rules (dlxapp/output.hpp) through run_main().
#pragma once

#include <boost/program_options.hpp>
#include <cstdint>
#include <dlxapp/exit_codes.hpp>
#include <dlxapp/usage.hpp>
#include <functional>
#include <iosfwd>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

#include "dlx/problem.hpp"

namespace examples {

namespace po = boost::program_options;

inline constexpr int kExitOk = dlxapp::kExitOk, kExitNoSolution = dlxapp::kExitNoSolution,
                     kExitUsage = dlxapp::kExitUsage, kExitFailure = dlxapp::kExitFailure;

// Bad arguments or input that have no file and line: printed as "program: message", exit status 2. The
// commands' own (apps/common/dlxapp/usage.hpp), so that every program reports them the same way.
using UsageError = dlxapp::UsageError;

struct RunSettings {
  bool count = false;       // print only the number of solutions
  bool all = false;         // print every solution, not only the first
  bool emit = false;        // write the problem in Knuth's format instead of solving it
  bool stats = false;       // search statistics on stderr
  std::uint64_t limit = 0;  // stop after this many solutions (0: no limit)
};

// The command line of one example: its own options and positional arguments, plus the common ones.
class Cli {
 public:
  // program: the command's name; synopsis: "N [options]"; about: what it does (shown first by --help);
  // notes: shown after the option list (formats, sources of published counts, ...).
  Cli(std::string program, std::string synopsis, std::string about, std::string notes = {});

  // Options of this example, shown in --help: cli.options().add_options()("name", po::value<...>(), "text");
  po::options_description& options() { return own_; }
  // A positional argument (shown in the synopsis, described in `about`), stored under `name`.
  void positional(const std::string& name, int max_count = 1);

  // Parses argv. Returns false when the program should stop now with status 0 (--help was printed on out).
  // Throws UsageError for anything wrong with the arguments.
  bool parse(int argc, const char* const* argv, std::ostream& out);

  const po::variables_map& values() const { return values_; }
  bool has(const std::string& name) const { return values_.count(name) > 0; }
  const RunSettings& settings() const { return settings_; }
  const std::string& program() const { return program_; }

  void print_help(std::ostream& out) const;

 private:
  std::string program_, synopsis_, about_, notes_;
  po::options_description own_;
  po::options_description common_;
  po::options_description hidden_;
  po::positional_options_description positional_;
  po::variables_map values_;
  RunSettings settings_;
};

// Draws one solution on out (its last line ends with '\n').
using SolutionPrinter = std::function<void(std::ostream& out, std::span<const dlx::OptionId> solution)>;
// Keeps a solution (true) or drops it (false); used to count solutions only once up to symmetry when the
// problem alone cannot tell them apart.
using SolutionFilter = std::function<bool(std::span<const dlx::OptionId> solution)>;

// Emits, counts or prints the solutions of problem as settings say, and returns the exit status. Between two
// printed solutions comes `separator` (a blank line for pictures, nothing for one-line solutions).
int solve(const dlx::Problem& problem, const RunSettings& settings, const SolutionPrinter& print,
          std::ostream& out, std::ostream& err, const SolutionFilter& keep = {},
          std::string_view separator = "\n");

// Runs body and turns the errors it throws into one line on err and an exit status: UsageError and
// dlx::ProblemError as "program: message" (2), dlx::InputError as "FILE:LINE: message" (2), anything else as
// "program: error: ..." (3).
int guard(std::string_view program, std::ostream& err, const std::function<int()>& body);

// What every example's main() returns: guard(program, std::cerr, body) with the commands' output and signal rules
// around it (dlxapp::Interrupts, dlxapp::OutputGuard): a closed pipe ends the run quietly with status 0, any
// other write error (/dev/full, a closed stdout) says so and exits 2, Ctrl-C (SIGTERM, SIGHUP) stops the search
// and prints what was found. Call it first thing in main, before any thread starts.
int run_main(std::string_view program, const std::function<int()>& body);

// A whole number in [low, high] (0 <= low) from a command-line argument, read by dlxapp::read_number (no sign,
// "-1" out of range), or UsageError naming `what` and echoing at most 40 characters of text.
long long parse_integer(std::string_view text, long long low, long long high, std::string_view what);

// Whether ANSI colors should be used on standard output: "always", "never", or "auto" (a terminal, and the
// NO_COLOR environment variable unset). Throws UsageError for any other word.
bool use_color(std::string_view when);

}  // namespace examples
