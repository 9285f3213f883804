#!/usr/bin/env bash
# End-to-end checks of multiplicities (dlx3 bounds) and costs (dlx5) in the dlx command: every mode on bounded
# problems, malformed bounds with FILE:LINE, --min-cost/--best against brute-force lists and, for random
# assignment problems, against the Hungarian method (scipy's linear_sum_assignment, Debian's python3-scipy).
# usage: bounds_cli_test.sh path/to/dlx path/to/tests/dlx/data
set -u
dlx=$1
data=$2
# shellcheck source=SCRIPTDIR/../common/cli_lib.sh
. "$(cd "$(dirname "$0")/.." && pwd)/common/cli_lib.sh"
python=/usr/bin/python3

# k non-attacking rooks on an n x n board: C(n,k)^2 k! placements.
rooks() {
  local n=$1 k=$2 i j
  for ((i = 0; i < n; i++)); do printf '0:1|r%d 0:1|c%d ' "$i" "$i"; done
  printf '%d|K\n' "$k"
  for ((i = 0; i < n; i++)); do for ((j = 0; j < n; j++)); do printf 'r%d c%d K\n' "$i" "$j"; done; done
}
rooks 6 3 >"$tmp/rooks63.dlx"   # 20^2 * 6 = 2400
rooks 7 7 >"$tmp/rooks77.dlx"   # 7! = 5040

expect 0 "1" -- "$dlx" --count "$data/dlx3_example.dlx"
expect 0 "" -- "$dlx" "$data/dlx3_example.dlx"
[ "$(sort "$tmp/out" | tr '\n' ';')" = "A C X:1 Y:1;B X:1;C Y:1;" ] || fail "dlx3 example: $(cat "$tmp/out")"
expect 0 "2400" -- "$dlx" --count "$tmp/rooks63.dlx"
expect 0 "2400" -- "$dlx" --count --threads 2 "$tmp/rooks63.dlx"
expect 0 "5040" -- "$dlx" -c -t 3 "$tmp/rooks77.dlx"
expect 0 "10+" -- "$dlx" --count --limit 10 "$tmp/rooks63.dlx"
expect 0 "" -- "$dlx" --all "$tmp/rooks63.dlx"
[ "$(grep -c '^$' "$tmp/out")" = 2399 ] || fail "--all on rooks: $(grep -c '^$' "$tmp/out") blank lines, expected 2399"
distinct() { "$python" -c 'import sys; print(len({frozenset(s.split("\n")) for s in sys.stdin.read().strip().split("\n\n")}))' <"$1"; }
[ "$(distinct "$tmp/out")" = 2400 ] || fail "--all on rooks: $(distinct "$tmp/out") distinct solutions, expected 2400"
expect 0 "" -- "$dlx" --all --threads 2 "$tmp/rooks63.dlx"
[ "$(distinct "$tmp/out")" = 2400 ] || fail "--all --threads 2 on rooks: $(distinct "$tmp/out") distinct solutions"
expect 0 "" -- "$dlx" --estimate 3000 --seed 4 "$tmp/rooks63.dlx"
grep -q '^solutions: ' "$tmp/out" || fail "--estimate on rooks: no solutions line"
expect 0 "" -- "$dlx" --stats --count "$tmp/rooks63.dlx"
grep -q '^nodes: [1-9]' "$tmp/err" || fail "--stats on rooks: no nodes"

# Memoized counting, ZDDs and samples with multiplicities: the same 2400 placements.
expect 0 2400 -- "$dlx" --count --memo "$tmp/rooks63.dlx"
expect 0 2400 -- "$dlx" --count --memo --threads 2 "$tmp/rooks63.dlx"
expect 0 2400 -- "$dlx" --count --zdd "$tmp/rooks63.zdd" "$tmp/rooks63.dlx"
[ -s "$tmp/rooks63.zdd" ] || fail "--zdd on rooks: empty ZDD file"
expect 0 "" -- "$dlx" --sample 50 --seed 9 "$tmp/rooks63.dlx"
[ "$(grep -c . "$tmp/out")" = 150 ] || fail "--sample 50 on rooks: $(grep -c . "$tmp/out") option lines, not 150"

