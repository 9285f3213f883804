// Vectors of 16-bit lanes, one type per instruction set, so that the engines' passes over their masks are
// written once, as templates over the type (tdoku's way: no intrinsics in the algorithm). Internal header.
//
//   Lanes8    SSE2, 8 lanes (one __m128i); built where DLX_SSE2 (simd.hpp)
//   Lanes16   AVX2, 16 lanes (one __m256i); built in the engines' AVX2 and AVX-512 copies only (isa.hpp)
//   Lanes32   AVX-512 (BW), 32 lanes (one __m512i); built in the engines' AVX-512 copy only
//   Scalar8   plain C++, 8 lanes: what other processors run, and the DLX_SCALAR build on x86
//
// Narrow is the 8-lane type of the build and Wide its widest: a pass runs Wide while a whole vector is left,
// then Narrow for the rest (the engines' tables come in multiples of 8 masks). Every type has the same
// operations; lanes() gives two bits per lane (lane l at bits 2l and 2l + 1, as SSE2's byte mask does), set
// where the lane is all ones, and kLaneBits are its even bits (one per lane); ones() has every bit set, splat(x)
// x in every lane. Bits is lanes()'s type: 32 bits up to 16 lanes, 64 for 32.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "isa.hpp"
#include "simd.hpp"

namespace dlx::detail {
DLX_ISA_BEGIN

struct Scalar8 {
  using Bits = std::uint32_t;
  static constexpr std::size_t kLanes = 8;
  static constexpr Bits kLaneBits = 0x5555u;
  std::uint16_t v[kLanes];

  static Scalar8 load(const std::uint16_t* p) {
    Scalar8 r;
    for (std::size_t l = 0; l < kLanes; ++l) r.v[l] = p[l];
    return r;
  }
  void store(std::uint16_t* p) const {
    for (std::size_t l = 0; l < kLanes; ++l) p[l] = v[l];
  }
  friend Scalar8 operator&(const Scalar8& a, const Scalar8& b) {
    Scalar8 r;
    for (std::size_t l = 0; l < kLanes; ++l) r.v[l] = static_cast<std::uint16_t>(a.v[l] & b.v[l]);
    return r;
  }
  friend Scalar8 operator|(const Scalar8& a, const Scalar8& b) {
    Scalar8 r;
    for (std::size_t l = 0; l < kLanes; ++l) r.v[l] = static_cast<std::uint16_t>(a.v[l] | b.v[l]);
    return r;
  }
  // this & ~b
  Scalar8 and_not(const Scalar8& b) const {
    Scalar8 r;
    for (std::size_t l = 0; l < kLanes; ++l) r.v[l] = static_cast<std::uint16_t>(v[l] & ~b.v[l]);
    return r;
  }
  // Each lane without its lowest set bit.
  Scalar8 without_lowest() const {
    Scalar8 r;
    for (std::size_t l = 0; l < kLanes; ++l) r.v[l] = static_cast<std::uint16_t>(v[l] & (v[l] - 1));
    return r;
  }
  // All ones where the lanes are equal (is_zero: where this lane is 0, all_ones: where it is all ones).
  friend Scalar8 equal(const Scalar8& a, const Scalar8& b) {
    Scalar8 r;
    for (std::size_t l = 0; l < kLanes; ++l) r.v[l] = a.v[l] == b.v[l] ? 0xFFFF : 0;
    return r;
  }
  Scalar8 is_zero() const { return equal(*this, Scalar8{}); }
  static Scalar8 ones() {
    Scalar8 r;
    for (std::size_t l = 0; l < kLanes; ++l) r.v[l] = 0xFFFF;
    return r;
  }
  Scalar8 all_ones() const { return equal(*this, ones()); }
  static Scalar8 splat(std::uint16_t x) {
    Scalar8 r;
    for (std::size_t l = 0; l < kLanes; ++l) r.v[l] = x;
    return r;
  }
  std::uint32_t lanes() const {
    std::uint32_t bits = 0;
    for (std::size_t l = 0; l < kLanes; ++l) bits |= v[l] == 0xFFFF ? 3u << (2 * l) : 0u;
    return bits;
  }
};

#if DLX_SSE2
struct Lanes8 {
  using Bits = std::uint32_t;
  static constexpr std::size_t kLanes = 8;
  static constexpr Bits kLaneBits = 0x5555u;
  __m128i v;

