#!/usr/bin/env bash
# The puzzle maker's commands end to end: generate, rate, hint, steps, minimize, candidates, check --minimal,
# and the formats a user expects in and out (count/check as CSV and JSON that Python parses, puzzle:count lines,
# CSV with a header, this program's own CSV and JSON read back, Kennett's % lines, pencilmark lines).
# usage: maker_cli_test.sh path/to/sudoku path/to/tests/sudoku/data
set -u
sudoku=$1
data=$2
# shellcheck source=../common/cli_lib.sh
source "$(dirname "$0")/../common/cli_lib.sh"
command -v python3 >/dev/null || { echo "FAIL: python3 is needed (scripts/setup.sh installs it)"; exit 1; }

counts=$data/puzzles_with_counts.txt
hard=$data/top95_sample.txt

# count and check as JSON Lines, a JSON array and CSV: Python reads them, and the counts are the known ones.
expect 0 "" -- "$sudoku" count --format json "$counts"
python3 -c '
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
known = [l.split(":") for l in open(sys.argv[2]) if l.strip()]
assert len(rows) == len(known), (len(rows), len(known))
for i, (r, k) in enumerate(zip(rows, known)):
    assert r["line"] == i + 1 and r["puzzle"] == k[0] and r["count"] == int(k[1]) and r["complete"], (r, k)
' "$tmp/out" "$counts" || fail "count --format json: not the known counts"
expect 1 "" -- "$sudoku" check --format json-array "$counts"
python3 -c '
import json, sys
rows = json.load(open(sys.argv[1]))
known = [int(l.split(":")[1]) for l in open(sys.argv[2]) if l.strip()]
want = ["none" if k == 0 else "unique" if k == 1 else "multiple" for k in known]
assert [r["status"] for r in rows] == want
' "$tmp/out" "$counts" || fail "check --format json-array"
expect 1 "" -- "$sudoku" check --format csv --minimal "$counts"
python3 -c '
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) == 43 and set(rows[0]) == {"line", "puzzle", "status", "annotation"}
assert all(r["status"] in ("none", "multiple", "unique minimal", "unique not-minimal") for r in rows), rows
' "$tmp/out" || fail "check --format csv"
expect 0 "[]" -- "$sudoku" count --format json-array /dev/null

# Reading: own CSV and JSON back, a CSV header, % title lines, puzzle:count lines.
head -5 "$hard" >"$tmp/five.txt"
"$sudoku" --format csv "$tmp/five.txt" >"$tmp/five.csv"
"$sudoku" --format json "$tmp/five.txt" >"$tmp/five.json"
"$sudoku" count --format json "$tmp/five.txt" >"$tmp/five.count.json"
{ echo "Puzzle,Solution"; sed 's/$/,x/' "$tmp/five.txt"; } >"$tmp/header.csv"
{ echo "% Kennett-style title"; cat "$tmp/five.txt"; } >"$tmp/percent.txt"
for f in five.csv five.json five.count.json header.csv percent.txt; do
  expect 0 "unique" -- "$sudoku" check "$tmp/$f"
  [ "$(grep -c '^unique$' "$tmp/out")" = 5 ] || fail "check $f: expected 5 unique, got $(tr '\n' ' ' <"$tmp/out")"
done
{ echo "Title: my puzzles"; cat "$tmp/five.txt"; } >"$tmp/title.txt"
expect 2 "unique" -- "$sudoku" check "$tmp/title.txt"
[ "$(head -1 "$tmp/err")" = "$tmp/title.txt:1: neither a puzzle nor a grid row: 'Title: my puzzles' (a title? start it with '#')" ] ||
  fail "a title line: $(head -1 "$tmp/err")"
[ "$(grep -c '^unique$' "$tmp/out")" = 5 ] || fail "the puzzles after a title line"
expect 0 "" -- "$sudoku" count "$counts"
[ "$(cut -d: -f2 "$counts" | tr '\n' ' ')" = "$(tr '\n' ' ' <"$tmp/out")" ] || fail "count of puzzle:count lines"

# Pencilmarks: the 729-character form of each puzzle counts as the puzzle; candidates are 729 characters.
python3 -c '
import sys
for line in open(sys.argv[1]):
    p = line.split(":")[0]
    print("".join(str(d) if p[c] in ".0" or p[c] == str(d) else "." for c in range(81) for d in range(1, 10)))
' "$counts" >"$tmp/marks.txt"
expect 0 "" -- "$sudoku" count "$tmp/marks.txt"
[ "$(cut -d: -f2 "$counts" | tr '\n' ' ')" = "$(tr '\n' ' ' <"$tmp/out")" ] || fail "count of pencilmark lines"
expect 0 "" -- "$sudoku" candidates "$counts"
awk '{ if (length($1) != 729) bad = 1 } END { exit bad }' "$tmp/out" || fail "candidates: not 729 characters"
head -1 "$tmp/out" | cut -d' ' -f1 >"$tmp/cand.txt"
expect 0 "1" -- "$sudoku" count "$tmp/cand.txt"

