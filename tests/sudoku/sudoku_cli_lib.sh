# Shared by the sudoku command-line tests (cli_test.sh, variant_cli_test.sh): the command and data paths from the
# arguments, a scratch folder (the working directory) removed at exit, failure counting, and `run`.
# usage, first thing in a test: . "$(dirname "$0")/sudoku_cli_lib.sh" "$@"
# shellcheck shell=bash
set -u
sudoku=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
data=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
failures=0

fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# run NAME EXPECTED_STATUS ARGS... : runs sudoku with stdin from $stdin (default /dev/null) into NAME.out/.err.
run() {
  local name=$1 want=$2
  shift 2
  "$sudoku" "$@" <"${stdin:-/dev/null}" >"$name.out" 2>"$name.err"
  local got=$?
  [ "$got" = "$want" ] || fail "$name: exit status $got, expected $want (stderr: $(head -3 "$name.err"))"
}

# finish WHAT: the summary line and the exit status.
finish() {
  if [ "$failures" -gt 0 ]; then
    echo "$failures failure(s)" >&2
    exit 1
  fi
  echo "all sudoku $1 tests passed"
}
