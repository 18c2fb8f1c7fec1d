#!/usr/bin/env bash
# Builds the npm package `sudokit` (bindings/js) and packs it into target/npm/:
#
#   scripts/package-js.sh        -> target/npm/sudokit-VERSION.tgz (and target/npm/sudokit/)
#
# From a fresh clone: installs the wasm32-unknown-unknown target and wasm-bindgen-cli at
# exactly the version of the `wasm-bindgen` crate in Cargo.lock (`cargo install --locked`),
# builds the crate with the `wasm` profile, runs wasm-bindgen (--target web: one ES module
# glue for browsers and, instantiated synchronously by index.js, Node), copies the
# JavaScript and TypeScript files of bindings/js/npm next to it and runs `npm pack`.
# Needs node and npm (no npm package is downloaded).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
command -v npm >/dev/null || { echo "package-js: npm not found" >&2; exit 2; }
rustup target add wasm32-unknown-unknown >/dev/null
# The CLI must be the crate's version: the generated JS glue and the module's custom section
# are versioned together, and wasm-bindgen refuses a mismatch.
version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' \
    "$here/Cargo.lock")
[[ -n $version ]] || { echo "package-js: no wasm-bindgen in Cargo.lock" >&2; exit 2; }
if [[ $(wasm-bindgen --version 2>/dev/null) != "wasm-bindgen $version" ]]; then
    cargo install --locked --quiet wasm-bindgen-cli --version "$version"
fi
cargo build --locked --profile wasm -q -p sudokit-js --target wasm32-unknown-unknown \
    --manifest-path "$here/Cargo.toml"
out=$here/target/npm
pkg=$out/sudokit
rm -rf "$pkg"
mkdir -p "$pkg"
wasm-bindgen --target web --no-typescript --out-dir "$pkg/wasm" \
    "$here/target/wasm32-unknown-unknown/wasm/sudokit_js.wasm"
cp "$here"/bindings/js/npm/*.js "$here"/bindings/js/npm/*.d.ts \
    "$here"/bindings/js/npm/package.json "$here"/bindings/js/npm/README.md "$pkg/"
rm -f "$out"/sudokit-*.tgz
(cd "$out" && npm pack --silent ./sudokit >/dev/null)
ls "$out"/sudokit-*.tgz
