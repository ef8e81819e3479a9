"""``.br`` and ``.gz`` twins beside the site's larger files, for static hosts
that serve precompressed files (and for ``build.py serve``, which does the
same: see server.py).

gzip comes from Python's stdlib; brotli from Node's zlib (scripts/brotli.mjs),
because Python's stdlib has none and Node is already needed for Pyodide. Both
are cached in ``.cache/compressed/`` by content hash: quality-11 brotli of
the 9.6 MB wasm takes minutes.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import shutil
import subprocess
import sys
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from sitebuild.paths import CACHE, ROOT, log

BROTLI_SCRIPT = ROOT / "scripts" / "brotli.mjs"
#: Types worth compressing (the site's .zip and .whl hold stored members).
COMPRESSIBLE = {
    ".html", ".js", ".mjs", ".json", ".css", ".svg", ".wasm", ".zip", ".whl", ".txt",
    ".webmanifest", ".xml", ".bin", ".map",
}  # fmt: skip
#: Smaller files fit one packet either way.
MIN_SIZE = 1400
#: A twin is written only when it saves at least this share.
MIN_SAVING = 0.1
BATCH = 200


@dataclass(frozen=True)
class Compressed:
    files: int
    raw: int
    brotli: int
    gzip: int


def _cached(data: bytes, kind: str) -> Path:
    return CACHE / "compressed" / f"{hashlib.sha256(data).hexdigest()[:24]}.{kind}"


def _brotli_all(jobs: list[tuple[Path, Path]]) -> None:
    if not jobs:
        return
    if shutil.which("node") is None:
        sys.exit("build.py: node is needed for brotli (scripts/brotli.mjs); install Node.js")
    big = sum(source.stat().st_size for source, _ in jobs)
    log(f"brotli: compressing {len(jobs)} files ({big / 1e6:.1f} MB; cached afterwards) ...")
    # One node process per core, the files dealt out biggest first so the batches
    # weigh alike: quality 11 is CPU-bound and a fresh build waits on it.
    jobs = sorted(jobs, key=lambda job: -job[0].stat().st_size)
    lanes = max(1, min(os.cpu_count() or 1, 4))
    count = max(lanes, -(-len(jobs) // BATCH))
    batches = [jobs[i::count] for i in range(count) if jobs[i::count]]  # dealt out: even sizes

    def compress(batch: list[tuple[Path, Path]]) -> None:
        args = [str(p) for job in batch for p in (job[0], job[1].with_suffix(".tmp"))]
        subprocess.run(["node", str(BROTLI_SCRIPT), *args], cwd=ROOT, check=True)
        for _, target in batch:
            os.replace(target.with_suffix(".tmp"), target)

    with ThreadPoolExecutor(max_workers=lanes) as pool:
        list(pool.map(compress, batches))  # re-raises a failed batch's error


def _brotli_jobs(paths: list[Path]) -> list[tuple[Path, Path]]:
    """The files among ``paths`` whose brotli twin is not cached yet (with its cache path)."""
    jobs = []
    for path in paths:
        br = _cached(path.read_bytes(), "br")
        if not br.exists():
            jobs.append((path, br))
    return jobs


def head_start(paths: list[Path]) -> Future[None]:
    """Start the brotli of files that stay as they are until :func:`compress_site`
    (Pyodide's runtime: its 9.6 MB wasm alone takes ~40 s at quality 11), so it
    runs beside the rest of the build; pass the result to ``compress_site``."""
    (CACHE / "compressed").mkdir(parents=True, exist_ok=True)
    jobs = _brotli_jobs([path for path in paths if path.stat().st_size >= MIN_SIZE])
    pool = ThreadPoolExecutor(max_workers=1)
    future = pool.submit(_brotli_all, jobs)
    pool.shutdown(wait=False)
    return future


def compressible(site: Path) -> list[Path]:
    return sorted(
        p
        for p in site.rglob("*")
        if p.is_file() and p.suffix in COMPRESSIBLE and p.stat().st_size >= MIN_SIZE
    )


def compress_site(site: Path, started: Future[None] | None = None) -> Compressed:
    """Write ``NAME.br`` and ``NAME.gz`` beside every compressible file of
    ``site`` where they save at least :data:`MIN_SAVING` (``started``: what
    :func:`head_start` began, waited for first)."""
    if started is not None:
        started.result()  # re-raises its error
    for stale in [p for p in site.rglob("*") if p.suffix in (".br", ".gz") and p.is_file()]:
        stale.unlink()  # a file changed since (a redeployed copy): its twin must not outlive it
    files = compressible(site)
    (CACHE / "compressed").mkdir(parents=True, exist_ok=True)
    for path in files:
        data = path.read_bytes()
        gz = _cached(data, "gz")
        if not gz.exists():
            gz.write_bytes(gzip.compress(data, 9, mtime=0))
    _brotli_all(_brotli_jobs(files))
    raw = br_total = gz_total = 0
    for path in files:
        data = path.read_bytes()
        raw += len(data)
        for kind in ("br", "gz"):
            twin = _cached(data, kind).read_bytes()
            if len(twin) <= len(data) * (1 - MIN_SAVING):
                path.with_name(f"{path.name}.{kind}").write_bytes(twin)
                size = len(twin)
            else:
                size = len(data)
            if kind == "br":
                br_total += size
            else:
                gz_total += size
    log(
        f"compressed twins for {len(files)} files: {raw / 1e6:.1f} MB raw, "
        f"{br_total / 1e6:.1f} MB brotli, {gz_total / 1e6:.1f} MB gzip"
    )
    return Compressed(len(files), raw, br_total, gz_total)
