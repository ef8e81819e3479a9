"""The page paints the table before the engine is ready, then the engine answers ping."""

from __future__ import annotations

import pytest
from conftest import SitePage

pytestmark = pytest.mark.first_visit  # the boot of a first visit, snapshot made here


def test_table_paints_and_engine_becomes_ready(site_page: SitePage) -> None:
    page = site_page.page
    site_page.goto()
    # The skeleton is in the HTML itself: visible before any engine work.
    for seat in ("north", "west", "east", "south"):
        assert page.locator(f".seat-{seat}").is_visible()
    assert page.locator(".trick").is_visible()

    site_page.wait_engine_ready()
    at_ready = list(site_page.requests)
    status = page.locator("#engine-status")
    assert status.get_attribute("data-state") == "ready"
    assert "Engine ready" in status.inner_text()
    pong = page.evaluate("globalThis.stichtag.pong")
    assert pong["ok"] is True and pong["engine"] == "stichtag"
    assert page.locator("#notice").is_hidden()

    # The worker really fetched the runtime, compiled stdlib and wheel from the site.
    fetched = "\n".join(site_page.requests)
    for part in ("pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "py/stichtag-"):
        assert part in fetched, f"{part} not requested; got:\n{fetched}"
    # [instant] The worker asked for the wasm before its own modules had arrived,
    # and once: Pyodide took that response instead of asking again.
    wasm = [i for i, url in enumerate(at_ready) if url.endswith("/pyodide/pyodide.asm.wasm")]
    modules = [i for i, url in enumerate(at_ready) if url.endswith("/js/engine-boot.js")]
    assert len(wasm) == 1 and modules and wasm[0] < modules[0], at_ready
    site_page.assert_clean()
