#!/usr/bin/env bash
# Builds both packages from a fresh clone, with registry packages only:
#   target/wheels/sudokit-*.whl      the Python wheel (abi3, CPython 3.9+; maturin from PyPI)
#   target/npm/sudokit-*.tgz         the npm package (wasm-bindgen-cli at Cargo.lock's version)
#
#   scripts/package.sh
#
# Each half is its own script (scripts/package-python.sh, scripts/package-js.sh), which say
# what they install; this one runs both and lists what they made.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bash "$here/scripts/package-python.sh" >/dev/null
bash "$here/scripts/package-js.sh" >/dev/null
ls -l "$here"/target/wheels/sudokit-*.whl "$here"/target/npm/sudokit-*.tgz
