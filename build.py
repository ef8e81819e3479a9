#!/usr/bin/env python3
"""Build the Stichtag static site into ``site/`` (and optionally serve it).

Usage::

    python3 build.py                 # build site/ from scratch
    python3 build.py serve [--port N] [--host H] [--no-build]
                                     # build, then serve site/ on localhost

Runs with the machine's plain ``python3`` (>= 3.11, standard library only) and
Node (for Pyodide). Steps, each a function below:

1. ``ensure_node_modules``  – ``npm ci`` when node_modules/pyodide is missing
   or not the version pinned in package.json.
2. ``copy_pyodide``         – the Pyodide runtime (``pyodide.mjs``,
   ``pyodide.asm.mjs``, ``pyodide.asm.wasm``) and a *trimmed* lock file with
   no packages (so nothing can ever be fetched from a CDN) → ``site/pyodide/``.
3. ``compiled_stdlib``      – Pyodide's ``python_stdlib.zip`` compiled to
   ``.pyc`` by Pyodide's own Python under Node (``scripts/compile_pyc.mjs``;
   boot is several times faster). Cached in ``.cache/stdlib/`` keyed on the
   Pyodide version, the source zip and the compile script.
4. ``build_wheel``          – the ``engine`` package as a pure wheel, written
   directly (offline, deterministic, no build backend needed) → ``site/py/``;
   for the site it also carries ``__pycache__/*.cpython-314.pyc`` compiled by
   Pyodide (``engine_pycs``, cached by content), so the worker skips compiling.
5. ``copy_web``             – ``web/`` → site root.
6. ``build_puzzles``        – checks every pinned daily in ``puzzles/``
   against the engine's generator (fails loudly on drift), pins the missing
   ones up to 400 days ahead, copies them → ``site/puzzles/``.
7. ``build_docs``           – the rules pages (mkdocs, four languages) →
   ``site/rules/`` (``scripts/build_docs.py``).
8. ``write_build_info``     – ``site/js/build-info.js``: an ES module with the
   file names, hashes and versions the worker needs.

All URLs in the site are relative, so it works from any sub-path, and the site
requests nothing from any other origin.
"""

from __future__ import annotations

import argparse
import base64
import csv
import functools
import hashlib
import http.server
import io
import json
import os
import shutil
import socketserver
import subprocess
import sys
import time
import tomllib
import zipfile
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent
SITE = ROOT / "site"
CACHE = ROOT / ".cache"
WEB = ROOT / "web"
ENGINE = ROOT / "engine"
NODE_MODULES = ROOT / "node_modules"
PYODIDE_PKG = NODE_MODULES / "pyodide"
COMPILE_PYC_SCRIPT = ROOT / "scripts" / "compile_pyc.mjs"

#: Runtime files copied verbatim from the npm package.
PYODIDE_RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")

#: Content Security Policy of the site: the page's <meta> tag carries the same
#: policy; ``serve`` also sends it as a header because a worker takes its
#: policy from its own response headers, not from the page.
CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "
    "connect-src 'self'; style-src 'self'; img-src 'self' data:"
)

#: MIME types the site needs; anything else falls back to mimetypes' guess.
MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".txt": "text/plain; charset=utf-8",
    ".webmanifest": "application/manifest+json",
    ".woff2": "font/woff2",
}

ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)


def log(msg: str) -> None:
    """Print one build progress line."""
    print(f"[build] {msg}", flush=True)


# --------------------------------------------------------------------------
# 1. Pyodide from npm
# --------------------------------------------------------------------------


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
    """Make sure node_modules/pyodide is the pinned version (``npm ci``); return it."""
    pinned = pinned_pyodide_version()
    if installed_pyodide_version() != pinned:
        if shutil.which("npm") is None:
            sys.exit("build.py: npm (Node >= 18) is needed to install Pyodide; install Node.js")
        log(f"npm ci (pyodide {pinned}) ...")
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)
    found = installed_pyodide_version()
    if found != pinned:
        sys.exit(f"build.py: node_modules/pyodide is {found}, package.json pins {pinned}")
    return pinned


VENV = ROOT / ".venv"
LOCK = ROOT / "requirements" / "lock.txt"


def venv_python() -> Path:
    return VENV / "bin" / "python"


def ensure_venv() -> Path:
    """Make ``.venv`` hold exactly the locked tools (``requirements/lock.txt``,
    hash-checked); return its Python. Redone whenever the lock changes."""
    stamp = VENV / ".stichtag-lock"
    want = _sha256(LOCK)
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


