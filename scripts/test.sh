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

preset() {  # preset NAME: configure, build and test one preset
  cmake --preset "$1" >/dev/null
  cmake --build --preset "$1" -j "$jobs"
  # Twice as many tests as cores: many of them wait (time limits, signals, slow producers) more than they compute.
  ctest --preset "$1" -j "$((jobs * 2))"
}

echo "== Release build and tests (preset release)"
preset release

echo "== The library installed and used from outside: find_package, pkg-config, add_subdirectory"
bash "$root/tests/package/package_test.sh" "$root" "$root/build"  # the preset release's build as the static case

echo "== The Python module installed with pip (the README's recipe) and its tests"
bash "$root/tests/python/pip_install_test.sh" "$root"

echo "== AddressSanitizer + UndefinedBehaviorSanitizer build and tests (preset asan)"
preset asan

echo "== clang, and the engines' scalar paths (DLX_SCALAR: no SSE2): the unit tests (preset clang-scalar)"
preset clang-scalar

echo "== ThreadSanitizer build and the multi-threaded tests: threads, Sudoku batches, signals, MPI (preset tsan)"
preset tsan

echo "== libFuzzer targets (clang, ASan + UBSan), a short run each (preset fuzz)"
preset fuzz

echo "== The web page (WebAssembly) in headless Chromium"; "$root/scripts/test-web.sh"
