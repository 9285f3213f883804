#include "dlx/count128.hpp"

#include <algorithm>
#include <cstdint>
#include <ostream>
#include <string>

namespace dlx {

std::string to_decimal(Count128 count) {
  // 10^19 is the largest power of ten below 2^64: peel off 19 digits at a time with one 128-bit division
  // each, then let 64-bit arithmetic write them.
  constexpr std::uint64_t kChunk = 10'000'000'000'000'000'000ULL;
  UInt128 value = count.value();
  // Most counts fit in 64 bits: without the 128-bit divisions (library calls), a batch's "2" or "1" costs
  // a few instructions.
  if (value >> 64 == 0) return std::to_string(static_cast<std::uint64_t>(value));
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
  constexpr UInt128 kMax = ~UInt128{0};
  UInt128 value = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    const auto digit = static_cast<UInt128>(c - '0');
    if (value > (kMax - digit) / 10) return std::nullopt;
    value = value * 10 + digit;
  }
  return value;
}

std::ostream& operator<<(std::ostream& out, Count128 value) {
  // Up to 2^64 - 1 the stream's own integer output applies every flag exactly as for any unsigned integer.
  if (value.fits_u64()) return out << static_cast<unsigned long long>(value.low64());
  const std::ios_base::fmtflags flags = out.flags();
  const std::ios_base::fmtflags basefield = flags & std::ios_base::basefield;
  const bool upper = (flags & std::ios_base::uppercase) != 0;
  std::string digits, prefix;
  if (basefield == std::ios_base::hex || basefield == std::ios_base::oct) {
    const unsigned base = basefield == std::ios_base::hex ? 16 : 8;
    const char* symbols = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    for (UInt128 v = value.value(); v != 0; v /= base)
      digits.push_back(symbols[static_cast<unsigned>(v % base)]);
    std::reverse(digits.begin(), digits.end());
    if ((flags & std::ios_base::showbase) != 0) prefix = base == 8 ? "0" : upper ? "0X" : "0x";
  } else {
    digits = to_decimal(value);
  }
  const auto length = static_cast<std::streamsize>(prefix.size() + digits.size());
  const std::streamsize width = out.width();
  out.width(0);
  const std::string padding(static_cast<std::size_t>(std::max<std::streamsize>(width - length, 0)),
                            out.fill());
  const std::ios_base::fmtflags adjust = flags & std::ios_base::adjustfield;
  if (adjust == std::ios_base::left) return out << prefix << digits << padding;
  if (adjust == std::ios_base::internal) return out << prefix << padding << digits;
  return out << padding << prefix << digits;
}

}  // namespace dlx
