"""Play inference: the true deal explains a rule-based table's every card,
and worlds that explain the plays better are drawn more often."""

from __future__ import annotations

from collections import Counter

import pytest

from engine import rng
from engine.doppelkopf.cards import Card
from engine.doppelkopf.heuristic import heuristic_card
from engine.doppelkopf.inference import InferredSampler, observations, replay
from engine.doppelkopf.knowledge import Knowledge, World, WorldSampler, read_view
from engine.doppelkopf.rules import PLAYERS
from engine.doppelkopf.state import Phase, State, new_match


def heuristic_table(seed: str, cards: int) -> State:
    """A hand in which every seat says "healthy" and then plays the
    heuristic's card without announcing, ``cards`` cards into the play."""
    state = new_match(seed=seed)
    while state.phase is not Phase.PLAY:
        state.apply_action("healthy")
    for _ in range(cards):
        known = read_view(state.view(state.current_player()))
        state.apply_action(heuristic_card(known).notation)
    return state


@pytest.mark.parametrize("seed", [f"inference/{n}" for n in range(12)])
def test_the_true_deal_explains_every_card_of_a_heuristic_table(seed: str) -> None:
    state = heuristic_table(seed, 33)
    if state.phase is not Phase.PLAY:
        pytest.skip("the hand ended early")
    known = read_view(state.view(state.current_player()))
    seen = observations(known)
    assert len(seen) == 33 - sum(
        1 for trick in known.played for s, _ in trick.plays if s == known.seat
    ) - sum(1 for s, _ in known.trick if s == known.seat)
    explained = replay(known, [list(hand) for hand in state.hands], seen)
    assert all(expected for expected, _ in explained)
    assert all(choices >= 1 for _, choices in explained)


def test_observations_hold_what_the_seat_saw_when_it_played() -> None:
    state = heuristic_table("inference/shape", 9)
    known = read_view(state.view(state.current_player()))
    seen = observations(known)
    assert all(play.seat != known.seat for play in seen)
    # Cards played later by a seat were in its hand: the last play's ``later`` is just itself.
    last = seen[-1]
    assert last.later == (last.card,)
    assert sum(seen[0].gone) == 0
    assert sum(last.gone) == 8


def test_a_heuristic_table_is_read_as_one_and_its_plays_weigh() -> None:
    state = heuristic_table("inference/draws", 24)
    known = read_view(state.view(state.current_player()))
    sampler = InferredSampler(known, 80, rng.Stream("pool"))
    assert set(sampler.agreement) == set(range(PLAYERS)) - {known.seat}
    assert all(agreement >= 0.75 for agreement in sampler.agreement.values())
    weights = [b - a for a, b in zip([0.0, *sampler.cumulative], sampler.cumulative, strict=False)]
    best = max(range(len(weights)), key=lambda i: weights[i])
    worst = min(range(len(weights)), key=lambda i: weights[i])
    assert weights[best] > 100 * weights[worst], "the plays must tell worlds apart"
    # Tempered: the weights never stand for fewer than a quarter of the worlds.
    assert sum(weights) ** 2 / sum(w * w for w in weights) >= 0.25 * 80 - 1e-6
    draws = Counter(str(sampler.sample(rng.Stream(f"draw/{n}"))) for n in range(2000))
    assert draws[str(sampler.worlds[best])] > draws[str(sampler.worlds[worst])]


def test_a_seat_that_plays_at_random_is_read_as_one() -> None:
    """Seats playing the first legal card of their hand (not the heuristic's
    card) get a low agreement, so their plays hardly weigh."""
    state = new_match(seed="inference/random")
    while state.phase is not Phase.PLAY:
        state.apply_action("healthy")
    for _ in range(24):
        cards = [action for action in state.legal_actions() if isinstance(action, Card)]
        state.apply_action(cards[0])
    known = read_view(state.view(state.current_player()))
    assert len(observations(known)) == 18
    sampler = InferredSampler(known, 80, rng.Stream("pool"))
    assert all(agreement <= 0.5 for agreement in sampler.agreement.values())


def test_without_earlier_plays_the_sampler_is_the_uniform_one() -> None:
    state = heuristic_table("inference/first", 0)
    known = read_view(state.view(state.current_player()))
    inferred = InferredSampler(known, 40, rng.Stream("x"))
    assert inferred.worlds == []
    assert inferred.sample(rng.Stream("y")) == WorldSampler(known).sample(rng.Stream("y"))


def _counts_hold(known: Knowledge, world: World) -> bool:
    return [len(hand) for hand in world] == list(known.counts) and len(world) == PLAYERS


def test_every_draw_is_a_world_the_view_allows() -> None:
    state = heuristic_table("inference/allowed", 17)
    known = read_view(state.view(state.current_player()))
    sampler = InferredSampler(known, 30, rng.Stream("z"))
    for n in range(20):
        world = sampler.sample(rng.Stream(f"w/{n}"))
        assert _counts_hold(known, world)
        assert Counter(world[known.seat]) == Counter(known.hand)
