#!/usr/bin/env bash
# End-to-end tests of the sudoku command's variants (--variant, --regions, --extra-regions, jigsaw and killer
# lines): results checked against the rules by awk, published killers against their published solutions,
# and "FILE:LINE: message" errors with their exit codes.
# usage: variant_cli_test.sh path/to/sudoku path/to/tests/sudoku/data
# shellcheck source=tests/sudoku/sudoku_cli_lib.sh
. "$(dirname "$0")/sudoku_cli_lib.sh" "$@"

# holds NAME TEXT: NAME.out (or .err) contains TEXT.
holds() {
  grep -qF -- "$2" "$1" || fail "$1: no '$2' in: $(head -3 "$1")"
}

# valid SOLUTION LAYOUT EXTRA...: every row, column and region of LAYOUT (81 characters naming each cell's
# region) holds 1-9 once; EXTRA are 81-character layouts whose non-'.' regions hold distinct digits.
# A solution is written back with its rules (the "x,windoku:" prefix, a jigsaw's regions): its cells are the 81
# characters after the prefix.
cells_of() {
  local s=$1
  case $s in [a-z]*:*) s=${s#*:} ;; esac
  printf '%s' "${s:0:81}"
}
valid() {
  rules_hold 9 "$(cells_of "$1")" 0 "${@:2}" || fail "$1 breaks the rules of $*"
}
# rules_hold SIDE CELLS KNIGHT LAYOUT...: CELLS are SIDE*SIDE digits from 1 to SIDE, each once in every row,
# column and region of each LAYOUT (SIDE*SIDE characters naming each cell's region, '.' none), and, when KNIGHT
# is 1, never twice a knight's move apart.
rules_hold() {
  awk -v n="$1" -v s="$2" -v knight="$3" -v layouts="${*:4}" 'BEGIN {
    if (length(s) != n * n || s !~ ("^[1-" n "]+$")) exit 1
    k = split(layouts, ls, " ")
    for (i = 0; i < n * n; i++) {
      d = substr(s, i + 1, 1); r = int(i / n); c = i % n
      if (seen["r" r d]++ || seen["c" c d]++) exit 1
      for (l = 1; l <= k; l++) {
        g = substr(ls[l], i + 1, 1)
        if (g != "." && seen[l g d]++) exit 1
      }
      for (j = 0; knight && j < i; j++) {
        dr = r - int(j / n); dc = c - j % n
        if (dr * dr + dc * dc == 5 && substr(s, j + 1, 1) == d) exit 1
      }
    }
    exit 0
  }'
}

boxes=AAABBBCCCAAABBBCCCAAABBBCCCDDDEEEFFFDDDEEEFFFDDDEEEFFFGGGHHHIIIGGGHHHIIIGGGHHHIII
diagonal1=A.........A.........A.........A.........A.........A.........A.........A.........A
diagonal2=........A.......A.......A.......A.......A.......A.......A.......A.......A........
windows=..........AAA.BBB..AAA.BBB..AAA.BBB...........CCC.DDD..CCC.DDD..CCC.DDD..........
jigsaw=AAABBBCCCAAABBBCCCAAEBBBCCCDDDAEEFFFDDDEEEFFFDDDEEEFFFGGGHHHIIIGGGHHHIIIGGGHHHIII
empty=.................................................................................

# --- X and windoku: an empty board's first solution keeps the extra regions; with half of it given, unique
echo "$empty" >empty.txt
stdin=empty.txt run x 0 --variant x
valid "$(cat x.out)" $boxes $diagonal1 $diagonal2
stdin=empty.txt run xw 0 --variant x,windoku
valid "$(cat xw.out)" $boxes $diagonal1 $diagonal2 $windows
stdin=empty.txt run windoku 0 --variant windoku
valid "$(cat windoku.out)" $boxes $windows
# Its solution with cells blanked is still solved into the same grid, and the check agrees.
sol=$(cat xw.out)
echo "${sol:0:20}..........${sol:30:21}..........${sol:61}" >xw_puzzle.txt
stdin=xw_puzzle.txt run xw_solve 0 --variant x,windoku
[ "$(cat xw_solve.out)" = "$sol" ] || fail "xw_solve: $(cat xw_solve.out), expected $sol"
stdin=xw_puzzle.txt run xw_count 0 count --variant x,windoku
stdin=xw_puzzle.txt run plain_count 0 count
[ "$(cat xw_count.out)" -le "$(cat plain_count.out)" ] || fail "xw_count: more solutions than without rules"
# --extra-regions with the windows is windoku
stdin=empty.txt run extra 0 --extra-regions $windows
[ "$(cat extra.out)" = "$(cat windoku.out)" ] || fail "extra: $(cat extra.out) differs from windoku"

