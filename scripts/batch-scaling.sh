#!/usr/bin/env bash
# How `sudoku solve` scales from one thread to two (issue 3's batch target) and how it does on
# one core: kaggle_10k repeated into a big file, interleaved rounds, median wall times.
#
#   scripts/batch-scaling.sh [ROUNDS] [COPIES]     (defaults: 10 rounds, 300 copies)
#
# Needs ../shared/data/kaggle_10k.txt (or DATA=folder). Builds the release binary first.
# `taskset -c 0` (one core for every thread of the process) is run when taskset exists.
set -euo pipefail
rounds=${1:-10}
copies=${2:-300}
here=$(cd "$(dirname "$0")/.." && pwd)
data=${DATA:-$here/../shared/data}
source_file=$data/kaggle_10k.txt
if [[ ! -f $source_file ]]; then
    echo "batch-scaling: $source_file not found (set DATA to the data folder)" >&2
    exit 2
fi
cargo build --release -q -p sudoku-cli --manifest-path "$here/Cargo.toml"
bin=$here/target/release/sudoku
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
big=$work/kaggle_x$copies.txt
for _ in $(seq "$copies"); do cat "$source_file"; done > "$big"
lines=$(wc -l < "$big")
expected=$("$bin" solve --threads 1 "$big" | md5sum)

runs=(one two)
one=("$bin" solve --threads 1 "$big")
two=("$bin" solve --threads 2 "$big")
if command -v taskset > /dev/null; then
    runs+=(core)
    core=(taskset -c 0 "$bin" solve --threads 1 "$big")
fi
declare -A times
TIMEFORMAT=%R
for round in $(seq "$rounds"); do
    for run in "${runs[@]}"; do
        declare -n cmd=$run
        t=$( { time "${cmd[@]}" > /dev/null; } 2>&1 )
        times[$run]+="$t "
    done
done
# The answers are the same whatever the thread count.
if [[ $("${two[@]}" | md5sum) != "$expected" ]]; then
    echo "batch-scaling: --threads 2 printed other answers than --threads 1" >&2
    exit 1
fi
median() { tr ' ' '\n' | grep . | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
m_one=$(median <<< "${times[one]}")
m_two=$(median <<< "${times[two]}")
echo "kaggle_10k x $copies ($lines lines), $rounds interleaved rounds, median wall seconds:"
echo "  --threads 1: $m_one   (${times[one]% })"
echo "  --threads 2: $m_two   (${times[two]% })"
awk -v a="$m_one" -v b="$m_two" 'BEGIN {printf "  speed-up from one thread to two: %.2fx\n", a / b}'
if [[ -n ${times[core]:-} ]]; then
    m_core=$(median <<< "${times[core]}")
    echo "  --threads 1 on one core (taskset -c 0): $m_core   (${times[core]% })"
    awk -v a="$m_core" -v b="$m_two" 'BEGIN {printf "  speed-up from one core to two: %.2fx\n", a / b}'
fi
