#!/usr/bin/env bash
# The benchmark: builds in Release, then measures the engine against the plain textbook dancing-links programs
# of ../shared/baselines side by side, run after run, and prints a Markdown table of medians.
#
#   bench/run.sh                 # every puzzle set and generic problem, 5 runs each (generic: at least 7)
#   RUNS=3 bench/run.sh          # fewer runs
#   QUICK=1 bench/run.sh         # the first 2000 puzzles of each set, smaller generic problems: a smoke test
#
# Times are wall-clock seconds of whole processes (reading, solving, writing), single thread, ours and the
# baseline alternating so that load on a shared machine hits both alike; ratios are ours / baseline, per run, and
# the table shows their median.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
shared=${SHARED:-$root/../shared}
runs=${RUNS:-5}
quick=${QUICK:-0}
build=$root/build-bench
work=$build/bench-work

"$root/scripts/setup.sh" bench
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DDLX_BUILD_TESTS=OFF >/dev/null
cmake --build "$build" -j "$(nproc)" >/dev/null
mkdir -p "$work"
bin=$build/bin
for program in plain_xc plain_sudoku; do
  gcc -O2 -o "$work/$program" "$shared/baselines/$program.c" 2>/dev/null
done

# Times are read from bash's own clock ($EPOCHREALTIME, seconds with microseconds), right before and right
# after each command: starting a `date` process for it would add a millisecond or so to both sides of every
# ratio, which pulls short runs toward 1.
[ -n "${EPOCHREALTIME:-}" ] || { echo "bench/run.sh needs bash 5 or later (EPOCHREALTIME)" >&2; exit 1; }
export LC_NUMERIC=C
# elapsed START END: seconds between two $EPOCHREALTIME readings
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.6f", b - a }'; }
median() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { m = (NR + 1) / 2; printf "%.6f", (v[int(m)] + v[int(m + 0.5)]) / 2 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }
precise_ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", (b > 0 ? a / b : 0) }'; }
generic_runs=$((runs > 7 ? runs : 7))  # short problems (tens of ms): one disturbed run moves a median of 3
# emit PROBLEM: writes the example program's DLX file for PROBLEM ("queens 13", "polyomino --board 6x10") into
# the work folder and prints its path.
emit() {
  local name=${1// --board /-}
  name=${name// /-}
  # shellcheck disable=SC2086
  "$bin"/$1 --emit >"$work/$name.dlx"
  echo "$work/$name.dlx"
}
peak_kb() { /usr/bin/time -f '%M' "$@" 2>&1 >/dev/null | tail -n 1; }

echo "## Sudoku (single thread; us per puzzle; ratio = ours / plain_sudoku: median of the runs' ratios)"
echo
echo "| set | puzzles | limit 1: us | plain: us | ratio | limit 2: us | plain: us | ratio | nodes per puzzle (limit 2) | puzzles/s (limit 2) | peak memory |"
echo "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
for set in 17_clue magictour_top1465 forum_hardest_1905_11plus forum_hardest_1106 serg_benchmark top95; do
  file=$shared/data/$set.txt
  [ -f "$file" ] || continue
  if [ "$quick" = 1 ]; then
    head -n 2000 "$file" >"$work/$set.txt"
    file=$work/$set.txt
  fi
  n=$(grep -c . "$file")
  declare -A t=()
  for _ in $(seq "$runs"); do
    for limit in 1 2; do
      s=$EPOCHREALTIME
      if [ "$limit" = 1 ]; then "$bin/sudoku" solve --threads 1 "$file" >/dev/null; else "$bin/sudoku" count --limit 2 --threads 1 "$file" >/dev/null; fi
      e=$EPOCHREALTIME
      t[ours$limit]+=" $(elapsed "$s" "$e")"
      s=$EPOCHREALTIME
      "$work/plain_sudoku" "$limit" <"$file" >/dev/null
      e=$EPOCHREALTIME
      t[base$limit]+=" $(elapsed "$s" "$e")"
      t[ratio$limit]+=" $(precise_ratio "${t[ours$limit]##* }" "${t[base$limit]##* }")"
    done
  done
  o1=$(echo "${t[ours1]}" | median) b1=$(echo "${t[base1]}" | median) r1=$(echo "${t[ratio1]}" | median)
  o2=$(echo "${t[ours2]}" | median) b2=$(echo "${t[base2]}" | median) r2=$(echo "${t[ratio2]}" | median)
  nodes=$("$bin/sudoku" count --limit 2 --threads 1 --stats "$file" 2>&1 >/dev/null | tail -n 1 | sed -n 's/.* puzzles, \([0-9]*\) nodes.*/\1/p')
  mem=$(peak_kb "$bin/sudoku" count --limit 2 --threads 1 "$file")
  us() { awk -v s="$1" -v n="$n" 'BEGIN { printf "%.1f", s / n * 1e6 }'; }
  printf '| %s | %d | %s | %s | %.2f | %s | %s | %.2f | %s | %s | %s MB |\n' "$set" "$n" "$(us "$o1")" "$(us "$b1")" \
    "$r1" "$(us "$o2")" "$(us "$b2")" "$r2" "$(awk -v a="$nodes" -v n="$n" 'BEGIN { printf "%.1f", a / n }')" \
    "$(awk -v s="$o2" -v n="$n" 'BEGIN { printf "%.0f", n / s }')" "$(awk -v k="$mem" 'BEGIN { printf "%.1f", k / 1024 }')"
  unset t
done

echo
echo "## Generic problems (single thread; count all solutions; ratio = ours / plain_xc on the same file: median of the runs' ratios)"
echo
echo "| problem | solutions | ours: s | plain_xc: s | ratio | nodes | updates/s | peak memory |"
echo "|---|--:|--:|--:|--:|--:|--:|--:|"
if [ "$quick" = 1 ]; then
  problems=("queens 10" "queens 11" "langford 9" "langford 10" "polyomino --board 3x20" "polyomino --board 4x15")
else
  problems=("queens 12" "queens 13" "queens 14" "langford 11" "langford 12" "polyomino --board 5x12"
            "polyomino --board 6x10")
fi
for problem in "${problems[@]}"; do
  file=$(emit "$problem")
  ours=() base=() ratios=()
  for _ in $(seq "$generic_runs"); do
    s=$EPOCHREALTIME
    count=$("$bin/dlx" --count --threads 1 "$file" | tail -n 1)
    e=$EPOCHREALTIME
    ours+=("$(elapsed "$s" "$e")")
    s=$EPOCHREALTIME
    base_count=$("$work/plain_xc" <"$file" | tail -n 1)
    e=$EPOCHREALTIME
    base+=("$(elapsed "$s" "$e")")
    ratios+=("$(precise_ratio "${ours[-1]}" "${base[-1]}")")
    [ "$count" = "$base_count" ] || { echo "MISMATCH on $problem: $count vs $base_count" >&2; exit 1; }
  done
  o=$(echo "${ours[*]}" | median) b=$(echo "${base[*]}" | median) r=$(echo "${ratios[*]}" | median)
  stats=$("$bin/dlx" --count --threads 1 --stats "$file" 2>&1 >/dev/null)
  nodes=$(echo "$stats" | sed -n 's/^nodes: //p')
  updates=$(echo "$stats" | sed -n 's/^updates: //p')
  secs=$(echo "$stats" | sed -n 's/^seconds: //p')
  mem=$(peak_kb "$bin/dlx" --count --threads 1 "$file")
  printf '| %s | %s | %s | %s | %.2f | %s | %s | %s MB |\n' "$problem" "$count" "$o" "$b" "$r" "$nodes" \
    "$(awk -v u="$updates" -v s="$secs" 'BEGIN { printf "%.3g", (s > 0 ? u / s : 0) }')" \
    "$(awk -v k="$mem" 'BEGIN { printf "%.1f", k / 1024 }')"
done
echo
echo "## Threads (dlx --count --threads 2 against --threads 1, same file, alternating; speed-up = median of the runs' ratios)"
echo
echo "| problem | 1 thread: s | 2 threads: s | speed-up |"
echo "|---|--:|--:|--:|"
if [ "$quick" = 1 ]; then
  problems=("queens 11" "langford 10" "polyomino --board 4x15")
else
  problems=("polyomino --board 6x10" "queens 14" "langford 12")
fi
for problem in "${problems[@]}"; do
  file=$(emit "$problem")
  one=() two=() gains=()
  for _ in $(seq "$generic_runs"); do
    s=$EPOCHREALTIME
    c1=$("$bin/dlx" --count --threads 1 "$file")
    e=$EPOCHREALTIME
    one+=("$(elapsed "$s" "$e")")
    s=$EPOCHREALTIME
    c2=$("$bin/dlx" --count --threads 2 "$file")
    e=$EPOCHREALTIME
    two+=("$(elapsed "$s" "$e")")
    gains+=("$(precise_ratio "${one[-1]}" "${two[-1]}")")
    [ "$c1" = "$c2" ] || { echo "MISMATCH on $problem: $c1 with 1 thread, $c2 with 2" >&2; exit 1; }
  done
  printf '| %s | %s | %s | %.2f |\n' "$problem" "$(echo "${one[*]}" | median)" "$(echo "${two[*]}" | median)" \
    "$(echo "${gains[*]}" | median)"
done
echo
echo "Machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(g++ --version | head -n 1)"
