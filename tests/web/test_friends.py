"""The friends' table in the browser (issue 16): two people play the same daily
differently, exchange links, and each sees the other with the right result and
difference to par; a tampered code is refused and changes nothing."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from conftest import ROOT
from daily_support import (
    KNOBS,
    TODAY,
    local_storage,
    open_site,
    play,
    site_context,
    state,
    wait_for_change,
)
from menu_support import choose_menu
from playwright.sync_api import expect
from test_languages import DAILY_KF, drive, stored

from engine.bridge import Session
from engine.daily import par_words, score_words
from engine.par import difference

FRIENDS_KEY = f"stichtag:v1:friends:karnoffel:{TODAY}"


def finished_daily(pick: Callable[[list[str]], str]) -> str:
    """Today's daily at the knobs' level, played to its end by the engine with
    ``pick(legal)`` for the person's cards, as the page keeps it (both friends'
    games are played here: test_daily.py plays one by clicking)."""
    session = Session()
    pinned = json.loads((ROOT / "puzzles" / "karnoffel" / f"{TODAY}.json").read_text("utf-8"))
    opened = session.op_daily(
        {"game": "karnoffel", "date": TODAY, "today": TODAY, "pinned": pinned, "level": "random"}
    )
    over = drive(
        session,
        opened,
        lambda reply: reply["view"]["phase"] == "over",
        south=lambda view: pick(view["legal"]),
    )
    return stored(over["save"], daily={"game": "karnoffel", "date": TODAY})


def name_and_link(sp: Any, name: str) -> str:
    """Put ``name`` into the code and return the link for friends (behind the
    result's "Compare with friends"; the share text carries the site only)."""
    dialog = sp.page.locator("dialog[data-dialog=result][open]")
    dialog.wait_for()
    link = dialog.locator(".result-link")
    before = link.input_value()
    dialog.locator(".result-friends-summary").click()
    field = dialog.locator(".result-name-input")
    field.fill(name)
    field.dispatch_event("change")
    expect(link).not_to_have_value(before)
    assert "friend=" not in str(dialog.locator(".share-text").text_content())
    return link.input_value()


def expected_row(end: dict[str, Any], won_words: tuple[str, str] = ("won", "lost")) -> list[str]:
    score = end["outcome"]["score"]
    pinned = json.loads((ROOT / "puzzles" / "karnoffel" / f"{TODAY}.json").read_text("utf-8"))
    won = end["outcome"]["winner"] == 0
    result = f"{won_words[0] if won else won_words[1]} {score_words('karnoffel', score)}"
    to_par = "–"
    if "par" in pinned:
        to_par = par_words("karnoffel", difference("karnoffel", score, pinned["par"]["score"]))
    return [result, to_par]


def rows(sp: Any) -> list[list[str]]:
    table = sp.page.locator("dialog[data-dialog=friends][open] .friends-table tbody tr")
    return [
        [cell.strip() for cell in row.locator("th, td").all_inner_texts()] for row in table.all()
    ]


def test_two_friends_exchange_links_and_see_each_other(browser: Any, site_url: str) -> None:
    with (
        site_context(
            browser, site_url, storage={DAILY_KF: finished_daily(lambda legal: legal[0])}
        ) as one,
        site_context(
            browser, site_url, storage={DAILY_KF: finished_daily(lambda legal: legal[-1])}
        ) as two,
    ):
        for sp in (one, two):
            sp.goto("?" + KNOBS)
        for sp in (one, two):
            sp.wait_engine_ready(timeout_ms=150_000)
        end_one, end_two = state(one), state(two)
        assert end_one["phase"] == end_two["phase"] == "over"
        assert end_one["save"] != end_two["save"]  # two different games of the same daily
        link_one, link_two = name_and_link(one, "Ana"), name_and_link(two, "Ben")
        assert "friend=" in link_one and len(link_one.split("friend=")[1]) < 120

        # The review: every finished deal, all hands face up, stepping through the tricks.
        one.page.click("dialog[data-dialog=result][open] .result-review")
        review = one.page.locator("dialog[data-dialog=review][open]")
        expect(review.locator(".review-deal")).to_have_count(
            len(end_one["outcome"]["deals"]), timeout=120_000
        )
        first = review.locator(".review-deal").first
        assert first.locator(".review-hand").count() == 4
        while first.locator(".review-next").is_enabled():
            first.locator(".review-next").click()
        expect(first.locator(".review-trick")).to_be_visible()
        one.page.click("dialog[data-dialog=review][open] .app-dialog-close")

        # Each opens the other's link: the engine checks it and adds the friend.
        for sp, link, friend, end_friend, end_own, own_name in (
            (one, link_two, "Ben", end_two, end_one, "Ana"),
            (two, link_one, "Ana", end_one, end_two, "Ben"),
        ):
            sp.goto(link.removeprefix(site_url) + "&" + KNOBS)
            sp.wait_engine_ready(timeout_ms=150_000)
            dialog = sp.page.locator("dialog[data-dialog=friends][open]")
            expect(dialog.locator(".friends-status")).to_have_text(
                f"{friend} is in the table.", timeout=120_000
            )
            assert rows(sp) == [
                [f"You ({own_name})", *expected_row(end_own)],
                # The test knob's computer level is not the default one: the table says so.
                [
                    f"{friend} (against the computer players of level random)",
                    *expected_row(end_friend),
                ],
            ]
            assert "friend=" not in sp.page.url  # the code is not left in the address bar
            stored = json.loads(local_storage(sp)[FRIENDS_KEY])
            assert [entry["name"] for entry in stored["friends"]] == [friend]

        # A tampered code is refused with a reason and changes nothing.
        before = local_storage(one)[FRIENDS_KEY]
        code = link_two.split("friend=")[1]
        tampered = code[:-8] + ("A" if code[-8] != "A" else "B") + code[-7:]
        dialog = one.page.locator("dialog[data-dialog=friends][open]")
        dialog.locator(".friends-input").fill(tampered)
        dialog.locator(".friends-add").click()
        expect(dialog.locator(".friends-status")).to_contain_text("Not added:", timeout=120_000)
        assert local_storage(one)[FRIENDS_KEY] == before
        dialog.locator(".friends-input").fill("<script>alert(1)</script>")
        dialog.locator(".friends-add").click()
        expect(dialog.locator(".friends-status")).to_contain_text("Not added:")
        assert local_storage(one)[FRIENDS_KEY] == before
        # The table can be cleared.
        dialog.locator(".friends-clear").click()
        assert FRIENDS_KEY not in local_storage(one)
        assert rows(one)[-1] == ["Nobody is in this daily's table yet."]
        one.assert_clean()
        two.assert_clean()


def test_a_bad_friends_table_is_set_aside(browser: Any, site_url: str) -> None:
    with site_context(browser, site_url, storage={FRIENDS_KEY: "{not json"}) as sp:
        open_site(sp)
        choose_menu(sp.page, "friends")
        dialog = sp.page.locator("dialog[data-dialog=friends][open]")
        dialog.wait_for()
        assert rows(sp) == [["Nobody is in this daily's table yet."]]
        stored = local_storage(sp)
        assert FRIENDS_KEY not in stored
        assert any(
            json.loads(v).get("from") == FRIENDS_KEY for k, v in stored.items() if "setaside" in k
        )
        expect(sp.page.locator("#app-notices")).to_contain_text("friends' table")
        sp.assert_clean()


#: Holds the engine's next review answer until ``globalThis.releaseReview()``;
#: ``reviewAnswered`` turns true once the page has had it.
HOLD_REVIEW_JS = """() => {
  const engine = globalThis.stichtag.engine;
  const request = engine.request.bind(engine);
  engine.request = (req, options) => {
    if (req.op !== "review") return request(req, options);
    engine.request = request;
    return new Promise((resolve) => {
      globalThis.releaseReview = () => request(req, options).then((reply) => {
        resolve(reply);
        setTimeout(() => { globalThis.reviewAnswered = true; }, 0);
      });
    });
  };
}"""


def test_the_deal_just_finished_is_reviewed_from_the_panel_and_play_goes_on(
    browser: Any, site_url: str
) -> None:
    with site_context(browser, site_url) as sp:
        open_site(sp)
        between = play(sp, until=lambda now: now["phase"] == "deal")
        assert between["phase"] == "deal", "the daily ended without a deal on show"
        review = sp.page.locator("dialog[data-dialog=review][open]")
        # Closed while the engine works on it, the review stays closed when the answer comes.
        sp.page.evaluate(HOLD_REVIEW_JS)
        sp.page.click("#table .panel-button.panel-review")
        expect(review.locator(".review-loading")).to_be_visible()
        close_while_loading = review.locator(".app-dialog-close").bounding_box()
        sp.page.click("dialog[data-dialog=review][open] .app-dialog-close")
        expect(review).to_have_count(0)
        sp.page.evaluate("() => globalThis.releaseReview()")
        sp.page.wait_for_function("() => globalThis.reviewAnswered === true")
        expect(review).to_have_count(0)
        sp.page.click("#table .panel-button.panel-review")
        expect(review.locator(".review-deal")).to_have_count(1)
        # The answer grows the dialog downwards: the close button stays under the finger.
        assert review.locator(".app-dialog-close").bounding_box() == close_while_loading
        title = review.locator(".review-deal-title")
        expect(title).to_be_focused()
        assert review.locator(".review-hand").count() == 4  # every hand face up
        first = review.locator(".review-deal").first
        while first.locator(".review-next").is_enabled():
            first.locator(".review-next").click()
        expect(first.locator(".review-trick")).to_be_visible()
        sp.page.click("dialog[data-dialog=review][open] .app-dialog-close")
        expect(review).to_have_count(0)
        assert state(sp)["save"] == between["save"]  # reviewing changed nothing
        sp.page.click("#table .panel-button.continue")
        wait_for_change(sp, between)
        assert state(sp)["phase"] != "deal"
        sp.assert_clean()
