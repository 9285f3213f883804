// dlx-mpi: counts the solutions of an exact-cover problem on many processes with MPI.
//
//   mpirun -np K dlx-mpi --count [--checkpoint FILE] PROBLEM
//
// Rank 0 reads the problem, sends its text to every rank, splits the search tree into subproblems (prefixes of
// choices, see dlx/parallel.hpp) and hands them out one at a time to whichever rank asks; the other ranks count
// them and send back the counts. With -np 1, rank 0 counts them all itself. With --checkpoint, every finished
// subproblem is recorded on disk (dlx/checkpoint.hpp) before it counts as done, so a run that was killed resumes
// where it stopped and still prints the exact total. The options table is options.cpp, the ranks' work ranks.cpp.
#include <mpi.h>

#include <dlxapp/exit_codes.hpp>
#include <dlxapp/input_file.hpp>
#include <dlxapp/interrupts.hpp>
#include <dlxapp/output.hpp>
#include <dlxapp/usage.hpp>
#include <exception>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>

#include "dlx/knuth_format.hpp"
#include "options.hpp"
#include "ranks.hpp"

namespace {

int run(int argc, char** argv, int rank, int ranks) {
  const bool root = rank == 0;
  std::optional<dlxmpi::Settings> settings;
  try {
    settings = dlxmpi::parse_command_line(argc, argv, root);
  } catch (const dlxapp::UsageError& e) {
    std::ostream quiet(nullptr);
    return dlxapp::report_usage_error("dlx-mpi", e.what(), root ? std::cerr : quiet);
  }
  if (!settings) return dlxapp::kExitOk;

  // Rank 0 reads the input (a file or its standard input) and sends the text to all; every rank parses it, so
  // all of them agree on the outcome, and only rank 0 reports.
  std::string text;
  std::uint64_t ok = 1;
  if (root && !dlxapp::read_input_text(settings->path, text, std::cerr)) ok = 0;
  dlxmpi::broadcast(ok);
  if (ok == 0) return dlxapp::kExitUsage;
  dlxmpi::broadcast(text);
  std::istringstream in(text);
  text = {};
  std::ostream quiet(nullptr);
  const std::optional<dlx::KnuthInput> input =
      dlxapp::load_knuth(in, dlxapp::input_source_name(settings->path), root ? std::cerr : quiet);
  if (!input) return dlxapp::kExitUsage;

  if (root) return dlxmpi::coordinate(input->problem, *settings, ranks);
  std::uint64_t refused = dlxapp::kExitOk;
  dlxmpi::broadcast(refused);
  if (refused != dlxapp::kExitOk) return static_cast<int>(refused);
  dlxmpi::serve(input->problem);
  return dlxapp::kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
  // Before MPI opens anything: a closed standard output must not become one of its files.
  dlxapp::keep_standard_fds();
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED,
                  &provided);  // the progress line's thread makes no MPI calls
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  // Rank 0 prints: a write error on its standard output (a full disk, a closed stdout) is reported and ends
  // with the write-error status, as in dlx.
  std::unique_ptr<dlxapp::OutputGuard> output;
  if (rank == 0) output = std::make_unique<dlxapp::OutputGuard>("dlx-mpi");
  int status = dlxapp::kExitOk;
  try {
    status = run(argc, argv, rank, ranks);
  } catch (const std::exception& e) {
    std::cerr << "dlx-mpi: rank " << rank << ": " << dlxapp::printable(e.what()) << '\n';
    MPI_Abort(MPI_COMM_WORLD, dlxapp::kExitFailure);
  }
  if (output) status = output->finish(status);
  output.reset();
  MPI_Finalize();
  return status;
}
