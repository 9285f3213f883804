// dlx: solve an exact-cover problem given in Knuth's DLX text format. Only wires options to library calls: the
// options table is options.cpp, the searches run.cpp, what is printed once a search returns report.cpp; Ctrl-C,
// --time-limit, closed pipes and usage errors are apps/common's (dlxapp), as in the other commands.
#include <dlxapp/input_file.hpp>
#include <dlxapp/interrupts.hpp>
#include <dlxapp/output.hpp>
#include <dlxapp/usage.hpp>
#include <exception>
#include <iostream>
#include <new>
#include <optional>

#include "dlx/dlx.hpp"
#include "options.hpp"
#include "report.hpp"
#include "run.hpp"

namespace {

void print_stats(const dlx::Stats& stats, dlx::Engine engine) {
  std::cerr << "engine: " << dlx::engine_name(engine) << "\nnodes: " << stats.nodes
            << "\nupdates: " << stats.updates << "\nsolutions: " << dlx::to_decimal(stats.solutions)
            << "\nseconds: " << stats.seconds << '\n';
}

void print_reduction(const dlx::PreprocessStats& stats) {
  std::cerr << "preprocess: " << stats.options_removed << " options and " << stats.items_removed
            << " items removed in " << stats.rounds << " rounds" << (stats.stopped ? " (stopped early)" : "")
            << '\n';
}

int run(int argc, char** argv, dlxapp::Interrupts& interrupts, dlxapp::OutputGuard& output) {
  const std::optional<dlxcli::Settings> settings = dlxcli::parse_command_line(argc, argv);
  if (!settings) return dlxapp::kExitOk;
  // From here on, as with sudoku: the time to read the input counts too. Stopped before the search, the
  // search then returns at once with nothing found, and the report says so.
  if (settings->time_limit) interrupts.start_timer(*settings->time_limit);

  const std::optional<dlx::KnuthInput> input = dlxapp::load_knuth_file(settings->path, std::cerr);
  if (!input) return dlxapp::kExitUsage;
  std::optional<dlx::Preprocessed> reduction;
  if (settings->preprocess) {
    try {
      reduction = dlx::preprocess(input->problem, interrupts.flag());
    } catch (const dlx::ProblemError& e) {
      dlxapp::usage_error(dlxapp::input_source_name(settings->path) + ": --preprocess: " + e.what());
    }
    if (settings->stats) print_reduction(reduction->stats);
  }
  const dlxcli::Context context{reduction ? reduction->problem : input->problem,
                                settings->line_numbers ? &input->option_lines : nullptr,
                                *settings,
                                interrupts,
                                output,
                                &input->problem,
                                reduction ? &*reduction : nullptr};
  const dlxcli::Outcome outcome = dlxcli::run_mode(context);
  std::cout << outcome.report.out;
  output.flush();
  if (!outcome.report.note.empty()) std::cerr << outcome.report.note << '\n';
  if (settings->stats && outcome.stats)
    print_stats(*outcome.stats, dlx::engine_for(context.problem, context.search_options()));
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
    int status = dlxapp::kExitUsage;
    try {
      status = run(argc, argv, interrupts, output);
    } catch (const dlxapp::UsageError& e) {
      status = dlxapp::report_usage_error("dlx", e.what(), std::cerr);
    } catch (const std::bad_alloc&) {
      output.flush();
      std::cerr << "dlx: out of memory\n";
      status = dlxapp::kExitFailure;  // the documented status of the unexpected (exit_codes.hpp)
    } catch (const std::exception& e) {
      output.flush();
      std::cerr << "dlx: " << dlxapp::printable(e.what()) << '\n';
      status = dlxapp::kExitUsage;
    }
    // 2 after a write error, 130 after Ctrl-C, 3 after the time limit, 0 when the reader went away.
    return output.finish(status);
  } catch (const std::exception& e) {
    std::cerr << "dlx: " << e.what() << '\n';
    return dlxapp::kExitUsage;
  }
}
