#include "dlxapp/usage.hpp"

#include <charconv>
#include <cstring>

#include "dlx/input_error.hpp"
#include "dlxapp/exit_codes.hpp"

namespace dlxapp {

void usage_error(const std::string& message) {
  throw UsageError(message);
}

std::string printable(std::string_view text) {
  return dlx::printable(text);
}

std::string echo_value(std::string_view value, std::size_t max) {
  return dlx::echo_text(value, max);
}

std::string shorten_words(std::string_view message) {
  std::string line;
  while (!message.empty()) {
    const std::size_t space = message.find(' ');
    line += echo_value(message.substr(0, space));
    if (space == std::string_view::npos) break;
    line += ' ';
    message.remove_prefix(space + 1);
  }
  return line;
}

int report_usage_error(std::string_view program, std::string_view message, std::ostream& err) {
  err << program << ": " << printable(message) << '\n';
  return status(ExitCode::usage);
}

std::string cannot_open(std::string_view path, int error) {
  return printable(path) + ": cannot open: " + std::strerror(error);
}

NumberError read_number(std::string_view text, std::uint64_t min, std::uint64_t max, std::uint64_t& value) {
  // A minus sign followed by digits is a number, just not one in range: "-1" must never wrap to 2^64 - 1.
  const bool negative = !text.empty() && text.front() == '-';
  const std::string_view digits = negative ? text.substr(1) : text;
  if (digits.empty() || digits.find_first_not_of("0123456789") != std::string_view::npos)
    return NumberError::malformed;
  std::uint64_t parsed = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), parsed);
  if (ec != std::errc{} || negative || parsed < min || parsed > max) return NumberError::out_of_range;
  value = parsed;
  return NumberError::none;
}

std::uint64_t parse_number(std::string_view option, std::string_view text, std::uint64_t min,
                           std::uint64_t max) {
  std::uint64_t value = 0;
  if (read_number(text, min, max, value) != NumberError::none) {
    usage_error(std::string(option) + " " + echo_value(text) + ": expected a whole number from " +
                std::to_string(min) + " to " + std::to_string(max));
  }
  return value;
}

}  // namespace dlxapp
