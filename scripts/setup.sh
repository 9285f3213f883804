#!/usr/bin/env bash
# Installs, from Debian's packages only, what one job needs and this machine lacks:
#   scripts/setup.sh run     build the library and the commands, and run them (the Quick start's first command)
#   scripts/setup.sh python  what `pip install .` of the Python module needs: the build tools, Debian's Python
#                            with its headers, venv, pip, setuptools and wheel, and pybind11
#   scripts/setup.sh test    both, plus what the tests need: doctest, clang and its sanitizer runtimes, Open MPI,
#                            scipy (the assignment check) and pytest, pkg-config and help2man (the
#                            installed-package test)
#   scripts/setup.sh bench   that, plus the rulers of bench/: qqwing, bc, valgrind, MiniZinc with Gecode
#                            (minizinc, flatzinc: bench/minizinc.sh)
#   scripts/setup.sh web     the web page (scripts/build-web.sh, scripts/test-web.sh): Emscripten, and
#                            headless Chromium, its driver, Selenium and lz-string for the browser tests
set -euo pipefail
job=${1:-test}
run=(cmake ninja-build g++ libboost-program-options-dev)
python=(cmake ninja-build g++ python3 python3-dev python3-venv python3-pip python3-setuptools python3-wheel
        pybind11-dev python3-pybind11)
test=("${run[@]}" "${python[@]:3}" doctest-dev clang libclang-rt-14-dev libopenmpi-dev openmpi-bin python3-scipy
      python3-pytest python3-lzstring pkg-config help2man)
bench=("${test[@]}" qqwing bc valgrind minizinc flatzinc)
web=(cmake ninja-build python3 emscripten chromium chromium-driver python3-selenium python3-lzstring)
case "$job" in
  run) packages=("${run[@]}") ;;
  python) packages=("${python[@]}") ;;
  test) packages=("${test[@]}") ;;
  bench) packages=("${bench[@]}") ;;
  web) packages=("${web[@]}") ;;
  *) echo "usage: scripts/setup.sh run|python|test|bench|web" >&2; exit 2 ;;
esac
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  sudo_cmd=()
  [ "$(id -u)" = 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
