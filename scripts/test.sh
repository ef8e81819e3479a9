#!/usr/bin/env bash
# Run every test of Stichtag from a fresh clone; installs what the tests need:
#   - Debian's chromium (apt-get) when /usr/bin/chromium is missing,
#   - the pinned npm packages (npm ci) when node_modules/pyodide is not the pinned version,
#   - a virtualenv .venv with the project and its `test` extra (pip),
# then builds site/ once and runs pytest (quiet, slowest durations shown).
# Extra arguments go to pytest, e.g. `bash scripts/test.sh -m "not browser"`.
# Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
export PIP_DISABLE_PIP_VERSION_CHECK=1

step() { printf '\n== %s\n' "$*"; }

if [ ! -x /usr/bin/chromium ]; then
  step "installing Debian chromium"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q chromium
fi

pinned=$(python3 -c 'import json; print(json.load(open("package.json"))["dependencies"]["pyodide"])')
installed=$(python3 -c 'import json; print(json.load(open("node_modules/pyodide/package.json"))["version"])' 2>/dev/null || true)
if [ "$pinned" != "$installed" ]; then
  step "npm ci (pyodide $pinned)"
  npm ci --no-audit --no-fund
fi

stamp=".venv/.stichtag-deps"
want=$(sha256sum pyproject.toml | cut -d' ' -f1)
if [ ! -x .venv/bin/python ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  step "python venv .venv with .[test]"
  [ -x .venv/bin/python ] || python3 -m venv .venv
  .venv/bin/python -m pip install -q --upgrade pip
  .venv/bin/python -m pip install -q -e ".[test]"
  echo "$want" > "$stamp"
fi

step "build site/"
.venv/bin/python build.py

step "pytest"
STICHTAG_SITE_BUILT=1 .venv/bin/python -m pytest -q --durations=15 "$@"
