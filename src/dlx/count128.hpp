// A count of solutions exact up to 2^128 - 1, past where 64 bits run out (8x8 boards tiled with monominoes,
// dominoes and trominoes have about 9.2e25 tilings), with its decimal text.
//
// dlx::Count128 is a value type around GCC's and clang's built-in unsigned 128-bit integer: every operation is
// constexpr and inline, so adding counts still costs two machine additions. It behaves like an unsigned integer
// type wherever that is safe:
// - prints with `std::cout << c` (decimal; std::hex and std::oct, width and fill as for unsigned long long) and,
//   where the standard library has <format>, with std::format("{}", c) (fill, alignment and width as for text);
// - compares with every integer type, signed ones by value (a negative number is below every count);
// - does + - * / % << >> & | ^ ~ with counts and integers, wrapping modulo 2^128 as unsigned integers do;
//   saturating_add is the checked addition the callers use ("N+", exit status 4);
// - constructs implicitly from integers; a negative value throws std::out_of_range (at compile time: an error);
// - converts explicitly (static_cast) to every integer type, throwing std::overflow_error when the value does not
//   fit, so a count past 2^64 - 1 is never cut silently; to_u64() says the same without throwing (std::nullopt)
//   and low64() / high64() give the two 64-bit halves for storage. Floating-point conversions round.
#pragma once

// The library is C++20 (pkg-config's Cflags leave the standard to the program): say so rather than fail deep
// inside a header.
#if __cplusplus < 202002L
#error "the dlx library needs C++20 or later: compile with -std=c++20 (or later)"
#endif

#include <compare>
#include <concepts>
#include <cstdint>
#include <iosfwd>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <version>
#if defined(__cpp_lib_format) && __has_include(<format>)
#include <format>
#endif

namespace dlx {

// __extension__: -Wpedantic would otherwise warn that ISO C++ has no 128-bit integer.
__extension__ typedef unsigned __int128 UInt128;
__extension__ typedef __int128 Int128;

// The integer types a count mixes with: the standard ones and the 128-bit ones (not integral in strict ISO mode),
// not bool.
template <class T>
concept Integer128 = std::same_as<T, Int128> || std::same_as<T, UInt128>;
template <class T>
concept CountInteger = (std::integral<T> && !std::same_as<T, bool>) || Integer128<T>;

class Count128;

namespace count128_detail {

template <class T>
constexpr bool is_negative(T value) {
  if constexpr (T(-1) < T(0)) return value < 0;
  return false;
}
template <class T>
constexpr UInt128 max_of() {
  if constexpr (std::same_as<T, UInt128>)
    return ~UInt128{0};
  else if constexpr (std::same_as<T, Int128>)
    return ~UInt128{0} >> 1;
  else
    return static_cast<UInt128>(std::numeric_limits<T>::max());
}
constexpr std::strong_ordering order(UInt128 a, UInt128 b) {
  return a < b    ? std::strong_ordering::less
         : a == b ? std::strong_ordering::equal
                  : std::strong_ordering::greater;
}

}  // namespace count128_detail

// The decimal digits of value, without sign or separators: "0", "340282366920938463463374607431768211455".
std::string to_decimal(Count128 value);

class Count128 {
 public:
  constexpr Count128() = default;

  template <CountInteger T>
  constexpr Count128(T value)  // NOLINT(google-explicit-constructor): counts are integers
      : value_(static_cast<UInt128>(value)) {
    if (count128_detail::is_negative(value))
      throw std::out_of_range("dlx::Count128: a count cannot be negative");
  }

  // The whole value, for arithmetic this type does not offer.
  [[nodiscard]] constexpr UInt128 value() const { return value_; }
  [[nodiscard]] constexpr std::uint64_t low64() const { return static_cast<std::uint64_t>(value_); }
  [[nodiscard]] constexpr std::uint64_t high64() const { return static_cast<std::uint64_t>(value_ >> 64); }
  [[nodiscard]] constexpr bool fits_u64() const { return (value_ >> 64) == 0; }
  // The value when it fits in 64 bits, else nothing.
  [[nodiscard]] constexpr std::optional<std::uint64_t> to_u64() const {
    if (!fits_u64()) return std::nullopt;
    return low64();
  }

  constexpr explicit operator bool() const { return value_ != 0; }
  // The value in T, or std::overflow_error when it is past T's maximum.
  template <CountInteger T>
  constexpr explicit operator T() const {
    if (value_ > count128_detail::max_of<T>())
      throw std::overflow_error("dlx::Count128: the count does not fit in the type");
    return static_cast<T>(value_);
  }
  template <std::floating_point F>
  constexpr explicit operator F() const {
    return static_cast<F>(value_);
  }

