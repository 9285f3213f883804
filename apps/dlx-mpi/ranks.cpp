#include "ranks.hpp"

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <dlxapp/exit_codes.hpp>
#include <dlxapp/progress_line.hpp>
#include <dlxapp/usage.hpp>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

#include "dlx/checkpoint.hpp"
#include "dlx/count128.hpp"
#include "dlx/parallel.hpp"
#include "dlx/resumable_count.hpp"
#include "dlx/solver.hpp"

namespace dlxmpi {
namespace {

constexpr int kTagWork = 1, kTagStop = 2, kTagResult = 3;
constexpr int kResultWords = 4;  // a result message: index, a 128-bit count in two words, nodes
// Subproblems a worker holds at once (one counting, the others queued so that it need not wait for rank 0): as
// many as it counts in about kQueuedWork, judged from the pace of its results, within these bounds. Few for
// long subproblems, so that none sits queued behind a slow one at the end while other workers idle.
constexpr int kMinHeld = 2, kMaxHeld = 64;
constexpr double kQueuedWork = 0.005;  // seconds

// Waits for a message with MPI_Iprobe: first yielding the processor between looks (about `spin`), then sleeping
// for lengthening pauses up to `longest`, rather than in MPI_Probe, which keeps a core busy that the other ranks
// of an oversubscribed host may need.
MPI_Status wait_for_message(int source, int tag, std::chrono::microseconds spin,
                            std::chrono::microseconds longest) {
  const auto start = std::chrono::steady_clock::now();
  auto pause = std::chrono::microseconds(10);
  for (;;) {
    int flag = 0;
    MPI_Status status;
    MPI_Iprobe(source, tag, MPI_COMM_WORLD, &flag, &status);
    if (flag) return status;
    if (std::chrono::steady_clock::now() - start < spin) {
      std::this_thread::yield();
    } else {
      std::this_thread::sleep_for(pause);
      pause = std::min(pause * 2, longest);
    }
  }
}

using Result = dlx::CheckpointRecorder::Result;

// Rank 0 alone (-np 1): counts the pending subproblems itself, in order, until told to stop.
void count_here(const dlx::Problem& problem, const std::vector<dlx::Subproblem>& subproblems,
                const std::vector<std::uint64_t>& pending, const bool& stopping,
                const std::function<void(const Result&)>& received) {
  dlx::Solver solver(problem);
  std::size_t next = 0;
  while (next < pending.size() && !stopping) {
    const std::uint64_t index = pending[next++];
    dlx::enter_subproblem(solver, subproblems[index].prefix);
    const dlx::Count count = solver.count();
    if (solver.status() == dlx::Status::overflow) throw std::overflow_error("more than 2^128 - 1 solutions");
    received({index, {count.solutions, solver.stats().nodes}});
  }
}

// Rank 0 with workers: hands the pending subproblems out as the ranks ask (each holds a few, as many as it
// counts in about kQueuedWork), collects their results, and tells each to stop once nothing is left (or
// `stopping` turned true).
void hand_out_to_ranks(const std::vector<dlx::Subproblem>& subproblems,
                       const std::vector<std::uint64_t>& pending, int ranks, const bool& stopping,
                       const std::function<void(const Result&)>& received) {
  std::size_t next = 0;
  struct Worker {
    int held = 0;  // subproblems sent and not yet answered
    bool stopped = false;
    double interval = 0;  // mean time between its results, seconds (0: none yet)
    std::chrono::steady_clock::time_point last{};
  };
  std::vector<Worker> workers(static_cast<std::size_t>(ranks));
  std::vector<std::uint32_t> message;
  // Tops up what the worker holds, or tells it to stop once it holds nothing and nothing is left.
  const auto hand_out = [&](int rank) {
    Worker& w = workers[static_cast<std::size_t>(rank)];
    const int want = w.interval > 0
                         ? std::clamp(static_cast<int>(kQueuedWork / w.interval) + 1, kMinHeld, kMaxHeld)
                         : kMinHeld;
    while (w.held < want && next < pending.size() && !stopping) {
      const std::uint64_t index = pending[next++];
      message.assign({static_cast<std::uint32_t>(index), static_cast<std::uint32_t>(index >> 32)});
      message.insert(message.end(), subproblems[index].prefix.begin(), subproblems[index].prefix.end());
      MPI_Send(message.data(), static_cast<int>(message.size()), MPI_UINT32_T, rank, kTagWork,
               MPI_COMM_WORLD);
      ++w.held;
    }
    if (w.held == 0 && !w.stopped) {
      MPI_Send(nullptr, 0, MPI_UINT32_T, rank, kTagStop, MPI_COMM_WORLD);
      w.stopped = true;
    }
  };
  for (int rank = 1; rank < ranks; ++rank) hand_out(rank);
  const auto working = [&] {
    return std::any_of(workers.begin(), workers.end(), [](const Worker& w) { return w.held > 0; });
  };
  while (working()) {
    const MPI_Status status = wait_for_message(MPI_ANY_SOURCE, kTagResult, std::chrono::microseconds(0),
                                               std::chrono::microseconds(100));
    std::uint64_t result[kResultWords];
    MPI_Recv(result, kResultWords, MPI_UINT64_T, status.MPI_SOURCE, kTagResult, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
    Worker& w = workers[static_cast<std::size_t>(status.MPI_SOURCE)];
    --w.held;
    const auto now = std::chrono::steady_clock::now();
    if (w.last != std::chrono::steady_clock::time_point{}) {
      const double gap = std::chrono::duration<double>(now - w.last).count();
      w.interval = w.interval > 0 ? 0.8 * w.interval + 0.2 * gap : gap;
    }
    w.last = now;
    received({result[0], {dlx::Count128{result[2]} << 64 | result[1], result[3]}});
    hand_out(status.MPI_SOURCE);
  }
}

}  // namespace

void broadcast(std::uint64_t& value) {
  MPI_Bcast(&value, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
}

void broadcast(std::string& text) {
  std::uint64_t size = text.size();
  broadcast(size);
  text.resize(size);
  for (std::uint64_t offset = 0; offset < size;) {
    const int chunk = static_cast<int>(std::min<std::uint64_t>(size - offset, 1u << 30));
    MPI_Bcast(text.data() + offset, chunk, MPI_CHAR, 0, MPI_COMM_WORLD);
    offset += static_cast<std::uint64_t>(chunk);
  }
}

void serve(const dlx::Problem& problem) {
  dlx::Solver solver(problem);
  std::vector<std::uint32_t> message;
  for (;;) {
    // The next subproblem is normally queued already, or on its way: rank 0 answers within about 0.1 ms.
    const MPI_Status status =
        wait_for_message(0, MPI_ANY_TAG, std::chrono::microseconds(500), std::chrono::microseconds(1000));
    int length = 0;
    MPI_Get_count(&status, MPI_UINT32_T, &length);
    message.resize(static_cast<std::size_t>(std::max(length, 1)));
    MPI_Recv(message.data(), length, MPI_UINT32_T, 0, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (status.MPI_TAG == kTagStop) return;
    // [index low, index high, prefix...]
    dlx::enter_subproblem(solver, std::span(message).subspan(2, static_cast<std::size_t>(length) - 2));
    const dlx::Count count = solver.count();
    if (solver.status() == dlx::Status::overflow) throw std::overflow_error("more than 2^128 - 1 solutions");
    // [index, solutions low 64 bits, solutions high 64 bits, nodes]
    const std::uint64_t result[kResultWords] = {message[0] | std::uint64_t{message[1]} << 32,
                                                count.solutions.low64(), count.solutions.high64(),
                                                solver.stats().nodes};
    MPI_Send(result, kResultWords, MPI_UINT64_T, 0, kTagResult, MPI_COMM_WORLD);
  }
}

int coordinate(const dlx::Problem& problem, const Settings& settings, int ranks) {
  std::unique_ptr<dlx::ResumableCount> count;
  std::uint64_t refused =
      dlxapp::kExitOk;  // the status every rank ends with when the checkpoint cannot be used
  try {
    count = std::make_unique<dlx::ResumableCount>(problem, settings.subproblems, settings.checkpoint);
  } catch (const dlx::CheckpointWriteError& e) {  // the file is sound, the disk is full
    std::cerr << "dlx-mpi: " << dlxapp::printable(e.what()) << '\n';
    refused = dlxapp::kExitFailure;
  } catch (const dlx::CheckpointError& e) {  // damaged, or another problem's
    std::cerr << dlxapp::printable(e.what()) << '\n';
    refused = dlxapp::kExitUsage;
  }
  broadcast(refused);
  if (refused != dlxapp::kExitOk) return static_cast<int>(refused);
  const std::vector<dlx::Subproblem>& subproblems = count->split().subproblems;

  const bool show = settings.progress || dlxapp::ProgressLine::is_terminal(stderr);
  std::optional<dlxapp::ProgressLine> line(
      std::in_place, [&] { return count->progress(); }, show);
  const std::uint64_t stop_after = settings.stop_after;
  std::uint64_t finished_here = 0;  // results received in this run
  bool stopping = false;
  const auto received = [&](const Result& r) {
    count->add(r.first, r.second);
    ++finished_here;
    if ((stop_after != 0 && finished_here >= stop_after) || count->failed()) stopping = true;
  };
  if (ranks == 1) {
    count_here(problem, subproblems, count->pending(), stopping, received);
  } else {
    hand_out_to_ranks(subproblems, count->pending(), ranks, stopping, received);
  }
  try {
    count->finish();
  } catch (const dlx::CheckpointError& e) {
    std::cerr << "dlx-mpi: " << dlxapp::printable(e.what()) << '\n';
    return dlxapp::kExitFailure;
  }
  line.reset();  // erased before the report

  const dlx::ResumableCount::Totals totals = count->totals();
  if (!count->complete()) {
    std::cerr << "dlx-mpi: stopped after " << finished_here << " subproblems as asked (--stop-after); "
              << totals.done << " of " << subproblems.size() << " are done"
              << (count->has_checkpoint() ? ", run again with the same --checkpoint to finish" : "") << '\n';
    return dlxapp::kExitTimeLimit;
  }
  if (totals.overflow) {
    std::cerr << "dlx-mpi: more than 2^128 - 1 solutions\n";
    return dlxapp::kExitOverflow;
  }
  std::cout << dlx::to_decimal(totals.solutions) << '\n';
  if (settings.stats) {
    std::cerr << "nodes: " << totals.nodes << "\nsolutions: " << dlx::to_decimal(totals.solutions)
              << "\nseconds: " << count->progress().seconds << "\nsubproblems: " << subproblems.size() << " ("
              << count->resumed() << " from the checkpoint)\nranks: " << ranks << '\n';
  }
  return dlxapp::kExitOk;
}
}  // namespace dlxmpi
