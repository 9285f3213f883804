#!/usr/bin/env bash
# The files dlx writes and the names it prints (issue 32): a ZDD is written whole or not at all (stopped by
# --time-limit, a signal or overflow: no file, one line saying so), never over the input, never to an empty
# name; a FIFO nobody reads does not hold up a stop; bad values are echoed short and file names with control
# characters escaped; a file that cannot be opened says why.
# usage: files_cli_test.sh path/to/dlx
set -u
dlx=$1
# shellcheck source=SCRIPTDIR/../common/cli_lib.sh
. "$(cd "$(dirname "$0")/.." && pwd)/common/cli_lib.sh"

# shellcheck source=SCRIPTDIR/problems_lib.sh
. "$(cd "$(dirname "$0")" && pwd)/problems_lib.sh"
# one_line WHAT PATTERN: stderr is exactly one line, matching PATTERN (grep -E).
one_line() {
  [ "$(wc -l <"$tmp/err")" = 1 ] && grep -qE "$2" "$tmp/err" || fail "$1: stderr $(head -c 300 "$tmp/err")"
}
# left FOLDER NAMES: the folder holds exactly NAMES (sorted, space-separated): nothing half-written left behind.
left() {
  local got
  got=$(cd "$1" && ls -A | sort | tr '\n' ' ')
  [ "$got" = "$2 " ] || [ "$got" = "$2" ] || fail "$1 holds '$got', expected '$2'"
}
# run_then_signal SIGNAL command...: starts the command in its own process group (so that SIGINT reaches it as
# a Ctrl-C would), signals it once it runs, and leaves its status in $status. A watchdog kills it after 60 s, so
# that a command deaf to the signal fails (137) instead of hanging the test.
run_then_signal() {
  local signal=$1 pid watchdog
  shift
  set -m
  "$@" >"$tmp/out" 2>"$tmp/err" </dev/null &
  pid=$!
  set +m
  (
    trap 'kill "$nap" 2>/dev/null; exit' TERM
    sleep 60 &
    nap=$!
    wait "$nap" && kill -9 "$pid"
  ) >/dev/null 2>&1 &
  watchdog=$!
  sleep 0.5 # enough to be counting or waiting for the FIFO; earlier, the signal's default action gives the same status
  kill -s "$signal" "$pid"
  wait "$pid"
  status=$?
  kill "$watchdog" 2>/dev/null
  wait "$watchdog" 2>/dev/null
  checks=$((checks + 1))
}

complete 40 >"$tmp/k40.dlx"
complete 8 >"$tmp/k8.dlx"
binary 128 >"$tmp/b128.dlx"
mkdir "$tmp/z"

# A count stopped by --time-limit writes no ZDD and says so; an older file of that name is left as it was.
expect 3 "" -- "$dlx" --count --memo --zdd "$tmp/z/out" --time-limit 0.3 "$tmp/k40.dlx"
grep -q "^dlx: --zdd $tmp/z/out: no ZDD written, the count did not finish$" "$tmp/err" || fail "time limit: $(cat "$tmp/err")"
left "$tmp/z" ""
echo "an older file" >"$tmp/z/out"
expect 3 "" -- "$dlx" --zdd "$tmp/z/out" --time-limit 0.3 "$tmp/k40.dlx"
[ "$(cat "$tmp/z/out")" = "an older file" ] || fail "time limit: the older file was changed"
left "$tmp/z" "out"
rm "$tmp/z/out"
# Past 2^128 - 1 solutions (status 4): no ZDD either.
expect 4 "340282366920938463463374607431768211455+" -- "$dlx" --zdd "$tmp/z/out" "$tmp/b128.dlx"
grep -q "^dlx: --zdd $tmp/z/out: no ZDD written" "$tmp/err" || fail "overflow: $(cat "$tmp/err")"
left "$tmp/z" ""
# Ctrl-C and SIGTERM: their statuses, no file.
for signal in INT:130 TERM:143; do
  run_then_signal "${signal%:*}" "$dlx" --zdd "$tmp/z/out" "$tmp/k40.dlx"
  [ "$status" = "${signal#*:}" ] || fail "SIG${signal%:*}: status $status ($(head -c 300 "$tmp/err"))"
  left "$tmp/z" ""
done
# A count that finishes writes the whole ZDD, in place of an older file, with nothing else left behind.
echo "an older file" >"$tmp/z/out"
expect 0 "105" -- "$dlx" --zdd "$tmp/z/out" "$tmp/k8.dlx"
[ "$(tail -n 1 "$tmp/z/out" | cut -d' ' -f1)" = "root:" ] || fail "finished ZDD: no root line"
left "$tmp/z" "out"
rm "$tmp/z/out"

