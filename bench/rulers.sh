#!/usr/bin/env bash
# Ours against the programs users would actually pick (issue 21): tdoku and kudoku on Sudoku, hivert/DLX-CPP and
# Knuth's dlx1 and ssxcc on generic exact cover. The rulers are built here from their own sources, outside the
# project's build, and never become part of it; each one whose source is missing is left out of the tables.
#
#   RULERS_SRC=DIR bench/rulers.sh       # DIR holds clones of github.com/t-dillon/tdoku (as tdoku),
#                                        # hivert/DLX-CPP (as DLX-CPP), shreevatsa/knuth-literate-programs (as knuth)
#   RUNS=3 QUICK=1 ...                   # fewer runs; QUICK: smaller sets and problems (a smoke test)
#   PART=sudoku|generic ...              # one of the two tables only (default both)
#   BUILD=DIR ...                        # an existing Release build of ours, used as it is (default: build-bench,
#                                        # configured and built here)
#   OURS_CXX=clang++ ...                 # the compiler of that default build (default: CMake's choice, g++ on Debian)
#   AVX2_ONLY=1 ...                      # Sudoku as on a processor without AVX-512: ours with DLX_ISA=avx2, tdoku
#                                        # built with -march=native -mno-avx512f (kudoku, scalar, as it is)
#
# Times are wall-clock seconds of whole processes on the same files (reading, solving, writing), one thread,
# ours and each ruler alternating run after run; ratios are ours / ruler per run, and the tables show their
# medians. Beside them, callgrind's instruction counts of one run on a sample (the first 1000 puzzles; smaller
# generic problems), which a loaded machine does not disturb. Solution counts are cross-checked: a ruler that
# disagrees with ours stops the script.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
shared=${SHARED:-$root/../shared}
src=${RULERS_SRC:?set RULERS_SRC to the folder holding the rulers clones (see the head of bench/rulers.sh)}
runs=${RUNS:-5}
quick=${QUICK:-0}
part=${PART:-all}
build=${BUILD:-$root/build-bench}
mkdir -p "$build/rulers"
build=$(cd "$build" && pwd)  # absolute: the rulers are built from inside $work
work=$build/rulers

"$root/scripts/setup.sh" bench
command -v ctangle >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq texlive-binaries >/dev/null
if [ -z "${BUILD:-}" ]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DDLX_BUILD_TESTS=OFF \
    ${OURS_CXX:+-DCMAKE_CXX_COMPILER="$OURS_CXX"} >/dev/null
  cmake --build "$build" -j "$(nproc)" >/dev/null
fi
bin=$build/bin

# --- The rulers, each built with its authors' flags (-O3, and tdoku's -march=native) -------------------------
have() { [ -x "$work/$1" ]; }
# tdoku and kudoku as tdoku's authors build and publish them (benchmarks/results_*: clang, -O3 -march=native),
# with the driver beside them.
if [ -d "$src/tdoku" ]; then
  command -v clang++ >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq clang >/dev/null
  clang++ -O3 -march=native -std=c++14 -w -c "$src/tdoku/src/solver_dpll_triad_simd.cc" -o "$work/tdoku.o"
  clang -O3 -march=native -w -c "$src/tdoku/other/kudoku/kudoku.c" -o "$work/kudoku.o"
  clang -O3 -c "$root/bench/rulers/sudoku_count.c" -o "$work/sudoku_count.o"
  clang++ -O3 -march=native -std=c++14 -w -c "$src/tdoku/src/util.cc" -o "$work/tdoku_util.o"
  clang++ -o "$work/sudoku_count" "$work/sudoku_count.o" "$work/tdoku.o" "$work/tdoku_util.o" "$work/kudoku.o"
  # valgrind cannot run AVX-512 code: the instruction counts use a build without it (AVX2 where the machine
  # has it); ours then runs its AVX2 copy too, since valgrind hides AVX-512 from the processor check.
  clang++ -O3 -march=native -mno-avx512f -std=c++14 -w -c "$src/tdoku/src/solver_dpll_triad_simd.cc" -o "$work/tdoku_cg.o"
  clang++ -o "$work/sudoku_count_cg" "$work/sudoku_count.o" "$work/tdoku_cg.o" "$work/tdoku_util.o" "$work/kudoku.o"
fi
if [ -d "$src/DLX-CPP" ]; then
  g++ -O3 -std=c++17 -w -DDOCTEST_CONFIG_DISABLE -I "$src/DLX-CPP" -o "$work/hivert_count" \
    "$root/bench/rulers/hivert_count.cpp" "$src/DLX-CPP/dlx_matrix.cpp"
fi
if [ -d "$src/knuth" ]; then
  for program in dlx1 ssxcc; do
    (cd "$work" && cp "$src/knuth/programs-orig/$program.w" . && ctangle "$work/$program.w" >/dev/null &&
      cp "$src/knuth/other_categorize_later/sgb/gb_flip.c" "$src/knuth/other_categorize_later/sgb/gb_flip.h" . &&
      gcc -O3 -w -o "$program" "$program.c" gb_flip.c)
  done
