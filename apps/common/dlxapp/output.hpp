// Standard output for the command-line front ends that tells a closed pipe from a real write error.
//
// An OutputGuard ignores SIGPIPE and, until destroyed, puts a buffer of its own under std::cout that writes
// to file descriptor 1 with write(2) and remembers the first failure's errno. After a failure nothing more is
// written (std::cout goes bad) and, with an Interrupts, its stop flag is raised so that the work ends at
// once:
//   - EPIPE, the reader went away (`prog | head -1`, a closed socket): reason output_closed; the program ends
//     quietly, nothing on stderr, status 0. When standard output is a pipe, a watcher thread also notices the
//     moment its reader closes it, so that a long computation with nothing to write yet stops at once too.
//   - any other error (ENOSPC on a full disk, /dev/full, EIO, EBADF when stdout was closed): reason
//     output_error; finish() prints "PROGRAM: write error: <strerror>" on stderr, once, and returns 2.
// std::cerr is left alone (unbuffered; its errors are ignored: there is nowhere to report them).
//
// Use std::cout as usual and flush it after each unit of output (a line, a solution, a chunk of a batch):
// the buffer holds 64 KiB, or a line when standard output is a terminal. flush() false, or std::cout going
// bad, means: stop writing and wind up (the stop flag is up already). End main with finish():
//
//   dlxapp::Interrupts interrupts("sudoku");
//   dlxapp::OutputGuard output("sudoku", &interrupts);
//   try { ...; for (...) { std::cout << line << '\n'; if (!output.flush()) break; } }
//   catch (const SomeOutputError&) {}                 // whatever the writing code throws on a bad stream
//   if (interrupts.stop_requested() && !interrupts.describe().empty()) std::cerr << "sudoku: " << ... <<
//   '\n'; return output.finish(status);   // 2 on a write error, else interrupts.exit_status(status)
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "dlxapp/interrupts.hpp"

namespace dlxapp {

class OutputGuard {
 public:
  // When the pipe watcher (see above) starts: in the constructor, or only when watch() is called, for a
  // program whose short runs should not pay for a thread.
  enum class Watch { now, later };
  // `program` starts the write error message; `interrupts`, when given, is told of failures and must outlive
  // the guard (without one there is no watcher).
  explicit OutputGuard(std::string_view program, Interrupts* interrupts = nullptr, Watch watch = Watch::now);
  // Flushes what is left (errors ignored), stops the watcher, and gives std::cout its own buffer back.
  ~OutputGuard();
  OutputGuard(const OutputGuard&) = delete;
  OutputGuard& operator=(const OutputGuard&) = delete;

  // Starts the pipe watcher if standard output is a pipe and it has not started yet. Safe from any thread
  // while the guard lives.
  void watch();

  // Flushes std::cout; false once any write has failed (or the watched pipe lost its reader).
  bool flush();
  bool ok() const;
  // The reader went away: a write met EPIPE, or the watcher saw the pipe's reader close.
  bool closed() const;
  // errno of the first failed write (EPIPE for a reader the watcher saw go), 0 while all is well.
  int error() const;

  // The exit status, after a last flush: on a write error other than a closed pipe, prints
  // "PROGRAM: write error: <strerror>" on stderr and returns kExitUsage (2, the status of a write error too); otherwise, with an
  // Interrupts, returns interrupts.exit_status(status) (130 after Ctrl-C, 3 after the time limit, 0 when the
  // reader went away first), and without one 0 for a closed pipe, else `status`.
  int finish(int status);

 private:
  class Buffer;
  struct Watcher;
  std::string program_;
  Interrupts* interrupts_;
  std::unique_ptr<Buffer> buffer_;
  bool watch_pipe_ = false;  // standard output is a pipe, and there is an Interrupts to tell
  std::mutex watcher_mutex_;
  std::unique_ptr<Watcher> watcher_;  // guarded by watcher_mutex_
  std::streambuf* old_buffer_;
  bool reported_ = false;
};

}  // namespace dlxapp
