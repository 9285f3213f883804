#include "dlx/checkpoint.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <optional>
#include <sstream>

#include "dlx/knuth_format.hpp"
#include "dlx/output_file.hpp"

namespace dlx {
namespace {

std::string hex(std::uint64_t x) {
  char text[17];
  for (int k = 15; k >= 0; --k, x >>= 4) text[k] = "0123456789abcdef"[x & 15];
  text[16] = '\0';
  return text;
}

std::string header_text(const CheckpointKey& key) {
  return "dlx checkpoint 2\nproblem " + hex(key.problem_hash) + "\nsplit " + std::to_string(key.target) +
         " " + std::to_string(key.subproblems) + " " + hex(key.split_hash) + "\n";
}

[[noreturn]] void fail(const std::string& path, const std::string& what) {
  throw CheckpointError(path + ": " + what);
}

[[noreturn]] void fail_errno(const std::string& path, const std::string& what) {
  fail(path, what + ": " + std::strerror(errno));
}

// The file is sound but could not be written: a failure of the machine (a full disk), not a refused file.
[[noreturn]] void fail_write(const std::string& path, const std::string& what) {
  throw CheckpointWriteError(path + ": " + what + ": " + std::strerror(errno));
}

void write_all(int fd, std::string_view bytes, const std::string& path) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      fail_write(path, "cannot write checkpoint");
    }
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
}

void sync(int fd, const std::string& path) {
  while (::fsync(fd) != 0) {
    if (errno != EINTR) fail_write(path, "cannot sync checkpoint");
  }
}

bool parse_number(std::string_view text, std::uint64_t& out) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size();
}

bool parse_count(std::string_view text, Count128& out) {
  const std::optional<Count128> value = parse_decimal(text);
  if (value) out = *value;
  return value.has_value();
}

// "done INDEX SOLUTIONS NODES", then its checksum: any changed byte of a record (a digit of a count) makes the
// record refused, never summed into a wrong total.
std::string done_line(std::uint64_t index, const SubproblemResult& result) {
  std::string line = "done " + std::to_string(index) + " " + to_decimal(result.solutions) + " " +
                     std::to_string(result.nodes);
  return line + " " + hex(fnv1a64(line)) + "\n";
}

// The fields of a done_line(), checksum verified.
bool parse_done(std::string_view line, std::uint64_t& index, SubproblemResult& result) {
  const std::size_t last = line.rfind(' ');
  if (last == std::string_view::npos || line.substr(last + 1) != hex(fnv1a64(line.substr(0, last))))
    return false;
  line = line.substr(0, last);
  std::vector<std::string_view> fields;
  while (!line.empty()) {
    const std::size_t space = line.find(' ');
    fields.push_back(line.substr(0, space));
    line = space == std::string_view::npos ? std::string_view() : line.substr(space + 1);
  }
  return fields.size() == 4 && fields[0] == "done" && parse_number(fields[1], index) &&
         parse_count(fields[2], result.solutions) && parse_number(fields[3], result.nodes);
}

std::string_view line_of(std::string_view text, std::size_t n) {  // line n from 0, without '\n'
  std::size_t begin = 0;
  for (std::size_t k = 0; k < n; ++k) {
    const std::size_t end = text.find('\n', begin);
    if (end == std::string_view::npos) return {};
    begin = end + 1;
  }
  const std::size_t end = text.find('\n', begin);
  return text.substr(begin, end == std::string_view::npos ? std::string_view::npos : end - begin);
}

}  // namespace

std::uint64_t fnv1a64(std::string_view bytes, std::uint64_t hash) {
  for (unsigned char c : bytes) {
    hash ^= c;
    hash *= 0x100000001b3ull;
  }
  return hash;
}

CheckpointKey checkpoint_key(const Problem& problem, std::uint64_t target,
                             std::span<const Subproblem> split) {
  std::ostringstream text;
  write_knuth(problem, text);
  CheckpointKey key{fnv1a64(text.str()), target, split.size(), fnv1a64("")};
  for (const Subproblem& s : split) {
    std::string prefix;
    for (OptionId o : s.prefix) prefix += std::to_string(o) + ' ';
    key.split_hash = fnv1a64(prefix + ';', key.split_hash);
  }
  return key;
}

