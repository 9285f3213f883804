#!/usr/bin/env bash
# dlx-mpi on loopback against dlx --count: the same counts with 1 and 3 ranks, checkpoints that resume a stopped
# or killed run, refused checkpoints, and input errors.
# usage: mpi_test.sh MPIRUN DLX-MPI DLX PARALLEL_TESTS fast|kill
# Runs as root too (the test sets OMPI_ALLOW_RUN_AS_ROOT*), and without a terminal or standard input. Runs
# without mpirun ("singletons") are single-rank runs, cheaper to start.
set -u
mpirun=$1 dlx_mpi=$2 dlx=$3 emit=$4 mode=$5
failures=0 checks=0
tmp=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null; done
  rm -rf "$tmp"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
# In sanitizer builds, reports go to files that are checked at the end (many commands here discard stderr).
for v in ASAN_OPTIONS UBSAN_OPTIONS TSAN_OPTIONS; do export "$v=${!v:-}${!v:+:}log_path=$tmp/sanitizer"; done
check() { checks=$((checks + 1)); [ "$1" = "$2" ] || fail "$3: got '$1', expected '$2'"; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
# No network needed: keep Open MPI on the loopback interface and shared memory.
export OMPI_MCA_btl=self,vader OMPI_MCA_btl_tcp_if_include=lo OMPI_MCA_oob_tcp_if_include=lo
# Containers often forbid the cross-memory attach that vader uses for large messages ("Read -1, expected ...").
export OMPI_MCA_btl_vader_single_copy_mechanism=none
# Open MPI's own allocations look like leaks to LeakSanitizer in the sanitizer build, and its locking like
# potential deadlocks to ThreadSanitizer.
export ASAN_OPTIONS="${ASAN_OPTIONS:-}${ASAN_OPTIONS:+:}detect_leaks=0"
export TSAN_OPTIONS="$TSAN_OPTIONS:suppressions=$(cd "$(dirname "$0")" && pwd)/tsan_mpi.supp"
run() { "$mpirun" --oversubscribe -np "$@" </dev/null; }
done_lines() { grep -c '^done ' "$1"; }
# rewrite_records FILE CODE: runs the Python CODE on `lines` (FILE's lines), with reseal(fields) making a record's
# line of its first four fields and their checksum (checkpoint.hpp), then writes `lines` back to FILE.
rewrite_records() {
  python3 - "$1" "$2" <<'PY'
import sys
path, code = sys.argv[1], sys.argv[2]
def reseal(fields):
    body = " ".join(fields[:4])
    h = 0xcbf29ce484222325
    for b in body.encode():
        h = ((h ^ b) * 0x100000001b3) % 2**64
    return body + " " + format(h, "016x")
lines = open(path).read().split("\n")
exec(code)
open(path, "w").write("\n".join(lines))
PY
}

if [ "$mode" = fast ]; then
  for p in "queens 1" "queens 8" "langford 7" "pentominoes 4 5" "colored 2"; do
    f="$tmp/${p// /_}.dlx"
    "$emit" --emit $p >"$f"
    expected=$("$dlx" --count "$f" </dev/null)
    case "$p" in
      "queens 8" | "colored 2")
        check "$(run 3 "$dlx_mpi" --count "$f" 2>"$tmp/err")" "$expected" "$p, 3 ranks ($(head -c 300 "$tmp/err"))" ;;
      *) check "$("$dlx_mpi" --count --subproblems 50 "$f" </dev/null 2>"$tmp/err")" "$expected" "$p, 1 rank" ;;
    esac
  done
  f="$tmp/queens_8.dlx"
  check "$(run 1 "$dlx_mpi" --count "$f" 2>"$tmp/err")" "92" "mpirun -np 1 ($(head -c 300 "$tmp/err"))"
  # Nodes add up to dlx's.
  n=$(run 3 "$dlx_mpi" --count --stats "$f" 2>&1 >/dev/null | grep '^nodes:')
  check "$n" "$("$dlx" --count --stats "$f" 2>&1 >/dev/null </dev/null | grep '^nodes:')" "--stats nodes"

  # Multiplicities (Algorithm M): 4 rooks on a 7x7 board, C(7,4)^2 4! = 29400, split by branch decisions, and
  # a checkpointed run stopped and resumed.
  f="$tmp/rooks.dlx"
  { for i in 0 1 2 3 4 5 6; do printf '0:1|r%d 0:1|c%d ' $i $i; done; echo '4|K'
    for i in 0 1 2 3 4 5 6; do for j in 0 1 2 3 4 5 6; do echo "r$i c$j K"; done; done; } >"$f"
  check "$(run 3 "$dlx_mpi" --count "$f" 2>"$tmp/err")" "29400" "rooks, 3 ranks ($(head -c 300 "$tmp/err"))"
  run 2 "$dlx_mpi" --count --subproblems 200 --checkpoint "$tmp/rooks.ck" --stop-after 20 "$f" >/dev/null 2>&1
  check "$(run 3 "$dlx_mpi" --count --subproblems 200 --checkpoint "$tmp/rooks.ck" "$f" 2>"$tmp/err")" "29400" \
    "rooks resumed from a checkpoint ($(head -c 300 "$tmp/err"))"

  # Stopped after a few subproblems, then resumed from the checkpoint (with another number of ranks).
  f="$tmp/langford_8.dlx"
  "$emit" --emit langford 8 >"$f"
  expected=$("$dlx" --count "$f" </dev/null)
  ck="$tmp/l8.checkpoint"
  out=$(run 3 "$dlx_mpi" --count --subproblems 300 --checkpoint "$ck" --stop-after 40 "$f" 2>"$tmp/err")
  check "$?" "3" "--stop-after: exit status"
  check "$out" "" "--stop-after: no count printed"
  grep -q 'stopped after' "$tmp/err" || fail "--stop-after: no message: $(head -c 300 "$tmp/err")"
  first=$(done_lines "$ck")
  [ "$first" -ge 40 ] && [ "$first" -lt 300 ] || fail "--stop-after 40: $first subproblems recorded"
  out=$(run 2 "$dlx_mpi" --count --subproblems 300 --checkpoint "$ck" --stop-after 40 --stats "$f" 2>"$tmp/err")
  check "$?" "3" "second --stop-after: exit status"
  [ "$(done_lines "$ck")" -ge $((first + 40)) ] || fail "the second run recorded too few subproblems"
  check "$(run 3 "$dlx_mpi" --count --subproblems 300 --checkpoint "$ck" "$f" 2>"$tmp/err")" "$expected" \
    "resumed count ($(head -c 300 "$tmp/err"))"
  check "$(grep '^done ' "$ck" | cut -d' ' -f2 | sort -n | uniq -d | wc -l)" "0" "no subproblem recorded twice"
  # A finished checkpoint gives the count at once, also with 1 rank.
  check "$("$dlx_mpi" --count --subproblems 300 --checkpoint "$ck" "$f" 2>/dev/null </dev/null)" "$expected" \
    "finished checkpoint"
  # Subtotals past 2^64 (a checkpoint whose records were rewritten, checksums and all, as a count with wider
  # subtrees would have left them): the total is their exact sum, in decimal, also when finished by the ranks.
  cp "$ck" "$tmp/wide.ck"
  rewrite_records "$tmp/wide.ck" '
