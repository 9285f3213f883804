#!/usr/bin/env bash
# usage: scripts/build.sh DIR [cmake args...]: configures (once) and builds the project in DIR.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=$1
shift
cmake -S "$root" -B "$dir" -G Ninja -DDLX_WERROR=ON "$@" >/dev/null
cmake --build "$dir" -j "$(nproc)"