# --------------------------------------------------------------------------
# 2. The compiled standard library (cached)
# --------------------------------------------------------------------------


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _run_compile_pyc(src: Path, out: Path, mode: str, prefix: str, stdlib: Path | None) -> None:
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
    subprocess.run(cmd, cwd=ROOT, check=True)


def compiled_stdlib(version: str) -> Path:
    """Return the path of the .pyc-compiled stdlib zip, compiling it if needed.

    Compiling takes ~10-25 s (it boots Pyodide under Node); the result is
    cached in ``.cache/stdlib/`` under a key made of the Pyodide version and
    the hashes of the source zip and of the compile script.
    """
    source = PYODIDE_PKG / "python_stdlib.zip"
    key = hashlib.sha256(
        (version + _sha256(source) + _sha256(COMPILE_PYC_SCRIPT)).encode()
    ).hexdigest()[:16]
    cached = CACHE / "stdlib" / f"python_stdlib-{version}-{key}.zip"
    if cached.exists():
        return cached
    cached.parent.mkdir(parents=True, exist_ok=True)
    tmp = cached.with_suffix(".tmp")
    log("compiling the stdlib to .pyc with Pyodide under Node ...")
    # Pyodide mounts the stdlib zip at /lib/python3XY.zip
    major, minor = pyodide_python()
    _run_compile_pyc(source, tmp, "sourceless", f"/lib/python{major}{minor}.zip", None)
    os.replace(tmp, cached)
    return cached


def pyodide_python() -> tuple[str, str]:
    """(major, minor) of the Python inside the installed Pyodide."""
    lock = json.loads((PYODIDE_PKG / "pyodide-lock.json").read_text())
    major, minor = str(lock["info"]["python"]).split(".")[:2]
    return major, minor


# --------------------------------------------------------------------------
# 3. The engine wheel
# --------------------------------------------------------------------------


def _zip_write(zf: zipfile.ZipFile, arcname: str, data: bytes) -> None:
    info = zipfile.ZipInfo(arcname, date_time=ZIP_EPOCH)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    zf.writestr(info, data)


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"sha256={digest}"


def engine_files() -> list[Path]:
    """Every file of the ``engine`` package (sub-packages need no __init__.py)."""
    return sorted(
        p
        for p in ENGINE.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".pyc", ".pyo")
    )


def engine_pycs(entries: list[tuple[str, bytes]]) -> list[tuple[str, bytes]]:
    """``__pycache__`` .pyc files for the engine's .py entries, made by Pyodide.

    Importing the engine from source costs a few hundred ms of the worker's
    boot; shipping unchecked-hash .pyc compiled by Pyodide's own Python saves
    it. Cached in ``.cache/enginepyc/`` by the content of every entry.
    """
    version = pinned_pyodide_version()
    digest = hashlib.sha256(version.encode() + _sha256(COMPILE_PYC_SCRIPT).encode())
    for arcname, data in entries:
        digest.update(arcname.encode() + b"\0" + hashlib.sha256(data).digest())
    cached = CACHE / "enginepyc" / f"engine-pyc-{digest.hexdigest()[:16]}.zip"
    if not cached.exists():
        cached.parent.mkdir(parents=True, exist_ok=True)
        src = cached.with_suffix(".in.zip")
        with zipfile.ZipFile(src, "w") as zf:
            for arcname, data in entries:
                if arcname.endswith(".py"):
                    _zip_write(zf, arcname, data)
        major, minor = pyodide_python()
        tmp = cached.with_suffix(".tmp")
        _run_compile_pyc(
            src,
            tmp,
            "pycache",
            f"/lib/python{major}.{minor}/site-packages",
            compiled_stdlib(version),
        )
        src.unlink()
        os.replace(tmp, cached)
    with zipfile.ZipFile(cached) as zf:
        return [(name, zf.read(name)) for name in sorted(zf.namelist()) if name.endswith(".pyc")]