# --- anti-knight, anti-king, non-consecutive: the solution obeys them
stdin=empty.txt run neighbours 0 --variant anti-knight,anti-king,non-consecutive
awk -v s="$(cells_of "$(cat neighbours.out)")" 'BEGIN {
  for (i = 0; i < 81; i++) for (j = 0; j < 81; j++) {
    dr = int(i / 9) - int(j / 9); dc = i % 9 - j % 9; dr = dr < 0 ? -dr : dr; dc = dc < 0 ? -dc : dc
    a = substr(s, i + 1, 1); b = substr(s, j + 1, 1); diff = a - b
    if ((dr * dr + dc * dc == 5 || (dr == 1 && dc == 1)) && a == b) exit 1
    if (dr + dc == 1 && (diff == 1 || diff == -1)) exit 1
  }
}' || fail "neighbours: $(cat neighbours.out) breaks a neighbour rule"

# --- jigsaw: a 162-character line (givens, then regions) and --regions give the same
stdin=empty.txt run jigsaw 0 --regions $jigsaw
valid "$(cat jigsaw.out)" $jigsaw
echo "$empty$jigsaw" >jigsaw_line.txt
stdin=jigsaw_line.txt run jigsaw_line 0
[ "$(cat jigsaw_line.out)" = "$(cat jigsaw.out)" ] || fail "jigsaw_line: $(cat jigsaw_line.out)"
# Regions named by lowercase letters or by digits read the same
echo "$empty$jigsaw" | tr 'A-I' 'a-i' >jigsaw_lower.txt
echo "$empty$jigsaw" | sed 's/\(.\{81\}\)\(.*\)/\2/' | tr 'A-I' '0-8' | sed "s/^/$empty/" >jigsaw_digits.txt
for form in lower digits; do
  run jigsaw_$form 0 jigsaw_$form.txt
  [ "$(cat jigsaw_$form.out)" = "$(cat jigsaw.out)" ] || fail "jigsaw_$form: $(cat jigsaw_$form.out)"
done
# A 5x5 jigsaw (a prime side: only regions make sense) counts its grids
echo ".........................AAABBAABBBCCCDDCCDEEDDEEE" >jigsaw5.txt
stdin=jigsaw5.txt run jigsaw5 0 count
[ "$(cat jigsaw5.out)" -gt 0 ] || fail "jigsaw5: $(cat jigsaw5.out)"
# A layout that admits no grid: one cell of box 1 traded with box 2 in the same row
echo "${empty}AABABBCCCAAABBBCCCAAABBBCCCDDDEEEFFFDDDEEEFFFDDDEEEFFFGGGHHHIIIGGGHHHIIIGGGHHHIII" >nogrid.txt
stdin=nogrid.txt run nogrid_check 1 check
[ "$(cat nogrid_check.out)" = none ] || fail "nogrid_check: $(cat nogrid_check.out)"
stdin=nogrid.txt run nogrid_count 0 count
[ "$(cat nogrid_count.out)" = 0 ] || fail "nogrid_count: $(cat nogrid_count.out)"
# Two layouts a plain search did not settle in minutes, settled at once by twin cells. One trades r3c4 and r4c4:
# rows 1-3 wholly hold regions A and C, so their other cells (B's eight there and r3c4) hold every digit once;
# they share all but one cell with B, so r3c4 and B's r4c4 hold the same digit, yet they share column 4: no
# grid. The other trades r9c6 and r9c7 (the same argument on columns 4-6, the twins sharing row 9). A time
# limit keeps a regression from hanging the test.
for layout in AAABBBCCCAAABBBCCCAAAEBBCCCDDDBEEFFFDDDEEEFFFDDDEEEFFFGGGHHHIIIGGGHHHIIIGGGHHHIII \
  AAABBBCCCAAABBBCCCAAABBBCCCDDDEEEFFFDDDEEEFFFDDDEEEFFFGGGHHHIIIGGGHHHIIIGGGHHIHII; do
  echo "${empty}$layout" >twins.txt
  stdin=twins.txt run twins_check 1 check --time-limit 60
  [ "$(cat twins_check.out)" = none ] || fail "twins_check $layout: $(cat twins_check.out)"
done

