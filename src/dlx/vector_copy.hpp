// Which copy of a vector kernel runs. The bitset and mask engines (src/dlx/engine/isa.hpp) and the Sudoku band
// solver (src/sudoku/model/band_solver.cpp) are each compiled more than once, for instruction sets of different
// widths; every one of them asks this one function which copy the process runs, so that the environment variable
// DLX_ISA and the processor's facts are read in one place and by one rule.
#pragma once

#include <string_view>

namespace dlx {

// The copies, narrowest first.
enum class VectorCopy {
  portable,  // the build's baseline (x86-64: SSE2 and POPCNT where the engines ask for them)
  avx2,      // AVX2, BMI1, BMI2 and POPCNT
  avx512,    // those and AVX-512 F, BW and VL
};

// "portable", "avx2" or "avx512".
const char* vector_copy_name(VectorCopy copy);

// What the processor runs, as far as the copies care.
struct VectorUnits {
  bool avx2 = false;    // AVX2, BMI1, BMI2 and POPCNT
  bool avx512 = false;  // AVX-512 F, BW and VL, besides all of the above
  // 512-bit operations run as two 256-bit halves (AMD family 19h, Zen 4): the AVX-512 copy then gains only where
  // its instructions do more than the AVX2 ones, not where it merely runs wider.
  bool split_512 = false;
};

// This processor's (CPUID, read once); all false off x86-64.
VectorUnits this_processor();

// The rule, for a kernel whose build has copies up to `widest`:
// - `asked` names a copy ("portable", "avx2", "avx512"; DLX_ISA): that copy, or the widest narrower one that both
//   the build and the processor have;
// - otherwise (empty or any other text) the widest copy that the build and the processor have, except that where
//   512-bit operations are split (`split_512`) the AVX-512 copy runs only for a kernel that `gains_when_split`
//   (measured so: the band solver; the engines are not: bench/README.md, "Instruction-set copies").
VectorCopy choose_vector_copy(VectorCopy widest, bool gains_when_split, const VectorUnits& units,
                              std::string_view asked);

// The same for this process: this_processor(), and DLX_ISA from the environment (read once).
VectorCopy vector_copy(VectorCopy widest, bool gains_when_split);

}  // namespace dlx
