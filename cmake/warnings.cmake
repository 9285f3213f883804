# Strict warnings for the project's own targets: call dlx_project_target(target).
function(dlx_project_target target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion)
  if(DLX_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
