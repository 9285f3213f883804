#!/usr/bin/env bash
# End-to-end checks of the dlx command: outputs, exit codes, and one-line FILE:LINE: errors.
# usage: cli_test.sh path/to/dlx path/to/tests/dlx/data
set -u
dlx=$1
data=$2
# shellcheck source=SCRIPTDIR/../common/cli_lib.sh
. "$(cd "$(dirname "$0")/.." && pwd)/common/cli_lib.sh"
# expect_error FILE LINE: exit 2, nothing on stdout, exactly one stderr line starting FILE:LINE:
expect_error() {
  local file=$1 line=$2
  checks=$((checks + 1))
  "$dlx" "$file" >"$tmp/out" 2>"$tmp/err"
  local got=$?
  [ "$got" = 2 ] || fail "$file: exit $got, expected 2"
  [ ! -s "$tmp/out" ] || fail "$file: printed on stdout"
  [ "$(wc -l <"$tmp/err")" = 1 ] || fail "$file: stderr is not one line: $(head -c 300 "$tmp/err")"
  grep -q "^$file:$line: " "$tmp/err" || fail "$file: stderr '$(head -c 300 "$tmp/err")' lacks '$file:$line: '"
}

expect 0 "2" -- "$dlx" --count "$data/colors.dlx"
expect 0 "1+" -- "$dlx" --count --limit 1 "$data/colors.dlx"
# The limit passed means "at least": the search stopped one solution past it.
# --limit N searches one solution further: exactly N solutions print "N", more print "N+".
expect 0 "2" -- "$dlx" -c --limit 2 "$data/colors.dlx"
expect 0 "1+" -- "$dlx" -c --limit 1 "$data/colors.dlx"
expect 0 "2" -- "$dlx" -c --limit 3 "$data/colors.dlx"
expect 0 "" -- "$dlx" "$data/colors.dlx"
[ "$(cat "$tmp/out")" = "$(printf 'a x:1\nb x:1 y:2\nc y:2')" ] || fail "first solution: $(cat "$tmp/out")"
expect 0 "" -- "$dlx" --all "$data/colors.dlx"
[ "$(grep -c '^$' "$tmp/out")" = 1 ] || fail "--all: expected one blank line between two solutions"
[ "$(grep -c . "$tmp/out")" = 5 ] || fail "--all: expected 5 option lines"
expect 0 "" -- "$dlx" --all --limit 1 "$data/colors.dlx"
[ "$(grep -c . "$tmp/out")" = 3 ] || fail "--all --limit 1: expected one solution"
expect 1 "" -- "$dlx" "$data/no_options.dlx"
expect 0 "0" -- "$dlx" --count "$data/no_options.dlx"
expect 0 "2" -- "$dlx" --count "$data/duplicate_options.dlx"
expect 0 "1" -- "$dlx" --count "$data/only_secondary.dlx"
grep -q "only_secondary.dlx:3: warning: option has no primary item" "$tmp/err" || fail "no warning for a secondary-only option"
expect 0 "2" -- bash -c "\"$dlx\" --count < \"$data/colors.dlx\""
expect 0 "2" -- bash -c "\"$dlx\" --count - < \"$data/colors.dlx\""
expect 0 "" -- "$dlx" --stats --count "$data/colors.dlx"
grep -q '^nodes: ' "$tmp/err" && grep -q '^updates: ' "$tmp/err" || fail "--stats printed no nodes/updates"
# Threads count the work of every subproblem, the forcing of its path included: never 0 updates for work done.
for mode in --count --all ""; do
  expect 0 "" -- "$dlx" --stats --threads 2 $mode "$data/colors.dlx"
  grep -q '^updates: [1-9]' "$tmp/err" || fail "--stats --threads 2 $mode: $(grep updates "$tmp/err")"
done
expect 0 "" -- "$dlx" --help
grep -q 'Exit status' "$tmp/out" || fail "--help does not document exit status"
expect 0 "" -- "$dlx" --version
# The second line names the engines' instruction set (src/dlx/engine/isa.hpp); DLX_ISA=portable forces the portable,
# DLX_ISA=avx512 asks for the AVX-512 copy (where there is one).
grep -Eq '^engines: (avx512|avx2|portable)$' "$tmp/out" || fail "--version: $(cat "$tmp/out")"
expect 0 "" -- env DLX_ISA=portable "$dlx" --version
grep -q '^engines: portable$' "$tmp/out" || fail "DLX_ISA=portable --version: $(cat "$tmp/out")"
expect 0 "" -- env DLX_ISA=avx512 "$dlx" --version
grep -Eq '^engines: (avx512|avx2|portable)$' "$tmp/out" || fail "DLX_ISA=avx512 --version: $(cat "$tmp/out")"
expect 2 "" -- "$dlx" --no-such-option
expect 2 "" -- "$dlx" --count --all "$data/colors.dlx"
expect 2 "" -- "$dlx" --limit 0 --count "$data/colors.dlx"
expect 2 "" -- "$dlx" "$data/does-not-exist.dlx"
# Numbers are whole and in range: boost alone took "-1" for 2^64 - 1 (and --threads -1 died starting threads).
for bad in "--threads -1" "--threads 1025" "--threads x" "--limit -1" "--limit 1.5" "--seed -1" "--estimate -1" \
  "--limit 18446744073709551616"; do
  # shellcheck disable=SC2086
  expect 2 "" -- "$dlx" $bad "$data/colors.dlx"
  if [ "$(wc -l <"$tmp/err")" != 1 ] || ! grep -q "^dlx: ${bad% *} ${bad#* }: expected a whole number from" "$tmp/err"; then
    fail "$bad: stderr $(head -c 300 "$tmp/err")"
  fi
done
expect 0 "2" -- "$dlx" --count --limit 18446744073709551615 --seed 18446744073709551615 "$data/colors.dlx"
expect 0 "2" -- "$dlx" --count --time-limit 1m "$data/colors.dlx"
expect 2 "" -- "$dlx" --count --time-limit -1 "$data/colors.dlx"
expect 0 "2" -- "$dlx" --count --seed 7 "$data/colors.dlx"

expect_error "$data/unknown_item.dlx" 3
expect_error "$data/repeated_item.dlx" 3
expect_error "$data/duplicate_names.dlx" 2
expect_error "$data/second_bar.dlx" 1
expect_error "$data/colored_primary.dlx" 3
expect_error "$data/empty_color.dlx" 2
expect_error "$data/no_item_line.dlx" 2
expect_error "$data/empty.dlx" 1
expect_error "$data/nul_byte.dlx" 2
expect_error "$data/garbage.dlx" '[0-9]*'

echo "$((checks - failures)) passed, $failures failed"
[ "$failures" = 0 ]