  friend constexpr bool operator==(Count128 a, Count128 b) { return a.value_ == b.value_; }
  // The four relations spelled out (not rewritten from <=>), so that each is one 128-bit comparison.
  friend constexpr bool operator<(Count128 a, Count128 b) { return a.value_ < b.value_; }
  friend constexpr bool operator>(Count128 a, Count128 b) { return a.value_ > b.value_; }
  friend constexpr bool operator<=(Count128 a, Count128 b) { return a.value_ <= b.value_; }
  friend constexpr bool operator>=(Count128 a, Count128 b) { return a.value_ >= b.value_; }
  friend constexpr std::strong_ordering operator<=>(Count128 a, Count128 b) {
    return count128_detail::order(a.value_, b.value_);
  }
  template <CountInteger T>
  friend constexpr bool operator==(Count128 a, T b) {
    return !count128_detail::is_negative(b) && a.value_ == static_cast<UInt128>(b);
  }
  template <CountInteger T>
  friend constexpr std::strong_ordering operator<=>(Count128 a, T b) {
    if (count128_detail::is_negative(b)) return std::strong_ordering::greater;
    return count128_detail::order(a.value_, static_cast<UInt128>(b));
  }

  friend constexpr Count128 operator+(Count128 a, Count128 b) { return Count128(a.value_ + b.value_); }
  friend constexpr Count128 operator-(Count128 a, Count128 b) { return Count128(a.value_ - b.value_); }
  friend constexpr Count128 operator*(Count128 a, Count128 b) { return Count128(a.value_ * b.value_); }
  friend constexpr Count128 operator/(Count128 a, Count128 b) { return Count128(a.value_ / b.value_); }
  friend constexpr Count128 operator%(Count128 a, Count128 b) { return Count128(a.value_ % b.value_); }
  friend constexpr Count128 operator&(Count128 a, Count128 b) { return Count128(a.value_ & b.value_); }
  friend constexpr Count128 operator|(Count128 a, Count128 b) { return Count128(a.value_ | b.value_); }
  friend constexpr Count128 operator^(Count128 a, Count128 b) { return Count128(a.value_ ^ b.value_); }
  friend constexpr Count128 operator~(Count128 a) { return Count128(~a.value_); }
  // Shifts by 0 to 127 bits, as for the built-in type.
  template <CountInteger T>
  friend constexpr Count128 operator<<(Count128 a, T bits) {
    return Count128(a.value_ << bits);
  }
  template <CountInteger T>
  friend constexpr Count128 operator>>(Count128 a, T bits) {
    return Count128(a.value_ >> bits);
  }

  // The value as an integer of the stream's base (std::dec, std::hex, std::oct, with std::showbase and
  // std::uppercase), padded to its width with its fill as unsigned long long would be.
  friend std::ostream& operator<<(std::ostream& out, Count128 value);
  // The decimal digits, for `using std::to_string; to_string(count)`.
  friend std::string to_string(Count128 value) { return to_decimal(value); }

  constexpr Count128& operator+=(Count128 b) { return *this = *this + b; }
  constexpr Count128& operator-=(Count128 b) { return *this = *this - b; }
  constexpr Count128& operator*=(Count128 b) { return *this = *this * b; }
  constexpr Count128& operator/=(Count128 b) { return *this = *this / b; }
  constexpr Count128& operator%=(Count128 b) { return *this = *this % b; }
  constexpr Count128& operator&=(Count128 b) { return *this = *this & b; }
  constexpr Count128& operator|=(Count128 b) { return *this = *this | b; }
  constexpr Count128& operator^=(Count128 b) { return *this = *this ^ b; }
  template <CountInteger T>
  constexpr Count128& operator<<=(T bits) {
    return *this = *this << bits;
  }
  template <CountInteger T>
  constexpr Count128& operator>>=(T bits) {
    return *this = *this >> bits;
  }
  constexpr Count128& operator++() { return *this += 1U; }
  constexpr Count128& operator--() { return *this -= 1U; }
  constexpr Count128 operator++(int) {
    const Count128 before = *this;
    ++*this;
    return before;
  }
  constexpr Count128 operator--(int) {
    const Count128 before = *this;
    --*this;
    return before;
  }

 private:
  UInt128 value_ = 0;
};

static_assert(sizeof(Count128) == 16 && std::is_trivially_copyable_v<Count128>);

inline constexpr Count128 kCount128Max = ~Count128{0};

// a + b, or kCount128Max (and overflow set) when the sum does not fit.
constexpr Count128 saturating_add(Count128 a, Count128 b, bool& overflow) {
  UInt128 sum = 0;
  if (__builtin_add_overflow(a.value(), b.value(), &sum)) {
    overflow = true;
    return kCount128Max;
  }
  return sum;
}

// The value of a whole decimal number (digits only), or nothing when the text is empty, has another character
// or is past 2^128 - 1.
std::optional<Count128> parse_decimal(std::string_view text);

}  // namespace dlx

#if defined(__cpp_lib_format) && __has_include(<format>)
// std::format("{}", count): the decimal digits, with the fill, alignment and width of a string ("{:>40}").
template <>
struct std::formatter<dlx::Count128, char> : std::formatter<std::string_view, char> {
  template <class FormatContext>
  auto format(dlx::Count128 value, FormatContext& context) const {
    return std::formatter<std::string_view, char>::format(dlx::to_decimal(value), context);
  }
};
#endif
