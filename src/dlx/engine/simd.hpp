// Whether the engines use SSE2 vectors: the one switch between the vector code and its scalar twin (internal
// header). Every `#if DLX_SSE2` block of the engines has an `#else` doing the same in plain C++, or falls through
// to a plain loop that gives the same answer, which is what other processors run. A build with
// -DDLX_SCALAR=ON (CMake) compiles the scalar paths on x86 too, and scripts/test.sh runs the engine tests in
// such a build, so that the scalar code cannot rot unseen.
#pragma once

#if defined(__SSE2__) && !defined(DLX_SCALAR)
#define DLX_SSE2 1
#include <emmintrin.h>
#if defined(__AVX2__)
#include <immintrin.h>  // the AVX2 and AVX-512 copies of the engines (isa.hpp)
#endif
#else
#define DLX_SSE2 0
#endif
