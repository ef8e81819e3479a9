"""The Doppelkopf table end to end (issue 6): a whole 8-hand daily played by
clicking (= the engine's replay of its record, shared, counted, same for
everyone, restored on reload), a marriage, a poverty (taken, and declined by
all → redeal) and a solo hand through the UI, and the free game's variants.

Every move is chosen from what the engine offers (``view.legal``) and made by
clicking the matching element of the page; no rule is computed here. Seeds
for the special hands are found by playing the hand's opening with the
engine in this process (deterministic computer players, same level)."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from conftest import SitePage
from daily_support import (
    TODAY,
    SharedPage,
    local_storage,
    open_site,
    shared_page,
    site_context,
    state,
    visit,
    wait_for_change,
)
from menu_support import choose_menu
from playwright.sync_api import expect

from engine import records
from engine.bridge import Session
from engine.daily import pinned_daily
from engine.saves import opened

SHOTS = Path(__file__).resolve().parents[2] / ".cache" / "screenshots"
LEVEL = "easy"  # says healthy unless its hand is strong: special hands stay South's
KNOBS = f"level={LEVEL}&pace=0"


# ------------------------------------------------------------------ helpers
def click_action(sp: Any, view: dict[str, Any], action: str) -> None:
    """Make ``action`` (one of view.legal) by clicking the page."""
    page = sp.page
    assert action in view["legal"], (action, view["legal"])
    if action.startswith(("pass:", "return:")):
        pick_cards(sp, action.split(":", 1)[1].split(","))
        page.click("#table .dk-confirm-exchange")
    elif re.fullmatch(r"[CSHD](A|10|K|Q|J|9)", action):
        button = page.locator(f'#table .card-mine[data-card="{action}"]').first
        assert button.get_attribute("aria-disabled") == "false"
        button.click()
    else:
        page.click(f'#table .calls .call[data-action="{action}"]')


def pick_cards(sp: Any, cards: list[str]) -> None:
    page = sp.page
    for picked in range(page.locator("#table .dk-pick.picked").count()):
        page.locator("#table .dk-pick.picked").first.click()
    for card in cards:
        page.locator(f'#table .dk-pick[data-card="{card}"]:not(.picked)').first.click()


def choose(view: dict[str, Any], rng: random.Random) -> str:
    """A move among the engine's legal ones (healthy in the reservation, sometimes an announcement)."""
    legal = view["legal"]
    if "healthy" in legal:
        return "healthy"
    cards = [a for a in legal if re.fullmatch(r"[CSHD](A|10|K|Q|J|9)", a)]
    if "announce" in legal and rng.random() < 0.08:
        return "announce"
    return rng.choice(cards or legal)


def play_hand(
    sp: Any, rng: random.Random, south: Any = None, max_moves: int = 400
) -> dict[str, Any]:
    """Click through until the hand (or match) is over; ``south(view)`` may pick South's moves."""
    for _ in range(max_moves):
        now = state(sp)
        if now["phase"] in ("deal", "over"):
            return now
        view = now["view"]
        if view["to_act"] == view["seat"] and view["legal"]:
            action = (south(view) if south else None) or choose(view, rng)
            click_action(sp, view, action)
        else:
            wait_for_change(sp, now)
    return state(sp)


def find_seed(prefix: str, want: Any, south: Any, tries: int = 6000) -> str:
    """The first seed whose first hand, with South playing ``south(view)``, satisfies ``want(view)``."""
    for i in range(tries):
        seed = f"{prefix}-{i}"
        session = Session()
        reply = session.op_new({"game": "doppelkopf", "seed": seed, "level": LEVEL})
        for _ in range(40):
            view = reply["view"]
            if view["phase"] in ("play", "deal"):
                break
            if view["to_act"] == 0:
                reply = session.op_act({"action": south(view) or view["legal"][0]})
            else:
                reply = session.op_step({})
        if want(reply["view"]):
            return seed
    raise AssertionError(f"no seed found for {prefix}")


