"""What a seat knows (read from its view) is true, and sampled worlds honour it."""

from __future__ import annotations

from collections import Counter

from dk_ai_support import hands_deal, position
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import rng
from engine.doppelkopf.beliefs import Beliefs
from engine.doppelkopf.cards import PACK, Card
from engine.doppelkopf.knowledge import (
    Knowledge,
    WorldSampler,
    read_view,
    sample_world,
    world_re_seats,
)
from engine.doppelkopf.rules import CLUB_QUEEN, CONTRACTS, Contract, Party
from engine.doppelkopf.search import play_out
from engine.doppelkopf.state import GameKind, Phase, State

positions = given(seed=st.text("abcdef", min_size=1, max_size=6), steps=st.integers(4, 52))


def in_play(seed: str, steps: int) -> tuple[State, Knowledge] | None:
    state = position(seed, steps)
    if state.phase is not Phase.PLAY:
        return None
    return state, read_view(state.view(state.current_player()))


def holds_facts(known: Knowledge, hands: list[list[Card]]) -> None:
    """Every fact of ``known`` holds for ``hands``."""
    spec = CONTRACTS[known.contract]
    for seat, hand in enumerate(hands):
        assert len(hand) == known.counts[seat]
        assert not Counter(known.known_cards[seat]) - Counter(hand), seat
        assert not {spec.suit_of(card) for card in hand} & known.voids[seat], seat
        limit = known.trump_limit[seat]
        normal = CONTRACTS[Contract.NORMAL]
        assert limit is None or sum(normal.is_trump(c) for c in hand) <= limit
        party = known.parties[seat]
        holds_queen = known.queens_played[seat] > 0 or CLUB_QUEEN in hand
        if known.kind is GameKind.NORMAL and party is Party.KONTRA:
            assert not holds_queen, seat
        if known.kind is GameKind.NORMAL and party is Party.RE:
            assert holds_queen, seat
        if known.kind is GameKind.MARRIAGE and seat != known.declarer:
            assert CLUB_QUEEN not in hand
    assert Counter(card for hand in hands for card in hand) + Counter(
        card for trick in known.played for _, card in trick.plays
    ) + Counter(card for _, card in known.trick) == Counter(PACK)


@settings(max_examples=60, deadline=None)
@positions
def test_what_a_seat_knows_is_true(seed: str, steps: int) -> None:
    found = in_play(seed, steps)
    if found is None:
        return
    state, known = found
    holds_facts(known, [list(hand) for hand in state.hands])
    assert world_re_seats(known, state.hands) == state.re_seats or known.marriage_pending


@settings(max_examples=60, deadline=None)
@positions
def test_sampled_worlds_honour_what_the_seat_knows(seed: str, steps: int) -> None:
    found = in_play(seed, steps)
    if found is None:
        return
    _, known = found
    for n in range(3):
        world = sample_world(known, rng.Stream(f"{seed}/{n}"))
        assert Counter(world[known.seat]) == Counter(known.hand)
        holds_facts(known, world)


def poverty_returned(returned: str) -> State:
    """Seat 0 declares a poverty, seat 1 takes it and returns ``returned``."""
    deal = hands_deal(
        [
            "CQ DJ D9 CA CA C10 SA SA S10 HA HA H9",
            "CQ SQ SQ HQ H10 DQ CJ SJ HJ SK S9 C9",
        ]
    )
    state = State(seed="tests", deals=[deal], humans=())
    state.settle_chance()
    for action in ("poverty", "healthy", "healthy", "healthy", "pass:CQ,DJ,D9", "accept"):
        state.apply_action(action)
    state.apply_action(f"return:{returned}")
    return state


def test_the_poor_player_knows_where_the_passed_cards_went() -> None:
    state = poverty_returned("SK,S9,C9")
    poor = read_view(state.view(0))
    assert sorted(map(str, poor.known_cards[1])) == ["CQ", "D9", "DJ"]
    assert poor.trump_limit[0] == 3
    outsider = read_view(state.view(2))
    assert outsider.known_cards[1] == () and outsider.trump_limit[0] == 3
    for n in range(5):
        world = sample_world(poor, rng.Stream(str(n)))
        assert {"CQ", "DJ", "D9"} <= {str(card) for card in world[1]}


def poor_trumps(world: list[list[Card]]) -> int:
    return sum(CONTRACTS[Contract.NORMAL].is_trump(card) for card in world[0])


def test_the_taker_knows_the_poor_player_holds_only_the_returned_trumps() -> None:
    for returned, trumps in (("SK,S9,C9", 0), ("SK,S9,DJ", 1)):
        taker = read_view(poverty_returned(returned).view(1))
        assert taker.trump_limit[0] == trumps and not taker.returned_unseen
        for n in range(20):
            world = sample_world(taker, rng.Stream(f"{returned}/{n}"))
            holds_facts(taker, world)
            assert poor_trumps(world) == trumps


def test_the_odds_of_returned_trumps_shape_what_the_others_deal_the_poor_player() -> None:
    state = poverty_returned("SK,S9,C9")
    outsider = read_view(state.view(2))
    assert outsider.returned_unseen and outsider.trump_limit[0] == 3
    draws = 400
    held: dict[float, Counter[int]] = {}
    for odds in (1.0, 0.2):
        sampler = WorldSampler(outsider, Beliefs(return_odds=odds))
        held[odds] = Counter()
        for n in range(draws):
            world = sampler.sample(rng.Stream(f"odds/{n}"))
            holds_facts(outsider, world)
            held[odds][poor_trumps(world)] += 1
    # Uniform deals nearly always give the poor player three trumps ...
    assert held[1.0][3] > draws * 0.6
    # ... the odds 1 : 0.2 : 0.04 : 0.008 for 0, 1, 2, 3 returned trumps.
    weights = [0.2**trumps for trumps in range(4)]
    for trumps, weight in enumerate(weights):
        assert abs(held[0.2][trumps] / draws - weight / sum(weights)) < 0.06, held[0.2]


@settings(max_examples=40, deadline=None)
@given(seed=st.text("abcdef", min_size=1, max_size=6))
def test_a_play_out_of_the_last_trick_scores_like_the_engine(seed: str) -> None:
    """In the last trick every card is forced: the play-out of the true hands
    must give the engine's score (marriages, solos, extras and announcements)."""
    state = position(seed, 200)
    while state.phase is Phase.PLAY and len(state.played) < 11:
        state.apply_action(next(a for a in state.legal_actions() if str(a) != "announce"))
    if state.phase is not Phase.PLAY:
        return
    seat = state.current_player()
    known = read_view(state.view(seat))
    value = play_out(known, [list(hand) for hand in state.hands], state.hands[seat][0])
    finished = state.clone()
    while finished.phase is Phase.PLAY:
        finished.apply_action(finished.legal_actions()[-1])
    result = finished.results[-1]
    points = result.summary.points(finished.party_of(seat))
    assert value == result.seat_scores[seat] + 0.002 * (points - 120)
