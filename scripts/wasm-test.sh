#!/usr/bin/env bash
# Rates puzzles in a WebAssembly build of the engine under Node, with the clock passed in from
# JS (`performance.now()`), and fails if anything panics or a rating differs from the native
# one (crates/sudoku-wasm-test: cases.tsv, tests/node.mjs).
#
#   scripts/wasm-test.sh
#
# Installs what it needs: the wasm32-unknown-unknown target, and wasm-bindgen-cli at exactly
# the version of the `wasm-bindgen` crate in Cargo.lock (`cargo install --locked`). Needs node.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
crate=$here/crates/sudoku-wasm-test
command -v node >/dev/null || { echo "wasm-test: node not found" >&2; exit 2; }
rustup target add wasm32-unknown-unknown >/dev/null
# The CLI must be the crate's version: the generated JS glue and the module's custom section
# are versioned together, and wasm-bindgen refuses a mismatch.
version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' \
    "$here/Cargo.lock")
[[ -n $version ]] || { echo "wasm-test: no wasm-bindgen in Cargo.lock" >&2; exit 2; }
if [[ $(wasm-bindgen --version 2>/dev/null) != "wasm-bindgen $version" ]]; then
    cargo install --locked --quiet wasm-bindgen-cli --version "$version"
fi
cargo build --locked --release -q -p sudoku-wasm-test --target wasm32-unknown-unknown \
    --manifest-path "$here/Cargo.toml"
out=$here/target/wasm-test
rm -rf "$out"
wasm-bindgen --target nodejs --out-dir "$out" \
    "$here/target/wasm32-unknown-unknown/release/sudoku_wasm_test.wasm"
node "$crate/tests/node.mjs" "$out"
