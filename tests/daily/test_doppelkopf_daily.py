"""The Doppelkopf daily (issue 6): 8 hands from pinned deals, share text per hand."""

from __future__ import annotations

import json
from datetime import date

from engine import bridge
from engine.daily import pinned_daily, share_line, share_text
from engine.doppelkopf.actions import first_dealer, seeded_deal
from engine.games import GAMES
from engine.records import replay
from engine.saves import opened

DAY = date(2026, 12, 3)


def call(**request: object) -> dict:
    return json.loads(bridge.handle(json.dumps(request)))


def test_pinned_deals_are_the_seeds_deals_in_dealer_turn() -> None:
    pinned = pinned_daily("doppelkopf", DAY)
    assert pinned["seed"] == "daily/doppelkopf/2026-12-03"
    assert pinned["rules"] == {"set": "standard", "variants": []}
    assert len(pinned["deals"]) == GAMES["doppelkopf"].daily.deals >= 8
    # Only the first deal names its dealer: after it the rules say who deals.
    dealers = [first_dealer(pinned["seed"])] + [None] * (len(pinned["deals"]) - 1)
    for n, (deal, dealer) in enumerate(zip(pinned["deals"], dealers, strict=True)):
        assert deal == seeded_deal(pinned["seed"], n, dealer).to_json()
    # Without redeals the pinned daily deals what the bare seed deals.
    assert replay(pinned).view(0)["hands"] == replay(dict(pinned, deals=[])).view(0)["hands"]


def test_deals_beyond_the_pinned_ones_come_from_the_seed() -> None:
    pinned = pinned_daily("doppelkopf", DAY)
    short = dict(pinned, deals=pinned["deals"][:1])
    match = replay(short)
    while match.results == [] and not match.is_terminal():
        match.apply_action(match.legal_actions()[0])
    match.settle_chance()
    assert match.deals_dealt == 2 and match.hand_number == 2


def play_daily(today: str = "2026-12-05") -> dict:
    reply = call(
        op="daily",
        game="doppelkopf",
        date=DAY.isoformat(),
        today=today,
        level="random",
        pinned=pinned_daily("doppelkopf", DAY),
    )
    assert reply["ok"], reply
    assert reply["daily"] == {"game": "doppelkopf", "number": 3, "date": "2026-12-03"}
    while not reply["outcome"]["finished"]:
        view = reply["view"]
        if view["phase"] == "deal":
            reply = call(op="deal")
        elif view["to_act"] == 0:
            reply = call(op="act", action=view["legal"][-1])
        else:
            reply = call(op="step")
        assert reply["ok"], reply
    return reply


def test_a_daily_is_eight_hands_the_same_for_everyone_and_shares_one_mark_per_hand() -> None:
    first = play_daily()
    second = play_daily()
    assert first["save"] == second["save"]
    assert len(first["outcome"]["deals"]) == 8
    record = opened(first["save"], pinned_daily("doppelkopf", DAY)["deals"])
    assert replay(record).outcome() == first["outcome"]
    shared = call(op="share", address="https://example.org/")
    assert shared["ok"], shared
    lines = shared["text"].split("\n")
    assert lines[0] == "Stichtag · Doppelkopf #3"
    assert len(lines[2]) == 8 and set(lines[2]) <= {"🟩", "🟥", "⬜"}
    scores = first["outcome"]["score"]
    # The generator's daily carries no par: the result says so.
    assert lines[1].endswith(f"{scores[0]:+d}–{max(scores[1:]):+d} · par not known yet")
    assert shared["won"] == (scores[0] == max(scores))
    assert "of 8 hands won" in shared["line"]


def test_share_marks_neutral_for_a_hand_nobody_won() -> None:
    text = share_text("doppelkopf", 1, True, (3, 1), [None, True, False], "a")
    assert text.splitlines()[2] == "⬜🟩🟥"
    assert share_line("doppelkopf", 1, True, (3, 1), [None, True, False]).endswith(
        "1 of 3 hands won."
    )


def test_catalog_offers_doppelkopf_with_its_variants_and_daily() -> None:
    reply = call(op="catalog", today="2026-12-03")
    assert reply["games"]["doppelkopf"]["variants"] == [
        "second-heart-ten",
        "soloist-leads",
        "charlie-winning-only",
    ]
    assert "doppelkopf" in reply["daily"]["games"]
