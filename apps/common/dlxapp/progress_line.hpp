// A progress line for long searches on a terminal, redrawn in place with '\r' and erased at the end:
//
//   [ 42.1%] 12345 solutions, 0:12 elapsed, about 0:17 left
//   3120 puzzles, 0:12 elapsed                    (when the end is not known: a file still being read)
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdio>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "dlx/parallel.hpp"
#include "dlx/periodic_worker.hpp"

namespace dlxapp {

// What a progress line counts: `progress.solutions` named as `noun` ("solutions", "puzzles"), with their rate
// per second when `rate` is set.
struct ProgressStyle {
  std::string noun = "solutions";
  bool rate = false;
};

// The text of the line, without '\r'. The time left is extrapolated from the fraction done; a negative
// fraction means it is not known (no percentage, no time left).
std::string format_progress(const dlx::Progress& progress, const ProgressStyle& style = {});

class ProgressLine {
 public:
  // Unless enabled is false, draws snapshot() on out every `interval` from a thread of its own, starting after
  // `delay` (short searches show nothing), until destroyed.
  ProgressLine(std::function<dlx::Progress()> snapshot, bool enabled, std::FILE* out = stderr,
               std::chrono::milliseconds delay = std::chrono::seconds(1),
               std::chrono::milliseconds interval = std::chrono::milliseconds(250), ProgressStyle style = {});
  ~ProgressLine();  // stops and erases the line if it was drawn
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  static bool is_terminal(std::FILE* out);

 private:
  void draw();

  std::function<dlx::Progress()> snapshot_;
  ProgressStyle style_;  // what Progress::solutions counts, as the line names it
  std::FILE* out_;
  std::size_t drawn_ = 0;  // length of the line on screen (the worker's; read after it stopped)
  std::optional<dlx::PeriodicWorker> worker_;  // last member: draws once the others exist
};

}  // namespace dlxapp
