#!/usr/bin/env python3
"""Measure cold boot of the built site in headless Chromium and of Pyodide under Node.

    .venv/bin/python scripts/measure_boot.py [--runs N]

For each run a fresh browser context (empty HTTP cache) loads the page from a
localhost server: first contentful paint (the table skeleton), the moment the
engine answered ping (``stichtag:engine-ready`` mark), the worker's own stage
timings, and the bytes served (raw and as gzip would send them). Then boots
Pyodide under Node with the compiled and with the plain stdlib.
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import subprocess
import sys
import threading
import types
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]


def load_build():
    """The build steps this script uses (sitebuild/), as one namespace."""
    sys.path.insert(0, str(ROOT))
    from sitebuild import deps, paths, runtime, server, site

    return types.SimpleNamespace(
        SITE=paths.SITE,
        PYODIDE_PKG=paths.PYODIDE_PKG,
        make_server=server.make_server,
        compiled_stdlib=runtime.compiled_stdlib,
        pinned_pyodide_version=deps.pinned_pyodide_version,
        build=site.build,
    )


def browser_runs(build, runs: int) -> None:
    from playwright.sync_api import sync_playwright

    server = build.make_server(build.SITE, "127.0.0.1", 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    rows = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path="/usr/bin/chromium",
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--disable-quic",
            ],
        )
        for _ in range(runs):
            context = browser.new_context()
            page = context.new_page()
            paths: list[str] = []
            context.on("request", lambda r, paths=paths: paths.append(urlsplit(r.url).path))
            page.goto(url)
            page.wait_for_selector("html[data-engine='ready']", timeout=120_000)
            fcp = page.evaluate(
                "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1"
            )
            ready = page.evaluate(
                "performance.getEntriesByName('stichtag:engine-ready')[0].startTime"
            )
            worker = page.evaluate("globalThis.stichtag.info.timings")
            files = [build.SITE / p.lstrip("/") for p in paths]
            files = [f if f.is_file() else f / "index.html" for f in files]
            raw = sum(f.stat().st_size for f in files if f.exists())
            gz = sum(len(gzip.compress(f.read_bytes(), 6)) for f in files if f.exists())
            rows.append((fcp, ready, raw, gz, worker, len(paths)))
            context.close()
        browser.close()
    server.shutdown()
    for fcp, ready, raw, gz, worker, n in rows:
        print(
            f"chromium cold: first paint {fcp:.0f} ms, engine ready {ready:.0f} ms, "
            f"{n} requests, {raw / 1e6:.2f} MB raw / {gz / 1e6:.2f} MB gzip; worker stages {worker}"
        )
    print(
        f"chromium median: first paint {statistics.median(r[0] for r in rows):.0f} ms, "
        f"engine ready {statistics.median(r[1] for r in rows):.0f} ms"
    )


NODE_BOOT = """
import { loadPyodide } from "pyodide";
const t0 = performance.now();
const opts = { indexURL: process.argv[2] };
if (process.argv[3]) opts.stdLibURL = process.argv[3];
const py = await loadPyodide(opts);
py.runPython("import json, dataclasses, enum");
console.log(((performance.now() - t0) / 1000).toFixed(2));
"""


def node_runs(build, runs: int) -> None:
    script = ROOT / ".cache" / "measure_node_boot.mjs"
    script.parent.mkdir(exist_ok=True)
    script.write_text(NODE_BOOT)
    # Resolve "pyodide" from the repo's node_modules.
    link = ROOT / "node_modules" / ".measure_node_boot.mjs"
    link.write_text(NODE_BOOT)
    index = str(build.PYODIDE_PKG) + "/"
    stdlib = str(build.compiled_stdlib(build.pinned_pyodide_version()))
    for label, extra in (("compiled stdlib", [stdlib]), ("plain stdlib", [])):
        times = [
            float(
                subprocess.run(
                    ["node", str(link), index, *extra], check=True, capture_output=True, text=True
                ).stdout.split()[-1]
            )
            for _ in range(runs)
        ]
        print(
            f"node boot ({label}): "
            + ", ".join(f"{t:.2f}" for t in times)
            + f" s; median {statistics.median(times):.2f} s"
        )
    link.unlink()
    script.unlink()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    build = load_build()
    if not args.no_build or not (build.SITE / "index.html").exists():
        build.build()
    browser_runs(build, args.runs)
    node_runs(build, args.runs)


if __name__ == "__main__":
    main()
