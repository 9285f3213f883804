// dlx::Count128 as a user of the library meets it: printed, formatted, compared with integers, converted where
// it fits, and computed with, at compile time as at run time.
#include <doctest/doctest.h>

#include <cstdint>
#include <iomanip>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <version>

#include "dlx/dlx.hpp"

namespace {

using dlx::Count128;
using dlx::Int128;
using dlx::UInt128;

constexpr Count128 kTwo64 = Count128{1} << 64;

// Whether Count128(V) is a constant expression: false when the constructor has to throw.
template <auto V>
concept ConstantCount = requires {
  typename std::integral_constant<bool, (Count128(V), true)>;
};

// A count as `std::cout << count` prints it, with the manipulators applied first.
template <class... Manipulators>
std::string printed(Count128 value, Manipulators... manipulators) {
  std::ostringstream out;
  ((out << manipulators), ...);
  out << value;
  return out.str();
}

template <class... Manipulators>
std::string printed_u64(std::uint64_t value, Manipulators... manipulators) {
  std::ostringstream out;
  ((out << manipulators), ...);
  out << static_cast<unsigned long long>(value);
  return out.str();
}

// Every integer type compares by value, in both orders, with == and <=> and the operators rewritten from them.
template <class T>
constexpr bool compares_with() {
  constexpr Count128 five = 5U;
  constexpr T t5 = 5, t6 = 6;
  return five == t5 && t5 == five && five != t6 && t6 != five && five < t6 && t6 > five && five <= t5 &&
         t5 >= five && (five <=> t6) == std::strong_ordering::less &&
         (t6 <=> five) == std::strong_ordering::greater;
}

}  // namespace

TEST_CASE("Count128: a value type as cheap as the built-in integer") {
  static_assert(sizeof(Count128) == sizeof(UInt128) && alignof(Count128) == alignof(UInt128));
  static_assert(std::is_trivially_copyable_v<Count128>);
  // Implicit from integers, explicit to them: a count is never cut down without the caller asking.
  static_assert(std::is_convertible_v<unsigned, Count128> && std::is_convertible_v<std::uint64_t, Count128>);
  static_assert(std::is_convertible_v<int, Count128> && std::is_convertible_v<UInt128, Count128>);
  static_assert(!std::is_convertible_v<Count128, std::uint64_t> && !std::is_convertible_v<Count128, int>);
  static_assert(std::is_constructible_v<std::uint64_t, Count128> &&
                std::is_constructible_v<double, Count128>);
  static_assert(std::is_constructible_v<UInt128, Count128> && std::is_constructible_v<std::int8_t, Count128>);
  static_assert(!std::is_convertible_v<double, Count128> && !std::is_convertible_v<bool, Count128>);
  static_assert(Count128{} == 0 && Count128{} == 0U);
  // A negative constant is a compile-time error, a negative value at run time an exception.
  static_assert(ConstantCount<7> && ConstantCount<0LL> && !ConstantCount<-1> && !ConstantCount<-1LL>);
  volatile int negative = -1;
  CHECK_THROWS_AS(Count128{negative}, std::out_of_range);
  CHECK_THROWS_WITH_AS(Count128(std::int64_t{negative}), "dlx::Count128: a count cannot be negative",
                       std::out_of_range);
  CHECK(Count128(std::int64_t{negative} + 1) == 0);
}

TEST_CASE("Count128: compares with every integer type, signed ones by value") {
  static_assert(compares_with<int>() && compares_with<unsigned>() && compares_with<std::int64_t>());
  static_assert(compares_with<std::uint64_t>() && compares_with<Int128>() && compares_with<UInt128>());
  static_assert(compares_with<short>() && compares_with<unsigned char>() && compares_with<long long>());
  static_assert(compares_with<Count128>());
  // A negative number is below every count, where converting it to unsigned would have put it above.
  static_assert(Count128{0} > -1 && -1 < Count128{0} && Count128{0} != -1 && dlx::kCount128Max != -1);
  static_assert(dlx::kCount128Max > Int128{-1} &&
                dlx::kCount128Max > std::numeric_limits<std::int64_t>::min());
  static_assert(kTwo64 > UINT64_MAX && UINT64_MAX < kTwo64 && kTwo64 - 1 == UINT64_MAX);
  static_assert(dlx::kCount128Max == ~UInt128{0} && dlx::kCount128Max > (~UInt128{0} >> 1));
  const std::uint64_t big = UINT64_MAX;
  const long small = 3;
  CHECK(Count128{big} == big);
  CHECK(Count128{big} > small);
  CHECK_FALSE(Count128{small} == big);
}

