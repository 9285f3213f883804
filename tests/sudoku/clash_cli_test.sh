#!/usr/bin/env bash
# Clashing givens (two equal digits in a house, givens a variant's rule forbids, a cage whose givens break
# its sum) in every command that takes a puzzle: one line naming the clash on stderr (FILE:LINE: ...), the
# clash in the puzzle's place on stdout, status 2, and the puzzles after it still answered.
# usage: clash_cli_test.sh path/to/sudoku
set -u
sudoku=$1
# shellcheck source=../common/cli_lib.sh
source "$(dirname "$0")/../common/cli_lib.sh"

dots() { printf '.%.0s' $(seq 1 "$1"); }
good=4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......

# clash_in COMMAND FILE LINE WHY [OPTIONS...]: the command names the clash on line LINE of FILE, in text and in
# JSON, with status 2, and answers the puzzle after it.
clash_in() {
  local command=$1 file=$2 line=$3 why=$4
  shift 4
  # The puzzles after the clash may be open boards: count stops at a limit.
  [ "$command" = count ] && set -- --limit 10 "$@"
  local shown="error: $why"
  [ "$command" = check ] && shown="none: $why"
  [ "$command" = count ] && shown=0
  expect 2 "" -- "$sudoku" "$command" "$@" "$file"
  [ "$(sed -n "${line}p" "$tmp/out")" = "$shown" ] || fail "$command $*: '$(sed -n "${line}p" "$tmp/out")', expected '$shown'"
  [ "$(cat "$tmp/err")" = "$file:$line: $why" ] || fail "$command $*: stderr '$(cat "$tmp/err")'"
  [ "$(wc -l <"$tmp/out")" -ge 2 ] || fail "$command $*: the puzzle after the clash got no answer: $(cat "$tmp/out")"
  grep -qE '^(error|none)' <(sed -n '$p' "$tmp/out") && fail "$command $*: the good puzzle: $(sed -n '$p' "$tmp/out")"
  expect 2 "" -- "$sudoku" "$command" --format json "$@" "$file"
  python3 -c '
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
assert len(rows) == 2, rows
assert rows[0]["error"] == sys.argv[2], rows[0]
# solve gives an error record; check, count and the maker commands keep their fields, status "none" (the
# text of check says "none: ..." too).
assert rows[0]["status"] == ("error" if sys.argv[3] == "solve" else "none"), rows[0]
assert rows[1].get("error") is None, rows[1]' "$tmp/out" "$why" "$command" || fail "$command --format json $*: $(head -c 400 "$tmp/out")"
}

cd "$tmp" || exit 1
# Two 5s in row 1 of a plain puzzle, then a good one.
printf '%s\n%s\n' "55$(dots 79)" "$good" >plain.txt
row="digit 5 repeated in row 1 (r1c1 and r1c2)"
for command in solve count check rate hint steps minimize candidates; do
  clash_in "$command" plain.txt 1 "$row"
done

# X: two 1s on a diagonal (the commands with rules take their own road: candidates its own solver).
printf '%s\n%s\n' "x:1$(dots 79)1" "x:$(dots 81)" >x.txt
diagonal="digit 1 repeated in diagonal 1 (r1c1 and r9c9)"
for command in count check rate hint steps minimize candidates; do
  clash_in "$command" x.txt 1 "$diagonal"
done

# Anti-knight: two 1s a knight's move apart, in different boxes.
# The good one after it: an anti-knight grid with its first 30 cells blank (an open board's candidates take long).
knight_grid=123456789958317426746829315431792658687541293592683147319268574264975831875134962
printf '%s\n%s\n' "anti-knight:..1$(dots 10)1$(dots 67)" "anti-knight:$(dots 30)${knight_grid:30}" >knight.txt
knight="givens at r1c3 and r2c5 break the anti-knight rule"
for command in count check rate hint steps minimize candidates; do
  clash_in "$command" knight.txt 1 "$knight"
done

# A killer cage of sum 4 whose two givens, 1 and 2, add up to 3: no digit clashes, the sum does.
printf '%s\n%s\n' "killer AA$(dots 79) A=4 givens=12$(dots 79)" "killer AA$(dots 79) A=4 givens=1$(dots 80)" \
  >cage.txt
cage="given 2 at r1c2 breaks the cage at r1c1 (sum 4)"
for command in solve count check rate hint steps candidates; do
  clash_in "$command" cage.txt 1 "$cage"
done

# A template whose givens clash: named, before any attempt.
echo "x:55$(dots 79)" >template.txt
expect 2 "" -- "$sudoku" generate --template template.txt
[ "$(cat "$tmp/err")" = "sudoku: template.txt:1: the template's givens clash: $row" ] ||
  fail "generate --template: $(cat "$tmp/err")"

echo "$checks checks, $failures failures"
[ "$failures" = 0 ]
