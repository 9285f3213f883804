#include "report.hpp"

#include <cstdio>

namespace dlxcli {
namespace {

// Stopped by the stop flag (Ctrl-C, --time-limit, a closed pipe), as opposed to finished or cut by --limit.
bool cut_short(dlx::Status status) {
  return status == dlx::Status::stopped || status == dlx::Status::timed_out;
}

std::string plural(std::uint64_t n, std::string_view word) {
  return std::to_string(n) + ' ' + std::string(word) + (n == 1 ? "" : "s");
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
  std::snprintf(text, sizeof text, percent >= 10 ? " (standard error %.0f%%)" : " (standard error %.2g%%)",
                percent);
  return text;
}

std::string format_rate(const dlx::Estimate& e, const dlx::NodeRate& rate, unsigned threads) {
  std::string out;
  if (rate.per_second() > 0) {
    const double seconds = e.nodes / rate.per_second() / threads;
    char text[160];
    std::snprintf(text, sizeof text,
                  "seconds: %.3g (to count with %u thread%s, at %.3g nodes/s per thread)\n", seconds, threads,
                  threads == 1 ? "" : "s", rate.per_second());
    out += text;
  }
  if (rate.complete) {
    out += "exact: nodes " + std::to_string(rate.nodes) + ", solutions " + dlx::to_decimal(rate.solutions) +
           " (the whole tree was searched while measuring the speed)\n";
  }
  return out;
}

}  // namespace

namespace {

// A count as "N" or "N+", with the notes of report_count.
Report report_wide_count(dlx::Count128 solutions, bool complete, dlx::Status status, std::string_view why) {
  Report r;
  const std::string number = dlx::to_decimal(solutions) + (complete ? "" : "+");
  r.out = number + '\n';
  if (status == dlx::Status::overflow) {
    // The engine stops at the first solution past the width rather than wrap around: the number printed is
    // exact as a lower bound, but no longer the count.
    r.note = "dlx: the number of solutions exceeds 2^128-1 (" + dlx::to_decimal(dlx::kCount128Max) +
             "): the count stopped there";
    r.status = kExitOverflow;
  } else if (!why.empty()) {
    r.note = "dlx: " + std::string(why);
    if (cut_short(status) && !complete) r.note += ": the count is partial, a lower bound: " + number;
  }
  return r;
}

}  // namespace

Report report_count(const dlx::Count& count, dlx::Status status, std::string_view why) {
  return report_wide_count(count.solutions, count.complete, status, why);
}

Report report_memo_count(const dlx::MemoCount& count, std::string_view why) {
  return report_wide_count(count.solutions, count.complete, count.status, why);
}

Report report_sample(const dlx::MemoCount& count, std::uint64_t printed, std::string_view why) {
  if (count.status == dlx::Status::overflow) {
    Report r = report_memo_count(count, why);
    r.out.clear();
    r.note += ": too many to draw from";
    return r;
  }
  return report_all(printed, count.status, why);
}

std::string memo_stats_text(const dlx::MemoStats& stats) {
  std::string out = "nodes: " + std::to_string(stats.nodes) + "\nstates: " + std::to_string(stats.states) +
                    "\ncache hits: " + std::to_string(stats.hits) +
                    "\nevictions: " + std::to_string(stats.evictions) +
                    "\nmemory: " + std::to_string(stats.memory_bytes) + " bytes" +
                    "\nsubproblems: " + std::to_string(stats.subproblems) + '\n';
  if (stats.zdd_nodes > 0) out += "zdd nodes: " + std::to_string(stats.zdd_nodes) + '\n';
  if (stats.plain_depth >= 0) {
    // States rarely repeated: the counter stopped memoizing from this depth down (dlx/memo/search.hpp).
    out += "plain subtrees: " + std::to_string(stats.plain_subtrees) + " (" +
           std::to_string(stats.plain_nodes) + " nodes; memoizing given up from depth " +
           std::to_string(stats.plain_depth) + ", where the cache's hits saved too little)\n";
  }
  char seconds[64];
  std::snprintf(seconds, sizeof seconds, "seconds: %g\n", stats.seconds);
  return out + seconds;
}

Report report_all(std::uint64_t printed, dlx::Status status, std::string_view why) {
  Report r;
  if (!why.empty()) {
    r.note = "dlx: " + std::string(why);
    if (cut_short(status)) r.note += " after " + plural(printed, "solution") + "; there may be more";
  }
  return r;
}

Report report_first(bool found, dlx::Status status, std::string_view why) {
  Report r;
  if (!found && !cut_short(status)) {
    r.note = "dlx: no solution";
    r.status = kExitNoSolution;
  } else if (!why.empty()) {
    r.note = "dlx: " + std::string(why) + (found ? "" : " before a solution was found");
  }
  return r;
}

Report report_cheapest(std::size_t found, bool optimal, dlx::Status status, std::string_view why) {
  Report r;
  if (optimal) {
    if (found == 0) {
      r.note = "dlx: no solution";
      r.status = kExitNoSolution;
    }
    return r;
  }
  const std::string what =
      found == 0 ? "before a solution was found" : "; the best found so far, not proven optimal";
  if (!why.empty()) {
    r.note = "dlx: " + std::string(why) + (found == 0 ? " " : "") + what;
  } else if (status == dlx::Status::found) {
    r.note = std::string("dlx: --limit reached") + (found == 0 ? " " : "") + what;
    r.status = kExitNotOptimal;
  }
  return r;
}

Report report_estimate(const dlx::Estimate& e, std::uint64_t asked, const std::optional<dlx::NodeRate>& rate,
                       unsigned threads, std::string_view why) {
  Report r;
  const bool partial = e.probes < asked;
  if (e.probes > 0) {
    r.out =
        "probes: " + std::to_string(e.probes) + (partial ? " of " + std::to_string(asked) : "") +
        "\nnodes: " + format_amount(e.nodes) + format_error(e.nodes_error, e.nodes) + "\nsolutions: " +
        // A probe's estimate of the solutions is 0 unless it reached one: with none reached, a bare 0 would
        // read as "no solutions" where the probes only saw none.
        (e.solutions > 0 ? format_amount(e.solutions) + format_error(e.solutions_error, e.solutions)
                         : std::string("0 (no probe reached a solution; try more probes)")) +
        '\n';
    if (rate) r.out += format_rate(e, *rate, threads);
  }
  if (!why.empty()) {
    r.note = "dlx: " + std::string(why);
    if (partial && e.probes == 0) {
      r.note += " before the first probe finished";
    } else if (partial) {
      r.note += " after " + std::to_string(e.probes) + " of the " + std::to_string(asked) +
                " probes; the estimate is from those";
    }
  }
  return r;
}

}  // namespace dlxcli
