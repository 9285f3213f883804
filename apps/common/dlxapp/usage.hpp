// The command-line kit's messages and numbers: one usage-error path, one number parser, and the quoting of what
// a user typed or named (a value, a file name) in a message, for dlx, dlx-mpi and the example programs.
//
//   try {
//     const std::uint64_t n = dlxapp::parse_number("--limit", text, 1, UINT64_MAX);
//     if (bad) dlxapp::usage_error("--zdd " + dlxapp::printable(path) + ": names the input file");
//   } catch (const dlxapp::UsageError& e) {
//     return dlxapp::report_usage_error("dlx", e.what(), std::cerr);   // "dlx: ...", status 2
//   }
#pragma once

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>

#include "dlx/input_error.hpp"

namespace dlxapp {

// Bad arguments, or input with no file and line to name: one line "PROGRAM: what()", exit status 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

[[noreturn]] void usage_error(const std::string& message);

// Text for a one-line message: control characters (a newline, ESC, DEL) written as C writes them (\n, \t, \r,
// \x1b), so that a file name cannot break the line or drive the terminal.
std::string printable(std::string_view text);

// A value the user typed, for a message: printable(), and only its first `max` characters, then "...".
inline constexpr std::size_t kMaxEchoed = dlx::kMaxEchoed;
std::string echo_value(std::string_view value, std::size_t max = kMaxEchoed);

// A message that quotes what the user typed without echo_value (boost::program_options' "unrecognised option
// '--xxxx...'"): every word longer than kMaxEchoed shortened as echo_value does.
std::string shorten_words(std::string_view message);

// Prints "PROGRAM: message" on err as one line (printable) and returns the usage status (2).
int report_usage_error(std::string_view program, std::string_view message, std::ostream& err);

// "FILE: cannot open: <strerror(error)>", FILE printable.
std::string cannot_open(std::string_view path, int error);

// Reading a whole number: decimal digits only (no sign, no blanks; "-1" is out of range, never 2^64 - 1).
enum class NumberError { none, malformed, out_of_range };
NumberError read_number(std::string_view text, std::uint64_t min, std::uint64_t max, std::uint64_t& value);

// The value of an option from min to max, or a UsageError "OPTION TEXT: expected a whole number from MIN to MAX"
// (TEXT as echo_value gives it).
std::uint64_t parse_number(std::string_view option, std::string_view text, std::uint64_t min,
                           std::uint64_t max);

}  // namespace dlxapp
