"""Fixtures for the rules pages.

* ``docs_build`` (session) – a small site in a temporary folder: ``web/`` at
  its root (so links back to the table resolve) and ``rules/`` built by
  build.py's ``build_docs``; it also records whether the build wrote into
  ``docs/``.
* ``docs_url`` (session) – that site served by build.py's own server (the
  site's MIME types and CSP header) on a free localhost port.
* ``docs_browser`` (session), ``docs_page`` (function) – Debian's Chromium via
  Playwright and a fresh page recording console errors and every request,
  as in tests/browser/conftest.py (whose ``SitePage`` and launch settings
  are reused, not copied).
"""

from __future__ import annotations

import importlib.util
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from docs_support import DOCS, ROOT, DocsBuild, tree_digest


def _load(name: str, path: Path) -> ModuleType:
    """Import a file under a private name (build.py is not the PyPA ``build``)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def build_module() -> ModuleType:
    return _load("stichtag_build_for_docs", ROOT / "build.py")


@pytest.fixture(scope="session")
def docs_build(build_module: ModuleType, tmp_path_factory: pytest.TempPathFactory) -> DocsBuild:
    site = tmp_path_factory.mktemp("docs-site")
    before = tree_digest(DOCS)
    build_module.copy_web(site)
    build_module.build_docs(site)
    return DocsBuild(site, before, tree_digest(DOCS))


@pytest.fixture(scope="session")
def docs_url(build_module: ModuleType, docs_build: DocsBuild) -> Iterator[str]:
    server = build_module.make_server(docs_build.site, "127.0.0.1", 0, quiet=True)
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
    return _load("stichtag_browser_conftest", ROOT / "tests" / "browser" / "conftest.py")


@pytest.fixture(scope="session")
def docs_browser(browser_support: ModuleType) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        kwargs: dict[str, Any] = {"headless": True, "args": browser_support.CHROMIUM_ARGS}
        if Path(browser_support.CHROMIUM).exists():
            kwargs["executable_path"] = browser_support.CHROMIUM
        browser = pw.chromium.launch(**kwargs)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture()
def docs_page(docs_browser: Any, docs_url: str, browser_support: ModuleType) -> Iterator[Any]:
    """A phone-sized page (360x640) that records console errors and requests."""
    context = docs_browser.new_context(viewport={"width": 360, "height": 640})
    page = context.new_page()
    site_page = browser_support.SitePage(page=page, base_url=docs_url)

    def on_console(message: Any) -> None:
        site_page.console_messages.append(f"[{message.type}] {message.text}")
        if message.type == "error":
            site_page.console_errors.append(f"[{message.type}] {message.text} @ {message.location}")

    page.on("console", on_console)
    page.on("pageerror", lambda error: site_page.console_errors.append(f"[pageerror] {error}"))
    page.on("worker", lambda worker: worker.on("console", on_console))
    context.on("request", lambda request: site_page.requests.append(request.url))
    try:
        yield site_page
    finally:
        context.close()
