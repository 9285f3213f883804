#!/usr/bin/env bash
# End-to-end tests of the sudoku command: outputs, "FILE:LINE: message" lines on stderr, and exit codes.
# usage: cli_test.sh path/to/sudoku path/to/tests/sudoku/data
# shellcheck source=tests/sudoku/sudoku_cli_lib.sh
. "$(dirname "$0")/sudoku_cli_lib.sh" "$@"

# same NAME FILE: NAME.out is exactly FILE.
same() {
  cmp -s "$1.out" "$2" || { fail "$1: unexpected output"; diff "$1.out" "$2" | head -10 >&2; }
}

# --- the judge form: nine lines of nine numbers in, the solved board in the same form out
cat >judge.txt <<'T'
5 3 0 0 7 0 0 0 0
6 0 0 1 9 5 0 0 0
0 9 8 0 0 0 0 6 0
8 0 0 0 6 0 0 0 3
4 0 0 8 0 3 0 0 1
7 0 0 0 2 0 0 0 6
0 6 0 0 0 0 2 8 0
0 0 0 4 1 9 0 0 5
0 0 0 0 8 0 0 7 9
T
cat >judge_solved.txt <<'T'
5 3 4 6 7 8 9 1 2
6 7 2 1 9 5 3 4 8
1 9 8 3 4 2 5 6 7
8 5 9 7 6 1 4 2 3
4 2 6 8 5 3 7 9 1
7 1 3 9 2 4 8 5 6
9 6 1 5 3 7 2 8 4
2 8 7 4 1 9 6 3 5
3 4 5 2 8 6 1 7 9
T
stdin=judge.txt run judge 0
same judge judge_solved.txt
[ -s judge.err ] && fail "judge: unexpected stderr: $(cat judge.err)"
stdin=judge.txt run judge_solve 0 solve -
same judge_solve judge_solved.txt
# CRLF line ends and no final newline
printf '%s' "$(sed 's/$/\r/' judge.txt)" >judge_crlf.txt
stdin=judge_crlf.txt run judge_crlf 0
same judge_crlf judge_solved.txt
stdin=judge.txt run judge_threads 0 --threads 1
same judge_threads judge_solved.txt

# --- one puzzle per line, with a bad line in the middle of the batch
{
  echo "# a comment"
  sed -n 1,3p "$data/top95_sample.txt"
  echo "123"                                                   # line 5: wrong length
  sed -n 4p "$data/top95_sample.txt"
  echo "5....5$(printf '.%.0s' {1..75})"                       # line 7: repeated given
  printf 'x%s\n' "$(sed -n 5p "$data/top95_sample.txt" | cut -c2-)"   # line 8: unknown character
  sed -n 6,8p "$data/top95_sample.txt" | sed 's/$/ rated 9.9/'
} >batch.txt
run batch 2 batch.txt
[ "$(wc -l <batch.out)" = 10 ] || fail "batch: $(wc -l <batch.out) output lines, expected 10"
sed -n 4p batch.out | grep -q '^error: wrong length: 3 cells' || fail "batch: line 4 is $(sed -n 4p batch.out)"
[ "$(sed -n 6p batch.out)" = "error: digit 5 repeated in row 1 (r1c1 and r1c6)" ] || fail "batch: line 6 is $(sed -n 6p batch.out)"
[ "$(sed -n 7p batch.out)" = "error: unknown character 'x' at column 1" ] || fail "batch: line 7 is $(sed -n 7p batch.out)"
for i in 1 2 3 5; do
  [ "$(sed -n ${i}p batch.out | tr -d '\n' | wc -c)" = 81 ] || fail "batch: line $i is not a solution"
done
for i in 8 9 10; do
  sed -n ${i}p batch.out | grep -Eq '^[1-9]{81} rated 9\.9$' || fail "batch: line $i lost its annotation: $(sed -n ${i}p batch.out)"
done
cat >batch_err_expected.txt <<'T'
batch.txt:5: wrong length: 3 cells; a one-line puzzle has 16, 36, 64, 81, 144, 256 or 625 (or use --box)
batch.txt:7: digit 5 repeated in row 1 (r1c1 and r1c6)
batch.txt:8: unknown character 'x' at column 1
T
cmp -s batch.err batch_err_expected.txt || { fail "batch: stderr"; diff batch.err batch_err_expected.txt >&2; }
# The same through stdin: messages name <stdin>.
stdin=batch.txt run batch_stdin 2
cmp -s batch_stdin.out batch.out || fail "batch_stdin: output differs from the file's"
head -1 batch_stdin.err | grep -q '^<stdin>:5: wrong length' || fail "batch_stdin: stderr $(head -1 batch_stdin.err)"

