#!/usr/bin/env bash
# End-to-end checks of the example programs: counts on the last line, exit statuses, FILE:LINE errors.
# usage: cli_test.sh fast|slow DATA_DIR QUEENS LANGFORD POLYOMINO MACMAHON
set -u
mode=$1 data=$2 queens=$3 langford=$4 polyomino=$5 macmahon=$6
# shellcheck source=SCRIPTDIR/../common/cli_lib.sh
. "$(cd "$(dirname "$0")/.." && pwd)/common/cli_lib.sh"
# expect_lines N: the latest command printed N lines on stdout
expect_lines() {
  checks=$((checks + 1))
  [ "$(wc -l <"$tmp/out")" = "$1" ] || fail "expected $1 lines on stdout, got $(wc -l <"$tmp/out")"
}
# expect_error PATTERN -- command...: exit 2, nothing on stdout, one stderr line matching PATTERN (grep -E)
expect_error() {
  local pattern=$1
  shift 2
  checks=$((checks + 1))
  "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
  local got=$?
  [ "$got" = 2 ] || fail "$*: exit $got, expected 2"
  [ -s "$tmp/out" ] && fail "$*: printed on stdout: $(head -c 200 "$tmp/out")"
  [ "$(wc -l <"$tmp/err")" = 1 ] || fail "$*: expected one line on stderr, got: $(cat "$tmp/err")"
  grep -qE -- "$pattern" "$tmp/err" || fail "$*: stderr '$(cat "$tmp/err")' does not match '$pattern'"
}