TEST_CASE("Count128: arithmetic of unsigned integers, at compile time and run time") {
  static_assert(Count128{7} + 5 == 12 && 5 + Count128{7} == 12 && Count128{7} - 5 == 2 &&
                Count128{7} * 6 == 42);
  static_assert(Count128{43} / 6 == 7 && Count128{43} % 6 == 1 && (Count128{12} & 10) == 8);
  static_assert((Count128{12} | 3) == 15 && (Count128{12} ^ 4) == 8 && (kTwo64 >> 64) == 1 &&
                ~Count128{0} == dlx::kCount128Max);
  // Wrapping modulo 2^128, as unsigned integers do (saturating_add is the checked addition).
  static_assert(dlx::kCount128Max + 1 == 0 && Count128{0} - 1 == dlx::kCount128Max);
  static_assert(kTwo64 * kTwo64 == 0 && (kTwo64 << 63) == Count128{1} << 127);
  constexpr Count128 compound = [] {
    Count128 c = 10;
    c += 5U;
    c -= 3;
    c *= std::uint64_t{4};
    c /= 6;
    c %= 5;  // 48 / 6 % 5 = 3
    c <<= 65;
    c >>= 64;  // 6
    c |= 1;
    c ^= 4;
    c &= 7;
    ++c;
    c++;
    --c;
    return c--;  // (6 | 1) ^ 4 & 7 = 3, then 4, 5, 4: returned before the last decrement
  }();
  static_assert(compound == 4);
  Count128 total = 0;
  for (int k = 0; k < 1000; ++k) total += kTwo64;
  CHECK(total == kTwo64 * 1000);
  CHECK(total / 1000 == kTwo64);
  CHECK(dlx::to_decimal(total) == "18446744073709551616000");
  bool overflow = false;
  static_assert([] {
    bool o = false;
    return dlx::saturating_add(kTwo64, UINT64_MAX, o) == kTwo64 + UINT64_MAX && !o;
  }());
  CHECK(dlx::saturating_add(dlx::kCount128Max - 1, 1, overflow) == dlx::kCount128Max);
  CHECK_FALSE(overflow);
  CHECK(dlx::saturating_add(dlx::kCount128Max, 1, overflow) == dlx::kCount128Max);
  CHECK(overflow);
}

TEST_CASE("Count128: converts where the value fits, and says when it does not") {
  static_assert(static_cast<std::uint64_t>(Count128{UINT64_MAX}) == UINT64_MAX &&
                static_cast<int>(Count128{42}) == 42);
  static_assert(static_cast<UInt128>(dlx::kCount128Max) == ~UInt128{0} &&
                dlx::kCount128Max.value() == ~UInt128{0});
  static_assert(static_cast<Int128>(dlx::kCount128Max >> 1) == static_cast<Int128>(~UInt128{0} >> 1));
  static_assert(kTwo64.low64() == 0 && kTwo64.high64() == 1 && (kTwo64 + 9).low64() == 9);
  static_assert(Count128{UINT64_MAX}.fits_u64() && !kTwo64.fits_u64());
  static_assert(Count128{UINT64_MAX}.to_u64() == UINT64_MAX && !kTwo64.to_u64().has_value());
  static_assert(static_cast<bool>(Count128{1}) && !Count128{0});
  CHECK_THROWS_AS(static_cast<void>(static_cast<std::uint64_t>(kTwo64)), std::overflow_error);
  CHECK_THROWS_AS(static_cast<void>(static_cast<int>(Count128{std::uint64_t{1} << 31})), std::overflow_error);
  CHECK_THROWS_AS(static_cast<void>(static_cast<std::uint8_t>(Count128{256})), std::overflow_error);
  CHECK_THROWS_AS(static_cast<void>(static_cast<Int128>(dlx::kCount128Max)), std::overflow_error);
  CHECK(static_cast<std::int32_t>(Count128{INT32_MAX}) == INT32_MAX);
  CHECK(static_cast<double>(kTwo64) == 18446744073709551616.0);
  CHECK(static_cast<float>(Count128{3}) == 3.0F);
  CHECK(static_cast<double>(dlx::kCount128Max) == doctest::Approx(3.402823669209385e38));
  using std::to_string;
  CHECK(to_string(kTwo64) == "18446744073709551616");  // dlx's, found through the argument
  CHECK(to_string(5) == "5");
}