# --- threads keep the order: one thread and three give the same bytes
cat "$data/17_clue_sample.txt" "$data/top95_sample.txt" "$data/serg_benchmark_sample.txt" >many.txt
run many1 0 --threads 1 many.txt
run many3 0 --threads 3 many.txt
cmp -s many1.out many3.out || fail "threads: --threads 1 and 3 differ"
[ "$(wc -l <many1.out)" = 150 ] || fail "threads: $(wc -l <many1.out) lines"

# --- exit codes of solve, count and check
echo "12345678.........9$(printf '.%.0s' {1..63})" >dead.txt
run dead 1 dead.txt
[ "$(cat dead.out)" = "no solution" ] || fail "dead: $(cat dead.out)"
run dead_count 0 count dead.txt
[ "$(cat dead_count.out)" = 0 ] || fail "dead_count: $(cat dead_count.out)"
run check_unique 0 check "$data/17_clue_sample.txt"
[ "$(sort -u check_unique.out)" = unique ] || fail "check_unique: $(sort -u check_unique.out)"
run check_multiple 1 check "$data/serg_benchmark_sample.txt"
[ "$(sort -u check_multiple.out)" = multiple ] || fail "check_multiple: $(sort -u check_multiple.out)"
run check_none 1 check dead.txt
[ "$(cat check_none.out)" = none ] || fail "check_none: $(cat check_none.out)"
printf '%s\n' "$(printf '.%.0s' {1..18})5.....5$(printf '.%.0s' {1..56})" >clash.txt
run check_clash 2 check clash.txt
[ "$(cat check_clash.out)" = "none: digit 5 repeated in row 3 (r3c1 and r3c7)" ] || fail "check_clash: $(cat check_clash.out)"
[ "$(cat check_clash.err)" = "clash.txt:1: digit 5 repeated in row 3 (r3c1 and r3c7)" ] || fail "check_clash: $(cat check_clash.err)"
# count: clashing givens are a well-formed puzzle with no solution, so the count column stays a number; the
# reason goes to stderr (status 2, as documented for clashing givens).
cat dead.txt clash.txt dead.txt >clash3.txt
run count_clash 2 count clash3.txt
[ "$(cat count_clash.out)" = "$(printf '0\n0\n0')" ] || fail "count_clash: $(cat count_clash.out)"
[ "$(cat count_clash.err)" = "clash3.txt:2: digit 5 repeated in row 3 (r3c1 and r3c7)" ] || fail "count_clash: $(cat count_clash.err)"
# The same in every machine-readable format: a count of 0 in the count column (JSON adds the reason).
run count_clash_csv 2 count --format csv clash3.txt
[ "$(cut -d, -f3 count_clash_csv.out | tr '\n' ' ')" = "count 0 0 0 " ] || fail "count_clash_csv: $(cat count_clash_csv.out)"
run count_clash_json 2 count --format json clash3.txt
[ "$(grep -c '"count":0,"complete":true' count_clash_json.out)" = 3 ] || fail "count_clash_json: $(cat count_clash_json.out)"
sed -n 2p count_clash_json.out | grep -q '"error":"digit 5 repeated in row 3 (r3c1 and r3c7)"' ||
  fail "count_clash_json: no reason on line 2: $(sed -n 2p count_clash_json.out)"
run count_clash_array 2 count --format json-array clash3.txt
[ "$(grep -c '"count":0,' count_clash_array.out)" = 3 ] || fail "count_clash_array: $(cat count_clash_array.out)"
grep -q '"status":"error"' count_clash_json.out count_clash_array.out && fail "count_clash json: an error record"
# --progress is for every long run now, not generate only: the output is the same with it.
run count_progress 0 count --progress --limit 2 "$data/serg_benchmark_sample.txt"
run count_no_progress 0 count --limit 2 "$data/serg_benchmark_sample.txt"
same count_progress count_no_progress.out
run rate_progress 0 rate --progress "$data/17_clue_sample.txt"
cut -d: -f1 "$data/puzzles_with_counts.txt" >counts_in.txt
cut -d: -f2 "$data/puzzles_with_counts.txt" >counts_expected.txt
run count 0 count counts_in.txt
same count counts_expected.txt
run count_limit 0 count --limit 3 counts_in.txt
# Exactly 3 solutions print "3", more print "3+" (the count goes one solution past the limit to tell).
awk '{ print ($1 > 3 ? "3+" : $1) }' counts_expected.txt >count_limit_expected.txt
same count_limit count_limit_expected.txt

# --- files: a missing one is reported and the others still run; '-' is stdin
stdin=judge.txt run files 2 dead.txt missing.txt - 
grep -q '^missing.txt: cannot open: ' files.err || fail "files: stderr $(cat files.err)"
# A board over several lines is set apart from its neighbours by a blank line.
[ "$(head -2 files.out)" = "$(printf 'no solution\n')" ] && [ "$(tail -n +3 files.out)" = "$(cat judge_solved.txt)" ] ||
  fail "files: output $(cat files.out)"
