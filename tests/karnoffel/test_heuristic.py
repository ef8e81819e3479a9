"""The rule-based player's behaviours on hand-built positions."""

from __future__ import annotations

from engine import rng
from engine.karnoffel.actions import Deal
from engine.karnoffel.cards import DECK, Card, Suit, parse_cards
from engine.karnoffel.heuristic import (
    CallSituation,
    HeuristicPlayer,
    decide_call,
    heuristic_card,
)
from engine.karnoffel.knowledge import FULL_DECK, mask_of
from engine.karnoffel.rules import Rules
from engine.karnoffel.state import State
from engine.karnoffel.trick_strengths import strengths

CLASSIC_BELLS = strengths(Suit.BELLS, "classic")


def cards(*notations: str) -> tuple[int, ...]:
    return tuple(Card.parse(notation).index for notation in notations)


def hand(*notations: str) -> int:
    return mask_of(cards(*notations))


def play(
    seat: int,
    held: int,
    trick: tuple[int, ...],
    *,
    leader: int | None = None,
    opponents: int = FULL_DECK,
    first_lead: bool = False,
) -> str:
    """The heuristic's card in a 4-player classic deal with Bells chosen."""
    if leader is None:
        leader = (seat - len(trick)) % 4
    chosen = heuristic_card(seat, 4, held, leader, trick, CLASSIC_BELLS, opponents, first_lead)
    return DECK[chosen].notation


def test_does_not_overtake_a_partner_who_wins() -> None:
    # Seat 2's partner (seat 0) led the King of Hearts; seat 1 threw a low card.
    assert play(2, hand("BU", "H10", "L2"), cards("HK", "A3")) == "L2"


def test_takes_a_trick_the_opponents_win_with_the_cheapest_winner() -> None:
    # Last to play, the opponents' H9 leads: H10 wins as well as the Karnöffel.
    assert play(3, hand("BU", "H10", "L2"), cards("H9", "A3", "H2")) == "H10"


def test_throws_the_least_useful_card_on_a_lost_trick() -> None:
    # The Karnöffel (BU) of the opponents cannot be beaten: keep the King, throw the 2.
    assert play(3, hand("AK", "H10", "L2"), cards("BU", "A3", "H2")) == "L2"


def test_saves_the_devil_on_a_lost_trick() -> None:
    assert play(3, hand("B7", "H10"), cards("BU", "A3", "H2")) == "H10"


def test_leads_the_devil_as_soon_as_it_may() -> None:
    # It only wins when led, and only the Karnöffel beats it then.
    assert play(0, hand("B7", "H10", "AK"), (), opponents=FULL_DECK & ~hand("BU")) == "B7"
    assert play(0, hand("B7", "H10", "L2"), ()) == "B7"


def test_leads_its_strongest_plain_card_when_nothing_is_safe() -> None:
    # Nothing it holds is safe from the opponents' trumps: the King makes them spend one.
    assert play(0, hand("HK", "H3", "L2"), ()) == "HK"


def test_takes_with_the_cheapest_winner_when_no_winner_is_safe() -> None:
    # Opponent seat 0 led H9; seat 3 (an opponent) still plays after seat 1.
    # No card of seat 1 is safe from the Karnöffel: it takes with the cheap H10 anyway.
    assert play(1, hand("H10", "B2", "L2"), cards("H9")) == "H10"


def test_never_leads_the_devil_to_the_first_trick() -> None:
    assert play(0, hand("B7", "L2"), (), opponents=FULL_DECK & ~hand("BU"), first_lead=True) == "L2"


def test_leads_a_card_nobody_can_beat() -> None:
    # Only the Karnöffel beats the Pope; the seat's partner holds it.
    opponents = FULL_DECK & ~hand("BU", "B6", "L2", "H3")
    assert play(0, hand("B6", "L2", "H3"), (), opponents=opponents) == "B6"


def test_keeps_a_king_while_it_disarms_the_opponents_partial_trumps() -> None:
    lost = cards("BU", "A3", "H2")
    # The opponents may hold B3 and B4, which a King disarms: throw the Bells 5.
    assert play(3, hand("LK", "B5"), lost) == "B5"
    # With B3 and B4 gone the King is worth less than the Bells 5.
    assert (
        play(3, hand("LK", "B5"), lost, opponents=FULL_DECK & ~hand("B3", "B4", "B5", "LK")) == "LK"
    )


def test_follows_with_a_safe_winner_rather_than_a_risky_one() -> None:
    # Seat 1 follows the opponents' H9; seat 2 (an opponent) plays after it.
    # HK can still lose to the Pope or Emperor; the Karnöffel cannot lose.
    assert play(1, hand("BU", "HK", "L2"), cards("H9")) == "BU"
    # When the opponents cannot hold any special, the cheap King is safe.
    no_specials = FULL_DECK & ~hand("BU", "B7", "B6", "B2", "B3", "B4", "B5")
    assert play(1, hand("BU", "HK", "L2"), cards("H9"), opponents=no_specials) == "HK"


def test_the_player_reads_the_view() -> None:
    # Dealer 3; seat 0 is forehand. Face-up cards fix Bells (B2 is the lowest).
    stages = [
        "HK A9 L9 B2",  # stage 1: face up
        "H3 A8 BU B3",
        "H4 A7 L7 B4",
        "H5 A6 L6 B6",
        "H6 A5 L5 B8",
    ]
    deal = Deal(3, parse_cards([card for stage in stages for card in stage.split()]))
    state = State(Rules(), deals=[deal], humans=())
    state.settle_chance()
    state.apply_action("HK")  # seat 0 (team 0) leads the King of Hearts
    state.apply_action("A9")  # seat 1
    # Seat 2 could take the trick for sure with the Karnöffel (BU), but its partner (seat 0)
    # is winning it: it throws its least useful card instead.
    assert HeuristicPlayer().choose(state.view(2), rng.Stream("x")) == "L5"


def test_calls_follow_the_chance_and_the_score() -> None:
    answer = CallSituation(("accept", "counter", "give-up"), 0, (0, 0), 101, 4, 7, 3)
    assert decide_call(answer, 0.1) == "give-up"
    assert decide_call(answer, 0.5) == "accept"
    assert decide_call(answer, 0.9) == "counter"
    # Giving up would hand the opponents the match: fight on.
    near_end = CallSituation(("accept", "counter", "give-up"), 0, (0, 98), 101, 4, 7, 3)
    assert decide_call(near_end, 0.1) == "accept"
    window = CallSituation(("pass", "raise"), 1, (0, 0), 101, 4, None, 3)
    assert decide_call(window, 0.4) == "pass"
    assert decide_call(window, 0.75) == "raise"
    assert (
        decide_call(CallSituation(("show", "no-show"), 0, (0, 0), 101, 4, None, 3), 0.2) == "show"
    )
