#!/usr/bin/env bash
# End-to-end checks of memoized counting in the dlx command: --count --memo[=SIZE], --zdd FILE, --sample N,
# --stats, --threads, --time-limit, the 2^128 overflow rule and the usage errors.
# usage: memo_cli_test.sh path/to/dlx path/to/tests/dlx/data
set -u
dlx=$1
data=$2
# shellcheck source=SCRIPTDIR/../common/cli_lib.sh
. "$(cd "$(dirname "$0")/.." && pwd)/common/cli_lib.sh"

# shellcheck source=SCRIPTDIR/problems_lib.sh
. "$(cd "$(dirname "$0")" && pwd)/problems_lib.sh"
dominoes 4 4 >"$tmp/d4.dlx"
dominoes 10 10 >"$tmp/d10.dlx"
dominoes 12 12 >"$tmp/d12.dlx"

expect 0 "36" -- "$dlx" --count --memo "$tmp/d4.dlx"
expect 0 "36" -- "$dlx" --memo --count "$tmp/d4.dlx"
expect 0 "258584046368" -- "$dlx" -c --memo "$tmp/d10.dlx"
expect 0 "258584046368" -- "$dlx" -c --memo=1M --threads 2 "$tmp/d10.dlx"
expect 0 "53060477521960000" -- "$dlx" -c --memo=16M "$tmp/d12.dlx"
expect 0 "2" -- "$dlx" --count --memo=2GiB "$data/colors.dlx"
expect 0 "0" -- "$dlx" --count --memo "$data/no_options.dlx"
# The same count as without --memo, and on standard input.
expect 0 "2" -- bash -c "\"$dlx\" --count --memo < \"$data/colors.dlx\""
# --stats: the cache's figures on stderr.
expect 0 "36" -- "$dlx" --count --memo --stats "$tmp/d4.dlx"
for field in nodes states 'cache hits' evictions memory seconds; do
  grep -q "^$field: " "$tmp/err" || fail "--memo --stats printed no '$field'"
done

# Where states rarely repeat (queens), the counter gives up memoizing below some depth and says so; the count
# is the plain count, also with threads and with a cache too small for the states. Tilings never give up.
queens() {
  local n=$1 r c
  for ((r = 0; r < n; r++)); do printf 'R%d C%d ' $r $r; done
  printf '|'
  for ((r = 0; r < 2 * n - 1; r++)); do printf ' A%d B%d' $r $r; done
  echo
  for ((r = 0; r < n; r++)); do
    for ((c = 0; c < n; c++)); do echo "R$r C$c A$((r + c)) B$((r - c + n - 1))"; done
  done
}
queens 11 >"$tmp/q11.dlx"
expect 0 "2680" -- "$dlx" --count "$tmp/q11.dlx"
for extra in "--memo" "--memo --threads 2" "--memo=64K --threads 3"; do
  # shellcheck disable=SC2086 # word splitting of $extra is wanted
  expect 0 "2680" -- "$dlx" --count --stats $extra "$tmp/q11.dlx"
  grep -q "^plain subtrees: [1-9][0-9]* ([0-9]* nodes; memoizing given up from depth [1-9]" "$tmp/err" ||
    fail "queens 11, --memo $extra: no 'plain subtrees' line: $(cat "$tmp/err")"
done
expect 0 "258584046368" -- "$dlx" --count --memo --stats "$tmp/d10.dlx"
grep -q "^plain subtrees" "$tmp/err" && fail "10x10 dominoes gave up memoizing: $(cat "$tmp/err")"

# 2^127 exactly; 2^128 is past the width: the overflow rule.
binary 127 >"$tmp/b127.dlx"
binary 128 >"$tmp/b128.dlx"
expect 0 "170141183460469231731687303715884105728" -- "$dlx" --count --memo "$tmp/b127.dlx"
expect 4 "340282366920938463463374607431768211455+" -- "$dlx" --count --memo "$tmp/b128.dlx"
grep -q "^dlx: the number of solutions exceeds 2^128-1" "$tmp/err" || fail "overflow note: $(cat "$tmp/err")"

# --zdd: the count on stdout, the ZDD in the file; its paths, counted with awk, give the count again.
expect 0 "12988816" -- "$dlx" --zdd "$tmp/z" <(dominoes 8 8)
paths=$(awk '/^root: / { print p[$2]; next }
             { sub(":", "", $1); gsub(/[()]/, "", $2); p[0] = 0; p[1] = 1; p[$1] = p[$3] + p[$4] }' "$tmp/z")
[ "$paths" = 12988816 ] || fail "--zdd: $paths paths"
expect 2 "" -- "$dlx" --zdd "$tmp/no/such/dir/z" "$tmp/d4.dlx"
grep -q "^dlx: --zdd .*: cannot open for writing" "$tmp/err" || fail "--zdd unwritable: $(cat "$tmp/err")"

# --sample: N whole solutions, as --all prints them, each a tiling; the same seed gives the same ones.
expect 0 "" -- "$dlx" --sample 5 --seed 7 "$tmp/d10.dlx"
cp "$tmp/out" "$tmp/sample1"
[ "$(grep -c '^$' "$tmp/sample1")" = 4 ] || fail "--sample 5: not 5 solutions"
[ "$(grep -c . "$tmp/sample1")" = 250 ] || fail "--sample 5: not 50 dominoes each"
# Each solution covers each of the 100 cells once.
awk -v RS= '{ delete seen; for (i = 1; i <= NF; i++) if (seen[$i]++) bad = 1; if (NF != 100) bad = 1 }
            END { exit bad }' "$tmp/sample1" || fail "--sample: a drawn solution is not a tiling"
expect 0 "" -- "$dlx" --sample 5 --seed 7 "$tmp/d10.dlx"
cmp -s "$tmp/out" "$tmp/sample1" || fail "--sample: the same seed drew other solutions"
expect 0 "" -- "$dlx" --sample 3 "$data/no_options.dlx"
[ ! -s "$tmp/out" ] || fail "--sample of a problem without solutions printed something"

# Stopped counts are partial: "N+", the note, status 3.
expect 3 "" -- "$dlx" --count --memo --time-limit 0.2 <(complete 40)
grep -q '^[0-9]*+$' "$tmp/out" || fail "--time-limit: $(cat "$tmp/out")"
grep -q "^dlx: time limit (0.2 s) reached: the count is partial, a lower bound: " "$tmp/err" || fail "note: $(cat "$tmp/err")"

# Usage errors: one line, status 2.
for bad in "--memo" "--all --memo" "--estimate 5 --memo" "--count --memo=7Q" "--count --memo=0" \
  "--count --memo --limit 5" "--sample 0" "--sample 2 --count" "--sample 2 --zdd $tmp/z" "--all --zdd $tmp/z"; do
  # shellcheck disable=SC2086
  expect 2 "" -- "$dlx" $bad "$tmp/d4.dlx"
  [ "$(wc -l <"$tmp/err")" = 1 ] && grep -q "^dlx: " "$tmp/err" || fail "$bad: stderr $(head -c 300 "$tmp/err")"
done

echo "$checks checks, $failures failures"
[ "$failures" = 0 ]
