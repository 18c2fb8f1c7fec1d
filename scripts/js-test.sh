#!/usr/bin/env bash
# Builds the npm package (scripts/package-js.sh), installs the tarball into a scratch
# project and runs the Node tests of bindings/js/test against the installed package, with
# the native CLI (target/debug/sudoku, built here) as the reference for the answers.
#
#   scripts/js-test.sh              the quick tier
#   SUDOKIT_DATA=1 scripts/js-test.sh   also the data-set tier (reads ../shared/data)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
command -v node >/dev/null || { echo "js-test: node not found" >&2; exit 2; }
"$here/scripts/package-js.sh" >/dev/null
cargo build --locked -q -p sudoku-cli --manifest-path "$here/Cargo.toml"
install=$here/target/npm/test-install
rm -rf "$install"
mkdir -p "$install"
echo '{"name": "sudokit-test-install", "private": true, "type": "module"}' > "$install/package.json"
(cd "$install" && npm install --silent --no-audit --no-fund --offline "$here"/target/npm/sudokit-*.tgz)
# The TypeScript compiler, for the check of the .d.ts files (types.test.mjs); from npm.
(cd "$install" && npm install --silent --no-audit --no-fund --no-save typescript@5.9.3)
export SUDOKIT_INSTALL=$install
export SUDOKU_BIN=${SUDOKU_BIN:-$here/target/debug/sudoku}
node --test "$here"/bindings/js/test/*.test.mjs
