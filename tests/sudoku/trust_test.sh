#!/usr/bin/env bash
# The sudoku command under hostile conditions, end to end: Ctrl-C (SIGINT) and --time-limit part way through a
# count or a batch, output into a closed pipe or a full disk, and malformed, binary and oversized input. What
# must hold: the finished results are kept in order, exit statuses are the documented ones (never 128 or more
# except 130 for Ctrl-C), messages are one line each, and nothing hangs or grows without bound.
#
# usage: trust_test.sh path/to/sudoku path/to/tests/sudoku/data SECTION [sanitized]
#   SECTION: signals, time-limit, pipes, write-errors, input, lists (solve --all) or all; `sanitized` skips the memory bound check
#   (sanitizer builds need far more memory).
#
# Everything waits by polling with generous limits (tests/trust/process_lib.sh), so that a loaded machine or a
# sanitizer build is slow rather than failing.
# shellcheck disable=SC2015  # "check && check || fail" is meant: fail when either check fails
set -u
sudoku=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
data=$(cd "$2" && pwd)
section=${3:-all}
sanitized=${4:-}
program=$sudoku
# shellcheck source=SCRIPTDIR/../trust/process_lib.sh
. "$(cd "$(dirname "$0")/.." && pwd)/trust/process_lib.sh"

# lines FILE N: waits until FILE has at least N complete lines.
lines() {
  local n deadline=$((SECONDS + limit))
  while ((SECONDS < deadline)); do
    n=$(wc -l 2>/dev/null <"$1") && [ "$n" -ge "$2" ] && return 0  # the file may not exist yet
    sleep 0.02
  done
  return 1
}

# Puzzles and their solutions, repeated by doubling: big.txt holds 50 * 2^12 = 204800 puzzles (16 MB), more
# than any test lets run to the end.
make_big() {
  [ -f big.txt ] && return
  cp "$data/top95_sample.txt" big.txt
  "$sudoku" --threads 1 big.txt >big_ref.txt || fail "cannot solve the sample"
  for _ in $(seq 12); do
    cat big.txt big.txt >big2.txt && mv big2.txt big.txt
    cat big_ref.txt big_ref.txt >big2.txt && mv big2.txt big_ref.txt
  done
}

# prefix NAME TOTAL: NAME.out holds the first results of big.txt, complete lines, in order, fewer than TOTAL.
prefix() {
  local got
  got=$(wc -l <"$1.out")
  [ "$got" -lt "$2" ] || fail "$1: $got lines: the run was not cut short"
  head -n "$got" big_ref.txt | cmp -s - "$1.out" || fail "$1: the $got lines written are not the first results"
  [ -z "$(tail -c 1 "$1.out")" ] || fail "$1: the last line is cut"
}

empty16=$(printf '%256s' '' | tr ' ' '.')  # 16x16, no givens: more solutions than any count will reach
empty9=$(printf '%81s' '' | tr ' ' '.')
echo "$empty16" >empty16.txt
echo "$empty9" >empty9.txt

