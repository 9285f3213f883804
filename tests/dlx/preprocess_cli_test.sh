#!/usr/bin/env bash
# dlx --preprocess against dlx without it on random problems (colors, costs, options that can never be chosen):
# the same solutions, printed as the input's options (in any order), the same counts, costs and line numbers;
# what it refuses, it refuses in one line.
# usage: preprocess_cli_test.sh path/to/dlx path/to/tests/dlx/data
set -u
dlx=$1
data=$2
# shellcheck source=SCRIPTDIR/../common/cli_lib.sh
. "$(cd "$(dirname "$0")/.." && pwd)/common/cli_lib.sh"

# The solutions of `dlx --all` output as a sorted list, each solution's lines sorted: the order of the search
# is not part of what must agree.
normalize() {
  awk 'BEGIN { RS = ""; FS = "\n" } { n = split($0, l, "\n"); s = ""; for (i = 1; i <= n; ++i) line[i] = l[i];
       for (i = 1; i <= n; ++i) for (j = i + 1; j <= n; ++j) if (line[j] < line[i]) { t = line[i]; line[i] = line[j]; line[j] = t }
       for (i = 1; i <= n; ++i) s = s (i > 1 ? " / " : "") line[i]; print s }' "$1" | LC_ALL=C sort
}

# Random problems: a few items, options of one to three items, some colored secondaries and costs. Python's
# generator with fixed seeds, so that a failure can be reproduced.
/usr/bin/python3 - "$tmp" <<'EOF'
import random, sys
for seed in range(25):
    r = random.Random(seed)
    primary = [f"p{i}" for i in range(r.randint(3, 9))]
    secondary = [f"s{i}" for i in range(r.randint(0, 4))]
    lines = [" ".join(primary) + (" | " + " ".join(secondary) if secondary else "")]
    for _ in range(r.randint(5, 30)):
        items = r.sample(primary + secondary, r.randint(1, min(3, len(primary + secondary))))
        if not any(i in primary for i in items):
            items.append(r.choice(primary))
        words = [i + (":" + r.choice("AB") if i in secondary and r.random() < 0.6 else "") for i in items]
        if r.random() < 0.3:
            words.append("|" + str(r.randint(0, 9)))
        lines.append(" ".join(words))
    open(f"{sys.argv[1]}/r{seed}.dlx", "w").write("\n".join(lines) + "\n")
EOF

reduced_some=0
for f in "$tmp"/r*.dlx; do
  "$dlx" --all "$f" >"$tmp/plain" 2>/dev/null
  expect 0 "" -- "$dlx" --all --preprocess "$f"
  [ "$(normalize "$tmp/plain")" = "$(normalize "$tmp/out")" ] || fail "$f: --all --preprocess differs"
  plain_count=$("$dlx" --count "$f" 2>/dev/null)
  expect 0 "$plain_count" -- "$dlx" --count --preprocess "$f"
  expect 0 "$plain_count" -- "$dlx" --count --preprocess --threads 2 "$f"
  "$dlx" --all --line-numbers "$f" >"$tmp/plain" 2>/dev/null
  expect 0 "" -- "$dlx" --all --line-numbers --preprocess "$f"
  [ "$(normalize "$tmp/plain")" = "$(normalize "$tmp/out")" ] || fail "$f: --line-numbers --preprocess differs"
  # The first solution is one of the input's (whichever the search meets first).
  if [ "$plain_count" != 0 ]; then
    expect 0 "" -- "$dlx" --preprocess "$f"
    grep -qxF "$(normalize "$tmp/out")" <(normalize <("$dlx" --all "$f" 2>/dev/null)) ||
      fail "$f: the first solution with --preprocess is not a solution"
    cost=$("$dlx" --min-cost "$f" 2>/dev/null | tail -n 1)
    expect 0 "$cost" -- "$dlx" --min-cost --preprocess "$f"
  else
    expect 1 "" -- "$dlx" --preprocess "$f"
  fi
  expect 0 "" -- "$dlx" --count --preprocess --stats "$f"
  grep -q "^preprocess: [0-9]* options and [0-9]* items removed in [0-9]* rounds$" "$tmp/err" ||
    fail "$f: --stats without the preprocess line: $(head -c 300 "$tmp/err")"
  grep -q "^preprocess: 0 options and 0 items" "$tmp/err" || reduced_some=$((reduced_some + 1))
done
[ "$reduced_some" -gt 6 ] || fail "only $reduced_some of the random problems were reduced at all"

# An option that would leave an item uncoverable is never printed: here {a b} (c then has only {a c}).
printf 'a b c\na b\na c\nb\n' >"$tmp/block.dlx"
expect 0 "1" -- "$dlx" --count --preprocess "$tmp/block.dlx"
expect 0 "" -- "$dlx" --preprocess --stats "$tmp/block.dlx"
[ "$(cat "$tmp/out")" = "$(printf 'a c\nb')" ] || fail "block.dlx: $(cat "$tmp/out")"
grep -q "^preprocess: 1 options and 1 items removed" "$tmp/err" || fail "block.dlx: $(head -c 300 "$tmp/err")"

# Refused: multiplicities (one line naming the file), and --zdd, which would number the reduced options.
expect 2 "" -- "$dlx" --count --preprocess "$data/dlx3_example.dlx"
[ "$(wc -l <"$tmp/err")" = 1 ] && grep -q "dlx3_example.dlx: --preprocess: .*multiplicities" "$tmp/err" ||
  fail "multiplicities: $(head -c 300 "$tmp/err")"
expect 2 "" -- "$dlx" --preprocess --zdd "$tmp/z" "$tmp/block.dlx"
[ "$(wc -l <"$tmp/err")" = 1 ] && grep -q -- "--zdd cannot be used with --preprocess" "$tmp/err" ||
  fail "--zdd: $(head -c 300 "$tmp/err")"
[ ! -e "$tmp/z" ] || fail "--zdd --preprocess wrote a file"
expect 0 "" -- "$dlx" --help
grep -q -- "--preprocess" "$tmp/out" || fail "--help does not list --preprocess"

echo "$checks checks, $failures failures"
[ "$failures" = 0 ]
