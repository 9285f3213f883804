#!/usr/bin/env bash
# Every example's --emit, piped into `dlx --count`, counts what the example's own --count counts, and its --stats
# give the same nodes and updates as the library's Solver does in the example.
# usage: emit_roundtrip.sh fast|slow DLX DATA_DIR QUEENS LANGFORD POLYOMINO MACMAHON
set -u
mode=$1 dlx=$2 data=$3 queens=$4 langford=$5 polyomino=$6 macmahon=$7
if [ ! -x "$dlx" ]; then
  echo "no dlx command at $dlx: skipped"
  exit 77
fi
failures=0 checks=0

# roundtrip EXAMPLE ARGS...: compares EXAMPLE ARGS --count with EXAMPLE ARGS --emit | dlx --count
roundtrip() {
  checks=$((checks + 1))
  local own piped
  own=$("$@" --count </dev/null | tail -n 1)
  piped=$("$@" --emit </dev/null | "$dlx" --count | tail -n 1)
  if [ -z "$own" ] || [ "$own" != "$piped" ]; then
    echo "FAIL: $*: --count says '$own', --emit | dlx --count says '$piped'"
    failures=$((failures + 1))
  fi
  own=$("$@" --count --stats 2>&1 >/dev/null </dev/null | grep -E '^(nodes|updates): ')
  piped=$("$@" --emit </dev/null | "$dlx" --count --stats 2>&1 >/dev/null | grep -E '^(nodes|updates): ')
  if [ -z "$own" ] || [ "$own" != "$piped" ]; then
    echo "FAIL: $*: --stats say '$own', --emit | dlx --count --stats say '$piped'"
    failures=$((failures + 1))
  fi
}

if [ "$mode" = fast ]; then
  roundtrip "$queens" 1
  roundtrip "$queens" 3
  roundtrip "$queens" 8
  roundtrip "$langford" 7
  roundtrip "$langford" 8 --no-mirror
  roundtrip "$polyomino" --board 3x20
  roundtrip "$polyomino" --pieces "$data/monomino_domino.txt" --board 3x4 --copies 2:4
  roundtrip "$polyomino" --pieces "$data/five_pentominoes.txt" --board 5x6 --copies 0:2
  roundtrip "$polyomino" --board 3x20 --no-symmetry
  roundtrip "$polyomino" --board 4x15 --no-symmetry --no-reflect
  roundtrip "$polyomino" --board-file "$data/8x8-hole.txt" --no-symmetry
  roundtrip "$polyomino" --pieces "$data/five_pentominoes.txt" --board 5x5
  roundtrip "$polyomino" --pieces "$data/five_pentominoes.txt" --board 5x5 --no-symmetry
  roundtrip "$polyomino" --pieces "$data/five_pentominoes.txt" --board 5x5 --no-reflect
  roundtrip "$macmahon" --colors 1
  roundtrip "$macmahon" --colors 2
  roundtrip "$macmahon" --board 3x8
else
  roundtrip "$queens" 11
  roundtrip "$langford" 11
  roundtrip "$polyomino" --board 6x10 --no-symmetry
  roundtrip "$polyomino" --board 5x12
  roundtrip "$macmahon" --no-symmetry
fi

echo "$checks round trips, $failures failures"
[ "$failures" = 0 ]