test_signals() {
  local threads n
  # Ctrl-C during one endless count: the partial count "N+", a note, status 130.
  for threads in 1 2; do
    start int_count count --threads "$threads" empty16.txt
    ready "$pid" && busy "$pid" 300 || fail "int_count: not ready"
    kill -INT "$pid"
    finish "$pid"
    expect int_count 130
    grep -Eqx '[0-9]+\+' int_count.out && [ "$(wc -l <int_count.out)" = 1 ] ||
      fail "int_count: stdout $(head -c 200 int_count.out)"
    n=$(cat int_count.out)
    [ "$(cat int_count.err)" = "sudoku: interrupted (Ctrl-C) after 0 of the 1 puzzles read; the count of empty16.txt:1 is partial ($n)" ] ||
      fail "int_count: stderr $(cat int_count.err)"
  done

  # Ctrl-C during a big batch: the finished prefix, in order, and nothing else.
  make_big
  for threads in 1 3; do
    start int_batch --threads "$threads" big.txt
    lines int_batch.out 1 || fail "int_batch: no output"
    kill -INT "$pid"
    finish "$pid"
    expect int_batch 130
    prefix int_batch 204800
    grep -Eqx "sudoku: interrupted \(Ctrl-C\) after $(wc -l <int_batch.out) of the [0-9]+ puzzles read" int_batch.err &&
      [ "$(wc -l <int_batch.err)" = 1 ] || fail "int_batch: stderr $(head -c 300 int_batch.err)"
  done

  # A batch whose 44th puzzle never ends: the 43 before it are written while it runs; Ctrl-C then adds its
  # partial count and leaves out the ones after it.
  cut -d: -f1 "$data/puzzles_with_counts.txt" >counts_in.txt
  cut -d: -f2 "$data/puzzles_with_counts.txt" >counts_expected.txt
  cat counts_in.txt empty9.txt counts_in.txt >mixed.txt
  start int_mixed count --threads 2 mixed.txt
  lines int_mixed.out 43 || fail "int_mixed: the results before the endless count did not show"
  sleep 0.2
  kill -INT "$pid"
  finish "$pid"
  expect int_mixed 130
  head -n 43 int_mixed.out | cmp -s - counts_expected.txt || fail "int_mixed: the first 43 counts"
  n=$(sed -n 44p int_mixed.out)
  [[ "$n" =~ ^[0-9]+\+$ ]] && [ "$(wc -l <int_mixed.out)" = 44 ] || fail "int_mixed: $(tail -n +44 int_mixed.out | head -3)"
  [ "$(cat int_mixed.err)" = "sudoku: interrupted (Ctrl-C) after 43 of the 87 puzzles read; the count of mixed.txt:44 is partial ($n)" ] ||
    fail "int_mixed: stderr $(cat int_mixed.err)"

  # SIGTERM and SIGHUP stop a count as Ctrl-C does: the partial count, a note, 128 + the signal.
  for sig in TERM:143:"terminated (SIGTERM)" HUP:129:"hung up (SIGHUP)"; do
    start term_count count empty16.txt
    ready "$pid" && busy "$pid" 300 || fail "term_count: not ready"
    kill "-${sig%%:*}" "$pid"
    finish "$pid"
    expect term_count "$(cut -d: -f2 <<<"$sig")"
    n=$(cat term_count.out)
    [[ "$n" =~ ^[0-9]+\+$ ]] || fail "term_count: stdout $(head -c 100 term_count.out)"
    [ "$(cat term_count.err)" = "sudoku: ${sig#*:*:} after 0 of the 1 puzzles read; the count of empty16.txt:1 is partial ($n)" ] ||
      fail "term_count: stderr $(head -c 300 term_count.err)"
  done

  # Two Ctrl-Cs at once: 130 whichever gets there first (the second exits at once).
  start int_twice count empty16.txt
  ready "$pid" || fail "int_twice: not ready"
  kill -INT "$pid"
  kill -INT "$pid"
  finish "$pid"
  expect int_twice 130
}

