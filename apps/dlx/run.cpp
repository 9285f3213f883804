#include "run.hpp"

#include <chrono>
#include <dlxapp/progress_line.hpp>
#include <dlxapp/usage.hpp>
#include <iostream>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "dlx/dlx.hpp"
#include "dlx/estimate.hpp"
#include "dlx/memo.hpp"
#include "dlx/output_file.hpp"
#include "dlx/parallel.hpp"
#include "dlx/solution_text.hpp"

namespace dlxcli {
namespace {

constexpr auto kRateTime = std::chrono::milliseconds(200);  // --estimate: the timed count

// Hands a solution to std::cout in one piece (after a blank line unless it is the first), so that the
// output's buffer (apps/common/output.cpp) only ever holds and writes whole solutions: what a run stopped by
// a second Ctrl-C (which exits at once, dropping the buffer) leaves behind ends after a whole solution too.
// With option_lines, each option comes after its input line number ("12: a b c"), as Knuth's programs can
// number them. A solution of the reduced problem (--preprocess) is printed as the input's options.
void write_solution(const Context& c, std::span<const dlx::OptionId> solution, bool first,
                    std::string& text) {
  text.assign(first ? "" : "\n");
  if (c.reduction != nullptr) {
    dlx::append_solution_text(text, *c.input, c.reduction->to_input(solution), c.option_lines);
  } else {
    dlx::append_solution_text(text, c.problem, solution, c.option_lines);
  }
  std::cout.write(text.data(), static_cast<std::streamsize>(text.size()));
}

// --count --memo, and --zdd: the ZDD is written whole (dlx::OutputFile) once the count finished, or not at all.
Outcome memo_count(const Context& c) {
  dlx::MemoCounter counter(c.problem, c.memo_options());
  if (c.settings.zdd_path.empty()) {
    const dlx::MemoCount count = counter.count();
    return {report_memo_count(count, c.interrupts.describe()), std::nullopt, counter.stats()};
  }
  const std::string name = "--zdd " + dlxapp::printable(c.settings.zdd_path);
  std::optional<dlx::OutputFile> file;
  try {
    // Opening a FIFO waits for its reader, and gives up when Ctrl-C or --time-limit raises the stop flag.
    file.emplace(c.settings.zdd_path, c.interrupts.flag());
  } catch (const dlx::FileError& e) {
    dlxapp::usage_error(name + ": " + e.what());
  }
  const dlx::MemoCount count = counter.write_zdd(file->stream());
  Outcome outcome{report_memo_count(count, c.interrupts.describe()), std::nullopt, counter.stats()};
  if (count.complete) {
    try {
      file->commit();
      return outcome;
    } catch (const dlx::FileError& e) {
      if (e.error() != 0) dlxapp::usage_error(name + ": " + e.what());
    }
  }
  file->discard();
  // The count's own note (interrupted, time limit, overflow) comes first; this line says what became of the file.
  const std::string why = count.complete ? "stopped while writing it" : "the count did not finish";
  outcome.report.note +=
      std::string(outcome.report.note.empty() ? "" : "\n") + "dlx: " + name +
      (file->in_place() ? ": " + why + ", what was written is not a whole ZDD" : ": no ZDD written, " + why);
  return outcome;
}

// --sample N: solutions drawn with the memoized counts, printed as --all prints.
Outcome sample(const Context& c) {
  dlx::MemoCounter counter(c.problem, c.memo_options());
  std::uint64_t printed = 0;
  std::string text;
  const dlx::MemoCount count = counter.sample(c.settings.samples, c.settings.seed.value_or(0),
                                              [&](std::span<const dlx::OptionId> solution) {
                                                write_solution(c, solution, printed == 0, text);
                                                ++printed;
                                                return c.output.ok();
                                              });
  return {report_sample(count, printed, c.interrupts.describe()), std::nullopt, counter.stats()};
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
  return {report_count(count, search.status(), c.interrupts.describe()), search.stats()};
}

template <class Search>
Outcome print_all(const Context& c, Search& search) {
  std::uint64_t printed = 0;
  std::string text;
  search.for_each([&](std::span<const dlx::OptionId> solution) {
    write_solution(c, solution, printed == 0, text);
    ++printed;
    // A failed write raised the stop flag already; false stops at once, not at the search's next poll.
    return c.output.ok() && (c.settings.limit == 0 || printed < c.settings.limit);
  });
  return {report_all(printed, search.status(), c.interrupts.describe()), search.stats()};
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
    if (solution) write_solution(c, *solution, true, text);
    return {report_first(solution.has_value(), search.status(), c.interrupts.describe()), search.stats()};
  }
  dlx::Solver solver(c.problem, c.search_options());
  const bool found = solver.next();
  if (found) write_solution(c, solver.solution(), true, text);
  return {report_first(found, solver.status(), c.interrupts.describe()), solver.stats()};
}

// The cheapest solutions, each followed by its cost, a blank line between them.
Outcome cheapest(const Context& c) {
  dlx::SearchOptions options = c.search_options();
  options.seed.reset();  // the order of the cost shares decides the search
  const dlx::CheapestResult result = dlx::cheapest(c.problem, c.settings.best, options, c.settings.limit);
  std::string text;
  bool first = true;
  for (const dlx::CostedSolution& s : result.solutions) {
    write_solution(c, s.options, first, text);
    first = false;
    text = "cost: " + std::to_string(s.cost) + '\n';
    std::cout.write(text.data(), static_cast<std::streamsize>(text.size()));
  }
  return {report_cheapest(result.solutions.size(), result.optimal, result.status, c.interrupts.describe()),
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
  return {report_estimate(e, c.settings.probes, rate, c.settings.threads, c.interrupts.describe()),
          std::nullopt};
}

}  // namespace

Outcome run_mode(const Context& c) {
  switch (c.settings.mode) {
    case Mode::first:
      return first(c);
    case Mode::all:
      return all(c);
    case Mode::count:
      return c.settings.memo ? memo_count(c) : count(c);
    case Mode::sample:
      return sample(c);
    case Mode::estimate:
      return estimate(c);
    case Mode::cheapest:
      return cheapest(c);
  }
  return {};
}

}  // namespace dlxcli
