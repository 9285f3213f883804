#!/usr/bin/env bash
# usage: scripts/build-web.sh OUT: builds the static site (the page, its Web Worker and the WebAssembly module)
# into OUT with Debian's Emscripten, installed first when missing. OUT then works from any static server.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: scripts/build-web.sh OUT}
if ! command -v em++ >/dev/null; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq emscripten >/dev/null
  else
    echo "build-web.sh: em++ not found: install Debian's emscripten (apt-get install emscripten)" >&2
    exit 2
  fi
fi
build=${DLX_WEB_BUILD:-$root/build-web}
# Emscripten's JavaScript tools use Debian's node modules (node-acorn), which a Node.js from elsewhere does
# not look for.
export NODE_PATH=${NODE_PATH:+$NODE_PATH:}/usr/share/nodejs
mkdir -p "$build"
# Single-threaded, plain C++ engines (no SSE2 on WebAssembly), with C++ exceptions caught (the libraries
# report bad input by throwing) as WebAssembly's own exceptions (-fwasm-exceptions: no JavaScript call around
# every call that may throw), and WebAssembly's 128-bit vectors (-msimd128) for the compiler's vector
# extensions (the band solver's portable copy): both in every Chromium since 95, and together they make the
# page's solving several times quicker (bench/README.md, "The web page"). WebAssembly is 32-bit: size_t is narrower than std::uint64_t, and the
# narrowing warnings that brings (counts and sizes that never pass 2^32 in a page) are not errors here. A unity
# build (eight files a unit): the same module in less time (bench/README.md).
emcmake cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DDLX_WERROR=OFF -DDLX_SCALAR=ON \
  -DDLX_ISA_DISPATCH=OFF -DDLX_BUILD_APPS=OFF -DDLX_BUILD_EXAMPLES=OFF -DDLX_BUILD_TESTS=OFF \
  -DDLX_BUILD_PYTHON=OFF -DCMAKE_CXX_FLAGS="-fwasm-exceptions -Wno-shorten-64-to-32 -msimd128" \
  -DCMAKE_EXE_LINKER_FLAGS="-fwasm-exceptions" -DCMAKE_UNITY_BUILD=ON >/dev/null
cmake --build "$build" -j "$(nproc)" --target dlx_web
mkdir -p "$out"
cp "$build/web/dlx.js" "$build/web/dlx.wasm" "$out/"
cp "$root"/web/index.html "$root"/web/style.css "$root"/web/page.js "$root"/web/board.js "$root"/web/rules.js "$root"/web/lz.js "$root"/web/worker.js "$out/"
echo "build-web.sh: site in $out"
