#!/usr/bin/env bash
# The one pipeline end to end (issue "every command threaded, machine-readable, interruptible and
# self-describing"): every command in every structured format, parsed back by Python; the same output on 1 and 4
# threads; puzzles written back with their rules and read back with the same count; solve --all and --limit;
# emit counted by dlx; partial results still valid in their format; results flowing from a slow producer, and
# Ctrl-C while it pauses.
# usage: pipeline_cli_test.sh path/to/sudoku path/to/tests/sudoku/data path/to/dlx [SECTION]
# SECTION (formats, threads, rules, stops or endless) runs that part alone, so that ctest can run the parts side
# by side and ThreadSanitizer only the parts where threads meet.
# shellcheck source=tests/sudoku/sudoku_cli_lib.sh
. "$(dirname "$0")/sudoku_cli_lib.sh" "$@"
dlx=$(cd "$(dirname "$3")" && pwd)/$(basename "$3")
python=/usr/bin/python3
section=${4:-}
want() { [ -z "$section" ] || [ "$section" = "$1" ]; }
case "$section" in
  "" | formats | threads | rules | stops | endless) ;;
  *) echo "pipeline_cli_test.sh: unknown section '$section'" >&2 && exit 2 ;;
esac

head -n 12 "$data/top95_sample.txt" >sample.txt
head -n 12 "$data/17_clue_sample.txt" >>sample.txt
printf '%s\n' "not a puzzle at all" >>sample.txt
empty4=$(printf '.%.0s' {1..16})
jigsaw=AAABBBCCCAAABBBCCCAAEBBBCCCDDDAEEFFFDDDEEEFFFDDDEEEFFFGGGHHHIIIGGGHHHIIIGGGHHHIII

if want formats; then
# --- every command x every structured format: parsed back, one record per puzzle, line/puzzle/status always
for command in solve count check rate hint steps minimize candidates; do
  for format in json json-array csv; do
    "$sudoku" "$command" --format "$format" sample.txt >"$command.$format" 2>/dev/null
    status=$?
    [ "$status" -le 2 ] || fail "$command $format: exit $status"
    $python - "$command.$format" "$format" "$(wc -l <sample.txt)" <<'PY' || fail "$command $format: $(head -c 300 "$command.$format")"
import csv, json, sys
path, fmt, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
text = open(path).read()
if fmt == "json":
    records = [json.loads(line) for line in text.splitlines()]
elif fmt == "json-array":
    records = json.loads(text)
else:
    records = list(csv.DictReader(open(path)))
assert len(records) == n, (len(records), n)
for i, r in enumerate(records):
    assert int(r["line"]) == i + 1, r
    assert "puzzle" in r, r
    if fmt != "csv" or "status" in r:
        assert r["status"], r
assert fmt == "csv" or records[-1]["status"] == "error", records[-1]
PY
  done
done

fi

if want threads; then
# --- threads: byte-identical output on 1 and 4 threads, every command and format
for command in solve count check rate hint steps minimize candidates; do
  for format in same json; do
    "$sudoku" "$command" --format "$format" --threads 1 sample.txt >t1.out 2>/dev/null
    "$sudoku" "$command" --format "$format" --threads 4 sample.txt >t4.out 2>/dev/null
    cmp -s t1.out t4.out || fail "threads: $command $format differs on 1 and 4 threads"
  done
done
"$sudoku" generate 6 --seed 11 --threads 1 >g1.out
"$sudoku" generate 6 --seed 11 --threads 4 >g4.out
cmp -s g1.out g4.out || fail "threads: generate differs on 1 and 4 threads"

fi

if want rules; then
# --- self-describing puzzles: what generate, minimize and solve write reads back with the same count
for rules in "--variant x" "--variant windoku" "--variant anti-knight" "--variant non-consecutive" \
  "--regions $jigsaw"; do
  # shellcheck disable=SC2086
  "$sudoku" generate 2 --seed 3 $rules >gen.out 2>gen.err || fail "generate $rules: $(cat gen.err)"
  [ "$("$sudoku" check gen.out | sort -u)" = unique ] || fail "generate $rules | check: $("$sudoku" check gen.out)"
  "$sudoku" generate 2 --seed 3 --format json $rules >gen.json
  [ "$("$sudoku" check gen.json | sort -u)" = unique ] || fail "generate --format json $rules | check"
  "$sudoku" generate 2 --seed 3 --format csv $rules >gen.csv
  [ "$("$sudoku" check gen.csv | sort -u)" = unique ] || fail "generate --format csv $rules | check"
  "$sudoku" minimize gen.out >min.out || fail "minimize $rules"
  [ "$("$sudoku" check min.out | sort -u)" = unique ] || fail "minimize $rules | check: $(cat min.out)"
  "$sudoku" solve gen.out >sol.out || fail "solve $rules"
  [ "$("$sudoku" count sol.out | sort -u)" = 1 ] || fail "solve $rules | count: $(cat sol.out)"
  "$sudoku" solve --format json gen.out >sol.json
  [ "$("$sudoku" count sol.json | sort -u)" = 1 ] || fail "solve --format json $rules | count"