TEST_CASE("Count128: prints with << as unsigned integers do, in every base, width and fill") {
  CHECK(printed(0) == "0");
  CHECK(printed(kTwo64) == "18446744073709551616");
  CHECK(printed(dlx::kCount128Max) == "340282366920938463463374607431768211455");
  // Below 2^64 the stream prints exactly what it prints for unsigned long long.
  for (const std::uint64_t v : {std::uint64_t{0}, std::uint64_t{255}, UINT64_MAX}) {
    CHECK(printed(v, std::hex, std::showbase, std::uppercase) ==
          printed_u64(v, std::hex, std::showbase, std::uppercase));
    CHECK(printed(v, std::setw(30), std::setfill('*'), std::internal, std::hex, std::showbase) ==
          printed_u64(v, std::setw(30), std::setfill('*'), std::internal, std::hex, std::showbase));
    CHECK(printed(v, std::oct, std::showbase, std::left, std::setw(25)) ==
          printed_u64(v, std::oct, std::showbase, std::left, std::setw(25)));
  }
  // Past it, the same rules.
  CHECK(printed(kTwo64, std::hex) == "10000000000000000");
  CHECK(printed(dlx::kCount128Max, std::hex, std::uppercase, std::showbase) ==
        "0XFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF");
  CHECK(printed(kTwo64, std::oct, std::showbase) == "02000000000000000000000");
  CHECK(printed(kTwo64, std::setw(22), std::setfill('.')) == "..18446744073709551616");
  CHECK(printed(kTwo64, std::setw(22), std::left) == "18446744073709551616  ");
  CHECK(printed(kTwo64, std::setw(22), std::setfill('0'), std::internal, std::hex, std::showbase) ==
        "0x00010000000000000000");
  CHECK(printed(kTwo64, std::setw(3)) == "18446744073709551616");
  // The width applies to one item only, as for every formatted output.
  std::ostringstream out;
  out << std::setw(25) << kTwo64 << '|' << kTwo64;
  CHECK(out.str() == "     18446744073709551616|18446744073709551616");
  // doctest prints a failed comparison's values through the same operator.
  CHECK(doctest::toString(kTwo64) == "18446744073709551616");
}

#if defined(__cpp_lib_format)
TEST_CASE("Count128: formats with std::format") {
  CHECK(std::format("{}", kTwo64) == "18446744073709551616");
  CHECK(std::format("[{:>22}]", kTwo64) == "[  18446744073709551616]");
  CHECK(std::format("{}", dlx::kCount128Max) == "340282366920938463463374607431768211455");
}
#endif

TEST_CASE("Count128: the README's program prints and compares the count of a search") {
  dlx::Problem p;
  for (const auto* name : {"a", "b", "c"}) p.add_primary(name);
  p.add_option({"a", "b"});
  p.add_option({"c"});
  p.add_option({"a"});
  p.add_option({"b", "c"});
  p.add_option({"b"});
  dlx::Solver solver(p);
  const dlx::Count count = solver.count();
  std::ostringstream out;
  out << "solutions: " << count.solutions;
  CHECK(out.str() == "solutions: 3");
  CHECK(count.solutions == 3);
  CHECK(count.solutions < 4U);
  CHECK(count.solutions.to_u64() == std::uint64_t{3});
  CHECK(static_cast<std::uint64_t>(count.solutions) * 2 == 6);
}
