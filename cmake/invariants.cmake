# dlx_invariant_checks(target): DLX_CHECK_INVARIANTS for the target's own sources, which compiles in its invariant
# checks and DLX_ASSERT (src/dlx/assert.hpp) in Debug, sanitizer and fuzz builds: a branch per node or per step
# that a Release build should not pay for. Private, so that a program using the libraries is not affected.
function(dlx_invariant_checks target)
  if(DLX_SANITIZE OR DLX_TSAN OR DLX_BUILD_FUZZ)
    target_compile_definitions(${target} PRIVATE DLX_CHECK_INVARIANTS)
  else()
    target_compile_definitions(${target} PRIVATE $<$<CONFIG:Debug>:DLX_CHECK_INVARIANTS>)
  endif()
endfunction()
