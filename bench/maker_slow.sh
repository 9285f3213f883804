#!/usr/bin/env bash
# The puzzle maker's checks over the whole shared data sets (too slow for ctest): all 49,158 17-clue puzzles
# minimal, and every hint sound on the hard sets. usage: bench/maker_slow.sh [BUILD_DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/build}/bin
data=$root/../shared/data
result=$("$bin/sudoku" check --minimal "$data/17_clue.txt" | sort | uniq -c)
echo "17_clue.txt: $result"
[ "$result" = "  49158 unique minimal" ] || { echo "FAIL: not every 17-clue puzzle is minimal" >&2; exit 1; }
for f in top95 magictour_top1465 forum_hardest_1106; do
  out=$(python3 "$root/bench/hints_sound.py" "$bin/sudoku" "$data/$f.txt")
  echo "$out"
  case $out in *" 0 unsound") ;; *) echo "FAIL: unsound hints in $f" >&2; exit 1 ;; esac
done
