#!/usr/bin/env bash
# Quick start 2: install what is missing, then build and run every test twice: a Release build with warnings as
# errors, and a build under AddressSanitizer + UndefinedBehaviorSanitizer; then the multi-threaded tests under
# ThreadSanitizer, and each fuzz target for a short time.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
jobs=$(nproc)
"$root/scripts/setup.sh" test

echo "== Release build and tests"
# Debian's Python for the module and pytest: another python3 may come first on PATH.
python=(-DDLX_BUILD_PYTHON=ON -DPython3_EXECUTABLE=/usr/bin/python3)
"$root/scripts/build.sh" "$root/build" -DCMAKE_BUILD_TYPE=Release -DDLX_BUILD_TESTS=ON -DDLX_BUILD_EXAMPLES=ON \
  "${python[@]}"
ctest --test-dir "$root/build" --output-on-failure -j "$jobs"

echo "== The library installed and used from outside: find_package, pkg-config, add_subdirectory"
bash "$root/tests/package/package_test.sh" "$root"

echo "== The Python module installed with pip (the README's recipe) and its tests"
bash "$root/tests/python/pip_install_test.sh" "$root"

echo "== AddressSanitizer + UndefinedBehaviorSanitizer build and tests"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
"$root/scripts/build.sh" "$root/build-asan" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDLX_SANITIZE=ON -DDLX_BUILD_BENCH=OFF \
  "${python[@]}"
ctest --test-dir "$root/build-asan" --output-on-failure -j "$jobs" -LE slow

echo "== clang, and the engines' scalar paths (DLX_SCALAR: no SSE2): the unit tests"
CXX=clang++ cmake -S "$root" -B "$root/build-clang-scalar" -G Ninja -DDLX_WERROR=ON -DCMAKE_BUILD_TYPE=Release \
  -DDLX_SCALAR=ON -DDLX_BUILD_BENCH=OFF >/dev/null
cmake --build "$root/build-clang-scalar" -j "$jobs" --target dlx_tests sudoku_tests parallel_tests examples_tests
for t in dlx_tests sudoku_tests parallel_tests examples_tests; do "$root/build-clang-scalar/bin/$t"; done

echo "== ThreadSanitizer build and the multi-threaded tests (threads, Sudoku batches, signals, MPI)"
cmake -S "$root" -B "$root/build-tsan" -G Ninja -DDLX_WERROR=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDLX_TSAN=ON \
  -DDLX_BUILD_BENCH=OFF >/dev/null
cmake --build "$root/build-tsan" -j "$jobs" --target parallel_tests sudoku_tests trust_tests dlx_app dlx_mpi \
  sudoku_app examples_queens examples_langford
TSAN_OPTIONS=halt_on_error=1 ctest --test-dir "$root/build-tsan" --output-on-failure -j "$jobs" \
  -L "parallel|trust|mpi|sudoku" -LE slow

echo "== libFuzzer targets (clang, ASan + UBSan), a short run each"
CXX=clang++ "$root/scripts/build.sh" "$root/build-fuzz" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDLX_BUILD_FUZZ=ON \
  -DDLX_BUILD_TESTS=OFF -DDLX_BUILD_BENCH=OFF
ctest --test-dir "$root/build-fuzz" --output-on-failure -j "$jobs" -L fuzz

echo "== The web page (WebAssembly) in headless Chromium"; "$root/scripts/test-web.sh"
