#include "dlxapp/duration.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace dlxapp {

std::optional<std::chrono::nanoseconds> parse_duration(std::string_view text) {
  double unit = 1;
  if (!text.empty()) {
    switch (text.back()) {
      case 's':
        text.remove_suffix(1);
        break;
      case 'm':
        unit = 60;
        text.remove_suffix(1);
        break;
      case 'h':
        unit = 3600;
        text.remove_suffix(1);
        break;
      case 'd':
        unit = 86400;
        text.remove_suffix(1);
        break;
      default:
        break;
    }
  }
  // Digits and at most one point: no sign, exponent, hexadecimal, "inf" or "nan".
  if (text.empty() || text == ".") return std::nullopt;
  bool point = false;
  for (const char c : text) {
    if (c == '.' && !point) {
      point = true;
    } else if (c < '0' || c > '9') {
      return std::nullopt;
    }
  }
  double value = 0;
  const auto [end, ec] =
      std::from_chars(text.data(), text.data() + text.size(), value, std::chars_format::fixed);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  const double seconds = value * unit;
  if (!std::isfinite(seconds) || seconds < 0 || seconds > 1e8) return std::nullopt;
  const auto ns = static_cast<std::int64_t>(std::llround(seconds * 1e9));
  return std::chrono::nanoseconds(seconds > 0 && ns == 0 ? 1 : ns);
}

std::string format_duration(std::chrono::nanoseconds duration) {
  char text[48];
  std::snprintf(text, sizeof text, "%.6g s", std::chrono::duration<double>(duration).count());
  return text;
}

}  // namespace dlxapp