Checkpoint::Checkpoint(std::string path, const CheckpointKey& key)
    : path_(std::move(path)), subproblems_(key.subproblems) {
  const std::string header = header_text(key);
  if (path_.empty()) throw CheckpointError("checkpoint: the file name is empty");
  fd_ = ::open(path_.c_str(), O_RDWR | O_APPEND | O_CLOEXEC);
  if (fd_ < 0 && errno == ENOENT) {
    create(header);
    return;
  }
  if (fd_ < 0) fail_errno(path_, "cannot open checkpoint");
  try {
    // No larger than every subproblem recorded once by a done_line() allows: a huge or endless file is refused
    // once that much was read, not read whole into memory.
    constexpr std::uint64_t kMaxDoneLine = 4 + 2 * 21 + 40 + 17 + 1;  // 39 digits of a 128-bit count
    struct stat info {};
    if (::fstat(fd_, &info) != 0) fail_errno(path_, "cannot read checkpoint");
    if (!S_ISREG(info.st_mode)) fail(path_, "cannot read checkpoint: not a regular file");
    const std::uint64_t max_size = header.size() + subproblems_ * kMaxDoneLine;
    std::string text;
    char buffer[1 << 16];
    for (off_t offset = 0; text.size() <= max_size;) {
      const ssize_t n = ::pread(fd_, buffer, sizeof buffer, offset);
      if (n < 0) {
        if (errno == EINTR) continue;
        fail_errno(path_, "cannot read checkpoint");
      }
      if (n == 0) break;
      text.append(buffer, static_cast<std::size_t>(n));
      offset += n;
    }
    if (text.size() <= header.size() && header.compare(0, text.size(), text) == 0) {
      // Empty, or left by a run killed before a version of this code that writes the header whole: no
      // results to lose.
      ::close(fd_);
      fd_ = -1;
      create(header);
      return;
    }
    if (line_of(text, 0) != line_of(header, 0)) fail(path_, "not a dlx checkpoint file");
    if (line_of(text, 1) != line_of(header, 1)) {
      fail(path_, "the checkpoint is for a different problem (" + std::string(line_of(text, 1)) +
                      ", this one is " + std::string(line_of(header, 1)) +
                      "); delete it or name another file");
    }
    if (line_of(text, 2) != line_of(header, 2) || text.size() < header.size()) {
      fail(path_, "the checkpoint was made with a different split of the search tree (" +
                      std::string(line_of(text, 2)) + ", this run makes " + std::string(line_of(header, 2)) +
                      "); use the same --subproblems and program version, or delete it");
    }
    if (text.size() > max_size) {
      fail(path_, "checkpoint larger than its " + std::to_string(subproblems_) +
                      " subproblems allow; damaged, or not a checkpoint");
    }
    // A run killed while writing a result leaves a partial last line: drop it.
    const std::size_t complete = text.rfind('\n') + 1;
    if (complete < text.size()) {
      if (::ftruncate(fd_, static_cast<off_t>(complete)) != 0)
        fail_write(path_, "cannot truncate checkpoint");
      text.resize(complete);
    }
    std::size_t line_number = 3, begin = header.size();
    while (begin < text.size()) {
      const std::size_t end = text.find('\n', begin);
      const std::string_view line(text.data() + begin, end - begin);
      ++line_number;
      std::uint64_t index = 0;
      SubproblemResult result;
      if (!parse_done(line, index, result) || index >= subproblems_) {
        fail(
            path_ + ":" + std::to_string(line_number),
            "damaged checkpoint record (malformed, or its checksum does not match); delete the file to count "
            "again");
      }
      const auto [it, inserted] = done_.emplace(index, result);
      if (!inserted && (it->second.solutions != result.solutions || it->second.nodes != result.nodes)) {
        fail(path_ + ":" + std::to_string(line_number),
             "conflicting results for subproblem " + std::to_string(index));
      }
      begin = end + 1;
    }
  } catch (...) {
    ::close(fd_);
    throw;
  }
}

// The header goes to a temporary file that is renamed into place once complete: a run stopped while writing it
// (a full disk, a kill) leaves no file rather than one that later runs would have to tell from damage.
// A name that cannot be opened (a folder that is not there, no permission) is the caller's error, known before
// any work, as an input file that cannot be opened is; a full disk is the machine's.
void Checkpoint::create(const std::string& header) {
  std::optional<OutputFile> file;
  try {
    file.emplace(path_);
  } catch (const FileError& e) {
    const int error = e.error();
    if (error != ENOSPC && error != EDQUOT && error != EIO)
      throw CheckpointError(path_ + ": cannot open checkpoint: " + std::strerror(error));
    throw CheckpointWriteError(path_ + ": cannot create checkpoint: " + e.what());
  }
  try {
    file->stream() << header;
    file->commit();
  } catch (const FileError& e) {
    throw CheckpointWriteError(path_ + ": cannot create checkpoint: " + e.what());
  }
  fd_ = ::open(path_.c_str(), O_RDWR | O_APPEND | O_CLOEXEC);
  if (fd_ < 0) fail_write(path_, "cannot open checkpoint");
}

Checkpoint::~Checkpoint() {
  if (fd_ >= 0) ::close(fd_);
}

void Checkpoint::record(std::span<const std::pair<std::uint64_t, SubproblemResult>> results) {
  if (results.empty()) return;
  std::string lines;
  for (const auto& [index, result] : results) {
    if (index >= subproblems_) throw std::out_of_range("dlx::Checkpoint::record: no such subproblem");
    lines += done_line(index, result);
  }
  write_all(fd_, lines, path_);
  sync(fd_, path_);
  for (const auto& [index, result] : results) done_.emplace(index, result);
}

CheckpointRecorder::CheckpointRecorder(Checkpoint* checkpoint, std::function<void(const Result&)> done)
    : checkpoint_(checkpoint), done_(std::move(done)) {
  if (checkpoint_ != nullptr) thread_ = std::jthread([this](std::stop_token closing) { loop(closing); });
}

CheckpointRecorder::~CheckpointRecorder() {
  try {
    finish();
  } catch (...) {  // already unwinding from another error
  }
}

void CheckpointRecorder::add(const Result& result) {
  if (checkpoint_ == nullptr) return done_(result);
  {
    std::lock_guard lock(mutex_);
    queue_.push_back(result);
  }
  wake_.notify_one();
}

void CheckpointRecorder::finish() {
  if (!thread_.joinable()) return;
  thread_.request_stop();  // wakes the wait below (condition_variable_any watches the token)
  thread_.join();
  if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
}

void CheckpointRecorder::loop(std::stop_token closing) {
  std::vector<Result> batch;
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, closing, [&] { return !queue_.empty(); });
      if (queue_.empty()) return;  // asked to stop, and everything added is written
      batch.swap(queue_);
    }
    try {
      checkpoint_->record(batch);
    } catch (...) {
      error_ = std::current_exception();
      failed_.store(true, std::memory_order_relaxed);
      return;
    }
    for (const Result& r : batch) done_(r);
    batch.clear();
  }
}

}  // namespace dlx
