#!/usr/bin/env bash
# The dlx command under hostile conditions, end to end: Ctrl-C (SIGINT) and --time-limit part way through a
# count, a list of all solutions, a search for the first one and an estimate, with one thread and two; output into
# a closed pipe or a full disk. What must hold: what was found so far is printed in the normal format, marked
# partial (a count as "N+"), --all output ends after a whole solution, a one-line note on stderr says why, exit
# statuses are the documented ones (130 Ctrl-C, 3 time limit, 0 reader gone, 2 write error), and nothing hangs.
#
# usage: trust_test.sh path/to/dlx path/to/queens path/to/langford SECTION [sanitized]
#   SECTION: signals, time-limit, pipes, write-errors, inputs or all; `sanitized` allows more time to stop (sanitizer
#   builds are slower to wind up and exit).
#
# Everything waits by polling with generous limits, so that a loaded machine or a sanitizer build is slow rather
# than failing. The helpers are tests/trust/process_lib.sh, shared with tests/sudoku/trust_test.sh.
# shellcheck disable=SC2015  # "check && check || fail" is meant: fail when either check fails
set -u
absolute() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }
dlx=$(absolute "$1")
queens=$(absolute "$2")
langford=$(absolute "$3")
section=${4:-all}
sanitized=${5:-}
program=$dlx
# shellcheck source=SCRIPTDIR/../trust/process_lib.sh
. "$(cd "$(dirname "$0")/.." && pwd)/trust/process_lib.sh"
# Milliseconds from SIGINT to the end of the process, at most: it stops within milliseconds, but a loaded machine
# or a sanitizer's exit (the leak check) may take longer; the searches would run for hours otherwise.
prompt=10000
[ -n "$sanitized" ] && prompt=30000

# written FILE: waits until FILE is not empty (the first 64 KiB block of output went out).
written() {
  local deadline=$((SECONDS + limit))
  while ((SECONDS < deadline)); do
    [ -s "$1" ] && return 0
    sleep 0.02
  done
  return 1
}

# interrupt NAME PID: sends SIGINT and waits for the end; fails when it took longer than $prompt ms.
interrupt() {
  local started ms
  started=$(now)
  kill -INT "$2"
  finish "$2"
  ms=$(elapsed_since "$started")
  [ "$ms" -le "$prompt" ] || fail "$1: took $ms ms to stop after SIGINT"
}

# note NAME TEXT: NAME.err is exactly the one line TEXT.
note() {
  [ "$(cat "$1.err")" = "$2" ] || fail "$1: stderr '$(head -c 300 "$1.err")', expected '$2'"
}

# partial_count NAME: NAME.out is one line "N+"; prints N.
partial_count() {
  grep -Eqx '[0-9]+\+' "$1.out" && [ "$(wc -l <"$1.out")" = 1 ] || fail "$1: stdout '$(head -c 200 "$1.out")'"
  tr -d '+' <"$1.out"
}

# solutions NAME: NAME.out holds whole solutions of 20 queens, a blank line between them, and nothing else;
# prints how many (or "bad").
solutions() {
  [ -z "$(tail -c 1 "$1.out")" ] || {
    echo bad
    return
  }
  awk '/^$/ { if (k != 20) bad = 1; k = 0; n++; next }
       /^r[0-9]+ c[0-9]+ a[0-9]+ b[0-9]+$/ { k++; next }
       { bad = 1 }
       END { if (NR == 0) print 0; else if (bad || k != 20) print "bad"; else print n + 1 }' "$1.out"
}

# Problems: 20 queens has about 4e10 solutions (no count here comes near the end); 17 Langford pairs has none,
# which the search finds out only long after any wait here; 8 queens is quick (92).
"$queens" 20 --emit >q20.dlx || fail "queens --emit"
"$queens" 8 --emit >q8.dlx || fail "queens --emit"
"$langford" 17 --emit >l17.dlx || fail "langford --emit"