# An empty board of a layout where the search without its first row fixed ran for minutes (Solver::symmetry)
echo "${empty}AAABBBCCCAAABBCCCCAADEBBBFCDADEBEFFCDDDEEEFFFDDDEHEFFFGGGHHEIIIGGGGHHIIIGGHHHHIII" >slow_layout.txt
run slow_layout 0 count --limit 1 slow_layout.txt
[ "$(cat slow_layout.out)" = 1+ ] || fail "slow_layout: $(cat slow_layout.out)"
stdin=slow_layout.txt run slow_layout_check 1 check
[ "$(cat slow_layout_check.out)" = multiple ] || fail "slow_layout_check: $(cat slow_layout_check.out)"

# --- killers: published ones (some with diagonals) give their published solutions, in batches, threaded
head -4 "$data/killers.txt" >killers.txt
head -4 "$data/killers_solutions.txt" >killers_expected.txt
run killers 0 --threads 2 killers.txt
# Each solution is a typed killer line (its cages kept), the solution in its givens=.
sed -i 's/.*givens=//' killers.out
cmp -s killers.out killers_expected.txt || fail "killers: $(diff killers.out killers_expected.txt | head -4)"
run killers_check 0 check killers.txt
[ "$(sort -u killers_check.out)" = unique ] || fail "killers_check: $(cat killers_check.out)"
# The typed form: a 4x4 killer with a given; its solution's cages add up
echo "killer AA...BB...B...CC A=3 B=7 C=4 givens=...............1" >typed.txt
run typed 0 typed.txt
t=$(sed 's/.*givens=//' typed.out)
[ $((${t:0:1} + ${t:1:1})) = 3 ] && [ $((${t:5:1} + ${t:6:1} + ${t:10:1})) = 7 ] && [ "${t:14:2}" = 31 ] ||
  fail "typed: $t"
run typed_check 0 check typed.txt

# --- generate: puzzles unique under their rules (jigsaws as 162-character lines)
run gen_x 0 generate 3 --variant x,windoku --seed 5 --threads 2
[ "$(wc -l <gen_x.out)" = 3 ] || fail "gen_x: $(cat gen_x.out)"
# Each puzzle carries its rules ("x,windoku:" before the cells): check needs no --variant to read them back.
cut -d' ' -f1 gen_x.out >gen_x.txt
grep -c '^x,windoku:' gen_x.txt | grep -qx 3 || fail "gen_x.txt: $(cat gen_x.txt)"
run gen_x_check 0 check --variant x,windoku gen_x.txt
[ "$(sort -u gen_x_check.out)" = unique ] || fail "gen_x_check: $(cat gen_x_check.out)"
run gen_x_selfcheck 0 check gen_x.out
[ "$(sort -u gen_x_selfcheck.out)" = unique ] || fail "gen_x_selfcheck: $(cat gen_x_selfcheck.out)"
run gen_jigsaw 0 generate 2 --regions $jigsaw --seed 5
cut -d' ' -f1 gen_jigsaw.out >gen_jigsaw.txt
run gen_jigsaw_check 0 check gen_jigsaw.txt
[ "$(sort -u gen_jigsaw_check.out)" = unique ] || fail "gen_jigsaw_check: $(cat gen_jigsaw_check.out)"
# Tiers for the rules the techniques know (regions); neighbour rules have none.
run gen_tier 0 generate 2 --variant x --tier singles --seed 5
[ "$(grep -c ' tier=singles$' gen_tier.out)" = 2 ] || fail "gen_tier: $(cat gen_tier.out)"
cut -d' ' -f1 gen_tier.out >gen_tier.txt
run gen_tier_rate 0 rate --variant x gen_tier.txt
[ "$(cut -d' ' -f1 gen_tier_rate.out | sort -u)" = singles ] || fail "gen_tier_rate: $(cat gen_tier_rate.out)"
run gen_tier_knight 2 generate --variant anti-knight --tier singles
# rate and hint take jigsaw regions (named as such), and refuse the rules their techniques do not know
run gen_jigsaw_rate 0 rate gen_jigsaw.txt
[ "$(wc -l <gen_jigsaw_rate.out)" = 2 ] && ! grep -q error gen_jigsaw_rate.out || fail "gen_jigsaw_rate: $(cat gen_jigsaw_rate.out)"
run gen_jigsaw_steps 0 steps gen_jigsaw.txt
holds gen_jigsaw_steps.out "in region"
# The diagonals and windows are houses of the techniques too; neighbour rules have a rule step of their own.
# The first puzzle only: the others need longer nested chains (seconds in Release, minutes under ASan).
head -1 gen_x.txt >gen_x1.txt
run gen_x_rate 0 rate --variant x,windoku gen_x1.txt
[ "$(wc -l <gen_x_rate.out)" = 1 ] && ! grep -q error gen_x_rate.out || fail "gen_x_rate: $(cat gen_x_rate.out)"
run gen_x_steps 0 steps --variant x,windoku gen_x1.txt
grep -qE "in (diagonal|window) [0-9]" gen_x_steps.out || fail "gen_x_steps: no step in a diagonal or a window"
run gen_knight 0 generate 2 --variant x,anti-knight --seed 5
run gen_knight_steps 0 steps gen_knight.out
holds gen_knight_steps.out "anti-knight beside r"
run gen_knight_rate 0 rate gen_knight.out
[ "$(grep -c ' rule=' gen_knight_rate.out)" = 2 ] || fail "gen_knight_rate: $(cat gen_knight_rate.out)"
run gen_x_minimize 0 minimize --variant x,windoku gen_x.txt
run gen_x_minimized 0 check --variant x,windoku gen_x_minimize.out
[ "$(sort -u gen_x_minimized.out)" = unique ] || fail "gen_x_minimized: $(cat gen_x_minimized.out)"

