#!/usr/bin/env bash
# Two builds of the sudoku command side by side for the graded engine (issue 33): `rate --format json` and
# `steps --format json` must be byte-identical on the stored serate sample (tests/sudoku/data/se_ratings.txt),
# the technique puzzles (se_techniques.txt, whole puzzles), FRESH (a file of puzzles, if given) and 300 puzzles
# drawn from every shared set; then user CPU seconds of `rate --threads 1` on the stored sample (and FRESH),
# RUNS alternating runs each, medians, and callgrind's instructions on the stored sample when CALLGRIND=1.
# usage: bench/graded_ab.sh OLD_SUDOKU NEW_SUDOKU   (RUNS=5, SHARED=../shared, FRESH=file, CALLGRIND=0)
set -euo pipefail
old=$1
new=$2
root=$(cd "$(dirname "$0")/.." && pwd)
shared=${SHARED:-$root/../shared}
runs=${RUNS:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export LC_NUMERIC=C
data=$root/tests/sudoku/data
grep -v '^#' "$data/se_ratings.txt" | cut -f1 >"$work/stored.txt"
grep -v '^#' "$data/se_techniques.txt" | cut -f1 | awk 'length($0) == 81' >"$work/techniques.txt"
sets="stored techniques"
if [ -n "${FRESH:-}" ]; then
  cp "$FRESH" "$work/fresh.txt"
  sets+=" fresh"
fi
if [ -d "$shared/data" ]; then
  d=$shared/data
  {
    awk 'NR%491==7' "$d/17_clue.txt" | head -80
    awk 'NR%491==300' "$d/17_clue.txt" | head -30
    awk 'NR%19==5' "$d/magictour_top1465.txt" | head -70
    awk 'NR%3==2' "$d/top95.txt"
    awk 'NR%9==4' "$d/forum_hardest_1106.txt" | head -40
    awk 'NR%4877==11' "$d/forum_hardest_1905_11plus.txt" | head -10
    awk -F: '$2==1 {print $1}' "$d/puzzles_with_counts.txt"
    awk 'NR%500==3' "$d/serg_benchmark.txt" | head -20
  } >"$work/shared.txt"
  sets+=" shared"
fi
status=0
for set in $sets; do
  for command in rate steps; do
    "$old" "$command" --threads 1 --format json <"$work/$set.txt" >"$work/old.out" 2>/dev/null || true
    "$new" "$command" --threads 1 --format json <"$work/$set.txt" >"$work/new.out" 2>/dev/null || true
    if cmp -s "$work/old.out" "$work/new.out"; then
      echo "$set ($(wc -l <"$work/$set.txt") puzzles) $command: identical"
    else
      echo "$set $command: OUTPUTS DIFFER" >&2
      status=1
    fi
  done
done
median() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { m = (NR + 1) / 2; printf "%.2f", (v[int(m)] + v[int(m + 0.5)]) / 2 }'; }
user() {
  /usr/bin/time -f %U -o "$work/time" "$1" rate --threads 1 --format json <"$file" >/dev/null 2>&1 || true
  tail -1 "$work/time"
}
echo "| puzzles | old: user s | new: user s | median old / new |"
echo "|---|---|---|--:|"
for set in stored ${FRESH:+fresh}; do
  file=$work/$set.txt
  t_old="" t_new=""
  for _ in $(seq "$runs"); do
    t_old+=" $(user "$old")"
    t_new+=" $(user "$new")"
  done
  mo=$(echo "$t_old" | median)
  mn=$(echo "$t_new" | median)
  awk -v s="$set" -v a="$t_old" -v b="$t_new" -v x="$mo" -v y="$mn" \
    'BEGIN { printf "| %s |%s |%s | %s / %s = %.2fx |\n", s, a, b, x, y, x / y }'
done
if [ "${CALLGRIND:-0}" = 1 ]; then
  for bin in "$old" "$new"; do
    { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" rate --threads 1 --format json \
      <"$work/stored.txt" 2>&1 >/dev/null || true; } | awk -v b="$bin" '/refs:/ { print b ": " $4 " instructions" }'
  done
fi
exit $status
