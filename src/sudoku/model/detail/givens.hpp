// The cells of a board that hold a value, found 64 at a time: how the solvers load a puzzle's givens (17-35
// of a 9x9 board's 81 cells) and how the band solver checks them, with a branch per 64 cells and per given
// rather than per cell or per eight cells, whose varying counts the processor mispredicts.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace sudoku::detail {

// Bit i: whether values[i] is nonzero, for i < count <= 64. Eight cells at a time: the high bit of each byte
// of `flags` says whether that byte is nonzero (its low seven bits plus 0x7F carry into it when any is set),
// and a multiplication gathers the eight high bits into the top byte (byte k to bit 56 + k; no two of the
// products' bits meet, so nothing carries). Reads no byte at or past values[count].
[[gnu::always_inline]] inline std::uint64_t given_bits(const std::uint8_t* values, std::size_t count) {
  constexpr std::uint64_t kLow = 0x7F7F7F7F7F7F7F7F, kHigh = 0x8080808080808080, kGather = 0x0102040810204080;
  std::uint64_t bits = 0;
  std::size_t cell = 0;
  if constexpr (std::endian::native == std::endian::little) {
    for (; cell + 8 <= count; cell += 8) {
      std::uint64_t word;
      std::memcpy(&word, values + cell, sizeof word);
      const std::uint64_t flags = (((word & kLow) + kLow) | word) & kHigh;
      bits |= ((flags >> 7) * kGather >> 56) << cell;
    }
  }
  for (; cell < count; ++cell) bits |= static_cast<std::uint64_t>(values[cell] != 0) << cell;
  return bits;
}

// Calls visit(cell) for each cell of values[0, cells) that holds a value, in order. Always inlined: the band
// solver's copies for each instruction set (band_kernel.inc) share no code.
template <class Visit>
[[gnu::always_inline]] inline void for_each_given(const std::uint8_t* values, std::size_t cells,
                                                  Visit&& visit) {
  for (std::size_t base = 0; base < cells; base += 64) {
    const std::size_t count = cells - base < 64 ? cells - base : 64;
    for (std::uint64_t bits = given_bits(values + base, count); bits != 0; bits &= bits - 1)
      visit(base + static_cast<std::size_t>(std::countr_zero(bits)));
  }
}

}  // namespace sudoku::detail
