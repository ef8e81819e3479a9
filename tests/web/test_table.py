"""The card table end to end: whole matches played by clicking and by
keyboard, refusals explained on the card, historic bidding, phone layout and
French faces. The test picks among what the page offers (cards not marked
aria-disabled, the call buttons shown); no rule is computed here."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import SitePage
from daily_support import SharedPage, shared_page, visit
from phone_support import page_fits, phone_context
from playwright.sync_api import expect

from engine import records
from engine.bridge import Session
from engine.saves import opened

SHOTS = Path(__file__).resolve().parents[2] / ".cache" / "screenshots"

#: What the table is waiting for: "turn" (a card or a call of ours), "deal"
#: (the deal result panel), "over" (the match result), or false while busy.
STATE_JS = """
() => {
  const root = document.getElementById("table");
  const phase = root.dataset.phase;
  if (root.dataset.busy === "true") return false;
  if (phase === "deal" || phase === "over") {
    return document.querySelector(".result-panel:not([hidden]) .panel-button") ? phase : false;
  }
  if (document.querySelector(".card-mine.legal") || document.querySelector(".calls .call")) return "turn";
  return false;
}
"""


def wait_state(page: Any, timeout_ms: int = 45_000) -> str:
    return page.wait_for_function(STATE_JS, timeout=timeout_ms).json_value()


def open_table(site_page: SitePage, query: str) -> Any:
    site_page.goto(query)
    site_page.wait_engine_ready(120_000)  # generous: CI machines can be busy
    page = site_page.page
    page.wait_for_selector("#table[data-phase] .hand-mine .card-mine", timeout=20_000)
    return page


@pytest.fixture(scope="module")
def shared(browser: Any, site_url: str) -> Iterator[SharedPage]:
    """One page for the matches opened from a seed (daily_support.SharedPage): each test
    opens its game as a link would, by the app's own navigation."""
    yield from shared_page(browser, site_url, "game=karnoffel", "level=random&pace=0")


@pytest.fixture()
def table(shared: SharedPage, request: Any) -> Iterator[SitePage]:
    yield from shared.use(request)


def open_seeded(sp: SitePage, query: str) -> Any:
    """Open ``query`` (a seed, rules, faces) on the shared page and wait for the hand."""
    visit(sp, query)
    page = sp.page
    page.wait_for_selector("#table[data-phase] .hand-mine .card-mine", timeout=20_000)
    return page


def response(page: Any) -> dict[str, Any]:
    return page.evaluate("globalThis.stichtag.game.response")


def shown_final_score(page: Any) -> tuple[int, int]:
    panel = page.locator(".result-panel")
    return int(panel.locator(".final-us").inner_text()), int(
        panel.locator(".final-them").inner_text()
    )


def play_by_clicking(page: Any, rng: random.Random, max_moves: int = 2000) -> dict[str, int]:
    """Click through a whole match; prefer raises so historic matches end sooner."""
    counts = {"cards": 0, "calls": 0, "deals": 0}
    for _ in range(max_moves):
        state = wait_state(page)
        if state == "over":
            return counts
        if state == "deal":
            page.locator(".result-panel .continue").click()
            counts["deals"] += 1
            continue
        calls = page.locator(".calls .call")
        if calls.count():
            names = [calls.nth(i).get_attribute("data-action") for i in range(calls.count())]
            for preferred in ("counter", "raise", "accept", "show", "no-show", "pass"):
                if preferred in names:
                    choice = preferred if preferred != "show" or rng.random() < 0.5 else "no-show"
                    if choice not in names:
                        choice = preferred
                    break
            else:
                choice = names[0]
            page.locator(f".calls .call[data-action='{choice}']").click()
            counts["calls"] += 1
            continue
        legal = page.locator(".card-mine.legal")
        legal.nth(rng.randrange(legal.count())).click()
        counts["cards"] += 1
    raise AssertionError(f"the match did not end within {max_moves} moves")


