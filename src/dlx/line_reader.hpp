// Reads text line by line with a bound on memory: a line longer than the limit is cut there and flagged at once
// (an endless line, /dev/zero, gets its answer without waiting for its end), and the rest of it is skipped by the
// next call, so one runaway line neither exhausts memory nor shifts the lines after it. A line ends at '\n',
// "\r\n" or a lone '\r' (old Mac files), so that no line end is ever misread as part of a line.
#pragma once

#include <cstddef>
#include <cstdint>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace dlx {

class LineReader {
 public:
  explicit LineReader(std::istream& in, std::size_t max_length = std::size_t{1} << 20);

  // The next line without its line end, or nothing at end of input.
  // The view is valid until the next call.
  std::optional<std::string_view> next();

  std::size_t line_number() const { return line_number_; }   // of the line returned last, from 1
  bool too_long() const { return too_long_; }                // that line was cut at max_length
  bool missing_newline() const { return missing_newline_; }  // that line ended the input without '\n'
  std::size_t max_length() const { return max_length_; }
  // Why reading stopped early (a directory, EIO, a closed descriptor: strerror's words), if it did. A failed
  // read ends the input, so that callers see the lines read before it and then can report it once.
  const std::optional<std::string>& read_error() const { return read_error_; }
  // Bytes of the input consumed so far: those of the lines returned and their line ends (for progress lines:
  // exact whatever the stream, a pipe included).
  std::uint64_t consumed() const { return read_total_ - (filled_ - position_); }
  // Bytes read from the stream and not returned in a line yet: the next line may come without a read.
  std::size_t buffered() const { return filled_ - position_; }

 private:
  // Reads the next block into buffer_; false at end of input.
  bool refill();
  // The first line end ('\n' or '\r') in [start, start + available), or nullptr.
  static const char* line_end(const char* start, std::size_t available);

  std::istream& in_;
  std::size_t max_length_;
  static constexpr std::size_t kBufferSize = std::size_t{1} << 16;
  // Not zero-filled: a short input touches only the pages a read fills.
  std::unique_ptr<char[]> buffer_;
  std::size_t position_ = 0, filled_ = 0;
  std::uint64_t read_total_ = 0;  // bytes read from the stream in all
  std::string line_;
  std::size_t line_number_ = 0;
  bool too_long_ = false;
  bool missing_newline_ = false;
  std::optional<std::string> read_error_;
  bool after_cr_ = false;  // the last line ended with '\r': a '\n' right after it belongs to that line end
  bool skipping_ = false;  // the last line was cut at max_length: its rest is still to be skipped
};

}  // namespace dlx
