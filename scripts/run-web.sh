#!/usr/bin/env bash
# usage: scripts/run-web.sh [DIR [PORT]]: serves the static site in DIR (default build-web/site, built first
# with scripts/build-web.sh when missing) on http://127.0.0.1:PORT/ (default 8000) until Ctrl-C.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-$root/build-web/site}
port=${2:-8000}
[ -f "$dir/index.html" ] || "$root/scripts/build-web.sh" "$dir"
echo "run-web.sh: http://127.0.0.1:$port/index.html"
exec /usr/bin/python3 -m http.server "$port" --bind 127.0.0.1 --directory "$dir"