test_time_limit() {
  local started ms n
  started=$(now)
  start tl_count count --time-limit 1 empty16.txt
  finish "$pid"
  ms=$(elapsed_since "$started")
  expect tl_count 3
  [ "$ms" -ge 1000 ] || fail "tl_count: ended after $ms ms, before the limit"
  grep -Eqx '[0-9]+\+' tl_count.out || fail "tl_count: stdout $(head -c 200 tl_count.out)"
  n=$(cat tl_count.out)
  [ "$(cat tl_count.err)" = "sudoku: time limit (1 s) reached after 0 of the 1 puzzles read; the count of empty16.txt:1 is partial ($n)" ] ||
    fail "tl_count: stderr $(cat tl_count.err)"

  make_big
  start tl_batch --threads 2 --time-limit 0.5 big.txt
  finish "$pid"
  expect tl_batch 3
  prefix tl_batch 204800
  grep -Eqx "sudoku: time limit \(0.5 s\) reached after [0-9]+ of the [0-9]+ puzzles read" tl_batch.err ||
    fail "tl_batch: stderr $(cat tl_batch.err)"

  # A limit that is not reached changes nothing; units; bad values are usage errors.
  sed -n 1,3p "$data/top95_sample.txt" >three.txt
  start tl_loose --time-limit 2m three.txt
  finish "$pid"
  expect tl_loose 0
  cmp -s tl_loose.out <(head -n 3 big_ref.txt) || fail "tl_loose: output"
  [ -s tl_loose.err ] && fail "tl_loose: stderr $(cat tl_loose.err)"
  local bad
  for bad in -1 abc 1e3 '' 1.5x inf; do
    start tl_bad --time-limit "$bad" three.txt
    finish "$pid"
    expect tl_bad 2
    grep -q "^sudoku: --time-limit $bad: expected a number of seconds" tl_bad.err || fail "tl_bad '$bad': $(cat tl_bad.err)"
    [ -s tl_bad.out ] && fail "tl_bad '$bad': stdout"
  done
}

test_pipes() {
  local threads
  make_big
  for threads in 1 2; do
    piped head_solve head -1 -- --threads "$threads" big.txt
    cmp -s head_solve.out <(head -n 1 big_ref.txt) || fail "head_solve: $(cat head_solve.out)"
  done
  # Puzzles of 0.2 s or so each (1000 of them: minutes in all): the first result goes out after the first
  # puzzle, not after a chunk of 4096, and the closed pipe stops the rest.
  for _ in $(seq 1000); do echo "$empty9"; done >empties.txt
  for threads in 1 2; do
    piped head_count head -1 -- count --limit 200000 --threads "$threads" empties.txt
    [ "$(cat head_count.out)" = "200000+" ] || fail "head_count: $(cat head_count.out)"
  done
  # A reader that goes before anything was written: an endless count notices at once (a watcher sees the
  # pipe lose its reader), not at its first write, which never comes.
  piped gone_count true -- count empty16.txt
  piped gone_batch true -- --threads 2 big.txt
  piped gone_help true -- --help
  # A closed stderr is not fatal: the results still come, the status is the usual one.
  "$sudoku" "$data/top95_sample.txt" missing.txt 2>&- >closed_err.out
  status=$?
  expect closed_err 2
  [ "$(wc -l <closed_err.out)" = 50 ] || fail "closed_err: $(wc -l <closed_err.out) lines"
}

test_write_errors() {
  local started ms threads
  if [ -w /dev/full ]; then
    make_big
    started=$(now)
    timeout -s KILL "$limit" "$sudoku" --threads 2 big.txt >/dev/full 2>full.err
    status=$?
    ms=$(elapsed_since "$started")
    expect full 2
    [ "$(cat full.err)" = "sudoku: write error: No space left on device" ] || fail "full: stderr $(cat full.err)"
    [ "$ms" -lt $((limit * 1000 / 2)) ] || fail "full: took $ms ms"
    "$sudoku" --help >/dev/full 2>full_help.err
    status=$?
    expect full_help 2
    [ "$(cat full_help.err)" = "sudoku: write error: No space left on device" ] || fail "full_help: $(cat full_help.err)"
    # A quick puzzle, then an endless count: the first result's write fails, and that alone must stop the count.
    { sed -n 1p "$data/17_clue_sample.txt"; cat empty16.txt; } >quick_endless.txt
    for threads in 1 2; do
      "$sudoku" count --threads "$threads" quick_endless.txt >/dev/full 2>full_count.err &
      pid=$!
      pids+=("$pid")
      finish "$pid"
      expect full_count 2
      [ "$(cat full_count.err)" = "sudoku: write error: No space left on device" ] || fail "full_count: $(cat full_count.err)"
    done
  fi
  "$sudoku" "$data/top95_sample.txt" >&- 2>closed.err
  status=$?
  expect closed 2
  [ "$(cat closed.err)" = "sudoku: write error: Bad file descriptor" ] || fail "closed: stderr $(cat closed.err)"
}

