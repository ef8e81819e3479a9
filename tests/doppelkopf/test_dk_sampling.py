"""The world sampler: never contradicts the view, and deals uniformly."""

from __future__ import annotations

import itertools
import math
from collections import Counter

from dk_ai_support import hands_deal, position
from hypothesis import given, settings
from hypothesis import strategies as st
from test_dk_knowledge import holds_facts, in_play

from engine import rng
from engine.doppelkopf.cards import Card
from engine.doppelkopf.knowledge import Knowledge, WorldSampler, read_view
from engine.doppelkopf.rules import CLUB_QUEEN, PLAYERS
from engine.doppelkopf.state import Phase, State


def consistent(known: Knowledge, hands: list[list[Card]]) -> bool:
    try:
        holds_facts(known, hands)
    except AssertionError:
        return False
    return True


def test_many_random_positions_never_give_a_contradicting_world() -> None:
    checked = 0
    for number in range(400):
        found = in_play(f"many/{number}", 4 + number % 48)
        if found is None:
            continue
        _, known = found
        sampler = WorldSampler(known)
        assert sampler.consistent
        for n in range(4):
            world = sampler.sample(rng.Stream(f"{number}/{n}"))
            assert Counter(world[known.seat]) == Counter(known.hand)
            holds_facts(known, world)
        checked += 1
    assert checked > 250


@settings(max_examples=40, deadline=None)
@given(seed=st.text("abcdef", min_size=1, max_size=6), steps=st.integers(40, 60))
def test_the_sampler_counts_every_consistent_deal(seed: str, steps: int) -> None:
    """Late positions are small enough to list every deal of the unseen cards
    (copies told apart): the sampler's count must be exactly the number that
    honour the view, so drawing in proportion to it is uniform."""
    found = in_play(seed, steps)
    if found is None:
        return
    _, known = found
    sampler = WorldSampler(known)
    others = sampler.seats
    cards = list(known.unseen)
    needs = sampler.needs
    if math.comb(len(cards), needs[0]) * math.comb(len(cards) - needs[0], needs[1]) > 4000:
        return  # too many deals to list
    total = 0
    for first in itertools.combinations(range(len(cards)), needs[0]):
        rest = [i for i in range(len(cards)) if i not in first]
        for second in itertools.combinations(rest, needs[1]):
            third = [i for i in rest if i not in second]
            hands = [list(hand) for hand in sampler.base]
            for other, picked in zip(others, (first, second, third), strict=True):
                hands[other] += [cards[i] for i in picked]
            total += consistent(known, hands)
    assert total > 0
    assert sampler.free or sampler._count(0, needs, sampler.cap) == total


def test_a_bridegroom_holds_both_club_queens_in_every_world() -> None:
    deal = hands_deal(["C10 C9 S9 H9 HK", "CQ CQ"])
    state = State(seed="tests", deals=[deal], humans=())
    state.settle_chance()
    for action in ("healthy", "marriage", "healthy", "healthy"):
        state.apply_action(action)
    assert state.phase is Phase.PLAY
    known = read_view(state.view(0))
    sampler = WorldSampler(known)
    for n in range(20):
        assert sampler.sample(rng.Stream(str(n)))[1].count(CLUB_QUEEN) == 2


def test_the_sampler_spreads_a_free_card_by_the_seats_needs() -> None:
    """At the first lead (no constraint yet) each unseen copy lands in each
    other seat about a third of the time."""
    state = position("spread", 4)
    assert state.phase is Phase.PLAY
    known = read_view(state.view(state.current_player()))
    sampler = WorldSampler(known)
    card = known.unseen[0]
    seats: Counter[int] = Counter()
    for n in range(600):
        world = sampler.sample(rng.Stream(f"spread/{n}"))
        for seat in range(PLAYERS):
            seats[seat] += world[seat].count(card)
    total = sum(seats.values())
    for seat in range(PLAYERS):
        if seat != known.seat:
            assert abs(seats[seat] / total - 1 / 3) < 0.06, seats
