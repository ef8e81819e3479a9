"""Exact endings: the solver's score is the engine's, and it is the best one can do."""

from __future__ import annotations

import pytest
from dk_ai_support import position
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.doppelkopf.heuristic import legal_cards
from engine.doppelkopf.knowledge import read_view
from engine.doppelkopf.search import play_out
from engine.doppelkopf.solver import POINT_WEIGHT, Ending
from engine.doppelkopf.state import Phase, State


def late(seed: str, tricks_played: int) -> State | None:
    state = position(seed, 30)
    while state.phase is Phase.PLAY and len(state.played) < tricks_played:
        state.apply_action(next(a for a in state.legal_actions() if str(a) != "announce"))
    return state if state.phase is Phase.PLAY else None


@settings(max_examples=40, deadline=None)
@given(seed=st.text("abcdef", min_size=1, max_size=6))
def test_the_last_trick_solves_to_the_engines_score(seed: str) -> None:
    """With every card forced the solver must score like the engine (extras,
    announcements, solos, nobody-wins hands)."""
    state = late(seed, 11)
    if state is None:
        return
    seat = state.current_player()
    known = read_view(state.view(seat))
    world = [list(hand) for hand in state.hands]
    move = state.hands[seat][0]
    assert Ending(known).seat_score(world, move) == play_out(known, world, move)


def minimax(state: State, seat: int) -> float:
    """The seat's best solved score by brute force over the engine itself:
    its party maximizes the seat's score, the other party minimizes it."""
    if state.hand_over:
        result = state.results[-1]
        points = result.summary.points(state.party_of(seat))
        return result.seat_scores[seat] + POINT_WEIGHT * (points - 120)
    mover = state.current_player()
    values = []
    for action in state.legal_actions():
        if str(action) == "announce":
            continue
        after = state.clone()
        after.apply_action(action)
        values.append(minimax(after, seat))
    friend = state.party_of(mover) is state.party_of(seat)
    return max(values) if friend else min(values)


@settings(max_examples=30, deadline=None)
@given(seed=st.text("abcdef", min_size=1, max_size=6), tricks=st.integers(10, 11))
def test_the_solver_finds_the_minimax_value_of_the_true_hands(seed: str, tricks: int) -> None:
    """In the last two tricks, the solver's value of each card equals an
    exhaustive search that plays the engine's own state to the end."""
    state = late(seed, tricks)
    if state is None:
        return
    seat = state.current_player()
    known = read_view(state.view(seat))
    world = [list(hand) for hand in state.hands]
    ending = Ending(known)
    for move in legal_cards(known.hand, known.trick, known.contract):
        after = state.clone()
        after.apply_action(move)
        assert ending.seat_score(world, move) == pytest.approx(minimax(after, seat))
