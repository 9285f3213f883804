#include "dlxapp/progress_line.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "dlx/count128.hpp"

namespace dlxapp {
namespace {

std::string format_duration(double seconds) {
  if (!(seconds >= 0) || seconds > 1e9) return "?";
  const auto s = static_cast<long long>(seconds + 0.5);
  char text[64];
  if (s >= 3600) {
    std::snprintf(text, sizeof text, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
  } else {
    std::snprintf(text, sizeof text, "%lld:%02lld", s / 60, s % 60);
  }
  return text;
}

}  // namespace

std::string format_progress(const dlx::Progress& progress, const ProgressStyle& style) {
  const bool known = progress.fraction >= 0;
  const double f = std::min(1.0, std::max(0.0, progress.fraction));
  char percent[16] = "";
  if (known) std::snprintf(percent, sizeof percent, "[%5.1f%%] ", 100 * f);
  std::string line = percent + dlx::to_decimal(progress.solutions) + ' ' + style.noun;
  if (style.rate && progress.seconds > 0) {
    char rate[48];
    std::snprintf(rate, sizeof rate, " (%.0f/s)", static_cast<double>(progress.solutions) / progress.seconds);
    line += rate;
  }
  line += ", " + format_duration(progress.seconds) + " elapsed";
  if (known && f > 0) line += ", about " + format_duration(progress.seconds * (1 - f) / f) + " left";
  return line;
}

bool ProgressLine::is_terminal(std::FILE* out) {
  return isatty(fileno(out)) == 1;
}

ProgressLine::ProgressLine(std::function<dlx::Progress()> snapshot, bool enabled, std::FILE* out,
                           std::chrono::milliseconds delay, std::chrono::milliseconds interval,
                           ProgressStyle style)
    : snapshot_(std::move(snapshot)), style_(std::move(style)), out_(out) {
  if (enabled)
    worker_.emplace(delay, interval, [this] {
      draw();
      return true;
    });
}

ProgressLine::~ProgressLine() {
  if (!worker_) return;
  worker_->stop();
  if (drawn_ > 0) {
    std::fprintf(out_, "\r%*s\r", static_cast<int>(drawn_), "");
    std::fflush(out_);
  }
}

void ProgressLine::draw() {
  const std::string line = format_progress(snapshot_(), style_);
  // Pad over the rest of a longer previous line.
  const int pad = drawn_ > line.size() ? static_cast<int>(drawn_ - line.size()) : 0;
  std::fprintf(out_, "\r%s%*s", line.c_str(), pad, "");
  std::fflush(out_);
  drawn_ = std::max(drawn_, line.size());
}

}  // namespace dlxapp
