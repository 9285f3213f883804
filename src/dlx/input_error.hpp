// The error every text reader throws: where in which input, and what is wrong, printable on one line.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

namespace dlx {

class InputError : public std::runtime_error {
 public:
  InputError(std::string_view source, std::size_t line, std::string_view message)
      // Line 0: the input as a whole (it cannot be opened or read), named without a line.
      : std::runtime_error(std::string(source) + (line > 0 ? ":" + std::to_string(line) : std::string()) +
                           ": " + std::string(message)),
        source_(source),
        line_(line),
        message_(message) {}

  const std::string& source() const { return source_; }
  std::size_t line() const { return line_; }
  const std::string& message() const { return message_; }  // without "source:line: "

 private:
  std::string source_;
  std::size_t line_;
  std::string message_;
};

// A byte as people can read it in a message: 'x', or 0x00 for unprintable ones.
std::string describe_byte(unsigned char byte);

// Text for a one-line message: control characters (a newline, ESC, DEL) written as C writes them (\n, \t, \r,
// \x1b), so that an input cannot break the line or drive the terminal.
std::string printable(std::string_view text);

// A piece of the input quoted in a message (a name, a number, a word): printable(), and only its first `max`
// characters, then "...". Every message that echoes input goes through it, so that however long a token is,
// its message stays one short line.
inline constexpr std::size_t kMaxEchoed = 40;
std::string echo_text(std::string_view text, std::size_t max = kMaxEchoed);

}  // namespace dlx
