#include "dlx/line_reader.hpp"

#include <algorithm>
#include <cstring>
#include <ios>
#include <system_error>

namespace dlx {

LineReader::LineReader(std::istream& in, std::size_t max_length)
    : in_(in), max_length_(max_length), buffer_(new char[kBufferSize]) {}

bool LineReader::refill() {
  std::streamsize got = 0;
  if (std::streambuf* buf = in_.rdbuf(); buf != nullptr && !read_error_) {
    try {
      got = buf->sgetn(buffer_.get(), static_cast<std::streamsize>(kBufferSize));
    } catch (const std::ios_base::failure& e) {  // libstdc++'s file buffers throw on a failed read(2)
      read_error_ = e.code() == std::io_errc::stream ? std::string("read error") : e.code().message();
    } catch (const std::exception& e) {
      read_error_ = e.what();
    }
  }
  position_ = 0;
  filled_ = got > 0 ? static_cast<std::size_t>(got) : 0;
  read_total_ += filled_;
  return filled_ != 0;
}

const char* LineReader::line_end(const char* start, std::size_t available) {
  // '\n' first with one fast scan; a '\r' (CRLF, or an old Mac file's lone CR) can only be before it.
  const auto* newline = static_cast<const char*>(std::memchr(start, '\n', available));
  const std::size_t before = newline != nullptr ? static_cast<std::size_t>(newline - start) : available;
  const auto* cr = static_cast<const char*>(std::memchr(start, '\r', before));
  return cr != nullptr ? cr : newline;
}

std::optional<std::string_view> LineReader::next() {
  line_.clear();
  too_long_ = false;
  bool any = false;
  for (;;) {
    if (position_ == filled_ && !refill()) {
      skipping_ = false;
      if (!any) return std::nullopt;
      ++line_number_;
      missing_newline_ = true;
      return std::string_view(line_);
    }
    const char* start = buffer_.get() + position_;
    if (after_cr_) {  // the '\n' of a CRLF pair ends the same line as its '\r'
      after_cr_ = false;
      if (*start == '\n') {
        ++position_;
        continue;
      }
    }
    const std::size_t available = filled_ - position_;
    const char* end = line_end(start, available);
    const std::size_t length = end != nullptr ? static_cast<std::size_t>(end - start) : available;
    if (skipping_) {  // the rest of a line cut at max_length
      position_ += length;
      if (end != nullptr) {
        ++position_;
        after_cr_ = *end == '\r';
        skipping_ = false;
      }
      continue;
    }
    any = true;
    const std::size_t room = max_length_ - std::min(max_length_, line_.size());
    if (length > room) {
      // Return at once: the caller gives up on such a line, and an endless one (/dev/zero) must not keep it
      // waiting. The rest is skipped by the next call.
      line_.append(start, room);
      position_ += room;
      too_long_ = skipping_ = true;
      ++line_number_;
      missing_newline_ = false;
      return std::string_view(line_);
    }
    // A line wholly in the buffer is returned where it lies, without a copy: the buffer is refilled only by
    // the next call, which the view need not outlive.
    const bool whole = line_.empty() && end != nullptr;
    if (!whole) line_.append(start, length);
    position_ += length;
    if (end != nullptr) {
      ++position_;
      after_cr_ = *end == '\r';
      ++line_number_;
      missing_newline_ = false;
      return whole ? std::string_view(start, length) : std::string_view(line_);
    }
  }
}

}  // namespace dlx
