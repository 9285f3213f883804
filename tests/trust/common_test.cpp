// dlx_app_common (apps/common): the stop flag, Ctrl-C, the time limit, and standard output that tells a
// closed pipe from a write error. Whatever changes signal actions or file descriptors runs in a child
// process, so that the test program itself keeps its own.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <dlxapp/interrupts.hpp>
#include <dlxapp/output.hpp>
#include <functional>
#include <iostream>
#include <stdexcept>
#include <string>
#include <thread>

#include "../common/thread_count.hpp"

using namespace std::chrono_literals;
using dlxapp::StopReason;

namespace {

// Runs body in a child process and returns its exit status (128 + signal when a signal ended it).
int in_child(const std::function<int()>& body) {
  std::cout.flush();
  std::cerr.flush();
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    int status = 99;
    try {
      status = body();
    } catch (...) {
      status = 98;
    }
    ::_exit(status);  // not exit(): the child must not run the test framework's teardown
  }
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// Waits (up to a minute: sanitizer builds on a loaded machine are slow) until `done` holds.
template <class Condition>
bool wait_until(Condition done) {
  const auto give_up = std::chrono::steady_clock::now() + 1min;
  while (!done()) {
    if (std::chrono::steady_clock::now() > give_up) return false;
    std::this_thread::sleep_for(2ms);
  }
  return true;
}

// In a child: makes standard output the write end of a new pipe; returns the read end (the reader), or -1.
int pipe_to_stdout() {
  int fds[2];
  if (::pipe(fds) != 0) return -1;
  ::dup2(fds[1], STDOUT_FILENO);
  ::close(fds[1]);
  return fds[0];
}

// A temporary file, removed at the end of the test.
struct TempFile {
  std::string path;
  TempFile() {
    char name[] = "/tmp/dlxapp_test_XXXXXX";
    const int fd = ::mkstemp(name);
    REQUIRE(fd >= 0);
    ::close(fd);
    path = name;
  }
  ~TempFile() { ::unlink(path.c_str()); }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  // Puts the file on `fd` (in a child).
  void redirect(int fd) const {
    const int opened = ::open(path.c_str(), O_WRONLY | O_TRUNC);
    ::dup2(opened, fd);
    ::close(opened);
  }
  std::string text() const {
    std::string s;
    if (std::FILE* f = std::fopen(path.c_str(), "rb")) {
      for (int c; (c = std::fgetc(f)) != EOF;) s += static_cast<char>(c);
      std::fclose(f);
    }
    return s;
  }
};

void default_sigint() {
  ::signal(SIGINT, SIG_DFL);
}

}  // namespace

TEST_CASE("parse_duration - seconds with an optional unit as timeout(1) takes them") {
  using dlxapp::parse_duration;
  CHECK(parse_duration("10") == std::chrono::nanoseconds(10s));
  CHECK(parse_duration("0.5") == std::chrono::nanoseconds(500ms));
  CHECK(parse_duration(".5") == std::chrono::nanoseconds(500ms));
  CHECK(parse_duration("5.") == std::chrono::nanoseconds(5s));
  CHECK(parse_duration("90s") == std::chrono::nanoseconds(90s));
  CHECK(parse_duration("1.5m") == std::chrono::nanoseconds(90s));
  CHECK(parse_duration("2h") == std::chrono::nanoseconds(2h));
  CHECK(parse_duration("1d") == std::chrono::nanoseconds(24h));
  CHECK(parse_duration("0") == std::chrono::nanoseconds(0));
  CHECK(parse_duration("0.0000000001") == std::chrono::nanoseconds(1));  // not rounded down to "no limit"
  CHECK(parse_duration("100000000") == std::chrono::nanoseconds(100000000s));
  for (const char* bad : {"", "s", ".", "-1", "+1", "1e3", "inf", "nan", "0x10", "1x", "1.2.3", " 1", "1 ",
                          "100000001", "1ms", "1,5"}) {
    CAPTURE(bad);
    CHECK_FALSE(parse_duration(bad));
  }
  CHECK(dlxapp::format_duration(2500ms) == "2.5 s");
  CHECK(dlxapp::format_duration(90s) == "90 s");
  CHECK(dlxapp::format_duration(1ms) == "0.001 s");
}

