"""Hostile saves, settings, URLs and storage in the real page (issue 9): each gets a
clear notice, the table stays playable, nothing is lost, and nothing on the main
thread, in the DOM or in storage carries a card the player may not know."""

from __future__ import annotations

import json
import random
import shutil
import threading
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any
from urllib.request import urlopen

import pytest
from daily_support import (
    TODAY,
    clear_site_storage,
    local_storage,
    open_site,
    play,
    site_context,
    state,
    visit,
    wait_for_change,
)
from menu_support import choose_menu
from playwright.sync_api import expect
from test_doppelkopf import choose, click_action
from test_languages import drive, stored

from engine.bridge import Session
from engine.daily import pinned_daily
from sitebuild.server import CSP, make_server

ARCHIVE_DATE = "2026-12-02"
ARCHIVE_KEY = f"stichtag:v1:save:daily:karnoffel:{ARCHIVE_DATE}"
STATS_KEY = "stichtag:v1:stats:karnoffel"
SETTINGS_KEY = "stichtag:v1:settings"


def _save(save: dict[str, Any], day: str = ARCHIVE_DATE, game: str = "karnoffel") -> str:
    return json.dumps({"format": 2, "save": save, "daily": {"game": game, "date": day}})


def _daily_save(**changes: Any) -> dict[str, Any]:
    save = pinned_daily("karnoffel", date.fromisoformat(ARCHIVE_DATE))
    del save["deals"]
    save.update(changes)
    return save


def _notice(sp: Any, name: str) -> Any:
    return sp.page.locator(f'[data-notice="{name}"] .app-notice-text')


def _set_aside(sp: Any) -> list[dict[str, Any]]:
    return [
        json.loads(value)
        for key, value in local_storage(sp).items()
        if key.startswith("stichtag:v1:setaside:")
    ]


#: Saves of the archive's daily that belong to another one: (what is wrong, the save).
NOT_THIS_DAILY = [
    ("another game", _daily_save(game="doppelkopf", rules={"set": "standard", "variants": []})),
    ("other rules", _daily_save(rules={"set": "classic", "target": 5, "players": 4})),
    ("the computer plays South", _daily_save(humans=[1])),
    ("nobody plays", _daily_save(humans=[])),
]


def test_a_save_that_is_not_this_daily_is_set_aside_with_a_notice(
    browser: Any, site_url: str
) -> None:
    """The first save is there when the page starts; each other one is found when the
    daily is opened again on the same page (no new boot: what is checked is the same)."""
    first = _save(NOT_THIS_DAILY[0][1])
    with site_context(browser, site_url, storage={ARCHIVE_KEY: first}) as sp:
        notice = _notice(sp, f"set-aside:{ARCHIVE_KEY}")
        for case, (label, save) in enumerate(NOT_THIS_DAILY):
            raw = _save(save)
            if case == 0:
                open_site(sp, f"daily={ARCHIVE_DATE}")
            else:
                # The last case's notice put away and its set-aside copy removed, so
                # that this case's are its own.
                sp.page.click(f'[data-notice="set-aside:{ARCHIVE_KEY}"] .app-notice-dismiss')
                expect(notice).to_have_count(0)
                sp.page.evaluate(
                    "([key, raw]) => { for (const k of Object.keys(localStorage))"
                    " if (k.startsWith('stichtag:v1:setaside:')) localStorage.removeItem(k);"
                    " localStorage.setItem(key, raw); }",
                    [ARCHIVE_KEY, raw],
                )
                visit(sp, "")
                visit(sp, f"daily={ARCHIVE_DATE}")
            expect(notice).to_contain_text("it does not belong to this daily.")
            # The table is this daily, with South to play, and it is saved again.
            now = state(sp)
            assert now["save"]["seed"] == f"daily/karnoffel/{ARCHIVE_DATE}", label
            assert now["view"]["humans"] == [0] and now["view"]["game"] == "karnoffel", label
            assert [entry["value"] for entry in _set_aside(sp)] == [raw], label
            end = play(sp, moves=2)
            assert end["view"]["humans"] == [0], label
            assert STATS_KEY not in local_storage(sp), label  # nothing was counted
        sp.assert_clean()


def test_statistics_with_a_bad_entry_are_set_aside_and_the_archive_still_opens(
    browser: Any, site_url: str
) -> None:
    bad = json.dumps({"schema": 1, "results": [None]})
    with site_context(browser, site_url, storage={STATS_KEY: bad}) as sp:
        open_site(sp)
        choose_menu(sp.page, "archive")
        expect(sp.page.locator("dialog[data-dialog=archive][open] .archive-list")).to_be_visible()
        expect(_notice(sp, "stats-karnoffel")).to_contain_text("entry 1 is not a result")
        assert [entry["value"] for entry in _set_aside(sp)] == [bad]
        sp.assert_clean()


