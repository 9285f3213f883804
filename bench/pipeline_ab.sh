#!/usr/bin/env bash
# Two builds of the sudoku command side by side (say, before and after a change to the pipeline): every
# command on the first N puzzles of each shared set, one thread, alternating runs of whole processes, median
# times and their ratio, and callgrind's instructions for each. Outputs must be identical (checked).
# usage: bench/pipeline_ab.sh OLD_SUDOKU NEW_SUDOKU [N]   (RUNS=5, SHARED=../shared)
set -euo pipefail
old=$1
new=$2
n=${3:-3000}
root=$(cd "$(dirname "$0")/.." && pwd)
shared=${SHARED:-$root/../shared}
runs=${RUNS:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export LC_NUMERIC=C
median() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { m = (NR + 1) / 2; printf "%.4f", (v[int(m)] + v[int(m + 0.5)]) / 2 }'; }
seconds() {  # seconds of one run of the command, its output into $work/$1.out
  local out=$1
  shift
  local start=$EPOCHREALTIME
  "$@" >"$work/$out.out" 2>/dev/null || true
  awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.6f", b - a }'
}
instructions() { { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null || true; } | awk '/refs:/ { gsub(",", "", $4); print $4 }'; }

echo "| set | command | old: s | new: s | new / old | old: M instr. | new: M instr. | new / old |"
echo "|---|---|--:|--:|--:|--:|--:|--:|"
for set in 17_clue serg_benchmark forum_hardest_1106 magictour_top1465; do
  [ -f "$shared/data/$set.txt" ] || continue
  head -n "$n" "$shared/data/$set.txt" >"$work/$set.txt"
  head -n 200 "$shared/data/$set.txt" >"$work/$set.small.txt"
  for command in "count --limit 2" "solve" "check" "rate"; do
    file=$work/$set.txt
    [ "$command" = rate ] && file=$work/$set.small.txt
    t_old="" t_new=""
    for _ in $(seq "$runs"); do
      # shellcheck disable=SC2086
      t_old+=" $(seconds old "$old" $command --threads 1 "$file")"
      # shellcheck disable=SC2086
      t_new+=" $(seconds new "$new" $command --threads 1 "$file")"
    done
    cmp -s "$work/old.out" "$work/new.out" || echo "WARNING: $set $command: outputs differ" >&2
    mo=$(echo "$t_old" | median)
    mn=$(echo "$t_new" | median)
    # shellcheck disable=SC2086
    io=$(instructions "$old" $command --threads 1 "$work/$set.small.txt")
    # shellcheck disable=SC2086
    in=$(instructions "$new" $command --threads 1 "$work/$set.small.txt")
    awk -v s="$set" -v c="$command" -v a="$mo" -v b="$mn" -v x="$io" -v y="$in" \
      'BEGIN { printf "| %s | %s | %.3f | %.3f | %.3f | %.1f | %.1f | %.4f |\n", s, c, a, b, b / a, x / 1e6, y / 1e6, y / x }'
  done
done
