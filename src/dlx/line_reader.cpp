#include "dlx/line_reader.hpp"

#include <algorithm>
#include <cstring>

namespace dlx {

LineReader::LineReader(std::istream& in, std::size_t max_length)
    : in_(in), max_length_(max_length), buffer_(new char[kBufferSize]) {}

std::optional<std::string_view> LineReader::next() {
  line_.clear();
  too_long_ = false;
  bool any = false;
  for (;;) {
    if (position_ == filled_) {
      std::streamsize got = 0;
      if (std::streambuf* buf = in_.rdbuf())
        got = buf->sgetn(buffer_.get(), static_cast<std::streamsize>(kBufferSize));
      position_ = 0;
      filled_ = got > 0 ? static_cast<std::size_t>(got) : 0;
      if (filled_ == 0) {
        if (!any) return std::nullopt;
        ++line_number_;
        missing_newline_ = true;
        return std::string_view(line_);
      }
    }
    any = true;
    const char* start = buffer_.get() + position_;
    const std::size_t available = filled_ - position_;
    const auto* newline = static_cast<const char*>(std::memchr(start, '\n', available));
    const std::size_t length = newline != nullptr ? static_cast<std::size_t>(newline - start) : available;
    const std::size_t room = max_length_ - std::min(max_length_, line_.size());
    line_.append(start, std::min(length, room));
    if (length > room) too_long_ = true;
    position_ += length;
    if (newline != nullptr) {
      ++position_;
      ++line_number_;
      missing_newline_ = false;
      return std::string_view(line_);
    }
  }
}

}  // namespace dlx