TEST_CASE("Interrupts - the first reason sticks and sets the exit status") {
  CHECK(in_child([] {
          default_sigint();
          dlxapp::Interrupts interrupts("prog");
          if (interrupts.stop_requested() || interrupts.flag()->load() ||
              interrupts.reason() != StopReason::none)
            return 1;
          if (interrupts.exit_status(1) != 1 || !interrupts.describe().empty()) return 2;
          interrupts.request_stop(StopReason::time_limit);
          interrupts.request_stop(StopReason::interrupt);
          if (!interrupts.flag()->load() || interrupts.reason() != StopReason::time_limit) return 3;
          if (interrupts.exit_status(1) != dlxapp::kExitTimeLimit) return 4;
          // Only one at a time.
          try {
            dlxapp::Interrupts second("prog");
            return 5;
          } catch (const std::logic_error&) {
          }
          return 0;
        }) == 0);
  // A new one starts afresh.
  CHECK(in_child([] {
          {
            dlxapp::Interrupts first("prog");
            first.request_stop(StopReason::output_closed);
            if (first.exit_status(2) != 0) return 1;
          }
          dlxapp::Interrupts second("prog");
          if (second.stop_requested()) return 2;
          second.request_stop(StopReason::output_error);
          return second.exit_status(0) == dlxapp::kExitUsage ? 0 : 3;
        }) == 0);
}

TEST_CASE("Ctrl-C raises the flag - a second one exits at once with 130") {
  const TempFile err;
  CHECK(in_child([&] {
          default_sigint();
          err.redirect(STDERR_FILENO);
          dlxapp::Interrupts interrupts("prog");
          // Thread pools start after the Interrupts: they must not take SIGINT themselves.
          std::atomic<bool> done{false};
          std::thread worker([&] {
            while (!interrupts.stop_requested() && !done.load()) std::this_thread::sleep_for(1ms);
          });
          ::kill(::getpid(), SIGINT);
          const bool stopped = wait_until([&] { return interrupts.stop_requested(); });
          done.store(true);
          worker.join();
          if (!stopped) return 1;
          if (interrupts.reason() != StopReason::interrupt) return 2;
          if (interrupts.exit_status(0) != dlxapp::kExitInterrupted) return 3;
          if (interrupts.describe() != "interrupted (Ctrl-C)") return 4;
          ::kill(::getpid(), SIGINT);  // the second: _exit(130)
          std::this_thread::sleep_for(1min);
          return 5;
        }) == 130);
  CHECK(err.text() == "prog: interrupted again: exiting at once\n");
}

TEST_CASE("a SIGINT ignored at start stays ignored - and the old action comes back") {
  CHECK(in_child([] {
          ::signal(SIGINT, SIG_IGN);
          {
            dlxapp::Interrupts interrupts("prog");
            ::kill(::getpid(), SIGINT);
            std::this_thread::sleep_for(200ms);
            if (interrupts.stop_requested()) return 1;
          }
          struct sigaction action {};
          ::sigaction(SIGINT, nullptr, &action);
          return action.sa_handler == SIG_IGN ? 0 : 2;
        }) == 0);
  CHECK(in_child([] {
          default_sigint();
          { dlxapp::Interrupts interrupts("prog"); }
          struct sigaction action {};
          ::sigaction(SIGINT, nullptr, &action);
          sigset_t mask;
          ::pthread_sigmask(SIG_SETMASK, nullptr, &mask);
          return action.sa_handler == SIG_DFL && !sigismember(&mask, SIGINT) ? 0 : 1;
        }) == 0);
}

