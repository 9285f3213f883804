#!/usr/bin/env bash
# The installed headers make no claims that go stale: no benchmark percentages, speed-ups or timings (those
# belong in bench/README.md, with their command and machine), and no count of engines.
# usage: headers_test.sh BUILD_DIR
set -u
build=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >"$tmp/install.log" 2>&1 ||
  { echo "FAIL: cmake --install: $(tail -n 5 "$tmp/install.log")"; exit 1; }
headers=$(find "$tmp/prefix/include" -name '*.hpp' | sort)
[ -n "$headers" ] || { echo "FAIL: no header installed"; exit 1; }
# A percentage, a speed-up such as "2.7x" or "1.3 times faster", a time per item, an engine count.
pattern='[0-9]%|[0-9.]+x (faster|slower|fewer|more)|[0-9] times (faster|slower)|[0-9] ?(us|ms|ns) (per|a) |(two|three|four) engines'
if grep -n -E "$pattern" $headers >"$tmp/found"; then
  sed "s|$tmp/prefix/||" "$tmp/found" | sed 's/^/FAIL: a figure or a stale count in an installed header: /'
  exit 1
fi
echo "$(echo "$headers" | wc -l) installed headers without benchmark figures"
