// dlx's command line: the options table, --help and --version, and the settings they give. Usage errors throw
// dlxapp::UsageError (dlxapp/usage.hpp), which main() reports as one line with status 2.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace dlxcli {

enum class Mode { first, all, count, estimate, sample, cheapest };

struct Settings {
  Mode mode = Mode::first;
  std::string path = "-";
  std::uint64_t limit = 0;   // 0: none
  std::uint64_t probes = 0;  // --estimate
  std::uint64_t best = 1;    // --min-cost / --best: how many of the cheapest solutions
  std::optional<std::uint64_t> seed;
  unsigned threads = 1;
  std::optional<std::chrono::nanoseconds> time_limit;
  bool progress = false;  // draw the progress line of a count
  std::chrono::milliseconds progress_delay{1000};
  bool stats = false;
  bool memo = false;            // count with the memoized counter (--memo, --zdd, --sample)
  std::size_t cache_bytes = 0;  // its cache's budget (0: the library's default)
  std::string zdd_path;         // --zdd: where to write the ZDD (empty: nowhere)
  std::uint64_t samples = 0;    // --sample N
  bool line_numbers = false;    // prefix each printed option with its input line
  bool preprocess = false;      // search Knuth's reduction (dlx-pre), print the input's options
};

// The settings, or nothing when --help or --version was answered (on standard output).
std::optional<Settings> parse_command_line(int argc, char** argv);

}  // namespace dlxcli
