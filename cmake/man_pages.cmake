# Man pages from --help (Debian's help2man), one per installed command, named as installed (the examples as
# dlx-queens...). The version is given, not read from --version, whose second line (the engines' instruction set)
# depends on the machine. help2man names the page after the program it runs, so the examples run through a
# link of their installed name. Open MPI starts a singleton for `dlx-mpi --help`; as root it needs leave to.
# tests/package/man_test.sh checks that every installed command has a page that lists every option of --help.
find_program(HELP2MAN help2man)
if(HELP2MAN AND DLX_BUILD_APPS)
  set(DLX_MAN_PAGES)
  set(man_commands
      "dlx_app\;dlx\;solve exact-cover problems in Knuth's DLX format"
      "sudoku_app\;sudoku\;solve, count, check, generate and rate Sudoku puzzles"
      "dlx_mpi\;dlx-mpi\;count exact-cover solutions on many processes with MPI")
  if(DLX_BUILD_EXAMPLES)
    list(APPEND man_commands
         "examples_queens\;dlx-queens\;the N queens problem as exact cover"
         "examples_langford\;dlx-langford\;Langford pairs as exact cover"
         "examples_polyomino\;dlx-polyomino\;polyomino tilings as exact cover"
         "examples_macmahon\;dlx-macmahon\;MacMahon's three-colored squares as exact cover with colors")
  endif()
  foreach(entry IN LISTS man_commands)
    list(GET entry 0 target)
    list(GET entry 1 name)
    list(GET entry 2 summary)
    if(NOT TARGET ${target})
      continue()
    endif()
    set(page ${PROJECT_BINARY_DIR}/man/${name}.1)
    add_custom_command(OUTPUT ${page}
                       COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/man/bin
                       COMMAND ${CMAKE_COMMAND} -E create_symlink $<TARGET_FILE:${target}>
                               ${PROJECT_BINARY_DIR}/man/bin/${name}
                       COMMAND ${CMAKE_COMMAND} -E env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
                               ${HELP2MAN} --no-info --name=${summary}
                               --version-string=${PROJECT_VERSION} --output=${page}
                               ${PROJECT_BINARY_DIR}/man/bin/${name}
                       DEPENDS ${target} VERBATIM)
    list(APPEND DLX_MAN_PAGES ${page})
  endforeach()
  add_custom_target(man_pages ALL DEPENDS ${DLX_MAN_PAGES})
  if(DLX_INSTALL)
    install(FILES ${DLX_MAN_PAGES} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
  endif()
endif()
