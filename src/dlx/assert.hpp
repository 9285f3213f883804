// DLX_ASSERT(condition): a precondition of the library's hot paths (an index in range, a counter that cannot go
// below zero, an option that must still be possible), checked wherever the engines' invariant checks are
// compiled in (DLX_CHECK_INVARIANTS: Debug, sanitizer and fuzz builds; cmake/invariants.cmake) and free
// elsewhere. A failure is a bug in the library, never bad input: it names the file, line and condition on
// stderr and aborts, so that a sanitizer or a debugger stops right there. Internal header, not installed.
#pragma once

#include <cstdio>
#include <cstdlib>

namespace dlx::detail {

[[noreturn]] inline void assert_failed(const char* condition, const char* file, int line) {
  std::fprintf(stderr, "%s:%d: dlx internal check failed: %s\n", file, line, condition);
  std::abort();
}

}  // namespace dlx::detail

#ifdef DLX_CHECK_INVARIANTS
#define DLX_ASSERT(condition) \
  ((condition) ? static_cast<void>(0) : ::dlx::detail::assert_failed(#condition, __FILE__, __LINE__))
#else
#define DLX_ASSERT(condition) static_cast<void>(0)
#endif
