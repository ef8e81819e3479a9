"""Dailies in the browser: same clicks → same game, the share text, statistics, archive, bad URLs."""

from __future__ import annotations

import json
from typing import Any

from conftest import ROOT
from daily_support import (
    TODAY,
    local_storage,
    open_site,
    play,
    reload,
    site_context,
    state,
    visit,
)
from menu_support import choose_menu
from playwright.sync_api import expect

from engine import daily
from engine.par import difference
from engine.records import replay
from engine.saves import opened

DAILY_KEY = f"stichtag:v1:save:daily:karnoffel:{TODAY}"
STATS_KEY = "stichtag:v1:stats:karnoffel"


def pinned_today() -> dict[str, Any]:
    return json.loads((ROOT / "puzzles" / "karnoffel" / f"{TODAY}.json").read_text("utf-8"))


def expected_share(save: dict[str, Any], number: int, address: str) -> tuple[str, str, bool]:
    """The share text and line of a finished daily, computed in Python from its save:
    with par when it is pinned, ending with the site's address alone."""
    pinned = pinned_today()
    match = replay(opened(save, pinned["deals"]))
    outcome = match.outcome()
    team = 0  # the person sits South, seat 0
    score = (outcome["score"][team], outcome["score"][1 - team])
    won = outcome["winner"] == team
    deals_won = [deal["winner"] == team for deal in outcome["deals"]]
    par = tuple(pinned["par"]["score"]) if "par" in pinned else None
    return (
        daily.share_text("karnoffel", number, won, score, deals_won, address, par=par),
        daily.share_line("karnoffel", number, won, score, deals_won, par=par),
        won,
    )


def stored_result(save: dict[str, Any], won: bool, archive: bool) -> dict[str, Any]:
    """Daily #3's result as the statistics keep it (with the difference to par, if pinned)."""
    pinned = pinned_today()
    result: dict[str, Any] = {"number": 3, "won": won, "archive": archive}
    if "par" in pinned:
        outcome = replay(opened(save, pinned["deals"])).outcome()
        mine = outcome["score"]
        result["difference"] = difference("karnoffel", mine, pinned["par"]["score"])
    return result


def test_two_people_playing_the_same_daily_the_same_way_get_the_same_game(
    browser: Any, site_url: str
) -> None:
    with (
        site_context(browser, site_url, clipboard=True) as one,
        site_context(browser, site_url) as two,
    ):
        # Both boot at once; then each plays the first playable card every time.
        for sp in (one, two):
            sp.goto("?level=random&pace=0")
        for sp in (one, two):
            sp.wait_engine_ready(timeout_ms=150_000)
            assert sp.page.inner_text("#app-title") == "Daily #3 · 2026-12-03"
        # The worker opened the daily from its pinned file; the page holds no deal.
        assert any(url.endswith(f"puzzles/karnoffel/{TODAY}.json") for url in one.requests)
        end_one, end_two = play(one), play(two)
        assert end_one["phase"] == end_two["phase"] == "over"
        assert end_one["save"] == end_two["save"]
        assert end_one["outcome"] == end_two["outcome"]
        assert "deals" not in end_one["save"]

        # The share text is exactly the specified one, in both.
        text, line, won = expected_share(end_one["save"], 3, site_url)
        for sp in (one, two):
            dialog = sp.page.locator("dialog[data-dialog=result][open]")
            dialog.wait_for()
            assert dialog.locator(".app-dialog-title").inner_text() == "Daily #3 · 2026-12-03"
            # Issue 43: who won in words first, then par in a sentence, then the share;
            # friends' codes and the fair-play note behind a closed disclosure.
            body = dialog.locator(".app-dialog-body > *")
            order = body.evaluate_all("nodes => nodes.map((n) => n.className)")
            assert order[:4] == [
                "result-verdict",
                "result-par-text",
                "share-panel",
                "result-friends",
            ]
            score = end_one["outcome"]["score"]
            winner = "You won" if won else "The opponents won"
            assert dialog.locator(".result-verdict").inner_text() == (
                f"{winner} {max(score)}–{min(score)}"
            )
            assert (
                dialog.locator(".result-par-text")
                .inner_text()
                .startswith("Par: a computer player in your seat, with the same cards, ")
            )
            assert dialog.locator(".result-friends").get_attribute("open") is None
            assert dialog.locator(".result-friends .friends-honest").count() == 1
            assert not dialog.locator(".friends-honest").is_visible()
            assert text.endswith(f"\n{site_url}") and "friend=" not in text
            assert (
                sp.page.evaluate("document.querySelector('dialog[open] .share-text').textContent")
                == text
            )
            assert dialog.locator(".share-line").text_content() == line
            assert dialog.locator(".stats-item[data-stat=played] .stats-value").inner_text() == "1"
            assert dialog.locator(".stats-item[data-stat=won] .stats-value").inner_text() == (
                "1" if won else "0"
            )
            assert dialog.locator(
                ".stats-item[data-stat=current_streak] .stats-value"
            ).inner_text() == ("1" if won else "0")
            assert dialog.locator(".stats-bar").count() == 1
            assert (
                dialog.locator(".countdown-time").inner_text() == "14:00:00"
            )  # 10:00 local → midnight
            stored = json.loads(local_storage(sp)[STATS_KEY])
            assert stored == {
                "schema": 1,
                "results": [stored_result(end_one["save"], won, archive=False)],
            }

        assert one.page.locator("dialog[open] .share-send").count() == 0  # no Web Share API here
        # One tap copies the text.
        one.page.click("dialog[open] .share-copy")
        expect(one.page.locator("dialog[open] .share-status")).to_have_text(
            "Copied to the clipboard."
        )
        assert one.page.evaluate("navigator.clipboard.readText()") == text
        one.assert_clean()
        two.assert_clean()

        # Reloading the finished daily shows it finished again and does not count it twice.
        reload(two)
        again = state(two)
        assert again["phase"] == "over" and again["save"] == end_two["save"]
        two.page.locator("dialog[data-dialog=result][open]").wait_for()
        assert json.loads(local_storage(two)[STATS_KEY])["results"] == [
            stored_result(end_two["save"], won, archive=False)
        ]
        two.assert_clean()


