# Shared by the end-to-end trust tests (tests/dlx/trust_test.sh, tests/sudoku/trust_test.sh): runs the program
# under test in the background and waits on it by polling /proc, with generous limits, so that a loaded machine
# or a sanitizer build is slow rather than failing. Source it after setting `program` (an absolute path); it
# moves into a fresh working directory that is removed at exit, with every process started still running killed.
# shellcheck shell=bash disable=SC2154  # program: set by the script that sources this
work=$(mktemp -d)
pids=()
cleanup() {
  [ "$BASHPID" = "$$" ] || return 0  # only the script itself, never a subshell
  local p
  for p in "${pids[@]}"; do kill -KILL "$p" 2>/dev/null; done
  rm -rf "$work"
}
trap cleanup EXIT
cd "$work" || exit 1
failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}
limit=${TRUST_TEST_LIMIT:-120}  # seconds: the most any single wait may take before the test gives up

now() { echo "${EPOCHREALTIME/[.,]/}"; }  # microseconds
elapsed_since() { echo $((($(now) - $1) / 1000)); }  # milliseconds

# A script starts its background jobs with SIGINT ignored, and the tools, like other Unix tools, leave an
# ignored SIGINT alone: env puts the default action back first (job control, `set -m`, would too, but is
# fragile in scripts).
if env --default-signal=INT true 2>/dev/null; then
  default_int=(env --default-signal=INT)
else
  default_int=()
  set -m
fi

# start NAME ARGS...: the program with ARGS in the background, stdout and stderr into NAME.out and NAME.err;
# sets pid.
start() {
  local name=$1
  shift
  # Gone first: the background job opens them only once it runs, and a check that read the previous run's files
  # in between would send its signal too early (to the shell's child, which ignores or loses it).
  rm -f "$name.out" "$name.err"
  "${default_int[@]}" "$program" "$@" </dev/null >"$name.out" 2>"$name.err" &
  pid=$!
  pids+=("$pid")
}

# ready PID: true once the process is the program (not the shell's child or env before they exec it: bash's
# child may briefly catch SIGINT itself, and a SIGINT it takes is lost, so that "ready" then was a race that a slow
# start under ThreadSanitizer lost) and has a handler for SIGINT, SIGTERM and SIGHUP (dlxapp::Interrupts installs
# them, and under ThreadSanitizer also blocks them for its signal thread before that), so that a signal sent from
# now on is handled rather than killing it.
real_program=$(readlink -f "$program")
ready() {
  local exe mask ignored deadline=$((SECONDS + limit))
  while ((SECONDS < deadline)); do
    # The program first, then its handlers: read the other way round, the handlers could be the shell's.
    exe=$(readlink "/proc/$1/exe" 2>/dev/null) || return 1
    mask=$(awk '/^SigCgt:/ { print $2 }' "/proc/$1/status" 2>/dev/null) || return 1
    ignored=$(awk '/^SigIgn:/ { print $2 }' "/proc/$1/status" 2>/dev/null) || return 1
    # SIGHUP (1), SIGINT (2) and SIGTERM (15), bits 0, 1 and 14, but those ignored at start (nohup) stay so.
    [ "$exe" = "$real_program" ] && [ -n "$mask" ] && [ -n "$ignored" ] &&
      (((16#$mask & 16#4003) == (16#4003 & ~16#$ignored))) && return 0
    kill -0 "$1" 2>/dev/null || return 1
    sleep 0.02
  done
  return 1
}

# busy PID MS: waits until the process has used MS milliseconds of CPU time (so it is well into its work, not
# still reading its input, however loaded the machine).
busy() {
  local ticks deadline=$((SECONDS + limit)) hz
  hz=$(getconf CLK_TCK)
  while ((SECONDS < deadline)); do
    ticks=$(awk '{ print $14 + $15 }' "/proc/$1/stat" 2>/dev/null) || return 1
    ((ticks * 1000 >= $2 * hz)) && return 0
    sleep 0.02
  done
  return 1
}

# finish PID: waits for PID (killing it after $limit seconds) and sets status. Polls rather than running a
# watchdog process, so that nothing is left behind.
finish() {
  local state deadline=$((SECONDS + limit))
  while state=$(awk '{ print $3 }' "/proc/$1/stat" 2>/dev/null) && [ "$state" != Z ]; do
    if ((SECONDS >= deadline)); then
      kill -KILL "$1" 2>/dev/null
      fail "process $1 did not end within $limit s"
      break
    fi
    sleep 0.01
  done
  wait "$1"
  status=$?
}

# expect NAME WANT: the status of the latest finish is WANT.
expect() {
  [ "$status" = "$2" ] || fail "$1: exit status $status, expected $2 (stderr: $(head -c 300 "$1.err"))"
}

# piped NAME READER... -- ARGS...: runs `program ARGS | READER` (the program killed after $limit s), checks that
# it ended quietly with status 0 well within that (within $prompt ms if the script sets it, else half of
# $limit), and leaves the reader's output in NAME.out.
piped() {
  local name=$1 started ms
  shift
  local -a reader=()
  while [ "$1" != -- ]; do
    reader+=("$1")
    shift
  done
  shift
  started=$(now)
  timeout -s KILL "$limit" "$program" "$@" </dev/null 2>"$name.err" | "${reader[@]}" >"$name.out"
  status=${PIPESTATUS[0]}
  ms=$(elapsed_since "$started")
  [ "$ms" -lt "${prompt:-$((limit * 1000 / 2))}" ] || fail "$name: took $ms ms: the closed pipe was not noticed"
  [ -s "$name.err" ] && fail "$name: stderr $(head -c 300 "$name.err")"
  expect "$name" 0
}