if [ "$mode" = fast ]; then
  # queens
  expect 0 14200 -- "$queens" 12 --count
  expect 0 92 -- "$queens" 8 -c
  expect 0 "3+" -- "$queens" 8 --limit 3 --count
  expect 0 92 -- "$queens" 8 --limit 92 --count
  expect 0 "91+" -- "$queens" 8 --limit 91 --count
  expect 0 "" -- "$queens" 8
  expect_lines 8
  expect 0 "" -- "$queens" 6 --all
  expect_lines $((4 * 6 + 3))
  expect 0 "" -- "$queens" 6 --limit 2
  expect_lines $((2 * 6 + 1))
  expect 1 "" -- "$queens" 3
  expect_lines 0
  expect 0 0 -- "$queens" 3 --count
  expect 0 "" -- "$queens" --help
  grep -q "^Usage: queens N" "$tmp/out" || fail "queens --help: no usage line"
  grep -q "A000170" "$tmp/out" || fail "queens --help: no source of the counts"
  expect_error "^queens: N must be 1 to 1000, not 0$" -- "$queens" 0
  expect_error "^queens: N wants a whole number" -- "$queens" eight
  expect_error "^queens: give the board size N" -- "$queens"
  expect_error "^queens: --count and --all cannot be used together$" -- "$queens" 8 --count --all
  expect_error "^queens: --limit must be 1 or more, not 0$" -- "$queens" 8 --limit 0
  expect_error "see queens --help" -- "$queens" 8 --bogus

  # langford
  expect 0 35584 -- "$langford" 11 --count
  expect 0 17792 -- "$langford" 11 --count --no-mirror
  expect 0 150 -- "$langford" 8 --count --no-mirror
  expect 0 "" -- "$langford" 3 --all
  expect_lines 2
  expect 0 "" -- "$langford" 3 --no-mirror
  { [ "$(cat "$tmp/out")" = "2 3 1 2 1 3" ] || [ "$(cat "$tmp/out")" = "3 1 2 1 3 2" ]; } ||
    fail "langford 3: printed '$(cat "$tmp/out")'"
  expect 1 "" -- "$langford" 5
  expect_error "^langford: N must be 1 to 1000" -- "$langford" 1001

  # polyomino
  expect 0 8 -- "$polyomino" --board 3x20 --count
  expect 0 2 -- "$polyomino" --board 3x20 --count --no-symmetry
  expect 0 368 -- "$polyomino" --board 4x15 --count --no-symmetry
  expect 0 8 -- "$polyomino" --pieces "$data/pentominoes.txt" --board 3x20 --count
  expect 0 24 -- "$polyomino" --pieces "$data/five_pentominoes.txt" --board 5x5 --count
  expect 0 3 -- "$polyomino" --pieces "$data/five_pentominoes.txt" --board 5x5 --count --no-symmetry
  expect 0 4 -- "$polyomino" --pieces "$data/five_pentominoes.txt" --board 5x5 --count --no-reflect
  expect 0 65 -- "$polyomino" --board-file "$data/8x8-hole.txt" --count --no-symmetry
  expect 0 520 -- "$polyomino" --board-file "$data/8x8-hole.txt" --count
  expect 0 24 -- "$polyomino" --pieces "$data/squares.txt" --board 4x4 --count
  expect 0 3 -- "$polyomino" --pieces "$data/squares.txt" --board 4x4 --count --no-symmetry
  expect 0 "" -- "$polyomino" --pieces "$data/squares.txt" --board 4x4 --emit --no-symmetry
  grep -q "^polyomino: warning: every piece has a placement" "$tmp/err" || fail "polyomino --emit: no warning about the filter"
  # --copies U:V: Knuth's multiplicities on the piece items (Algorithm M). A monomino M and a domino D on 2x2:
  # 7 tilings with any numbers of them, 4 with one or two of each; 3x4 with four of each: the 302 4-matchings of
  # the 3x4 grid graph (brute force); 0:12 on 3x4 agrees with --unlimited (823).
  expect 0 7 -- "$polyomino" --pieces "$data/monomino_domino.txt" --board 2x2 --copies 0:4 --count
  expect 0 7 -- "$polyomino" --pieces "$data/monomino_domino.txt" --board 2x2 --unlimited --count
  expect 0 4 -- "$polyomino" --pieces "$data/monomino_domino.txt" --board 2x2 --copies 1:2 --count
  expect 0 823 -- "$polyomino" --pieces "$data/monomino_domino.txt" --board 3x4 --copies 0:12 --count
  expect 0 823 -- "$polyomino" --pieces "$data/monomino_domino.txt" --board 3x4 --unlimited --count
  expect 0 302 -- "$polyomino" --pieces "$data/monomino_domino.txt" --board 3x4 --copies 2:4 --count
  expect 0 "" -- "$polyomino" --pieces "$data/monomino_domino.txt" --board 3x4 --copies 2:4 --emit
  head -1 "$tmp/out" | grep -q '^2:4|M 2:4|D r0c0 ' || fail "polyomino --copies --emit: item line '$(head -1 "$tmp/out")'"
  expect 0 9356 -- "$polyomino" --board 6x10 --copies 1 --count
  expect_error "^polyomino: --copies takes V or U:V \(whole numbers\), not 'x'" -- "$polyomino" --copies x
  expect_error "^polyomino: --copies 3:2: need 0 <= U <= V" -- "$polyomino" --copies 3:2
  expect_error "^polyomino: --copies 0: need 0 <= U <= V, 1 <= V" -- "$polyomino" --copies 0
  expect_error "^polyomino: give --unlimited or --copies, not both" -- "$polyomino" --copies 1:2 --unlimited
  expect_error "^polyomino: counting up to symmetry needs each piece used exactly once" -- "$polyomino" --copies 1:2 --no-symmetry
  expect_error "^polyomino: the pieces used 2 to 3 times each cover 120 to 180 cells, but the board has 60" -- "$polyomino" --copies 2:3
  expect 0 "" -- "$polyomino" --board 3x20
  expect_lines 3
  grep -q $'\x1b' "$tmp/out" && fail "polyomino: colors although stdout is no terminal"
  expect 0 "" -- "$polyomino" --board 3x20 --color always
  grep -q $'\x1b\\[' "$tmp/out" || fail "polyomino --color always: no colors"
  expect 0 "" -- "$polyomino" --board 3x20 --no-symmetry --all
  expect_lines 7
  expect 0 "" -- "$polyomino" --help
  grep -q "^Board file" "$tmp/out" || fail "polyomino --help: no board file format"
  expect_error "^polyomino: the pieces cover 60 cells but the board has 64" -- "$polyomino" --board 8x8
  expect_error "^polyomino: --board wants ROWSxCOLUMNS" -- "$polyomino" --board 6by10
  expect_error "^polyomino: give --board or --board-file, not both$" -- "$polyomino" --board 6x10 --board-file "$data/8x8-hole.txt"
  expect_error "^polyomino: --color wants auto, always or never" -- "$polyomino" --color sometimes
  expect_error "^$data/missing.txt: cannot open file$" -- "$polyomino" --pieces "$data/missing.txt"
  expect_error "^$data/bad_tab.txt:3: tab at column 1: draw with spaces$" -- "$polyomino" --pieces "$data/bad_tab.txt"
  expect_error "^$data/bad_twice.txt:6: piece 'A' was drawn already, at line 2" -- "$polyomino" --pieces "$data/bad_twice.txt"
  expect_error "^$data/bad_disconnected.txt:2: piece 'B' is not connected" -- "$polyomino" --pieces "$data/bad_disconnected.txt"
  expect_error "^$data/bad_name.txt:1: ':' at column 3 cannot name a piece" -- "$polyomino" --pieces "$data/bad_name.txt"
  expect_error "^$data/bad_empty.txt:2: no pieces" -- "$polyomino" --pieces "$data/bad_empty.txt"
  expect_error "^$data/bad_board.txt:4: unexpected 'o' at column 5" -- "$polyomino" --board-file "$data/bad_board.txt"
  expect_error "^$data/bad_board_empty.txt:2: the board has no cells" -- "$polyomino" --board-file "$data/bad_board_empty.txt"
  expect_error "^$data/bad_tab.txt:2: unexpected 'A' at column 1" -- "$polyomino" --board-file "$data/bad_tab.txt"

  # macmahon
  expect 0 "" -- "$macmahon"
  expect_lines 17
  expect 0 1 -- "$macmahon" --colors 1 --count
  expect 0 0 -- "$macmahon" --colors 2 --count
  expect 0 0 -- "$macmahon" --board 3x8 --count
  expect 0 "" -- "$macmahon" --help
  grep -q "13328" "$tmp/out" || fail "macmahon --help: no published count"
  expect_error "^macmahon: 3 colors make 24 squares, so the board needs 24 cells, not 25$" -- "$macmahon" --board 5x5
  expect_error "^macmahon: --border must be 1 to 3, not 4$" -- "$macmahon" --border 4
  expect_error "^macmahon: --colors must be 1 to 5, not 6$" -- "$macmahon" --colors 6
  # The commands' output rules (apps/common): a closed pipe ends the run quietly with status 0 (not SIGPIPE's
  # 141), a full disk or a closed stdout is a write error (2), an unreadable file is "FILE: why" (2, not 3).
  checks=$((checks + 1))
  timeout -s KILL 300 "$queens" 12 --all 2>"$tmp/err" | head -1 >"$tmp/out"
  [ "${PIPESTATUS[0]}" = 0 ] && [ ! -s "$tmp/err" ] && [ "$(wc -l <"$tmp/out")" = 1 ] ||
    fail "queens | head -1: status ${PIPESTATUS[0]}, stderr $(head -c 200 "$tmp/err")"
  if [ -w /dev/full ]; then
    for args in "$queens 10 --all" "$polyomino --board 6x10 --count --limit 3" "$langford 7 --count"; do
      checks=$((checks + 1))
      # shellcheck disable=SC2086
      timeout -s KILL 300 $args >/dev/full 2>"$tmp/err" </dev/null
      got=$?
      [ "$got" = 2 ] && [ "$(cat "$tmp/err")" = "$(basename "${args%% *}"): write error: No space left on device" ] ||
        fail "$args >/dev/full: status $got, stderr $(head -c 200 "$tmp/err")"
    done
  fi
  checks=$((checks + 1))
  "$queens" 8 >&- 2>"$tmp/err" </dev/null
  got=$?
  [ "$got" = 2 ] && [ "$(cat "$tmp/err")" = "queens: write error: Bad file descriptor" ] ||
    fail "queens 8 >&-: status $got, stderr $(head -c 200 "$tmp/err")"
  expect_error "^$tmp: cannot read file: Is a directory$" -- "$polyomino" --pieces "$tmp" --count
else
  expect 0 9356 -- "$polyomino" --board 6x10 --count
  expect 0 2339 -- "$polyomino" --board 6x10 --count --no-symmetry
  expect 0 13328 -- "$macmahon" --count --no-symmetry
fi

echo "$checks checks, $failures failures"
[ "$failures" = 0 ]