def build_wheel(out_dir: Path, with_pyc: bool = False) -> Path:
    """Write the pure ``py3-none-any`` wheel of the engine into ``out_dir``.

    Written directly (PEP 427) from pyproject.toml's metadata: offline, fast
    and byte-for-byte reproducible. It holds what ``pip wheel .`` would: the
    ``engine`` package with its sub-packages and data files; ``with_pyc``
    adds Pyodide-compiled ``__pycache__`` files (see ``engine_pycs``).
    """
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    name = project["name"].replace("-", "_").lower()
    version = project["version"]
    if not (ENGINE / "__init__.py").exists():
        sys.exit("build.py: engine/__init__.py is missing")
    if not (ENGINE / "bridge.py").exists():
        sys.exit("build.py: engine/bridge.py is missing (the worker calls engine.bridge.handle)")
    dist_info = f"{name}-{version}.dist-info"
    metadata = (
        "Metadata-Version: 2.1\n"
        f"Name: {project['name']}\n"
        f"Version: {version}\n"
        f"Summary: {project.get('description', '')}\n"
        f"Requires-Python: {project.get('requires-python', '>=3.11')}\n"
    )
    wheel_meta = (
        "Wheel-Version: 1.0\nGenerator: stichtag build.py\nRoot-Is-Purelib: true\n"
        "Tag: py3-none-any\n"
    )
    entries: list[tuple[str, bytes]] = [
        (p.relative_to(ROOT).as_posix(), p.read_bytes()) for p in engine_files()
    ]
    if with_pyc:
        entries += engine_pycs(entries)
    entries += [
        (f"{dist_info}/METADATA", metadata.encode()),
        (f"{dist_info}/WHEEL", wheel_meta.encode()),
        (f"{dist_info}/top_level.txt", b"engine\n"),
    ]
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for arcname, data in entries:
        writer.writerow([arcname, _record_hash(data), len(data)])
    writer.writerow([f"{dist_info}/RECORD", "", ""])
    entries.append((f"{dist_info}/RECORD", record.getvalue().encode()))

    out_dir.mkdir(parents=True, exist_ok=True)
    wheel = out_dir / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as zf:
        for arcname, data in entries:
            _zip_write(zf, arcname, data)
    return wheel


# --------------------------------------------------------------------------
# 4. web/, puzzles/, rules pages
# --------------------------------------------------------------------------


def copy_web(out: Path) -> None:
    """Copy ``web/`` (HTML, JS shim, CSS, card art) to the site root."""
    shutil.copytree(WEB, out, dirs_exist_ok=True, ignore=shutil.ignore_patterns(".*", "*~"))


#: How many days ahead of the build date the dailies are pinned.
PUZZLE_DAYS_AHEAD = 400


class PuzzleDriftError(RuntimeError):
    """A pinned daily no longer matches what the generator deals."""


def pin_puzzles(puzzles: Path, until: date) -> tuple[int, int]:
    """Check every pinned daily against the engine's generator; pin missing ones.

    Each daily is ``puzzles/<game>/<YYYY-MM-DD>.json``: a game record with no
    actions whose ``deals`` pin the whole match. A published daily must never
    change, so a pinned file that differs from what the generator deals
    stops the build (``PuzzleDriftError``); a missing one (up to ``until``)
    is generated and written. Returns (checked, written).
    """
    sys.path.insert(0, str(ROOT))
    from engine.daily import DAILY_GAMES, FIRST_DAILY, pinned_daily

    checked = written = 0
    for game in DAILY_GAMES:
        folder = puzzles / game
        folder.mkdir(parents=True, exist_ok=True)
        day = FIRST_DAILY
        while day <= until:
            path = folder / f"{day.isoformat()}.json"
            expected = pinned_daily(game, day)
            if path.exists():
                try:
                    pinned = json.loads(path.read_text(encoding="utf-8"))
                except ValueError as error:
                    raise PuzzleDriftError(f"{path}: not valid JSON ({error})") from None
                if pinned != expected:
                    raise PuzzleDriftError(_drift_message(path, pinned, expected))
                checked += 1
            else:
                path.write_text(
                    json.dumps(expected, separators=(",", ":")) + "\n", encoding="utf-8"
                )
                written += 1
            day += timedelta(days=1)
    return checked, written


def _drift_message(path: Path, pinned: dict[str, object], expected: dict[str, object]) -> str:
    where = next((key for key in expected if pinned.get(key) != expected[key]), "fields")
    if where == "deals" and isinstance(pinned.get("deals"), list):
        deals = pinned["deals"]
        assert isinstance(deals, list) and isinstance(expected["deals"], list)
        for number, (old, new) in enumerate(zip(deals, expected["deals"])):
            if old != new:
                where = f"deal {number}"
                break
    return (
        f"{path}: the pinned daily differs from what the generator deals now ({where}). "
        "A published daily must never change: restore the file, or the generator."
    )


def build_puzzles(out: Path) -> None:
    """Pinned dailies: check and extend ``puzzles/``, then copy it to the site."""
    until = max(date.today(), date(2026, 12, 1)) + timedelta(days=PUZZLE_DAYS_AHEAD)
    checked, written = pin_puzzles(ROOT / "puzzles", until)
    shutil.copytree(ROOT / "puzzles", out / "puzzles", dirs_exist_ok=True)
    log(f"puzzles: {checked} pinned dailies checked, {written} newly pinned (until {until})")


