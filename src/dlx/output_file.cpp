#include "dlx/output_file.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <streambuf>
#include <thread>
#include <utility>
#include <vector>

namespace dlx {
namespace {

constexpr int kPollMilliseconds = 20;  // how often a blocked open or write looks at the stop flag

[[noreturn]] void fail(const std::string& what, int error) {
  throw FileError(what + ": " + std::strerror(error), error);
}

bool raised(const std::atomic<bool>* stop) {
  return stop != nullptr && stop->load(std::memory_order_relaxed);
}

// A name in `folder` that no file has yet, for the temporary copy of `name`.
int create_temporary(const std::string& folder, const std::string& name, std::string& path) {
  static std::atomic<unsigned> serial{0};
  for (;;) {
    path = folder + "/." + name + ".tmp" + std::to_string(::getpid()) + "-" + std::to_string(serial++);
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0 || errno != EEXIST) return fd;
  }
}

void sync_folder(const std::string& folder) {
  const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;  // best effort: the file itself is synced
  (void)::fsync(fd);
  ::close(fd);
}

}  // namespace

class OutputFile::Buffer : public std::streambuf {
 public:
  Buffer(int fd, const std::atomic<bool>* stop) : fd_(fd), stop_(stop), data_(1 << 16) {
    setp(data_.data(), data_.data() + data_.size());
  }
  ~Buffer() override { close(); }

  void close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }
  // The descriptor, which the caller now closes.
  int release() { return std::exchange(fd_, -1); }
  int error() const { return error_; }
  bool stopped() const { return stopped_; }
  void set_stopped() { stopped_ = true; }
  bool failed() const { return error_ != 0 || stopped_; }

 protected:
  int_type overflow(int_type c) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  int sync() override { return drain() ? 0 : -1; }

 private:
  // Writes what the buffer holds. A FIFO is open without blocking: while it is full, waits for room a few
  // milliseconds at a time, giving up once the stop flag is raised.
  bool drain() {
    const char* p = pbase();
    std::size_t left = static_cast<std::size_t>(pptr() - pbase());
    setp(data_.data(), data_.data() + data_.size());
    while (left > 0 && !failed()) {
      const ssize_t n = ::write(fd_, p, left);
      if (n >= 0) {
        p += n;
        left -= static_cast<std::size_t>(n);
      } else if (errno == EAGAIN) {
        if (raised(stop_)) {
          stopped_ = true;
        } else {
          pollfd ready{fd_, POLLOUT, 0};
          (void)::poll(&ready, 1, kPollMilliseconds);
        }
      } else if (errno != EINTR) {
        error_ = errno;
      }
    }
    return !failed();
  }

  int fd_;
  const std::atomic<bool>* stop_;
  std::vector<char> data_;
  int error_ = 0;
  bool stopped_ = false;
};

OutputFile::OutputFile(const std::string& path, const std::atomic<bool>* stop) : target_(path) {
  namespace fs = std::filesystem;
  if (path.empty()) throw FileError("cannot open for writing: the file name is empty", ENOENT);
  struct stat info {};
  const bool exists = ::stat(path.c_str(), &info) == 0;  // a symbolic link followed
  int fd = -1;
  if (exists && S_ISDIR(info.st_mode)) fail("cannot open for writing", EISDIR);
  // Names of devices and descriptors (/dev/stdout, /dev/fd/3, /proc/self/fd/1) are written in place even when
  // they lead to a regular file: that file is one the caller holds open, which a rename would leave behind.
  const bool descriptor = path.rfind("/dev/", 0) == 0 || path.rfind("/proc/", 0) == 0;
  if (exists && (!S_ISREG(info.st_mode) || descriptor)) {
    // A FIFO opened for writing without a reader fails with ENXIO rather than wait: try again until a reader
    // comes or the stop flag is raised.
    const bool fifo = S_ISFIFO(info.st_mode);
    const int flags = O_WRONLY | O_CLOEXEC | (fifo ? O_NONBLOCK : 0) | (S_ISREG(info.st_mode) ? O_TRUNC : 0);
    for (;;) {
      fd = ::open(path.c_str(), flags);
      if (fd >= 0 || (errno != ENXIO && errno != EINTR)) break;
      if (raised(stop)) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(kPollMilliseconds));
    }
    if (fd < 0 && errno != ENXIO) fail("cannot open for writing", errno);
  } else {
    std::error_code ignored;
    if (exists) target_ = fs::canonical(path, ignored).string();
    if (target_.empty()) target_ = path;
    const fs::path target(target_);
    const std::string folder = target.has_parent_path() ? target.parent_path().string() : ".";
    fd = create_temporary(folder, target.filename().string(), temporary_);
    if (fd < 0) fail("cannot open for writing", errno);
    if (exists) (void)::fchmod(fd, info.st_mode & 07777);  // the file keeps its permissions
  }
  buffer_ = std::make_unique<Buffer>(fd, stop);
  stream_ = std::make_unique<std::ostream>(buffer_.get());
  if (fd < 0) {  // stopped while waiting for a reader
    buffer_->set_stopped();
    stream_->setstate(std::ios::badbit);
  }
}

OutputFile::~OutputFile() {
  discard();
}

std::ostream& OutputFile::stream() {
  return *stream_;
}

bool OutputFile::stopped() const {
  return buffer_->stopped();
}

bool OutputFile::in_place() const {
  return temporary_.empty();
}

void OutputFile::commit() {
  if (done_) throw std::logic_error("dlx::OutputFile::commit: already committed or discarded");
  stream_->flush();
  int error = buffer_->error();
  if (error == 0 && buffer_->stopped()) {
    discard();
    throw FileError("stopped before the file was written", 0);
  }
  const int fd = buffer_->release();
  if (error == 0 && !in_place()) {
    int synced = 0;
    do synced = ::fsync(fd);
    while (synced != 0 && errno == EINTR);
    if (synced != 0) error = errno;
  }
  if (::close(fd) != 0 && error == 0 && errno != EINTR) error = errno;
  if (error == 0 && !in_place() && ::rename(temporary_.c_str(), target_.c_str()) != 0) error = errno;
  if (error != 0) {
    discard();
    fail("write error", error);
  }
  done_ = true;
  if (!in_place()) {
    const std::filesystem::path target(target_);
    sync_folder(target.has_parent_path() ? target.parent_path().string() : ".");
  }
}

void OutputFile::discard() noexcept {
  if (done_) return;
  done_ = true;
  buffer_->close();
  if (!in_place()) (void)::unlink(temporary_.c_str());
}

}  // namespace dlx
