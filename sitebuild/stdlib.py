"""The site's standard library: only the modules Pyodide's boot and the engine
import, found by tracing them under Node (scripts/trace_stdlib.mjs), as a zip
of stored (uncompressed) .pyc members.

Stored members make the zip about 2.4x larger on disk but about 30% smaller
over the wire: brotli on the whole file finds far more than deflate does in
each member (measured: 917 kB brotli vs 1,325 kB deflated members), and
zipimport then reads members without inflating them.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from sitebuild.paths import CACHE, ENGINE, NODE_QUIET, PUZZLES, PYODIDE_PKG, ROOT, log, sha256_of

TRACE_SCRIPT = ROOT / "scripts" / "trace_stdlib.mjs"
#: The worker's boot code, which the trace runs too.
ENGINE_BOOT = ROOT / "web" / "js" / "engine-boot.js"
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)


def engine_modules() -> list[str]:
    """Every importable module of the engine package (``__main__`` aside)."""
    names = []
    for path in sorted(ENGINE.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        parts = list(path.relative_to(ENGINE.parent).with_suffix("").parts)
        if parts[-1] == "__main__":
            continue
        if parts[-1] == "__init__":
            parts.pop()
        names.append(".".join(parts))
    return names


def stdlib_names_in_engine() -> list[str]:
    """Every stdlib module (and parent package) an engine source file names in an
    import, lazy ones inside functions included: the trace imports them all, so
    their own imports are traced even if the tour never reaches the code.
    The command lines (``__main__.py``: argparse and all) never run in the page."""
    names: set[str] = set()
    for path in sorted(ENGINE.rglob("*.py")):
        if path.name == "__main__.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            dotted: list[str] = []
            if isinstance(node, ast.Import):
                dotted = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                dotted = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
            for name in dotted:
                parts = name.split(".")
                if parts[0] in sys.stdlib_module_names:
                    names.update(".".join(parts[: i + 1]) for i in range(len(parts)))
    return sorted(names)


def _first_puzzles() -> dict[str, Path]:
    found = {}
    for game_dir in sorted(p for p in PUZZLES.iterdir() if p.is_dir()):
        days = sorted(game_dir.glob("*.json"))
        if days:
            found[game_dir.name] = days[0]
    return found


def traced_modules(full_stdlib: Path, wheel: Path, mounted_at: str) -> list[str]:
    """The stdlib modules the site imports (cached in ``.cache/stdlib/``)."""
    puzzles = _first_puzzles()
    key = hashlib.sha256()
    parts = (full_stdlib, wheel, TRACE_SCRIPT, ENGINE_BOOT)
    for part in (*(sha256_of(p) for p in parts), mounted_at):
        key.update(part.encode())
    for game, path in puzzles.items():
        key.update(game.encode() + sha256_of(path).encode())
    modules, names = ",".join(engine_modules()), ",".join(stdlib_names_in_engine())
    key.update(f"\0{modules}\0{names}".encode())  # what the trace is asked to import
    cached = CACHE / "stdlib" / f"trace-{key.hexdigest()[:16]}.json"
    if not cached.exists():
        if shutil.which("node") is None:
            sys.exit("build.py: node is needed to trace the stdlib with Pyodide; install Node.js")
        cached.parent.mkdir(parents=True, exist_ok=True)
        log("tracing the stdlib modules the site imports (Pyodide under Node) ...")
        day = min((p.stem for p in puzzles.values()), default="2026-12-01")
        tmp = cached.with_suffix(".tmp")
        cmd = [
            "node",
            NODE_QUIET,
            str(TRACE_SCRIPT),
            "--pyodide",
            str(PYODIDE_PKG),
            "--stdlib",
            str(full_stdlib),
            "--engine",
            str(wheel),
            "--mount-as",
            mounted_at,
            "--modules",
            modules,
            "--names",
            names,
            "--day",
            day,
            "--out",
            str(tmp),
        ]
        for game, path in puzzles.items():
            cmd += [f"--puzzle-{game}", str(path)]
        subprocess.run(cmd, cwd=ROOT, check=True)
        os.replace(tmp, cached)
    return list(json.loads(cached.read_text())["modules"])


def members_for(modules: list[str], available: set[str]) -> list[str]:
    """The zip members (sourceless .pyc) that hold ``modules`` and their packages."""
    wanted: set[str] = set()
    for module in modules:
        parts = module.split(".")
        for depth in range(1, len(parts) + 1):
            path = "/".join(parts[:depth])
            for member in (f"{path}/__init__.pyc", f"{path}.pyc"):
                if member in available:
                    wanted.add(member)
                    break
    return sorted(wanted)


def trimmed_stdlib(full_stdlib: Path, modules: list[str]) -> Path:
    """The compiled stdlib with only ``modules``, members stored (cached)."""
    key = hashlib.sha256((sha256_of(full_stdlib) + "\n".join(modules)).encode()).hexdigest()
    cached = CACHE / "stdlib" / f"python_stdlib-trimmed-{key[:16]}.zip"
    if cached.exists():
        return cached
    with zipfile.ZipFile(full_stdlib) as full:
        members = members_for(modules, set(full.namelist()))
        tmp = cached.with_suffix(".tmp")
        with zipfile.ZipFile(tmp, "w") as out:
            for name in members:
                info = zipfile.ZipInfo(name, date_time=ZIP_EPOCH)
                info.compress_type = zipfile.ZIP_STORED
                info.external_attr = 0o644 << 16
                out.writestr(info, full.read(name))
    os.replace(tmp, cached)
    log(f"stdlib trimmed to {len(members)} modules ({cached.stat().st_size / 1e6:.2f} MB stored)")
    return cached