TEST_CASE("the time limit raises the flag - and says how long it was") {
  dlxapp::Interrupts interrupts("prog");
  interrupts.start_timer(50ms);
  CHECK(interrupts.time_limit() == std::chrono::nanoseconds(50ms));
  REQUIRE(wait_until([&] { return interrupts.stop_requested(); }));
  CHECK(interrupts.reason() == StopReason::time_limit);
  CHECK(interrupts.exit_status(0) == dlxapp::kExitTimeLimit);
  CHECK(interrupts.describe() == "time limit (0.05 s) reached");
}

TEST_CASE("start_timer(0) cancels a timer") {
  dlxapp::Interrupts interrupts("prog");
  interrupts.start_timer(100ms);
  interrupts.start_timer(0ms);
  std::this_thread::sleep_for(300ms);
  CHECK_FALSE(interrupts.stop_requested());
}

TEST_CASE("OutputGuard - a write error is one line on stderr and status 2") {
  const TempFile err;
  CHECK(in_child([&] {
          const int full = ::open("/dev/full", O_WRONLY);
          if (full < 0) return 0;  // no /dev/full here: nothing to test
          ::dup2(full, STDOUT_FILENO);
          ::close(full);
          err.redirect(STDERR_FILENO);
          dlxapp::Interrupts interrupts("prog");
          dlxapp::OutputGuard output("prog", &interrupts);
          std::cout << "hello\n";
          if (output.flush() || output.ok() || output.closed()) return 1;
          if (output.error() != ENOSPC) return 2;
          if (interrupts.reason() != StopReason::output_error || !interrupts.stop_requested()) return 3;
          std::cout << "more" << std::endl;
          if (output.finish(0) != 2 || output.finish(1) != 2) return 4;  // reported once
          return 0;
        }) == 0);
  if (::access("/dev/full", W_OK) == 0) CHECK(err.text() == "prog: write error: No space left on device\n");
}

TEST_CASE("OutputGuard - a closed pipe ends quietly with status 0") {
  for (const bool with_interrupts : {false, true}) {
    CAPTURE(with_interrupts);
    const TempFile err;
    CHECK(in_child([&] {
            const int reader = pipe_to_stdout();
            if (reader < 0) return 1;
            ::close(reader);  // no reader
            err.redirect(STDERR_FILENO);
            std::unique_ptr<dlxapp::Interrupts> interrupts;
            if (with_interrupts) interrupts = std::make_unique<dlxapp::Interrupts>("prog");
            dlxapp::OutputGuard output("prog", interrupts.get());
            std::cout << "line\n";
            if (output.flush() || !output.closed() || output.error() != EPIPE) return 2;  // no SIGPIPE death
            if (interrupts && interrupts->reason() != StopReason::output_closed) return 3;
            return output.finish(1);
          }) == 0);
    CHECK(err.text().empty());
  }
}

TEST_CASE("OutputGuard - a pipe whose reader goes away raises the flag before any write") {
  CHECK(in_child([] {
          const int reader = pipe_to_stdout();
          if (reader < 0) return 1;
          dlxapp::Interrupts interrupts("prog");
          dlxapp::OutputGuard output("prog", &interrupts);
          std::this_thread::sleep_for(50ms);
          if (interrupts.stop_requested()) return 2;  // the reader is still there
          ::close(reader);
          if (!wait_until([&] { return interrupts.stop_requested(); })) return 3;
          if (interrupts.reason() != StopReason::output_closed || !output.closed()) return 4;
          return output.finish(1);
        }) == 0);
}

