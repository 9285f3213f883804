#!/usr/bin/env bash
# Every installed command has a man page, and the page is the one its current --help makes: the build's install
# is put in a fresh prefix, and for each program in its bin/ the page must exist, mention every option the
# program's --help lists, and equal what help2man makes from that --help now (the date line aside).
# usage: man_test.sh BUILD_DIR HELP2MAN VERSION
set -u
build=$1 help2man=$2 version=$3
failures=0 checks=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
# dlx-mpi's --help starts an Open MPI singleton, which as root needs leave to run.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
if [ ! -x "$help2man" ]; then
  echo "FAIL: help2man was not found when the build was configured (Debian's help2man; scripts/setup.sh test)"
  exit 1
fi
cmake --install "$build" --prefix "$tmp/prefix" >"$tmp/install.log" 2>&1 ||
  { echo "FAIL: cmake --install: $(tail -n 5 "$tmp/install.log")"; exit 1; }
plain() { sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' "$1"; }  # the page's text without roff's escapes
programs=0
for program in "$tmp/prefix/bin/"*; do
  name=$(basename "$program")
  page="$tmp/prefix/share/man/man1/$name.1"
  programs=$((programs + 1))
  checks=$((checks + 1))
  [ -f "$page" ] || { fail "$name: installed without a man page (share/man/man1/$name.1)"; continue; }
  "$program" --help >"$tmp/help" 2>&1 </dev/null
  options=$(grep -o -- '--[a-z][a-z0-9-]*' "$tmp/help" | sort -u)
  checks=$((checks + 1))
  [ -n "$options" ] || fail "$name: --help lists no option"
  plain "$page" >"$tmp/page.txt"
  for option in $options; do
    checks=$((checks + 1))
    grep -q -e "$option" "$tmp/page.txt" || fail "$name: --help lists $option, the man page does not"
  done
  # Regenerated from today's --help, the page is the installed one: nothing edited by hand, nothing stale.
  mkdir -p "$tmp/bin"
  ln -sf "$program" "$tmp/bin/$name"
  checks=$((checks + 1))
  summary=$(sed -n '/^\.SH NAME/{n;p}' "$page" | sed 's/^[^ ]* \\- //')
  if "$help2man" --no-info --name="$summary" --version-string="$version" --output="$tmp/fresh.1" \
    "$tmp/bin/$name" >"$tmp/help2man.log" 2>&1; then
    diff <(grep -v '^\.TH ' "$page") <(grep -v '^\.TH ' "$tmp/fresh.1") >"$tmp/diff" ||
      fail "$name: the man page is not what its --help makes now: $(head -c 400 "$tmp/diff")"
  else
    fail "$name: help2man failed: $(head -c 300 "$tmp/help2man.log")"
  fi
done
# The commands and examples every test build installs; dlx-mpi (built where MPI is found) lists --stop-after.
for name in dlx sudoku dlx-queens dlx-langford dlx-polyomino dlx-macmahon; do
  checks=$((checks + 1))
  [ -x "$tmp/prefix/bin/$name" ] || fail "$name was not installed"
done
if [ -f "$tmp/prefix/share/man/man1/dlx-mpi.1" ]; then
  checks=$((checks + 1))
  plain "$tmp/prefix/share/man/man1/dlx-mpi.1" | grep -q -e '--stop-after' || fail "dlx-mpi.1 does not list --stop-after"
fi
echo "$programs programs; $((checks - failures)) checks passed, $failures failed"
[ "$failures" = 0 ]
