"""Fixtures for the rules pages, loaded by the test modules as a plugin
(``pytest_plugins``). Not a conftest.py: tests/web's modules import
``SitePage`` with ``from conftest import``, which a second conftest.py would
shadow whenever it is imported after theirs.

* ``docs_build`` (session) – a small site in a temporary folder: ``web/`` at
  its root (so links back to the table resolve) and ``rules/`` built by
  build.py's ``build_docs``; it also records whether the build wrote into
  ``docs/``.
* ``docs_url`` (session) – that site served by build.py's own server (the
  site's MIME types and CSP header) on a free localhost port.
* ``docs_browser`` (session) – Debian's Chromium via Playwright on a thread of
  its own (see ``BrowserThread``); ``docs_browser.run(check)`` gives ``check``
  a fresh 360x640 page recording console errors and every request, as in
  tests/web/conftest.py (whose ``SitePage`` and launch settings are
  reused, not copied).
"""

from __future__ import annotations

import importlib.util
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

import pytest
from docs_support import DOCS, ROOT, DocsBuild, tree_digest

from sitebuild.docs import build_docs
from sitebuild.server import make_server
from sitebuild.site import copy_web

T = TypeVar("T")


def _load(name: str, path: Path) -> ModuleType:
    """Import a file under a private name (build.py is not the PyPA ``build``)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def docs_build(tmp_path_factory: pytest.TempPathFactory) -> DocsBuild:
    site = tmp_path_factory.mktemp("docs-site")
    before = tree_digest(DOCS)
    copy_web(site)
    build_docs(site)
    return DocsBuild(site, before, tree_digest(DOCS))


@pytest.fixture(scope="session")
def docs_url(docs_build: DocsBuild) -> Iterator[str]:
    server = make_server(docs_build.site, "127.0.0.1", 0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, name="docs-server", daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    try:
        yield f"http://{host}:{port}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def browser_support() -> ModuleType:
    return _load("stichtag_browser_conftest", ROOT / "tests" / "web" / "conftest.py")


class BrowserThread:
    """Debian's Chromium driven by a Playwright of its own, on a thread of its own.

    In a full run tests/web keeps a sync Playwright open on the main thread
    for the whole session, and a second one cannot start there ("Sync API
    inside the asyncio loop"); on another thread it can. Every use of the
    browser happens on that thread: ``run(check)`` opens a fresh phone-sized
    page, calls ``check(site_page)`` there and returns its result (or raises
    its AssertionError).
    """

    def __init__(self, support: ModuleType, base_url: str) -> None:
        self._support = support
        self._base_url = base_url
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="docs-playwright")
        self._playwright: Any = None
        self._browser: Any = None
        self._call(self._start)

    def _call(self, job: Callable[[], T]) -> T:
        return self._thread.submit(job).result()

    def _start(self) -> None:
        from playwright.sync_api import sync_playwright

        self._playwright = sync_playwright().start()
        kwargs: dict[str, Any] = {"headless": True, "args": self._support.CHROMIUM_ARGS}
        if Path(self._support.CHROMIUM).exists():
            kwargs["executable_path"] = self._support.CHROMIUM
        self._browser = self._playwright.chromium.launch(**kwargs)

    def close(self) -> None:
        def stop() -> None:
            self._browser.close()
            self._playwright.stop()

        try:
            self._call(stop)
        finally:
            self._thread.shutdown()

    def run(self, check: Callable[[Any], T], width: int = 360, height: int = 640) -> T:
        """``check(site_page)`` on a fresh page that records console errors and requests."""

        def job() -> T:
            context = self._browser.new_context(viewport={"width": width, "height": height})
            page = context.new_page()
            site_page = self._support.SitePage(page=page, base_url=self._base_url).watch(context)
            try:
                return check(site_page)
            finally:
                context.close()

        return self._call(job)


@pytest.fixture(scope="session")
def docs_browser(browser_support: ModuleType, docs_url: str) -> Iterator[BrowserThread]:
    browser = BrowserThread(browser_support, docs_url)
    try:
        yield browser
    finally:
        browser.close()
