#include "dlx/vector_copy.hpp"

#include <cstdlib>

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__)) && \
    !defined(__EMSCRIPTEN__)
#define DLX_VECTOR_COPY_X86 1
#include <cpuid.h>
#endif

namespace dlx {

const char* vector_copy_name(VectorCopy copy) {
  switch (copy) {
    case VectorCopy::avx512:
      return "avx512";
    case VectorCopy::avx2:
      return "avx2";
    default:
      return "portable";
  }
}

VectorUnits this_processor() {
  static const VectorUnits units = [] {
    VectorUnits u;
#if defined(DLX_VECTOR_COPY_X86)
    // __builtin_cpu_supports also asks the operating system whether it saves the wide registers.
    u.avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
             __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt");
    u.avx512 = u.avx2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
               __builtin_cpu_supports("avx512vl");
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    if (u.avx512 && __builtin_cpu_is("amd") && __get_cpuid(1, &eax, &ebx, &ecx, &edx) != 0) {
      // The family as the manuals define it: the base field, plus the extended one when the base is 0Fh.
      const unsigned base = (eax >> 8) & 0xfu;
      const unsigned family = base == 0xfu ? base + ((eax >> 20) & 0xffu) : base;
      u.split_512 = family == 0x19u;  // Zen 4; Zen 5 (1Ah) has full-width units
    }
#endif
    return u;
  }();
  return units;
}

VectorCopy choose_vector_copy(VectorCopy widest, bool gains_when_split, const VectorUnits& units,
                              std::string_view asked) {
  VectorCopy want = VectorCopy::avx512;
  if (asked == "portable") {
    want = VectorCopy::portable;
  } else if (asked == "avx2") {
    want = VectorCopy::avx2;
  } else if (asked != "avx512" && units.split_512 && !gains_when_split) {
    want = VectorCopy::avx2;
  }
  if (widest < want) want = widest;
  if (want == VectorCopy::avx512 && !units.avx512) want = VectorCopy::avx2;
  if (want == VectorCopy::avx2 && !units.avx2) want = VectorCopy::portable;
  return want;
}

VectorCopy vector_copy(VectorCopy widest, bool gains_when_split) {
  static const char* const asked = std::getenv("DLX_ISA");
  return choose_vector_copy(widest, gains_when_split, this_processor(), asked != nullptr ? asked : "");
}

}  // namespace dlx
