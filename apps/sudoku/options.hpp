// The sudoku command's options: the table, the usage text, and their meaning as the library's options
// (sudoku::BatchOptions). Every check that needs no puzzle is made here, before any work starts.
#pragma once

#include <boost/program_options.hpp>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <sudoku/pipeline/batch.hpp>
#include <vector>

namespace sudoku_app {

struct Options {
  std::string command = "solve";
  std::vector<std::string> args;  // files, or generate's count
  bool help = false, version = false, progress = false;
  std::string help_text;  // --help's option table
  std::optional<std::chrono::nanoseconds> time_limit;
  unsigned threads = 0;              // 0: one per core
  std::uint64_t count = 1;           // generate: how many
  sudoku::BatchOptions batch;        // everything else, as the library takes it
  bool generate_clock_seed = false;  // no --seed: from the clock
};

// Parses and checks the command line; throws dlxapp::UsageError.
Options parse_options(int argc, char** argv);

extern const char* const kUsage;

}  // namespace sudoku_app
