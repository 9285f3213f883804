#!/usr/bin/env bash
# usage: isa_test.sh PROGRAM...: in programs built with the AVX2 (and AVX-512) copies of the engines
# (src/dlx/engine/isa.hpp), no C++ function that the portable code can call holds an AVX, AVX2, AVX-512 or BMI
# instruction, and every function cmake/isa_private.cmake renamed is defined. Such a function would be
# an inline function or template instantiation of the AVX2 objects that the linker kept for every caller, and
# would crash a processor without AVX2. The functions checked: every global or weak C++ function (T, W) but the
# copies' own (whose names have dlx::detail::avx2 or dlx::detail::avx512 in them, or renamed NAME.dlx_avx2 or
# NAME.dlx_avx512 by cmake/isa_private.cmake). Local
# functions are private to their object, so an AVX2 object's own (clones, [clone .cold]) are left out.
set -euo pipefail
status=0
for program in "$@"; do
  globals=$(mktemp)
  nm --defined-only "$program" |
    awk '$2 ~ /^[TW]$/ && $3 ~ /^_Z/ && $3 !~ /\.dlx_avx(2|512)$/ && $3 !~ /(4avx2|6avx512)/ { print $3 }' | sort -u >"$globals"
  if [ ! -s "$globals" ]; then
    echo "isa_test: $program: no C++ functions found (stripped?)" >&2
    status=1
  fi
  # objdump prints each function as "ADDRESS <NAME>:", then one instruction per line (address, tab, mnemonic).
  if ! objdump -d --no-show-raw-insn "$program" | awk -v list="$globals" -v program="$program" '
    BEGIN { while ((getline name < list) > 0) portable[name] = 1 }
    /^[0-9a-f]+ <.*>:$/ { name = substr($2, 2, length($2) - 3); check = (name in portable); next }
    check && /%[yz]mm|\t(v[a-z0-9]+|andn|bextr|blsi|blsmsk|blsr|lzcnt|shlx|shrx|sarx|rorx|pdep|pext|mulx|bzhi)[ \t]/ {
      print program ": " name " (portable) has an AVX2-build instruction:" $0; bad++
    }
    END { exit bad > 0 }' >&2; then
    status=1
  fi
  rm -f "$globals"
  # Every renamed function is defined: one left undefined (weak, so the link passes) is a copy whose COMDAT group
  # the linker dropped for the portable one of the same name, and a call through it jumps to address 0.
  undefined=$(nm "$program" | awk '$1 ~ /^[wUv]$/ && $2 ~ /\.dlx_avx(2|512)$/ { print $2 }' | tr '\n' ' ')
  if [ -n "$undefined" ]; then
    echo "isa_test: $program: renamed functions left undefined: $undefined" >&2
    status=1
  fi
done
[ "$status" = 0 ] && echo "isa_test: the portable code of $# programs has no AVX or BMI instructions"
exit "$status"
