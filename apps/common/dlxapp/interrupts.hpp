// Cooperative stopping for the command-line front ends: Ctrl-C (SIGINT), a --time-limit, or the output's
// reader going away all raise one std::atomic<bool> stop flag. The work polls it: hand it to the engine as
// dlx::SearchOptions::stop (polled every 1024 search nodes) and check it in batch loops; then print what was
// finished, a note on stderr, and exit with the status exit_status() gives.
//
//   int main(int argc, char** argv) {
//     dlxapp::Interrupts interrupts("dlx");            // first thing, before any thread starts (see below)
//     dlxapp::OutputGuard output("dlx", &interrupts);  // output.hpp: SIGPIPE, checked std::cout
//     ...parse options...
//     if (limit) interrupts.start_timer(*limit);        // limit from dlxapp::parse_duration(text)
//     dlx::SearchOptions search;
//     search.stop = interrupts.flag();
//     const dlx::Count count = solver.count();           // returns early, complete == false, once stopped
//     std::cout << count.solutions << (count.complete ? "" : "+") << '\n';
//     if (interrupts.stop_requested()) std::cerr << "dlx: " << interrupts.describe() << '\n';
//     return output.finish(interrupts.exit_status(status));
//   }
//
// How signals are taken. A plain sigaction handler raises the flag: it is async-signal-safe (it only stores
// to lock-free atomics), and SA_RESTART makes the system calls it interrupts carry on instead of failing with
// EINTR. No thread is started for it, so that a short run does not pay for one. Under ThreadSanitizer, which
// runs a handler only when the interrupted thread next calls into libc (a search loop may not do so for a
// long time), the constructor instead blocks SIGINT in the calling thread, so that every thread started after
// it (thread pools included) has it blocked too, and a small thread of its own receives it with signalfd:
// hence "first thing, before any thread starts". The first SIGINT raises the flag; a second one, whatever the
// first achieved, ends the process at once with _exit(130) and a one-line note on stderr (output still
// buffered is lost).
//
// A SIGINT that was ignored when the program started stays ignored, as with other Unix tools: a
// non-interactive shell starts background jobs ('cmd &') with SIGINT ignored so that a Ctrl-C meant for the
// script does not reach them. A script that wants to `kill -INT` a background job must `set -m` first (job
// control: the job gets its own process group and default signal actions) or start it with
// `env --default-signal=INT cmd &`.
//
// The time limit is wall-clock time from start_timer(), kept by a thread started then (the same one under
// ThreadSanitizer); there is no SIGALRM.
//
// SIGTERM and SIGHUP are taken exactly like SIGINT (partial result, note, a second one exits at once), unless
// ignored at start (nohup), with their own status and note: 143 "terminated (SIGTERM)", 129 "hung up (SIGHUP)".
//
// Exit statuses (the whole table is dlxapp/exit_codes.hpp):
//   130 (kExitInterrupted)  stopped by SIGINT: 128 + 2, what a shell reports for a command killed by Ctrl-C
//   143, 129                stopped by SIGTERM, SIGHUP: 128 + the signal's number, as for SIGINT
//   3   (kExitTimeLimit)    stopped by --time-limit
//   0                       the output's reader went away (closed pipe, `cmd | head -1`): nothing on stderr
//   2   (kExitUsage)        any other write error on standard output: "PROGRAM: write error: <strerror>"
// No other status at or above 128 is ever returned on purpose (a crash would show as 128 + signal).
#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "dlxapp/duration.hpp"  // parse_duration and format_duration, for the --time-limit of start_timer
#include "dlxapp/exit_codes.hpp"

namespace dlxapp {

// Why the stop flag was raised; the first reason sticks.
enum class StopReason : int {
  none,           // not stopped
  interrupt,      // SIGINT (Ctrl-C)
  time_limit,     // the timer of start_timer() ran out
  output_closed,  // standard output's reader went away (EPIPE, or a watched pipe lost its reader)
  output_error,   // another write error on standard output (disk full, /dev/full, EIO)
};

class Interrupts {
 public:
  // SIGINT goes to a thread of its own through signalfd (see above), under ThreadSanitizer only.
#if defined(__SANITIZE_THREAD__)
  static constexpr bool kSignalThread = true;
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
  static constexpr bool kSignalThread = true;
#else
  static constexpr bool kSignalThread = false;
#endif
#else
  static constexpr bool kSignalThread = false;
#endif

  // Takes SIGINT for this process until destroyed (see above). `program` starts the second-Ctrl-C note.
  // At most one Interrupts may exist at a time: a second one throws std::logic_error.
  explicit Interrupts(std::string_view program);
  // Stops the thread, if one started, and puts back the previous SIGINT action and signal mask.
  ~Interrupts();
  Interrupts(const Interrupts&) = delete;
  Interrupts& operator=(const Interrupts&) = delete;

  // The stop flag, for dlx::SearchOptions::stop and batch loops. Lives as long as the process.
  std::atomic<bool>* flag() const;
  bool stop_requested() const;
  StopReason reason() const;

  // Raises the flag after `limit` of wall-clock time from now; zero or less: no limit (a timer already
  // running is cancelled). May be called again to replace the deadline.
  void start_timer(std::chrono::nanoseconds limit);
  std::chrono::nanoseconds time_limit() const {
    return time_limit_;
  }

  // Raises the flag for `reason` (anything but none). Safe from any thread; the first reason wins.
  void request_stop(StopReason reason);

  // The process's exit status given what happened: kExitInterrupted after SIGINT (128 + the signal after SIGTERM
  // or SIGHUP), kExitTimeLimit after the
  // timer, 0 when the output's reader went away, kExitUsage (2) after another write error, else `status`.
  int exit_status(int status) const;

  // For the note on stderr: "interrupted (Ctrl-C)", "time limit (2.5 s) reached", or "" for the other
  // reasons (a closed pipe is not worth a word; a write error is reported by OutputGuard).
  std::string describe() const;

 private:
  struct Watcher;
  std::unique_ptr<Watcher> watcher_;
  std::chrono::nanoseconds time_limit_{0};
};

// Puts /dev/null on any of file descriptors 0, 1 and 2 that is closed (`prog >&-`), opened the wrong way
// round (0 write-only, 1 and 2 read-only) so that using them still fails with EBADF as before, but no file or
// pipe the program opens later lands there and gets its output. Interrupts and OutputGuard call it.
void keep_standard_fds();

}  // namespace dlxapp
