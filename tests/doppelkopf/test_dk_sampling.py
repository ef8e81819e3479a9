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
from engine.doppelkopf.beliefs import Beliefs
from engine.doppelkopf.cards import Card
from engine.doppelkopf.knowledge import Knowledge, WorldSampler, read_view
from engine.doppelkopf.rules import CLUB_QUEEN, CONTRACTS, PLAYERS, Party
from engine.doppelkopf.state import GameKind, Phase, State, new_match


def consistent(known: Knowledge, hands: list[list[Card]]) -> bool:
    try:
        holds_facts(known, hands)
    except AssertionError:
        return False
    return True


def queens_apart(known: Knowledge, hands: list[list[Card]]) -> bool:
    """No other seat holds a club queen beside another one it holds or played."""
    return all(
        CLUB_QUEEN not in hand or hand.count(CLUB_QUEEN) + known.queens_played[seat] == 1
        for seat, hand in enumerate(hands)
        if seat != known.seat
    )


def test_many_random_positions_never_give_a_contradicting_world() -> None:
    checked = 0
    for number in range(400):
        found = in_play(f"many/{number}", 4 + number % 48)
        if found is None:
            continue
        _, known = found
        sampler = WorldSampler(known)
        assert sampler.consistent and WorldSampler(known, Beliefs(queens_apart=True)).consistent
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
    honour the view (with ``queens_apart``, in a normal game: and give the club
    queens to two seats), so drawing in proportion to it is uniform."""
    found = in_play(seed, steps)
    if found is None:
        return
    _, known = found
    for apart in (False, True):
        sampler = WorldSampler(known, Beliefs(queens_apart=apart))
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
                total += consistent(known, hands) and (
                    not sampler.one_each or queens_apart(known, hands)
                )
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


def kontra_at_first_lead(seed: str) -> Knowledge | None:
    """What the seat that leads knows, if all said healthy in the first deal of
    ``seed`` and it is Kontra in a normal game."""
    state = new_match(seed=seed, humans=())
    state.settle_chance()
    while state.phase is Phase.RESERVE:
        state.apply_action("healthy")
    seat = state.current_player()
    if state.kind is not GameKind.NORMAL or state.party_of(seat) is not Party.KONTRA:
        return None
    return read_view(state.view(seat))


def test_a_kontra_seat_deals_the_club_queens_to_two_seats() -> None:
    """Uniform deals give both club queens to one seat (a silent solo) in about
    a third of a Kontra seat's worlds; with ``queens_apart`` in none."""
    known = next(
        found for found in map(kontra_at_first_lead, (f"apart/{n}" for n in range(40))) if found
    )
    both: dict[bool, int] = {}
    for apart in (False, True):
        sampler = WorldSampler(known, Beliefs(queens_apart=apart))
        both[apart] = 0
        for n in range(300):
            world = sampler.sample(rng.Stream(f"apart/{n}"))
            holds_facts(known, world)
            both[apart] += any(hand.count(CLUB_QUEEN) == 2 for hand in world)
    assert both[True] == 0
    assert 60 < both[False] < 140, both


def first_card(state: State) -> str:
    return next(
        text for text in map(state.action_text, state.legal_actions()) if text != "announce"
    )


def test_only_a_silent_solo_explains_the_view_and_the_worlds_follow() -> None:
    """Seat 1 plays a silent solo and shows one club queen; seats 2 and 3
    announce Kontra. Seat 0 then knows the other club queen is seat 1's: no
    world may give it to another seat, so the sampler lets seat 1 hold both."""
    deal = hands_deal(
        [
            "D9 CA CA C10 C10 CK CK C9 C9 SA SA S10",
            "CQ CQ SQ SQ HQ HQ DQ DQ CJ CJ SJ SJ",
        ]
    )
    state = State(seed="tests", deals=[deal], humans=())
    state.settle_chance()
    for _ in range(PLAYERS):
        state.apply_action("healthy")
    state.apply_action("D9")
    state.apply_action("CQ")
    for _ in (2, 3):
        state.apply_action("announce")
        state.apply_action(first_card(state))
    while state.current_player() != 0:
        state.apply_action(first_card(state))
    known = read_view(state.view(0))
    assert known.kind is GameKind.NORMAL and known.parties[2] is known.parties[3] is Party.KONTRA
    sampler = WorldSampler(known, Beliefs(queens_apart=True))
    assert sampler.consistent and not sampler.one_each
    for n in range(10):
        world = sampler.sample(rng.Stream(str(n)))
        holds_facts(known, world)
        assert CLUB_QUEEN in world[1]


def seat_zero_knows(hands: list[str], actions: list[str]) -> Knowledge:
    """What seat 0 knows at its next card, once ``actions`` were taken in the
    deal of ``hands`` and the others played their first legal cards."""
    state = State(seed="tests", deals=[hands_deal(hands)], humans=())
    state.settle_chance()
    for action in actions:
        state.apply_action(action)
    while state.current_player() != 0:
        state.apply_action(first_card(state))
    return read_view(state.view(0))


def worlds_short_of(sampler: WorldSampler, seat: int, trumps: int, label: str) -> int:
    """Of 200 worlds (each holding every fact), how many deal ``seat`` fewer
    than ``trumps`` of the contract's trumps, held and played."""
    known = sampler.known
    is_trump = CONTRACTS[known.contract].is_trump
    played = sum(is_trump(card) for who, card in known.plays() if who == seat)
    short = 0
    for n in range(200):
        world = sampler.sample(rng.Stream(f"{label}/{n}"))
        holds_facts(known, world)
        short += sum(map(is_trump, world[seat])) + played < trumps
    return short


def test_an_announcer_keeps_its_trumps_in_every_world() -> None:
    """Seat 1 announces Re at its first card. With ``announcer_trumps`` no world
    of seat 0's gives it fewer trumps (held and played) than that; without, many
    do. A floor no deal can reach is left out."""
    known = seat_zero_knows(
        ["C9 C9 CK CK CA S9 S9 SK SK H9 H9 HK", "CQ SQ HQ DQ CJ SJ HJ DJ DA D10 SA SA"],
        ["healthy"] * PLAYERS + ["C9", "announce"],
    )
    assert known.kind is GameKind.NORMAL and known.announced[1] is Party.RE
    weak = {
        floor: worlds_short_of(
            WorldSampler(known, Beliefs(announcer_trumps=floor)), 1, 10, "announcer"
        )
        for floor in (0, 10)
    }
    assert weak[10] == 0
    assert weak[0] > 40, weak
    assert WorldSampler(known, Beliefs(announcer_trumps=13)).trump_floors == {}


def test_a_soloist_holds_its_trumps_in_every_world() -> None:
    """Seat 1 plays a jacks solo (eight trumps) with five jacks. With
    ``soloist_extra=3`` every world of a defender gives it at least two (a
    quarter) and three more; uniform deals often give it fewer. A floor no deal
    can reach falls back to the uniform deals."""
    known = seat_zero_knows(
        ["C9 C9 CK CK CA S9 S9 SK SK H9 H9 HK", "CJ CJ SJ SJ HJ CA SA SA HA HA DA DA"],
        ["healthy", "solo-jacks", "healthy", "healthy"],
    )
    assert known.kind is GameKind.SOLO and known.declarer == 1
    weak = {
        extra: worlds_short_of(WorldSampler(known, Beliefs(soloist_extra=extra)), 1, 5, "soloist")
        for extra in (0, 3)
    }
    assert weak[3] == 0
    assert weak[0] > 100, weak
    unreachable = WorldSampler(known, Beliefs(soloist_extra=7))
    assert unreachable.consistent and unreachable.floor is None