def test_archive_daily_is_counted_apart_and_streaks_follow_daily_numbers(
    browser: Any, site_url: str
) -> None:
    # Won #1 and #2 on their days; today is #4, so #3 was missed: the streak is over.
    results = [
        {"number": 1, "won": True, "archive": False},
        {"number": 2, "won": True, "archive": False},
    ]
    seeded = {STATS_KEY: json.dumps({"schema": 1, "results": results})}
    # A device with the Web Share API (Chromium on Linux has none): record what is sent.
    web_share = "navigator.share = async (data) => { globalThis.sharedData = data; };"
    with site_context(
        browser, site_url, today="2026-12-04", storage=seeded, init_script=web_share
    ) as sp:
        open_site(sp)
        page = sp.page
        assert page.inner_text("#app-title") == "Daily #4 · 2026-12-04"
        choose_menu(page, "stats")
        stats = page.locator("dialog[data-dialog=stats][open]")
        stats.wait_for()
        numbers = {
            key: stats.locator(f".stats-item[data-stat={key}] .stats-value").inner_text()
            for key in ("played", "won", "win_percent", "current_streak", "best_streak")
        }
        assert numbers == {
            "played": "2",
            "won": "2",
            "win_percent": "100",
            "current_streak": "0",
            "best_streak": "2",
        }
        assert stats.locator(".stats-bar-won").count() == 2
        page.keyboard.press("Escape")

        # The archive lists every past daily, nothing of today or later.
        choose_menu(page, "archive")
        archive = page.locator("dialog[data-dialog=archive][open]")
        archive.wait_for()
        dates = archive.locator(".archive-link").evaluate_all(
            "links => links.map(a => a.dataset.date)"
        )
        assert dates == ["2026-12-03", "2026-12-02", "2026-12-01"]
        assert archive.locator(".archive-item[data-status=won]").count() == 2
        archive.locator(".archive-link[data-date='2026-12-03']").click()
        expect(page.locator("#app-title")).to_have_text("Archive · Daily #3 · 2026-12-03")
        sp.page.evaluate("globalThis.stichtag.game.idle()")
        assert "daily=2026-12-03" in page.url
        end = play(sp)
        assert end["save"]["seed"] == "daily/karnoffel/2026-12-03"
        dialog = page.locator("dialog[data-dialog=result][open]")
        dialog.wait_for()
        assert dialog.locator(".app-dialog-title").inner_text() == "Archive daily #3 · 2026-12-03"
        text, _, won = expected_share(end["save"], 3, site_url)
        assert dialog.locator(".share-text").text_content() == text
        dialog.locator(".share-send").click()
        expect(dialog.locator(".share-status")).to_have_text("Shared.")
        assert page.evaluate("globalThis.sharedData") == {"text": text}
        # Counted apart: it does not bridge the gap, the on-the-day numbers are unchanged.
        assert dialog.locator(".stats-item[data-stat=played] .stats-value").inner_text() == "2"
        assert (
            dialog.locator(".stats-item[data-stat=current_streak] .stats-value").inner_text() == "0"
        )
        assert dialog.locator(".stats-archive").inner_text() == (
            f"Archive games (counted separately): 1 played, {1 if won else 0} won."
        )
        stored = json.loads(local_storage(sp)[STATS_KEY])["results"]
        assert stored[-1] == stored_result(end["save"], won, archive=True)
        # Today's daily is still untouched and one tap away.
        page.click("dialog[open] .app-dialog-close")
        choose_menu(page, "today")
        expect(page.locator("#app-title")).to_have_text("Daily #4 · 2026-12-04")
        sp.page.evaluate("globalThis.stichtag.game.idle()")
        assert state(sp)["save"]["seed"] == "daily/karnoffel/2026-12-04"
        sp.assert_clean()


