// The library's one random generator (internal header): splitmix64 (Steele, Lea and Flood), small, fast and
// good enough for breaking ties and drawing probes; the same seed always gives the same stream.
#pragma once

#include <cstdint>

namespace dlx::detail {

inline std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

}  // namespace dlx::detail