# Malformed bounds: one FILE:LINE: line each, status 2.
bad() {
  local name=$1 text=$2 want=$3
  printf '%b' "$text" >"$tmp/$name.dlx"
  expect 2 "" -- "$dlx" "$tmp/$name.dlx"
  [ "$(wc -l <"$tmp/err")" = 1 ] || fail "$name: stderr not one line: $(cat "$tmp/err")"
  grep -q "^$tmp/$name.dlx:$want" "$tmp/err" || fail "$name: '$(cat "$tmp/err")' lacks '$want'"
}
bad reversed '| u > v\na 3:2|b\na b\n' "2: item 'b': the lower bound 3 exceeds the upper bound 2"
bad zero 'a 0|b\na b\n' "1: item 'b': the upper bound must be at least 1"
bad secondary 'a | 2:3|x\na x\n' "1: secondary item 'x' cannot have a multiplicity"
bad letters 'a x:2|b\na b\n' "1: bound 'x' in 'x:2|b' is not a whole number"
bad empty_name 'a 2|\na\n' "1: empty item name"
bad cost 'a\na |1.5\n' "2: cost '|1.5' is not"
bad bar 'a\na | b\n' "2: '|' belongs only in the item line"

# Costs: the cheapest, the k cheapest in order, and what a stop prints.
printf 'a b c\na b |4\nc |1\na |1\nb c |2\nb |3\nc |2 |1\n' >"$tmp/costs.dlx"
expect 0 "cost: 3" -- "$dlx" --min-cost "$tmp/costs.dlx"
[ "$(head -n 2 "$tmp/out" | tr '\n' ';')" = "a;b c;" ] || fail "--min-cost: $(cat "$tmp/out")"
expect 0 "cost: 7" -- "$dlx" --best 10 "$tmp/costs.dlx"
[ "$(grep '^cost: ' "$tmp/out" | tr '\n' ' ')" = "cost: 3 cost: 5 cost: 5 cost: 7 cost: 7 " ] || fail "--best 10: $(grep cost "$tmp/out")"
[ "$(grep -c '^$' "$tmp/out")" = 4 ] || fail "--best 10: expected blank lines between the 5 solutions"
expect 6 "cost: 3" -- "$dlx" --best 2 --limit 1 "$tmp/costs.dlx"
grep -q "not proven optimal" "$tmp/err" || fail "--limit in --best: no note"
printf 'a b\na\n' >"$tmp/nocover.dlx"
expect 1 "" -- "$dlx" --min-cost "$tmp/nocover.dlx"
expect 2 "" -- "$dlx" --min-cost --count "$tmp/costs.dlx"
expect 2 "" -- "$dlx" --best 0 "$tmp/costs.dlx"
# Costs are ignored everywhere else.
expect 0 "5" -- "$dlx" --count "$tmp/costs.dlx"
# Bounds and costs together: at least one of each pair, costs choose.
printf '1:2|a 1:2|b\na |5\nb |5\na b |7\na b |8\n' >"$tmp/both.dlx"
expect 0 "cost: 7" -- "$dlx" --min-cost "$tmp/both.dlx"

# Random assignment problems against the Hungarian method.
for seed in 1 2 3 4 5 6; do
  "$python" - "$seed" "$tmp/assign.dlx" "$tmp/assign.want" <<'PY' || fail "assignment $seed: python3-scipy missing?"
import random, sys
from scipy.optimize import linear_sum_assignment
seed, path, want = int(sys.argv[1]), sys.argv[2], sys.argv[3]
rng = random.Random(seed)
n = rng.randint(3, 16)
cost = [[rng.randint(0, 999) for _ in range(n)] for _ in range(n)]
with open(path, "w") as f:
    f.write(" ".join([f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)]) + "\n")
    for i in range(n):
        for j in range(n):
            f.write(f"r{i} c{j} |{cost[i][j]}\n")
rows, cols = linear_sum_assignment(cost)
open(want, "w").write(f"cost: {sum(cost[r][c] for r, c in zip(rows, cols))}\n")
PY
  expect 0 "$(cat "$tmp/assign.want")" -- "$dlx" --min-cost "$tmp/assign.dlx"
done

echo "$((checks - failures)) passed, $failures failed"
[ "$failures" = 0 ]