BAD_URLS = [
    ("2026-12-09", "The daily for 2026-12-09 is not out yet."),
    ("2026-11-20", "There is no daily for 2026-11-20: the first daily is 2026-12-01."),
    ("2026-13-01", "'2026-13-01' is not a date (YYYY-MM-DD)."),
    ("tomorrow", "'tomorrow' is not a date (YYYY-MM-DD)."),
]


def test_bad_or_future_daily_dates_in_the_url_say_why_and_lead_to_today(
    browser: Any, site_url: str
) -> None:
    """The first date is in the address the page starts with; each other one is then
    opened on that page by the app's own navigation (as a link or Back would), which
    goes the same way from the URL to the notice without another boot."""
    with site_context(browser, site_url) as sp:
        page = sp.page
        notice = page.locator("[data-notice=bad-url]")
        for case, (date, reason) in enumerate(BAD_URLS):
            if case == 0:
                open_site(sp, f"daily={date}")
            else:
                page.click("[data-notice=bad-url] .app-notice-dismiss")
                expect(notice).to_have_count(0)
                visit(sp, f"daily={date}")
            notice.wait_for()
            assert (
                notice.locator(".app-notice-text").inner_text()
                == f"{reason} You can play today's daily instead."
            ), date
            # A playable table behind it: today's daily, waiting for the player.
            now = state(sp)
            assert now["phase"] == "play" and now["to_act"] in now["humans"] and now["legal"], date
            assert now["save"]["seed"] == f"daily/karnoffel/{TODAY}", date
            assert "daily=" not in page.url, date
            # No file was fetched for a date that cannot be opened.
            assert not any(f"puzzles/karnoffel/{date}" in url for url in sp.requests), date
        page.click('[data-notice=bad-url] button:has-text("Go to today\'s daily")')
        page.wait_for_selector("[data-notice=bad-url]", state="detached")
        assert page.inner_text("#app-title") == "Daily #3 · 2026-12-03"
        play(sp, moves=1)
        sp.assert_clean()


def test_before_the_first_daily_the_page_offers_a_free_game(browser: Any, site_url: str) -> None:
    with site_context(browser, site_url, today="2026-11-29") as sp:
        open_site(sp)
        notice = sp.page.locator("[data-notice=before-first]")
        assert notice.inner_text().startswith("The first daily comes out on 2026-12-01.")
        now = state(sp)
        assert now["save"]["seed"].startswith("free/") and now["legal"]
        assert sp.page.inner_text("#app-title").startswith("Free game · Classic to 7")
        choose_menu(sp.page, "archive")
        assert sp.page.locator("dialog[open] .archive-empty").is_visible()
        sp.assert_clean()
