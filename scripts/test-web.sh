#!/usr/bin/env bash
# usage: scripts/test-web.sh [--screenshots DIR]: the web page's stage of the test command. Installs what it
# needs from Debian (scripts/setup.sh web), builds the site (scripts/build-web.sh) and the native commands
# whose output the page must reproduce, and drives the page in headless Chromium (tests/web/test_web.py).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh" web
"$root/scripts/setup.sh" run
site=$root/build-web/site
"$root/scripts/build-web.sh" "$site"
# The commands of the test command's Release build (build/) when it is there; else a build of the commands alone.
native=${DLX_WEB_NATIVE_BUILD:-}
if [ -z "$native" ]; then
  native=$root/build
  if [ ! -f "$native/CMakeCache.txt" ]; then
    native=$root/build-web-native
    cmake -S "$root" -B "$native" -G Ninja -DCMAKE_BUILD_TYPE=Release -DDLX_WERROR=ON -DDLX_BUILD_TESTS=OFF \
      -DDLX_BUILD_EXAMPLES=OFF >/dev/null
  fi
fi
cmake --build "$native" -j "$(nproc)" --target sudoku_app dlx_app
/usr/bin/python3 "$root/tests/web/test_web.py" "$site" "$native/bin" "$@"
