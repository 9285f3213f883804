// A count of solutions exact up to 2^128 - 1, past where 64 bits run out (8x8 boards tiled with monominoes,
// dominoes and trominoes have about 9.2e25 tilings), with its decimal text.
//
// A plain unsigned 128-bit integer (GCC's and clang's built-in type), so that adding counts costs two machine
// additions; additions that would wrap around saturate at kCount128Max instead and say so, which is how the
// callers apply the overflow rule ("N+", exit status 4) rather than print a wrong number.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace dlx {

// __extension__: -Wpedantic would otherwise warn that ISO C++ has no 128-bit integer.
__extension__ typedef unsigned __int128 Count128;

inline constexpr Count128 kCount128Max = ~Count128{0};

// a + b, or kCount128Max (and overflow set) when the sum does not fit.
inline Count128 saturating_add(Count128 a, Count128 b, bool& overflow) {
  const Count128 sum = a + b;
  if (sum < a) {
    overflow = true;
    return kCount128Max;
  }
  return sum;
}

// The decimal digits of value, without sign or separators: "0", "340282366920938463463374607431768211455".
std::string to_decimal(Count128 value);

// The value of a whole decimal number (digits only), or nothing when the text is empty, has another character
// or is past 2^128 - 1.
std::optional<Count128> parse_decimal(std::string_view text);

}  // namespace dlx