def shown_hand_result(sp: Any) -> dict[str, Any]:
    panel = sp.page.locator("#table .result-panel")
    panel.wait_for(state="visible")
    return {
        "title": panel.locator(".panel-title").inner_text(),
        "re": int(panel.locator(".dk-points-re").inner_text()),
        "kontra": int(panel.locator(".dk-points-kontra").inner_text()),
        "breakdown": panel.locator(".dk-breakdown li").all_inner_texts(),
    }


def open_free(sp: Any, seed: str) -> None:
    """Open the free Doppelkopf game of ``seed`` by the app's own navigation."""
    visit(sp, f"free&game=doppelkopf&seed={seed}")
    sp.page.wait_for_selector("#table .dk-hand-mine", timeout=30_000)


@pytest.fixture(scope="module")
def shared(browser: Any, site_url: str) -> Iterator[SharedPage]:
    """One page for the hands played from a seed (daily_support.SharedPage): each test
    opens its free game as a link or the new-game dialog would."""
    yield from shared_page(browser, site_url, "game=doppelkopf", KNOBS)


@pytest.fixture()
def table(shared: SharedPage, request: Any) -> Iterator[SitePage]:
    yield from shared.use(request)


def say(reservation: str) -> Any:
    return lambda view: reservation if reservation in view["legal"] else None


# -------------------------------------------------------------------- tests
def test_the_reservation_question_explains_itself_and_marks_the_engines_suggestion(
    table: SitePage,
) -> None:
    """Issue 43: "healthy, or a reservation?" says what the two mean, marks the
    engine's own suggestion (its hint, with its reason) and lists the reservations
    on offer, with hints switched off."""
    sp = table
    open_free(sp, "newcomer-reserve")
    page = sp.page
    suggestion = page.locator("#table .dk-suggestion")
    suggestion.wait_for(timeout=60_000)
    now = state(sp)
    view = now["view"]
    assert view["phase"] == "reserve" and view["to_act"] == view["seat"]
    session = Session()
    session.op_load({"save": now["save"], "level": LEVEL})
    expected = session.op_hint({})
    marked = page.locator("#table .calls .call-suggested")
    assert marked.count() == 1 and marked.get_attribute("data-action") == expected["action"]
    # The engine's reason (its cards put in words by the page's messages.js).
    said = expected["reason"]["text"].split(":")[0]  # "Say healthy", "Play a solo ..."
    assert suggestion.inner_text().startswith(f"Suggestion: {said}:")
    details = page.locator("#table .dk-reserve-details")
    assert details.get_attribute("open") is None
    details.locator("summary").click()
    explain = page.inner_text("#table .dk-reserve-explain")
    assert explain.startswith("Healthy: a normal game") and "solo" in explain
    lines = details.locator("li").all_inner_texts()
    assert lines[0].startswith("Diamonds, Hearts, Spades or Clubs solo")
    assert any(line.startswith("Ace solo: no trumps") for line in lines)
    assert page.evaluate("globalThis.stichtag.game.hints") == 0
    # The suggested call is made by a tap; the next question has no mark left over.
    marked.click()
    page.wait_for_function(
        "() => globalThis.stichtag.game.response.view.phase !== 'reserve'", timeout=60_000
    )
    assert page.locator("#table .dk-reserve-help").count() == 0
    sp.assert_clean()


