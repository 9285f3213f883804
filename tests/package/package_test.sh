#!/usr/bin/env bash
# The library taken out of the repository: install to a fresh prefix, then build and run an outside project
# against it with find_package(dlx) (static and shared libraries), pkg-config and add_subdirectory, and against
# the exported build tree; check that only public headers and the commands were installed.
# usage: package_test.sh SOURCE_DIR [BUILD_DIR]
# BUILD_DIR: a static Release build of SOURCE_DIR already made (the test command's preset release): installed
# and used as the static case instead of configuring and building the library once more.
set -u
src=$(cd "$1" && pwd)
built=
[ -n "${2:-}" ] && built=$(cd "$2" && pwd)
failures=0 checks=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
step() {  # step NAME command...: runs it, output kept in $tmp/NAME.log
  local name=$1
  shift
  checks=$((checks + 1))
  "$@" >"$tmp/$name.log" 2>&1 || { fail "$name: $(tail -n 15 "$tmp/$name.log")"; return 1; }
}
gen=()
command -v ninja >/dev/null && gen=(-G Ninja)
# What the outside project prints: counts with std::cout << (decimal, then hex past 2^64).
expected_output=$'2 1 1\ncount: 1 18446744073709551616 0x10000000000000000'
check_output() {  # check_output NAME: the run's output is the expected one
  checks=$((checks + 1))
  [ "$(cat "$tmp/$1-run.log")" = "$expected_output" ] || fail "$1: printed $(cat "$tmp/$1-run.log")"
}
consumer() {  # consumer NAME cmake-args...: configure, build and run the outside project
  local name=$1
  shift
  step "$name-configure" cmake -S "$src/tests/package/consumer" -B "$tmp/$name" "${gen[@]}" "$@" &&
    step "$name-build" cmake --build "$tmp/$name" &&
    step "$name-run" "$tmp/$name/consumer" && check_output "$name"
}

static_build=${built:-$tmp/build-static}
for kind in static shared; do
  shared=OFF
  [ "$kind" = shared ] && shared=ON
  if [ "$kind" = static ] && [ -n "$built" ]; then
    step static-install cmake --install "$built" --prefix "$tmp/prefix-static"
    consumer package-static -DCMAKE_PREFIX_PATH="$tmp/prefix-static" -DCMAKE_BUILD_RPATH="$tmp/prefix-static/lib"
    continue
  fi
  # The library alone: no commands, examples or tests, so no Boost or MPI needed. What is checked here is the
  # packaging, which neither the optimizer nor a unity build changes: a Debug unity build compiles in half the
  # time of a Release one (bench/README.md).
  step "$kind-build" cmake -S "$src" -B "$tmp/build-$kind" "${gen[@]}" -DCMAKE_BUILD_TYPE=Debug \
    -DCMAKE_UNITY_BUILD=ON -DBUILD_SHARED_LIBS=$shared -DDLX_BUILD_APPS=OFF -DDLX_BUILD_EXAMPLES=OFF -DDLX_BUILD_TESTS=OFF \
    && step "$kind-compile" cmake --build "$tmp/build-$kind" -j 2 &&
    step "$kind-install" cmake --install "$tmp/build-$kind" --prefix "$tmp/prefix-$kind"
  consumer "package-$kind" -DCMAKE_PREFIX_PATH="$tmp/prefix-$kind" -DCMAKE_BUILD_RPATH="$tmp/prefix-$kind/lib"
done
consumer build-tree -Ddlx_DIR="$static_build"
PKG_CONFIG_PATH="$tmp/prefix-static/lib/pkgconfig" consumer pkgconfig -DCONSUME=pkgconfig
# Inside another project without the engines' AVX2/AVX-512 copies (the installed builds above have them), and
# with no build type: dlx leaves that choice to the project (so it compiles unoptimized here).
consumer subdirectory -DCONSUME=subdirectory -DDLX_SOURCE="$src" -DDLX_ISA_DISPATCH=OFF -DCMAKE_UNITY_BUILD=ON

