#!/usr/bin/env python3
"""Benchmark the site's start in headless Chromium against plain Pyodide (not a test).

    .venv/bin/python scripts/measure_boot.py [--runs N] [--no-build] [--settle S] [--latency MS]

One run loads, in a shuffled order, each of these in a fresh browser context
(cold: empty HTTP cache, no service worker, no Cache Storage), then once more
in the same context a few seconds later (warm: a repeat visit):

- ``static``     a static page as large as the site's index.html (first paint's
  reference);
- ``floor``      the least a page drawing a hand from fetched data can do: as
  large as index.html, one stylesheet, one module script that fetches one JSON
  of twelve cards and draws them as buttons (no service worker, no engine).
  Its "hand" is the floor of issue 46's "hand drawn" for the site's design
  (external stylesheets and modules, the day's opening fetched);
- ``floor12``    the same page whose module imports twelve small modules
  (preloaded, as the built index.html preloads the table's): what splitting
  the drawing code into modules costs the first paint;
- ``stock``      bare Pyodide with its stock stdlib in a module worker, until
  ``1+1`` answers;
- ``pyc``        the same with the full stdlib compiled to .pyc (the site's
  stdlib before it was trimmed);
- ``site``       the site as built (snapshot made on the device);
- ``shipped``    the site built with a snapshot shipped by the build;
- ``nosnap``     the site without any snapshot (``?snapshot=off``);
- ``before``     the site as it was before issue 12 (``--before-ref``, by
  default main just before the offline branch was merged), built from
  ``git archive`` into ``.cache/bench/``: the "before" of every ratio.

Each site visit records first paint, "hand" (issue 46: today's daily drawn
from its pinned opening, or the state kept beside its save, with its legal
cards clickable, before the engine is ready), "engine ready" (the engine
answered ping) and "first move playable" (the table waits for the player's
first decision), plus the bytes and requests the server sent, counted at the server
(a cold visit until the service worker is installed and the snapshot stored,
so everything the first visit downloads is in). Ratios are taken within a run
(the same minute of a busy machine) and summarised as median with a
bootstrap 95% confidence interval over the runs.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import shutil
import statistics
import subprocess
import sys
import tarfile
import threading
import time
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / ".cache" / "bench"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
VARIANTS = ("static", "floor", "floor12", "stock", "pyc", "site", "shipped", "nosnap", "before")
#: The site's variants (the others are references).
SITES = ("site", "shipped", "nosnap", "before")
#: main just before the offline branch (issue 12) was merged into it.
BEFORE_REF = "92a64d3f4a9c88add6ebe4964da6e9876af96bc9"
#: What issue 12 measured before (7 interleaved cold runs, medians), for comparison.
ISSUE_BEFORE = (
    ("static page first paint", "152 ms"),
    ("table skeleton first paint", "204 ms (1.34x the static page)"),
    ("bare stock Pyodide 1+1", "3.35 s"),
    ("bare .pyc Pyodide 1+1", "1.56 s"),
    ("engine ready", "2.20 s (0.66x bare stock, 1.41x bare .pyc)"),
    ("match playable", "3.94 s"),
    ("first visit", "15.9 MB in 32 requests (8.6 MB gzip)"),
    ("repeat visit", "revalidates all 30 files"),
)
TIMEOUT_MS = 180_000

STATIC_HTML = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Static</title></head>
<body><h1>Stichtag</h1><p>A static page: the reference for first paint.</p></body></html>
"""
FLOOR_HTML = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title>
<link rel="stylesheet" href="floor.css"><script type="module" src="floor.js"></script></head>
<body><h1>Stichtag</h1><main><div class="hand"></div></main></body></html>
"""
FLOOR_CSS = """
body { font-family: sans-serif; background: #174a2e; color: #fff; }
.hand { display: flex; flex-wrap: wrap; gap: 4px; }
.card { min-width: 44px; min-height: 64px; border-radius: 6px; background: #fff; color: #000; }
"""
FLOOR_JS = """
const response = await fetch(new URL("floor.json", import.meta.url));
const { cards } = await response.json();
const hand = document.querySelector(".hand");
for (const card of cards) {
  const button = document.createElement("button");
  button.className = "card";
  button.textContent = card;
  button.addEventListener("click", () => { document.documentElement.dataset.clicked = card; });
  hand.append(button);
}
performance.mark("stichtag:first-paint-hand");
document.documentElement.dataset.hand = "drawn";
"""
#: floor12's modules: twelve, each a few small functions (the table's first
#: paint imports about thirty, 0.5-30 KB each).
FLOOR_MODULES = 12
FLOOR_MODULE_JS = "".join(
    f"export function part{n}(x) {{ return x * {n} + 1; }}\n" for n in range(60)
)
FLOOR_JSON = {"cards": ["CQ", "SQ", "HJ", "DJ", "DA", "D10", "DK", "CA", "C9", "SA", "S10", "HK"]}
BARE_HTML = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bare Pyodide</title>
<script type="module" src="bare.js"></script></head><body><p>Bare Pyodide boot</p></body></html>
"""
BARE_JS = """
const stdlib = new URLSearchParams(location.search).get("stdlib");
const worker = new Worker(new URL(`bare-worker.js?stdlib=${stdlib}`, import.meta.url), { type: "module" });
worker.onmessage = (event) => {
  performance.mark("bare:ready");
  document.documentElement.dataset.ready = event.data;
};
"""
BARE_WORKER_JS = """
const stdlib = new URL(import.meta.url).searchParams.get("stdlib");
const indexURL = new URL("../site/pyodide/", import.meta.url).href;
const { loadPyodide } = await import(indexURL + "pyodide.mjs");
const stdLibURL = new URL(stdlib === "pyc" ? "python_stdlib_pyc.zip" : "python_stdlib_stock.zip",
  import.meta.url).href;
const pyodide = await loadPyodide({ indexURL, packageBaseUrl: indexURL, stdLibURL });
self.postMessage(String(pyodide.runPython("1+1")));
"""


def load_build() -> types.SimpleNamespace:
    sys.path.insert(0, str(ROOT))
    from sitebuild import deps, paths, runtime, server, site

    return types.SimpleNamespace(
        SITE=paths.SITE,
        PYODIDE_PKG=paths.PYODIDE_PKG,
        SiteHandler=server.SiteHandler,
        SiteServer=server.SiteServer,
        compiled_stdlib=runtime.compiled_stdlib,
        pinned_pyodide_version=deps.pinned_pyodide_version,
        build=site.build,
    )


# ------------------------------------------------------------------ server
class Meter:
    """Bytes and requests the server sent, per path."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.sent: list[tuple[str, int]] = []
        self.last = time.monotonic()

    def add(self, path: str, size: int) -> None:
        with self.lock:
            self.sent.append((path, size))
            self.last = time.monotonic()

    def take(self) -> list[tuple[str, int]]:
        with self.lock:
            sent, self.sent = self.sent, []
            return sent


class CountingWriter:
    def __init__(self, raw: Any, count: Callable[[int], None]) -> None:
        self.raw = raw
        self.count = count

    def write(self, data: bytes) -> int:
        self.count(len(data))
        return int(self.raw.write(data))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)


def start_server(build: types.SimpleNamespace, docroot: Path, meter: Meter) -> Any:
    class Handler(build.SiteHandler):  # type: ignore[misc, name-defined]
        quiet = True

        def setup(self) -> None:
            super().setup()
            self.wfile = CountingWriter(self.wfile, self._count)
            self._bytes = 0

        def _count(self, size: int) -> None:
            self._bytes += size

        def handle_one_request(self) -> None:
            self._bytes = 0
            super().handle_one_request()
            if self._bytes:
                meter.add(getattr(self, "path", "?"), self._bytes)

    def handler(*args: Any, **kwargs: Any) -> Any:
        return Handler(*args, directory=str(docroot), **kwargs)

    server = build.SiteServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def build_before(ref: str) -> Path:
    """The site as built by the tree at ``ref`` (cached in ``.cache/bench/``)."""
    out = BENCH / f"before-{ref[:12]}"
    site = out / "site"
    if (site / "index.html").exists():
        return site
    shutil.rmtree(out, ignore_errors=True)
    src = out / "src"
    src.mkdir(parents=True)
    archive = subprocess.run(["git", "archive", ref], cwd=ROOT, capture_output=True, check=True)
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(src, filter="data")
    # The same pinned npm packages; the build caches are keyed by content.
    (src / "node_modules").symlink_to(ROOT / "node_modules", target_is_directory=True)
    (src / ".cache").symlink_to(ROOT / ".cache", target_is_directory=True)
    code = "import sys; from pathlib import Path; from sitebuild.site import build; build(Path(sys.argv[1]))"
    subprocess.run([sys.executable, "-c", code, str(site)], cwd=src, check=True)
    return site


def make_docroot(build: types.SimpleNamespace, shipped: Path, before: Path | None) -> Path:
    root = BENCH / "root"
    shutil.rmtree(root, ignore_errors=True)
    (root / "bare").mkdir(parents=True)
    # A copy: a rebuild of site/ during a long run must not change what is measured.
    shutil.copytree(build.SITE, root / "site", symlinks=True)
    (root / "shipped").symlink_to(shipped.resolve(), target_is_directory=True)
    if before is not None:
        (root / "before").symlink_to(before.resolve(), target_is_directory=True)
    bare = root / "bare"
    # As many bytes as the site's own page: first paint of the same size.
    size = (build.SITE / "index.html").stat().st_size
    padding = max(0, size - len(STATIC_HTML.encode()) - len("<!--  -->\n"))
    (bare / "static.html").write_text(STATIC_HTML + f"<!-- {'x' * padding} -->\n")
    padding = max(0, size - len(FLOOR_HTML.encode()) - len("<!--  -->\n"))
    (bare / "floor.html").write_text(FLOOR_HTML + f"<!-- {'x' * padding} -->\n")
    (bare / "floor.css").write_text(FLOOR_CSS)
    (bare / "floor.js").write_text(FLOOR_JS)
    (bare / "floor.json").write_text(json.dumps(FLOOR_JSON))
    modules = [f"floor-part{n}.js" for n in range(FLOOR_MODULES)]
    for name in modules:
        (bare / name).write_text(FLOOR_MODULE_JS)
    preloads = "".join(f'<link rel="modulepreload" href="{name}">' for name in modules)
    imports = "".join(
        f'import {{ part0 as from{n} }} from "./{name}";\n' for n, name in enumerate(modules)
    )
    html = FLOOR_HTML.replace("floor.js", "floor12.js").replace("</head>", preloads + "</head>")
    padding = max(0, size - len(html.encode()) - len("<!--  -->\n"))
    (bare / "floor12.html").write_text(html + f"<!-- {'x' * padding} -->\n")
    (bare / "floor12.js").write_text(imports + FLOOR_JS)
    (bare / "bare.html").write_text(BARE_HTML)
    (bare / "bare.js").write_text(BARE_JS)
    (bare / "bare-worker.js").write_text(BARE_WORKER_JS)
    shutil.copy2(build.PYODIDE_PKG / "python_stdlib.zip", bare / "python_stdlib_stock.zip")
    shutil.copy2(
        build.compiled_stdlib(build.pinned_pyodide_version()), bare / "python_stdlib_pyc.zip"
    )
    return root


# ------------------------------------------------------------------ visits
PAGE_TIMES = """() => {
  const mark = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
  const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null;
  const info = globalThis.stichtag && globalThis.stichtag.info;
  const mine = document.querySelectorAll(".hand-mine .card-mine.legal").length;
  const calls = document.querySelectorAll(".actions button, .call-buttons button").length;
  return {fcp, hand: mark("stichtag:first-paint-hand"),
          first_paint_source: document.documentElement.dataset.firstPaint ?? null,
          ready: mark("stichtag:engine-ready") ?? mark("bare:ready"),
          playable: mark("stichtag:table-ready"), boot: info ? info.timings.boot : null,
          timings: info ? info.timings : null, playable_cards: mine + calls,
          phase: document.getElementById("table")?.dataset.phase ?? null};
}"""
# wait_for_function takes a returned promise for a truthy value: each poll starts
# an asynchronous check and answers with the previous one's result.
SETTLED_JS = """(needSnapshot) => {
  const box = (globalThis.__benchChecks ??= {});
  (async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const installed = !!registration && !!registration.active && !registration.installing
      && !registration.waiting;
    let kept = !needSnapshot;
    if (needSnapshot) {
      const root = await navigator.storage.getDirectory();
      const dir = await root.getDirectoryHandle("stichtag-snapshot").catch(() => null);
      for await (const name of dir ? dir.keys() : []) kept = kept || name.endsWith(".bin");
    }
    box.settled = installed && kept;
  })();
  return box.settled === true;
}"""


def first_number(visit: dict[str, Any], *keys: str) -> float:
    """The first of ``keys`` a visit measured (NaN if none)."""
    return next((float(visit[key]) for key in keys if visit.get(key) is not None), float("nan"))


def wait_quiet(meter: Meter, quiet_s: float) -> None:
    while time.monotonic() - meter.last < quiet_s:
        time.sleep(0.1)


#: Whether the page has painted: a static page is measured by its first paint,
#: which comes after its last element is there.
PAINTED_JS = "() => performance.getEntriesByName('first-contentful-paint').length > 0"


def visit(page: Any, url: str, ready_selector: str) -> dict[str, Any]:
    page.goto(url)
    page.wait_for_selector(ready_selector, state="attached", timeout=TIMEOUT_MS)
    page.wait_for_function(PAINTED_JS, timeout=TIMEOUT_MS, polling=50)
    return dict(page.evaluate(PAGE_TIMES))


def add_latency(context: Any, page: Any, latency_ms: float) -> None:
    """Every request of the page and of its workers answered ``latency_ms`` later,
    as over a real network (DevTools' network emulation; the bandwidth is not capped)."""
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": latency_ms, "downloadThroughput": -1, "uploadThroughput": -1},
    )


def run_variant(
    browser: Any, base: str, variant: str, meter: Meter, settle_s: float, latency_ms: float = 0
) -> dict[str, Any]:
    context = browser.new_context()
    page = context.new_page()
    if latency_ms:
        add_latency(context, page, latency_ms)
    url, selector = {
        "static": (f"{base}bare/static.html", "p"),
        "floor": (f"{base}bare/floor.html", "html[data-hand]"),
        "floor12": (f"{base}bare/floor12.html", "html[data-hand]"),
        "stock": (f"{base}bare/bare.html?stdlib=stock", "html[data-ready]"),
        "pyc": (f"{base}bare/bare.html?stdlib=pyc", "html[data-ready]"),
        "site": (f"{base}site/", "html[data-engine='ready']"),
        "shipped": (f"{base}shipped/?snapshot=shipped", "html[data-engine='ready']"),
        "nosnap": (f"{base}site/?snapshot=off", "html[data-engine='ready']"),
        "before": (f"{base}before/", "html[data-engine='ready']"),
    }[variant]
    result: dict[str, Any] = {}
    try:
        meter.take()
        cold = visit(page, url, selector)
        if variant in ("site", "shipped", "nosnap"):  # "before" has no service worker
            page.wait_for_function(
                SETTLED_JS, arg=variant == "site", timeout=TIMEOUT_MS, polling=250
            )
        wait_quiet(meter, settle_s)
        sent = meter.take()
        cold.update(bytes=sum(s for _, s in sent), requests=len(sent))
        warm = visit(page, url, selector)
        wait_quiet(meter, 1.0)
        sent = meter.take()
        warm.update(
            bytes=sum(s for _, s in sent),
            requests=len(sent),
            paths=sorted({p for p, _ in sent}),
            check_bytes=sum(s for p, s in sent if p.endswith("/sw.js")),
        )
        result = {"cold": cold, "warm": warm}
    finally:
        context.close()
    return result


# ----------------------------------------------------------------- summary
def bootstrap_ci(values: list[float], seed: int = 12) -> tuple[float, float, float]:
    """Median and a 95% percentile-bootstrap interval of the median."""
    rng = random.Random(seed)
    medians = sorted(statistics.median(rng.choice(values) for _ in values) for _ in range(4000))
    return statistics.median(values), medians[100], medians[3899]


def summarise(runs: list[dict[str, Any]]) -> str:
    lines = []

    def get(run: dict[str, Any], variant: str, phase: str, key: str) -> float | None:
        value = run.get(variant, {}).get(phase, {}).get(key)
        return float(value) if isinstance(value, int | float) else None

    def row(label: str, values: list[float], unit: str) -> None:
        values = [v for v in values if v is not None]
        if not values:
            lines.append(f"{label:<58} {'-':>4}")
            return
        median, low, high = bootstrap_ci(values)
        fmt = "{:.2f}x" if unit == "x" else "{:,.0f} " + unit
        lines.append(
            f"{label:<58} {len(values):>4}  {fmt.format(median):>11}  "
            f"[{fmt.format(low)}, {fmt.format(high)}]"
        )

    def ratio(a: tuple[str, str, str], b: tuple[str, str, str]) -> list[float]:
        out = []
        for run in runs:
            x, y = get(run, *a), get(run, *b)
            if x is not None and y:
                out.append(x / y)
        return out

    def absolute(a: tuple[str, str, str]) -> list[float]:
        return [v for run in runs if (v := get(run, *a)) is not None]

    lines.append(f"{'':<58} {'n':>4}  {'median':>11}  95% CI (bootstrap)")
    lines.append("-- absolute")
    for variant in VARIANTS:
        for phase in ("cold", "warm"):
            key = {"static": "fcp", "floor": "hand", "floor12": "hand"}.get(variant, "ready")
            what = {"fcp": "first paint", "hand": "hand drawn, cards clickable"}.get(key, "ready")
            row(
                f"{variant} {phase}: {what}",
                absolute((variant, phase, key)),
                "ms",
            )
            if variant in SITES:
                row(
                    f"{variant} {phase}: first move playable",
                    absolute((variant, phase, "playable")),
                    "ms",
                )
    for variant in SITES:
        for phase in ("cold", "warm"):
            row(
                f"{variant} {phase}: hand drawn, legal cards clickable",
                absolute((variant, phase, "hand")),
                "ms",
            )
    lines.append("-- ratios (within a run)")
    for variant in ("site", "nosnap", "floor", "floor12"):
        for phase in ("cold", "warm"):
            row(
                f"hand drawn+clickable, {variant} {phase} / static first paint {phase}",
                ratio((variant, phase, "hand"), ("static", phase, "fcp")),
                "x",
            )
    for variant in ("site", "before"):
        for phase in ("cold", "warm"):
            row(
                f"first paint, {variant} {phase} / static {phase}",
                ratio((variant, phase, "fcp"), ("static", phase, "fcp")),
                "x",
            )
    for variant in SITES:
        for phase in ("cold", "warm"):
            for key, what in (("ready", "engine ready"), ("playable", "first move playable")):
                for base in ("stock", "pyc"):
                    row(
                        f"{variant} {phase} {what} / bare {base} {phase}",
                        ratio((variant, phase, key), (base, phase, "ready")),
                        "x",
                    )
    for phase in ("cold", "warm"):
        for key, what in (("ready", "engine ready"), ("playable", "first move playable")):
            row(
                f"site {phase} {what} / before {phase}",
                ratio(("site", phase, key), ("before", phase, key)),
                "x",
            )
    lines.append("-- first move after engine ready")
    for variant in SITES:
        for phase in ("cold", "warm"):
            gaps = [
                p - r
                for run in runs
                if (p := get(run, variant, phase, "playable")) is not None
                and (r := get(run, variant, phase, "ready")) is not None
            ]
            row(f"{variant} {phase}: playable - engine ready", gaps, "ms")
    lines.append("-- network (counted at the server; a cold visit until the worker is installed)")
    for variant in ("site", "shipped", "nosnap", "before", "stock", "pyc"):
        for phase in ("cold", "warm"):
            row(f"{variant} {phase}: bytes", absolute((variant, phase, "bytes")), "B")
            row(f"{variant} {phase}: requests", absolute((variant, phase, "requests")), "")
        if variant in ("site", "shipped", "nosnap"):
            row(
                f"{variant} warm: bytes of the update check (sw.js)",
                absolute((variant, "warm", "check_bytes")),
                "B",
            )
    sources = sorted(
        {
            f"{p}:{r.get('site', {}).get(p, {}).get('first_paint_source')}"
            for r in runs
            for p in ("cold", "warm")
        }
    )
    lines.append(f"site first paint drawn from: {sources}")
    boots = sorted({str(r.get("site", {}).get("warm", {}).get("boot")) for r in runs})
    lines.append(f"site warm boots: {boots}")
    paths = sorted({p for r in runs for p in r.get("site", {}).get("warm", {}).get("paths", [])})
    lines.append(f"site warm requests: {paths}")
    lines.append("-- issue 12's numbers before (another day and load; for orientation only)")
    lines.extend(f"{what:<58} {value}" for what, value in ISSUE_BEFORE)
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--no-build", action="store_true", help="use the existing builds")
    parser.add_argument(
        "--settle", type=float, default=3.0, help="seconds of network quiet before the warm visit"
    )
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--json", type=Path, help="also write every measurement here")
    parser.add_argument(
        "--latency",
        type=float,
        default=0,
        help="milliseconds added to every request of the pages (a real network's round "
        "trip; the local server has almost none)",
    )
    parser.add_argument(
        "--summarise", type=Path, help="only print the summary of a --json file written before"
    )
    parser.add_argument(
        "--before-ref", default=BEFORE_REF, help="git commit whose site is the 'before' variant"
    )
    args = parser.parse_args()
    if args.summarise:
        print(summarise(json.loads(args.summarise.read_text())))
        return
    variants = [v for v in args.variants.split(",") if v]
    build = load_build()
    shipped = BENCH / "site-shipped"
    if not args.no_build or not (build.SITE / "index.html").exists():
        build.build()
    if "shipped" in variants and (not args.no_build or not (shipped / "index.html").exists()):
        build.build(shipped, snapshot="shipped")
    before = build_before(args.before_ref) if "before" in variants else None
    docroot = make_docroot(build, shipped, before)
    meter = Meter()
    server = start_server(build, docroot, meter)
    base = f"http://127.0.0.1:{server.server_address[1]}/"

    from playwright.sync_api import sync_playwright

    runs = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        for number in range(args.runs):
            order = variants[:]
            random.Random(number).shuffle(order)
            run: dict[str, Any] = {}
            for variant in order:
                run[variant] = run_variant(browser, base, variant, meter, args.settle, args.latency)
                cold, warm = run[variant]["cold"], run[variant]["warm"]
                print(
                    f"run {number + 1}/{args.runs} {variant:>8}: cold ready "
                    f"{first_number(cold, 'ready', 'hand', 'fcp'):.0f} ms, playable {cold.get('playable')}, "
                    f"{cold['bytes'] / 1e6:.2f} MB/{cold['requests']} req; warm ready "
                    f"{first_number(warm, 'ready', 'hand', 'fcp'):.0f} ms ({warm.get('boot')}), "
                    f"{warm['bytes']} B/{warm['requests']} req",
                    flush=True,
                )
            runs.append(run)
            if args.json:  # after every run: a long run cut short still has its numbers
                args.json.write_text(json.dumps(runs, indent=1))
        browser.close()
    server.shutdown()
    print()
    if args.latency:
        print(f"-- every request {args.latency:g} ms later (--latency)")
    print(summarise(runs))


if __name__ == "__main__":
    main()
