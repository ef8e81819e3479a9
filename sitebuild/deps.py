"""What the build and the tests need installed: the pinned npm packages
(``npm ci``) and the project's virtualenv made from the hash-checked lock."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from sitebuild.paths import LOCK, PYODIDE_PKG, ROOT, VENV, log, sha256_of


def pinned_pyodide_version() -> str:
    """The exact Pyodide version pinned in package.json."""
    pkg = json.loads((ROOT / "package.json").read_text())
    return str(pkg["dependencies"]["pyodide"])


def installed_pyodide_version() -> str | None:
    """The version of node_modules/pyodide, or None if it is not installed."""
    try:
        return str(json.loads((PYODIDE_PKG / "package.json").read_text())["version"])
    except (OSError, ValueError, KeyError):
        return None


def ensure_node_modules() -> str:
    """Make ``node_modules`` hold exactly package-lock.json (``npm ci``, redone
    whenever the lock changes); return the pinned Pyodide version."""
    pinned = pinned_pyodide_version()
    stamp = ROOT / "node_modules" / ".stichtag-lock"
    want = sha256_of(ROOT / "package-lock.json")
    current = stamp.exists() and stamp.read_text().strip() == want
    if not current or installed_pyodide_version() != pinned:
        if shutil.which("npm") is None:
            sys.exit("build.py: npm (Node >= 18) is needed to install Pyodide; install Node.js")
        log(f"npm ci (pyodide {pinned}) ...")
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)
        stamp.write_text(want + "\n")
    found = installed_pyodide_version()
    if found != pinned:
        sys.exit(f"build.py: node_modules/pyodide is {found}, package.json pins {pinned}")
    return pinned


def venv_python() -> Path:
    return VENV / "bin" / "python"


def ensure_venv() -> Path:
    """Make ``.venv`` hold exactly the locked tools (``requirements/lock.txt``,
    hash-checked); return its Python. Redone whenever the lock changes."""
    stamp = VENV / ".stichtag-lock"
    want = sha256_of(LOCK)
    python = venv_python()
    if python.exists() and stamp.exists() and stamp.read_text().strip() == want:
        return python
    log(f"python venv {VENV.relative_to(ROOT)}/ from {LOCK.relative_to(ROOT)} ...")
    if in_venv():
        sys.exit(
            "build.py: .venv does not match requirements/lock.txt; run `python3 build.py deps`"
        )
    shutil.rmtree(VENV, ignore_errors=True)  # exactly the lock: nothing left from before
    subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    pip = [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    subprocess.run([*pip, "--require-hashes", "--no-deps", "-r", str(LOCK)], check=True)
    stamp.write_text(want + "\n")
    return python


def in_venv() -> bool:
    return Path(sys.prefix).resolve() == VENV.resolve()