def test_doppelkopf_daily_by_clicking_is_the_engines_replay_shared_and_the_same_for_everyone(
    browser: Any, site_url: str
) -> None:
    started = time.monotonic()
    rng = random.Random(6)
    with site_context(browser, site_url) as sp:
        open_site(sp, "game=doppelkopf", KNOBS)
        page = sp.page
        page.wait_for_selector("#table .dk-hand-mine .card-mine", timeout=30_000)
        assert "Doppelkopf · Daily #3" in page.locator("#app-title").inner_text()
        first = state(sp)
        assert first["save"]["seed"] == f"daily/doppelkopf/{TODAY}"
        assert len(first["view"]["hands"][0]["known"]) == 12
        assert page.locator("#table .hand-other").count() == 3
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "dk_daily_start.png"))

        # A few moves, then a reload: the save brings back the same game.
        play_hand(sp, rng, max_moves=6)
        before = state(sp)["save"]
        page.reload()
        sp.wait_engine_ready(timeout_ms=150_000)
        assert state(sp)["save"] == before
        assert any(":daily:doppelkopf:" in key for key in local_storage(sp))

        hands = 0
        while True:
            now = play_hand(sp, rng)
            if now["phase"] == "over":
                break
            if now["view"]["played"] and len(now["view"]["played"]) == 12:
                hands += 1
                result = shown_hand_result(sp)
                assert result["re"] + result["kontra"] == 240
                assert result["breakdown"]
                if hands == 1:
                    page.screenshot(path=str(SHOTS / "dk_hand_result.png"))
            page.click("#table .result-panel .continue")
        final = state(sp)
        pinned = pinned_daily("doppelkopf", date.fromisoformat(TODAY))
        outcome = records.replay(opened(final["save"], pinned["deals"])).outcome()
        assert outcome == final["outcome"] and outcome["finished"] and len(outcome["deals"]) == 8
        shown = [
            int(page.locator(f'#table .dk-final[data-seat="{seat}"] b').inner_text())
            for seat in range(4)
        ]
        assert shown == outcome["score"]
        assert page.locator("#table .dk-hand-list li").count() == 8
        # The result dialog: share text with one mark per hand, the result counted.
        share = page.locator(".share-text")
        share.wait_for(timeout=20_000)
        text = share.inner_text()
        lines = text.split("\n")
        assert lines[0] == "Stichtag · Doppelkopf #3"
        assert len(lines[2]) == 8 and set(lines[2]) <= {"🟩", "🟥", "⬜"}
        won = outcome["score"][0] == max(outcome["score"])
        assert lines[1].startswith("Won" if won else "Lost")
        page.screenshot(path=str(SHOTS / "dk_daily_over.png"))
        stats = local_storage(sp).get("stichtag:v1:stats:doppelkopf")
        assert stats and "results" in stats
        sp.assert_clean()
        first_hand = first["view"]["hands"][0]["known"]

    # Another player, a fresh device: the same daily.
    with site_context(browser, site_url) as other:
        open_site(other, "game=doppelkopf", KNOBS)
        other.page.wait_for_selector("#table .dk-hand-mine .card-mine", timeout=30_000)
        again = state(other)
        assert again["save"]["seed"] == f"daily/doppelkopf/{TODAY}"
        assert again["view"]["hands"][0]["known"] == first_hand
        other.assert_clean()
    print(f"daily match: {time.monotonic() - started:.1f} s")


def test_a_marriage_hand_through_the_ui(table: SitePage) -> None:
    seed = find_seed(
        "dk-marriage",
        lambda v: (
            (v["contract"] or {}).get("kind") == "marriage" and v["contract"]["declarer"] == 0
        ),
        say("marriage"),
    )
    sp = table
    open_free(sp, seed)
    page = sp.page
    assert state(sp)["view"]["to_act"] == 0
    assert page.locator('#table .calls .call[data-action="marriage"]').is_visible()
    play_hand(sp, random.Random(1), south=say("marriage"), max_moves=1)
    now = state(sp)
    assert now["view"]["contract"]["kind"] == "marriage"
    assert page.locator('#table .seat[data-seat="0"] .dk-declarer').inner_text() == "Marriage"
    assert page.locator("#table .dk-contract").inner_text() == "Marriage"
    now = play_hand(sp, random.Random(2))
    # After the first three tricks at most the marriage is settled and said.
    marriage = now["view"]["marriage"]
    assert marriage["clarified_in"] is not None
    result = shown_hand_result(sp)
    assert result["re"] + result["kontra"] == 240
    assert now["view"]["results"][0]["kind"] == "marriage"
    sp.assert_clean()


