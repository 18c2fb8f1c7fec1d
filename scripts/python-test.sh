#!/usr/bin/env bash
# Tests the built sudokit wheel as a user gets it: a fresh venv, the wheel from target/wheels
# (built by scripts/package-python.sh when missing) with pytest, numpy, dask[distributed],
# pandas and pyarrow from PyPI, then the pytest suite bindings/python/tests, run from outside
# the source tree so that `import sudokit` is the installed wheel.
#
#   scripts/python-test.sh                 # every test but the Dask one (about 1 min)
#   scripts/python-test.sh -m dask         # the Dask test: 100,000 puzzles (reads ../shared/data)
#   scripts/python-test.sh -m ''           # everything
#
# Arguments go to pytest; without any, `-m "not dask"`.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
python=${PYTHON:-python3}
wheel=$(ls "$here"/target/wheels/sudokit-*.whl 2>/dev/null | head -1 || true)
if [[ -z $wheel ]]; then
    wheel=$("$here/scripts/package-python.sh" | tail -1)
fi
venv=$(mktemp -d "${TMPDIR:-/tmp}/sudokit-test-venv.XXXXXX")
trap 'rm -rf "$venv"' EXIT
"$python" -m venv "$venv"
"$venv/bin/pip" install --quiet --upgrade pip
"$venv/bin/pip" install --quiet "$wheel" pytest "dask[distributed]" pandas pyarrow
cd "$venv"
"$venv/bin/python" -c 'import sudokit; print("testing", sudokit.__file__)'
if [[ $# -eq 0 ]]; then
    set -- -m "not dask"
fi
"$venv/bin/python" -m pytest -p no:cacheprovider --rootdir "$here/bindings/python" \
    -c "$here/bindings/python/pyproject.toml" "$here/bindings/python/tests" "$@"