test_signals() {
  local threads n got
  for threads in 1 2; do
    # A long count: the count so far, "N+", a note, status 130.
    start int_count --count --threads "$threads" q20.dlx
    ready "$pid" && busy "$pid" 300 || fail "int_count: not ready"
    interrupt int_count "$pid"
    expect int_count 130
    n=$(partial_count int_count)
    [ "${n:-0}" -gt 0 ] || fail "int_count ($threads threads): no solution counted in 300 ms"
    note int_count "dlx: interrupted (Ctrl-C): the count is partial, a lower bound: $n+"

    # --all: whole solutions only, as many as the note says; with one thread, the first ones in order.
    start int_all --all --threads "$threads" q20.dlx
    written int_all.out || fail "int_all: no output"
    interrupt int_all "$pid"
    expect int_all 130
    n=$(solutions int_all)
    [ "$n" != bad ] && [ "$n" -gt 0 ] || fail "int_all ($threads threads): not whole solutions: $(tail -c 100 int_all.out)"
    note int_all "dlx: interrupted (Ctrl-C) after $n solutions; there may be more"
    if [ "$threads" = 1 ] && [ "$n" != bad ]; then
      "$dlx" --all --limit "$n" q20.dlx | cmp -s - int_all.out || fail "int_all: not the first $n solutions"
    fi
    rm -f int_all.out

    # The first solution of a problem that has none: no "no solution" (the search did not finish).
    start int_first --threads "$threads" l17.dlx
    ready "$pid" && busy "$pid" 300 || fail "int_first: not ready"
    interrupt int_first "$pid"
    expect int_first 130
    [ -s int_first.out ] && fail "int_first: stdout $(head -c 200 int_first.out)"
    note int_first "dlx: interrupted (Ctrl-C) before a solution was found"
  done

  # An estimate: from the probes made so far, said so on stdout and stderr.
  start int_estimate --estimate 1000000000000 q20.dlx
  ready "$pid" && busy "$pid" 300 || fail "int_estimate: not ready"
  interrupt int_estimate "$pid"
  expect int_estimate 130
  got=$(head -n 1 int_estimate.out)
  [[ "$got" =~ ^probes:\ ([0-9]+)\ of\ 1000000000000$ ]] && n=${BASH_REMATCH[1]} || n=0
  [ "$n" -gt 0 ] || fail "int_estimate: stdout $(head -c 200 int_estimate.out)"
  grep -q '^nodes: [0-9]' int_estimate.out && grep -q '^solutions: [0-9]' int_estimate.out ||
    fail "int_estimate: stdout $(head -c 300 int_estimate.out)"
  note int_estimate "dlx: interrupted (Ctrl-C) after $n of the 1000000000000 probes; the estimate is from those"

  # With the progress line drawn: erased, then the note.
  start int_progress --count --progress --progress-delay 0 --threads 2 q20.dlx
  ready "$pid" && busy "$pid" 300 || fail "int_progress: not ready"
  interrupt int_progress "$pid"
  expect int_progress 130
  n=$(partial_count int_progress)
  [ "$(tr '\r' '\n' <int_progress.err | tail -n 1)" = "dlx: interrupted (Ctrl-C): the count is partial, a lower bound: $n+" ] ||
    fail "int_progress: stderr ends $(tail -c 200 int_progress.err | od -c | head -5)"

  # SIGTERM and SIGHUP stop a count as Ctrl-C does: the partial count, a note, 128 + the signal.
  for sig in TERM:143:"terminated (SIGTERM)" HUP:129:"hung up (SIGHUP)"; do
    start term_count --count --threads 2 q20.dlx
    ready "$pid" && busy "$pid" 300 || fail "term_count: not ready"
    kill "-${sig%%:*}" "$pid"
    finish "$pid"
    expect term_count "$(cut -d: -f2 <<<"$sig")"
    n=$(partial_count term_count)
    note term_count "dlx: ${sig#*:*:}: the count is partial, a lower bound: $n+"
  done

  # Two Ctrl-Cs at once: 130 whichever gets there first (the second exits at once).
  start int_twice --count q20.dlx
  ready "$pid" || fail "int_twice: not ready"
  kill -INT "$pid"
  kill -INT "$pid"
  finish "$pid"
  expect int_twice 130
}

