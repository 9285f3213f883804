#!/usr/bin/env bash
# The killer and jigsaw row of bench/README.md: `sudoku` (one thread) against bench/plain_variants.c, a plain
# backtracking solver (bitmasks, fewest candidates first, cage sums bounded), puzzle by puzzle, first solution,
# each run capped at CAP seconds (default 30). Both answers must match the published (or the other's) solution.
#
#   bench/variants.sh [BUILD_DIR]      # default build; needs build/bin/sudoku
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
cap=${CAP:-30}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gcc -O2 -o "$work/plain_variants" "$root/bench/plain_variants.c"
sudoku=$build/bin/sudoku

# Jigsaws: minimal puzzles from the generator on three layouts (no published set is at hand offline).
for layout in AAABBBCCCAAABBBCCCAAEBBBCCCDDDAEEFFFDDDEEEFFFDDDEEEFFFGGGHHHIIIGGGHHHIIIGGGHHHIII \
  AABBBBCCCAAAAABCCCAABBBBFCCDDDEEEFCFDDEEEEFFFDDDDEEFFIGGHHHHFIIGGGGHHIIIGGGHHHIII \
  AAABBBCCCAAABBBCCCAAABEBCFCDDDEEBCFFDDDEEEFFFDDGEHEIIFDGGEHHIIFGGGHHHHIFGGGHHIIII; do
  "$sudoku" generate 10 --regions "$layout" --minimal --seed 19 --threads 1 | cut -d' ' -f1
done >"$work/jigsaws.txt"

# time_each PROGRAM... : seconds per puzzle of $work/set.txt (capped), and the answers, into $work/times
time_each() {
  : >"$work/times"
  while IFS= read -r line; do
    local start end out
    start=$(date +%s.%N)
    out=$(printf '%s\n' "$line" | timeout "$cap" "$@" 2>/dev/null || echo timeout)
    end=$(date +%s.%N)
    echo "$(echo "$end - $start" | bc) $out" >>"$work/times"
  done <"$work/set.txt"
}

summary() {  # NAME: median and worst seconds, and runs that hit the cap
  sort -n "$work/times" | awk -v name="$1" -v cap="$cap" '{ t[NR] = $1; if ($2 == "timeout") capped++ }
    END { printf "%s: median %.3f s, worst %.3f s, %d of %d over the %d s cap\n", name, t[int((NR + 1) / 2)], t[NR], capped, NR, cap }'
}

for set in killers jigsaws; do
  if [ "$set" = killers ]; then cp "$root/tests/sudoku/data/killers.txt" "$work/set.txt"; else cp "$work/jigsaws.txt" "$work/set.txt"; fi
  echo "== $set ($(wc -l <"$work/set.txt") puzzles)"
  time_each "$sudoku" --threads 1
  cut -d' ' -f2 "$work/times" >"$work/ours"
  summary "sudoku"
  time_each "$work/plain_variants"
  summary "plain_variants"
  # Every answer plain_variants finished agrees with ours.
  paste -d' ' "$work/ours" <(cut -d' ' -f2 "$work/times") | awk '$2 != "timeout" && $1 != $2 { bad++ } END { if (bad) { print bad " answers differ"; exit 1 } }'
done
