# The command-line tools start in about half the time with the C++ runtime and Boost.Program_options linked in
# statically (no symbol binding for libstdc++ and Boost at start-up): it shows when one process solves one puzzle
# or a short file. Left out of sanitizer builds, whose runtimes expect the shared libraries.
option(DLX_STATIC_RUNTIME "Link libstdc++, libgcc and Boost.Program_options statically into the commands" ON)
if(DLX_SANITIZE OR DLX_TSAN OR DLX_BUILD_FUZZ OR NOT CMAKE_SYSTEM_NAME STREQUAL "Linux")
  set(DLX_STATIC_RUNTIME OFF)
endif()
if(DLX_STATIC_RUNTIME)
  set(Boost_USE_STATIC_LIBS ON)
endif()

# dlx_static_runtime(target): what DLX_STATIC_RUNTIME says, for one command.
function(dlx_static_runtime target)
  if(DLX_STATIC_RUNTIME)
    target_link_options(${target} PRIVATE -static-libstdc++ -static-libgcc)
  endif()
endfunction()
