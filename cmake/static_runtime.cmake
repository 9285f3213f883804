# The command-line tools start in less than half the time when linked statically (no loading and symbol binding
# of libstdc++, Boost.Program_options and glibc at start-up): it shows when one process solves one puzzle or a
# short file (sudoku, one puzzle, perf stat -r 40: 4.4 ms shared, 2.4 ms static). The static libraries come
# from the same Debian packages. Off in sanitizer and fuzzing builds, whose runtimes expect shared libraries;
# turn it off (-DDLX_STATIC_RUNTIME=OFF) to run the commands under valgrind's memcheck, which cannot watch the
# allocator of a static program.
option(DLX_STATIC_RUNTIME "Link the dlx and sudoku commands statically" ON)
# Nor with shared libraries (a static program cannot load libdlx.so), nor with sanitizers given by hand in
# CMAKE_CXX_FLAGS.
if(DLX_SANITIZE OR DLX_TSAN OR DLX_BUILD_FUZZ OR NOT CMAKE_SYSTEM_NAME STREQUAL "Linux" OR BUILD_SHARED_LIBS
   OR CMAKE_CXX_FLAGS MATCHES "-fsanitize" OR CMAKE_EXE_LINKER_FLAGS MATCHES "-fsanitize")
  set(DLX_STATIC_RUNTIME OFF)
endif()
if(DLX_STATIC_RUNTIME)
  set(Boost_USE_STATIC_LIBS ON)
endif()

# dlx_static_runtime(target): what DLX_STATIC_RUNTIME says, for one command.
function(dlx_static_runtime target)
  if(DLX_STATIC_RUNTIME)
    target_link_options(${target} PRIVATE -static)
  endif()
endfunction()