# grids NAME: NAME.out is whole 81-digit lines, each once, then "stopped" (a list cut short); the grids of the
# first and last thousand lines (the last one where a cut would show) hold every digit once per row, column
# and box (awk, not the program).
grids() {
  local n
  [ "$(tail -n 1 "$1.out")" = stopped ] || fail "$1: the last line is $(tail -n 1 "$1.out" | head -c 100)"
  n=$(($(wc -l <"$1.out") - 1))
  [ "$n" -ge 1 ] || fail "$1: no grid"
  [ "$(head -n "$n" "$1.out" | grep -cEx '[1-9]{81}')" = "$n" ] || fail "$1: lines that are not grids"
  [ "$(head -n "$n" "$1.out" | sort -u | wc -l)" = "$n" ] || fail "$1: a grid listed twice"
  { head -n "$((n < 1000 ? n : 1000))" "$1.out"; head -n "$n" "$1.out" | tail -n 1000; } | awk '{
    delete seen
    for (i = 0; i < 81; i++) {
      d = substr($0, i + 1, 1); r = int(i / 9); c = i % 9; b = int(r / 3) * 3 + int(c / 3)
      if (seen["r" r d]++ || seen["c" c d]++ || seen["b" b d]++) { print NR ": " $0; exit 1 }
    }
  }' >"$1.bad" || fail "$1: breaks the rules: $(cat "$1.bad")"
}

# solve --all on an empty board: solutions without end, written as they are found, never held whole; a closed
# pipe, a time limit or Ctrl-C ends the list at once, after whole grids.
test_lists() {
  local threads
  piped all_head head -1 -- solve --all empty9.txt
  grep -Eqx '[1-9]{81}' all_head.out && [ "$(wc -l <all_head.out)" = 1 ] || fail "all_head: $(head -c 200 all_head.out)"
  echo stopped >>all_head.out
  grids all_head

  # A time limit: the grids written so far, "stopped", the note, status 3; memory stays bounded.
  local -a measure=()
  [ -z "$sanitized" ] && [ -x /usr/bin/time ] && measure=(/usr/bin/time -f %M -o all_tl.rss)
  timeout -s KILL "$limit" "${measure[@]}" "$sudoku" solve --all --time-limit 1 empty9.txt >all_tl.out 2>all_tl.err
  status=$?
  expect all_tl 3
  grids all_tl
  [ "$(cat all_tl.err)" = "sudoku: time limit (1 s) reached after 1 of the 1 puzzles read" ] ||
    fail "all_tl: stderr $(head -c 300 all_tl.err)"
  if [ -f all_tl.rss ]; then
    [ "$(tail -n 1 all_tl.rss)" -lt 65536 ] || fail "all_tl: peak RSS $(tail -n 1 all_tl.rss) KB"
  fi

  # Ctrl-C once grids are being written (they stream before any stop): the same, status 130.
  for threads in 1 2; do
    cat empty9.txt empty9.txt >empty9x2.txt
    start all_int solve --all --threads "$threads" empty9x2.txt
    ready "$pid" && lines all_int.out 1000 || fail "all_int: the first grids did not show while the search ran"
    kill -INT "$pid"
    finish "$pid"
    expect all_int 130
    # The second board's list comes after the first one's: it has none, or its own "stopped" when it had begun.
    grep -n stopped all_int.out | head -n 1 | cut -d: -f1 >all_int.first
    head -n "$(cat all_int.first)" all_int.out >all_int1.out
    tail -n "+$(($(cat all_int.first) + 1))" all_int.out >all_int2.out
    grids all_int1
    [ -s all_int2.out ] && grids all_int2
    grep -Eqx "sudoku: interrupted \(Ctrl-C\) after [12] of the 2 puzzles read" all_int.err ||
      fail "all_int: stderr $(head -c 300 all_int.err)"
  done

  # JSON: the record is closed where the list stopped, its count that of the grids in it.
  start all_json solve --all --format json --time-limit 0.5 empty9.txt
  finish "$pid"
  expect all_json 3
  if [ -x /usr/bin/python3 ]; then
    /usr/bin/python3 -c 'import json, sys
r = json.loads(open("all_json.out").read())
assert r["status"] == "solved" and r["complete"] is False and r["count"] == len(set(r["solutions"])) > 0, r["count"]' ||
      fail "all_json: $(head -c 200 all_json.out) ... $(tail -c 200 all_json.out)"
  fi
}

