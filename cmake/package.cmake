# Installing and exporting: `cmake --install BUILD --prefix P` puts the commands in P/bin (the examples as
# dlx-queens, dlx-langford, dlx-polyomino, dlx-macmahon, so that no name clashes with another package's), the
# libraries in P/lib (libdlx, libdlx-sudoku), the public headers in P/include/dlx (the adapter's in
# P/include/dlx/sudoku, its old header names in P/include/dlx/compat), the CMake package (dlx::dlx,
# dlx::sudoku; find_package(dlx CONFIG)) in P/lib/cmake/dlx, pkg-config files dlx.pc and dlx-sudoku.pc, and the
# man pages of every installed command (made from their --help by help2man, when it is installed). The build tree is
# exported too: find_package(dlx CONFIG) works with -Ddlx_DIR=BUILD.
include(CMakePackageConfigHelpers)
set(DLX_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/dlx)

install(TARGETS dlx sudoku EXPORT dlxTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT dlxTargets NAMESPACE dlx:: DESTINATION ${DLX_CMAKE_DIR})
export(EXPORT dlxTargets NAMESPACE dlx:: FILE ${PROJECT_BINARY_DIR}/dlxTargets.cmake)

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/dlxConfig.cmake.in ${PROJECT_BINARY_DIR}/dlxConfig.cmake
                              INSTALL_DESTINATION ${DLX_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/dlxConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/dlxConfig.cmake ${PROJECT_BINARY_DIR}/dlxConfigVersion.cmake
        DESTINATION ${DLX_CMAKE_DIR})

# From <prefix>/<libdir>/pkgconfig back to <prefix>: one ".." per part of the libdir, and one for pkgconfig.
string(REGEX REPLACE "[^/]+" ".." DLX_PC_UP "${CMAKE_INSTALL_LIBDIR}/pkgconfig")
foreach(pc dlx dlx-sudoku)
  configure_file(${PROJECT_SOURCE_DIR}/cmake/${pc}.pc.in ${PROJECT_BINARY_DIR}/${pc}.pc @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/${pc}.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endforeach()

foreach(command dlx_app sudoku_app dlx_mpi)
  if(TARGET ${command})
    install(TARGETS ${command} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  endif()
endforeach()
if(DLX_BUILD_EXAMPLES)
  foreach(example queens langford polyomino macmahon)
    if(TARGET examples_${example})
      install(PROGRAMS $<TARGET_FILE:examples_${example}> DESTINATION ${CMAKE_INSTALL_BINDIR} RENAME dlx-${example})
    endif()
  endforeach()
endif()
