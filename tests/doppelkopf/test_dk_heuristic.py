"""The rule-based Doppelkopf player's rules, one situation each."""

from __future__ import annotations

from collections import Counter

from dk_ai_support import hands_deal

from engine import rng
from engine.doppelkopf.actions import Reservation
from engine.doppelkopf.cards import PACK, Card, parse_cards
from engine.doppelkopf.heuristic import (
    HeuristicPlayer,
    choose_reservation,
    pick_card,
    wants_to_take_poverty,
)
from engine.doppelkopf.rules import Contract
from engine.doppelkopf.state import State

ALL = [r.value for r in Reservation]
NO_VOIDS = [0] * 4


def cards(text: str) -> list[Card]:
    return list(parse_cards(text.split()))


def outside_of(hand: list[Card], trick: list[tuple[int, Card]]) -> dict[Card, int]:
    """Everything not in the hand nor the trick may be outside (start of a hand)."""
    return dict(Counter(PACK) - Counter(hand) - Counter(card for _, card in trick))


def choose(seat: int, hand: str, trick: str, friends: tuple[int, ...]) -> str:
    held = cards(hand)
    played = [((seat - len(trick.split()) + i) % 4, c) for i, c in enumerate(cards(trick))]
    outside = outside_of(held, played)
    return pick_card(seat, held, played, Contract.NORMAL, friends, outside, NO_VOIDS).notation


def test_reservations() -> None:
    both_queens_weak = cards("CQ CQ DJ D9 CA C10 C9 SA S9 HA HK H9")
    assert choose_reservation(both_queens_weak, ALL) == "marriage"
    both_queens_strong = cards("CQ CQ H10 SQ HQ DQ CJ SJ DA D10 SA HA")
    assert choose_reservation(both_queens_strong, ALL) == "healthy"  # a silent solo
    poor = cards("DJ D9 C10 C9 CK S10 SK S9 HK HK H9 SA")
    assert choose_reservation(poor, [r for r in ALL if r != "marriage"]) == "poverty"
    queens = cards("CQ CQ SQ SQ HQ HQ DQ CA SA HA C10 S10")
    assert choose_reservation(queens, ALL) == "solo-queens"
    ordinary = cards("CQ SQ DJ HJ D10 D9 CA C9 SA S10 HK H9")
    assert choose_reservation(ordinary, [r for r in ALL if r not in ("marriage", "poverty")]) == (
        "healthy"
    )


def test_poverty_is_taken_only_with_high_trumps() -> None:
    assert wants_to_take_poverty(cards("H10 CQ SQ HQ CJ DJ DA D10 D9 SA S9 H9"))
    assert not wants_to_take_poverty(cards("CJ SJ HJ DJ DA D10 DK D9 SA S9 H9 C9"))


def test_smears_points_on_the_partners_sure_trick() -> None:
    # Seat 3 plays last; partner seat 1 wins with the top trump.
    assert choose(3, "HA C9 S9 SK", "DJ H10 D9", (1, 1, -1, 1)) == "HA"
    # Must follow trumps: the fox goes to the partner.
    assert choose(3, "DA DJ CQ C9", "DJ H10 D9", (1, 1, -1, 1)) == "DA"


def test_keeps_points_from_the_opponents_trick() -> None:
    assert choose(3, "HA C9 SK", "DJ H10 D9", (-1, -1, 1, 1)) == "C9"


def test_catches_the_fox_with_the_cheapest_sure_winner() -> None:
    # The opponent's fox lies in the trick; seat 3 is last and wins with the lowest winner.
    assert choose(3, "H10 CQ DQ C9", "DA D9 DK", (-1, 1, -1, 1)) == "DQ"


def test_does_not_waste_a_high_trump_on_a_poor_trick() -> None:
    # A worthless plain trick: the top trump stays home, a small card goes.
    assert choose(3, "H10 CQ S9 C9", "HK H9 H9", (-1, 1, -1, 1)) == "C9"


def test_wins_a_rich_trick_as_cheaply_as_possible() -> None:
    assert choose(3, "H10 DJ DK C9", "HA HA HK", (-1, 1, -1, 1)) == "DK"


def test_keeps_the_own_fox_away_from_the_opponents() -> None:
    assert choose(3, "DA DJ", "CQ D9 DK", (-1, 1, -1, 1)) == "DJ"


def test_leads_a_fresh_plain_ace() -> None:
    assert choose(0, "CA C9 S9 DJ H10", "", (1, 0, 0, 0)) == "CA"


def test_announces_with_a_strong_hand_only() -> None:
    strong = "H10 CQ SQ HQ DQ CJ SJ DA D10 SA HA C9"
    weak = "CQ DJ D9 CA C10 C9 SA S9 HA HK H9 SK"
    deal = hands_deal([strong, weak])
    state = State(seed="tests", deals=[deal], humans=())
    state.settle_chance()
    for _ in range(4):
        state.apply_action("healthy")
    player = HeuristicPlayer()
    assert player.choose(state.view(0), rng.Stream("a")) == "announce"
    state.apply_action("announce")
    assert player.choose(state.view(0), rng.Stream("a")) != "announce"  # no "no 90" with this
    state.apply_action("SA")
    assert player.choose(state.view(1), rng.Stream("a")) != "announce"