done
# Killers (their cages), minimized and solved
head -n 2 "$data/killers.txt" >killers.txt
"$sudoku" minimize killers.txt >kmin.out || fail "minimize killers"
[ "$("$sudoku" check kmin.out | sort -u)" = unique ] || fail "killer minimize | check: $(cat kmin.out)"
"$sudoku" count --format json killers.txt >kcount.json
[ "$("$sudoku" count kcount.json | sort -u)" = 1 ] || fail "killer json | count"
# Pencilmarks: the JSON record's puzzle is the marks
marks=$("$sudoku" candidates <<<"$(head -n 1 sample.txt)" | cut -d' ' -f1)
echo "$marks" | "$sudoku" count --format json >marks.json
[ "$("$sudoku" count marks.json)" = "$(echo "$marks" | "$sudoku" count)" ] || fail "pencilmarks json | count"

# --- solve --all and --limit N
[ "$(echo "$empty4" | "$sudoku" solve --all | wc -l)" = 288 ] || fail "solve --all: not 288 lines"
[ "$(echo "$empty4" | "$sudoku" solve --all | sort -u | wc -l)" = 288 ] || fail "solve --all: repeats"
[ "$(echo "$empty4" | "$sudoku" solve --limit 5 | wc -l)" = 5 ] || fail "solve --limit 5"
echo "$empty4" | "$sudoku" solve --all --format json >all.json
$python -c 'import json,sys; r=json.load(open("all.json")); assert r["count"]==288 and r["complete"] and len(set(r["solutions"]))==288' ||
  fail "solve --all --format json"
echo "$empty4" | "$sudoku" check --format json | grep -q '"status":"multiple"' || fail "check json"

# --- emit: counted by dlx as sudoku counts
for line in "$(sed -n 1p sample.txt)" "$empty4" "x:$empty4" "$(sed -n 1p killers.txt)"; do
  want=$(echo "$line" | "$sudoku" count --limit 1000)
  got=$(echo "$line" | "$sudoku" emit | "$dlx" --count --limit 1000 2>/dev/null)
  [ "${got%% *}" = "$want" ] || fail "emit | dlx --count: $got, sudoku count: $want ($line)"
done

fi

if want stops; then
# --- partial results in the format asked for: a stopped count is a record with complete false, and a
# stopped json-array is still one JSON array
empty9=$(printf '.%.0s' {1..81})
echo "$empty9" | "$sudoku" count --format json-array --time-limit 0.5 >stopped.json
status=$?
[ "$status" = 3 ] || fail "stopped count: exit $status"
$python -c 'import json; r=json.load(open("stopped.json")); assert len(r)==1 and r[0]["complete"] is False and r[0]["count"]>0' ||
  fail "stopped json-array: $(cat stopped.json)"
echo "$empty9" | "$sudoku" count --format csv --time-limit 0.5 >stopped.csv
$python -c 'import csv; r=list(csv.DictReader(open("stopped.csv"))); assert len(r)==1 and r[0]["count"].endswith("+")' ||
  fail "stopped csv: $(cat stopped.csv)"
# --stats counts the search a stop cut short: its own line, marked, and its nodes in the summary
echo "$empty9" | "$sudoku" count --stats --time-limit 0.5 >/dev/null 2>stopped.err
grep -Eq '^<stdin>:1: [1-9][0-9]* nodes, [0-9.]+ us \(stopped\)$' stopped.err &&
  grep -Eq '^sudoku: 0 puzzles, [1-9][0-9]* nodes' stopped.err || fail "stopped count --stats: $(cat stopped.err)"

