#!/usr/bin/env bash
# Multiplicities and costs against Knuth's own programs: dlx3 (Algorithm M) for counts with bounds, dlx5 for
# minimum costs. Knuth's programs are rulers built outside the repository (CWEB: ctangle from Debian's
# texlive-binaries, plus gb_flip from the Stanford GraphBase); point KNUTH at the folder holding the dlx3 and
# dlx5 executables.
#
#   KNUTH=/tmp/knuth bench/knuth_bounds.sh     # RUNS=7 for more runs
#
# Whole processes, one thread, ours and Knuth's alternating; the ratio is ours / Knuth's per run, its median
# shown; then callgrind instruction counts of one run each.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
knuth=${KNUTH:?set KNUTH to the folder holding dlx3 and dlx5}
runs=${RUNS:-5}
build=$root/build-bench
work=$build/bounds-work
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DDLX_BUILD_TESTS=OFF >/dev/null
cmake --build "$build" -j "$(nproc)" --target dlx_app >/dev/null
mkdir -p "$work"
dlx=$build/bin/dlx
export LC_NUMERIC=C
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.6f", b - a }'; }
median() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { m = (NR + 1) / 2; printf "%.6f", (v[int(m)] + v[int(m + 0.5)]) / 2 }'; }

python3 - "$work" <<'PY'
import itertools, random, sys
work = sys.argv[1]
def assignment(n, seed):
    rng = random.Random(seed)
    with open(f"{work}/assign{n}.dlx", "w") as f:
        f.write(" ".join([f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)]) + "\n")
        for i in range(n):
            for j in range(n):
                f.write(f"r{i} c{j} |{rng.randint(0, 99)}\n")
def rooks(n, k):
    with open(f"{work}/rooks{n}_{k}.dlx", "w") as f:
        f.write(" ".join(f"0:1|r{i} 0:1|c{i}" for i in range(n)) + f" {k}|K\n")
        for i in range(n):
            for j in range(n):
                f.write(f"r{i} c{j} K\n")
def binpacking(count, capacity, seed):
    # Every object in exactly one bin; an option is a set of objects that fits one bin, costing 1 (a bin).
    rng = random.Random(seed)
    weights = [rng.randint(2, 9) for _ in range(count)]
    with open(f"{work}/bins{count}.dlx", "w") as f:
        f.write(" ".join(f"o{i}" for i in range(count)) + "\n")
        for r in range(1, count + 1):
            for subset in itertools.combinations(range(count), r):
                if sum(weights[i] for i in subset) <= capacity:
                    f.write(" ".join(f"o{i}" for i in subset) + " |1\n")
assignment(20, 1); assignment(25, 2); rooks(8, 5); rooks(9, 6); binpacking(14, 20, 3)
PY

echo "| problem | ours | Knuth | ours / Knuth (median of $runs) | instructions, ours | instructions, Knuth |"
echo "|---|---|---|--:|--:|--:|"
row() {
  local name=$1 file=$2 ours_args=$3 theirs=$4 ratios="" a b c
  for ((r = 0; r < runs; r++)); do
    a=$EPOCHREALTIME; "$dlx" $ours_args "$file" >/dev/null || true; b=$EPOCHREALTIME
    "$knuth/$theirs" <"$file" >/dev/null 2>&1 || true; c=$EPOCHREALTIME
    ratios+="$(awk -v x="$(elapsed "$a" "$b")" -v y="$(elapsed "$b" "$c")" 'BEGIN { printf "%.4f", x / y }') "
  done
  local ours_ir theirs_ir
  ours_ir=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$dlx" $ours_args "$file" 2>&1 >/dev/null | awk '/Collected/ { print $4 }' || true)
  theirs_ir=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$knuth/$theirs" <"$file" 2>&1 >/dev/null | awk '/Collected/ { print $4 }' || true)
  echo "| $name | \`dlx $ours_args\` | $theirs | $(echo "$ratios" | median) | $ours_ir | $theirs_ir |"
}
row "assignment 20x20, random costs 0..99" "$work/assign20.dlx" --min-cost dlx5
row "assignment 25x25, random costs 0..99" "$work/assign25.dlx" --min-cost dlx5
row "bin packing, 14 objects, capacity 20 (min bins)" "$work/bins14.dlx" --min-cost dlx5
row "5 rooks on 8x8 (0:1 rows, columns; 5\|K)" "$work/rooks8_5.dlx" --count dlx3
row "6 rooks on 9x9" "$work/rooks9_6.dlx" --count dlx3