def test_a_poverty_hand_pass_refused_then_taken_and_returned(table: SitePage) -> None:
    def taken(v: dict[str, Any]) -> bool:
        poverty = v["poverty"]
        return bool(poverty) and poverty["poor"] == 0 and poverty["acceptor"] is not None

    seed = find_seed("dk-poverty", taken, say("poverty"))
    sp = table
    open_free(sp, seed)
    page = sp.page
    play_hand(sp, random.Random(1), south=say("poverty"), max_moves=1)
    now = state(sp)
    view = now["view"]
    assert view["phase"] == "poverty-pass" and view["to_act"] == 0
    assert page.locator("#table .dk-picking .dk-pick").count() == 12
    confirm = page.locator("#table .dk-confirm-exchange")
    assert confirm.is_disabled()
    # Three cards the engine does not allow (not all trumps among them): refused with its reason.
    legal = {tuple(sorted(a.split(":")[1].split(","))) for a in view["legal"]}
    hand = view["hands"][0]["known"]
    wrong = next(combo for combo in _triples(hand) if tuple(sorted(combo)) not in legal)
    pick_cards(sp, list(wrong))
    assert confirm.is_enabled()
    page.screenshot(path=str(SHOTS / "dk_poverty_pick.png"))
    confirm.click()
    expect(page.locator("#table .hand-hint")).to_contain_text("trumps")
    assert state(sp)["view"]["phase"] == "poverty-pass"
    # Now the engine's first allowed pass.
    click_action(sp, view, view["legal"][0])
    now = state(sp)
    assert now["view"]["phase"] == "play"
    poverty = now["view"]["poverty"]
    assert poverty["acceptor"] is not None and poverty["returned_cards"]
    assert page.locator("#table .dk-contract").inner_text() == "Poverty"
    partner = poverty["acceptor"]
    assert page.locator(f'#table .seat[data-seat="{partner}"] .dk-party').inner_text() == "Re"
    assert page.locator('#table .seat[data-seat="0"] .dk-party').inner_text() == "Re"
    play_hand(sp, random.Random(3))
    result = shown_hand_result(sp)
    assert result["re"] + result["kontra"] == 240
    sp.assert_clean()


def test_a_poverty_nobody_takes_is_dealt_again(table: SitePage) -> None:
    seed = find_seed(
        "dk-redeal", lambda v: v["phase"] == "deal" and bool(v["redeals"]), say("poverty")
    )
    sp = table
    open_free(sp, seed)
    page = sp.page
    play_hand(sp, random.Random(1), south=say("poverty"), max_moves=1)
    view = state(sp)["view"]
    click_action(sp, view, view["legal"][0])
    now = state(sp)
    assert now["view"]["phase"] == "deal" and now["view"]["results"] == []
    panel = page.locator("#table .result-panel")
    assert "dealt again" in panel.locator(".panel-title").inner_text()
    assert "Nobody took your poverty" in panel.locator(".dk-redeal").inner_text()
    page.click("#table .result-panel .continue")
    after = state(sp)["view"]
    assert after["phase"] in (
        "reserve",
        "play",
        "poverty-pass",
        "poverty-answer",
        "poverty-return",
    )
    assert after["hand_number"] == 1 and after["deal_number"] == 2
    assert page.locator("#table .dk-hand-number").inner_text() == "1 / 8"
    sp.assert_clean()


