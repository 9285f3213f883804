# Sanitizers apply to everything in the build tree, libraries included, so that
# instrumented and uninstrumented code never mix.
if(DLX_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=address,undefined)
  # Programs linked at a fixed address: a position-independent one applies hundreds of thousands of relocations
  # (UBSan's static data per check, ASan's per global) at each start, and the tests start the programs
  # thousands of times. Libraries (the Python module) stay position-independent.
  add_link_options($<$<STREQUAL:$<TARGET_PROPERTY:TYPE>,EXECUTABLE>:-no-pie>)
endif()
if(DLX_TSAN)
  add_compile_options(-fsanitize=thread -fno-omit-frame-pointer)
  add_link_options(-fsanitize=thread)
endif()
