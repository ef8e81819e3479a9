"""Today's daily is playable at first paint, before the engine is ready (issue 46).

The engine's boot is held on purpose (the worker script's request waits until the
test lets it go), so everything checked before it is let go happened without an
engine: the pinned opening (or the state kept beside a save) drawn, its legal cards
clickable, the first click queued; once the engine is ready the click is played
exactly once, and the game is the one a click after the engine's boot gives."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from conftest import SitePage
from daily_support import TODAY, site_context, state
from phone_support import phone_context, tap

DAILY_SLOT = f"stichtag:v1:save:daily:karnoffel:{TODAY}"
#: The daily's own computers (its default level), whose opening moves the pinned
#: opening holds (daily #3's computers play three cards before the person).
KNOBS = "pace=0"
#: How many actions the table's state holds (the copy's, before the engine is ready).
ACTIONS_JS = "() => globalThis.stichtag.game.response.save.actions.length"
#: The engine worker's script: held, the engine does not boot.
WORKER = "**/js/worker.js*"
HAND_JS = """() => [...document.querySelectorAll('#table .hand-mine .card-mine')].map((b) => ({
  card: b.dataset.card, legal: b.getAttribute('aria-disabled') !== 'true'}))"""


class HeldEngine:
    """Holds the engine worker's script request until :meth:`release`."""

    def __init__(self, context: Any) -> None:
        self.routes: list[Any] = []
        self.released = False
        context.route(WORKER, self._hold)

    def _hold(self, route: Any) -> None:
        if self.released:
            route.continue_()
        else:
            self.routes.append(route)

    def release(self) -> None:
        self.released = True
        for route in self.routes:
            route.continue_()
        self.routes.clear()


@contextmanager
def held(sp: SitePage) -> Iterator[HeldEngine]:
    engine = HeldEngine(sp.page.context)
    try:
        yield engine
    finally:
        engine.release()


def page_requests(sp: SitePage) -> list[tuple[str, str]]:
    """The page's requests from now on, as (URL, what asked for it: the importing
    module's URL for a module found by an import, else the page or "about:client")."""
    seen: list[tuple[str, str]] = []
    cdp = sp.page.context.new_cdp_session(sp.page)
    cdp.on(
        "Network.requestWillBeSent",
        lambda event: seen.append((event["request"]["url"], event["initiator"].get("url", ""))),
    )
    cdp.send("Network.enable")
    return seen


