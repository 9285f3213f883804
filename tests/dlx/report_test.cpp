// What the dlx command prints once a search returns (apps/dlx/report.hpp), for every way a search can return.
// The end-to-end checks with real signals, time limits and pipes are in trust_test.sh; overflow is checked
// only here, since no search counts past 2^128 - 1 solutions.
#include "report.hpp"

#include <doctest/doctest.h>

#include <atomic>
#include <cstdint>
#include <string>

#include "dlx/solver.hpp"
#include "test_problems.hpp"

using dlx::Status;
using dlxcli::report_all;
using dlxcli::report_count;
using dlxcli::report_estimate;
using dlxcli::report_first;

namespace {
constexpr const char* kCtrlC = "interrupted (Ctrl-C)";
constexpr const char* kTime = "time limit (0.2 s) reached";
}  // namespace

TEST_CASE("report_count: exact, cut by --limit, stopped, past 2^64 - 1 and past 2^128 - 1") {
  const auto exact = report_count({92, true}, Status::exhausted, "");
  CHECK(exact.out == "92\n");
  CHECK(exact.note.empty());
  CHECK(exact.status == dlxcli::kExitOk);

  const auto limited = report_count({5, false}, Status::found, "");
  CHECK(limited.out == "5+\n");
  CHECK(limited.note.empty());
  CHECK(limited.status == dlxcli::kExitOk);

  const auto interrupted = report_count({1234, false}, Status::stopped, kCtrlC);
  CHECK(interrupted.out == "1234+\n");
  CHECK(interrupted.note == "dlx: interrupted (Ctrl-C): the count is partial, a lower bound: 1234+");
  CHECK(interrupted.status == dlxcli::kExitOk);  // 130 comes from dlxapp::OutputGuard::finish

  const auto timed = report_count({0, false}, Status::stopped, kTime);
  CHECK(timed.out == "0+\n");
  CHECK(timed.note == "dlx: time limit (0.2 s) reached: the count is partial, a lower bound: 0+");

  // The output's reader went away: nothing worth a word (and the number goes nowhere).
  const auto gone = report_count({7, false}, Status::stopped, "");
  CHECK(gone.out == "7+\n");
  CHECK(gone.note.empty());

  // A Ctrl-C that came once the count was complete changes nothing printed (the status is still 130).
  const auto late = report_count({92, true}, Status::exhausted, kCtrlC);
  CHECK(late.out == "92\n");
  CHECK(late.note == "dlx: interrupted (Ctrl-C)");

  // Past 2^64 - 1 (a sum over subtrees, threads or ranks): exact, in decimal.
  const auto wide = report_count({dlx::Count128{UINT64_MAX} + 2, true}, Status::exhausted, "");
  CHECK(wide.out == "18446744073709551617\n");
  CHECK(wide.status == dlxcli::kExitOk);

  const auto overflow = report_count({dlx::kCount128Max, false}, Status::overflow, "");
  CHECK(overflow.out == "340282366920938463463374607431768211455+\n");
  CHECK(overflow.note ==
        "dlx: the number of solutions exceeds 2^128-1 (340282366920938463463374607431768211455): the count "
        "stopped there");
  CHECK(overflow.status == dlxcli::kExitOverflow);
  CHECK(dlxcli::kExitOverflow == 4);
}

TEST_CASE("report_count takes a stopped Solver's count as a lower bound") {
  const dlx::Problem queens = test::queens(8);
  std::atomic<bool> stop{true};
  dlx::SearchOptions options;
  options.stop = &stop;
  dlx::Solver solver(queens, options);
  const dlx::Count count = solver.count();
  const auto r = report_count(count, solver.status(), kCtrlC);
  CHECK(r.out == dlx::to_decimal(count.solutions) + "+\n");
  CHECK(r.note == "dlx: interrupted (Ctrl-C): the count is partial, a lower bound: " +
                      dlx::to_decimal(count.solutions) + "+");
}

