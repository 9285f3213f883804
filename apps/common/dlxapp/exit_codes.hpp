// The exit statuses of every command (dlx, sudoku, dlx-mpi) and example program (queens, langford, polyomino,
// macmahon), in one table, so that a status means the same thing whichever program returns it. README.md's
// "Exit statuses" section documents it once; each program's --help lists the ones it can return.
#pragma once

namespace dlxapp {

// One name per status.
enum class ExitCode : int {
  // Success; also when the output's reader went away (`prog | head -1`), which is not the program's failure.
  ok = 0,
  // No solution: dlx and the examples in their default (first solution) mode; sudoku: some puzzle had no
  // solution (solve) or was not unique (check).
  no_solution = 1,
  // Usage error, unreadable or malformed input ("FILE:LINE: what is wrong"), a refused checkpoint, or standard
  // output could not be written ("PROGRAM: write error: ...").
  usage = 2,
  // Stopped early as asked, with the result so far: --time-limit ran out (dlx, sudoku), or --stop-after
  // (dlx-mpi, which a run with the same checkpoint finishes).
  stopped = 3,
  // More than 2^128 - 1 solutions, too many to count.
  overflow = 4,
  // Anything unexpected: out of memory, a file (a checkpoint) that cannot be written, an internal error.
  failure = 5,
  // dlx --min-cost/--best: --limit stopped the search before the solutions printed were proven the cheapest.
  not_optimal = 6,
  // Stopped by a signal and wound up (partial result, a note): 128 + the signal's number, what a shell reports
  // for a command killed by it. SIGINT (Ctrl-C) 130; SIGTERM 143 and SIGHUP 129 are signal_base + their number.
  signal_base = 128,
  interrupted = 130,
};

// What main() returns.
constexpr int status(ExitCode code) {
  return static_cast<int>(code);
}

// The same statuses as ints, as main() returns them (the names programs have used so far).
inline constexpr int kExitOk = status(ExitCode::ok);
inline constexpr int kExitNoSolution = status(ExitCode::no_solution);
inline constexpr int kExitUsage = status(ExitCode::usage);
inline constexpr int kExitTimeLimit = status(ExitCode::stopped);
inline constexpr int kExitOverflow = status(ExitCode::overflow);
inline constexpr int kExitFailure = status(ExitCode::failure);
inline constexpr int kExitNotOptimal = status(ExitCode::not_optimal);
inline constexpr int kExitSignalBase = status(ExitCode::signal_base);
inline constexpr int kExitInterrupted = status(ExitCode::interrupted);

}  // namespace dlxapp
