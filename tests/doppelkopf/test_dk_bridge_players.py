"""A whole Doppelkopf match through the worker's JSON door, computers acting by ``step``."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import bridge, players
from engine.records import replay
from engine.saves import opened


@pytest.fixture(autouse=True)
def fresh_session(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bridge, "_SESSION", bridge.Session())


def call(**request: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(bridge.handle(json.dumps(request)))
    assert reply["ok"], reply
    return reply


def test_a_whole_match_through_the_bridge_replays_to_the_same_outcome() -> None:
    level = "easy"
    reply = call(op="new", game="doppelkopf", seed=f"bridge/{level}", seat=1, level=level)
    steps = 0
    while reply["view"]["phase"] != "over":
        view = reply["view"]
        if view["phase"] == "deal":
            reply = call(op="deal")
        elif view["to_act"] == view["seat"]:
            action = players.choose_action("easy", view, f"human/{steps}")
            reply = call(op="act", action=action)
        else:
            reply = call(op="step")
            assert reply["played"]["seat"] == view["to_act"] != 1
        steps += 1
    outcome = reply["outcome"]
    assert outcome["finished"] and len(outcome["deals"]) == 8
    assert sum(outcome["score"]) == 0
    assert replay(opened(reply["save"])).outcome() == outcome
    assert reply["save"]["humans"] == [1]


def test_step_refuses_the_human_turn() -> None:
    reply = call(op="new", game="doppelkopf", seed="bridge/turn", seat=0, level="easy")
    while reply["view"]["to_act"] != 0:
        reply = call(op="step")
    refused = json.loads(bridge.handle(json.dumps({"op": "step"})))
    assert refused["ok"] is False and refused["error"]["key"] == "no_computer_turn"
