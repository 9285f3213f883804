#include "fd_input.hpp"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace sudoku_app {
namespace {

constexpr std::size_t kBufferSize = std::size_t{1} << 16;
constexpr int kPollMilliseconds = 100;

}  // namespace

FdInput::FdInput(int fd, bool owned, const std::atomic<bool>* stop)
    : fd_(fd), owned_(owned), stop_(stop), buffer_(new char[kBufferSize]) {
  setg(buffer_.get(), buffer_.get(), buffer_.get());
}

FdInput::~FdInput() {
  if (owned_) ::close(fd_);
}

std::unique_ptr<FdInput> FdInput::open(const std::string& path, const std::atomic<bool>* stop) {
  // O_NONBLOCK: opening a FIFO does not wait for a writer; reads block again (poll does the waiting).
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return nullptr;
  const int flags = ::fcntl(fd, F_GETFL);
  if (flags >= 0) ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
  return std::make_unique<FdInput>(fd, true, stop);
}

bool FdInput::ready() const {
  if (gptr() < egptr()) return true;
  pollfd p{fd_, POLLIN, 0};
  return ::poll(&p, 1, 0) != 0;  // readable, at its end (POLLHUP), or failed: a read returns at once
}

FdInput::int_type FdInput::underflow() {
  if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
  for (;;) {
    if (stop_ != nullptr && stop_->load(std::memory_order_relaxed)) return traits_type::eof();
    pollfd p{fd_, POLLIN, 0};
    const int polled = ::poll(&p, 1, kPollMilliseconds);
    if (polled == 0 || (polled < 0 && errno == EINTR)) continue;
    const ssize_t got = ::read(fd_, buffer_.get(), kBufferSize);
    if (got < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (got < 0) {
      error_ = std::strerror(errno);
      throw std::ios_base::failure(error_, std::error_code(errno, std::generic_category()));
    }
    if (got == 0) return traits_type::eof();
    setg(buffer_.get(), buffer_.get(), buffer_.get() + got);
    return traits_type::to_int_type(*gptr());
  }
}

// What is buffered, or what one read gives: never a wait for more once something came.
std::streamsize FdInput::xsgetn(char_type* s, std::streamsize n) {
  if (n <= 0) return 0;
  if (gptr() == egptr() && traits_type::eq_int_type(underflow(), traits_type::eof())) return 0;
  const std::streamsize take = std::min<std::streamsize>(n, egptr() - gptr());
  std::memcpy(s, gptr(), static_cast<std::size_t>(take));
  gbump(static_cast<int>(take));
  return take;
}

}  // namespace sudoku_app