fi

[ -n "${EPOCHREALTIME:-}" ] || { echo "bench/rulers.sh needs bash 5 or later (EPOCHREALTIME)" >&2; exit 1; }
export LC_NUMERIC=C
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.6f", b - a }'; }
median() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { m = (NR + 1) / 2; printf "%.6f", (v[int(m)] + v[int(m + 0.5)]) / 2 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", (b > 0 ? a / b : 0) }'; }
# instructions COMMAND...: callgrind's instruction count of one run (stdin from $cg_input)
instructions() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" <"$cg_input" 2>&1 >/dev/null |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
mega() { awk -v n="$1" 'BEGIN { printf "%.1f", n / 1e6 }'; }

# --- Sudoku: ours (`sudoku count --limit L --threads 1`) against tdoku and kudoku ---------------------------
# time_sudoku NAME LIMIT FILE: seconds of one run, its per-line counts in $work/NAME.out. At a limit L, ours
# answers "exactly L" or "more than L" (L+), so it looks for one solution past L; tdoku and kudoku stop at L.
# tdoku+1 is tdoku asked the same question as ours (a limit of L+1; its counts cut to L to compare them).
ours_isa=() driver=$work/sudoku_count
[ "${AVX2_ONLY:-0}" = 1 ] && ours_isa=(env DLX_ISA=avx2) driver=$work/sudoku_count_cg
time_sudoku() {
  local s e
  s=$EPOCHREALTIME
  case $1 in
    ours) "${ours_isa[@]}" "$bin/sudoku" count --limit "$2" --threads 1 "$3" >"$work/$1.out" ;;
    tdoku+1) "$driver" tdoku "$(($2 == 0 ? 0 : $2 + 1))" <"$3" >"$work/$1.out" 2>/dev/null ;;
    *) "$driver" "$1" "$2" <"$3" >"$work/$1.out" 2>/dev/null ;;
  esac
  e=$EPOCHREALTIME
  [ "$1" = tdoku+1 ] && [ "$2" != 0 ] && awk -v l="$2" '{ print ($1 > l ? l : $1) }' "$work/$1.out" >"$work/$1.cut" &&
    mv "$work/$1.cut" "$work/$1.out"
  elapsed "$s" "$e"
}
sudoku_rulers=()
have sudoku_count && sudoku_rulers=(tdoku tdoku+1 kudoku)
title="## Sudoku against the leaders (one thread, whole process; ratio = ours / ruler, median of paired runs)"
[ "${AVX2_ONLY:-0}" = 1 ] && title+="; AVX2_ONLY: ours with DLX_ISA=avx2, tdoku without AVX-512"
echo "$title"
echo
header="| set | limit | puzzles | ours: s |"
rule="|---|--:|--:|--:|"
for r in "${sudoku_rulers[@]}"; do header+=" $r: s | ours / $r |"; rule+="--:|--:|"; done
header+=" ours: Minstr (first 1000) | tdoku: Minstr (first 1000, no AVX-512) |"
rule+="--:|--:|"
echo "$header"
echo "$rule"
if [ "$quick" = 1 ]; then
  sets=("17_clue 1000 2" "magictour_top1465 500 2" "forum_hardest_1905_11plus 500 2" "serg_benchmark 500 2" "serg_benchmark 500 0")
else
  sets=("17_clue 10000 2" "magictour_top1465 0 2" "forum_hardest_1905_11plus 3000 2" "forum_hardest_1106 0 2"
        "serg_benchmark 10000 2" "serg_benchmark 10000 0" "easy_8 0 2" "easy_14 0 2" "easy_22 0 2")
fi
# The easy sets (most published puzzles: singles solve them) are made here from 17_clue (bench/easy_sets.py).
if [ "$part" != generic ] && [ "$quick" != 1 ] && [ -f "$shared/data/17_clue.txt" ]; then
  /usr/bin/python3 "$root/bench/easy_sets.py" "$bin/sudoku" "$shared/data/17_clue.txt" "$work/easy_" 8 14 22
