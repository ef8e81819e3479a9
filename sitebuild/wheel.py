"""The engine as a pure wheel, written directly (PEP 427): offline, fast and
byte-for-byte reproducible, with Pyodide-compiled ``__pycache__`` for the site."""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import os
import sys
import tomllib
import zipfile
from pathlib import Path

from sitebuild.deps import pinned_pyodide_version
from sitebuild.paths import CACHE, COMPILE_PYC_SCRIPT, ENGINE, ROOT, sha256_of
from sitebuild.runtime import compiled_stdlib, pyodide_python, run_compile_pyc

ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)


def _zip_write(zf: zipfile.ZipFile, arcname: str, data: bytes, stored: bool = False) -> None:
    info = zipfile.ZipInfo(arcname, date_time=ZIP_EPOCH)
    info.compress_type = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
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


def engine_pycs(
    entries: list[tuple[str, bytes]], mounted_at: str | None = None
) -> list[tuple[str, bytes]]:
    """.pyc files for the engine's .py entries, made by Pyodide.

    Importing the engine from source costs a few hundred ms of the worker's
    boot; shipping unchecked-hash .pyc compiled by Pyodide's own Python saves
    it. By default they go to ``__pycache__/`` (for an installed wheel);
    ``mounted_at`` (the wheel's path in Pyodide's file system) puts each beside
    its .py instead, where zipimport looks when the wheel itself is on
    ``sys.path``. Cached in ``.cache/enginepyc/`` by the content of every entry.
    """
    version = pinned_pyodide_version()
    digest = hashlib.sha256(version.encode() + sha256_of(COMPILE_PYC_SCRIPT).encode())
    digest.update(f"mounted_at={mounted_at}".encode())
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
        if mounted_at is None:
            mode, prefix = "pycache", f"/lib/python{major}.{minor}/site-packages"
        else:
            mode, prefix = "sourceless", mounted_at
        run_compile_pyc(src, tmp, mode, prefix, compiled_stdlib(version))
        src.unlink()
        os.replace(tmp, cached)
    with zipfile.ZipFile(cached) as zf:
        return [(name, zf.read(name)) for name in sorted(zf.namelist()) if name.endswith(".pyc")]


def wheel_name() -> str:
    """The file name of the engine's wheel."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    name = project["name"].replace("-", "_").lower()
    return f"{name}-{project['version']}-py3-none-any.whl"


def build_wheel(
    out_dir: Path, with_pyc: bool = False, mounted_at: str | None = None, stored: bool = False
) -> Path:
    """Write the pure ``py3-none-any`` wheel of the engine into ``out_dir``.

    Written directly (PEP 427) from pyproject.toml's metadata: offline, fast
    and byte-for-byte reproducible. It holds what ``pip wheel .`` would: the
    ``engine`` package with its sub-packages and data files; ``with_pyc``
    adds Pyodide-compiled ``__pycache__`` files, or with ``mounted_at`` .pyc
    files for importing straight from the wheel (see ``engine_pycs``), which
    then take the place of the sources.
    ``stored`` leaves the members uncompressed, for a transfer compression
    (brotli) that does better on the whole file than deflate does per member.
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
    if with_pyc or mounted_at is not None:
        pycs = engine_pycs(entries, mounted_at)
        if mounted_at is not None:
            # zipimport takes the .pyc beside each .py and never reads the source:
            # the site's wheel goes without it (about 100 kB less on a first visit).
            compiled = {name.removesuffix("c") for name, _ in pycs}
            entries = [(name, data) for name, data in entries if name not in compiled]
        entries += pycs
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
    wheel = out_dir / wheel_name()
    with zipfile.ZipFile(wheel, "w") as zf:
        for arcname, data in entries:
            _zip_write(zf, arcname, data, stored)
    return wheel