TEST_CASE("report_all: a note only when a stop cut the list short") {
  CHECK(report_all(3, Status::exhausted, "").note.empty());
  CHECK(report_all(3, Status::found, "").note.empty());     // --limit 3
  CHECK(report_all(17, Status::stopped, "").note.empty());  // the reader went away
  CHECK(report_all(17, Status::stopped, kCtrlC).note ==
        "dlx: interrupted (Ctrl-C) after 17 solutions; there may be more");
  CHECK(report_all(1, Status::stopped, kTime).note ==
        "dlx: time limit (0.2 s) reached after 1 solution; there may be more");
  CHECK(report_all(0, Status::stopped, kCtrlC).note ==
        "dlx: interrupted (Ctrl-C) after 0 solutions; there may be more");
  for (const Status s : {Status::exhausted, Status::stopped}) {
    CHECK(report_all(0, s, "").status == dlxcli::kExitOk);
    CHECK(report_all(0, s, "").out.empty());
  }
}

TEST_CASE("report_first: \"no solution\" only after the whole tree was searched") {
  const auto found = report_first(true, Status::found, "");
  CHECK(found.note.empty());
  CHECK(found.status == dlxcli::kExitOk);

  const auto none = report_first(false, Status::exhausted, "");
  CHECK(none.note == "dlx: no solution");
  CHECK(none.status == dlxcli::kExitNoSolution);

  const auto stopped = report_first(false, Status::stopped, kCtrlC);
  CHECK(stopped.note == "dlx: interrupted (Ctrl-C) before a solution was found");
  CHECK(stopped.status == dlxcli::kExitOk);

  const auto timed = report_first(false, Status::timed_out, kTime);
  CHECK(timed.note == "dlx: time limit (0.2 s) reached before a solution was found");
  CHECK(timed.status == dlxcli::kExitOk);

  CHECK(report_first(false, Status::stopped, "").note.empty());  // the reader went away
  CHECK(report_first(true, Status::found, kCtrlC).note == "dlx: interrupted (Ctrl-C)");
}

TEST_CASE("report_estimate: complete, stopped part way, stopped before any probe") {
  const dlx::Estimate e{
      .probes = 2000, .nodes = 2000, .solutions = 92, .nodes_error = 100, .solutions_error = 4.6};
  const dlx::NodeRate rate{.nodes = 2057, .solutions = 92, .seconds = 0.001, .complete = true};
  const auto complete = report_estimate(e, 2000, rate, 2, "");
  CHECK(complete.out ==
        "probes: 2000\nnodes: 2000 (standard error 5%)\nsolutions: 92 (standard error 5%)\n"
        "seconds: 0.000486 (to count with 2 threads, at 2.06e+06 nodes/s per thread)\n"
        "exact: nodes 2057, solutions 92 (the whole tree was searched while measuring the speed)\n");
  CHECK(complete.note.empty());
  CHECK(complete.status == dlxcli::kExitOk);

  dlx::Estimate part = e;
  part.probes = 700;
  const auto stopped = report_estimate(part, 100000, std::nullopt, 1, kCtrlC);
  CHECK(stopped.out ==
        "probes: 700 of 100000\nnodes: 2000 (standard error 5%)\nsolutions: 92 (standard error 5%)\n");
  CHECK(stopped.note ==
        "dlx: interrupted (Ctrl-C) after 700 of the 100000 probes; the estimate is from those");

  // Probes that all ended in dead ends estimate 0 solutions: said so, not as a bare 0.
  dlx::Estimate blind = e;
  blind.solutions = blind.solutions_error = 0;
  CHECK(report_estimate(blind, 2000, std::nullopt, 1, "").out ==
        "probes: 2000\nnodes: 2000 (standard error 5%)\nsolutions: 0 (no probe reached a solution; try more "
        "probes)\n");

  const auto none = report_estimate({}, 100000, std::nullopt, 1, kTime);
  CHECK(none.out.empty());
  CHECK(none.note == "dlx: time limit (0.2 s) reached before the first probe finished");
  CHECK(none.status == dlxcli::kExitOk);
}
