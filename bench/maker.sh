#!/usr/bin/env bash
# Puzzles generated per second, per size, minimal and not, single thread; and qqwing --generate (Debian
# package qqwing) for 9x9, alternately with ours, RUNS times each; medians of whole-process wall time.
# usage: RUNS=3 bench/maker.sh [BUILD_DIR]   (BUILD_DIR defaults to build, already built in Release)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/build}/bin
runs=${RUNS:-3}
command -v qqwing >/dev/null || { echo "bench/maker.sh: qqwing is needed (apt-get install qqwing)" >&2; exit 1; }

seconds() {  # seconds of wall time of a command, output discarded
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null
  end=$(date +%s.%N)
  echo "$end - $start" | bc -l
}
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

echo "| board | count | ours, not minimal | ours, --minimal | qqwing --generate | minimal / qqwing |"
echo "|---|--:|--:|--:|--:|--:|"
for spec in "2x2 2000" "2x3 1000" "3x3 500" "3x4 50" "4x4 10" "5x5 1"; do
  set -- $spec
  box=$1 n=$2
  plain=() minimal=() qq=()
  for ((r = 0; r < runs; r++)); do
    plain+=("$(seconds "$bin/sudoku" generate "$n" --box "$box" --seed "$r" --threads 1)")
    if [ "$box" != 5x5 ]; then
      minimal+=("$(seconds "$bin/sudoku" generate "$n" --box "$box" --seed "$r" --threads 1 --minimal)")
    fi
    if [ "$box" = 3x3 ]; then qq+=("$(seconds qqwing --generate "$n" --one-line)"); fi
  done
  p=$(printf '%s\n' "${plain[@]}" | median)
  m=$([ ${#minimal[@]} -gt 0 ] && printf '%s\n' "${minimal[@]}" | median || echo "")
  q=$([ ${#qq[@]} -gt 0 ] && printf '%s\n' "${qq[@]}" | median || echo "")
  rate() { [ -n "$1" ] && printf '%.1f/s' "$(echo "$n / $1" | bc -l)" || echo "-"; }
  ratio=$([ -n "$q" ] && printf '%.2fx' "$(echo "$q / $m" | bc -l)" || echo "-")
  echo "| ${box} boxes | $n | $(rate "$p") | $(rate "$m") | $(rate "$q") | $ratio |"
done
