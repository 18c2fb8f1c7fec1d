#!/usr/bin/env bash
# Builds the page as static files that need no server (issue 34):
#
#   scripts/site.sh        -> target/site/ (index.html, the page's modules, sudokit/ with the wasm)
#
# then serve target/site/ with any static file server (`python3 -m http.server -d target/site`)
# or from any folder of any static host, or give it to `sudoku serve --site target/site`, which
# serves its engine next to the JSON API and the page that runs it. The engine runs in the browser: engine.js sees the
# <meta name="sudoku-engine" content="wasm"> this script adds to index.html and runs the
# WebAssembly package (bindings/js, built by scripts/package-js.sh: the wasm32 target and
# wasm-bindgen-cli at Cargo.lock's version are installed when missing) in a Web Worker
# (engine-worker.js). Everything else is the page's own files, unchanged, from
# crates/sudoku-server/static/: one source for the served page and the static one.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bash "$here/scripts/package-js.sh" >/dev/null
static=$here/crates/sudoku-server/static
pkg=$here/target/npm/sudokit
site=$here/target/site
rm -rf "$site"
mkdir -p "$site/sudokit/wasm"
cp "$static"/*.js "$static"/*.css "$site/"
# The browser half of the package: the worker, its client and the module (no Node entry).
cp "$pkg"/api.js "$pkg"/client.js "$pkg"/web.js "$pkg"/worker.js "$site/sudokit/"
cp "$pkg"/wasm/sudokit_js.js "$pkg"/wasm/sudokit_js_bg.wasm "$site/sudokit/wasm/"
# Relative URLs, so that the site works from any folder; the flag that picks the worker; the
# server's Content-Security-Policy as a <meta> (a static host sends no header of ours), plus
# the worker (which compiles the WebAssembly under its own response's policy, not this one).
policy="default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; worker-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'"
sed -e 's#href="/app\.css"#href="app.css"#' -e 's#src="/app\.js"#src="app.js"#' \
    -e "s#^<meta charset=\"utf-8\">\$#&\\n<meta name=\"sudoku-engine\" content=\"wasm\">\\n<meta http-equiv=\"Content-Security-Policy\" content=\"$policy\">#" \
    "$static/index.html" >"$site/index.html"
grep -q 'name="sudoku-engine" content="wasm"' "$site/index.html" \
    || { echo "site: index.html has no <meta charset> line to put the flag after" >&2; exit 1; }
if grep -qE '(src|href)="/' "$site/index.html"; then
    echo "site: index.html still has an absolute URL" >&2
    exit 1
fi
echo "$site: $(find "$site" -type f | wc -l) files, $(du -sb "$site" | cut -f1) bytes"
