// Reads text line by line with a bound on memory: a line longer than the limit is cut there and flagged, and
// the rest of it is skipped, so one runaway line neither exhausts memory nor shifts the lines after it.
#pragma once

#include <cstddef>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace dlx {

class LineReader {
 public:
  explicit LineReader(std::istream& in, std::size_t max_length = std::size_t{1} << 20);

  // The next line without its '\n' (a '\r' before it is left for the caller), or nothing at end of input.
  // The view is valid until the next call.
  std::optional<std::string_view> next();

  std::size_t line_number() const { return line_number_; }   // of the line returned last, from 1
  bool too_long() const { return too_long_; }                // that line was cut at max_length
  bool missing_newline() const { return missing_newline_; }  // that line ended the input without '\n'
  std::size_t max_length() const { return max_length_; }

 private:
  std::istream& in_;
  std::size_t max_length_;
  static constexpr std::size_t kBufferSize = std::size_t{1} << 16;
  // Not zero-filled: a short input touches only the pages a read fills.
  std::unique_ptr<char[]> buffer_;
  std::size_t position_ = 0, filled_ = 0;
  std::string line_;
  std::size_t line_number_ = 0;
  bool too_long_ = false;
  bool missing_newline_ = false;
};

}  // namespace dlx
