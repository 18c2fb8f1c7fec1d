#!/usr/bin/env bash
# Makes a million-puzzle input for `sudoku rate` (issue 37's batch target) and rates it:
# 900,000 kaggle_10k puzzles under seeded random symmetries and 100,000 generated ones
# (`sudoku generate --seed 37`), in a seeded order. The file is not committed: it is 82 MB.
#
#   scripts/million.sh [TOTAL] [GENERATED]     (defaults: 1000000 and 100000)
#
# Prints the rate run's --stats (by ER band, CPU time per puzzle) and /usr/bin/time's peak RSS
# for the first 100,000 lines and for the whole file, and checks that the output is in input
# order. Needs ../shared/data/kaggle_10k.txt (or DATA=folder), python3 and /usr/bin/time.
# Builds the release CLI first. WORK=dir keeps the files (default: a temporary folder).
set -euo pipefail
total=${1:-1000000}
generated=${2:-100000}
here=$(cd "$(dirname "$0")/.." && pwd)
data=${DATA:-$here/../shared/data}
if [[ ! -f $data/kaggle_10k.txt ]]; then
    echo "million: $data/kaggle_10k.txt not found (set DATA to the data folder)" >&2
    exit 2
fi
cargo build --release -q -p sudoku-cli --manifest-path "$here/Cargo.toml"
bin=$here/target/release/sudoku
if [[ -n ${WORK:-} ]]; then
    work=$WORK
    mkdir -p "$work"
else
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi
"$bin" generate -n "$generated" --seed 37 --no-progress > "$work/generated.txt"
python3 "$here/scripts/million.py" "$data/kaggle_10k.txt" "$work/generated.txt" "$total" 37 \
    > "$work/million.txt"
head -n 100000 "$work/million.txt" > "$work/first100k.txt"
for input in first100k million; do
    echo "== $input: $(wc -l < "$work/$input.txt") puzzles"
    /usr/bin/time -v "$bin" rate --cpu-time --stats --no-progress "$work/$input.txt" \
        > "$work/$input.out" 2> "$work/$input.err" || true
    grep -v -E '^\s+(Command|Average|Exit|File system|Socket|Signals|Swaps|Page size|Voluntary|Involuntary|Minor|Major)' \
        "$work/$input.err" | grep -v '^$'
    if cut -f1 "$work/$input.out" | cmp -s - "$work/$input.txt"; then
        echo "order: the output's puzzles are the input's, line for line"
    else
        echo "order: MISMATCH between the output and the input" >&2
        exit 1
    fi
done
