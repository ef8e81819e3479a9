"""The Pyodide runtime in the site: its files, a package-free lock, and the
standard library compiled to ``.pyc`` by Pyodide's own Python (cached)."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from sitebuild.paths import CACHE, COMPILE_PYC_SCRIPT, PYODIDE_PKG, ROOT, log, sha256_of

#: Runtime files copied verbatim from the npm package.
PYODIDE_RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")


def copy_pyodide(out: Path) -> None:
    """Copy the Pyodide runtime and a trimmed, package-free lock file to ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_RUNTIME_FILES:
        shutil.copy2(PYODIDE_PKG / name, out / name)
    lock = json.loads((PYODIDE_PKG / "pyodide-lock.json").read_text())
    # The site ships no Pyodide packages; an empty package table means a stray
    # loadPackage() fails loudly instead of reaching for a CDN.
    trimmed = {"info": lock["info"], "packages": {}}
    (out / "pyodide-lock.json").write_text(json.dumps(trimmed, indent=1) + "\n")


def run_compile_pyc(
    src: Path, out: Path, mode: str, prefix: str, stdlib: Path | None, optimize: int = 0
) -> None:
    """Run scripts/compile_pyc.mjs (Pyodide's Python under Node) on a zip."""
    if shutil.which("node") is None:
        sys.exit("build.py: node is needed to compile .pyc with Pyodide; install Node.js")
    cmd = [
        "node",
        str(COMPILE_PYC_SCRIPT),
        "--pyodide",
        str(PYODIDE_PKG),
        "--in",
        str(src),
        "--out",
        str(out),
        "--mode",
        mode,
        "--prefix",
        prefix,
    ]
    if stdlib is not None:
        cmd += ["--stdlib", str(stdlib)]
    if optimize:
        cmd += ["--optimize", str(optimize)]
    subprocess.run(cmd, cwd=ROOT, check=True)


#: compile()'s optimize for the stdlib (see compiled_stdlib).
STDLIB_OPTIMIZE = 2


def compiled_stdlib(version: str) -> Path:
    """Return the path of the .pyc-compiled stdlib zip, compiling it if needed.

    Compiling takes ~10-25 s (it boots Pyodide under Node); the result is
    cached in ``.cache/stdlib/`` under a key made of the Pyodide version and
    the hashes of the source zip and of the compile script.

    The stdlib is compiled without its docstrings and asserts (``optimize=2``,
    as ``python -OO``): its share of a first visit falls from 959 to 813 kB
    (brotli), which keeps the first visit under 5 MB (issue 46). Nothing in the
    engine reads a stdlib docstring, and the engine's own wheel is compiled as
    written, asserts and all.
    """
    source = PYODIDE_PKG / "python_stdlib.zip"
    key = hashlib.sha256(
        (
            version + sha256_of(source) + sha256_of(COMPILE_PYC_SCRIPT) + f"-O{STDLIB_OPTIMIZE}"
        ).encode()
    ).hexdigest()[:16]
    cached = CACHE / "stdlib" / f"python_stdlib-{version}-{key}.zip"
    if cached.exists():
        return cached
    cached.parent.mkdir(parents=True, exist_ok=True)
    tmp = cached.with_suffix(".tmp")
    log("compiling the stdlib to .pyc with Pyodide under Node ...")
    # Pyodide mounts the stdlib zip at /lib/python3XY.zip
    major, minor = pyodide_python()
    run_compile_pyc(
        source, tmp, "sourceless", f"/lib/python{major}{minor}.zip", None, STDLIB_OPTIMIZE
    )
    os.replace(tmp, cached)
    return cached


def pyodide_python() -> tuple[str, str]:
    """(major, minor) of the Python inside the installed Pyodide."""
    lock = json.loads((PYODIDE_PKG / "pyodide-lock.json").read_text())
    major, minor = str(lock["info"]["python"]).split(".")[:2]
    return major, minor
