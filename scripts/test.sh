#!/usr/bin/env bash
# Run every test of Stichtag from a fresh clone; installs what the tests need:
#   - Debian's chromium and fonts-noto-cjk (apt-get) when missing,
#   - the pinned npm packages (npm ci) when node_modules/pyodide is not the pinned version,
#   - the virtualenv .venv from the hash-checked lock requirements/lock.txt (build.py deps),
# then prints the versions under test, runs ruff, builds site/ once and runs pytest
# (quiet, slowest durations shown, one worker per core).
# Extra arguments go to pytest, e.g. `bash scripts/test.sh -m "not browser"`.
# Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
export PIP_DISABLE_PIP_VERSION_CHECK=1

step() { printf '\n== %s (at %d s)\n' "$*" "$SECONDS"; }

# Chromium, and a Chinese font: without one the layout tests would measure (and the
# screenshots show) Chinese text as empty boxes. Installed only when missing.
MISSING=()
[ -x /usr/bin/chromium ] || MISSING+=(chromium)
dpkg-query -W -f='${Status}' fonts-noto-cjk 2>/dev/null | grep -q "ok installed" || MISSING+=(fonts-noto-cjk)
if [ ${#MISSING[@]} -gt 0 ]; then
  step "installing Debian ${MISSING[*]}"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${MISSING[@]}"
fi

step "dependencies: .venv from requirements/lock.txt, node_modules by npm ci"
python3 build.py deps
PY=.venv/bin/python

step "versions"
"$PY" --version
printf 'Node %s\n' "$(node --version)"
/usr/bin/chromium --version
"$PY" -c 'import importlib.metadata as m; print("Playwright", m.version("playwright"))'
"$PY" -c 'import json; print("Pyodide", json.load(open("node_modules/pyodide/package.json"))["version"])'

step "ruff"
"$PY" -m ruff check .
"$PY" -m ruff format --check .

step "build site/"
"$PY" build.py

step "pytest"
# One pytest-xdist worker per core (at most 4: each browser test drives a whole
# Chromium); a worker takes over queued tests of a busy one (worksteal).
WORKERS=$(nproc); [ "$WORKERS" -le 4 ] || WORKERS=4
STICHTAG_SITE_BUILT=1 "$PY" -m pytest -q --durations=15 -n "$WORKERS" --dist worksteal "$@"
