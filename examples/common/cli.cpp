#include "common/cli.hpp"

#include <unistd.h>

#include <atomic>
#include <charconv>
#include <cstdlib>
#include <dlxapp/interrupts.hpp>
#include <dlxapp/output.hpp>
#include <dlxapp/usage.hpp>
#include <iostream>
#include <new>
#include <stdexcept>
#include <utility>

#include "dlx/input_error.hpp"
#include "dlx/knuth_format.hpp"
#include "dlx/solver.hpp"

namespace examples {

namespace {

constexpr unsigned kHelpWidth = 104;

// The statuses of the one table (apps/common/dlxapp/exit_codes.hpp) that an example can return.
constexpr const char* kExitStatus =
    "Exit status:\n"
    "    0  success (with --count or --all, also when there are no solutions); or the output's reader went "
    "away\n"
    "    1  no solution (default mode)\n"
    "    2  bad usage or malformed input: one line on stderr says what is wrong (FILE:LINE: for files); or\n"
    "       standard output could not be written\n"
    "    5  anything unexpected, such as running out of memory\n"
    "  130  interrupted by Ctrl-C (SIGINT); 143 by SIGTERM, 129 by SIGHUP: what was found so far is "
    "printed\n";

// The stop flag of the running run_main() (Ctrl-C, a closed or failing output), polled by solve()'s searches;
// null outside run_main (the tests call solve() directly).
const std::atomic<bool>* g_stop = nullptr;

void print_stats(std::ostream& err, const dlx::Stats& stats, dlx::Count128 kept) {
  err << "nodes: " << stats.nodes << "\nupdates: " << stats.updates
      << "\nsolutions: " << dlx::to_decimal(kept);
  if (kept != stats.solutions) err << " (of " << dlx::to_decimal(stats.solutions) << " found)";
  err << "\nseconds: " << stats.seconds << '\n';
}

}  // namespace

Cli::Cli(std::string program, std::string synopsis, std::string about, std::string notes)
    : program_(std::move(program)),
      synopsis_(std::move(synopsis)),
      about_(std::move(about)),
      notes_(std::move(notes)),
      own_("Options", kHelpWidth, kHelpWidth / 2),
      common_("Common options", kHelpWidth, kHelpWidth / 2) {
  common_.add_options()(
      "count,c", "print only the number of solutions, alone on the last line (N+ when --limit cut it short)")(
      "all,a", "print every solution (default: the first one)")(
      "limit,l", po::value<std::string>()->value_name("N"),
      "stop after N solutions; prints up to N without --count")(
      "emit", "write the problem in Knuth's DLX format on stdout instead of solving it (try: | dlx --count)")(
      "stats,s", "print search statistics (nodes, updates, time) on stderr")("help,h",
                                                                             "show this help and exit");
}

void Cli::positional(const std::string& name, int max_count) {
  hidden_.add_options()(name.c_str(), po::value<std::vector<std::string>>());
  positional_.add(name.c_str(), max_count);
}

bool Cli::parse(int argc, const char* const* argv, std::ostream& out) {
  po::options_description all;
  all.add(own_).add(common_).add(hidden_);
  try {
    po::store(po::command_line_parser(argc, argv).options(all).positional(positional_).run(), values_);
    po::notify(values_);
  } catch (const po::error& e) {
    throw UsageError(dlxapp::shorten_words(e.what()) + " (see " + program_ + " --help)");
  }
  if (has("help")) {
    print_help(out);
    return false;
  }
  settings_.count = has("count");
  settings_.all = has("all");
  settings_.emit = has("emit");
  settings_.stats = has("stats");
  if (has("limit"))
    settings_.limit = static_cast<std::uint64_t>(
        parse_integer(values_["limit"].as<std::string>(), 1, INT64_MAX, "--limit"));
  if (settings_.count && settings_.all) throw UsageError("--count and --all cannot be used together");
  if (settings_.emit && (settings_.count || settings_.all || has("limit") || settings_.stats))
    throw UsageError(
        "--emit writes the problem instead of solving it: it goes with no --count, --all, --limit or "
        "--stats");
  return true;
}

void Cli::print_help(std::ostream& out) const {
  out << "Usage: " << program_ << ' ' << synopsis_ << '\n' << about_ << '\n';
  if (!own_.options().empty()) out << '\n' << own_;
  out << '\n' << common_;
  if (!notes_.empty()) out << '\n' << notes_;
  out << '\n' << kExitStatus;
}

int solve(const dlx::Problem& problem, const RunSettings& settings, const SolutionPrinter& print,
          std::ostream& out, std::ostream& err, const SolutionFilter& keep, std::string_view separator) {
  if (settings.emit) {
    dlx::write_knuth(problem, out);
    out.flush();
    return kExitOk;
  }
  dlx::SearchOptions search;
  search.stop = g_stop;
  dlx::Solver solver(problem, search);
  int status = kExitOk;
  dlx::Count128 kept = 0;  // 128 bits, as dlx::Count
  // --count --limit N searches one solution further, to tell "exactly N" (printed N) from "more" (N+).
  const std::uint64_t count_limit =
      settings.limit == 0 || settings.limit == UINT64_MAX ? settings.limit : settings.limit + 1;
  if (settings.count && !keep) {
    const dlx::Count count = solver.count(count_limit);
    const bool more = settings.limit != 0 && count.solutions > settings.limit;
    kept = more ? settings.limit : count.solutions;
    out << dlx::to_decimal(kept) << (count.complete && !more ? "" : "+") << '\n';
  } else {
    // Without --count: the first solution, or with --all/--limit up to `limit` of them (0: all).
    const std::uint64_t limit = settings.count                   ? count_limit
                                : settings.all || settings.limit ? settings.limit
                                                                 : 1;
    solver.for_each([&](std::span<const dlx::OptionId> solution) {
      if (keep && !keep(solution)) return true;
      ++kept;
      if (!settings.count) {
        if (kept > 1) out << separator;
        print(out, solution);
        out.flush();  // a whole solution at a time; a failed write ends the search now
      }
      return out.good() && (limit == 0 || kept < limit);
    });
    if (settings.count) {
      const bool more = settings.limit != 0 && kept > settings.limit;
      if (more) kept = settings.limit;
      out << dlx::to_decimal(kept) << (solver.status() == dlx::Status::exhausted && !more ? "" : "+") << '\n';
    } else if (kept == 0 && solver.status() != dlx::Status::stopped) {
      if (!settings.all && !settings.limit) status = kExitNoSolution;
    }
  }
  out.flush();
  const bool stopped = solver.status() == dlx::Status::stopped;
  if (!settings.count && kept == 0 && !stopped) err << "no solution\n";
  if (settings.stats) print_stats(err, solver.stats(), kept);
  return status;
}

int guard(std::string_view program, std::ostream& err, const std::function<int()>& body) {
  try {
    return body();
  } catch (const dlx::InputError& e) {
    err << e.what() << '\n';
    return kExitUsage;
  } catch (const UsageError& e) {
    return dlxapp::report_usage_error(program, e.what(), err);
  } catch (const dlx::ProblemError& e) {
    return dlxapp::report_usage_error(program, e.what(), err);
  } catch (const std::bad_alloc&) {
    err << program << ": error: out of memory\n";
    return kExitFailure;
  } catch (const std::exception& e) {
    err << program << ": error: " << e.what() << '\n';
    return kExitFailure;
  }
}

int run_main(std::string_view program, const std::function<int()>& body) {
  try {
    // Before any thread starts: see dlxapp/interrupts.hpp.
    dlxapp::Interrupts interrupts(program);
    dlxapp::OutputGuard output(program, &interrupts);
    g_stop = interrupts.flag();
    const int status = guard(program, std::cerr, body);
    g_stop = nullptr;
    output.flush();
    if (const std::string why = interrupts.describe(); !why.empty())
      std::cerr << program << ": " << why << ": what was found so far is printed\n";
    // 2 after a write error, 130 after Ctrl-C, 0 when the reader went away.
    return output.finish(status);
  } catch (const std::exception& e) {
    std::cerr << program << ": error: " << e.what() << '\n';
    return kExitFailure;
  }
}

long long parse_integer(std::string_view text, long long low, long long high, std::string_view what) {
  if (low < 0 || high < low)
    throw std::invalid_argument("examples::parse_integer: a range from 0 up is expected");
  const std::string range =
      std::to_string(low) + (high == INT64_MAX ? " or more" : " to " + std::to_string(high));
  std::uint64_t value = 0;
  switch (
      dlxapp::read_number(text, static_cast<std::uint64_t>(low), static_cast<std::uint64_t>(high), value)) {
    case dlxapp::NumberError::none:
      break;
    case dlxapp::NumberError::malformed:
      throw UsageError(std::string(what) + " wants a whole number (" + range + "), not '" +
                       dlxapp::echo_value(text) + "'");
    case dlxapp::NumberError::out_of_range:
      throw UsageError(std::string(what) + " must be " + range + ", not " + dlxapp::echo_value(text));
  }
  return static_cast<long long>(value);
}

bool use_color(std::string_view when) {
  if (when == "always") return true;
  if (when == "never") return false;
  if (when != "auto")
    throw UsageError("--color wants auto, always or never, not '" + dlxapp::echo_value(when) + "'");
  const char* no_color = std::getenv("NO_COLOR");
  return isatty(STDOUT_FILENO) == 1 && (no_color == nullptr || *no_color == '\0');
}

}  // namespace examples
