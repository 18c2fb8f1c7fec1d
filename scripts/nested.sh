#!/usr/bin/env bash
# Rates the hardest lists with nested forcing chains (issue 37's nested target), one puzzle per
# thread, two processes side by side, each puzzle limited to 30 s of its own CPU time:
#
#   scripts/nested.sh [STEP_1106] [STEP_1905] [LIMIT_MS] [SPREAD]   (defaults: 1 48 30000 1)
#
# The samples are deterministic: every STEP-th line of each file from the first (every line of
# hardest_1106 by default; lines 1, 49, 97, ... of hardest_1905_11plus, the first 1,000 of
# them: the issue's 1,000-puzzle sample), then every SPREAD-th puzzle of each sample from its
# first (`scripts/nested.sh 1 48 30000 10`: hardest_1106 lines 1, 11, ..., 371, 38 puzzles,
# and hardest_1905_11plus lines 1, 481, ..., 47521, 100 puzzles). Each set is split into its
# odd and even sample positions, rated by two processes at once; the JSON lines (with
# time_us, CPU microseconds) go to WORK/*.json, and scripts/nested_report.py prints the
# per-set figures and the agreement with the forum's ER/EP/ED in hardest_1106.ratings.tsv.
# Needs ../shared/data (or DATA=folder). Builds the release CLI first, unless SUDOKU names
# the binary to run. WORK defaults to target/nested.
set -euo pipefail
step_1106=${1:-1}
step_1905=${2:-48}
limit=${3:-30000}
spread=${4:-1}
here=$(cd "$(dirname "$0")/.." && pwd)
data=${DATA:-$here/../shared/data}
work=${WORK:-$here/target/nested}
mkdir -p "$work"
if [ -z "${SUDOKU:-}" ]; then
    cargo build --release -q -p sudoku-cli --manifest-path "$here/Cargo.toml"
fi
bin=${SUDOKU:-$here/target/release/sudoku}
awk -v s="$step_1106" '(NR - 1) % s == 0' "$data/hardest_1106.txt" \
    | awk -v s="$spread" '(NR - 1) % s == 0' > "$work/h1106.txt"
awk -v s="$step_1905" '(NR - 1) % s == 0' "$data/hardest_1905_11plus.txt" | head -n 1000 \
    | awk -v s="$spread" '(NR - 1) % s == 0' > "$work/h1905.txt"
for set in h1106 h1905; do
    awk 'NR % 2 == 1' "$work/$set.txt" > "$work/$set.a.txt"
    awk 'NR % 2 == 0' "$work/$set.txt" > "$work/$set.b.txt"
    for half in a b; do
        "$bin" rate --nested --cpu-time --time-limit "$limit" --threads 1 --json --time \
            --no-progress "$work/$set.$half.txt" > "$work/$set.$half.json" || true &
    done
    wait
done
python3 "$here/scripts/nested_report.py" "$data/hardest_1106.ratings.tsv" "$work"/*.json
