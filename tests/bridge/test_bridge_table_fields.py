"""The fields the table reads instead of knowing a rule (issue 14): whose turn it is
(``turn``), whether a move was a card (``played.kind``), which legal actions are
buttons (``view.calls``) and, in Doppelkopf, the cards to pick for a poverty
exchange (``view.exchange``) and a hand dealt again (``view.redealt``)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from engine import bridge
from engine.doppelkopf.state import State

KARNOFFEL_CARD = re.compile(r"[ALHB](K|O|U|10|[2-9])")
DOPPELKOPF_CARD = re.compile(r"[CSHD](A|10|K|Q|J|9)")


@pytest.fixture(autouse=True)
def fresh_session(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bridge, "_SESSION", bridge.Session())


def call(**request: Any) -> dict[str, Any]:
    reply = json.loads(bridge.handle(json.dumps(request)))
    assert reply["ok"], reply
    return reply


def check_turn(reply: dict[str, Any]) -> None:
    view, turn = reply["view"], reply["turn"]
    assert turn["seat"] == view["to_act"]
    if view["to_act"] is None:
        assert turn["who"] == "none"
    else:
        assert turn["who"] == ("person" if view["to_act"] in view["humans"] else "computer")


def check_calls(view: dict[str, Any], card: re.Pattern[str]) -> None:
    """``calls`` are the legal actions that are neither a card nor a poverty exchange."""
    buttons = [a for a in view["legal"] if not card.fullmatch(a) and ":" not in a]
    assert view["calls"] == buttons


def play_through(game: str, rules: dict[str, Any], seed: str, card: re.Pattern[str]) -> set[str]:
    """A whole match through the bridge, checking every response; the kinds seen."""
    reply = call(op="new", game=game, rules=rules, seed=seed, level="random")
    kinds: set[str] = set()
    for _ in range(3000):
        check_turn(reply)
        view = reply["view"]
        check_calls(view, card)
        if view["phase"] == "over":
            return kinds
        who = reply["turn"]["who"]
        if who == "none":
            reply = call(op="deal")
            continue
        if who == "person":
            # A call when there is one, so that bids, shows and reservations happen.
            action = (view["calls"] or view["legal"])[-1]
            before = view["hands"][view["seat"]]["known"]
            reply = call(op="act", action=action)
            played = reply["played"]
            assert played["kind"] == ("card" if action in before else "call")
        else:
            reply = call(op="step")
            played = reply["played"]
            assert played["seat"] not in reply["view"]["humans"]
        assert played["kind"] == ("card" if card.fullmatch(played["action"]) else "call")
        kinds.add(played["kind"])
    raise AssertionError("the match did not end")


def test_a_step_is_due_exactly_when_the_turn_is_a_computers() -> None:
    reply = call(op="new", game="karnoffel", seed="turn-1", level="random")
    for _ in range(200):
        if reply["view"]["phase"] == "over":
            break
        if reply["turn"]["who"] == "computer":
            reply = call(op="step")
        else:
            refused = json.loads(bridge.handle(json.dumps({"op": "step"})))
            assert refused["error"]["key"] == "no_computer_turn"
            if reply["turn"]["who"] == "none":
                reply = call(op="deal")
            else:
                reply = call(op="act", action=reply["view"]["legal"][0])


@pytest.mark.parametrize("rules", [{"set": "classic"}, {"set": "historic"}])
def test_karnoffel_turn_calls_and_played_kind(rules: dict[str, Any]) -> None:
    kinds = play_through("karnoffel", rules, f"fields-{rules['set']}", KARNOFFEL_CARD)
    assert kinds == ({"card", "call"} if rules["set"] == "historic" else {"card"})


def test_doppelkopf_turn_calls_and_played_kind() -> None:
    kinds = play_through("doppelkopf", {}, "fields-dk", DOPPELKOPF_CARD)
    assert kinds == {"card", "call"}  # the reservations are calls


def poverty_state(answer: str) -> State:
    """A Doppelkopf hand in which the first seat that may declares a poverty
    (everyone else healthy), passes three cards, and the others answer ``answer``
    in turn until one accepts or all declined."""
    for number in range(500):
        state = State(seed=f"fields-poverty-{number}")
        state.settle_chance()
        poor = None
        while state.phase.value == "reserve":
            seat = state.current_player()
            legal = state.view(seat)["legal"]
            say = "poverty" if poor is None and "poverty" in legal else "healthy"
            poor = seat if say == "poverty" else poor
            state.apply_action(say)
        if state.phase.value != "poverty-pass":
            continue
        assert poor is not None and state.current_player() == poor
        for seat in range(4):
            exchange = state.view(seat)["exchange"]
            assert exchange == ({"kind": "pass", "cards": 3} if seat == poor else None)
        state.apply_action(state.view(poor)["legal"][0])
        while state.phase.value == "poverty-answer":
            state.apply_action(answer)
        return state
    raise AssertionError("no seed with a poverty")


def test_doppelkopf_exchange_says_which_cards_to_pick() -> None:
    state = poverty_state("accept")
    assert state.phase.value == "poverty-return"
    taker = state.current_player()
    for seat in range(4):
        exchange = state.view(seat)["exchange"]
        assert exchange == ({"kind": "return", "cards": 3} if seat == taker else None)
        assert state.view(seat)["redealt"] is False
    state.apply_action(state.view(taker)["legal"][0])
    assert all(state.view(seat)["exchange"] is None for seat in range(4))


def test_doppelkopf_redealt_while_a_declined_poverty_waits_for_the_new_deal() -> None:
    state = poverty_state("decline")
    assert state.phase.value == "deal" and state.redeals
    assert all(state.view(seat)["redealt"] is True for seat in range(4))
    state.settle_chance()
    assert all(state.view(seat)["redealt"] is False for seat in range(4))


def test_doppelkopf_redealt_is_false_after_a_hand_played_out() -> None:
    reply = call(op="new", game="doppelkopf", seed="fields-hand", level="random")
    while reply["view"]["phase"] != "deal":
        assert reply["view"]["redealt"] is False
        if reply["turn"]["who"] == "person":
            reply = call(op="act", action=reply["view"]["legal"][0])
        else:
            reply = call(op="step")
    # A redeal before the first hand would also stop here: this seed plays its hand out.
    assert len(reply["view"]["played"]) == 12 and reply["view"]["redealt"] is False
