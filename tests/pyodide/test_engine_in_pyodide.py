"""Run the engine's tests inside Pyodide (under Node) against the built wheel,
with the site's trimmed stdlib.

The engine must give identical results on CPython and in Pyodide; this runs
every test folder under ``tests/`` except ``browser/`` and ``pyodide/`` (or
``$STICHTAG_PYODIDE_TESTS``, space-separated pytest arguments) with pytest
inside Pyodide 314 via ``run_in_pyodide.mjs``, importing ``engine`` from the
built wheel. A test that cannot run there (subprocess, sockets) skips itself
with ``pytest.mark.skipif(sys.platform == "emscripten", reason=...)``.

pytest, hypothesis and their pure dependencies are downloaded from PyPI as
``py3-none-any`` wheels (the same versions as in this environment where
possible) into ``.cache/pywheels/``. pytest-pyodide is deliberately not used
(it breaks pytest).

The run boots with the stdlib the site ships (only the traced modules, see
sitebuild/stdlib.py); the full stdlib sits behind it on sys.path for pytest's
own needs, and an import by engine code that only the full one has fails the
run: the site would not have that module.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from sitebuild.deps import ensure_node_modules
from sitebuild.runtime import compiled_stdlib
from sitebuild.stdlib import traced_modules, trimmed_stdlib
from sitebuild.wheel import build_wheel, wheel_name

pytestmark = pytest.mark.pyodide

ROOT = Path(__file__).resolve().parents[2]
RUNNER = Path(__file__).with_name("run_in_pyodide.mjs")
WHEEL_DIR = ROOT / ".cache" / "pywheels"
#: Pure-Python packages pytest + hypothesis need inside Pyodide.
PURE_PACKAGES = (
    "pytest",
    "iniconfig",
    "packaging",
    "pluggy",
    "pygments",
    "hypothesis",
    "sortedcontainers",
)
#: Only against a hang: ~5 min on a quiet machine, 15 on a loaded one (never a time bar).
TIMEOUT_S = 45 * 60
#: Test folders that drive a browser or Pyodide themselves.
NOT_IN_PYODIDE = {"web", "pyodide", "sitebuild", "docs"}


def _pin(name: str) -> str:
    """``name==version`` of this environment's copy, else just ``name``."""
    try:
        return f"{name}=={importlib.metadata.version(name)}"
    except importlib.metadata.PackageNotFoundError:
        return name


def _download(reqs: list[str], dest: Path) -> None:
    cmd = [
        sys.executable,
        "-m",
        "pip",
        "download",
        "-q",
        "--no-deps",
        "--only-binary=:all:",
        "--python-version",
        "3.14",
        "--platform",
        "any",
        "--implementation",
        "py",
        "-d",
        str(dest),
    ]
    subprocess.run(cmd + reqs, check=True)


def pure_wheels() -> Path:
    """Download the pure wheels once (stamped with the requirement pins)."""
    reqs = [_pin(name) for name in PURE_PACKAGES]
    stamp = WHEEL_DIR / "requirements.txt"
    if stamp.exists() and stamp.read_text().split() == reqs:
        return WHEEL_DIR
    shutil.rmtree(WHEEL_DIR, ignore_errors=True)
    WHEEL_DIR.mkdir(parents=True)
    for req in reqs:
        try:
            _download([req], WHEEL_DIR)
        except subprocess.CalledProcessError:
            _download([req.split("==")[0]], WHEEL_DIR)  # this pin has no py3.14 wheel
    stamp.write_text("\n".join(reqs) + "\n")
    return WHEEL_DIR


def _selection() -> list[str]:
    env = os.environ.get("STICHTAG_PYODIDE_TESTS")
    if env:
        return shlex.split(env)
    tests = ROOT / "tests"
    return [
        f"tests/{d.name}"
        for d in sorted(tests.iterdir())
        if d.is_dir() and d.name not in NOT_IN_PYODIDE and _has_tests([f"tests/{d.name}"])
    ]


def _has_tests(selection: list[str]) -> bool:
    paths = [ROOT / a.split("::")[0] for a in selection if not a.startswith("-")]
    return any(
        (p.is_file() or any(p.rglob("test_*.py")) or any(p.rglob("*_test.py")))
        for p in paths
        if p.exists()
    )


def test_engine_tests_pass_in_pyodide(tmp_path: Path) -> None:
    selection = _selection()
    if not _has_tests(selection):
        pytest.skip(f"no engine tests yet (selection {selection}): nothing to run in Pyodide")
    if shutil.which("node") is None:
        pytest.fail("node is required for the Pyodide tests")
    version = ensure_node_modules()
    full_stdlib = compiled_stdlib(version)
    mount = f"/lib/{wheel_name()}"
    site_wheel = build_wheel(tmp_path / "site-wheel", mounted_at=mount, stored=True)
    stdlib = trimmed_stdlib(full_stdlib, traced_modules(full_stdlib, site_wheel, mount))
    wheel = build_wheel(tmp_path / "wheel", with_pyc=True)
    wheels = pure_wheels()
    cmd = [
        "node",
        str(RUNNER),
        "--engine-wheel",
        str(wheel),
        "--wheels",
        str(wheels),
        "--stdlib",
        str(stdlib),
        "--fallback-stdlib",
        str(full_stdlib),
        "--repo",
        str(ROOT),
        "--",
        "-q",
        *selection,
    ]
    proc = subprocess.run(
        cmd, cwd=ROOT, capture_output=True, text=True, timeout=TIMEOUT_S, check=False
    )
    output = proc.stdout + proc.stderr
    print(output[-5000:])
    assert proc.returncode == 0, f"pytest in Pyodide exited {proc.returncode}:\n{output[-20000:]}"
