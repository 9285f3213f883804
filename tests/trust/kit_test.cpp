// The command-line kit (apps/common/dlxapp): one exit-code table, one number parser, one usage-error path, the
// quoting of names and values in messages, durations.
#include <doctest/doctest.h>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <dlxapp/duration.hpp>
#include <dlxapp/exit_codes.hpp>
#include <dlxapp/usage.hpp>
#include <sstream>
#include <string>

TEST_CASE("kit: one exit-code enum, and the int table programs return agrees with it") {
  using dlxapp::ExitCode;
  CHECK(dlxapp::status(ExitCode::ok) == 0);
  CHECK(dlxapp::status(ExitCode::no_solution) == 1);
  CHECK(dlxapp::status(ExitCode::usage) == 2);
  CHECK(dlxapp::status(ExitCode::stopped) == 3);
  CHECK(dlxapp::status(ExitCode::overflow) == 4);
  CHECK(dlxapp::status(ExitCode::failure) == 5);
  CHECK(dlxapp::status(ExitCode::not_optimal) == 6);
  CHECK(dlxapp::status(ExitCode::interrupted) == 130);
  CHECK(dlxapp::kExitFailure == dlxapp::status(ExitCode::failure));
  CHECK(dlxapp::kExitTimeLimit == dlxapp::status(ExitCode::stopped));
}

TEST_CASE("kit: numbers are decimal digits within the range, and -1 is never 2^64 - 1") {
  using dlxapp::NumberError;
  std::uint64_t value = 0;
  CHECK(dlxapp::read_number("42", 1, 100, value) == NumberError::none);
  CHECK(value == 42);
  CHECK(dlxapp::read_number("18446744073709551615", 0, UINT64_MAX, value) == NumberError::none);
  CHECK(value == UINT64_MAX);
  CHECK(dlxapp::read_number("-1", 0, UINT64_MAX, value) == NumberError::out_of_range);
  CHECK(dlxapp::read_number("-0", 0, UINT64_MAX, value) == NumberError::out_of_range);
  CHECK(dlxapp::read_number("18446744073709551616", 0, UINT64_MAX, value) == NumberError::out_of_range);
  CHECK(dlxapp::read_number("0", 1, 10, value) == NumberError::out_of_range);
  CHECK(dlxapp::read_number("11", 1, 10, value) == NumberError::out_of_range);
  for (const char* bad : {"", "-", "+1", " 1", "1 ", "1e3", "0x10", "1.5", "ten"}) {
    CAPTURE(bad);
    CHECK(dlxapp::read_number(bad, 0, UINT64_MAX, value) == NumberError::malformed);
  }
  CHECK(value == UINT64_MAX);  // untouched by a failure
  CHECK(dlxapp::parse_number("--threads", "8", 0, 1024) == 8);
  CHECK_THROWS_WITH_AS(dlxapp::parse_number("--threads", "-1", 0, 1024),
                       "--threads -1: expected a whole number from 0 to 1024", dlxapp::UsageError);
}

TEST_CASE("kit: a bad value is echoed short, and control characters are escaped") {
  const std::string huge(100000, '9');
  try {
    dlxapp::parse_number("--limit", huge, 1, 10);
    FAIL("accepted a 100,000-digit number");
  } catch (const dlxapp::UsageError& e) {
    CHECK(std::string(e.what()) ==
          "--limit " + std::string(40, '9') + "...: expected a whole number from 1 to 10");
  }
  CHECK(dlxapp::echo_value("short") == "short");
  CHECK(dlxapp::echo_value(std::string(40, 'a')) == std::string(40, 'a'));
  CHECK(dlxapp::echo_value(std::string(41, 'a')) == std::string(40, 'a') + "...");
  CHECK(dlxapp::printable("a\nb\x1b[31mc\td\re\x7f") == "a\\nb\\x1b[31mc\\td\\re\\x7f");
  CHECK(dlxapp::printable("caf\xc3\xa9 / plain") == "caf\xc3\xa9 / plain");  // UTF-8 stays as it is
  CHECK(dlxapp::shorten_words("unrecognised option '--" + huge + "' here") ==
        "unrecognised option '--" + std::string(37, '9') + "... here");
}

TEST_CASE("kit: the usage-error path prints one line, and a file that cannot be opened says why") {
  std::ostringstream err;
  CHECK(dlxapp::report_usage_error("dlx", "--zdd a\nb: bad", err) == 2);
  CHECK(err.str() == "dlx: --zdd a\\nb: bad\n");
  CHECK(dlxapp::cannot_open("in\x1b.dlx", ENOENT) == "in\\x1b.dlx: cannot open: No such file or directory");
  CHECK_THROWS_WITH_AS(dlxapp::usage_error("why"), "why", dlxapp::UsageError);
}

TEST_CASE("kit: durations are read and written one way") {
  CHECK(dlxapp::parse_duration("1.5m") == std::chrono::seconds(90));
  CHECK(dlxapp::parse_duration("2h") == std::chrono::hours(2));
  CHECK_FALSE(dlxapp::parse_duration("-1").has_value());
  CHECK_FALSE(dlxapp::parse_duration(std::string(100000, '9')).has_value());
  CHECK(dlxapp::format_duration(std::chrono::milliseconds(2500)) == "2.5 s");
}