run directory 2 .
grep -q '^\.: cannot read file: is a directory' directory.err || fail "directory: $(cat directory.err)"
: >empty.txt
run empty 0 empty.txt
[ -s empty.out ] && fail "empty: output $(cat empty.out)"

# --- robustness: NUL bytes, binary garbage, a truncated last line, a very long line
printf '4.....8.5.3..\0.......7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n' >nul.txt
sed -n 2p "$data/top95_sample.txt" >>nul.txt
run nul 2 nul.txt
[ "$(head -1 nul.out)" = "error: unknown character 0x00 at column 14" ] || fail "nul: $(head -1 nul.out)"
[ "$(wc -l <nul.out)" = 2 ] || fail "nul: $(wc -l <nul.out) lines"
head -c 20000 /dev/urandom >garbage.bin 2>/dev/null || dd if=/dev/urandom of=garbage.bin bs=1000 count=20 2>/dev/null
run garbage 2 garbage.bin
[ "$(grep -vc '^error: ' garbage.out)" = 0 ] || fail "garbage: non-error output"
[ "$(wc -l <garbage.out)" = "$(wc -l <garbage.err)" ] || fail "garbage: stdout and stderr lines differ"
printf '%s' "$(sed -n 9p "$data/top95_sample.txt")" >truncated.txt
run truncated 0 truncated.txt
[ "$(wc -c <truncated.out)" = 82 ] || fail "truncated: $(cat truncated.out)"
{ head -c 100000 /dev/zero | tr '\0' '.'; echo; sed -n 1p "$data/top95_sample.txt"; } >long.txt
run long 2 long.txt
[ "$(head -1 long.out)" = "error: line longer than 65536 bytes" ] || fail "long: $(head -1 long.out)"
[ "$(sed -n 2p long.out | wc -c)" = 82 ] || fail "long: second puzzle lost"
grep -q '^long.txt:1: line longer than 65536 bytes$' long.err || fail "long: stderr $(cat long.err)"

# --- layouts and sizes: pretty output reads back; 16x16 with --symbols; --box
sed -n 1,3p "$data/top95_sample.txt" >three.txt
run pretty 0 --format pretty three.txt
run pretty_back 0 check pretty.out
[ "$(cat pretty_back.out)" = "$(printf 'unique\nunique\nunique')" ] || fail "pretty_back: $(cat pretty_back.out)"
run grid 0 --format grid three.txt
run grid_back 0 --format line grid.out
run line_direct 0 three.txt
cmp -s grid_back.out line_direct.out || fail "grid_back: grid output does not read back"
echo "0F$(printf '.%.0s' {1..254})" >hex.txt
run hex 0 --symbols 0123456789ABCDEF hex.txt
grep -Eq '^0F[0-9A-F]{254}$' hex.out || fail "hex: $(cat hex.out)"
echo "$(printf '.%.0s' {1..64})" >eight.txt
run eight 0 --box 4x2 eight.txt
[ "$(tr -d '\n' <eight.out | wc -c)" = 64 ] || fail "eight: $(cat eight.out)"
run eight_default 0 eight.txt   # 64 cells: 2x4 boxes by default

# --- stats, help, version, usage errors
run stats 0 --stats three.txt
[ "$(grep -c '^three.txt:[0-9]*: [0-9]* nodes, ' stats.err)" = 3 ] || fail "stats: $(cat stats.err)"
grep -q '^sudoku: 3 puzzles, ' stats.err || fail "stats: no total"
run help 0 --help
grep -q 'Exit status' help.out || fail "help: no exit status section"
run version 0 --version
grep -q '^sudoku (dlx) [0-9]' version.out || fail "version: $(cat version.out)"
grep -Eq '^band solver: (avx512|avx2|portable)$' version.out || fail "version: $(cat version.out)"
DLX_ISA=portable "$sudoku" --version >version_portable.out
grep -q '^band solver: portable$' version_portable.out || fail "DLX_ISA=portable --version: $(cat version_portable.out)"
run bad_option 2 --no-such-option
grep -q "Try 'sudoku --help'" bad_option.err || fail "bad_option: $(cat bad_option.err)"
run bad_box 2 --box 3 three.txt
run bad_format 2 --format xml three.txt
run bad_symbols 2 --symbols 1123 three.txt
run bad_limit 2 check --limit 3 three.txt
run bad_threads 2 --threads many three.txt
run bad_threads_negative 2 --threads -1 three.txt
run bad_limit_negative 2 count --limit -1 three.txt
run threads_zero 0 --threads 0 three.txt   # 0: one per core

finish "command-line"