def test_a_solo_hand_through_the_ui(table: SitePage) -> None:
    seed = find_seed(
        "dk-solo",
        lambda v: (v["contract"] or {}).get("kind") == "solo" and v["contract"]["declarer"] == 0,
        say("solo-queens"),
    )
    sp = table
    open_free(sp, seed)
    page = sp.page
    play_hand(sp, random.Random(1), south=say("solo-queens"), max_moves=1)
    now = state(sp)
    assert now["view"]["contract"] == {"kind": "solo", "trumps": "queens", "declarer": 0}
    assert page.locator("#table .dk-contract").inner_text() == "Queen solo"
    assert page.locator('#table .seat[data-seat="0"] .dk-party').inner_text() == "Re"
    assert [
        page.locator(f'#table .seat[data-seat="{s}"] .dk-party').inner_text() for s in (1, 2, 3)
    ] == ["Kontra"] * 3
    # Unplayable cards say why (the engine's reason), playable ones are marked.
    view = now["view"]
    if view["to_act"] == 0:
        hand = view["hands"][0]["known"]
        assert page.locator("#table .card-mine.legal").count() == sum(
            card in view["legal"] for card in hand
        )
        for card in set(hand) - set(view["legal"]):
            reason = page.locator(f'#table .card-mine[data-card="{card}"]').first.get_attribute(
                "data-reason"
            )
            assert reason and "cannot be played" in reason
    page.screenshot(path=str(SHOTS / "dk_solo.png"))
    now = play_hand(sp, random.Random(4))
    result = shown_hand_result(sp)
    assert result["re"] + result["kontra"] == 240
    assert now["view"]["results"][0]["kind"] == "solo"
    # The soloist's score is three times each other's (zero-sum).
    scores = now["view"]["results"][0]["scores"]
    assert scores[0] == -3 * scores[1] and sum(scores) == 0
    assert page.locator("#table .dk-hand-score").count() == 4
    sp.assert_clean()


def test_free_doppelkopf_variants_are_chosen_and_remembered(browser: Any, site_url: str) -> None:
    with site_context(browser, site_url) as sp:
        open_site(sp, "free", "level=random&pace=0")
        page = sp.page
        choose_menu(page, "new")
        form = page.locator(".new-game-form")
        form.locator("select[name=game]").select_option("doppelkopf")
        assert form.locator("select[name=set]").is_hidden()
        form.locator("input[value=soloist-leads]").check()
        form.locator(".new-game-start").click()
        page.wait_for_function(
            "() => { const r = globalThis.stichtag.game.response; return r && r.view.game === 'doppelkopf'; }"
        )
        assert state(sp)["view"]["rules"] == {"set": "standard", "variants": ["soloist-leads"]}
        assert "game=doppelkopf" in page.url
        choose_menu(page, "new")
        assert page.locator(".new-game-form input[value=soloist-leads]").is_checked()
        assert page.locator(".new-game-form select[name=game]").input_value() == "doppelkopf"
        sp.assert_clean()


def _triples(cards: list[str]) -> list[tuple[str, str, str]]:
    from itertools import combinations

    return list(combinations(cards, 3))


def test_taking_a_computers_poverty_and_returning_three_cards(table: SitePage) -> None:
    def south(view: dict[str, Any]) -> str | None:
        return next((a for a in ("accept", "healthy") if a in view["legal"]), None)

    def taken_by_south(v: dict[str, Any]) -> bool:
        return bool(v["poverty"]) and v["poverty"]["poor"] != 0 and v["poverty"]["acceptor"] == 0

    seed = find_seed("dk-take", taken_by_south, south)
    sp = table
    open_free(sp, seed)
    page = sp.page
    play_hand(sp, random.Random(1), south=south, max_moves=2)
    view = state(sp)["view"]
    assert view["phase"] == "poverty-return" and view["to_act"] == 0
    assert len(view["poverty"]["passed_cards"]) == 3
    assert page.locator("#table .dk-picking .dk-pick").count() == 15
    assert "Return" in page.locator("#table .dk-confirm-exchange").inner_text()
    click_action(sp, view, view["legal"][-1])
    now = state(sp)
    assert now["view"]["phase"] == "play"
    assert len(now["view"]["hands"][0]["known"]) == 12 or now["view"]["to_act"] != 0
    assert page.locator('#table .seat[data-seat="0"] .dk-party').inner_text() == "Re"
    play_hand(sp, random.Random(5))
    assert shown_hand_result(sp)["re"] + shown_hand_result(sp)["kontra"] == 240
    sp.assert_clean()