TEST_CASE("a short run starts no thread: Interrupts without a time limit, OutputGuard with Watch::later") {
  const auto threads = test::thread_count;
  CHECK(in_child([&] {
          const int reader = pipe_to_stdout();
          if (reader < 0) return 1;
          // Under ThreadSanitizer SIGINT has a thread of its own (see interrupts.hpp), and the sanitizer
          // starts one of its own with the first: only the other builds count.
          if (dlxapp::Interrupts::kSignalThread) return 0;
          const int before = threads();
          dlxapp::Interrupts interrupts("prog");
          dlxapp::OutputGuard output("prog", &interrupts, dlxapp::OutputGuard::Watch::later);
          if (threads() != before) return 2;
          interrupts.start_timer(std::chrono::hours(1));
          if (threads() != before + 1) return 3;  // the time limit's
          output.watch();
          if (threads() != before + 2) return 4;  // the pipe's
          return output.finish(0);
        }) == 0);
}

TEST_CASE("OutputGuard - with Watch::later the pipe is watched from watch() on, and a write still notices") {
  // In a child whose standard output is a pipe that loses its reader at once: then(interrupts, output).
  const auto with_closed_pipe = [](auto then) {
    return in_child([&] {
      const int reader = pipe_to_stdout();
      if (reader < 0) return 1;
      dlxapp::Interrupts interrupts("prog");
      dlxapp::OutputGuard output("prog", &interrupts, dlxapp::OutputGuard::Watch::later);
      ::close(reader);
      return then(interrupts, output);
    });
  };
  CHECK(with_closed_pipe([](dlxapp::Interrupts& interrupts, dlxapp::OutputGuard& output) {
          std::this_thread::sleep_for(100ms);
          if (interrupts.stop_requested()) return 2;    // nothing watches yet
          std::thread([&] { output.watch(); }).join();  // from another thread, as a batch's helper does
          output.watch();                               // a second call changes nothing
          if (!wait_until([&] { return interrupts.stop_requested(); })) return 3;
          if (interrupts.reason() != StopReason::output_closed || !output.closed()) return 4;
          return output.finish(1);
        }) == 0);
  CHECK(with_closed_pipe([](dlxapp::Interrupts& interrupts, dlxapp::OutputGuard& output) {
          std::cout << "lost\n";
          if (output.flush() || !output.closed() || !interrupts.stop_requested()) return 2;
          return output.finish(1);
        }) == 0);
}

TEST_CASE("OutputGuard - what is written arrives whole, and a Ctrl-C before a closed pipe still gives 130") {
  const TempFile out;
  const std::string big(200000, 'x');
  CHECK(in_child([&] {
          out.redirect(STDOUT_FILENO);
          dlxapp::OutputGuard output("prog");
          std::cout << "first\n" << big << '\n';
          for (int i = 0; i < 1000; ++i) std::cout << i << '\n';
          return output.finish(0);
        }) == 0);
  std::string expected = "first\n" + big + "\n";
  for (int i = 0; i < 1000; ++i) expected += std::to_string(i) + "\n";
  CHECK(out.text() == expected);

  CHECK(in_child([] {
          const int reader = pipe_to_stdout();
          if (reader < 0) return 1;
          dlxapp::Interrupts interrupts("prog");
          dlxapp::OutputGuard output("prog", &interrupts);
          interrupts.request_stop(StopReason::interrupt);
          ::close(reader);  // the reader goes after the Ctrl-C (as when Ctrl-C ends `prog | less` too)
          std::cout << "partial\n";
          if (output.flush() || !output.closed()) return 2;
          return output.finish(0);
        }) == 130);
}

TEST_CASE("a closed standard output gets a placeholder - files opened later do not land on it") {
  const TempFile err;
  CHECK(in_child([&] {
          err.redirect(STDERR_FILENO);
          ::close(STDOUT_FILENO);
          dlxapp::Interrupts interrupts("prog");
          dlxapp::OutputGuard output("prog", &interrupts);
          const int fd = ::open("/dev/null", O_RDONLY);
          if (fd == STDOUT_FILENO) return 1;
          std::cout << "lost\n";
          return output.finish(0);
        }) == 2);
  CHECK(err.text() == "prog: write error: Bad file descriptor\n");
}