def test_a_classic_match_played_by_clicking_matches_the_engine_replay(table: SitePage) -> None:
    page = open_seeded(table, "seed=table-click-1")
    # The table shows the four seats by name and role, and the chosen suit.
    for name, role in (
        ("South", "you"),
        ("West", "opponent"),
        ("North", "partner"),
        ("East", "opponent"),
    ):
        assert page.locator(f".seat[aria-label='{name} ({role})']").count() == 1
    assert page.locator(".info-block.chosen .chosen-name").inner_text()
    partner = response(page)["view"]["hands"][2]
    assert partner["count"] == len(partner["known"])  # classic: the partner's hand is face up
    assert (
        page.locator(".seat.role-partner .hand-other .card[data-card]").count() == partner["count"]
    )
    start = time.monotonic()
    counts = play_by_clicking(page, random.Random(1))
    print(f"classic match by clicking: {counts} in {time.monotonic() - start:.1f} s")

    record = response(page)["save"]
    outcome = records.replay(opened(record)).outcome()
    assert outcome["finished"] is True
    us, them = shown_final_score(page)
    assert (us, them) == (outcome["score"][0], outcome["score"][1])
    assert max(us, them) == record["rules"].get("target", 7)
    assert page.locator(".result-panel .panel-title").inner_text()
    assert page.locator(".result-panel .new-match").is_visible()
    table.assert_clean()


def test_a_whole_deal_by_keyboard_only(table: SitePage) -> None:
    page = open_seeded(table, "seed=table-keys-2")
    # Tab into the hand.
    for _ in range(30):
        if page.evaluate(
            "document.activeElement && document.activeElement.classList.contains('card-mine')"
        ):
            break
        page.keyboard.press("Tab")
    else:
        raise AssertionError("Tab never reached the hand")
    played = 0
    while True:
        state = wait_state(page)
        if state in ("deal", "over"):
            break
        assert state == "turn"
        cards = page.locator(".hand-mine .card-mine")
        disabled = [
            cards.nth(i).get_attribute("aria-disabled") == "true" for i in range(cards.count())
        ]
        here = page.evaluate(
            "[...document.querySelectorAll('.hand-mine .card-mine')].indexOf(document.activeElement)"
        )
        assert here >= 0, "keyboard focus left the hand"
        target = disabled.index(False)
        for _ in range((target - here) % len(disabled)):
            page.keyboard.press("ArrowRight")
        focused = page.evaluate("document.activeElement.dataset.card")
        assert focused == cards.nth(target).get_attribute("data-card")
        page.keyboard.press("Enter")
        played += 1
    assert played >= 2
    # The result panel has the focus: Enter continues with the next deal,
    # and the focus goes back to the new hand.
    assert page.evaluate("document.activeElement.classList.contains('continue')")
    assert "Deal 1" in page.locator(".result-panel .panel-title").inner_text()
    page.keyboard.press("Enter")
    page.wait_for_function("() => globalThis.stichtag.game.response.view.deal_number === 2")
    wait_state(page)
    assert page.evaluate("document.activeElement.classList.contains('card-mine')")
    table.assert_clean()


def devil_seed() -> str:
    """A seed where the human leads the first trick holding the Devil (found with the engine)."""
    for i in range(500):
        seed = f"table-devil-{i}"
        view = Session().op_new({"game": "karnoffel", "seed": seed, "level": "random"})["view"]
        reasons = view["hand_reasons"]
        if view["to_act"] == 0 and any(r["key"] == "devil_first_lead" for r in reasons.values()):
            return seed
    raise AssertionError("no seed found")