# --- errors: one line naming file, line and what is wrong; status 2
printf '%s\n' "# killers" "3x3::k:$(printf '3841:%.0s' $(seq 1 81))" >bad_killer.txt
run bad_killer 2 bad_killer.txt
holds bad_killer.err "bad_killer.txt:2: cage at r1c1 has 81 cells"
echo "killer AA.............. A=30" >bad_sum.txt
run bad_sum 2 bad_sum.txt
holds bad_sum.err "bad_sum.txt:1: cage at r1c1 (2 cells, sum 30): no 2 distinct digits from 1 to 4 add up to 30"
echo "${empty}AAAABBCCCAAABBBCCCAAABBBCCCDDDEEEFFFDDDEEEFFFDDDEEEFFFGGGHHHIIIGGGHHHIIIGGGHHHIII" >bad_region.txt
run bad_region 2 bad_region.txt
holds bad_region.err "bad_region.txt:1: region layout: region 'A' has 10 cells; each region needs 9"
echo "1${empty:2}1" >clash.txt
run clash_check 2 check --variant x clash.txt
holds clash_check.out "none: digit 1 repeated in diagonal 1 (r1c1 and r9c9)"
holds clash_check.err "clash.txt:1: digit 1 repeated in diagonal 1"
run clash_count 2 count --variant x clash.txt
[ "$(cat clash_count.out)" = 0 ] || fail "clash_count: $(cat clash_count.out)"
run bad_variant 2 --variant x,y empty.txt
holds bad_variant.err "--variant: unknown variant 'y'"
run bad_regions_option 2 --regions AAAB empty.txt
holds bad_regions_option.err "--regions: region layout: region 'A' has 3 cells"
echo "................" >small.txt
run wrong_size 2 --regions $jigsaw small.txt
holds wrong_size.err "small.txt:1: the region layout is for 9x9 boards, not 4x4"
# Rule prefixes: each extra= counts, a second regions= or an empty layout is that line's error (status 2).
printf '%s\n' "extra=.AA..AA.........,extra=.....BB..BB.....:................" \
  "regions=AABBAABBCCDDCCDD,regions=AABBAABBCCDDCCDD:................" "extra=:................" >prefixes.txt
run prefixes 2 count prefixes.txt
[ "$(head -1 prefixes.out)" = 24 ] || fail "prefixes: $(head -1 prefixes.out), expected 24"
holds prefixes.err "prefixes.txt:2: rules prefix: regions= is given twice"
holds prefixes.err "prefixes.txt:3: rules prefix: extra= has no layout"

