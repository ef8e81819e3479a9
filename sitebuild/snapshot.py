"""The engine worker's memory snapshot (web/js/engine-boot.js): its key, and
the snapshot file a build ships when asked to (``build(snapshot="shipped")``).

The site makes its snapshots on the device (``"device"``): measured with
scripts/measure_boot.py, a shipped one would add about 3.7 MB (brotli) to
a first visit that must stay under 5 MB, for a cold start only the first
visit would see.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

from sitebuild.integrity import sri
from sitebuild.paths import NODE_QUIET, ROOT, log

SNAPSHOT_WAYS = ("device", "shipped", "off")
SNAPSHOT_SCRIPT = ROOT / "scripts" / "make_snapshot.mjs"
SHIPPED_FILE = "pyodide/snapshot.bin"
#: What a snapshot's memory was made from: any change means another key.
KEYED_FILES = (
    "pyodide/pyodide.asm.wasm",
    "pyodide/pyodide.asm.mjs",
    "pyodide/pyodide.mjs",
    "pyodide/python_stdlib.zip",
    "js/engine-boot.js",
    "js/snapshot-store.js",
)


def snapshot_key(site: Path, info: dict[str, object]) -> str:
    """A hash of everything a snapshot holds: runtime, stdlib, wheel, boot code."""
    digest = hashlib.sha256()
    for rel in (*KEYED_FILES, str(info["wheel"])):
        digest.update(rel.encode() + b"\0" + hashlib.sha256((site / rel).read_bytes()).digest())
    digest.update(json.dumps([info["wheel_mount"], info["engine_modules"]]).encode())
    return digest.hexdigest()[:20]


def make_shipped_snapshot(site: Path, info: dict[str, object]) -> dict[str, object]:
    """Make the snapshot with Pyodide under Node (scripts/make_snapshot.mjs)
    into the site; return the build-info fields that name it."""
    if shutil.which("node") is None:
        sys.exit("build.py: node is needed to make a snapshot; install Node.js")
    out = site / SHIPPED_FILE
    config = site / "snapshot-config.json"
    config.write_text(json.dumps(info))
    try:
        subprocess.run(
            [
                "node",
                NODE_QUIET,
                str(SNAPSHOT_SCRIPT),
                "--site",
                str(site),
                "--info",
                str(config),
                "--out",
                str(out),
            ],
            cwd=ROOT,
            check=True,
        )
    finally:
        config.unlink()
    log(f"snapshot shipped: {SHIPPED_FILE} ({out.stat().st_size / 1e6:.1f} MB)")
    data = out.read_bytes()
    return {
        "snapshot_file": SHIPPED_FILE,
        "snapshot_integrity": sri(data),
        "snapshot_length": len(data),
    }