def build_docs(out: Path) -> None:
    """Rules pages (mkdocs, four languages) → ``out/rules/``.

    ``scripts/build_docs.py`` stages ``docs/`` with the card pictures in a
    temporary folder (nothing is written into ``docs/``) and builds
    ``mkdocs.yml`` there, failing on any mkdocs warning (see docs/README.md).
    """
    script = ROOT / "scripts" / "build_docs.py"
    subprocess.run([sys.executable, str(script), "--out", str(out / "rules")], cwd=ROOT, check=True)
    log("rules pages built")


def _sri(data: bytes) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()


def write_build_info(out: Path, info: dict[str, object]) -> None:
    """Write ``js/build-info.js`` (ES module) and ``build.json`` for tools."""
    (out / "js").mkdir(parents=True, exist_ok=True)
    text = json.dumps(info, indent=2, sort_keys=True)
    (out / "js" / "build-info.js").write_text(
        "// Generated by build.py: do not edit.\n"
        f"export const BUILD_INFO = Object.freeze({text});\n"
    )
    (out / "build.json").write_text(text + "\n")


# --------------------------------------------------------------------------
# The whole build
# --------------------------------------------------------------------------


def build(site: Path = SITE) -> dict[str, object]:
    """Build the site from scratch into ``site``; return the build info."""
    t0 = time.perf_counter()
    version = ensure_node_modules()
    if site.exists():
        shutil.rmtree(site)
    site.mkdir(parents=True)

    copy_web(site)
    copy_pyodide(site / "pyodide")
    stdlib = compiled_stdlib(version)
    shutil.copy2(stdlib, site / "pyodide" / "python_stdlib.zip")
    wheel = build_wheel(site / "py", with_pyc=True)
    build_puzzles(site)
    build_docs(site)

    info: dict[str, object] = {
        "pyodide_version": version,
        "stdlib": "pyodide/python_stdlib.zip",
        "stdlib_compiled": True,
        "wheel": f"py/{wheel.name}",
        "wheel_integrity": _sri(wheel.read_bytes()),
    }
    write_build_info(site, info)

    total = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
    log(
        f"site/ built in {time.perf_counter() - t0:.1f} s: {total / 1e6:.1f} MB, "
        f"wheel {wheel.name} ({wheel.stat().st_size} bytes)"
    )
    return info


# --------------------------------------------------------------------------
# Serving (also used by the browser tests)
# --------------------------------------------------------------------------


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static file handler with the site's MIME types and security headers."""

    quiet = False

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        suffix = Path(str(path)).suffix.lower()
        return MIME_TYPES.get(suffix) or super().guess_type(path)

    def end_headers(self) -> None:
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    """Threaded HTTP server; threads die with the process."""

    daemon_threads = True
    allow_reuse_address = True


def make_server(
    directory: Path = SITE, host: str = "127.0.0.1", port: int = 0, quiet: bool = False
) -> SiteServer:
    """An HTTP server for ``directory`` (port 0 = any free port); not started."""
    handler = functools.partial(
        type("Handler", (SiteHandler,), {"quiet": quiet}), directory=str(directory)
    )
    return SiteServer((host, port), handler)


def serve(host: str, port: int) -> None:
    """Serve site/ until interrupted."""
    try:
        server = make_server(SITE, host, port)
    except OSError as err:
        sys.exit(
            f"build.py: cannot listen on {host}:{port} ({err.strerror}); "
            "pick another port with --port N (0 = any free port)"
        )
    url = f"http://{server.server_address[0]}:{server.server_address[1]}/"
    print(f"Serving {SITE.relative_to(ROOT)}/ at {url}  (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print()
    finally:
        server.server_close()


def main(argv: list[str] | None = None) -> None:
    """Command line: ``build`` (default) or ``serve``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("build", help="build site/ (the default)")
    p_serve = sub.add_parser("serve", help="build, then serve site/ on localhost")
    p_serve.add_argument("--port", type=int, default=8000, help="0 = any free port")
    p_serve.add_argument("--host", default="127.0.0.1")
    p_serve.add_argument("--no-build", action="store_true", help="serve the existing site/")
    sub.add_parser("deps", help="install what the build and tests need (.venv, node_modules)")
    args = parser.parse_args(argv)

    if args.command == "deps":
        ensure_venv()
        ensure_node_modules()
        return
    if not in_venv():
        # The build needs the locked tools (mkdocs for the rules pages): run it
        # with the project's venv, made from the lock if needed.
        python = ensure_venv()
        os.execv(python, [str(python), str(Path(__file__).resolve()), *sys.argv[1:]])
    if args.command == "serve":
        if not args.no_build or not (SITE / "index.html").exists():
            build()
        serve(args.host, args.port)
    else:
        build()


if __name__ == "__main__":
    main()
