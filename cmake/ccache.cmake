# Compiles through a compiler cache where Debian's ccache is installed (never required): the test command
# builds the same sources in several configurations, and a rebuild of any of them, or a fresh clone built
# again on the same machine, recompiles only what changed. Paths are taken relative to the source tree
# (CCACHE_BASEDIR, and the working folder left out of the hash), so that a clone in another folder finds what an
# earlier one compiled. Only as the top-level project, and not where a launcher is already chosen.
# Emscripten's em++ is a script that ccache does not know; it runs clang through the program named by
# EM_COMPILER_WRAPPER, so there ccache wraps the clang underneath, which it knows.
option(DLX_CCACHE "Compile through ccache when it is installed" ${PROJECT_IS_TOP_LEVEL})
if(DLX_CCACHE AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
  find_program(DLX_CCACHE_PROGRAM ccache)
  if(DLX_CCACHE_PROGRAM)
    set(dlx_launcher ${CMAKE_COMMAND} -E env CCACHE_BASEDIR=${PROJECT_SOURCE_DIR} CCACHE_NOHASHDIR=true)
    if(EMSCRIPTEN)
      list(APPEND dlx_launcher EM_COMPILER_WRAPPER=${DLX_CCACHE_PROGRAM})
    else()
      list(APPEND dlx_launcher ${DLX_CCACHE_PROGRAM})
    endif()
    set(CMAKE_CXX_COMPILER_LAUNCHER ${dlx_launcher})
    set(CMAKE_C_COMPILER_LAUNCHER ${dlx_launcher})
  endif()
endif()
