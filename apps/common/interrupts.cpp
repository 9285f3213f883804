#include "dlxapp/interrupts.hpp"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <iterator>
#include <mutex>
#include <stdexcept>
#include <system_error>
#include <thread>

namespace dlxapp {
namespace {

// Process-wide state, shared with the signal handler: lock-free atomics only.
static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free);
std::atomic<bool> g_stop{false};
std::atomic<int> g_reason{static_cast<int>(StopReason::none)};
std::atomic<int> g_sigints{0};
std::atomic<int> g_signal{0};  // the first stopping signal taken (SIGINT, SIGTERM or SIGHUP)
// The signals that stop the work the way Ctrl-C does: a terminal's Ctrl-C, a kill or a service manager's
// SIGTERM, a closed terminal's SIGHUP. Each prints the partial result and exits with 128 + its number.
constexpr int kStopSignals[] = {SIGINT, SIGTERM, SIGHUP};
constexpr std::size_t kStopSignalCount = std::size(kStopSignals);
std::atomic<bool> g_active{false};
char g_again_note[160];
std::size_t g_again_note_length = 0;

void raise_stop(StopReason reason) {
  int expected = static_cast<int>(StopReason::none);
  g_reason.compare_exchange_strong(expected, static_cast<int>(reason));
  g_stop.store(true);
}

// Async-signal-safe: atomics, write(2) and _exit(2) only.
void take_signal(int signal) {
  int none = 0;
  g_signal.compare_exchange_strong(none, signal);
  if (g_sigints.fetch_add(1) >= 1) {
    [[maybe_unused]] const ssize_t written = ::write(STDERR_FILENO, g_again_note, g_again_note_length);
    ::_exit(kExitSignalBase + g_signal.load());
  }
  raise_stop(StopReason::interrupt);
}

extern "C" void on_signal(int signal) {
  const int saved = errno;
  take_signal(signal);
  errno = saved;
}

sigset_t stop_signal_set() {
  sigset_t set;
  sigemptyset(&set);
  for (const int signal : kStopSignals) sigaddset(&set, signal);
  return set;
}

[[noreturn]] void fail(const char* what) {
  throw std::system_error(errno, std::generic_category(), what);
}

}  // namespace

struct Interrupts::Watcher {
  // Per stop signal (kStopSignals): on_signal is its action and old_actions[k] the one to put back; false when
  // it was ignored at start (nohup's SIGHUP, a background job's SIGINT): then it is left alone.
  bool took_action[kStopSignalCount] = {};
  bool blocked = false;  // the stop signals are blocked in the constructing thread (kSignalThread); old_mask
  struct sigaction old_actions[kStopSignalCount] = {};
  sigset_t old_mask{};
  int signal_fd = -1;
  int wake_fd = -1;
  std::mutex mutex;
  bool quit = false;                                              // guarded by mutex
  std::optional<std::chrono::steady_clock::time_point> deadline;  // guarded by mutex
  std::jthread thread;  // stop() below wakes it through wake_fd, and joins it

  void wake() const {
    if (wake_fd < 0) return;
    const std::uint64_t one = 1;
    [[maybe_unused]] const ssize_t written = ::write(wake_fd, &one, sizeof one);
  }

  // Starts the thread, once: at construction with kSignalThread, else with the first time limit.
  void start() {
    if (thread.joinable()) return;
    if (wake_fd < 0) wake_fd = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (wake_fd < 0) fail("eventfd");
    thread = std::jthread([this] { run(); });
  }

  void stop() {
    if (!thread.joinable()) return;
    {
      std::lock_guard lock(mutex);
      quit = true;
    }
    wake();
    thread.join();
  }

  // Puts back the signals' actions and the signal mask, and closes the descriptors (the thread has stopped).
  void undo() {
    if (blocked) {
      // A signal that came after the thread stopped would meet the old action (death) once unblocked: take it
      // here, as the interrupt it is.
      const sigset_t set = stop_signal_set();
      const timespec now{0, 0};
      for (int signal; (signal = ::sigtimedwait(&set, nullptr, &now)) > 0;) {
        int none = 0;
        g_signal.compare_exchange_strong(none, signal);
        raise_stop(StopReason::interrupt);
      }
    }
    for (std::size_t k = 0; k < kStopSignalCount; ++k)
      if (took_action[k]) ::sigaction(kStopSignals[k], &old_actions[k], nullptr);
    if (blocked) ::pthread_sigmask(SIG_SETMASK, &old_mask, nullptr);
    if (signal_fd >= 0) ::close(signal_fd);
    if (wake_fd >= 0) ::close(wake_fd);
    signal_fd = wake_fd = -1;
  }

  void run() {
    for (;;) {
      int timeout_ms = -1;
      {
        std::lock_guard lock(mutex);
        if (quit) return;
        if (deadline) {
          const auto left = *deadline - std::chrono::steady_clock::now();
          if (left <= std::chrono::steady_clock::duration::zero()) {
            deadline.reset();
            raise_stop(StopReason::time_limit);
            continue;
          }
          // Rounded up, so that the wake-up is never early; capped to fit poll's int.
          const auto ms = std::chrono::ceil<std::chrono::milliseconds>(left).count();
          timeout_ms = static_cast<int>(std::min<std::int64_t>(ms, 1 << 30));
        }
      }
      pollfd fds[2] = {{wake_fd, POLLIN, 0}, {signal_fd, POLLIN, 0}};  // poll skips a negative fd
      if (::poll(fds, 2, timeout_ms) < 0) continue;                    // EINTR: look again
      if (fds[0].revents != 0) {
        std::uint64_t count;
        [[maybe_unused]] const ssize_t got = ::read(wake_fd, &count, sizeof count);
      }
      if (signal_fd >= 0 && (fds[1].revents & POLLIN) != 0) {
        signalfd_siginfo info;
        if (::read(signal_fd, &info, sizeof info) == static_cast<ssize_t>(sizeof info))
          take_signal(static_cast<int>(info.ssi_signo));
      }
    }
  }
};

