"""The review (issue 16): finished deals face up, the person's marked decisions
and one key moment per deal, never a card of a deal still in play."""

from __future__ import annotations

import json
from collections import Counter
from datetime import date
from typing import Any

import pytest

from engine import bridge, hints, players, records
from engine.core import MatchState
from engine.daily import pinned_daily
from engine.par import play_out
from engine.review import default_judge, review

DAY = date(2026, 12, 2)


def deviating_deal(game: str, mistake_at: int) -> tuple[MatchState, dict[str, Any]]:
    """Deal 0 of a daily where seat 0 follows the hint every time except at its
    ``mistake_at``-th decision (or the next one with a choice), where it takes
    another legal action: the one known mistake. Returns the match after deal 0 and that decision."""
    match = records.replay(pinned_daily(game, DAY))
    made = 0
    mistake: dict[str, Any] = {}
    while not match.outcome()["deals"]:
        seat = match.current_player()
        if seat != 0:
            view = match.view(seat)
            match.apply_action(
                players.choose_action(players.DEFAULT_LEVEL, view, players.seed_for(match, seat))
            )
            continue
        advice = hints.hint(match, seat=0)
        action = advice.action
        others = [a for a in match.view(0)["legal"] if a != advice.action]
        if made >= mistake_at and not mistake and others:
            action = others[-1]
            mistake = {"index": len(match.actions), "action": action, "better": advice.action}
        made += 1
        match.apply_action(action)
    assert mistake, "no decision with a choice at that point"
    return match, mistake


@pytest.mark.parametrize(("game", "mistake_at"), [("doppelkopf", 3), ("karnoffel", 1)])
def test_the_review_marks_the_one_known_mistake_as_the_key_moment(
    game: str, mistake_at: int
) -> None:
    match, mistake = deviating_deal(game, mistake_at)
    (deal,) = review(match.to_record(), seat=0, judge=default_judge)
    moment = deal["key_moment"]
    assert moment is not None
    assert (moment["index"], moment["action"], moment["better"]) == (
        mistake["index"],
        mistake["action"],
        mistake["better"],
    )
    assert moment["reason"]["key"].startswith("hint_")
    assert [d["index"] for d in deal["decisions"]] == [mistake["index"]]
    # Every hand face up, as play began; every trick in order (a Karnöffel deal
    # may end before every card is played).
    assert len(deal["hands"]) == 4 and all(deal["hands"])
    played = [card["card"] for trick in deal["tricks"] for card in trick["cards"]]
    assert Counter(played) <= Counter(card for hand in deal["hands"] for card in hand)


def test_following_every_hint_leaves_nothing_to_mark() -> None:
    match = records.replay(pinned_daily("karnoffel", DAY))
    play_out(match, players.DEFAULT_LEVEL, until=lambda m: len(m.outcome()["deals"]) == 1)
    (deal,) = review(match.to_record(), seat=0, judge=default_judge)
    assert deal["decisions"] == [] and deal["key_moment"] is None


def test_the_bridge_reviews_only_finished_deals() -> None:
    session = bridge.Session()

    def call(**request: Any) -> dict[str, Any]:
        reply: dict[str, Any] = json.loads(json.dumps(getattr(session, f"op_{request['op']}")(request)))
        return reply

    reply = call(op="new", game="karnoffel", seed="review-bridge", level="random")
    assert call(op="review")["deals"] == []
    while not reply["outcome"]["deals"]:
        if reply["turn"]["who"] == "person":
            reply = call(op="act", action=reply["view"]["legal"][0])
        else:
            reply = call(op="step")
        # While deal 0 is in play, the review shows nothing of it.
        if not reply["outcome"]["deals"]:
            assert call(op="review")["deals"] == []
    deals = call(op="review")["deals"]
    assert [deal["number"] for deal in deals] == [0]
    assert call(op="review", deal=0)["deals"] == deals
    assert call(op="review", deal=1)["deals"] == []
