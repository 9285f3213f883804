// The exit statuses of every command (dlx, sudoku, dlx-mpi) and example program (queens, langford, polyomino,
// macmahon), in one table, so that a status means the same thing whichever program returns it. README.md's
// "Exit statuses" section documents it once; each program's --help lists the ones it can return.
#pragma once

namespace dlxapp {

// Success; also when the output's reader went away (`prog | head -1`), which is not the program's failure.
inline constexpr int kExitOk = 0;
// No solution: dlx and the examples in their default (first solution) mode; sudoku: some puzzle had no
// solution (solve) or was not unique (check).
inline constexpr int kExitNoSolution = 1;
// Usage error, unreadable or malformed input ("FILE:LINE: what is wrong"), a refused checkpoint, or standard
// output could not be written ("PROGRAM: write error: ...").
inline constexpr int kExitUsage = 2;
inline constexpr int kExitWriteError = kExitUsage;
// Stopped early as asked, with the result so far: --time-limit ran out (dlx, sudoku), or --stop-after
// (dlx-mpi, which a run with the same checkpoint finishes).
inline constexpr int kExitTimeLimit = 3;
// More than 2^64 - 1 solutions, too many to count.
inline constexpr int kExitOverflow = 4;
// Anything unexpected: out of memory, a checkpoint that cannot be written, an internal error.
inline constexpr int kExitFailure = 5;
// dlx --min-cost/--best: --limit stopped the search before the solutions printed were proven the cheapest.
inline constexpr int kExitNotOptimal = 6;
// Stopped by a signal and wound up (partial result, a note): 128 + the signal's number, what a shell reports
// for a command killed by it. SIGINT (Ctrl-C) 130, SIGTERM 143, SIGHUP 129.
inline constexpr int kExitSignalBase = 128;
inline constexpr int kExitInterrupted = kExitSignalBase + 2;

}  // namespace dlxapp