# pkg-config by hand, as the README shows: the flags leave the standard to the program (C++20 or later), and a
# program that forgets it is told so by its first error.
export PKG_CONFIG_PATH="$tmp/prefix-static/lib/pkgconfig"
checks=$((checks + 1))
case " $(pkg-config --cflags dlx-sudoku) " in *" -std="*) fail "pkg-config --cflags forces a standard" ;; esac
checks=$((checks + 1))
[ "$(pkg-config --variable=cxx_std dlx)" = c++20 ] || fail "pkg-config --variable=cxx_std dlx is not c++20"
# shellcheck disable=SC2046
step pkgconfig-readme c++ -std=c++20 "$src/tests/package/consumer/main.cpp" -o "$tmp/readme-app" \
  $(pkg-config --cflags --libs dlx-sudoku) && step pkgconfig-readme-run "$tmp/readme-app" &&
  check_output pkgconfig-readme
printf '#include <dlx/dlx.hpp>\n#include <cstdio>\nint main() { std::printf("%%ld\\n", __cplusplus); }\n' \
  >"$tmp/later.cpp"
# shellcheck disable=SC2046
step pkgconfig-later c++ -std=c++2b "$tmp/later.cpp" -o "$tmp/later" $(pkg-config --cflags --libs dlx) &&
  step pkgconfig-later-run "$tmp/later" && {
  checks=$((checks + 1))
  [ "$(cat "$tmp/pkgconfig-later-run.log")" -gt 202002 ] || fail "-std=c++2b was overridden: $(cat "$tmp/pkgconfig-later-run.log")"
}
checks=$((checks + 1))
# shellcheck disable=SC2046
if c++ -std=c++17 -c "$tmp/later.cpp" -o "$tmp/older.o" $(pkg-config --cflags dlx) >"$tmp/older.log" 2>&1; then
  fail "a C++17 program compiled against the headers"
elif ! grep -m 1 'error' "$tmp/older.log" | grep -q 'needs C++20 or later: compile with -std=c++20'; then
  fail "a C++17 program is not told first that C++20 is needed: $(head -c 600 "$tmp/older.log")"
fi
unset PKG_CONFIG_PATH
checks=$((checks + 1))
grep -q '^CMAKE_BUILD_TYPE:STRING=.' "$tmp/subdirectory/CMakeCache.txt" &&
  fail "add_subdirectory chose the project's build type: $(grep '^CMAKE_BUILD_TYPE' "$tmp/subdirectory/CMakeCache.txt")"
checks=$((checks + 1))
grep -q 'Boost\|MPI' "$tmp/subdirectory/CMakeCache.txt" && grep -q 'Boost_DIR:PATH=/' "$tmp/subdirectory/CMakeCache.txt" &&
  fail "add_subdirectory looked for Boost although no command is built"

# Inside another project, dlx installs nothing of its own (DLX_INSTALL is off there, as fmt's FMT_INSTALL).
step subdirectory-install cmake --install "$tmp/subdirectory" --prefix "$tmp/prefix-parent" && {
  checks=$((checks + 1))
  [ -z "$(find "$tmp/prefix-parent" -type f 2>/dev/null)" ] ||
    fail "add_subdirectory installed dlx's files into the parent's prefix: $(find "$tmp/prefix-parent" -type f | head -3)"
}

# What the install holds: the public headers only, and the CMake and pkg-config files.
p="$tmp/prefix-static"
for f in include/dlx/dlx.hpp include/dlx/solver.hpp include/dlx/cost.hpp include/dlx/memo.hpp \
  include/dlx/sudoku/sudoku.hpp include/dlx/sudoku/model/solver.hpp include/dlx/compat/sudoku/solver.hpp \
  lib/libdlx.a lib/libdlx-sudoku.a lib/cmake/dlx/dlxConfig.cmake \
  lib/cmake/dlx/dlxConfigVersion.cmake lib/pkgconfig/dlx.pc lib/pkgconfig/dlx-sudoku.pc; do
  checks=$((checks + 1))
  [ -f "$p/$f" ] || fail "not installed: $f"
done
# Nothing claims the global name "sudoku" (headers under include/dlx/sudoku, the library is libdlx-sudoku).
for f in include/dlx/links_engine.hpp include/dlx/engine.hpp include/dlx/memo/state.hpp include/dlx/engine \
  include/sudoku lib/libsudoku.a; do
  checks=$((checks + 1))
  [ ! -e "$p/$f" ] || fail "an internal header was installed: $f"
done
checks=$((checks + 1))
[ -f "$tmp/prefix-shared/lib/libdlx.so" ] || ls "$tmp/prefix-shared/lib/" | grep -q 'libdlx\.so' || fail "no libdlx.so"

echo "$((checks - failures)) passed, $failures failed"
[ "$failures" = 0 ]