fi
[ "$part" = generic ] && sets=()
for entry in "${sets[@]}"; do
  read -r set first limit <<<"$entry"
  source_file=$shared/data/$set.txt
  [ -f "$work/$set.txt" ] && source_file=$work/$set.txt
  [ -f "$source_file" ] || continue
  file=$work/$set-$first.txt
  awk -v n="$first" 'NF { if (n == 0 || c++ < n) print; else exit }' "$source_file" >"$file"
  n=$(wc -l <"$file")
  declare -A t=()
  for _ in $(seq "$runs"); do
    t[ours]+=" $(time_sudoku ours "$limit" "$file")"
    cut -d' ' -f1 "$work/ours.out" | sed 's/+$//' >"$work/ours.counts"
    for r in "${sudoku_rulers[@]}"; do
      t[$r]+=" $(time_sudoku "$r" "$limit" "$file")"
      t[ratio_$r]+=" $(ratio "${t[ours]##* }" "${t[$r]##* }")"
      cmp -s "$work/ours.counts" "$work/$r.out" || { echo "MISMATCH: $r and ours count differently on $set (limit $limit)" >&2; exit 1; }
    done
  done
  row="| $set | $limit | $n | $(echo "${t[ours]}" | median) |"
  for r in "${sudoku_rulers[@]}"; do row+=" $(echo "${t[$r]}" | median) | $(echo "${t[ratio_$r]}" | median | xargs printf '%.2f') |"; done
  cg_input=$work/cg.txt
  head -n 1000 "$file" >"$cg_input"
  ours_i=$(instructions "$bin/sudoku" count --limit "$limit" --threads 1 -)
  tdoku_i=n/a
  have sudoku_count && tdoku_i=$(mega "$(instructions "$work/sudoku_count_cg" tdoku "$limit")")
  echo "$row $(mega "$ours_i") | $tdoku_i |"
  unset t
done

# --- Generic: ours (`dlx --count --threads 1`) against hivert/DLX-CPP, dlx1 and ssxcc -------------------------
# count_with NAME FILE: the count one program prints last (ours, hivert and Knuth's print it differently)
count_with() {
  case $1 in
    ours) "$bin/dlx" --count --threads 1 "$2" | tail -n 1 ;;
    hivert) "$work/hivert_count" <"$2" ;;
    dlx1 | ssxcc) "$work/$1" <"$2" 2>&1 >/dev/null | sed -n 's/^Altogether \([0-9]*\) solution.*/\1/p' ;;
  esac
}
generic_rulers=()
have hivert_count && generic_rulers+=(hivert)
have dlx1 && generic_rulers+=(dlx1)
have ssxcc && generic_rulers+=(ssxcc)
echo
echo "## Generic exact cover against the leaders (count all, one thread, whole process; ratio = ours / ruler)"
echo
header="| problem | solutions | ours: s |"
rule="|---|--:|--:|"
for r in "${generic_rulers[@]}"; do header+=" $r: s | ours / $r |"; rule+="--:|--:|"; done
header+=" ours: Minstr (sample) | sample |"
rule+="--:|---|"
echo "$header"
echo "$rule"
if [ "$quick" = 1 ]; then
  problems=("queens 11|queens 9" "langford 11|langford 8" "polyomino --board 4x15|polyomino --board 3x20")
else
  problems=("queens 14|queens 11" "langford 12|langford 10" "polyomino --board 6x10|polyomino --board 4x15"
            "polyomino --board-file $root/tests/examples/data/8x8-hole.txt|polyomino --board 3x20")
fi
[ "$part" = sudoku ] && problems=()
generic_runs=$((runs > 3 ? runs : 3))
for entry in "${problems[@]}"; do
  problem=${entry%%|*} sample=${entry##*|}
  file=$work/problem.dlx
  # shellcheck disable=SC2086
  "$bin"/$problem --emit >"$file"
  declare -A t=()
  expected=$(count_with ours "$file")
  for _ in $(seq "$generic_runs"); do
    s=$EPOCHREALTIME; count_with ours "$file" >/dev/null; e=$EPOCHREALTIME
    t[ours]+=" $(elapsed "$s" "$e")"
    for r in "${generic_rulers[@]}"; do
      s=$EPOCHREALTIME; got=$(count_with "$r" "$file"); e=$EPOCHREALTIME
      t[$r]+=" $(elapsed "$s" "$e")"
      t[ratio_$r]+=" $(ratio "${t[ours]##* }" "${t[$r]##* }")"
      [ "$got" = "$expected" ] || { echo "MISMATCH: $r counts $got, ours $expected on $problem" >&2; exit 1; }
    done
  done
  row="| ${problem/--board-file $root\/tests\/examples\/data\//} | $expected | $(echo "${t[ours]}" | median) |"
  for r in "${generic_rulers[@]}"; do row+=" $(echo "${t[$r]}" | median) | $(echo "${t[ratio_$r]}" | median | xargs printf '%.2f') |"; done
  # shellcheck disable=SC2086
  "$bin"/$sample --emit >"$work/sample.dlx"
  cg_input=$work/sample.dlx
  echo "$row $(mega "$(instructions "$bin/dlx" --count --threads 1 -)") | $sample |"
  unset t
done
echo
ours_cxx=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")
echo "Machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), ours:" \
  "$("${ours_cxx:-c++}" --version | head -n 1), the generic rulers: $(g++ --version | head -n 1), tdoku and" \
  "kudoku: $(clang++ --version | head -n 1); our engines: $("$bin/dlx" --version | sed -n 's/^engines: //p')"
