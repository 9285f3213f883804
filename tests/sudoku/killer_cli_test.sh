#!/usr/bin/env bash
# End-to-end tests of generated killers and random jigsaws (sudoku generate --variant killer, --regions random)
# and of the cage logic in rate, hint and steps: every generated puzzle checked unique by the command that
# reads it back, seeds reproducible whatever the threads, steps ending solved, and bad options refused.
# usage: killer_cli_test.sh path/to/sudoku path/to/tests/sudoku/data
# shellcheck source=tests/sudoku/sudoku_cli_lib.sh
. "$(dirname "$0")/sudoku_cli_lib.sh" "$@"

# holds NAME TEXT: NAME contains TEXT.
holds() {
  grep -qF -- "$2" "$1" || fail "$1: no '$2' in: $(head -3 "$1")"
}

# all_unique NAME COUNT: NAME.out's puzzles, read back by check, are COUNT times unique.
all_unique() {
  "$sudoku" check "$1.out" >"$1.check" 2>&1 || fail "$1: check failed: $(head -3 "$1.check")"
  [ "$(grep -c '^unique$' "$1.check")" = "$2" ] || fail "$1: not $2 unique: $(sort "$1.check" | uniq -c)"
}

# --- killers: typed killer lines, each after its annotation line, unique on every size
for box in 2x2 2x3 3x3; do
  run "killer_$box" 0 generate 6 --variant killer --box "$box" --seed 7 --threads 2
  [ "$(grep -c '^killer ' "killer_$box.out")" = 6 ] || fail "killer_$box: $(head -2 "killer_$box.out")"
  [ "$(grep -c '^# seed=7 index=' "killer_$box.out")" = 6 ] || fail "killer_$box: no annotation lines"
  all_unique "killer_$box" 6
  # the same seed gives the same puzzles, with any number of threads
  run "killer_${box}_again" 0 generate 6 --variant killer --box "$box" --seed 7 --threads 1
  cmp -s "killer_$box.out" "killer_${box}_again.out" || fail "killer_$box: another run differs"
done
run killer_seed8 0 generate 6 --variant killer --box 3x3 --seed 8
cmp -s killer_3x3.out killer_seed8.out && fail "killer: seeds 7 and 8 give the same puzzles"
# cage sizes and givens as asked; a killer with a jigsaw, and with diagonals
run killer_sizes 0 generate 3 --variant killer --cage-size 2-2 --max-givens 0 --seed 3
all_unique killer_sizes 3
grep '^killer' killer_sizes.out >killer_sizes.lines
while read -r _ layout rest; do
  # cells left with no free neighbour stay cages of 1 cell; none has more than 2
  large=$(printf '%s' "$layout" | fold -w1 | sort | uniq -c | awk '$1 > 2 { print $2 }')
  [ -z "$large" ] || fail "killer_sizes: cages $large have more than 2 cells"
  case $rest in *givens=*) fail "killer_sizes: givens in $rest" ;; esac
done <killer_sizes.lines
run killer_jigsaw 0 generate 2 --variant killer --regions random --seed 4
all_unique killer_jigsaw 2
holds killer_jigsaw.out "regions="
run killer_x 0 generate 2 --variant killer,x --box 2x2 --seed 4
all_unique killer_x 2
holds killer_x.out "x:killer "
run killer_json 0 generate 2 --variant killer --box 2x3 --seed 4 --format json
holds killer_json.out '"puzzle":"killer '
holds killer_json.out '"tier":"'

# --- cage logic: steps reach the solution of easy killers; every step in words and r/c notation
run killer_easy 0 generate 4 --variant killer --box 2x2 --tier singles --seed 9
run killer_steps 0 steps killer_easy.out
[ "$(grep -c '^solved$' killer_steps.out)" = 4 ] || fail "killer_steps: $(grep -v '^r' killer_steps.out | head -3)"
grep -qE '^cage at r[0-9]c[0-9] \([0-9] cells?, sum [0-9]+\).*, so r[0-9]c[0-9]<>' killer_steps.out ||
  fail "killer_steps: no cage combination step: $(head -3 killer_steps.out)"