def test_an_unplayable_card_says_why(site_page: SitePage) -> None:
    page = open_table(site_page, f"?seed={devil_seed()}&level=random&pace=0")
    assert wait_state(page) == "turn"
    view = response(page)["view"]
    devil = next(card for card, r in view["hand_reasons"].items() if r["key"] == "devil_first_lead")
    button = page.locator(f".card-mine[data-card='{devil}']")
    assert button.get_attribute("aria-disabled") == "true"
    assert "Devil" in button.locator(".card-name").text_content()  # "Bells 7 (Devil)"
    assert "may not be led to the first trick" in button.get_attribute("title")
    button.hover()
    hint = page.locator(".hand-hint")
    assert "may not be led to the first trick" in hint.inner_text()
    # Clicking it plays nothing and says why.
    page.locator(".card-mine.legal").first.focus()
    button.click(force=True)
    assert "may not be led to the first trick" in hint.inner_text()
    assert response(page)["view"]["hands"][0]["count"] == 5
    assert response(page)["view"]["trick"]["cards"] == []
    # While a computer is to play, every card says whose turn it is.
    page.evaluate("globalThis.stichtag.game.setOptions({pace: 60000})")
    page.locator(".card-mine.legal").first.click()
    page.wait_for_selector(".seat.role-you:not(.to-act)")
    first = page.locator(".hand-mine .card-mine").first
    assert first.get_attribute("aria-disabled") == "true"
    assert "Not your turn" in first.get_attribute("title")
    assert "West" in first.get_attribute("title")
    assert page.locator(".seat-west .tag-turn").is_visible()
    site_page.assert_clean()


def test_a_historic_match_through_bids_and_shows_by_clicking(table: SitePage) -> None:
    page = open_seeded(table, "seed=table-historic-3&rules=historic")
    assert page.locator(".info-block.bid .bid-value").inner_text() == "4"
    start = time.monotonic()
    counts = play_by_clicking(page, random.Random(3))
    print(f"historic match by clicking: {counts} in {time.monotonic() - start:.1f} s")
    assert counts["calls"] > 0
    record = response(page)["save"]
    outcome = records.replay(opened(record)).outcome()
    assert outcome["finished"] is True
    assert shown_final_score(page) == (outcome["score"][0], outcome["score"][1])
    assert any(call in record["actions"] for call in ("show", "no-show"))
    table.assert_clean()


def test_phone_layout_shows_the_whole_hand(browser: Any, site_url: str) -> None:
    # A real phone (is_mobile, has_touch): it lays the page out at its widest
    # element, so anything too wide would widen the whole page, not just scroll.
    with phone_context(browser, site_url, phone="360x740") as sp:
        page = open_table(sp, "?seed=table-phone-4&level=random&pace=0")
        wait_state(page)
        # A first visit offers the tutorial above the table; the person can put it away.
        page.locator('[data-notice="learn-offer"] .app-notice-dismiss').tap()
        expect(page.locator('[data-notice="learn-offer"]')).to_have_count(0)
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "table-360x740.png"))
        # Neither the page nor the table is wider than the phone.
        page_fits(page)
        box = page.locator("#table").bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360, box
        cards = page.locator(".hand-mine .card-mine")
        assert cards.count() == 5
        for i in range(cards.count()):
            box = cards.nth(i).bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360, box
            assert box["y"] >= 0 and box["y"] + box["height"] <= 740, box  # on screen, no scrolling
            assert box["width"] >= 44  # a comfortable touch target
        for seat in ("north", "west", "east", "south"):
            box = page.locator(f".seat-{seat}").bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360, (seat, box)
        sp.assert_clean()


def test_french_faces_option(table: SitePage) -> None:
    page = open_seeded(table, "seed=table-french-5&faces=french")
    wait_state(page)
    assert page.locator("#table").get_attribute("data-faces") == "french"
    labels = " ".join(
        page.locator(".hand-mine .card-mine .card-name").evaluate_all(
            "els => els.map(e => e.textContent)"
        )
    )
    assert any(suit in labels for suit in ("Clubs", "Spades", "Hearts", "Diamonds"))
    assert not any(suit in labels for suit in ("Acorns", "Leaves", "Bells", "Ober", "Unter"))
    assert page.locator(".info-block.chosen .chosen-name").inner_text() in (
        "Clubs",
        "Spades",
        "Hearts",
        "Diamonds",
    )
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "table-french.png"))
    # The option also switches a running table back to German faces.
    page.evaluate("globalThis.stichtag.game.setOptions({faces: 'german'})")
    assert page.locator("#table").get_attribute("data-faces") == "german"
    table.assert_clean()
