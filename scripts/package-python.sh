#!/usr/bin/env bash
# Builds the sudokit Python wheel (abi3: one wheel for CPython 3.9 and later) into
# target/wheels/, from a fresh clone, with registry packages only: maturin from PyPI into a
# build venv (target/python-build-venv), the crates from crates.io.
#
#   scripts/package-python.sh            # prints the wheel's path on its last line
#
# Needs python3 (3.9 or later, with venv) and cargo. The binding is its own cargo workspace
# (bindings/python, with its own Cargo.lock), built into target/python.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
python=${PYTHON:-python3}
venv=$here/target/python-build-venv
if [[ ! -x $venv/bin/maturin ]]; then
    "$python" -m venv "$venv"
    "$venv/bin/pip" install --quiet --upgrade pip
    "$venv/bin/pip" install --quiet "maturin>=1.7,<2"
fi
out=$here/target/wheels
mkdir -p "$out"
rm -f "$out"/sudokit-*.whl
CARGO_TARGET_DIR=$here/target/python "$venv/bin/maturin" build --release --locked \
    --manifest-path "$here/bindings/python/Cargo.toml" --interpreter "$venv/bin/python" \
    --out "$out" >&2
ls "$out"/sudokit-*.whl