test_time_limit() {
  local threads started ms n bad loose
  for threads in 1 2; do
    started=$(now)
    start tl_count --count --threads "$threads" --time-limit 0.2 q20.dlx
    finish "$pid"
    ms=$(elapsed_since "$started")
    expect tl_count 3
    [ "$ms" -ge 200 ] || fail "tl_count: ended after $ms ms, before the limit"
    [ "$ms" -le $((200 + prompt)) ] || fail "tl_count: ended after $ms ms"
    n=$(partial_count tl_count)
    note tl_count "dlx: time limit (0.2 s) reached: the count is partial, a lower bound: $n+"

    start tl_all --all --threads "$threads" --time-limit 0.2 q20.dlx
    finish "$pid"
    expect tl_all 3
    n=$(solutions tl_all)
    [ "$n" != bad ] || fail "tl_all ($threads threads): not whole solutions: $(tail -c 100 tl_all.out)"
    note tl_all "dlx: time limit (0.2 s) reached after $n solutions; there may be more"
    rm -f tl_all.out

    start tl_first --threads "$threads" --time-limit 0.2 l17.dlx
    finish "$pid"
    expect tl_first 3
    [ -s tl_first.out ] && fail "tl_first: stdout $(head -c 200 tl_first.out)"
    note tl_first "dlx: time limit (0.2 s) reached before a solution was found"
  done

  start tl_estimate --estimate 1000000000000 --time-limit 0.2 q20.dlx
  finish "$pid"
  expect tl_estimate 3
  grep -Eq '^probes: [0-9]+ of 1000000000000$' tl_estimate.out || fail "tl_estimate: $(head -c 200 tl_estimate.out)"
  grep -Eq '^dlx: time limit \(0.2 s\) reached (after [0-9]+ of the 1000000000000 probes; the estimate is from those|before the first probe finished)$' tl_estimate.err ||
    fail "tl_estimate: stderr $(cat tl_estimate.err)"

  # A limit that is not reached changes nothing; units; 0 is no limit.
  for loose in 2m 0 1h 0.5d 100; do
    start tl_loose --count --time-limit "$loose" q8.dlx
    finish "$pid"
    expect tl_loose 0
    [ "$(cat tl_loose.out)" = 92 ] || fail "tl_loose $loose: $(cat tl_loose.out)"
    [ -s tl_loose.err ] && fail "tl_loose $loose: stderr $(cat tl_loose.err)"
  done
  # Bad values are usage errors: one line, status 2, nothing searched.
  for bad in -1 abc 1e3 '' 1.5x inf -0.5s; do
    start tl_bad --count --time-limit "$bad" q8.dlx
    finish "$pid"
    expect tl_bad 2
    note tl_bad "dlx: --time-limit $bad: expected a number of seconds, such as 10 or 2.5, or with a unit: 90s, 1.5m, 2h, 1d"
    [ -s tl_bad.out ] && fail "tl_bad '$bad': stdout $(cat tl_bad.out)"
  done
}

test_pipes() {
  local threads
  for threads in 1 2; do
    piped head_all head -1 -- --all --threads "$threads" q20.dlx
    grep -Eqx 'r[0-9]+ c[0-9]+ a[0-9]+ b[0-9]+' head_all.out || fail "head_all: $(cat head_all.out)"
    # A reader that goes before anything was written: a long search notices at once (a watcher sees the pipe
    # lose its reader), not at its first write, which would come only at the end.
    piped gone_count true -- --count --threads "$threads" q20.dlx
    piped gone_first true -- --threads "$threads" l17.dlx
  done
  piped gone_estimate true -- --estimate 1000000000000 q20.dlx
  piped gone_help true -- --help
  # A closed stderr is not fatal: the result still comes, the status is the usual one.
  "$dlx" --count q8.dlx 2>&- >closed_err.out
  status=$?
  expect closed_err 0
  [ "$(cat closed_err.out)" = 92 ] || fail "closed_err: $(cat closed_err.out)"
}

test_write_errors() {
  local started ms threads
  if [ -w /dev/full ]; then
    for threads in 1 2; do
      started=$(now)
      timeout -s KILL "$limit" "$dlx" --all --threads "$threads" q20.dlx >/dev/full 2>full.err
      status=$?
      ms=$(elapsed_since "$started")
      expect full 2
      note full "dlx: write error: No space left on device"
      [ "$ms" -lt "$prompt" ] || fail "full ($threads threads): took $ms ms"
    done
    for args in "--help" "q8.dlx" "--count q8.dlx"; do
      # shellcheck disable=SC2086
      "$dlx" $args >/dev/full 2>full.err
      status=$?
      expect full 2
      note full "dlx: write error: No space left on device"
    done
  fi
  "$dlx" --count q8.dlx >&- 2>closed.err
  status=$?
  expect closed 2
  note closed "dlx: write error: Bad file descriptor"
}

# bounded NAME ARGS...: dlx ARGS (input from NAME.in when it exists), killed after $limit s, a kill counting as a
# failure (no timing assertion beyond that); leaves NAME.out, NAME.err and status.
bounded() {
  local name=$1 in=/dev/null
  shift
  [ -e "$name.in" ] && in=$name.in
  timeout -s KILL "$limit" "$dlx" "$@" <"$in" >"$name.out" 2>"$name.err"
  status=$?
  [ "$status" != 137 ] || fail "$name: still running after $limit s"
}

