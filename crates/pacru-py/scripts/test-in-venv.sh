#!/usr/bin/env bash
# Tests the Python package the way a user installs it: a fresh virtual environment,
# maturin, pytest and mypy from PyPI, `pip install ./crates/pacru-py` (a release
# build of the extension), then pytest, and mypy's checks that the type stubs agree
# with the module (stubtest) and that the package type-checks. The cross-checks
# compare the bindings with the `pacru` program, built here (debug) unless
# PACRU_BIN names one.
#
# Environment: PYTHON (default python3), PACRU_PY_VENV (default
# <target>/python-venv, recreated), PACRU_BIN, CARGO_TARGET_DIR.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
cd "$root"
target="${CARGO_TARGET_DIR:-$root/target}"
venv="${PACRU_PY_VENV:-$target/python-venv}"
python="${PYTHON:-python3}"

if ! command -v "$python" >/dev/null; then
    echo "error: $python not found; the Python bindings need CPython 3.9 or later" >&2
    exit 1
fi
"$python" --version

if [[ -z "${PACRU_BIN:-}" ]]; then
    cargo build --quiet -p pacru-cli
    export PACRU_BIN="$target/debug/pacru"
fi

echo "    virtual environment: $venv"
"$python" -m venv --clear "$venv"
export PATH="$venv/bin:$PATH"   # as activating it would: the build backend runs `maturin`
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "maturin>=1.9.4,<2" "pytest>=7" "mypy>=1.18"
"$venv/bin/python" -m pip --version
"$venv/bin/maturin" --version

echo "    pip install ./crates/pacru-py"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-build-isolation ./crates/pacru-py

cd crates/pacru-py
echo "    mypy: the stubs against the module, and the package in strict mode"
"$venv/bin/python" -m mypy.stubtest pacru --allowlist tests/stubtest-allowlist.txt
"$venv/bin/python" -m mypy --strict --no-incremental python/pacru
"$venv/bin/python" -m pytest -p no:cacheprovider tests