def test_a_bad_save_with_no_room_to_set_it_aside_stays_where_it_is(
    browser: Any, site_url: str
) -> None:
    """3.2 MB fit once in this origin's storage, not twice: it is kept, untouched."""
    big = json.dumps({"format": 2, "save": {"seed": "x" * 3_200_000}, "daily": {}})
    fill = (
        "(() => { if (sessionStorage.getItem('filled')) return;"
        " sessionStorage.setItem('filled', '1');"
        f" localStorage.setItem({json.dumps(ARCHIVE_KEY)}, {json.dumps(big)}); }})();"
    )
    with site_context(browser, site_url, init_script=fill) as sp:
        open_site(sp, f"daily={ARCHIVE_DATE}")
        text = _notice(sp, f"set-aside:{ARCHIVE_KEY}")
        expect(text).to_contain_text("left where it is, untouched")
        assert state(sp)["save"]["seed"] == f"daily/karnoffel/{ARCHIVE_DATE}"
        play(sp, moves=2)
        stored = sp.page.evaluate(f"localStorage.getItem({json.dumps(ARCHIVE_KEY)})")
        assert stored == big and not _set_aside(sp)
        sp.assert_clean()


def test_corrupt_settings_are_set_aside_with_a_notice(browser: Any, site_url: str) -> None:
    with site_context(browser, site_url, storage={SETTINGS_KEY: "{bad"}) as sp:
        open_site(sp)
        expect(_notice(sp, "settings")).to_contain_text("could not be read; they were set aside")
        assert [entry["value"] for entry in _set_aside(sp)] == ["{bad"]
        assert state(sp)["legal"]
        sp.assert_clean()


def test_an_unknown_level_in_the_url_gets_a_notice_and_the_usual_level(
    browser: Any, site_url: str
) -> None:
    """Each level is a visit of its own (the page reads the level when it starts), in
    one context whose storage is emptied between them."""
    with site_context(browser, site_url) as sp:
        for level in ("expert", "<script>alert(1)</script>"):
            if level != "expert":
                clear_site_storage(sp)
            open_site(sp, knobs=f"pace=0&level={level}")
            expect(_notice(sp, "bad-level")).to_contain_text("There is no computer level called")
            assert state(sp)["legal"], f"{level}: the table is playable"
            assert "level=" not in sp.page.url, level
            choose_menu(sp.page, "new")
            sp.page.click("dialog[open] .new-game-start")
            sp.page.evaluate("globalThis.stichtag.game.idle()")
            assert state(sp)["save"]["seed"].startswith("free/") and state(sp)["legal"], level
            assert sp.page.locator("script", has_text="alert").count() == 0, level
            sp.assert_clean()


def test_a_seed_too_long_in_the_url_gets_a_notice_and_a_fresh_game(
    browser: Any, site_url: str
) -> None:
    with site_context(browser, site_url) as sp:
        open_site(sp, f"seed={'x' * 10_000}")
        expect(_notice(sp, "bad-seed")).to_contain_text("must have 1 to 200 characters")
        now = state(sp)
        assert now["legal"], "the table is playable"
        assert now["save"]["seed"].startswith("free/")
        assert "seed=" not in sp.page.url and "free" in sp.page.url
        assert sp.page.title() != "Opening…"
        sp.assert_clean()


def test_a_save_of_the_old_format_keeps_the_game_and_loses_its_deals(
    browser: Any, site_url: str
) -> None:
    record = pinned_daily("karnoffel", date.fromisoformat(ARCHIVE_DATE))
    record["actions"] = archive_daily_actions(moves=1)
    assert record["actions"]
    old = json.dumps(
        {"format": 1, "record": record, "daily": {"game": "karnoffel", "date": ARCHIVE_DATE}}
    )
    with site_context(browser, site_url, storage={ARCHIVE_KEY: old}) as sp:
        open_site(sp, f"daily={ARCHIVE_DATE}")
        now = state(sp)
        assert now["save"]["actions"][: len(record["actions"])] == record["actions"]
        stored = json.loads(local_storage(sp)[ARCHIVE_KEY])
        assert stored["format"] == 2 and "deals" not in stored["save"] and "record" not in stored
        sp.assert_clean()


def archive_daily_actions(moves: int) -> list[str]:
    """The archive's daily at the random level after South's first ``moves`` cards and
    the computers' answers, played by the engine here (as the page would have)."""
    session = Session()
    pinned = pinned_daily("karnoffel", date.fromisoformat(ARCHIVE_DATE))
    reply = session.op_daily(
        {
            "game": "karnoffel",
            "date": ARCHIVE_DATE,
            "today": TODAY,
            "pinned": pinned,
            "level": "random",
        }
    )
    made = 0

    def south(view: dict[str, Any]) -> str:
        nonlocal made
        made += 1
        return str(view["legal"][0])

    def answered(reply: dict[str, Any]) -> bool:
        return made == moves and reply["turn"]["who"] != "computer"

    return list(drive(session, reply, answered, south)["save"]["actions"])


