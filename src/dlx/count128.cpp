#include "dlx/count128.hpp"

#include <algorithm>

namespace dlx {

std::string to_decimal(Count128 value) {
  // 10^19 is the largest power of ten below 2^64: peel off 19 digits at a time with one 128-bit division
  // each, then let 64-bit arithmetic write them.
  constexpr std::uint64_t kChunk = 10'000'000'000'000'000'000ULL;
  std::string out;
  do {
    auto chunk = static_cast<std::uint64_t>(value % kChunk);
    value /= kChunk;
    for (int digit = 0; digit < 19 && (value != 0 || chunk != 0 || digit == 0); ++digit) {
      out.push_back(static_cast<char>('0' + chunk % 10));
      chunk /= 10;
    }
  } while (value != 0);
  std::reverse(out.begin(), out.end());
  return out;
}

std::optional<Count128> parse_decimal(std::string_view text) {
  if (text.empty()) return std::nullopt;
  Count128 value = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    const auto digit = static_cast<Count128>(c - '0');
    if (value > (kCount128Max - digit) / 10) return std::nullopt;
    value = value * 10 + digit;
  }
  return value;
}

}  // namespace dlx