  static Lanes8 load(const std::uint16_t* p) {
    return {_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))};
  }
  void store(std::uint16_t* p) const { _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v); }
  friend Lanes8 operator&(Lanes8 a, Lanes8 b) { return {_mm_and_si128(a.v, b.v)}; }
  friend Lanes8 operator|(Lanes8 a, Lanes8 b) { return {_mm_or_si128(a.v, b.v)}; }
  Lanes8 and_not(Lanes8 b) const { return {_mm_andnot_si128(b.v, v)}; }
  Lanes8 without_lowest() const { return {_mm_and_si128(v, _mm_sub_epi16(v, _mm_set1_epi16(1)))}; }
  friend Lanes8 equal(Lanes8 a, Lanes8 b) { return {_mm_cmpeq_epi16(a.v, b.v)}; }
  Lanes8 is_zero() const { return {_mm_cmpeq_epi16(v, _mm_setzero_si128())}; }
  static Lanes8 ones() { return {_mm_set1_epi16(-1)}; }
  Lanes8 all_ones() const { return {_mm_cmpeq_epi16(v, _mm_set1_epi16(-1))}; }
  static Lanes8 splat(std::uint16_t x) { return {_mm_set1_epi16(static_cast<short>(x))}; }
  std::uint32_t lanes() const { return static_cast<std::uint32_t>(_mm_movemask_epi8(v)); }
};
using Narrow = Lanes8;
#else
using Narrow = Scalar8;
#endif

#if DLX_SSE2 && defined(__AVX2__)
struct Lanes16 {
  using Bits = std::uint32_t;
  static constexpr std::size_t kLanes = 16;
  static constexpr Bits kLaneBits = 0x55555555u;
  __m256i v;

  static Lanes16 load(const std::uint16_t* p) {
    return {_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p))};
  }
  void store(std::uint16_t* p) const { _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v); }
  friend Lanes16 operator&(Lanes16 a, Lanes16 b) { return {_mm256_and_si256(a.v, b.v)}; }
  friend Lanes16 operator|(Lanes16 a, Lanes16 b) { return {_mm256_or_si256(a.v, b.v)}; }
  Lanes16 and_not(Lanes16 b) const { return {_mm256_andnot_si256(b.v, v)}; }
  Lanes16 without_lowest() const { return {_mm256_and_si256(v, _mm256_sub_epi16(v, _mm256_set1_epi16(1)))}; }
  friend Lanes16 equal(Lanes16 a, Lanes16 b) { return {_mm256_cmpeq_epi16(a.v, b.v)}; }
  Lanes16 is_zero() const { return {_mm256_cmpeq_epi16(v, _mm256_setzero_si256())}; }
  static Lanes16 ones() { return {_mm256_set1_epi16(-1)}; }
  Lanes16 all_ones() const { return {_mm256_cmpeq_epi16(v, _mm256_set1_epi16(-1))}; }
  static Lanes16 splat(std::uint16_t x) { return {_mm256_set1_epi16(static_cast<short>(x))}; }
  std::uint32_t lanes() const { return static_cast<std::uint32_t>(_mm256_movemask_epi8(v)); }
};
#endif

#if DLX_SSE2 && defined(__AVX512BW__) && defined(__BMI2__)
struct Lanes32 {
  using Bits = std::uint64_t;
  static constexpr std::size_t kLanes = 32;
  static constexpr Bits kLaneBits = 0x5555555555555555u;
  __m512i v;

  static Lanes32 load(const std::uint16_t* p) { return {_mm512_loadu_si512(p)}; }
  void store(std::uint16_t* p) const { _mm512_storeu_si512(p, v); }
  friend Lanes32 operator&(Lanes32 a, Lanes32 b) { return {_mm512_and_si512(a.v, b.v)}; }
  friend Lanes32 operator|(Lanes32 a, Lanes32 b) { return {_mm512_or_si512(a.v, b.v)}; }
  // The zero-masking form: gcc 12 warns that the plain one reads an uninitialized vector (its own source).
  Lanes32 and_not(Lanes32 b) const { return {_mm512_maskz_andnot_epi32(0xFFFF, b.v, v)}; }
  Lanes32 without_lowest() const { return {_mm512_and_si512(v, _mm512_sub_epi16(v, _mm512_set1_epi16(1)))}; }
  friend Lanes32 equal(Lanes32 a, Lanes32 b) {
    return {_mm512_movm_epi16(_mm512_cmpeq_epi16_mask(a.v, b.v))};
  }
  Lanes32 is_zero() const { return {_mm512_movm_epi16(_mm512_testn_epi16_mask(v, v))}; }
  static Lanes32 ones() { return {_mm512_set1_epi16(-1)}; }
  Lanes32 all_ones() const { return equal(*this, ones()); }
  static Lanes32 splat(std::uint16_t x) { return {_mm512_set1_epi16(static_cast<short>(x))}; }
  // One mask bit per lane, spread to the two bits per lane the other types give.
  Bits lanes() const { return _pdep_u64(_mm512_cmpeq_epi16_mask(v, ones().v), kLaneBits) * 3; }
};
using Wide = Lanes32;
#elif DLX_SSE2 && defined(__AVX2__)
using Wide = Lanes16;
#else
using Wide = Narrow;
#endif
// Whether Wide is wider than Narrow: a trait, not `Wide::kLanes > Narrow::kLanes`, which clang calls a
// self-comparison (-Wtautological-compare) where the two are one type.
inline constexpr bool kWideVectors = !std::is_same_v<Wide, Narrow>;

DLX_ISA_END
}  // namespace dlx::detail
