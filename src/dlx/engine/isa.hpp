// Which instruction set an engine's translation unit is compiled for (internal header).
//
// The bitset and mask engines are compiled three times on x86-64 (src/dlx/CMakeLists.txt): once portably (SSE2
// and POPCNT), once with AVX2, BMI1 and BMI2 and DLX_ISA_AVX2 defined, and once more with AVX-512 (F, BW, VL) on
// top of those and DLX_ISA_AVX512 defined. select.cpp picks the copy at run time (dlx::detail::engine_isa()). The copies must share no code, or a processor without AVX2 could end up running
// an AVX2 function:
// - everything the engines' files define goes in namespace dlx::detail::avx2 (dlx::detail::avx512) in the AVX2
//   (AVX-512) copy (these macros), so their own symbols differ;
// - what the copies still define alike, inline functions and template instantiations from the headers
//   (std::vector's members, the Engine base class), the build renames in the AVX2 and AVX-512 objects before
//   linking (cmake/isa_private.cmake), so that the linker never picks a wider copy of a shared inline function.
#pragma once

#if defined(DLX_ISA_AVX512)
#define DLX_ISA_BEGIN namespace avx512 {
#define DLX_ISA_END }
#elif defined(DLX_ISA_AVX2)
#define DLX_ISA_BEGIN namespace avx2 {
#define DLX_ISA_END }
#else
#define DLX_ISA_BEGIN
#define DLX_ISA_END
#endif
