#!/usr/bin/env bash
# Quick start 2: install what is missing, then build and run every test with the presets of CMakePresets.json:
# a Release build with warnings as errors (every test), the installed library and the pip-installed module, a
# build under AddressSanitizer + UndefinedBehaviorSanitizer, clang with the engines' scalar paths, the
# multi-threaded tests under ThreadSanitizer, and each fuzz target for a short time. One preset alone:
# `cmake --workflow --preset NAME` (CONTRIBUTING.md).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
jobs=$(nproc)
"$root/scripts/setup.sh" test
cd "$root"

# stage TITLE: ends the stage before it with its time (so that the slow ones show in CI's log), starts this one.
stage_start=$SECONDS
stage() {
  [ -z "${stage_title:-}" ] || echo "-- $stage_title: $((SECONDS - stage_start)) s (whole run so far: $SECONDS s)"
  stage_title=$1 stage_start=$SECONDS
  [ -z "$1" ] || echo "== $1"
}

preset() {  # preset NAME [CTEST-ARGS...]: configure, build and test one preset
  local name=$1
  shift
  cmake --preset "$name" >/dev/null
  cmake --build --preset "$name" -j "$jobs"
  # Twice as many tests as cores: many of them wait (time limits, signals, slow producers) more than they compute.
  ctest --preset "$name" -j "$((jobs * 2))" "$@"
}

# The Python tests run in the stage after this one, against the module pip installs from the same sources.
stage "Release build and tests (preset release), the Python tests apart"
preset release --label-exclude '^python$'

stage "The library installed and used from outside: find_package, pkg-config, add_subdirectory"
bash "$root/tests/package/package_test.sh" "$root" "$root/build"  # the preset release's build as the static case

stage "The Python module installed with pip (the README's recipe) and its tests"
bash "$root/tests/python/pip_install_test.sh" "$root"

stage "AddressSanitizer + UndefinedBehaviorSanitizer build and tests (preset asan)"
preset asan

stage "clang, and the engines' scalar paths (DLX_SCALAR: no SSE2): the unit tests (preset clang-scalar)"
preset clang-scalar

stage "ThreadSanitizer build and the multi-threaded tests: threads, Sudoku batches, signals, MPI (preset tsan)"
preset tsan

stage "libFuzzer targets (clang, ASan + UBSan), a short run each (preset fuzz)"
preset fuzz

stage "The web page (WebAssembly) in headless Chromium"; "$root/scripts/test-web.sh"
stage ""
