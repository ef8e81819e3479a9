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
                players.choose_action(
                    players.default_level(game), view, players.seed_for(match, seat)
                )
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


@pytest.mark.heavy
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
    play_out(
        match, players.default_level("karnoffel"), until=lambda m: len(m.outcome()["deals"]) == 1
    )
    (deal,) = review(match.to_record(), seat=0, judge=default_judge)
    assert deal["decisions"] == [] and deal["key_moment"] is None


def test_the_bridge_reviews_only_finished_deals() -> None:
    session = bridge.Session()

    def call(**request: Any) -> dict[str, Any]:
        reply: dict[str, Any] = json.loads(
            json.dumps(getattr(session, f"op_{request['op']}")(request))
        )
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


def open_values(match: Any, seat: int) -> dict[str, bool]:
    """With every hand open: does seat's team win the deal after each legal card?"""
    from engine.karnoffel.cards import Card
    from engine.karnoffel.knowledge import mask_of
    from engine.karnoffel.solver import Solver

    legal = [card for card in match.legal_actions() if isinstance(card, Card)]
    solver = Solver(match.chosen, match.spec.trick_rule, match.players)
    hands = [mask_of(card.index for card in hand) for hand in match.hands]
    trick = tuple(card.index for _, card in match.trick)
    values = solver.move_values(
        seat % 2, hands, match.leader, trick, tuple(match.tricks_won), [c.index for c in legal]
    )
    return {card.notation: values[card.index] for card in legal}


@pytest.mark.parametrize("day", [1, 2, 3, 4, 5, 6])
def test_the_karnoffel_review_marks_the_play_that_lost_a_won_deal(day: int) -> None:
    """Seat 0 keeps the deal won with every card open until, once, it plays a card
    that loses it (the opponents then play their best): the exact solver's review
    marks that play alone, naming a card that would have kept the deal."""
    match = records.replay(pinned_daily("karnoffel", date(2026, 12, day)))
    mistake: dict[str, Any] = {}
    while not match.outcome()["deals"]:
        seat = match.current_player()
        view = match.view(seat)
        action = players.choose_action("random", view, players.seed_for(match, seat))
        if seat == 0 and view["phase"] == "play":
            values = open_values(match, 0)
            keeping = sorted(card for card, wins in values.items() if wins)
            losing = sorted(card for card, wins in values.items() if not wins)
            if keeping and losing and not mistake:
                action = losing[0]
                mistake = {"index": len(match.actions), "action": action, "keeping": keeping}
            elif keeping:
                action = keeping[0]
        elif seat % 2 == 1 and view["phase"] == "play":
            # The opponents play their best with every card open, so a lost deal stays lost.
            best = sorted(card for card, wins in open_values(match, seat).items() if wins)
            action = best[0] if best else action
        match.apply_action(action)
    (deal,) = review(match.to_record(), seat=0)
    if not mistake:
        assert deal["decisions"] == []  # no play of seat 0 could change this deal
        return
    moment = deal["key_moment"]
    assert moment is not None and [d["index"] for d in deal["decisions"]] == [mistake["index"]]
    assert moment["action"] == mistake["action"]
    assert moment["better"] in mistake["keeping"]
    assert moment["reason"]["key"] == "review_kf_lost_deal"
    assert moment["reason"]["params"] == {"card": moment["better"], "other": mistake["action"]}
    assert deal["result"]["winner"] != 0  # the mistake did lose the deal
