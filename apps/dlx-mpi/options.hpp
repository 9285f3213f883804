// dlx-mpi's command line: the options table, --help and --version, and the settings they give. Every rank parses
// the same command line and reaches the same verdict; only rank 0 prints. Usage errors throw
// dlxapp::UsageError.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace dlxmpi {

// More would only cost memory (each subproblem's prefix is held by rank 0 and sent once): 2^31 of them ran out.
inline constexpr std::uint64_t kMaxSubproblems = std::uint64_t{1} << 20;

struct Settings {
  std::string path = "-";
  std::string checkpoint;            // empty: none
  std::uint64_t subproblems = 4096;  // split the tree into at least this many
  std::uint64_t stop_after = 0;      // stop once this many results are recorded (0: never)
  bool progress = false;             // draw the progress line even when stderr is not a terminal
  bool stats = false;
};

// The settings, or nothing when --help or --version was answered (by rank 0, on standard output).
std::optional<Settings> parse_command_line(int argc, char** argv, bool root);

}  // namespace dlxmpi
