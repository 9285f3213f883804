# Shared by the command-line tests (tests/*/cli_test.sh): a scratch folder removed at exit, failure counting, and
# `expect`, which runs a command and checks its exit status and the last line of its standard output.
# shellcheck shell=bash
failures=0 checks=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
# expect STATUS STDOUT-LAST-LINE -- command...   (an empty STDOUT-LAST-LINE is not checked); stdout and stderr
# are left in $tmp/out and $tmp/err
expect() {
  local status=$1 last=$2
  shift 3
  checks=$((checks + 1))
  "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
  local got=$?
  [ "$got" = "$status" ] || fail "$*: exit $got, expected $status (stderr: $(head -c 300 "$tmp/err"))"
  if [ -n "$last" ]; then
    [ "$(tail -n 1 "$tmp/out")" = "$last" ] || fail "$*: last line '$(tail -n 1 "$tmp/out")', expected '$last'"
  fi
}
