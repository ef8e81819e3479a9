"""Where things are, and the build's one-line log."""

from __future__ import annotations

import hashlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
CACHE = ROOT / ".cache"
WEB = ROOT / "web"
ENGINE = ROOT / "engine"
PUZZLES = ROOT / "puzzles"
#: The pinned openings of the dailies (sitebuild/openings.py).
OPENINGS = ROOT / "openings"
NODE_MODULES = ROOT / "node_modules"
PYODIDE_PKG = NODE_MODULES / "pyodide"
COMPILE_PYC_SCRIPT = ROOT / "scripts" / "compile_pyc.mjs"
VENV = ROOT / ".venv"
#: Node flag for scripts that import the site's ES modules (web/js/*.js, no
#: "type" in package.json): without it Node warns on every run.
NODE_QUIET = "--disable-warning=MODULE_TYPELESS_PACKAGE_JSON"
LOCK = ROOT / "requirements" / "lock.txt"


def log(msg: str) -> None:
    """Print one build progress line."""
    print(f"[build] {msg}", flush=True)


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()
