#!/usr/bin/env bash
# The variant bench sets through MiniZinc with Gecode, a ruler beside `sudoku`: per puzzle the CPU seconds
# (user + system, one thread) of `sudoku solve` against MiniZinc's first solution, and of `sudoku check`
# against MiniZinc asked for two solutions (uniqueness), run alternately, REPS times each (default 1; the
# median is shown), each run capped at CAP seconds of wall time (default 60). MiniZinc's time includes
# flattening the model (bench/minizinc/variants.mzn, data by bench/minizinc/fpuzzles_to_dzn.py). Every
# solution found is checked against the set's known one and every check for uniqueness ("ok": all runs that
# ended within the cap agree). bench/minizinc/check_models.py checks the models' counts against `sudoku count`
# on random 4x4 documents. Needs Debian's minizinc and flatzinc (scripts/setup.sh bench).
#
#   bench/minizinc.sh [BUILD_DIR] [SET...]   # default build/, tests/sudoku/data/variant_bench.txt and published_lines.txt
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
shift || true
sets=("$@")
[ ${#sets[@]} -gt 0 ] || sets=("$root/tests/sudoku/data/variant_bench.txt" "$root/tests/sudoku/data/published_lines.txt")
cap=${CAP:-60}
reps=${REPS:-1}
sudoku=$build/bin/sudoku
model=$root/bench/minizinc/variants.mzn
solver=org.gecode.gecode
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# cpu_of COMMAND...: runs it on $work/doc, output in $work/out; prints its CPU seconds, or "cap"
cpu_of() {
  if /usr/bin/time -f "%U %S" -o "$work/time" timeout "$cap" "$@" <"$work/doc" >"$work/out" 2>"$work/err"; then
    awk '{ printf "%.2f\n", $1 + $2 }' "$work/time"
  else
    echo cap
  fi
}
# median of the arguments ("cap" counts as the largest)
median() { printf '%s\n' "$@" | sed "s/^cap$/999999/" | sort -g | sed -n "$(( ($# + 1) / 2 ))p" | sed 's/^999999$/cap/'; }
# gecode's time over ours; ours below the clock's 0.01 s counts as 0.01 (the ratio then a lower bound, ">")
ratio() {
  if [ "$1" = cap ] || [ "$2" = cap ]; then echo -; return; fi
  if [ "$(echo "$1 < 0.01" | bc)" = 1 ]; then
    echo ">$(echo "$2 / 0.01" | bc -l | xargs printf '%.0f')"
  else
    echo "$2 / $1" | bc -l | xargs printf '%.2f\n'
  fi
}
# The known solution checked: ours from solve's JSON, MiniZinc's from its first solution line; MiniZinc's check
# counts its solutions ("----------" each).
ours_solution() { /usr/bin/python3 -c 'import json,sys; print(json.loads(sys.stdin.read() or "{}").get("solution", "-"))' <"$work/out"; }

printf '| puzzle | solve: ours s | gecode s | gecode/ours | check: ours s | gecode s | gecode/ours | solutions |\n'
printf '|---|---|---|---|---|---|---|---|\n'
for set_file in "${sets[@]}"; do
  while IFS=$'\t' read -r name document solution _; do
    case $name in '#'* | '') continue ;; esac
    printf '%s\n' "$document" >"$work/doc"
    /usr/bin/python3 "$root/bench/minizinc/fpuzzles_to_dzn.py" "$work/doc" >"$work/p.dzn"
    ours_solve=() gecode_solve=() ours_check=() gecode_check=() verdict=ok
    for _ in $(seq "$reps"); do
      t=$(cpu_of "$sudoku" solve --threads 1 --format json); ours_solve+=("$t")
      [ "$t" = cap ] || [ "$(ours_solution)" = "$solution" ] || verdict="ours WRONG"
      t=$(cpu_of minizinc --solver "$solver" -p 1 "$model" "$work/p.dzn"); gecode_solve+=("$t")
      [ "$t" = cap ] || [ "$(head -1 "$work/out")" = "$solution" ] || verdict="gecode WRONG"
      t=$(cpu_of "$sudoku" check --threads 1); ours_check+=("$t")
      [ "$t" = cap ] || [ "$(head -c 6 "$work/out")" = unique ] || verdict="ours not unique"
      t=$(cpu_of minizinc --solver "$solver" -p 1 -n 2 "$model" "$work/p.dzn"); gecode_check+=("$t")
      [ "$t" = cap ] || [ "$(grep -c -- '^----------$' "$work/out")" = 1 ] || verdict="gecode not unique"
    done
    os=$(median "${ours_solve[@]}") gs=$(median "${gecode_solve[@]}") oc=$(median "${ours_check[@]}") gc=$(median "${gecode_check[@]}")
    printf '| %s | %s | %s | %s | %s | %s | %s | %s |\n' "$name" "$os" "$gs" "$(ratio "$os" "$gs")" "$oc" "$gc" \
      "$(ratio "$oc" "$gc")" "$verdict"
  done <"$set_file"
done