def scripts_before_the_app(requests: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The page's scripts asked for before the app controller (js/app.js, imported
    once the hand is drawn), as (site path, what asked for it)."""
    scripts = []
    for url, asker in requests:
        path = url.split("?")[0].split("/", 3)[3]
        if path == "js/app.js":
            return scripts
        if path.endswith(".js"):
            scripts.append((path, asker))
    raise AssertionError(f"the app controller was never asked for: {requests}")


def first_paint(sp: SitePage) -> str:
    sp.page.wait_for_function("() => !!document.documentElement.dataset.firstPaint")
    return str(sp.page.evaluate("() => document.documentElement.dataset.firstPaint"))


def engine_ready(sp: SitePage) -> bool:
    return bool(sp.page.evaluate("() => document.documentElement.dataset.engine === 'ready'"))


def hand(sp: SitePage) -> list[dict[str, Any]]:
    return list(sp.page.evaluate(HAND_JS))


def played_state(sp: SitePage, actions: int) -> dict[str, Any]:
    """The table's state once the person's move is answered and the computers are done."""
    sp.page.wait_for_function(
        "(n) => { const r = globalThis.stichtag && globalThis.stichtag.game && "
        "globalThis.stichtag.game.response; return !!r && !globalThis.stichtag.game.previewing && "
        "r.save.actions.length >= n; }",
        arg=actions,
        timeout=150_000,
    )
    now = state(sp)
    return {"view": now["view"], "save": now["save"], "outcome": now["outcome"]}


def test_a_cold_visit_draws_the_opening_and_plays_a_queued_click_once(
    browser: Any, site_url: str
) -> None:
    with site_context(browser, site_url, first_visit=True) as sp, held(sp) as engine:
        requests = page_requests(sp)
        sp.goto("?" + KNOBS)
        assert first_paint(sp) == "opening"
        cards = hand(sp)
        legal = [c["card"] for c in cards if c["legal"]]
        assert len(cards) == 5 and legal and not engine_ready(sp)
        sp.page.click(f'#table .card-mine[data-card="{legal[0]}"]')
        sp.page.click(f'#table .card-mine[data-card="{legal[-1]}"]')  # a second click is not queued
        assert sp.page.evaluate("() => document.getElementById('table').dataset.queued") == legal[0]
        assert not engine_ready(sp) and engine.routes  # all of it before the engine booted
        # Every module the hand waited for was asked for at once by the page itself
        # (its preloads, sitebuild/first_paint.py), none found import by import.
        early = scripts_before_the_app(requests)
        assert {"js/main.js", "js/game.js", "js/table/karnoffel.js"} <= {p for p, _ in early}
        assert [(path, by) for path, by in early if by.endswith(".js")] == []
        opened = sp.page.evaluate(ACTIONS_JS)
        engine.release()
        queued = played_state(sp, opened + 1)
        sp.assert_clean()
    assert queued["save"]["actions"][opened] == legal[0]
    # Without the queue: the same click once the engine is ready gives the very same game.
    with site_context(browser, site_url, first_visit=True) as sp:
        sp.goto("?" + KNOBS)
        sp.wait_engine_ready(timeout_ms=150_000)
        sp.page.click(f'#table .card-mine[data-card="{legal[0]}"]')
        direct = played_state(sp, opened + 1)
        sp.assert_clean()
    assert queued == direct
    assert queued["save"]["actions"].count(legal[0]) == 1


def test_a_warm_visit_and_a_reload_mid_game_draw_the_kept_state_first(
    browser: Any, site_url: str
) -> None:
    with site_context(browser, site_url, first_visit=True) as sp:
        sp.goto("?" + KNOBS)
        sp.wait_engine_ready(timeout_ms=150_000)
        opening = state(sp)
        with held(sp) as engine:  # a warm visit, no move made yet
            sp.page.reload()
            assert first_paint(sp) == "save"
            assert sorted(c["card"] for c in hand(sp)) == sorted(
                opening["view"]["hands"][0]["known"]
            )
            engine.release()
            sp.wait_engine_ready(timeout_ms=150_000)
        card = opening["legal"][0]
        sp.page.click(f'#table .card-mine[data-card="{card}"]')
        before = played_state(sp, len(opening["save"]["actions"]) + 1)
        with held(sp) as engine:  # a reload mid-game
            sp.page.reload()
            assert first_paint(sp) == "save"
            assert not engine_ready(sp)
            drawn = sorted(c["card"] for c in hand(sp))
            assert drawn == sorted(before["view"]["hands"][0]["known"])
            engine.release()
            sp.wait_engine_ready(timeout_ms=150_000)
        after = played_state(sp, len(before["save"]["actions"]))
        sp.assert_clean()
    assert after == before


def test_a_stale_or_corrupt_kept_state_is_never_drawn(browser: Any, site_url: str) -> None:
    with site_context(browser, site_url, first_visit=True) as sp:
        sp.goto("?" + KNOBS)
        sp.wait_engine_ready(timeout_ms=150_000)
        opening = state(sp)
        sp.page.click(f'#table .card-mine[data-card="{opening["legal"][0]}"]')
        made = len(opening["save"]["actions"]) + 1
        good = played_state(sp, made)
        entry = json.loads(sp.page.evaluate("(k) => localStorage.getItem(k)", DAILY_SLOT))
    stale = dict(entry, shown=dict(entry["shown"], save=dict(entry["save"], actions=[])))
    corrupt = dict(entry, shown={"ok": True, "view": "not a view"})
    for kept in (stale, corrupt):
        with site_context(
            browser, site_url, storage={DAILY_SLOT: json.dumps(kept)}, first_visit=True
        ) as sp:
            with held(sp) as engine:
                sp.goto("?" + KNOBS)
                assert first_paint(sp) == "none"
                assert hand(sp) == [] and not engine_ready(sp)
                engine.release()
                sp.wait_engine_ready(timeout_ms=150_000)
            # The save itself is sound: the engine reopens it.
            assert played_state(sp, made) == good
            sp.assert_clean()


def test_on_a_phone_the_opening_is_drawn_and_a_tap_is_queued(browser: Any, site_url: str) -> None:
    with phone_context(browser, site_url, today=TODAY, first_visit=True) as sp, held(sp) as engine:
        sp.goto("?" + KNOBS)
        assert first_paint(sp) == "opening"
        legal = [c["card"] for c in hand(sp) if c["legal"]]
        tap(sp.page, sp.page.locator(f'#table .card-mine[data-card="{legal[0]}"]'))
        assert sp.page.evaluate("() => document.getElementById('table').dataset.queued") == legal[0]
        assert not engine_ready(sp)
        opened = sp.page.evaluate(ACTIONS_JS)
        engine.release()
        assert played_state(sp, opened + 1)["save"]["actions"][opened] == legal[0]
        sp.assert_clean()


def test_a_doppelkopf_call_before_the_engine_is_ready_is_queued(
    browser: Any, site_url: str
) -> None:
    with site_context(browser, site_url, first_visit=True) as sp, held(sp) as engine:
        sp.goto("?game=doppelkopf&" + KNOBS)
        assert first_paint(sp) == "opening"
        assert len(hand(sp)) == 12 and not engine_ready(sp)
        sp.page.click('#table .calls .call[data-action="healthy"]')
        assert (
            sp.page.evaluate("() => document.getElementById('table').dataset.queued") == "healthy"
        )
        opened = sp.page.evaluate(ACTIONS_JS)
        engine.release()
        assert played_state(sp, opened + 1)["save"]["actions"][opened] == "healthy"
        sp.assert_clean()
