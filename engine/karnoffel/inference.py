"""What the play so far says about the hidden hands.

A sampled world (every seat's hand, :func:`engine.karnoffel.search.sample_world`)
is more or less likely given the cards the other seats have played: a player
who did not take a trick cheaply probably lacked the card that would have.
:func:`play_likelihood` scores a world by replaying every earlier card of a
seat whose hand the observer does not fully see, and asking what the
rule-based player (:func:`engine.karnoffel.heuristic.heuristic_card`) would
have played *in that world*, knowing what that seat knew then: its own hand,
its partners' hands if the rules (or a show) let it see them, and the cards
played. A card the model agrees with keeps the world's weight; any other
card multiplies it by ``surprise``.

The model is deliberately simple and soft: real players (people, the search,
the benchmark's greedy and perfect bots) do not play like the heuristic, so
disagreeing with it lowers a world's weight but never rules it out.

>>> from engine.karnoffel.knowledge import read_view
>>> from engine.karnoffel.state import new_match
>>> state = new_match(seed="doc")
>>> known = read_view(state.view(state.current_player()))
>>> observations(known)
()
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import rng
from engine.karnoffel.heuristic import heuristic_card
from engine.karnoffel.knowledge import FULL_DECK, Knowledge
from engine.karnoffel.trick_strengths import strengths

__all__ = ["Observation", "observations", "play_likelihood", "resample"]


@dataclass(frozen=True, slots=True)
class Observation:
    """One earlier card of a seat whose hand the observer does not fully see."""

    seat: int
    card: int
    leader: int
    #: The trick before the card (its leader first).
    before: tuple[int, ...]
    #: Every card played in the deal before this one.
    played: int
    #: Per seat: the cards it played from this card on (they were in its hand then).
    later: tuple[int, ...]
    first_lead: bool


def observations(known: Knowledge) -> tuple[Observation, ...]:
    """The informative earlier plays of the current deal, oldest first."""
    tricks = [*known.history, (known.leader, known.trick)] if known.trick else list(known.history)
    plays: list[tuple[int, int, int, tuple[int, ...], int, bool]] = []
    played = 0
    for number, (leader, cards) in enumerate(tricks):
        for position, card in enumerate(cards):
            seat = (leader + position) % known.players
            plays.append(
                (seat, card, leader, cards[:position], played, number == 0 and not position)
            )
            played |= 1 << card
    later = [0] * known.players
    found: list[Observation] = []
    for seat, card, leader, before, played_before, first_lead in reversed(plays):
        later[seat] |= 1 << card
        if seat == known.seat or not _hides(known, seat):
            continue
        found.append(
            Observation(seat, card, leader, before, played_before, tuple(later), first_lead)
        )
    return tuple(reversed(found))


def _hides(known: Knowledge, seat: int) -> bool:
    """Whether the observer does not see all of ``seat``'s hand (then its
    plays say something about the world; a fully seen seat's say nothing)."""
    if known.hidden[seat]:
        return True
    return known.seat % 2 != seat % 2 or not known.partners_see_hands


def play_likelihood(
    known: Knowledge,
    world: tuple[int, ...],
    seen: tuple[Observation, ...],
    surprise: float,
) -> float:
    """How well ``world`` explains the observed plays (1.0: every card is the
    one the model expects; each other card multiplies by ``surprise``)."""
    table = strengths(known.chosen, known.trick_rule)
    players = known.players
    weight = 1.0
    for seen_play in seen:
        seat = seen_play.seat
        later = seen_play.later
        hand = world[seat] | later[seat]
        visible = hand | seen_play.played
        sees_partner = known.partners_see_hands or (
            players == 4 and known.showed[(seat + 2) % players]
        )
        if sees_partner:
            for other in range(seat % 2, players, 2):
                visible |= world[other] | later[other]
        expected = heuristic_card(
            seat,
            players,
            hand,
            seen_play.leader,
            seen_play.before,
            table,
            FULL_DECK & ~visible,
            seen_play.first_lead,
        )
        if expected != seen_play.card:
            weight *= surprise
    return weight


def resample(weights: list[float], count: int, stream: rng.Stream) -> list[tuple[int, int]]:
    """``count`` draws in proportion to ``weights`` (systematic resampling: one
    random offset, then even steps), as (index, times drawn) in index order.

    >>> resample([1.0, 0.0, 3.0], 4, rng.Stream("r"))
    [(0, 1), (2, 3)]
    """
    total = sum(weights)
    step = total / count
    point = stream.random() * step
    drawn: list[tuple[int, int]] = []
    cumulative = 0.0
    left = count
    for index, weight in enumerate(weights):
        cumulative += weight
        times = 0
        while left and point < cumulative:
            times += 1
            left -= 1
            point += step
        if times:
            drawn.append((index, times))
    if left:  # rounding: the last steps fell just past the total
        index, times = drawn.pop() if drawn else (len(weights) - 1, 0)
        drawn.append((index, times + left))
    return drawn
