// dlx-mpi: counts the solutions of an exact-cover problem on many processes with MPI.
//
//   mpirun -np K dlx-mpi --count [--checkpoint FILE] PROBLEM
//
// Rank 0 reads the problem, sends its text to every rank, splits the search tree into subproblems (prefixes of
// choices, see dlx/parallel.hpp) and hands them out one at a time to whichever rank asks; the other ranks count
// them and send back the counts. With -np 1, rank 0 counts them all itself. With --checkpoint, every finished
// subproblem is recorded on disk (dlx/checkpoint.hpp) before it counts as done, so a run that was killed resumes
// where it stopped and still prints the exact total.
#include <mpi.h>

#include <algorithm>
#include <atomic>
#include <boost/program_options.hpp>
#include <chrono>
#include <climits>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <dlxapp/exit_codes.hpp>
#include <dlxapp/input_file.hpp>
#include <dlxapp/progress_line.hpp>
#include <exception>
#include <functional>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "dlx/checkpoint.hpp"
#include "dlx/count128.hpp"
#include "dlx/parallel.hpp"
#include "dlx/resumable_count.hpp"
#include "dlx/solver.hpp"

namespace po = boost::program_options;

namespace {

// The one exit-code table (apps/common/dlxapp/exit_codes.hpp).
constexpr int kExitOk = dlxapp::kExitOk, kExitInputError = dlxapp::kExitUsage,
              kExitStopped = dlxapp::kExitTimeLimit, kExitOverflow = dlxapp::kExitOverflow,
              kExitFailure = dlxapp::kExitFailure;
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

constexpr const char* kUsage =
    "Usage: mpirun -np K dlx-mpi --count [options] [FILE]\n"
    "Counts the solutions of the exact-cover problem in FILE (standard input when absent or '-'; Knuth's "
    "DLX\n"
    "format, as for dlx) on K processes. Rank 0 splits the search tree into subproblems and hands them out "
    "as the\n"
    "other ranks ask for work; with -np 1 it counts them itself. Prints the number of solutions, the same "
    "as\n"
    "'dlx --count'.\n";

constexpr const char* kExitCodes =
    "\nExit status:\n"
    "  0  success\n"
    "  2  usage error, unreadable or malformed input ('FILE:LINE: what is wrong' on stderr), or a "
    "checkpoint\n"
    "     that belongs to another problem or split\n"
    "  3  stopped early (--stop-after); run again with the same --checkpoint to finish\n"
    "  4  more than 2^128 - 1 solutions\n"
    "  5  the checkpoint could not be written, or another failure during the count\n";

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

// Counts subproblems sent by rank 0 until told to stop.
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
    const std::uint64_t result[kResultWords] = {
        message[0] | std::uint64_t{message[1]} << 32, count.solutions.low64(),
        static_cast<std::uint64_t>(count.solutions >> 64), solver.stats().nodes};
    MPI_Send(result, kResultWords, MPI_UINT64_T, 0, kTagResult, MPI_COMM_WORLD);
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

// Rank 0: splits, hands out, collects, records (dlx::ResumableCount keeps the books). Returns the exit status.
int coordinate(const dlx::Problem& problem, const po::variables_map& vm, int ranks,
               std::uint64_t& checkpoint_ok) {
  std::unique_ptr<dlx::ResumableCount> count;
  try {
    count = std::make_unique<dlx::ResumableCount>(
        problem, vm["subproblems"].as<std::uint64_t>(),
        vm.count("checkpoint") ? vm["checkpoint"].as<std::string>() : std::string());
  } catch (const dlx::CheckpointError& e) {
    std::cerr << e.what() << '\n';
    checkpoint_ok = 0;
  }
  broadcast(checkpoint_ok);
  if (checkpoint_ok == 0) return kExitInputError;
  const std::vector<dlx::Subproblem>& subproblems = count->split().subproblems;

  const bool show = vm.count("progress") > 0 || dlxapp::ProgressLine::is_terminal(stderr);
  std::optional<dlxapp::ProgressLine> line(
      std::in_place, [&] { return count->progress(); }, show);
  const std::uint64_t stop_after = vm.count("stop-after") ? vm["stop-after"].as<std::uint64_t>() : 0;
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
    std::cerr << "dlx-mpi: " << e.what() << '\n';
    return kExitFailure;
  }
  line.reset();  // erased before the report

