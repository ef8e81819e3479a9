"""Fast play-outs: the index-based play-out plays and scores exactly as the engine's."""

from __future__ import annotations

from dk_ai_support import position
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.doppelkopf.heuristic import legal_cards
from engine.doppelkopf.knowledge import read_view
from engine.doppelkopf.playout import INDEX, Simulation
from engine.doppelkopf.search import finish, play_out
from engine.doppelkopf.state import Phase


@settings(max_examples=60, deadline=None)
@given(seed=st.text("abcdefgh", min_size=1, max_size=6), steps=st.integers(4, 60))
def test_fast_play_outs_equal_the_engines(seed: str, steps: int) -> None:
    """Every legal card, played out by the index tables, gives the same tricks
    and the same score as the Card-based play-out scored by the engine."""
    state = position(seed, steps)
    if state.phase is not Phase.PLAY:
        return
    seat = state.current_player()
    known = read_view(state.view(seat))
    world = [list(hand) for hand in state.hands]
    simulation = Simulation(known)
    dealt = simulation.world(world)
    for move in legal_cards(known.hand, known.trick, known.contract):
        done = simulation.finish(dealt, INDEX[move])
        slow = finish(known, world, move)
        assert done.re_seats == slow.re_seats
        assert simulation.score(done) == play_out(known, world, move)
    done = simulation.finish(dealt, None)
    assert done.re_seats == finish(known, world, None).re_seats
