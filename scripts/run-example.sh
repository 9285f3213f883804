#!/usr/bin/env bash
# Quick start 1: install what is missing, build in Release, and solve the bundled judge-format puzzle.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh" run
# The library and the commands only: the tests need more packages (scripts/setup.sh test).
"$root/scripts/build.sh" "$root/build" -DCMAKE_BUILD_TYPE=Release -DDLX_BUILD_TESTS=OFF
echo "== bin/sudoku < examples/judge.txt"
"$root/build/bin/sudoku" < "$root/examples/judge.txt"