run killer_hint 0 hint --format json killer_3x3.out
holds killer_hint.out '"technique":"cage-combination"'
run killer_rate 0 rate killer_3x3.out
holds killer_rate.out "cage-combination="
grep -q "error" killer_rate.out && fail "killer_rate: $(cat killer_rate.out)"
# a published killer (hard: the steps get stuck), with innies and outies on the way
head -1 "$data/killers.txt" >published.txt
run published_steps 0 steps published.txt
grep -qE '^(box|region|rows?|columns?) [0-9-]+: (innies|outies) r' published_steps.out ||
  fail "published_steps: no innies or outies: $(head -3 published_steps.out)"
holds published_steps.out "stuck: none of the techniques applies"
# neighbour rules on top of the cages are answered, not refused: these killers have no anti-knight solution
run killer_knight 1 rate --variant anti-knight killer_3x3.out
[ "$(sort -u killer_knight.out)" = none ] || fail "killer_knight: $(cat killer_knight.out)"
# killers generated with a neighbour rule: rate takes the rule's steps as steps does, so what its tiers solve
# (tier not search, rule steps counted) steps solves too; past the tiers (search) steps may still solve it with
# the chains and the rule forcing, or get stuck
run knight_killers 0 generate 6 --variant killer,anti-knight --seed 2
grep -v '^#' knight_killers.out >knight_killers.txt
run knight_rate 0 rate knight_killers.txt
run knight_steps 0 steps --format json knight_killers.txt
paste -d' ' <(cut -d' ' -f1 knight_rate.out) <(grep -o '"status":"[a-z]*"' knight_steps.out) >knight_both.txt
grep -qvE -e '^search "status":"(stuck|solved)"$' -e '^(singles|locked|subsets) "status":"solved"$' knight_both.txt &&
  fail "knight_rate: rate and steps disagree: $(cat knight_both.txt)"
grep -q '^search ' knight_both.txt && grep -q 'solved' knight_both.txt ||
  fail "knight_rate: expected both solved and stuck killers: $(cat knight_both.txt)"
grep -q ' rule=[1-9]' knight_rate.out || fail "knight_rate: no rule step counted: $(cat knight_rate.out)"

# --- jigsaws on random layouts: every size the generator takes
for box in 2x2 2x3 3x3 3x4 1x5; do
  run "jigsaw_$box" 0 generate 3 --regions random --box "$box" --seed 5 --threads 2
  all_unique "jigsaw_$box" 3
  run "jigsaw_${box}_again" 0 generate 3 --regions random --box "$box" --seed 5 --threads 1
  cmp -s "jigsaw_$box.out" "jigsaw_${box}_again.out" || fail "jigsaw_$box: another run differs"
done
[ "$(cut -d' ' -f1 jigsaw_3x3.out | cut -c82-162 | sort -u | wc -l)" = 3 ] || fail "jigsaw: layouts repeat"
run jigsaw_rate 0 rate jigsaw_3x3.out

# --- bad options: one line saying what is wrong, status 2
bad() {
  local name=$1 text=$2
  shift 2
  run "$name" 2 "$@"
  holds "$name.err" "$text"
}
bad cage_zero "--cage-size 0-3: expected MIN-MAX" generate --variant killer --cage-size 0-3
bad cage_order "--cage-size 5-2: expected MIN-MAX" generate --variant killer --cage-size 5-2
bad cage_big "--cage-size 2-5: expected MIN-MAX" generate --variant killer --box 2x2 --cage-size 2-5
bad cage_text "--cage-size x: expected MIN-MAX" generate --variant killer --cage-size x
bad cage_plain "--cage-size applies to --variant killer only" generate --cage-size 2-3
bad givens_plain "--max-givens applies to --variant killer only" generate --max-givens 2
bad givens_many "--max-givens 82" generate --variant killer --max-givens 82
bad killer_solve "--variant killer applies to generate only" solve --variant killer killer_3x3.out
bad random_check "--regions random applies to generate only" check --regions random killer_3x3.out
bad killer_symmetry "killer: --symmetry does not apply" generate --variant killer --symmetry rotate180
bad killer_clues "killer: --clues does not apply" generate --variant killer --clues 5
bad killer_minimal "killer: --minimal does not apply" generate --variant killer --minimal
bad killer_big "killer: boards up to 12x12, not 16x16" generate --variant killer --box 4x4
bad killer_unknown "unknown" generate --variant killer,bogus

finish "killer and jigsaw generation"
