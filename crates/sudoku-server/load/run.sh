#!/usr/bin/env bash
# Load test of `sudoku serve` with wrk on loopback (not part of CI: it takes minutes and its
# figures depend on the machine). Needs `apt-get install wrk` and a release build:
#
#   cargo build --release -p sudoku-cli
#   crates/sudoku-server/load/run.sh
#
# Scenarios: solve on hardest_1905_11plus, hint on the same puzzles, and hint on easy50, each
# at several concurrencies (open connections). Prints a table: requests/s, p50, p99 and max
# latency in ms, and the count of non-2xx answers (budget_exhausted or overloaded).
#
# Environment: SUDOKU_BIN, DATA (the shared data folder), DURATION (per run, default 10s),
# CONNECTIONS (default "1 8 32"), PUZZLES_N (puzzles used per set, default 2000), WORKERS.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../../.." && pwd)"
bin="${SUDOKU_BIN:-$repo/target/release/sudoku}"
data="${DATA:-$repo/../shared/data}"
duration="${DURATION:-10s}"
connections="${CONNECTIONS:-1 8 32}"
count="${PUZZLES_N:-2000}"
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 1; }
[ -x "$bin" ] || { echo "no server binary at $bin: cargo build --release -p sudoku-cli" >&2; exit 1; }

work="$(mktemp -d)"
server_pid=""
cleanup() {
    if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

head -n "$count" "$data/hardest_1905_11plus.txt" > "$work/hardest.txt"
head -n "$count" "$data/easy50.txt" > "$work/easy.txt"

workers_flag=()
[ -n "${WORKERS:-}" ] && workers_flag=(--workers "$WORKERS")
"$bin" serve --addr 127.0.0.1:0 "${workers_flag[@]}" > "$work/out" 2> "$work/server.log" &
server_pid=$!
base=""
for _ in $(seq 1 100); do
    base="$(sed -n 's/^listening on \(http:\/\/[^ ]*\).*/\1/p' "$work/out")"
    [ -n "$base" ] && break
    sleep 0.1
done
[ -n "$base" ] || { echo "the server did not start:" >&2; cat "$work/server.log" >&2; exit 1; }

echo "server $base ($(nproc) cores; $(curl -s "$base/api/health" 2>/dev/null || echo 'health: curl missing'))"
echo "wrk $duration per run; figures: requests/s, latency p50/p99/max in ms, non-2xx answers"
printf '%-28s %5s %10s %9s %9s %9s %8s\n' scenario conns req/s p50_ms p99_ms max_ms non2xx
run() { # name endpoint puzzles connections
    local threads=$(( $4 < 2 ? 1 : 2 ))
    local line
    line="$(ENDPOINT="$2" PUZZLES="$3" wrk -t"$threads" -c"$4" -d"$duration" --timeout 30s \
        -s "$here/request.lua" "$base" | grep '^FIGURES')"
    read -r _ rps p50 p99 max non2xx total <<< "$line"
    printf '%-28s %5s %10s %9s %9s %9s %8s\n' "$1" "$4" "$rps" "$p50" "$p99" "$max" "$non2xx/$total"
}
for c in $connections; do run "solve hardest_1905_11plus" /api/solve "$work/hardest.txt" "$c"; done
for c in $connections; do run "hint easy50" /api/hint "$work/easy.txt" "$c"; done
for c in $connections; do run "hint hardest_1905_11plus" /api/hint "$work/hardest.txt" "$c"; done
echo "server log: $(wc -l < "$work/server.log") lines (one per request)"
