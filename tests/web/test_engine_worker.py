"""The engine worker end to end: real requests, errors shown with a way to
continue, a visible message when boot is slow, and a site that works from a
sub-path."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import SitePage

from sitebuild.server import make_server

#: The worker's boot and its failures, as on a first visit (no snapshot kept yet).
pytestmark = pytest.mark.first_visit

# Plays a whole match through the worker. The choice among the engine's own
# `legal` actions is the test's; no rule is computed here.
PLAY_MATCH_JS = """
async () => {
  const engine = globalThis.stichtag.engine;
  const times = [];
  const call = async (request) => {
    const t = performance.now();
    const reply = await engine.request(request);
    times.push(performance.now() - t);
    if (!reply.ok) throw new Error(JSON.stringify(reply.error));
    return reply;
  };
  let reply = await call({op: "new", game: "karnoffel", seed: "browser-worker-test"});
  let requests = 1;
  while (reply.view.phase !== "over" && requests < 5000) {
    const view = reply.view;
    if (view.phase === "deal") reply = await call({op: "deal"});
    else if (view.to_act === view.seat) reply = await call({op: "act", action: view.legal[0]});
    else reply = await call({op: "step"});
    requests++;
  }
  times.sort((a, b) => a - b);
  return {phase: reply.view.phase, requests, median: times[times.length >> 1],
          max: times[times.length - 1]};
}
"""


def test_a_slow_boot_shows_a_message_recovers_and_a_whole_match_runs_through_the_worker(
    site_page: SitePage,
) -> None:
    """One first visit for both: the boot, slow by its knob, says so and recovers; then
    the engine it started plays a whole match."""
    page = site_page.page
    site_page.goto("?boot-timeout=50")
    notice = page.locator("#notice")
    notice.wait_for(state="visible", timeout=30_000)
    assert "has not started" in notice.inner_text()
    assert page.get_by_role("button", name="Keep waiting").is_visible()
    site_page.wait_engine_ready()
    assert notice.is_hidden()
    result = site_page.page.evaluate(PLAY_MATCH_JS)
    print(f"match through the worker: {result}")
    assert result["phase"] == "over"
    bad = site_page.page.evaluate(
        "() => globalThis.stichtag.engine.request({op: 'act', action: 'ZZ'})"
    )
    assert bad["ok"] is False and bad["error"]["text"]
    site_page.assert_clean()


def test_engine_download_failure_is_shown_and_try_again_recovers(site_page: SitePage) -> None:
    page = site_page.page
    failures = {"left": 1}

    def flaky_wheel(route: Any) -> None:
        if failures["left"] > 0:
            failures["left"] -= 1
            route.abort()
        else:
            route.continue_()

    page.context.route("**/py/*.whl", flaky_wheel)
    site_page.goto()
    notice = page.locator("#notice")
    notice.wait_for(state="visible", timeout=60_000)
    assert "could not download the engine" in notice.inner_text()
    assert page.locator("#engine-status").get_attribute("data-state") == "error"
    page.get_by_role("button", name="Try again").click()
    site_page.wait_engine_ready()
    assert notice.is_hidden()
    assert not site_page.foreign_requests()


def test_wrong_wasm_mime_type_does_not_leave_a_silent_page(site_page: SitePage) -> None:
    """A host serving .wasm with a wrong type must not leave a spinner forever."""
    page = site_page.page
    wasm = (site_page_root() / "pyodide" / "pyodide.asm.wasm").read_bytes()
    page.context.route(
        "**/pyodide.asm.wasm",
        lambda route: route.fulfill(status=200, body=wasm, content_type="text/plain"),
    )
    site_page.goto("?boot-timeout=3000")
    notice = page.locator("#notice")
    notice.wait_for(state="visible", timeout=30_000)
    text = notice.inner_text()
    assert "has not started" in text or "could not start" in text, text


def site_page_root() -> Path:
    return Path(__file__).resolve().parents[2] / "site"


@pytest.fixture(scope="module")
def subpath_url(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site served at /games/stichtag/ instead of the server root."""
    docroot = tmp_path_factory.mktemp("docroot")
    (docroot / "games").mkdir()
    (docroot / "games" / "stichtag").symlink_to(site_dir.resolve(), target_is_directory=True)
    server = make_server(docroot, "127.0.0.1", 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/games/stichtag/"
    finally:
        server.shutdown()
        server.server_close()


def test_site_works_from_a_sub_path(site_page: SitePage, subpath_url: str) -> None:
    site_page.base_url = subpath_url
    site_page.goto()
    site_page.wait_engine_ready()
    outside = [u for u in site_page.requests if "/games/stichtag/" not in u]
    assert not outside, f"requests outside the sub-path: {outside}"
    site_page.assert_clean()
