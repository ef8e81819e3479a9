"""Per-seat views hide what a seat may not know (doppelkopf.md §7)."""

from __future__ import annotations

import json

from dk_support import biased_choice, make_deal, start
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import rng
from engine.doppelkopf import Rules, Variant
from engine.doppelkopf.rules import CONTRACTS, Contract
from engine.doppelkopf.state import Phase, State


def played_state(seed: str, steps: int, variants: bool) -> State:
    rules = Rules(frozenset(Variant) if variants else frozenset())
    state = State(rules, seed=seed)
    state.settle_chance()
    stream = rng.Stream(rng.derive(seed, "players"))
    for _ in range(steps):
        if state.is_terminal():
            break
        seat = state.current_player()
        state.apply_action(biased_choice(state.view(seat)["legal"], stream), seat)
        state.settle_chance()
    return state


@settings(max_examples=60, deadline=None)
@given(
    seed=st.text(min_size=1, max_size=8),
    steps=st.integers(0, 70),
    variants=st.booleans(),
    viewer=st.integers(0, 3),
    picks=st.lists(
        st.tuples(st.integers(0, 2), st.integers(0, 2), st.integers(0, 14), st.integers(0, 14)),
        min_size=1,
        max_size=6,
    ),
)
def test_swapping_unknown_cards_between_other_hands_never_changes_a_view(
    seed: str, steps: int, variants: bool, viewer: int, picks: list[tuple[int, int, int, int]]
) -> None:
    state = played_state(seed, steps, variants)
    before = json.dumps(state.view(viewer))
    others = [seat for seat in range(4) if seat != viewer]
    for a, b, i, j in picks:
        first, second = others[a], others[b]
        hand_a, hand_b = state.hands[first], state.hands[second]
        if first == second or not hand_a or not hand_b:
            continue
        i, j = i % len(hand_a), j % len(hand_b)
        hand_a[i], hand_b[j] = hand_b[j], hand_a[i]
    assert json.dumps(state.view(viewer)) == before


def test_other_hands_are_hidden_and_counted() -> None:
    state = played_state("hidden", 10, False)
    view = state.view(1)
    for seat, hand in enumerate(view["hands"]):
        assert hand["count"] == len(state.hands[seat])
        assert (hand["known"] != []) == (seat == 1)


def test_a_silent_solo_looks_like_any_normal_game_to_the_others() -> None:
    own = ["CA", "CA", "C10", "C10", "CK", "CK", "C9", "C9", "SA", "SA", "S10", "S10"]
    silent = make_deal({0: own, 1: ["CQ", "CQ", "SQ"], 2: ["SQ", "HQ", "HQ"]})
    normal = make_deal({0: own, 1: ["CQ", "SQ", "SQ"], 2: ["CQ", "HQ", "HQ"]})
    views = []
    for deal in (silent, normal):
        state = start(deal)
        views.append(state.view(0))
    assert views[0] == views[1]
    assert views[0]["parties"] == ["kontra", None, None, None]
    assert views[0]["contract"]["kind"] == "normal"


def test_parties_revealed_by_club_queens_and_announcements() -> None:
    state = start(make_deal({0: ["CQ"], 2: ["CQ"], 1: ["SA"]}))
    assert state.view(1)["parties"] == [None, "kontra", None, None]
    assert state.view(0)["parties"] == ["re", None, None, None]
    state.apply_action("CQ")  # seat 0 plays a club queen: Re is known
    assert state.view(1)["parties"] == ["re", "kontra", None, None]
    state.apply_action("announce")  # seat 1 announces Kontra
    assert state.view(3)["parties"] == ["re", "kontra", None, "kontra"]
    assert state.view(0)["parties"] == ["re", "kontra", None, None]
    for seat in (1, 2):
        legal = [a for a in state.view(seat)["legal"] if a not in ("announce", "CQ")]
        state.apply_action(legal[0])
    state.apply_action("announce")  # seat 3 announces Kontra too
    # Seat 0 (Re, one CQ) knows there are two Re: seat 2 is its partner.
    assert state.view(0)["parties"] == ["re", "kontra", "re", "kontra"]
    # Kontra's seat 1 could face a silent solo: seat 2 stays unknown to it.
    assert state.view(1)["parties"] == ["re", "kontra", None, "kontra"]


def test_poverty_cards_are_hidden_from_the_others() -> None:
    poor = ["DA", "D10", "D9", "CA", "CA", "C10", "C10", "CK", "CK", "C9", "C9", "SA"]
    state = start(make_deal({0: poor}), said=["poverty", "healthy", "healthy", "healthy"])
    state.apply_action("pass:DA,D10,D9")
    assert state.view(0)["poverty"]["passed_cards"] == ["DA", "D10", "D9"]
    for seat in (1, 2, 3):
        assert state.view(seat)["poverty"]["passed_cards"] is None
        assert state.view(seat)["hands"][0]["count"] == 9
    assert state.phase is Phase.POVERTY_ANSWER


def test_the_view_names_the_trumps_in_order_and_in_the_hand() -> None:
    state = played_state("trumps", 0, False)
    view = state.view(0)
    order = view["trump_order"]
    assert order[:5] == ["H10", "CQ", "SQ", "HQ", "DQ"]  # normal order, high to low
    assert order[-1] == "D9" and len(order) == len(set(order))
    hand = view["hands"][0]["known"]
    assert set(view["trumps"]) == {card for card in hand if card in order}


@settings(max_examples=40, deadline=None)
@given(seed=st.text(min_size=1, max_size=8), steps=st.integers(0, 60), viewer=st.integers(0, 3))
def test_a_seat_is_told_only_the_trumps_it_may_know(seed: str, steps: int, viewer: int) -> None:
    state = played_state(seed, steps, True)
    view = state.view(viewer)
    contract = view["contract"]
    # The order follows the contract the seat is shown (normal until it is settled).
    expected = "normal" if contract is None else contract["trumps"]
    assert view["trump_order"] == [c.notation for c in CONTRACTS[Contract(expected)].trumps]
    assert set(view["trumps"]) == set(view["hands"][viewer]["known"]) & set(view["trump_order"])
