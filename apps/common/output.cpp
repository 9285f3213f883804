#include "dlxapp/output.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/eventfd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <iostream>
#include <memory>
#include <stop_token>
#include <streambuf>
#include <thread>

namespace dlxapp {

// A streambuf over a file descriptor that keeps the first write error instead of losing it in a stream state.
class OutputGuard::Buffer : public std::streambuf {
 public:
  Buffer(int fd, Interrupts* interrupts)
      : fd_(fd),
        interrupts_(interrupts),
        storage_(new char[kStorageSize]),
        line_buffered_(::isatty(fd) == 1) {
    setp(storage_.get(), storage_.get() + kStorageSize);
  }

  int error() const { return error_.load(); }

  // The first failure wins; EPIPE and the watcher's news mean the reader went away.
  void set_error(int error) {
    int expected = 0;
    if (!error_.compare_exchange_strong(expected, error)) return;
    if (interrupts_ != nullptr)
      interrupts_->request_stop(error == EPIPE ? StopReason::output_closed : StopReason::output_error);
  }

  // Writes out what is buffered; false (and everything dropped) once a write has failed.
  bool drain() {
    const char* begin = pbase();
    const std::size_t size = static_cast<std::size_t>(pptr() - pbase());
    setp(storage_.get(), storage_.get() + kStorageSize);
    return write_fully(begin, size);
  }

 protected:
  int_type overflow(int_type c) override {
    if (!drain()) return traits_type::eof();
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    *pptr() = traits_type::to_char_type(c);
    pbump(1);
    if (line_buffered_ && traits_type::to_char_type(c) == '\n' && !drain()) return traits_type::eof();
    return c;
  }

  std::streamsize xsputn(const char* s, std::streamsize count) override {
    if (error() != 0) return 0;
    const auto n = static_cast<std::size_t>(count);
    if (n > static_cast<std::size_t>(epptr() - pptr())) {
      if (!drain()) return 0;
      if (n >= kStorageSize) return write_fully(s, n) ? count : 0;
    }
    std::memcpy(pptr(), s, n);
    pbump(static_cast<int>(n));
    if (line_buffered_ && std::memchr(s, '\n', n) != nullptr && !drain()) return 0;
    return count;
  }

  int sync() override { return drain() ? 0 : -1; }

 private:
  bool write_fully(const char* data, std::size_t size) {
    if (error() != 0) return false;
    while (size > 0) {
      const ssize_t written = ::write(fd_, data, size);
      if (written < 0) {
        if (errno == EINTR) continue;
        set_error(errno);
        return false;
      }
      data += written;
      size -= static_cast<std::size_t>(written);
    }
    return true;
  }

  int fd_;
  Interrupts* interrupts_;
  static constexpr std::size_t kStorageSize = std::size_t{64} << 10;
  std::unique_ptr<char[]> storage_;  // not zero-filled: short output touches only the pages it writes
  bool line_buffered_;
  std::atomic<int> error_{0};
};

// Waits for standard output's pipe to lose its reader (poll reports POLLERR on the write end) and says so at
// once, rather than at the next write, which a long computation may not make for a while.
struct OutputGuard::Watcher {
  int wake_fd = -1;
  std::jthread thread;  // a stop request wakes its poll through wake_fd

  Watcher(int fd, Buffer& buffer) {
    wake_fd = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (wake_fd < 0) return;  // no watcher: the next write will tell
    thread = std::jthread([this, fd, &buffer](std::stop_token stop) {
      const std::stop_callback wake(stop, [this] {
        const std::uint64_t one = 1;
        [[maybe_unused]] const ssize_t written = ::write(wake_fd, &one, sizeof one);
      });
      for (;;) {
        pollfd fds[2] = {{fd, 0, 0}, {wake_fd, POLLIN, 0}};
        if (::poll(fds, 2, -1) < 0) {
          if (errno == EINTR) continue;
          return;
        }
        if (fds[1].revents != 0) return;
        if ((fds[0].revents & (POLLERR | POLLHUP)) != 0) {
          buffer.set_error(EPIPE);
          return;
        }
        if ((fds[0].revents & POLLNVAL) != 0) return;
      }
    });
  }
  ~Watcher() {
    if (wake_fd < 0) return;
    thread.request_stop();
    if (thread.joinable()) thread.join();
    ::close(wake_fd);
  }
  Watcher(const Watcher&) = delete;
  Watcher& operator=(const Watcher&) = delete;
};

OutputGuard::OutputGuard(std::string_view program, Interrupts* interrupts, Watch watch)
    : program_(program),
      interrupts_(interrupts),
      buffer_(std::make_unique<Buffer>(STDOUT_FILENO, interrupts)) {
  keep_standard_fds();
  ::signal(SIGPIPE, SIG_IGN);
  std::cout.flush();
  old_buffer_ = std::cout.rdbuf(buffer_.get());
  struct stat info {};
  watch_pipe_ = interrupts_ != nullptr && ::fstat(STDOUT_FILENO, &info) == 0 && S_ISFIFO(info.st_mode);
  if (watch == Watch::now) this->watch();
}

void OutputGuard::watch() {
  std::lock_guard lock(watcher_mutex_);
  if (watch_pipe_ && !watcher_) watcher_ = std::make_unique<Watcher>(STDOUT_FILENO, *buffer_);
}

OutputGuard::~OutputGuard() {
  {
    std::lock_guard lock(watcher_mutex_);
    watcher_.reset();
  }
  buffer_->drain();
  std::cout.rdbuf(old_buffer_);
  std::cout.clear();
}

bool OutputGuard::flush() {
  std::cout.flush();
  return ok();
}

bool OutputGuard::ok() const {
  return buffer_->error() == 0;
}

bool OutputGuard::closed() const {
  return buffer_->error() == EPIPE;
}

int OutputGuard::error() const {
  return buffer_->error();
}

int OutputGuard::finish(int status) {
  flush();
  const int e = error();
  if (e != 0 && e != EPIPE) {
    if (!reported_) std::cerr << program_ << ": write error: " << std::strerror(e) << '\n';
    reported_ = true;
    return kExitUsage;  // a write error shares the usage status
  }
  if (interrupts_ != nullptr) return interrupts_->exit_status(status);
  return e == EPIPE ? 0 : status;
}

}  // namespace dlxapp