# --- solve --all and --limit on empty 4x4 boards under rules every relabelling keeps: the search fixes the first
# row and counts stand for 4! grids each, but a listing must hold every grid once. Each grid is checked here
# against the rules themselves (rules_hold: rows, columns, regions, extra regions, knight moves), not against the
# solver.
echo "................" >empty4.txt
boxes4=AABBAABBCCDDCCDD
for case in "x|--variant x|$boxes4 A....A....A....A ...A..A..A..A...|0" \
  "jigsaw|--regions AAABCABBCCDBCDDD|AAABCABBCCDBCDDD|0" \
  "extra|--extra-regions A..A........A..A|$boxes4 A..A........A..A|0" \
  "knight|--variant anti-knight|$boxes4|1"; do
  IFS='|' read -r name options layouts knight <<<"$case"
  # shellcheck disable=SC2086
  stdin=empty4.txt run "all_$name" 0 --box 2x2 --all --format json $options
  # shellcheck disable=SC2086
  stdin=empty4.txt run "count_$name" 0 count --box 2x2 $options
  total=$(cat "count_$name.out")
  grep -q '"complete":true}$' "all_$name.out" || fail "all_$name: not complete: $(head -c 200 "all_$name.out")"
  grep -o '"[1-4]\{16\}"' "all_$name.out" | tr -d '"' >"all_$name.grids"
  [ "$(wc -l <"all_$name.grids")" = "$total" ] && [ "$(sort -u "all_$name.grids" | wc -l)" = "$total" ] &&
    grep -q "\"count\":$total," "all_$name.out" ||
    fail "all_$name: $(wc -l <"all_$name.grids") grids ($(sort -u "all_$name.grids" | wc -l) distinct), count says $total"
  while read -r grid; do
    # shellcheck disable=SC2086  # the layouts, one argument each
    rules_hold 4 "$grid" "$knight" $layouts || fail "all_$name: $grid breaks the rules"
  done <"all_$name.grids"
  # --limit N: min(N, total) grids, the first ones of the listing; complete only when the listing ended.
  for n in 5 $((total - 1)) $((total + 1)); do
    # shellcheck disable=SC2086
    stdin=empty4.txt run "limit_$name" 0 --box 2x2 --format json --limit $n $options
    want=$((n < total ? n : total))
    complete=$([ "$n" -gt "$total" ] && echo true || echo false)
    grep -o '"[1-4]\{16\}"' "limit_$name.out" | tr -d '"' | cmp -s - <(head -n "$want" "all_$name.grids") &&
      grep -q "\"count\":$want,\"complete\":$complete}" "limit_$name.out" ||
      fail "limit_$name ($n of $total): $(head -c 300 "limit_$name.out")"
  done
  # The text form lists as many.
  # shellcheck disable=SC2086
  stdin=empty4.txt run "all_text_$name" 0 --box 2x2 --all $options
  [ "$(sort -u "all_text_$name.out" | wc -l)" = "$total" ] || fail "all_text_$name: $(wc -l <"all_text_$name.out") lines"
done

# --- solve --all and --limit on a pencilmark puzzle list every solution too: a 4x4 board whose first cell may
# only hold 1 (72 grids), each checked against the rules and the marks.
echo "1...$(printf '1234%.0s' $(seq 15))" >marks4.txt
stdin=marks4.txt run all_marks 0 --all --format json
grep -o '"[1-4]\{16\}"' all_marks.out | tr -d '"' >all_marks.grids
[ "$(wc -l <all_marks.grids)" = 72 ] && [ "$(sort -u all_marks.grids | wc -l)" = 72 ] &&
  grep -q '"count":72,"complete":true}$' all_marks.out ||
  fail "all_marks: $(wc -l <all_marks.grids) grids ($(sort -u all_marks.grids | wc -l) distinct): $(tail -c 100 all_marks.out)"
while read -r grid; do
  [ "${grid:0:1}" = 1 ] && rules_hold 4 "$grid" 0 "$boxes4" || fail "all_marks: $grid breaks the rules or the marks"
done <all_marks.grids
stdin=marks4.txt run limit_marks 0 --limit 5 --format json
grep -o '"[1-4]\{16\}"' limit_marks.out | tr -d '"' | cmp -s - <(head -n 5 all_marks.grids) &&
  grep -q '"count":5,"complete":false}' limit_marks.out || fail "limit_marks: $(head -c 300 limit_marks.out)"

# --- plain Sudoku unchanged: the judge form still reads and writes nine lines of numbers
printf '%s\n' "5 3 0 0 7 0 0 0 0" "6 0 0 1 9 5 0 0 0" "0 9 8 0 0 0 0 6 0" "8 0 0 0 6 0 0 0 3" "4 0 0 8 0 3 0 0 1" \
  "7 0 0 0 2 0 0 0 6" "0 6 0 0 0 0 2 8 0" "0 0 0 4 1 9 0 0 5" "0 0 0 0 8 0 0 7 9" >judge.txt
stdin=judge.txt run judge 0
[ "$(head -1 judge.out)" = "5 3 4 6 7 8 9 1 2" ] || fail "judge: $(head -1 judge.out)"

finish "variant command-line"