# check_messages NAME SOURCE: every stderr line is "SOURCE:LINE: message" or "SOURCE: message".
check_messages() {
  local bad
  bad=$(grep -Evc "^$2(:[0-9]+)?: [^ ]" "$1.err")
  [ "$bad" = 0 ] || fail "$1: stderr lines not 'FILE:LINE: message': $(grep -Ev "^$2(:[0-9]+)?: " "$1.err" | head -3)"
}

test_input() {
  local sample f command threads
  sample="$data/top95_sample.txt"
  # Lone CR line ends (old Mac files) end lines as LF does: three puzzles, not one with an "annotation".
  head -n 3 "$sample" | tr '\n' '\r' >cr.txt
  "$sudoku" count cr.txt >cr.out 2>cr.err
  status=$?
  expect cr 0
  cmp -s cr.out <(head -n 3 "$sample" | "$sudoku" count) || fail "cr: $(head -c 300 cr.out)"
  # Boards over 49x49 with few givens (an empty 64x64 or 56x56 board, or one with a few givens) are answered
  # from the pattern of shifted boxes (sudoku::pattern_solutions) instead of hours of search.
  local sym=0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ@%
  printf '%4096s\n' '' | tr ' ' '.' >empty64.txt
  printf '%3136s\n' '' | tr ' ' '.' >empty56.txt
  { printf 'a%.0s' 1; printf '%4094s' '' | tr ' ' '.'; printf 'b\n'; } >few64.txt
  for args in "--box 8x8 --symbols $sym empty64.txt" "--box 7x8 --symbols ${sym:0:56} empty56.txt" \
    "--box 8x8 --symbols $sym few64.txt"; do
    # shellcheck disable=SC2086
    timeout -s KILL "$limit" "$sudoku" $args >big_board.out 2>big_board.err
    status=$?
    expect big_board 0
    grep -q '[.]' big_board.out && fail "big_board ($args): not solved: $(head -c 100 big_board.out)"
    # shellcheck disable=SC2086
    [ "$(timeout -s KILL "$limit" "$sudoku" check ${args% *} big_board.out)" = unique ] ||
      fail "big_board ($args): $(head -c 100 big_board.out)"
    # shellcheck disable=SC2086
    [ "$(timeout -s KILL "$limit" "$sudoku" check $args)" = multiple ] || fail "big_board check ($args)"
  done
  [ "$(head -c 1 big_board.out)" = a ] && [ "$(head -c 4096 big_board.out | tail -c 1)" = b ] ||
    fail "few64: givens not kept: $(head -c 100 big_board.out)"
  awk -v sym=$sym 'BEGIN { for (r = 0; r < 64; r++) for (c = 0; c < 64; c++)
                             printf "%s", (r * 7 + c * 13) % 10 < 3 ? "." : substr(sym, (8 * (r % 8) + int(r / 8) + c) % 64 + 1, 1)
                           print "" }' >p64.txt
  timeout -s KILL "$limit" "$sudoku" --box 8x8 --symbols $sym p64.txt >p64.out 2>p64.err
  status=$?
  expect p64 0
  grep -q '[.]' p64.out && fail "p64: not solved: $(head -c 100 p64.out)"
  [ "$(timeout -s KILL "$limit" "$sudoku" check --box 8x8 --symbols $sym p64.out)" = unique ] || fail "p64: $(head -c 100 p64.out)"
  # An unreadable input (EIO) among others: named in the "FILE: why" form (no line 0), and the later inputs
  # are still read.
  if [ -r /proc/self/mem ]; then
    head -n 3 "$sample" >three.txt
    "$sudoku" count three.txt /proc/self/mem three.txt >abc.out 2>abc.err
    status=$?
    expect abc 2
    [ "$(wc -l <abc.out)" = 6 ] || fail "abc: $(wc -l <abc.out) results"
    [ "$(cat abc.err)" = "/proc/self/mem: cannot read file: Input/output error" ] || fail "abc: $(head -c 300 abc.err)"
  fi
  # A line of 100 MB of digits amid a batch: an error for that line alone, in bounded memory.
  {
    cat "$sample"
    head -c 100000000 /dev/zero | tr '\0' '1'
    echo
    cat "$sample"
  } >huge.txt
  for threads in 1 3; do
    if [ -z "$sanitized" ] && [ -x /usr/bin/time ]; then
      /usr/bin/time -f %M -o huge.rss "$sudoku" --threads "$threads" huge.txt >huge.out 2>huge.err
      status=$?
      [ "$(tail -1 huge.rss)" -lt 32768 ] || fail "huge: peak RSS $(tail -1 huge.rss) KB"
    else
      "$sudoku" --threads "$threads" huge.txt >huge.out 2>huge.err
      status=$?
    fi
    expect huge 2
    [ "$(wc -l <huge.out)" = 101 ] || fail "huge: $(wc -l <huge.out) lines"
    [ "$(sed -n 51p huge.out)" = "error: line longer than 65536 bytes" ] || fail "huge: line 51 $(sed -n 51p huge.out | head -c 100)"
    [ "$(cat huge.err)" = "huge.txt:51: line longer than 65536 bytes" ] || fail "huge: stderr $(head -c 300 huge.err)"
    { head -n 50 huge.out; tail -n 50 huge.out; } | cmp -s - <(cat "$sample" "$sample" | "$sudoku" --threads 1) ||
      fail "huge: the other puzzles"
  done
  "$sudoku" <huge.txt >huge_stdin.out 2>huge_stdin.err
  status=$?
  expect huge_stdin 2
  [ "$(cat huge_stdin.err)" = "<stdin>:51: line longer than 65536 bytes" ] || fail "huge_stdin: $(head -c 300 huge_stdin.err)"
  rm -f huge.txt

  # The line layout with CRLF ends, a byte order mark, comments and annotations: the same results as plain.
  sed -n 1,5p "$sample" >plain.txt
  { printf '\xef\xbb\xbf# comment\r\n'; sed -n 1,5p "$sample" | sed 's/$/ rated 1.5\r/'; } >dressed.txt
  "$sudoku" plain.txt >plain.out 2>&1 || fail "plain: status $?"
  "$sudoku" dressed.txt >dressed.out 2>dressed.err || fail "dressed: status $?"
  sed 's/$/ rated 1.5/' plain.out | cmp -s - dressed.out || fail "dressed: $(head -2 dressed.out)"

  # Counting with a limit: an empty grid (N+), a puzzle with many solutions, one with exactly the limit.
  "$sudoku" count --limit 1000 empty9.txt >limit.out 2>&1
  status=$?
  expect limit 0
  [ "$(cat limit.out)" = "1000+" ] || fail "limit: $(cat limit.out)"
  "$sudoku" count --limit 1000 empty16.txt >limit16.out 2>&1 && [ "$(cat limit16.out)" = "1000+" ] ||
    fail "limit16: $(cat limit16.out)"

  # Hostile files: whatever they hold, one result per puzzle read, statuses 0, 1 or 2, messages FILE:LINE.
  printf '4.....8.5.3..\0.......7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n' >nul.txt
  head -c 30000 /dev/urandom >garbage.bin
  tr -dc 'a-zA-Z0-9.#| \n\t-' </dev/urandom | head -c 30000 >printable.txt
  : >empty.txt
  printf '# only\n# comments\n\n' >comments.txt
  printf '%s' "$(sed -n 9p "$sample")" >truncated.txt
  printf '%s\n' "12345678.........9$(printf '.%.0s' {1..63})" >unsolvable.txt
  printf '%s\n' "5....5$(printf '.%.0s' {1..75})" >repeated.txt
  head -n 5 "$data/serg_benchmark_sample.txt" >multiple.txt
  printf '123\n' >short.txt
  printf 'x%s\n' "$(sed -n 5p "$sample" | cut -c2-)" >unknown.txt
  { sed -n 1,3p "$sample"; echo "12345"; sed -n 4,6p "$sample"; } >middle.txt
  printf '1 2 3 4\n3 4 1 2\n2 1\n' >cutgrid.txt
  printf '%s\n' "$(sed -n 1p "$sample") $(head -c 60000 /dev/zero | tr '\0' 'a')" >longnote.txt
  for f in nul.txt garbage.bin printable.txt empty.txt comments.txt truncated.txt unsolvable.txt repeated.txt \
    multiple.txt short.txt unknown.txt middle.txt cutgrid.txt longnote.txt missing.txt .; do
    for command in solve "count --limit 5" check; do
      for threads in 1 3; do
        # shellcheck disable=SC2086
        "$sudoku" $command --threads "$threads" "$f" >hostile.out 2>hostile.err
        status=$?
        [ "$status" -le 2 ] || fail "$f ($command, $threads threads): exit status $status"
        check_messages hostile "$f"
      done
    done
  done
  # The bad line in the middle costs only itself, in place.
  "$sudoku" middle.txt >middle.out 2>middle.err
  status=$?
  expect middle 2
  [ "$(sed -n 4p middle.out)" = "error: wrong length: 5 cells; a one-line puzzle has 16, 36, 64, 81, 144, 256 or 625 (or use --box)" ] ||
    fail "middle: line 4 $(sed -n 4p middle.out)"
  { sed -n 1,3p middle.out; sed -n 5,7p middle.out; } | cmp -s - <(sed -n 1,6p "$sample" | "$sudoku") ||
    fail "middle: the good puzzles"
  [ "$(wc -l <middle.err)" = 1 ] && grep -q '^middle.txt:4: ' middle.err || fail "middle: stderr $(cat middle.err)"
  "$sudoku" check unsolvable.txt multiple.txt >verdicts.out 2>&1
  status=$?
  expect verdicts 1
  [ "$(sort -u verdicts.out | tr '\n' ' ')" = "multiple none " ] || fail "verdicts: $(cat verdicts.out)"
  "$sudoku" empty.txt comments.txt >nothing.out 2>&1
  status=$?
  expect nothing 0
  [ -s nothing.out ] && fail "nothing: $(cat nothing.out)"
}

case "$section" in
  signals) test_signals ;;
  time-limit) test_time_limit ;;
  pipes) test_pipes ;;
  write-errors) test_write_errors ;;
  input) test_input ;;
  lists) test_lists ;;
  all)
    test_signals
    test_time_limit
    test_pipes
    test_write_errors
    test_input
    test_lists
    ;;
  *)
    echo "unknown section $section" >&2
    exit 2
    ;;
esac

if [ "$failures" -gt 0 ]; then
  echo "$failures failure(s)" >&2
  exit 1
fi
echo "sudoku trust tests ($section) passed"
