#!/usr/bin/env bash
# End-to-end checks of dlx --threads, --estimate and --progress.
# usage: cli_test.sh path/to/dlx path/to/parallel_tests   (the latter writes the problems: --emit KIND ARGS)
set -u
dlx=$1
emit=$2
failures=0 checks=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
# In sanitizer builds, reports go to files that are checked at the end (many commands here discard stderr).
for v in ASAN_OPTIONS UBSAN_OPTIONS TSAN_OPTIONS; do export "$v=${!v:-}${!v:+:}log_path=$tmp/sanitizer"; done
check() { checks=$((checks + 1)); [ "$1" = "$2" ] || fail "$3: got '$1', expected '$2'"; }

problems=("queens 1" "queens 4" "queens 6" "queens 8" "langford 4" "langford 7" "pentominoes 3 5" "pentominoes 5 6"
          "colored 1" "colored 2" "colored 3")
files=()
for p in "${problems[@]}"; do
  f="$tmp/${p// /_}.dlx"
  "$emit" --emit $p >"$f" || fail "cannot write $p"
  files+=("$f")
done

# Every solution of an --all output as one line of sorted options; the lines sorted. (Plain POSIX awk and sort.)
normalize() {
  awk 'BEGIN { n = 0 } /^$/ { n++; next } { print n "\t" $0 }' | sort -t "$(printf '\t')" -k1,1n -k2 |
    awk -F '\t' 'BEGIN { last = -1 }
                 $1 != last { if (NR > 1) print line; line = $2; last = $1; next }
                 { line = line "|" $2 }
                 END { if (NR > 0) print line }' |
    sort
}

for f in "${files[@]}"; do
  expected=$("$dlx" --count "$f" </dev/null)
  for t in 2 3 8; do
    check "$("$dlx" --count --threads "$t" "$f" </dev/null)" "$expected" "$f --count --threads $t"
  done
  # Node counts are exact too.
  n1=$("$dlx" --count --stats "$f" 2>&1 >/dev/null </dev/null | grep '^nodes:')
  n4=$("$dlx" --count --stats --threads 4 "$f" 2>&1 >/dev/null </dev/null | grep '^nodes:')
  check "$n4" "$n1" "$f --stats --threads 4"
  # --all with threads prints the same solutions (in another order).
  "$dlx" --all "$f" </dev/null | normalize >"$tmp/all1"
  "$dlx" --all --threads 4 "$f" </dev/null | normalize >"$tmp/all4"
  cmp -s "$tmp/all1" "$tmp/all4" || fail "$f: --all --threads 4 differs from --all"
  check "$(wc -l <"$tmp/all4")" "$expected" "$f: --all --threads 4 solution count"
done

q8="$tmp/queens_8.dlx"
check "$("$dlx" --count --limit 5 --threads 4 "$q8")" "5+" "--count --limit 5 --threads 4"
# Exactly as many solutions as the limit: "92", not "92+" (the search goes one solution further to tell).
check "$("$dlx" --count --limit 92 --threads 4 "$q8")" "92" "--count --limit 92 --threads 4"
check "$("$dlx" --count --limit 91 --threads 4 "$q8")" "91+" "--count --limit 91 --threads 4"
check "$("$dlx" --count --limit 93 --threads 4 "$q8")" "92" "--count --limit 93 --threads 4"
check "$("$dlx" --all --limit 3 --threads 4 "$q8" | grep -c '^$')" "2" "--all --limit 3 --threads 4: blank lines"
check "$("$dlx" --all --limit 3 --threads 4 "$q8" | grep -c .)" "24" "--all --limit 3 --threads 4: option lines"
check "$("$dlx" --threads 4 "$q8" | wc -l)" "8" "first solution with 4 threads"
"$dlx" --threads 4 "$tmp/queens_4.dlx" >/dev/null; check "$?" "0" "queens 4 has a solution"
printf 'a b\na\n' >"$tmp/none.dlx"
"$dlx" --threads 4 "$tmp/none.dlx" >/dev/null 2>&1; check "$?" "1" "no solution with 4 threads: exit status"
check "$("$dlx" --count --threads 0 "$q8")" "92" "--threads 0 (one per hardware thread)"

# Input errors: one line FILE:LINE: and exit 2, with threads as without.
printf 'a b\nc\n' >"$tmp/bad.dlx"
"$dlx" --count --threads 4 "$tmp/bad.dlx" >"$tmp/out" 2>"$tmp/err"
check "$?" "2" "malformed input: exit status"
check "$(wc -l <"$tmp/err")" "1" "malformed input: stderr lines"
grep -q "^$tmp/bad.dlx:2: " "$tmp/err" || fail "malformed input: $(cat "$tmp/err")"

# --estimate prints the estimated nodes, solutions and time; the tiny tree is searched whole while timing.
"$dlx" --estimate 2000 --seed 3 "$q8" >"$tmp/out" 2>"$tmp/err"
check "$?" "0" "--estimate: exit status"
for key in probes nodes solutions seconds exact; do
  grep -q "^$key: " "$tmp/out" || fail "--estimate: no '$key:' line in $(cat "$tmp/out")"
done
check "$(grep '^probes:' "$tmp/out")" "probes: 2000" "--estimate probes"
estimate() { "$dlx" --estimate 500 --seed 9 "$q8" | grep '^nodes:'; }
check "$(estimate)" "$(estimate)" "--estimate is reproducible with --seed"
"$dlx" --estimate 0 "$q8" >/dev/null 2>&1; check "$?" "2" "--estimate 0"
"$dlx" --estimate 10 --count "$q8" >/dev/null 2>&1; check "$?" "2" "--estimate with --count"

# Progress: nothing on a pipe by default; with --progress, '\r' lines on stderr, erased at the end.
big="$tmp/queens_13.dlx"
"$emit" --emit queens 13 >"$big"
"$dlx" --count --progress-delay 0 "$big" >/dev/null 2>"$tmp/err"
check "$(wc -c <"$tmp/err")" "0" "no progress line on a pipe"
out=$("$dlx" --count --progress --progress-delay 0 --threads 2 "$big" 2>"$tmp/err")
check "$out" "73712" "--progress leaves stdout alone"
grep -q $'\r\\[' "$tmp/err" || fail "--progress: no progress line on stderr: $(od -c "$tmp/err" | head -3)"
[ "$(tail -c 1 "$tmp/err" | od -An -c | tr -d ' ')" = '\r' ] || fail "--progress: line not erased at the end"

"$dlx" --help | grep -q -- '--threads' || fail "--help does not mention --threads"
"$dlx" --help | grep -q 'order' || fail "--help does not say that the order of --all varies with threads"

for report in "$tmp"/sanitizer*; do
  [ -e "$report" ] && fail "sanitizer report: $(head -c 3000 "$report")"
done
echo "$checks checks, $failures failures"
[ "$failures" = 0 ]
