# Strict warnings for the project's own targets: call dlx_project_target(target).
function(dlx_project_target target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    # GCC 12 reports impossible overlaps in std::string concatenation at -O3 (GCC bug 105329).
    target_compile_options(${target} PRIVATE -Wno-restrict)
  endif()
  if(DLX_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