# Subproblems from 200 on are left for the ranks to count again.
lines = [l for l in lines if not (l.startswith("done ") and int(l.split()[1]) >= 200)]
for k, line in enumerate(lines):
    f = line.split(" ")
    if f[0] == "done" and int(f[1]) < 30:  # subproblems 0..29 get 2^64 + their count, or 2^100 + it
        f[2] = str(int(f[2]) + (2**64 if int(f[1]) % 2 == 0 else 2**100))
        lines[k] = reseal(f)'
  wide=$(python3 -c "
import sys
n = [int(l.split()[1]) for l in open('$tmp/wide.ck') if l.startswith('done ')]
print($expected + sum(2**64 if i % 2 == 0 else 2**100 for i in set(n) if i < 30))")
  check "$(run 3 "$dlx_mpi" --count --subproblems 300 --checkpoint "$tmp/wide.ck" "$f" 2>"$tmp/err")" \
    "$wide" "subtotals past 2^64 ($(head -c 300 "$tmp/err"))"
  check "$(grep -c '^done ' "$tmp/wide.ck")" "$(grep -c '^done ' "$ck")" "the wide checkpoint was finished"
  # A count with more digits than 2^128 - 1 allows is refused as damage, never wrapped around.
  rewrite_records "$tmp/wide.ck" '
f = lines[3].split(" ")
f[2] = str(2**128)
lines[3] = reseal(f)'
  "$dlx_mpi" --count --subproblems 300 --checkpoint "$tmp/wide.ck" "$f" </dev/null >"$tmp/out" 2>"$tmp/err"
  check "$?" "2" "count past 2^128 - 1 in a checkpoint: exit status"
  grep -q "wide.ck:4: damaged checkpoint record" "$tmp/err" || fail "count past 2^128 - 1: $(cat "$tmp/err")"
  # A checkpoint for another problem, or another split, is refused, and left as it was.
  cp "$ck" "$tmp/saved"
  "$dlx_mpi" --count --subproblems 300 --checkpoint "$ck" "$tmp/queens_8.dlx" </dev/null >"$tmp/out" 2>"$tmp/err"
  check "$?" "2" "other problem's checkpoint: exit status"
  grep -q "^$ck: .*different problem" "$tmp/err" || fail "other problem's checkpoint: $(cat "$tmp/err")"
  check "$(wc -l <"$tmp/err")" "1" "other problem's checkpoint: one line"
  "$dlx_mpi" --count --subproblems 100 --checkpoint "$ck" "$f" </dev/null >"$tmp/out" 2>"$tmp/err"
  check "$?" "2" "other split's checkpoint: exit status"
  grep -q "different split" "$tmp/err" || fail "other split's checkpoint: $(head -c 300 "$tmp/err")"
  [ ! -s "$tmp/out" ] || fail "other split's checkpoint: printed a count"
  cmp -s "$ck" "$tmp/saved" || fail "a refused checkpoint was changed"

  # Input errors: the same one line FILE:LINE: and exit 2 as dlx.
  printf 'a b\nc\n' >"$tmp/bad.dlx"
  "$dlx_mpi" --count "$tmp/bad.dlx" </dev/null >"$tmp/out" 2>"$tmp/err"
  check "$?" "2" "malformed input: exit status"
  check "$(cat "$tmp/err")" "$("$dlx" --count "$tmp/bad.dlx" 2>&1 </dev/null)" "malformed input: message as dlx's"
  check "$(wc -l <"$tmp/err")" "1" "malformed input: one line"
  run 3 "$dlx_mpi" --count "$tmp/bad.dlx" >"$tmp/out" 2>"$tmp/err"
  check "$?" "2" "malformed input, 3 ranks: exit status"
  check "$(grep -c "^$tmp/bad.dlx:2: " "$tmp/err")" "1" "malformed input, 3 ranks: one message"
  "$dlx_mpi" --count "$tmp/missing.dlx" </dev/null >"$tmp/out" 2>"$tmp/err"
  check "$?" "2" "missing file: exit status"
  check "$(cat "$tmp/err")" "$tmp/missing.dlx: cannot open: No such file or directory" "missing file: message"
  "$dlx_mpi" --no-such-option </dev/null >/dev/null 2>&1
  check "$?" "2" "unknown option: exit status"
  # A directory, and an endless line: the same FILE:LINE: and exit 2 as dlx, not an MPI abort or a read into memory.
  "$dlx_mpi" --count "$tmp" </dev/null >"$tmp/out" 2>"$tmp/err"
  check "$?" "2" "directory: exit status"
  check "$(cat "$tmp/err")" "$tmp: cannot read file: Is a directory" "directory: message"
  timeout 120 "$dlx_mpi" --count /dev/zero </dev/null >"$tmp/out" 2>"$tmp/err"
  check "$?" "2" "endless line: exit status"
  grep -q '^/dev/zero:1: line longer than' "$tmp/err" || fail "endless line: $(head -c 300 "$tmp/err")"
  # A damaged record of a checkpoint (one changed digit) is refused, never summed into a wrong total.
  ck="$tmp/q.checkpoint"
  "$dlx_mpi" --count --subproblems 20 --checkpoint "$ck" "$f" </dev/null >/dev/null 2>&1
  line=$(grep -n '^done [0-9]* [1-9]' "$ck" | head -1 | cut -d: -f1)
  sed -i "${line}s/^done \([0-9]*\) /done \1 9/" "$ck"
  "$dlx_mpi" --count --subproblems 20 --checkpoint "$ck" "$f" </dev/null >"$tmp/out" 2>"$tmp/err"
  check "$?" "2" "damaged checkpoint: exit status"
  grep -q "^$ck:$line: damaged checkpoint record" "$tmp/err" || fail "damaged checkpoint: $(head -c 300 "$tmp/err")"
  [ ! -s "$tmp/out" ] || fail "damaged checkpoint: printed a count $(cat "$tmp/out")"

  # Standard output that cannot be written: one line, the write-error status (2), as dlx.
  "$dlx_mpi" --count "$f" </dev/null >/dev/full 2>"$tmp/err"
  check "$?" "2" "/dev/full: exit status"
  check "$(cat "$tmp/err")" "dlx-mpi: write error: No space left on device" "/dev/full: message"
  "$dlx_mpi" --count "$f" </dev/null >&- 2>"$tmp/err"
  check "$?" "2" "closed stdout: exit status"
  check "$(cat "$tmp/err")" "dlx-mpi: write error: Bad file descriptor" "closed stdout: message"
  # Numbers out of range, "-1" among them (never 2^64 - 1), and empty file names: one usage line, status 2,
  # before any work.
  for bad in "--subproblems 2147483648" "--subproblems -1" "--subproblems 0" "--subproblems 12x" "--stop-after -1"; do
    # shellcheck disable=SC2086
    "$dlx_mpi" --count $bad "$f" </dev/null >"$tmp/out" 2>"$tmp/err"
    check "$?" "2" "$bad: exit status"
    check "$(wc -l <"$tmp/err")" "1" "$bad: one line"
    grep -q "^dlx-mpi: ${bad% *} ${bad#* }: expected a whole number from [01] to " "$tmp/err" ||
      fail "$bad: $(head -c 300 "$tmp/err")"
  done
  "$dlx_mpi" --count --checkpoint '' "$f" </dev/null >"$tmp/out" 2>"$tmp/err"
  check "$?" "2" "--checkpoint '': exit status"
  check "$(cat "$tmp/err")" "dlx-mpi: --checkpoint: expected a file name, not an empty one" "--checkpoint ''"
  # A number of 100,000 digits is echoed as its first 40, then "...".
  "$dlx_mpi" --count --subproblems "$(head -c 100000 /dev/zero | tr '\0' 9)" "$f" </dev/null >"$tmp/out" 2>"$tmp/err"
  check "$?" "2" "huge number: exit status"
  check "$(cat "$tmp/err")" \
    "dlx-mpi: --subproblems $(head -c 40 /dev/zero | tr '\0' 9)...: expected a whole number from 1 to 1048576" \
    "huge number: message"
  # Control characters of a file name are escaped, never written raw to the terminal.
  "$dlx_mpi" --count "$tmp/a"$'\n'"b"$'\e'"c.dlx" </dev/null >"$tmp/out" 2>"$tmp/err"
  check "$?" "2" "control characters: exit status"
  check "$(cat "$tmp/err")" "$tmp/a\\nb\\x1bc.dlx: cannot open: No such file or directory" "control characters"
  # A checkpoint in a folder that is missing is the caller's error, known before any work: refused (2) as a
  # file that cannot be opened is, not a failure to write (5); no file is left behind.
  # (tests/parallel/file_write_test.cpp fails the header's write itself, which is 5.)
  "$dlx_mpi" --count --checkpoint "$tmp/no/such/folder/ck" "$f" </dev/null >"$tmp/out" 2>"$tmp/err"
  check "$?" "2" "checkpoint in a missing folder: exit status"
  check "$(cat "$tmp/err")" "$tmp/no/such/folder/ck: cannot open checkpoint: No such file or directory" \
    "checkpoint in a missing folder: message"
  [ ! -s "$tmp/out" ] || fail "checkpoint in a missing folder: printed a count"
  [ ! -e "$tmp/no" ] || fail "checkpoint in a missing folder: made a folder"
  run 3 "$dlx_mpi" --count --checkpoint "$tmp/no/such/folder/ck" "$f" >"$tmp/out" 2>"$tmp/err"
  check "$?" "2" "checkpoint in a missing folder, 3 ranks: exit status"
  check "$(grep -c "cannot open checkpoint" "$tmp/err")" "1" "checkpoint in a missing folder, 3 ranks: one message"
  # --help lists every option dlx-mpi takes.
  "$dlx_mpi" --help </dev/null >"$tmp/help" 2>&1
  for option in --help --version --count --checkpoint --subproblems --stop-after --progress --stats; do
    grep -q -- "$option" "$tmp/help" || fail "--help does not list $option"
  done
else
  # Killed with SIGKILL (mpirun and every rank) once the checkpoint has some results, then resumed.
  f="$tmp/pentominoes_6_10.dlx"
  "$emit" --emit pentominoes 6 10 >"$f"
  expected=$("$dlx" --count --threads 2 "$f" </dev/null)
  ck="$tmp/p.checkpoint"
  "$mpirun" --oversubscribe -np 3 "$dlx_mpi" --count --checkpoint "$ck" "$f" </dev/null >"$tmp/out" 2>"$tmp/err" &
  mpirun_pid=$!
  pids+=("$mpirun_pid")
  for _ in $(seq 1 600); do
    [ -f "$ck" ] && [ "$(done_lines "$ck")" -ge 100 ] && break
    sleep 0.05
  done
  # Open MPI puts each rank in a process group of its own and they outlive mpirun: kill them all, by id.
  ranks=$(pgrep -P "$mpirun_pid")
  pids+=($ranks)
  kill -9 "$mpirun_pid" $ranks
  wait "$mpirun_pid" 2>/dev/null
  for pid in $ranks; do while kill -0 "$pid" 2>/dev/null; do sleep 0.05; done; done
  killed_at=$(done_lines "$ck")
  total=$(head -3 "$ck" | awk '/^split/ { print $3 }')
  [ "$killed_at" -ge 100 ] && [ "$killed_at" -lt "$total" ] ||
    fail "the run was not killed mid-way: $killed_at of $total subproblems recorded"
  [ ! -s "$tmp/out" ] || fail "the killed run printed a count"
  check "$(run 3 "$dlx_mpi" --count --stats --checkpoint "$ck" "$f" 2>"$tmp/err")" "$expected" \
    "count resumed after kill -9 ($(head -c 300 "$tmp/err"))"
  grep -q "($killed_at from the checkpoint)" "$tmp/err" || fail "resume did not use the checkpoint: $(cat "$tmp/err")"
fi

for report in "$tmp"/sanitizer*; do
  [ -e "$report" ] && fail "sanitizer report: $(head -c 3000 "$report")"
done
echo "$checks checks, $failures failures"
[ "$failures" = 0 ]
