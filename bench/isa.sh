#!/usr/bin/env bash
# The engines' instruction-set copies side by side (src/dlx/engine/isa.hpp): the same binary run with DLX_ISA=A
# and DLX_ISA=B alternately on the rulers' Sudoku sets and generic problems, CPU time (user + system) of each
# whole process, and the median of the per-pair ratios B / A. A copy the processor lacks falls back to a
# narrower one, so compare only copies `dlx --version` reports under each setting.
#
#   bench/isa.sh [BUILD_DIR]       # default build; A=avx2 B=avx512 (native: DLX_ISA unset), PAIRS=7
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/build}/bin
shared=${SHARED:-$root/../shared}
pairs=${PAIRS:-7}
a=${A:-avx2} b=${B:-avx512}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export LC_NUMERIC=C
median() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { m = (NR + 1) / 2; printf "%.4f", (v[int(m)] + v[int(m + 0.5)]) / 2 }'; }
# cpu ISA COMMAND...: user + system seconds of the command run with DLX_ISA=ISA ("native": unset)
cpu() {
  local isa=$1
  shift
  local TIMEFORMAT='%U %S'
  local t
  if [ "$isa" = native ]; then
    t=$({ time "$@" >/dev/null 2>&1; } 2>&1)
  else
    t=$({ time env DLX_ISA="$isa" "$@" >/dev/null 2>&1; } 2>&1)
  fi
  awk -v t="$t" 'BEGIN { split(t, p, " "); printf "%.4f", p[1] + p[2] }'
}
label() {
  if [ "$1" = native ]; then "$bin/dlx" --version; else DLX_ISA=$1 "$bin/dlx" --version; fi | sed -n 's/^engines: //p'
}
echo "A: DLX_ISA=$a runs the $(label "$a") copy, B: DLX_ISA=$b runs the $(label "$b") copy"
echo
echo "| run | A: s (median) | B: s (median) | B / A (median of pairs) |"
echo "|---|--:|--:|--:|"
runs=()
for entry in "17_clue 10000 2" "magictour_top1465 0 2" "forum_hardest_1905_11plus 3000 2" "forum_hardest_1106 0 2" \
             "serg_benchmark 3000 2" "serg_benchmark 3000 0"; do
  read -r set first limit <<<"$entry"
  [ -f "$shared/data/$set.txt" ] || continue
  awk -v n="$first" 'NF { if (n == 0 || c++ < n) print; else exit }' "$shared/data/$set.txt" >"$work/$set-$first"
  runs+=("$set, limit $limit|$bin/sudoku count --limit $limit --threads 1 $work/$set-$first")
done
"$bin/queens" 13 --emit >"$work/queens.dlx"
"$bin/langford" 11 --emit >"$work/langford.dlx"
runs+=("queens 13, count|$bin/dlx --count --threads 1 $work/queens.dlx"
       "langford 11, count|$bin/dlx --count --threads 1 $work/langford.dlx")
for entry in "${runs[@]}"; do
  name=${entry%%|*} command=${entry##*|}
  ta=() tb=() r=()
  for _ in $(seq "$pairs"); do
    # shellcheck disable=SC2086
    ta+=("$(cpu "$a" $command)")
    # shellcheck disable=SC2086
    tb+=("$(cpu "$b" $command)")
    r+=("$(awk -v x="${ta[-1]}" -v y="${tb[-1]}" 'BEGIN { printf "%.4f", (x > 0 ? y / x : 0) }')")
  done
  echo "| $name | $(echo "${ta[*]}" | median) | $(echo "${tb[*]}" | median) | $(echo "${r[*]}" | median) |"
done
