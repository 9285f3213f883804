# Makes the objects of one instruction set's copy of the engines private (see src/dlx/engine/isa.hpp):
#
#   cmake -DNM=nm -DOBJCOPY=objcopy -DINPUTS="a.o|b.o" -DOUTPUT_DIR=dir -DISA=avx2 -P cmake/isa_private.cmake
#
# Each input a.o becomes dir/a.ISA.o, in which every weak C++ symbol it defines (inline functions, template
# instantiations: what the portable objects may define alike) is renamed NAME.dlx_ISA, its references and COMDAT
# group with it (a constructor's or destructor's group by its C5/D5 name). The linker then keeps both copies
# instead of picking one for all callers, and the portable code never calls an ISA function. Every other C++
# symbol an input defines must be the copy's own (in namespace dlx::detail::ISA): anything else would be shared
# with the portable build, so it stops the build.
foreach(var NM OBJCOPY INPUTS OUTPUT_DIR ISA)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "isa_private.cmake: ${var} is not set")
  endif()
endforeach()
string(LENGTH "${ISA}" isa_length)
set(own "3dlx6detail${isa_length}${ISA}")  # the namespace dlx::detail::ISA, as mangled names spell it
file(MAKE_DIRECTORY "${OUTPUT_DIR}")
string(REPLACE "|" ";" INPUTS "${INPUTS}")
foreach(input IN LISTS INPUTS)
  get_filename_component(name "${input}" NAME_WE)
  set(output "${OUTPUT_DIR}/${name}.${ISA}.o")
  execute_process(COMMAND "${NM}" --defined-only "${input}" OUTPUT_VARIABLE listing RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "isa_private.cmake: ${NM} failed on ${input}")
  endif()
  string(REPLACE "\n" ";" lines "${listing}")
  set(renames "")
  set(shared "")
  foreach(line IN LISTS lines)
    if(NOT line MATCHES "^[0-9a-fA-F]* *([A-Za-z]) (_Z[^ ]*)$")
      continue()  # not a C++ symbol (the sanitizers' and the unwinder's own are left alone)
    endif()
    set(type "${CMAKE_MATCH_1}")
    set(symbol "${CMAKE_MATCH_2}")
    if(type MATCHES "^[WVu]$")
      string(APPEND renames "${symbol} ${symbol}.dlx_${ISA}\n")
    elseif(type STREQUAL "n")
      # The COMDAT groups of constructors and destructors are named by a local symbol of their own (C5, D5), not
      # by the weak symbols they hold: renamed too, or the linker would keep the portable object's group of that
      # name and drop this one, leaving the renamed weak symbols undefined (a call through them jumps to 0).
      string(APPEND renames "${symbol} ${symbol}.dlx_${ISA}\n")
    elseif(type MATCHES "^[A-Z]$" AND NOT symbol MATCHES "${own}")
      list(APPEND shared "${symbol}")  # global (upper case; the local ones are lower case) and not the copy's
    endif()
  endforeach()
  if(shared)
    message(FATAL_ERROR "isa_private.cmake: ${input} defines symbols outside dlx::detail::${ISA}, which the "
                        "portable build would share: ${shared}")
  endif()
  file(WRITE "${output}.renames" "${renames}")
  execute_process(COMMAND "${OBJCOPY}" "--redefine-syms=${output}.renames" "${input}" "${output}"
                  RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "isa_private.cmake: ${OBJCOPY} failed on ${input}")
  endif()
endforeach()