# --- a slow producer: the first result is out before the second puzzle is written, and Ctrl-C during the
# pause stops at once, keeping it. No timing is assumed: the test waits (up to a minute) for what must come.
mkfifo slow.fifo
set -m
# A test started with SIGINT ignored hands that on, and the command leaves an ignored SIGINT alone, as Unix
# tools do: env puts the default action back (job control does not undo an ignore inherited from outside).
env --default-signal=INT "$sudoku" slow.fifo >slow.out 2>slow.err &
pid=$!
exec 3>slow.fifo
sed -n 1p sample.txt >&3
for _ in $(seq 600); do
  [ -s slow.out ] && break
  sleep 0.1
done
[ "$(wc -l <slow.out)" = 1 ] || fail "slow producer: no result while the producer pauses"
kill -INT "$pid"
for _ in $(seq 600); do
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.1
done
if kill -0 "$pid" 2>/dev/null; then
  fail "slow producer: Ctrl-C during the pause did not stop it"
  kill -KILL "$pid"
fi
wait "$pid"
status=$?
exec 3>&-
set +m
[ "$status" = 130 ] || fail "slow producer: exit $status, expected 130"
[ "$(wc -l <slow.out)" = 1 ] || fail "slow producer: $(wc -l <slow.out) results kept"
grep -q "after 1 of the 1 puzzles read" slow.err || fail "slow producer: $(cat slow.err)"

# --- Ctrl-C and --time-limit on the maker's commands on 25x25 boards: minimize, candidates and generate end
# soon after the stop (the bound here is generous: a loaded machine), with the status of the stop
cp "$data/generated_25x25.txt" big.out
for command in minimize candidates generate; do
  args=("$command" big.out)
  [ "$command" = generate ] && args=(generate 3 --box 5x5 --minimal --seed 2)
  timeout -s KILL 60 "$sudoku" "${args[@]}" --time-limit 1 >/dev/null 2>big.err
  status=$?
  [ "$status" = 3 ] || [ "$status" = 0 ] || fail "$command 25x25 --time-limit: exit $status ($(cat big.err))"
  set -m
  timeout -s KILL 60 "$sudoku" "${args[@]}" >/dev/null 2>big.err &
  pid=$!
  sleep 1
  kill -INT "$pid" 2>/dev/null
  wait "$pid"
  status=$?
  set +m
  [ "$status" = 130 ] || [ "$status" = 0 ] || fail "$command 25x25 Ctrl-C: exit $status ($(cat big.err))"
done

# --- --time-limit inside one graded rating: a puzzle whose SE rating needs nested chains (seconds of work) is
# left unrated, with the status of the stop, rather than finished after the limit or reported stuck
nested=98.76.5..7...5.6.......4.9.3..6....9....3..65.....73..2...7.9...1.....2....2.8..6
for command in rate steps; do
  echo "$nested" | timeout -s KILL 120 "$sudoku" "$command" --format json --time-limit 0.3 >nested.out 2>nested.err
  status=$?
  [ "$status" = 3 ] || fail "$command nested --time-limit: exit $status ($(cat nested.err))"
  grep -q "after 0 of the 1 puzzles read" nested.err || fail "$command nested --time-limit: $(cat nested.err)"
  [ ! -s nested.out ] || fail "$command nested --time-limit: wrote $(head -c 200 nested.out)"
done
fi

if want endless; then
# --- --time-limit on every command over an endless input (and generate asked for 10^9 puzzles): each stops,
# status 3, and what it wrote is whole records of the format asked for
puzzle=$(sed -n 1p sample.txt)
for command in solve count check rate hint steps minimize candidates generate; do
  for format in json json-array; do
    if [ "$command" = generate ]; then
      timeout -s KILL 120 "$sudoku" generate 1000000000 --seed 1 --format "$format" --time-limit 1 >endless.out 2>endless.err
      status=$?
    else
      yes "$puzzle" | timeout -s KILL 120 "$sudoku" "$command" --format "$format" --time-limit 1 >endless.out 2>endless.err
      status=${PIPESTATUS[1]}
    fi
    [ "$status" = 3 ] || fail "endless $command $format: exit $status ($(head -c 200 endless.err))"
    $python - endless.out "$format" <<'PY' || fail "endless $command $format: not whole records: $(tail -c 200 endless.out)"
import json, sys
text = open(sys.argv[1]).read()
records = json.loads(text) if sys.argv[2] == "json-array" else [json.loads(l) for l in text.splitlines()]
assert len(records) > 0
for r in records:
    assert r["status"] and "puzzle" in r, r
PY
    grep -q "time limit" endless.err || fail "endless $command $format: $(cat endless.err)"
  done
done
fi

finish "pipeline${section:+ ($section)}"
