#!/usr/bin/env bash
# dlx --count with and without --preprocess (Knuth's dlx-pre, docs/dlx.md) on the generic problems of the rulers'
# table and on Sudoku puzzles emitted as exact cover: what the reduction removes, the nodes of the count, and
# whole-process seconds, the two alternating run after run (medians); callgrind's instruction counts beside.
#
#   bench/preprocess.sh [BUILD_DIR]      # default build; RUNS=5
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/build}/bin
runs=${RUNS:-5}
shared=${SHARED:-$root/../shared}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export LC_NUMERIC=C
median() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { m = (NR + 1) / 2; printf "%.4f", (v[int(m)] + v[int(m + 0.5)]) / 2 }'; }
seconds() { local s=$EPOCHREALTIME; "$@" >/dev/null 2>&1; awk -v a="$s" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.6f", b - a }'; }
stat_of() { sed -n "s/^$1: //p" "$2"; }
instructions() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

files=()
problems=("queens 11" "langford 10" "polyomino --board 4x15"
          "polyomino --board-file $root/tests/examples/data/8x8-hole.txt")
for problem in "${problems[@]}"; do
  # shellcheck disable=SC2086
  "$bin"/$problem --emit >"$work/${#files[@]}.dlx"
  files+=("$work/${#files[@]}.dlx|${problem/--board-file $root\/tests\/examples\/data\//}")
done
# The hardest Sudoku puzzles: one file per puzzle, as `sudoku emit` writes it.
for set in forum_hardest_1106 17_clue; do
  [ -f "$shared/data/$set.txt" ] || continue
  head -n 1 "$shared/data/$set.txt" >"$work/p.txt"
  "$bin/sudoku" emit "$work/p.txt" >"$work/${#files[@]}.dlx"
  files+=("$work/${#files[@]}.dlx|sudoku emit, first of $set")
done

echo "| problem | solutions | removed: options, items | nodes | nodes, --preprocess | s | s, --preprocess | Minstr | Minstr, --preprocess |"
echo "|---|--:|--:|--:|--:|--:|--:|--:|--:|"
for entry in "${files[@]}"; do
  file=${entry%%|*} name=${entry##*|}
  "$bin/dlx" --count --stats --threads 1 "$file" >"$work/out" 2>"$work/plain"
  "$bin/dlx" --count --stats --threads 1 --preprocess "$file" >"$work/out2" 2>"$work/pre"
  cmp -s "$work/out" "$work/out2" || { echo "MISMATCH on $name" >&2; exit 1; }
  removed=$(sed -n 's/^preprocess: \([0-9]*\) options and \([0-9]*\) items.*/\1, \2/p' "$work/pre")
  plain=() pre=()
  for _ in $(seq "$runs"); do
    plain+=("$(seconds "$bin/dlx" --count --threads 1 "$file")")
    pre+=("$(seconds "$bin/dlx" --count --threads 1 --preprocess "$file")")
  done
  echo "| $name | $(tail -n 1 "$work/out") | $removed | $(stat_of nodes "$work/plain") | $(stat_of nodes "$work/pre") |" \
    "$(echo "${plain[*]}" | median) | $(echo "${pre[*]}" | median) |" \
    "$(awk -v n="$(instructions "$bin/dlx" --count --threads 1 "$file")" 'BEGIN { printf "%.1f", n / 1e6 }') |" \
    "$(awk -v n="$(instructions "$bin/dlx" --count --threads 1 --preprocess "$file")" 'BEGIN { printf "%.1f", n / 1e6 }') |"
done
