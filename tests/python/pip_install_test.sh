#!/usr/bin/env bash
# The README's Python recipe, as a user runs it: Debian's Python, a fresh virtual environment that sees the system's
# packages, `pip install --no-build-isolation --no-index .` from the repository root (nothing downloaded), then the
# Python tests against the installed module, from outside the source tree.
#   tests/python/pip_install_test.sh [REPO]
set -euo pipefail
root=$(cd "${1:-$(dirname "$0")/../..}" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
/usr/bin/python3 -m venv --system-site-packages "$work/venv"
(cd "$root" && "$work/venv/bin/pip" install --quiet --no-build-isolation --no-index .)
cd "$work"
where=$("$work/venv/bin/python" -c 'import dlx, dlx.sudoku; print(dlx.__file__)')
case "$where" in
  "$work/venv/"*) echo "pip install: dlx imported from $where" ;;
  *) echo "pip install: dlx imported from $where, not from the virtual environment" >&2; exit 1 ;;
esac
# The type information ships too (PEP 561): the marker and the stubs of the package and of its compiled module.
package=$(dirname "$where")
for typed in py.typed __init__.pyi _dlx.pyi analysis.pyi xcover.pyi sudoku.pyi; do
  [[ -f "$package/$typed" ]] || { echo "pip install: $typed is missing from $package" >&2; exit 1; }
done
PYTHONDONTWRITEBYTECODE=1 "$work/venv/bin/python" -m pytest -q -p no:cacheprovider "$root/tests/python"