  const dlx::ResumableCount::Totals totals = count->totals();
  if (!count->complete()) {
    std::cerr << "dlx-mpi: stopped after " << finished_here << " subproblems as asked (--stop-after); "
              << totals.done << " of " << subproblems.size() << " are done"
              << (count->has_checkpoint() ? ", run again with the same --checkpoint to finish" : "") << '\n';
    return kExitStopped;
  }
  if (totals.overflow) {
    std::cerr << "dlx-mpi: more than 2^128 - 1 solutions\n";
    return kExitOverflow;
  }
  std::cout << dlx::to_decimal(totals.solutions) << std::endl;
  if (vm.count("stats")) {
    std::cerr << "nodes: " << totals.nodes << "\nsolutions: " << dlx::to_decimal(totals.solutions)
              << "\nseconds: " << count->progress().seconds << "\nsubproblems: " << subproblems.size() << " ("
              << count->resumed() << " from the checkpoint)\nranks: " << ranks << '\n';
  }
  return kExitOk;
}

int run(int argc, char** argv, int rank, int ranks) {
  const bool root = rank == 0;
  po::options_description visible("Options");
  visible.add_options()("help,h", "show this help and exit")("version", "show the version and exit")(
      "count,c", "count the solutions (the only mode, accepted for symmetry with dlx)")(
      "checkpoint", po::value<std::string>(),
      "record finished subproblems in this file and resume from it: a killed run started again with the same "
      "file (and the same problem and --subproblems) finishes the count")(
      "subproblems", po::value<std::uint64_t>()->default_value(4096),
      "split the search tree into at least this many subproblems")(
      "progress", "show a progress line on stderr (rank 0) even when stderr is not a terminal")(
      "stats,s", "print search statistics (nodes, time, subproblems) on stderr");
  po::options_description hidden;
  hidden.add_options()("file", po::value<std::string>(), "input file")(
      "stop-after", po::value<std::uint64_t>(), "testing: stop after this many subproblems are recorded");
  po::options_description all;
  all.add(visible).add(hidden);
  po::positional_options_description positional;
  positional.add("file", 1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    if (root) std::cerr << "dlx-mpi: " << e.what() << " (see dlx-mpi --help)\n";
    return kExitInputError;
  }
  if (vm.count("help")) {
    if (root) std::cout << kUsage << '\n' << visible << kExitCodes;
    return kExitOk;
  }
  if (vm.count("version")) {
    if (root) std::cout << "dlx-mpi " << DLX_VERSION << '\n';
    return kExitOk;
  }
  const std::uint64_t target = vm["subproblems"].as<std::uint64_t>();
  if (target == 0 || target > (std::uint64_t{1} << 31)) {
    if (root) std::cerr << "dlx-mpi: --subproblems must be between 1 and 2^31\n";
    return kExitInputError;
  }

  // Rank 0 reads the input (a file or its standard input) and sends the text to all; every rank parses it, so
  // all of them agree on the outcome, and only rank 0 reports.
  const std::string path = vm.count("file") ? vm["file"].as<std::string>() : "-";
  std::string text;
  std::uint64_t ok = 1;
  if (root && !dlxapp::read_input_text(path, text, std::cerr)) ok = 0;
  broadcast(ok);
  if (ok == 0) return kExitInputError;
  broadcast(text);
  std::istringstream in(text);
  text = {};
  std::ostream quiet(nullptr);
  const std::optional<dlx::KnuthInput> input =
      dlxapp::load_knuth(in, dlxapp::input_source_name(path), root ? std::cerr : quiet);
  if (!input) return kExitInputError;

  std::uint64_t checkpoint_ok = 1;
  if (root) return coordinate(input->problem, vm, ranks, checkpoint_ok);
  broadcast(checkpoint_ok);
  if (checkpoint_ok == 0) return kExitInputError;
  serve(input->problem);
  return kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED,
                  &provided);  // the progress line's thread makes no MPI calls
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  int status = kExitOk;
  try {
    status = run(argc, argv, rank, ranks);
  } catch (const std::exception& e) {
    std::cerr << "dlx-mpi: rank " << rank << ": " << e.what() << '\n';
    MPI_Abort(MPI_COMM_WORLD, kExitFailure);
  }
  MPI_Finalize();
  return status;
}