void keep_standard_fds() {
  for (const int fd : {STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO}) {
    if (::fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
    const int opened = ::open("/dev/null", fd == STDIN_FILENO ? O_WRONLY : O_RDONLY);
    if (opened >= 0 && opened != fd) {
      ::dup2(opened, fd);
      ::close(opened);
    }
  }
}

Interrupts::Interrupts(std::string_view program) {
  if (g_active.exchange(true)) throw std::logic_error("dlxapp::Interrupts: only one may exist at a time");
  keep_standard_fds();
  g_stop.store(false);
  g_reason.store(static_cast<int>(StopReason::none));
  g_sigints.store(0);
  g_signal.store(0);
  const int n = std::snprintf(g_again_note, sizeof g_again_note, "%.*s: interrupted again: exiting at once\n",
                              static_cast<int>(std::min<std::size_t>(program.size(), 64)), program.data());
  g_again_note_length = n > 0 ? static_cast<std::size_t>(n) : 0;

  auto w = std::make_unique<Watcher>();
  try {
    // The signals not ignored at start are taken; under kSignalThread they are blocked first and read from the
    // signal thread's signalfd.
    sigset_t set;
    sigemptyset(&set);
    bool taken[kStopSignalCount] = {};
    for (std::size_t k = 0; k < kStopSignalCount; ++k) {
      struct sigaction current {};
      if (::sigaction(kStopSignals[k], nullptr, &current) != 0) fail("sigaction");
      taken[k] = (current.sa_flags & SA_SIGINFO) != 0 || current.sa_handler != SIG_IGN;
      if (taken[k]) sigaddset(&set, kStopSignals[k]);
    }
    if constexpr (kSignalThread) {
      if (const int e = ::pthread_sigmask(SIG_BLOCK, &set, &w->old_mask); e != 0) {
        errno = e;
        fail("pthread_sigmask");
      }
      w->blocked = true;
      w->signal_fd = ::signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
      if (w->signal_fd < 0) fail("signalfd");
    }
    for (std::size_t k = 0; k < kStopSignalCount; ++k) {
      if (!taken[k]) continue;
      struct sigaction action {};
      action.sa_handler = on_signal;
      sigemptyset(&action.sa_mask);
      action.sa_flags = SA_RESTART;
      if (::sigaction(kStopSignals[k], &action, &w->old_actions[k]) != 0) fail("sigaction");
      w->took_action[k] = true;
    }
    if (kSignalThread) w->start();
  } catch (...) {
    w->undo();
    g_active.store(false);
    throw;
  }
  watcher_ = std::move(w);
}

Interrupts::~Interrupts() {
  watcher_->stop();
  watcher_->undo();
  g_active.store(false);
}

std::atomic<bool>* Interrupts::flag() const {
  return &g_stop;
}

bool Interrupts::stop_requested() const {
  return g_stop.load();
}

StopReason Interrupts::reason() const {
  return static_cast<StopReason>(g_reason.load());
}

void Interrupts::request_stop(StopReason reason) {
  if (reason != StopReason::none) raise_stop(reason);
}

void Interrupts::start_timer(std::chrono::nanoseconds limit) {
  time_limit_ = limit > std::chrono::nanoseconds::zero() ? limit : std::chrono::nanoseconds::zero();
  if (time_limit_ > std::chrono::nanoseconds::zero()) watcher_->start();
  {
    std::lock_guard lock(watcher_->mutex);
    if (time_limit_ > std::chrono::nanoseconds::zero()) {
      watcher_->deadline = std::chrono::steady_clock::now() +
                           std::chrono::duration_cast<std::chrono::steady_clock::duration>(time_limit_);
    } else {
      watcher_->deadline.reset();
    }
  }
  watcher_->wake();
}

int Interrupts::exit_status(int status) const {
  switch (reason()) {
    case StopReason::interrupt:
      return g_signal.load() > 0 ? kExitSignalBase + g_signal.load() : kExitInterrupted;
    case StopReason::time_limit:
      return kExitTimeLimit;
    case StopReason::output_closed:
      return 0;
    case StopReason::output_error:
      return kExitUsage;  // a write error shares the usage status
    case StopReason::none:
      break;
  }
  return status;
}

std::string Interrupts::describe() const {
  switch (reason()) {
    case StopReason::interrupt:
      switch (g_signal.load()) {
        case SIGTERM:
          return "terminated (SIGTERM)";
        case SIGHUP:
          return "hung up (SIGHUP)";
        default:
          return "interrupted (Ctrl-C)";
      }
    case StopReason::time_limit:
      return "time limit (" + format_duration(time_limit_) + ") reached";
    default:
      return "";
  }
}

}  // namespace dlxapp
