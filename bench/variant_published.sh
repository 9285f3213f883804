#!/usr/bin/env bash
# Published (and a few made) variant puzzles with known solutions, tests/sudoku/data/variant_bench.txt (name,
# f-puzzles document, solution; tab-separated): per puzzle the CPU seconds (user + system, one thread) of
# `sudoku solve` and of `sudoku check`, the search nodes of the check (--stats), and whether the solution is
# the known one and the check says unique. Each run is capped at CAP seconds (default 60) of wall time.
#
#   bench/variant_published.sh [BUILD_DIR] [SET]     # default build/ and tests/sudoku/data/variant_bench.txt
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
set_file=${2:-$root/tests/sudoku/data/variant_bench.txt}
cap=${CAP:-60}
sudoku=$build/bin/sudoku
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# cpu_of COMMAND...: runs it on $work/doc, output in $work/out, CPU seconds in $work/cpu ("cap" when it hit CAP)
cpu_of() {
  if /usr/bin/time -f "%U %S" -o "$work/time" timeout "$cap" "$@" <"$work/doc" >"$work/out" 2>"$work/err"; then
    awk '{ printf "%.3f", $1 + $2 }' "$work/time" >"$work/cpu"
  else
    echo cap >"$work/cpu"
  fi
}

printf '| puzzle | solve CPU s | check CPU s | check nodes | solution | check |\n|---|---|---|---|---|---|\n'
total_solve=0 total_check=0
while IFS=$'\t' read -r name document solution; do
  case $name in '#'* | '') continue ;; esac
  printf '%s\n' "$document" >"$work/doc"
  cpu_of "$sudoku" solve --threads 1 --format json
  solve_cpu=$(cat "$work/cpu")
  got=$(/usr/bin/python3 -c 'import json,sys; print(json.loads(sys.stdin.read() or "{}").get("solution", "-"))' <"$work/out")
  [ "$got" = "$solution" ] && solved=ok || solved=WRONG
  [ "$solve_cpu" = cap ] && solved=-
  cpu_of "$sudoku" check --threads 1 --stats
  check_cpu=$(cat "$work/cpu")
  verdict=$(head -c 6 "$work/out")
  nodes=$(sed -n 's/.*: \([0-9]*\) nodes.*/\1/p' "$work/err" | head -1)
  [ "$check_cpu" = cap ] && verdict=- nodes=-
  printf '| %s | %s | %s | %s | %s | %s |\n' "$name" "$solve_cpu" "$check_cpu" "${nodes:--}" "$solved" "$verdict"
  [ "$solve_cpu" = cap ] && solve_cpu=$cap
  [ "$check_cpu" = cap ] && check_cpu=$cap
  total_solve=$(echo "$total_solve + $solve_cpu" | bc)
  total_check=$(echo "$total_check + $check_cpu" | bc)
done <"$set_file"
printf '| all (a capped run counts %s s) | %s | %s | | | |\n' "$cap" "$total_solve" "$total_check"
