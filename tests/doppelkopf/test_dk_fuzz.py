"""Random full 8-hand matches, with an illegal attempt before every action."""

from __future__ import annotations

import json

import pytest
from dk_support import biased_choice

from engine import rng
from engine.doppelkopf import PACK, Rules, Variant
from engine.doppelkopf.state import CHANCE, TERMINAL, GameKind, State
from engine.errors import IllegalActionError
from engine.records import replay

NOT_ACTIONS = ["", "CQ,", "pass:CQ", "return:C9,C9,C9", "solo-grand", "H11", "announce!"]


def illegal_attempt(state: State, legal: list[str], stream: rng.Stream) -> tuple[str, int | None]:
    """Something the current player may not do now (or another seat acting)."""
    seat = state.current_player()
    kind = stream.below(4)
    if kind == 0:
        return stream.choice(legal), (seat + 1 + stream.below(3)) % 4
    if kind == 1:
        return stream.choice(NOT_ACTIONS), None
    candidates = [card.notation for card in PACK if card.notation not in legal]
    candidates += [
        a
        for a in ("healthy", "marriage", "poverty", "accept", "decline", "announce")
        if a not in legal
    ]
    return stream.choice(candidates), seat


@pytest.mark.parametrize("match", range(16))
def test_random_match_with_illegal_attempts(match: int) -> None:
    rules = Rules(frozenset(v for i, v in enumerate(Variant) if match >> i & 1))
    seed = f"fuzz/{match}"
    state = State(rules, seed=seed)
    state.settle_chance()
    stream = rng.Stream(rng.derive(seed, "players"))
    while not state.is_terminal():
        seat = state.current_player()
        assert seat not in (CHANCE, TERMINAL)
        view = state.view(seat)
        assert view["legal"] and all(state.is_legal(a, seat) for a in view["legal"])
        actions = len(state.actions)
        action, who = illegal_attempt(state, view["legal"], stream)
        with pytest.raises(IllegalActionError):
            state.apply_action(action, who)
        assert len(state.actions) == actions and state.view(seat) == view
        state.apply_action(biased_choice(view["legal"], stream), seat)
        state.settle_chance()
    assert len(state.results) == 8 and sum(state.scores) == 0
    for result in state.results:
        assert sum(result.seat_scores) == 0
        assert result.summary.re_points + (240 - result.summary.re_points) == 240
        lone = len(result.re_seats) == 1
        assert lone == (
            result.kind in (GameKind.SOLO, GameKind.SILENT_SOLO)
            or (result.kind is GameKind.MARRIAGE and result.summary.solo)
        )
    again = replay(json.loads(json.dumps(state.to_record())))
    assert again.outcome() == state.outcome()


def test_fuzz_meets_every_kind_of_game() -> None:
    seen: set[GameKind] = set()
    for match in range(12):
        state = State(seed=f"kinds/{match}")
        state.settle_chance()
        stream = rng.Stream(f"kinds/{match}")
        while not state.is_terminal():
            seat = state.current_player()
            state.apply_action(
                biased_choice([str(a) for a in state.view(seat)["legal"]], stream), seat
            )
            state.settle_chance()
        seen |= {result.kind for result in state.results}
    assert seen == set(GameKind)