# Hostile inputs: counts that must cost what the search costs, line ends, unreadable and endless files.
test_inputs() {
  local n=100000 mode total threads
  # One long chain of forced choices (x_i's only option left is the one not clashing with x_{i-1}'s), and a root
  # item with n options: each split subproblem re-forced its whole prefix, which made these quadratic.
  awk -v n=$n 'BEGIN { for (i = 0; i < n; i++) printf "x%d ", i; printf "|"; for (i = 0; i < n; i++) printf " y%d", i
                       print ""; print "x0 y0"; for (i = 1; i < n; i++) { print "x" i " y" (i - 1); print "x" i " y" i } }' >chain.dlx
  awk -v n=$n 'BEGIN { print "a b"; for (i = 0; i < n; i++) print "a b" }' >wide.dlx
  for mode in "--count" "--count --threads 2" "--threads 2 --count --limit 5"; do
    # shellcheck disable=SC2086
    bounded chain $mode chain.dlx
    expect chain 0
    [ "$(cat chain.out)" = 1 ] || fail "chain ($mode): '$(head -c 100 chain.out)'"
    # shellcheck disable=SC2086
    bounded wide $mode wide.dlx
    expect wide 0
    case "$mode" in
      *limit*) [ "$(cat wide.out)" = "5+" ] || fail "wide ($mode): '$(head -c 100 wide.out)'" ;;
      *) [ "$(cat wide.out)" = $n ] || fail "wide ($mode): '$(head -c 100 wide.out)'" ;;
    esac
  done
  bounded chain_first --threads 2 chain.dlx
  expect chain_first 0
  [ "$(wc -l <chain_first.out)" = $n ] || fail "chain_first: $(wc -l <chain_first.out) lines"

  # Line ends: a lone CR (old Mac files) and CRLF end lines as LF does.
  printf 'a b\na b\na\nb\n' >lf.in
  for ends in '\r' '\r\n'; do
    printf "a b${ends}a b${ends}a${ends}b${ends}" >cr.in
    bounded cr --count
    expect cr 0
    [ "$(cat cr.out)" = 2 ] || fail "line ends '$ends': count '$(cat cr.out)'"
  done
  printf 'a b\rc\r' >cr_bad.in
  bounded cr_bad --count
  expect cr_bad 2
  note cr_bad "<stdin>:2: unknown item 'c'"

  # Unreadable inputs name the file, in the documented "FILE: why" form; an endless line stops at the limit.
  bounded directory .
  expect directory 2
  note directory ".: cannot read file: Is a directory"
  if [ -r /proc/self/mem ]; then
    bounded eio /proc/self/mem
    expect eio 2
    note eio "/proc/self/mem: cannot read file: Input/output error"
  fi
  timeout -s KILL "$limit" "$dlx" --count <&- >closed_in.out 2>closed_in.err
  status=$?
  expect closed_in 2
  note closed_in "<stdin>: cannot read file: Bad file descriptor"
  bounded endless --count /dev/zero
  expect endless 2
  note endless "/dev/zero:1: line longer than 67108864 bytes"

  # Answers a user can rely on. --limit N when there are exactly N solutions: "N", not "N+".
  total=$("$dlx" --count q8.dlx)
  for threads in 1 2; do
    [ "$("$dlx" --count --threads $threads --limit "$total" q8.dlx)" = "$total" ] || fail "--limit $total: not exact"
    [ "$("$dlx" --count --threads $threads --limit $((total - 1)) q8.dlx)" = "$((total - 1))+" ] || fail "--limit $((total - 1))"
    [ "$("$dlx" --count --threads $threads --limit $((total + 1)) q8.dlx)" = "$total" ] || fail "--limit $((total + 1))"
  done
  # Duplicate options: --line-numbers tells the solutions apart and maps them back to the input.
  printf '| two items, each option twice\na b\na\nb\n\na\nb\n' >dup.in
  bounded dup --all --line-numbers
  expect dup 0
  [ "$(cat dup.out)" = "$(printf '3: a\n4: b\n\n3: a\n7: b\n\n6: a\n4: b\n\n6: a\n7: b')" ] || fail "dup: $(cat dup.out)"
  # An estimate whose probes all died (17 Langford pairs have no solution): says so rather than a bare 0.
  bounded blind --estimate 20 --seed 1 l17.dlx
  expect blind 0
  grep -qx 'solutions: 0 (no probe reached a solution; try more probes)' blind.out || fail "blind: $(cat blind.out)"
}

case "$section" in
  inputs) test_inputs ;;
  signals) test_signals ;;
  time-limit) test_time_limit ;;
  pipes) test_pipes ;;
  write-errors) test_write_errors ;;
  all)
    test_signals
    test_time_limit
    test_pipes
    test_write_errors
    test_inputs
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
echo "dlx trust tests ($section) passed"
