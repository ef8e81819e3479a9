"""A daily's pinned par game is its computers' opening book (engine.par.ParLine).

While the person plays as the par player did, each computer move is the par
game's next one, taken without a search; as soon as play leaves the line, or
the person plays another level, the computers search again.
"""

from __future__ import annotations

import json
from datetime import date, timedelta
from typing import Any

import pytest

from engine import bridge, players
from engine.daily import pinned_daily
from engine.par import ParLine

FIRST = date(2026, 12, 1)


@pytest.fixture(autouse=True)
def fresh_session(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bridge, "_SESSION", bridge.Session())


def call(**request: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(bridge.handle(json.dumps(request)))
    assert reply["ok"], reply
    return reply


def open_daily(
    game: str, day: date, pinned: dict[str, Any], level: str | None = None
) -> dict[str, Any]:
    return call(
        op="daily",
        game=game,
        date=day.isoformat(),
        today=day.isoformat(),
        pinned=pinned,
        level=level or players.default_level(game),
    )


def searched_opening(game: str) -> tuple[date, dict[str, Any], list[str], dict[str, Any]]:
    """A daily whose computers act before the person, the actions they choose by
    searching (no par pinned), and the reply at the person's first decision."""
    for offset in range(14):
        day = FIRST + timedelta(days=offset)
        pinned = pinned_daily(game, day)
        reply = open_daily(game, day, pinned)
        steps = 0
        while reply["view"]["to_act"] != reply["view"]["seat"]:
            reply = call(op="step")
            steps += 1
        if steps:
            actions = bridge._SESSION.match.to_record()["actions"]  # type: ignore[union-attr]
            return day, pinned, actions, reply
    raise AssertionError(f"no {game} daily in two weeks where a computer acts first")


def no_search(*args: Any) -> str:
    raise AssertionError("a computer searched on the par line")


@pytest.mark.parametrize("game", ["karnoffel", "doppelkopf"])
def test_on_the_par_line_the_computers_play_its_moves_without_searching(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    day, pinned, opening, at_person = searched_opening(game)
    mine = at_person["view"]["legal"][0]
    line = {"level": players.default_level(game), "actions": [*opening, mine]}
    monkeypatch.setattr(players, "choose_action", no_search)
    reply = open_daily(game, day, {**pinned, "par": line})
    while reply["view"]["to_act"] != reply["view"]["seat"]:
        reply = call(op="step")
    assert bridge._SESSION.match.to_record()["actions"] == opening  # type: ignore[union-attr]
    assert reply["view"] == at_person["view"]


@pytest.mark.parametrize("game", ["karnoffel", "doppelkopf"])
def test_off_the_line_at_another_level_or_on_a_bad_line_the_computers_search(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    day, pinned, opening, at_person = searched_opening(game)
    searched: list[str] = []
    real_choice = players.choose_action

    def counted(level: str, view: dict[str, Any], seed: str) -> str:
        searched.append(level)
        return real_choice(level, view, seed)

    monkeypatch.setattr(players, "choose_action", counted)
    # Another level than par's plays its own moves.
    line = {"level": players.default_level(game), "actions": opening}
    other = next(level for level in players.OFFERED_LEVELS if level != players.default_level(game))
    open_daily(game, day, {**pinned, "par": line}, level=other)
    call(op="step")
    assert searched == [other]
    # A line whose next move is not legal here is not followed.
    searched.clear()
    bad = {"level": players.default_level(game), "actions": ["not-a-move", *opening[1:]]}
    open_daily(game, day, {**pinned, "par": bad})
    call(op="step")
    assert searched == [players.default_level(game)]
    # A line the person has left (another move than par's) is not followed.
    monkeypatch.setattr(players, "choose_action", no_search)
    mine = at_person["view"]["legal"]
    assert len(mine) >= 2, "the person needs a choice to leave the line"
    line = {"level": players.default_level(game), "actions": [*opening, mine[0], mine[0]]}
    reply = open_daily(game, day, {**pinned, "par": line})
    while reply["view"]["to_act"] != reply["view"]["seat"]:
        reply = call(op="step")
    call(op="act", action=mine[1])
    monkeypatch.setattr(players, "choose_action", counted)
    searched.clear()
    call(op="step")
    assert searched == [players.default_level(game)]


def test_a_par_line_is_read_only_from_a_well_formed_par() -> None:
    assert ParLine.of({"par": {"level": "hard", "actions": ["A3", "L10"]}}) == ParLine(
        "hard", ("A3", "L10")
    )
    for bad in (None, {}, {"par": []}, {"par": {"level": 3, "actions": []}}):
        assert ParLine.of(bad) is None
    assert ParLine.of({"par": {"level": "hard", "actions": ["A3", 7]}}) is None