HIDDEN_JS = """() => {
  const r = globalThis.stichtag.game.response;
  return {keys: Object.keys(r), save: JSON.stringify(r.save), storage: JSON.stringify(localStorage),
          played: r.played || null};
}"""


#: Hands of today's Doppelkopf daily played before the page opens it (by the
#: engine here, into the daily's save): the page plays the rest to the match's end.
HANDS_BEFORE = 5


def doppelkopf_daily_save(hands: int) -> str:
    """Today's Doppelkopf daily at the random level, ``hands`` hands played, as the
    page keeps it."""
    session = Session()
    pinned = pinned_daily("doppelkopf", date.fromisoformat(TODAY))
    reply = session.op_daily(
        {"game": "doppelkopf", "date": TODAY, "today": TODAY, "pinned": pinned, "level": "random"}
    )
    dealt = 0

    def after_the_hands(reply: dict[str, Any]) -> bool:
        nonlocal dealt
        dealt += reply["view"]["phase"] == "deal"
        return dealt == hands

    saved = drive(session, reply, after_the_hands)["save"]
    return stored(saved, daily={"game": "doppelkopf", "date": TODAY})


def test_nothing_on_the_main_thread_or_in_storage_holds_a_hidden_card(
    browser: Any, site_url: str
) -> None:
    """The last hands of a Doppelkopf daily to the match's end, the computers
    choosing at random (solos, marriages, poverties): no response the page gets, no
    save, no storage value carries the deals, another seat's reservation or poverty
    cards."""
    key = f"stichtag:v1:save:daily:doppelkopf:{TODAY}"
    storage = {key: doppelkopf_daily_save(HANDS_BEFORE)}
    with site_context(browser, site_url, storage=storage) as sp:
        open_site(sp, knobs="game=doppelkopf&level=random&pace=0")
        seen = []
        moves = random.Random(9)
        while True:
            now = state(sp)
            seen.append(sp.page.evaluate(HIDDEN_JS))
            view = now["view"]
            if now["phase"] == "over":
                break
            if now["phase"] == "deal":
                sp.page.click("#table .panel-button.continue")
            elif view["to_act"] == view["seat"] and view["legal"]:
                click_action(sp, view, choose(view, moves))
            else:
                wait_for_change(sp, now)
        assert len(json.loads(seen[0]["save"])["actions"]) > 0, "the kept save was not resumed"
        masked = 0
        for snapshot in seen:
            assert "record" not in snapshot["keys"]
            for text in (snapshot["save"], snapshot["storage"]):
                assert '"deals"' not in text and "pass:" not in text and "return:" not in text
            played = snapshot["played"]
            if played and played["seat"] != 0:
                masked += played["action"] in ("reservation", "pass", "return")
                assert played["action"] in ("healthy", "reservation", "pass", "return") or (
                    ":" not in played["action"]
                    and not played["action"].startswith("solo-")
                    and played["action"] not in ("marriage", "poverty")
                )
        print(f"masked actions of other seats: {masked}")
        assert masked, "no other seat made a reservation to hide: the check tested nothing"
        sp.assert_clean()


@pytest.fixture()
def site_without_todays_daily(site_dir: Path, tmp_path: Path) -> Iterator[str]:
    """The built site with today's pinned dailies missing (past the pinned horizon)."""
    copy = tmp_path / "site"
    shutil.copytree(site_dir, copy)
    for game in ("karnoffel", "doppelkopf"):
        (copy / "puzzles" / game / f"{TODAY}.json").unlink()
    server = make_server(copy, "127.0.0.1", 0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def test_a_day_past_the_pinned_horizon_says_so_and_deals_nothing_of_its_own(
    browser: Any, site_without_todays_daily: str
) -> None:
    with site_context(browser, site_without_todays_daily) as sp:
        open_site(sp)
        expect(_notice(sp, "bad-url")).to_contain_text(f"No daily is pinned for {TODAY} yet.")
        now = state(sp)
        assert now["save"]["seed"].startswith("free/") and now["legal"]
        assert not any(key.endswith(TODAY) for key in local_storage(sp))
        sp.assert_clean()


def test_the_server_sends_the_sites_policy_with_no_framing(site_url: str) -> None:
    with urlopen(site_url) as reply:
        header = reply.headers["Content-Security-Policy"]
    assert header == CSP + "; frame-ancestors 'none'"
