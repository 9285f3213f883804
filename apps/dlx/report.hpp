// What the dlx command prints once a search has returned, however it returned: to the end, at --limit,
// stopped by Ctrl-C, --time-limit or a closed pipe, or past 2^128 - 1 solutions. Pure functions of the
// search's result, so that the tests can check every case, overflow included (which no real search reaches in
// a lifetime).
//
// `why` is dlxapp::Interrupts::describe() after the search: "interrupted (Ctrl-C)", "time limit (2 s)
// reached", or empty when nothing stopped the run or when the output's reader went away (not worth a word).
// The status returned is the one before the stop's own: dlxapp::OutputGuard::finish turns it into 130 after
// Ctrl-C, 3 after the time limit, 0 when the reader went away and 2 after a write error.
#pragma once

#include <cstdint>
#include <dlxapp/exit_codes.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "dlx/count128.hpp"
#include "dlx/estimate.hpp"
#include "dlx/memo.hpp"
#include "dlx/solver.hpp"

namespace dlxcli {

// The one exit-code table (apps/common/dlxapp/exit_codes.hpp).
using dlxapp::kExitNoSolution;
using dlxapp::kExitNotOptimal;
using dlxapp::kExitOk;
using dlxapp::kExitOverflow;
using dlxapp::kExitUsage;

struct Report {
  std::string out;   // for standard output, whole lines
  std::string note;  // one line for standard error, without its '\n'; empty: none
  int status = kExitOk;
};

// --count: "N", or "N+" when the count stopped early (--limit, a stop, overflow), with a note that the count
// is partial when a stop cut it short, and the overflow note and status when it passed 2^128 - 1.
Report report_count(const dlx::Count& count, dlx::Status status, std::string_view why);

// --count --memo (and --sample, --zdd, which count first): the same.
Report report_memo_count(const dlx::MemoCount& count, std::string_view why);

// --sample: `printed` solutions are printed already; the note when a stop cut the draws short, or when there
// were too many solutions to draw from (status 4).
Report report_sample(const dlx::MemoCount& count, std::uint64_t printed, std::string_view why);

// --stats after a memoized count: one "name: value" line each.
std::string memo_stats_text(const dlx::MemoStats& stats);

// --all: the solutions are printed already (`printed` of them); only the note when a stop cut the list short.
Report report_all(std::uint64_t printed, dlx::Status status, std::string_view why);

// The default mode once the search returned, `found` telling whether a solution was printed: "dlx: no
// solution" and status 1 only when the whole tree was searched.
Report report_first(bool found, dlx::Status status, std::string_view why);

// --min-cost / --best: the solutions (`found` of them) are printed already, each with its cost. "dlx: no
// solution" and status 1 when the whole tree holds none; when the search stopped before it proved them the
// cheapest, a note saying so, and kExitNotOptimal when --limit stopped it (Ctrl-C and --time-limit have theirs).
Report report_cheapest(std::size_t found, bool optimal, dlx::Status status, std::string_view why);

// --estimate: `asked` probes were asked for and estimate.probes made; `rate`, when measured, times the count.
// A stopped estimate says "probes: K of N" and is from those K (nothing on standard output when K is 0).
Report report_estimate(const dlx::Estimate& estimate, std::uint64_t asked,
                       const std::optional<dlx::NodeRate>& rate, unsigned threads, std::string_view why);

}  // namespace dlxcli