# rate, hint, steps, minimize.
expect 0 "" -- "$sudoku" rate "$hard"
[ "$(grep -c '^search guesses=[0-9]* nodes=[0-9]*' "$tmp/out")" -ge 25 ] || fail "rate: hard puzzles not rated search"
expect 1 "multiple" -- "$sudoku" rate "$data/serg_benchmark_sample.txt"
expect 0 "" -- "$sudoku" hint "$tmp/five.txt"
grep -qE '^r[0-9]c[0-9]=[1-9] (naked single|hidden single in (row|column|box) [1-9])$' "$tmp/out" || fail "hint: $(head -1 "$tmp/out")"
expect 0 "solved" -- "$sudoku" steps "$data/17_clue_sample.txt"
expect 0 "" -- "$sudoku" minimize "$tmp/five.txt"
cp "$tmp/out" "$tmp/minimized.txt"
expect 0 "" -- "$sudoku" check --minimal "$tmp/minimized.txt"
[ "$(grep -c '^unique minimal$' "$tmp/out")" = 5 ] || fail "minimize: not minimal"
expect 0 "" -- "$sudoku" check --minimal "$data/17_clue_sample.txt"
[ "$(grep -c '^unique minimal$' "$tmp/out")" = 50 ] || fail "17-clue puzzles: not all minimal"

# generate: the same seed, the same puzzles on any thread count; annotations; the bound on attempts.
expect 0 "" -- "$sudoku" generate 6 --seed 42 --symmetry rotate180 --minimal --threads 1
cp "$tmp/out" "$tmp/gen1"
expect 0 "" -- "$sudoku" generate 6 --seed 42 --symmetry rotate180 --minimal --threads 2
cmp -s "$tmp/out" "$tmp/gen1" || fail "generate: threads change the puzzles"
grep -qE '^[1-9.]{81} seed=42 index=5 clues=[0-9]+ symmetry=rotate180 tier=(singles|locked|subsets|search)$' "$tmp/out" ||
  fail "generate: annotation $(tail -1 "$tmp/out")"
expect 0 "" -- "$sudoku" check --minimal "$tmp/gen1"
[ "$(grep -c '^unique minimal$' "$tmp/out")" = 6 ] || fail "generate --minimal: $(tr '\n' ' ' <"$tmp/out")"
expect 0 "" -- "$sudoku" generate 3 --box 2x3 --clues 12 --seed 1
[ "$(grep -c ' clues=12 ' "$tmp/out")" = 3 ] || fail "generate --clues 12"
expect 0 "" -- "$sudoku" generate 2 --tier locked --seed 3
cut -d' ' -f1 "$tmp/out" >"$tmp/locked.txt"
expect 0 "" -- "$sudoku" rate "$tmp/locked.txt"
[ "$(grep -c '^locked ' "$tmp/out")" = 2 ] || fail "generate --tier locked: rated $(tr '\n' ' ' <"$tmp/out")"
expect 1 "" -- "$sudoku" generate --box 2x2 --tier search --attempts 20 --seed 1
grep -q 'no 4x4 puzzle (boxes 2x2) of tier search found in 20 attempts' "$tmp/err" || fail "generate: $(cat "$tmp/err")"
expect 2 "" -- "$sudoku" generate --symmetry spiral
expect 2 "" -- "$sudoku" rate --seed 3

# Sukaku Explainer's scale (docs/rating.md): rate's er/ep/ed/technique, the steps' ratings, generate --rating.
printf '%s\n' '.2..........6....3.74.8.........3..2.8..4..1.6..5.........1.78.5....9..........4.' >"$tmp/xy.txt"
expect 0 "" -- "$sudoku" rate --format json "$tmp/xy.txt"
python3 -c '
import json, sys
r = json.loads(open(sys.argv[1]).read())
assert (r["er"], r["ep"], r["ed"], r["technique"]) == (4.2, 1.2, 1.2, "XY-Wing"), r
assert r["tier"] == "search", r' "$tmp/out" || fail "rate --format json: $(cat "$tmp/out")"
expect 0 "" -- "$sudoku" steps --format json "$tmp/xy.txt"
python3 -c '
import json, sys
r = json.loads(open(sys.argv[1]).read())
assert r["status"] == "solved", r["status"]
names = [s["technique"] for s in r["steps"]]
assert "XY-Wing" in names, names
assert max(s["rating"] for s in r["steps"]) == 4.2
for s in r["steps"]:
    assert set(s) == {"technique", "rating", "text", "placements", "eliminations", "pattern"}, s
    assert all(len(c) == 3 and 1 <= min(c) and max(c) <= 9 for c in s["placements"] + s["eliminations"]), s' \
  "$tmp/out" || fail "steps --format json: $(head -c 400 "$tmp/out")"