# A FIFO nobody opens: --time-limit, Ctrl-C and SIGTERM still end the run, with their statuses.
mkfifo "$tmp/z/fifo"
expect 3 "" -- timeout -s KILL 60 "$dlx" --zdd "$tmp/z/fifo" --time-limit 0.5 "$tmp/k8.dlx"
grep -q "^dlx: time limit (0.5 s) reached" "$tmp/err" || fail "FIFO, time limit: $(cat "$tmp/err")"
for signal in INT:130 TERM:143; do
  run_then_signal "${signal%:*}" "$dlx" --zdd "$tmp/z/fifo" "$tmp/k8.dlx"
  [ "$status" = "${signal#*:}" ] || fail "FIFO, SIG${signal%:*}: status $status ($(head -c 300 "$tmp/err"))"
done
# ...and one that is read gets the whole ZDD; the FIFO stays a FIFO.
cat "$tmp/z/fifo" >"$tmp/fifo.out" &
expect 0 "105" -- timeout -s KILL 60 "$dlx" --zdd "$tmp/z/fifo" "$tmp/k8.dlx"
wait $!
[ "$(tail -n 1 "$tmp/fifo.out" | cut -d' ' -f1)" = "root:" ] || fail "FIFO read: no root line"
[ -p "$tmp/z/fifo" ] || fail "the FIFO was replaced"
# A device that cannot take the ZDD: a write error, one line, no count printed as if all went well.
expect 2 "" -- "$dlx" --zdd /dev/full "$tmp/k8.dlx"
one_line "/dev/full" "^dlx: --zdd /dev/full: write error: No space left on device$"

# --zdd naming the input (by its name, a symbolic link, a hard link, or as standard input) is refused before any
# work, and the input is left as it was.
cp "$tmp/k8.dlx" "$tmp/in.dlx"
ln -s "$tmp/in.dlx" "$tmp/sym.dlx"
ln "$tmp/in.dlx" "$tmp/hard.dlx"
for out in in.dlx sym.dlx hard.dlx; do
  expect 2 "" -- "$dlx" --zdd "$tmp/$out" "$tmp/in.dlx"
  one_line "--zdd $out" "^dlx: --zdd $tmp/$out: this is the input file; name another file for the ZDD$"
  [ ! -s "$tmp/out" ] || fail "--zdd $out: printed a count"
  cmp -s "$tmp/in.dlx" "$tmp/k8.dlx" || fail "--zdd $out: the input was changed"
done
checks=$((checks + 1))
"$dlx" --zdd "$tmp/in.dlx" <"$tmp/in.dlx" >"$tmp/out" 2>"$tmp/err"
[ $? = 2 ] || fail "--zdd naming standard input's file: not refused"
cmp -s "$tmp/in.dlx" "$tmp/k8.dlx" || fail "--zdd naming standard input's file: the input was changed"
# An empty name.
expect 2 "" -- "$dlx" --zdd "" "$tmp/k8.dlx"
one_line "--zdd ''" "^dlx: --zdd: expected a file name, not an empty one$"

# A value of 100,000 digits is echoed as its first 40 characters and "...".
big=$(head -c 100000 /dev/zero | tr '\0' 9)
expect 2 "" -- "$dlx" --count --limit "$big" "$tmp/k8.dlx"
one_line "huge --limit" "^dlx: --limit $(head -c 40 /dev/zero | tr '\0' 9)\.\.\.: expected a whole number from 1 to "
expect 2 "" -- "$dlx" --time-limit "$big" "$tmp/k8.dlx"
[ "$(wc -c <"$tmp/err")" -lt 300 ] || fail "huge --time-limit: $(wc -c <"$tmp/err") bytes of message"
expect 2 "" -- "$dlx" "--$big" "$tmp/k8.dlx"
[ "$(wc -c <"$tmp/err")" -lt 300 ] || fail "huge option name: $(wc -c <"$tmp/err") bytes of message"
for bad in "--threads -1" "--limit -1" "--seed -1" "--sample -1"; do
  # shellcheck disable=SC2086
  expect 2 "" -- "$dlx" $bad "$tmp/k8.dlx"
  one_line "$bad" "^dlx: ${bad% *} -1: expected a whole number from"
done

# File names with control characters are escaped in messages; a file that cannot be opened says why, without a
# line number.
expect 2 "" -- "$dlx" --count "$tmp/a"$'\n'"b"$'\e'"c.dlx"
one_line "newline and ESC in the input's name" "^$tmp/a\\\\nb\\\\x1bc\.dlx: cannot open: No such file or directory$"
expect 2 "" -- "$dlx" --zdd "$tmp/no/x"$'\n\e'"y" "$tmp/k8.dlx"
one_line "newline and ESC in --zdd's name" "^dlx: --zdd $tmp/no/x\\\\n\\\\x1by: cannot open for writing: No such file"
printf 'a b\na c\n' >"$tmp/bad"$'\e'".dlx"
expect 2 "" -- "$dlx" --count "$tmp/bad"$'\e'".dlx"
one_line "ESC in a malformed input's name" "^$tmp/bad\\\\x1b\.dlx:[0-9]+: "
expect 2 "" -- "$dlx" --count "$tmp/missing.dlx"
one_line "missing input" "^$tmp/missing\.dlx: cannot open: No such file or directory$"

echo "$checks checks, $failures failures"
[ "$failures" = 0 ]
