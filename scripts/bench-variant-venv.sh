#!/usr/bin/env bash
# Makes the Python venv that `sudoku-bench variant` runs its peers in: pencilmark (its solver and
# generator) and OR-Tools (CP-SAT), at the versions the figures in docs/design.md were taken with.
# Usage: scripts/bench-variant-venv.sh [VENV_DIR]   (default: target/bench-venv, which the
# benchmark finds by itself; pass --python VENV_DIR/bin/python otherwise).
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${1:-target/bench-venv}"
python="${PYTHON:-python3}"
"$python" -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check \
    "pencilmark==1.0.0rc1" "ortools==9.15.6755"
"$venv/bin/python" -c "import pencilmark, ortools; print('peers ready:', pencilmark.__version__, ortools.__version__)"
