"""Helpers for the daily / save tests: pages on a fixed local date, playing by clicks."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from conftest import SERVICE_WORKERS, SitePage
from snapshot_support import PREFIX as SNAPSHOT_PREFIX
from snapshot_support import keep_snapshot

#: A local date after daily #1 (2026-12-01): today's daily is #3.
TODAY = "2026-12-03"
KNOBS = "level=random&pace=0"

STATE_JS = """async () => {
  const game = globalThis.stichtag.game;
  await game.idle();
  const r = game.response;
  if (!r) return null;
  const v = r.view;
  return {phase: v.phase, to_act: v.to_act, humans: v.humans, legal: v.legal,
          save: r.save, outcome: r.outcome, scores: v.scores, trick: v.trick, view: v};
}"""


@contextmanager
def site_context(
    browser: Any,
    site_url: str,
    today: str = TODAY,
    hour: int = 10,
    init_script: str | None = None,
    storage: dict[str, str] | None = None,
    clipboard: bool = False,
    service_worker: bool = False,
    first_visit: bool | None = None,
) -> Iterator[SitePage]:
    """A fresh browser context whose clock says ``today`` (local time), like conftest's site_page
    (``service_worker``: the site's service worker runs, for the tests of offline use).
    The engine's memory snapshot is already kept, as from a person's second visit on,
    unless ``first_visit`` (the default with the service worker: the offline tests
    check how the snapshot is kept)."""
    context = browser.new_context(service_workers="allow" if service_worker else SERVICE_WORKERS)
    if clipboard:
        context.grant_permissions(
            ["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/")
        )
    if first_visit is None:
        first_visit = service_worker
    sp = watched_page(context, site_url, browser=None if first_visit else browser)
    page = sp.page
    y, m, d = (int(part) for part in today.split("-"))
    page.clock.set_fixed_time(datetime(y, m, d, hour, 0, 0))
    if init_script:
        page.add_init_script(init_script)
    seed_local_storage(page, storage)
    try:
        yield sp
    finally:
        context.close()


def open_site(sp: SitePage, query: str = "", knobs: str = KNOBS) -> None:
    """Go to the site with ``query`` (plus the test knobs) and wait until the table waits for the player."""
    parts = [part for part in (query, knobs) if part]
    sp.goto("?" + "&".join(parts) if parts else "")
    sp.wait_engine_ready(timeout_ms=150_000)


def reload(sp: SitePage) -> None:
    sp.page.reload()
    sp.wait_engine_ready(timeout_ms=150_000)


def state(sp: SitePage) -> dict[str, Any]:
    return sp.page.evaluate(STATE_JS)


def play(sp: SitePage, moves: int = 10_000, until: Any = None) -> dict[str, Any]:
    """Click the first playable card (and "Continue" between deals) ``moves`` times, until
    ``until(state)`` holds, or to the end."""
    done = 0
    while True:
        now = state(sp)
        if now["phase"] == "over" or done >= moves or (until is not None and until(now)):
            return now
        if now["phase"] == "deal":
            sp.page.click("#table .panel-button.continue")
            continue
        if now["to_act"] in now["humans"] and now["legal"]:
            card = now["legal"][0]
            sp.page.click(f'#table .card-mine[data-card="{card}"]')
            done += 1
            continue
        wait_for_change(sp, now)


#: True once the table has moved on from (number of actions, phase) ``seen``.
CHANGED_JS = """([actions, phase]) => {
  const r = globalThis.stichtag.game.response;
  return !!r && (r.save.actions.length !== actions || r.view.phase !== phase);
}"""


def wait_for_change(sp: SitePage, seen: dict[str, Any], timeout_ms: int = 60_000) -> None:
    """Wait (CSP-safe, no sleep) until the game has moved on from the state ``seen``."""
    sp.page.wait_for_function(
        CHANGED_JS, arg=[len(seen["save"]["actions"]), seen["phase"]], timeout=timeout_ms
    )


def seed_local_storage(page: Any, storage: dict[str, str] | None) -> None:
    """Put ``storage`` in localStorage before the page's first visit (and only then: a
    reload finds what the site made of it)."""
    if storage:
        page.add_init_script(
            "(() => { const items = " + json.dumps(storage) + ";"
            " if (sessionStorage.getItem('seeded')) return; sessionStorage.setItem('seeded', '1');"
            " for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); })();"
        )


def local_storage(sp: SitePage) -> dict[str, str]:
    return sp.page.evaluate(
        "() => Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith('stichtag:'))"
        ".map(k => [k, localStorage.getItem(k)]))"
    )


def watched_page(context: Any, site_url: str, browser: Any = None) -> SitePage:
    """A new page of ``context`` whose console errors and requests its SitePage records
    (given the ``browser``: the context already keeps the engine's memory snapshot)."""
    page = context.new_page()
    if browser is not None:
        keep_snapshot(browser, page, site_url)
    return SitePage(page=page, base_url=site_url).watch(context)


def visit(sp: SitePage, query: str) -> None:
    """Open ``query`` by the app's own navigation (what its menus and links do; the
    URL's test knobs stay) and wait until the table waits for the player."""
    sp.page.evaluate("(query) => globalThis.stichtag.app.navigate(query)", query)
    sp.page.evaluate("globalThis.stichtag.game.idle()")


#: Back to where a shared page started: no request in flight, hints off, the site's
#: storage empty (saves, settings, statistics, tutorials done), no notice on show,
#: nothing focused.
RESET_JS = """async () => {
  const game = globalThis.stichtag.game;
  await game.idle();
  game.setHints(0);
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith("stichtag:")) localStorage.removeItem(key);
  }
  for (const dismiss of document.querySelectorAll("[data-notice] .app-notice-dismiss")) dismiss.click();
  document.activeElement?.blur();  // the focus back on the page, as on a fresh one
}"""


class SharedPage:
    """One booted page that several tests of a module share (a module-scoped fixture),
    each opening what it checks by the app's own navigation (:func:`visit`) instead
    of booting a fresh context: a boot costs about 4 CPU-s, a navigation a tenth of it.

    Each test after the first starts from the page reset (:data:`RESET_JS`, then
    ``query`` opened again, which names its game so that no test inherits another's
    ``game=`` knob) and with empty logs. After a test that failed the page is closed:
    the next test boots a fresh one. A test that needs a first visit, storage or a
    setting at boot, another locale or another clock keeps its own context."""

    def __init__(self, browser: Any, site_url: str, query: str, knobs: str = KNOBS) -> None:
        assert "game=" in query, "the page's start names its game"
        self.browser, self.site_url, self.query, self.knobs = browser, site_url, query, knobs
        self.sp: SitePage | None = None
        self._context: Any = None

    def use(self, request: Any) -> Iterator[SitePage]:
        """The page for the test of ``request`` (a generator for a function-scoped fixture)."""
        if self.sp is None:
            self._context = site_context(self.browser, self.site_url)
            self.sp = self._context.__enter__()
            open_site(self.sp, self.query, self.knobs)
        else:
            self.sp.page.evaluate(RESET_JS)
            visit(self.sp, self.query)
            # An error (or a foreign request) after the last test's checks or in the
            # reset is not dropped: it fails this test, and the page is closed.
            try:
                self.sp.assert_clean()
            except AssertionError:
                self.close()
                raise
            self.sp.console_errors.clear()
            self.sp.console_messages.clear()
            self.sp.requests.clear()
        failed = request.session.testsfailed
        yield self.sp
        if request.session.testsfailed > failed:
            self.close()

    def close(self) -> None:
        if self._context is not None:
            self._context.__exit__(None, None, None)
        self.sp = self._context = None


def shared_page(
    browser: Any, site_url: str, query: str, knobs: str = KNOBS
) -> Iterator[SharedPage]:
    """A module-scoped fixture's :class:`SharedPage`, closed when the module's tests end."""
    page = SharedPage(browser, site_url, query, knobs)
    try:
        yield page
    finally:
        page.close()


def clear_site_storage(sp: SitePage) -> None:
    """Empty the site's localStorage and sessionStorage, as a fresh context has them (the
    kept engine snapshot stays), from a blank page of the site where no app could write
    again; the next visit starts there (and gets the context's seeded storage again)."""
    sp.page.goto(sp.base_url + SNAPSHOT_PREFIX.lstrip("/"))
    sp.page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
