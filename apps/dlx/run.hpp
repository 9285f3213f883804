// dlx's searches, one per mode: each runs the library's search the settings ask for, prints the solutions as they
// come, and hands back the report (report.hpp) that main() prints at the end.
#pragma once

#include <cstddef>
#include <dlxapp/interrupts.hpp>
#include <dlxapp/output.hpp>
#include <optional>
#include <vector>

#include "dlx/memo.hpp"
#include "dlx/parallel.hpp"
#include "dlx/preprocess.hpp"
#include "dlx/problem.hpp"
#include "dlx/solver.hpp"
#include "options.hpp"
#include "report.hpp"

namespace dlxcli {

// What a search hands back: the report, and the statistics for --stats.
struct Outcome {
  Report report;
  std::optional<dlx::Stats> stats;
  std::optional<dlx::MemoStats> memo_stats = std::nullopt;
};

struct Context {
  const dlx::Problem& problem;                   // the problem searched: the input's, or its reduction
  const std::vector<std::size_t>* option_lines;  // for --line-numbers, else null
  const Settings& settings;
  const dlxapp::Interrupts& interrupts;
  const dlxapp::OutputGuard& output;
  // With --preprocess: the input as read, and the way back to its options; solutions are printed from it.
  const dlx::Problem* input = nullptr;
  const dlx::Preprocessed* reduction = nullptr;

  // Every search polls the one stop flag that Ctrl-C, --time-limit and a closed output raise.
  dlx::SearchOptions search_options() const { return {.seed = settings.seed, .stop = interrupts.flag()}; }
  dlx::ParallelOptions parallel_options() const {
    return {.threads = settings.threads, .search = search_options()};
  }
  dlx::MemoOptions memo_options() const {
    return {.cache_bytes = settings.cache_bytes, .threads = settings.threads, .stop = interrupts.flag()};
  }
};

// Runs the search of settings.mode. Usage errors (a --zdd file that cannot be written) throw
// dlxapp::UsageError.
Outcome run_mode(const Context& context);

}  // namespace dlxcli
