"""Fixtures for end-to-end tests of the built site in headless Chromium.

* ``site_dir``  (session) – builds ``site/`` once with build.py; set
  ``STICHTAG_SITE_BUILT=1`` to reuse an existing build.
* ``site_url``  (session) – serves ``site_dir`` on a free localhost port from a
  background thread, with the site's MIME types and CSP header (build.py's
  own server).
* ``browser``   (session) – Playwright Chromium: Debian's /usr/bin/chromium
  (Playwright's bundled browser only if that is absent).
* ``site_page`` (function) – a fresh context + page (no service worker, see
  ``SERVICE_WORKERS``) that records console
  errors, page errors and every request URL (page and worker), with helpers
  to assert no request left the local origin.

Every test in this folder is marked ``browser``.
"""

from __future__ import annotations

import fcntl
import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from sitebuild.server import make_server
from sitebuild.site import build

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
#: The tests' browser compiles WebAssembly with V8's baseline compiler only. Each test's
#: fresh context compiles Pyodide anew, and the optimizing tier's compiles of the
#: interpreter's hot functions (2.8 CPU-s in one played Doppelkopf hand) never pay back
#: in a context that lives for seconds: a booted page and one hand took 26% less CPU.
#: Benchmarks (bench_rooms.py) run the browser as a person's does, without it.
TEST_CHROMIUM_ARGS = [*CHROMIUM_ARGS, "--js-flags=--liftoff-only"]
#: A test context runs the site without its service worker unless the test is
#: about offline use (``site_context(..., service_worker=True)``, test_offline.py):
#: installing it precaches the whole site (181 files) in every fresh context,
#: which doubled the CPU time of a test's first visit and tests nothing else.
SERVICE_WORKERS = "block"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test under tests/web/ as ``browser``."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def site_dir() -> Path:
    site = ROOT / "site"
    if os.environ.get("STICHTAG_SITE_BUILT") == "1" and (site / "index.html").exists():
        return site
    # pytest-xdist workers each ask: one builds, the others wait and reuse it.
    (ROOT / ".cache").mkdir(exist_ok=True)
    with open(ROOT / ".cache" / "site-build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        worker = os.environ.get("PYTEST_XDIST_WORKER")
        done = ROOT / ".cache" / f"site-built-by-{os.environ.get('PYTEST_XDIST_TESTRUNUID')}"
        if worker is None or not done.exists():
            build(site)
            if worker is not None:
                for old in done.parent.glob("site-built-by-*"):
                    old.unlink()
                done.touch()
    return site


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    from snapshot_support import SnapshotHandler  # it imports this module

    server = make_server(site_dir, "127.0.0.1", 0, quiet=True, handler_class=SnapshotHandler)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    try:
        yield f"http://{host}:{port}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        kwargs: dict[str, Any] = {"headless": True, "args": TEST_CHROMIUM_ARGS}
        if Path(CHROMIUM).exists():
            kwargs["executable_path"] = CHROMIUM
        # else: Playwright's own Chromium, if `playwright install` could fetch one
        browser = pw.chromium.launch(**kwargs)
        try:
            yield browser
        finally:
            browser.close()


@dataclass
class SitePage:
    """A page on the served site plus everything it logged and requested."""

    page: Any
    base_url: str
    console_errors: list[str] = field(default_factory=list)
    console_messages: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    @property
    def origin(self) -> str:
        parts = urlsplit(self.base_url)
        return f"{parts.scheme}://{parts.netloc}"

    def foreign_requests(self) -> list[str]:
        """Requests to anything but the site's own origin (data:/blob: allowed)."""
        return [
            url
            for url in self.requests
            if not url.startswith(("data:", "blob:"))
            and f"{urlsplit(url).scheme}://{urlsplit(url).netloc}" != self.origin
        ]

    def assert_clean(self) -> None:
        """No console error, no uncaught error, no request to another origin."""
        assert not self.console_errors, "console errors:\n" + "\n".join(self.console_errors)
        assert not self.foreign_requests(), f"requests left the origin: {self.foreign_requests()}"

    def watch(self, context: Any, label: str = "") -> SitePage:
        """Record the page's console (its workers' too), uncaught errors and every
        request of ``context`` (context-level: dedicated workers' included); a
        ``label`` (a person in a room) prefixes its errors."""
        tag = f" {label}" if label else ""

        def on_console(msg: Any) -> None:
            text = f"[{msg.type}{tag}] {msg.text}"
            self.console_messages.append(text)
            if msg.type == "error":
                self.console_errors.append(f"{text} @ {msg.location}")

        self.page.on("console", on_console)
        self.page.on("worker", lambda worker: worker.on("console", on_console))
        self.page.on("pageerror", lambda err: self.console_errors.append(f"[pageerror{tag}] {err}"))
        context.on("request", lambda req: self.requests.append(req.url))
        return self

    def goto(self, path: str = "", **kwargs: Any) -> Any:
        return self.page.goto(self.base_url + path, **kwargs)

    def wait_engine_ready(self, timeout_ms: int = 60_000) -> None:
        """Wait until the page says the engine answered ping."""
        self.page.wait_for_selector("html[data-engine='ready']", timeout=timeout_ms)


@pytest.fixture()
def site_page(browser: Any, site_url: str, request: Any) -> Iterator[SitePage]:
    """A page in a fresh context that keeps the engine's snapshot as from a second visit
    on (see snapshot_support), or, for a test marked ``first_visit``, a first visit."""
    from snapshot_support import keep_snapshot  # it imports this module

    context = browser.new_context(service_workers=SERVICE_WORKERS)
    page = context.new_page()
    if request.node.get_closest_marker("first_visit") is None:
        keep_snapshot(browser, page, site_url)
    sp = SitePage(page=page, base_url=site_url).watch(context)
    try:
        yield sp
    finally:
        context.close()