expect 0 "" -- "$sudoku" generate 2 --seed 5 --rating 2.0-3.0 --attempts 400
[ "$(grep -cE ' er=(2\.[0-9]|3\.0)$' "$tmp/out")" = 2 ] || fail "generate --rating: $(cat "$tmp/out")"
cut -d' ' -f1 "$tmp/out" >"$tmp/rated.txt"
expect 0 "" -- "$sudoku" rate --format csv "$tmp/rated.txt"
python3 -c '
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) == 2 and all(2.0 <= float(r["er"]) <= 3.0 for r in rows), rows' "$tmp/out" ||
  fail "generate --rating, rated again: $(cat "$tmp/out")"
expect 2 "" -- "$sudoku" generate --rating 9-3
grep -q -- '--rating 9-3.*lower bound is above the upper' "$tmp/err" || fail "generate --rating 9-3: $(cat "$tmp/err")"
expect 2 "" -- "$sudoku" generate --rating 6.0-x
grep -q 'expected A-B or A' "$tmp/err" || fail "generate --rating 6.0-x: $(cat "$tmp/err")"
expect 2 "" -- "$sudoku" rate --rating 3 "$tmp/xy.txt"
grep -q -- '--rating applies to generate only' "$tmp/err" || fail "rate --rating: $(cat "$tmp/err")"
# generate --rating's records carry the puzzle's ER, EP and ED, the same as rate gives the puzzle.
# rated_as_made RECORDS LOW HIGH: two records, their ER from LOW to HIGH, rate giving each the same ER, EP, ED.
rated_as_made() {
  cp "$tmp/out" "$1"
  expect 0 "" -- "$sudoku" rate --format json "$1"
  python3 -c '
import json, sys
made = [json.loads(l) for l in open(sys.argv[1])]
rated = [json.loads(l) for l in open(sys.argv[2])]
assert len(made) == len(rated) == 2, (made, rated)
for m, r in zip(made, rated):
    assert float(sys.argv[3]) <= m["er"] <= float(sys.argv[4]), m
    assert (m["er"], m["ep"], m["ed"]) == (r["er"], r["ep"], r["ed"]), (m, r)' "$1" "$tmp/out" "$2" "$3" ||
    fail "generate --rating $2-$3 --format json: er, ep, ed $(cat "$1")"
}
expect 0 "" -- "$sudoku" generate 2 --seed 5 --rating 2.0-3.0 --attempts 400 --format json
rated_as_made "$tmp/rated.json" 2.0 3.0
expect 0 "" -- "$sudoku" generate 1 --seed 5 --rating 2.0-3.0 --attempts 400 --format csv
head -1 "$tmp/out" | grep -q ',er,ep,ed' || fail "generate --rating --format csv: $(head -1 "$tmp/out")"
# A rating is never dropped: killers honour it (their cage steps are techniques of the graded engine, once
# refused), random jigsaws on each one's own layout; rate gives each puzzle the ER it was made with.
expect 0 "" -- "$sudoku" generate 2 --variant killer --box 2x3 --rating 2.3-3.0 --seed 3 --format json
rated_as_made "$tmp/killers.json" 2.3 3.0
expect 0 "" -- "$sudoku" generate 2 --regions random --box 2x2 --rating 1.0-1.5 --seed 3 --format json
python3 -c '
import json, sys
made = [json.loads(l) for l in open(sys.argv[1])]
assert len(made) == 2 and all(1.0 <= m["er"] <= 1.5 for m in made), made' "$tmp/out" ||
  fail "generate --regions random --rating: $(cat "$tmp/out")"
# Numbers out of range, one line each, as Python and the page word them.
expect 2 "" -- "$sudoku" generate --clues 82
grep -q -- '--clues 82: expected a whole number from 1 to 81' "$tmp/err" || fail "--clues 82: $(cat "$tmp/err")"
expect 2 "" -- "$sudoku" generate --template /dev/zero
grep -q -- '--template /dev/zero: over 32 MiB; a template is one puzzle' "$tmp/err" || fail "--template /dev/zero: $(cat "$tmp/err")"
expect 2 "" -- "$sudoku" generate 100000000000000000000
grep -q -- 'generate 100000000000000000000: expected a whole number' "$tmp/err" || fail "count: $(cat "$tmp/err")"

echo "$checks checks, $failures failures"
[ "$failures" = 0 ]
