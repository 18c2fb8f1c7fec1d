#!/usr/bin/env bash
# Times the README's commands as a newcomer meets them (issue 32): a fresh clone of this
# checkout's HEAD beside the shared data, a cold target directory, then in turn
#   cargo run                                    (the README's first command)
#   cargo test --workspace                       (its test command: the quick tier)
#   cargo test --workspace -- --ignored          (the rest of the full tier, same build)
#   cargo build --release                        (the optimised binary, a separate profile)
# printing each one's wall time and CPU time (user + system, all processes). Run it on an idle
# machine: the wall times are what the README quotes; the CPU times hold on a busy one.
#
#   scripts/readme-timing.sh [WORKDIR]   (default: a new folder beside this checkout, removed after)
#
# The registry downloads are made first (`cargo fetch`), so the figures are of building and
# testing, not of the network.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$(mktemp -d "$here/../readme-timing.XXXXXX")}
clone=$work/sudoku
git clone -q --no-hardlinks "$here" "$clone"
trap 'rm -rf "$work"' EXIT
cd "$clone"
# The clone is not beside ../shared/data: point the tests at the checkout's.
if [ -z "${SUDOKU_DATA:-}" ] && [ -d "$here/../shared/data" ]; then
    export SUDOKU_DATA="$here/../shared/data"
fi
cargo fetch -q --locked
timed() { # timed LABEL COMMAND...: runs it, prints wall and CPU seconds
    local label=$1
    shift
    /usr/bin/time -f "%e %U %S" -o "$work/time" "$@" >"$work/out" 2>&1 || {
        tail -n 40 "$work/out" >&2
        exit 1
    }
    read -r wall user sys <"$work/time"
    printf '%-42s wall %7.1f s   CPU %7.1f s\n' "$label" "$wall" "$(echo "$user + $sys" | bc)"
}
echo "$(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(git -C "$clone" rev-parse --short HEAD)"
timed "cargo run" cargo run -q
timed "cargo test --workspace" cargo test -q --workspace
timed "cargo test --workspace -- --ignored" cargo test -q --workspace -- --ignored
timed "cargo build --release" cargo build -q --release
