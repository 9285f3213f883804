#!/usr/bin/env bash
# Memoized counting (dlx --count --memo) against plain counting (dlx --count) and against Knuth's dlx6, which
# memoizes the same way (a ruler built outside the repository; KNUTH names the folder holding its executable,
# see bench/knuth_bounds.sh for how it is built). Tilings, where memoizing should win by orders of magnitude,
# and classic puzzles, where it must not lose much (there it gives up memoizing below some depth: see
# src/dlx/memo/search.hpp).
#
#   KNUTH=/tmp/knuth bench/memo.sh        # RUNS=5 by default; without KNUTH, the dlx6 column is left empty
#
# Whole processes, one thread, alternating; medians of wall-clock seconds; instructions from one callgrind run
# each ("-": not run, too long for plain counting).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
knuth=${KNUTH:-}
runs=${RUNS:-5}
build=$root/build-bench
work=$build/memo-work
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DDLX_BUILD_TESTS=OFF >/dev/null
cmake --build "$build" -j "$(nproc)" --target dlx_app examples_polyomino examples_queens examples_langford >/dev/null
mkdir -p "$work"
bin=$build/bin
export LC_NUMERIC=C
median() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { m = (NR + 1) / 2; printf "%.4f", (v[int(m)] + v[int(m + 0.5)]) / 2 }'; }
seconds() { local a=$EPOCHREALTIME; "$@" >/dev/null 2>&1 || true; awk -v a="$a" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.6f", b - a }'; }
instructions() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | awk '/Collected/ { print $4 }' || true; }

printf 'D\nD\n' >"$work/domino.txt"
printf 'a bb ccc dd\n          d\n' >"$work/upto3.txt"   # monomino, domino, straight and bent trominoes
for n in 6 8 10; do "$bin/polyomino" --pieces "$work/domino.txt" --unlimited --board ${n}x$n --emit >"$work/domino$n.dlx"; done
"$bin/polyomino" --pieces "$work/upto3.txt" --unlimited --board 8x8 --emit >"$work/upto3_8.dlx"
"$bin/queens" --emit 10 >"$work/queens10.dlx"
"$bin/queens" --emit 12 >"$work/queens12.dlx"
"$bin/langford" --emit 12 >"$work/langford12.dlx"
"$bin/polyomino" --emit >"$work/pentominoes6x10.dlx"

echo "| problem | solutions | --memo (s) | plain (s) | dlx6 (s) | instructions, --memo | instructions, plain | instructions, dlx6 |"
echo "|---|--:|--:|--:|--:|--:|--:|--:|"
row() {  # row NAME FILE PLAIN(yes/no)
  local name=$1 file=$2 plain=$3 m="" p="" k="" r count
  count=$("$bin/dlx" --count --memo "$file" 2>/dev/null)
  for ((r = 0; r < runs; r++)); do
    m+="$(seconds "$bin/dlx" --count --memo "$file") "
    [ "$plain" = yes ] && p+="$(seconds "$bin/dlx" --count "$file") "
    [ -n "$knuth" ] && k+="$(seconds "$knuth/dlx6" <"$file") "
  done
  local mi pi="-" ki="-"
  mi=$(instructions "$bin/dlx" --count --memo "$file")
  [ "$plain" = yes ] && pi=$(instructions "$bin/dlx" --count "$file")
  [ -n "$knuth" ] && ki=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$knuth/dlx6" <"$file" 2>&1 >/dev/null | awk '/Collected/ { print $4 }' || true)
  echo "| $name | $count | $(echo "$m" | median) | $( [ "$plain" = yes ] && echo "$p" | median || echo -) | $( [ -n "$knuth" ] && echo "$k" | median || echo -) | $mi | $pi | $ki |"
}
row "dominoes 6x6" "$work/domino6.dlx" yes
row "dominoes 8x8" "$work/domino8.dlx" yes
row "dominoes 10x10" "$work/domino10.dlx" no
row "8x8 with monominoes, dominoes, trominoes" "$work/upto3_8.dlx" no
row "queens 10" "$work/queens10.dlx" yes
row "queens 12" "$work/queens12.dlx" yes
row "Langford pairs 12" "$work/langford12.dlx" yes
row "pentominoes 6x10" "$work/pentominoes6x10.dlx" yes
