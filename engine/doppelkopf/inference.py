"""What the play so far says about the hidden hands (Doppelkopf).

:class:`~engine.doppelkopf.knowledge.WorldSampler` draws every deal that
agrees with the *facts* the seat knows (voids, club queens, a poverty's
cards) equally often. But the cards the other seats chose say more: a seat
that ducked a rich trick it could have taken probably lacked the card that
takes it. :class:`InferredSampler` draws ``candidates`` worlds from the
uniform sampler and weighs each by how well it explains every card the
other seats have played: it replays each of those plays with the rule-based
player (:func:`engine.doppelkopf.playout.pick`, the heuristic of the
play-outs) as that seat saw the hand then (its hand in the world, the cards
played, the voids shown, who it knew to be its partner from the club queens
played).

Real players (people, the search) do not all play like the heuristic, so each
seat is modelled as playing the heuristic's card with probability ``q`` (its
*agreement*) and otherwise any of its legal cards alike: a play then has
probability ``q * [the heuristic's card] + (1 - q) / legal cards`` in a world.
Each seat's ``q`` is the one of :data:`AGREEMENTS` under which the drawn worlds
explain its plays best (the highest total likelihood), so a seat that plays
like the heuristic tells much about its hand, and one that does not (the
search levels agree on fewer than half of their cards) hardly moves the
weights. A world's weight is the product over the seats; worlds are then drawn
in proportion to it.

>>> from engine import rng
>>> from engine.doppelkopf.state import new_match
>>> from engine.doppelkopf.knowledge import read_view
>>> state = new_match(seed="doc")
>>> while state.phase.value != "play":
...     state.apply_action("healthy")
>>> for _ in range(5):
...     state.apply_action(state.legal_actions()[-1])
>>> known = read_view(state.view(state.current_player()))
>>> len(observations(known))
4
>>> sampler = InferredSampler(known, candidates=8, stream=rng.Stream("i"))
>>> [len(hand) for hand in sampler.sample(rng.Stream("d"))] == list(known.counts)
True
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import accumulate

from engine import rng
from engine.doppelkopf.beliefs import NO_BELIEFS, Beliefs
from engine.doppelkopf.cards import DECK
from engine.doppelkopf.knowledge import Knowledge, World, WorldSampler, world_re_seats
from engine.doppelkopf.playout import INDEX, TABLES, pick
from engine.doppelkopf.rules import CLUB_QUEEN, PLAYERS, TRICKS, GameKind, Party

__all__ = ["AGREEMENTS", "InferredSampler", "Observation", "observations", "replay"]

#: The agreements with the heuristic a seat's plays are judged against.
AGREEMENTS = (0.0, 0.25, 0.5, 0.75, 0.9, 0.98)
_QUEEN = INDEX[CLUB_QUEEN]


@dataclass(frozen=True, slots=True)
class Observation:
    """One earlier card of another seat, with what that seat saw when it chose it."""

    seat: int
    card: int
    #: The trick before the card, as (seat, card index).
    trick: tuple[tuple[int, int], ...]
    #: Per card index: copies played in the hand before this card.
    gone: tuple[int, ...]
    #: The cards (indices) the seat played from this one on: in its hand then.
    later: tuple[int, ...]
    #: Per seat: the suit numbers it had shown it lacks (bits).
    voids: tuple[int, ...]
    #: Per seat: the club queens it had played before this card.
    queens: tuple[int, ...]
    second_ten: bool


def observations(known: Knowledge) -> tuple[Observation, ...]:
    """The other seats' plays of this hand, oldest first."""
    suit = TABLES[known.contract].suit
    tricks = [(trick.plays, number) for number, trick in enumerate(known.played)]
    if known.trick:
        tricks.append((known.trick, len(known.played)))
    plays: list[Observation] = []
    gone = [0] * len(DECK)
    voids = [0] * PLAYERS
    queens = [0] * PLAYERS
    for cards, number in tricks:
        indexed = tuple((seat, INDEX[card]) for seat, card in cards)
        second_ten = known.second_heart_ten and number < TRICKS - 1
        for position, (seat, card) in enumerate(indexed):
            before = indexed[:position]
            plays.append(
                Observation(
                    seat, card, before, tuple(gone), (), tuple(voids), tuple(queens), second_ten
                )
            )
            gone[card] += 1
            if position and suit[card] != suit[indexed[0][1]]:
                voids[seat] |= 1 << suit[indexed[0][1]]
            if card == _QUEEN:
                queens[seat] += 1
    # What each seat played from each of its cards on was in its hand then.
    later: list[tuple[int, ...]] = [()] * PLAYERS
    found: list[Observation] = []
    for play in reversed(plays):
        later[play.seat] += (play.card,)
        if play.seat != known.seat:
            found.append(replace(play, later=later[play.seat]))
    return tuple(reversed(found))


class InferredSampler:
    """Worlds drawn in proportion to how well they explain the other seats'
    plays (see the module doc); a drop-in for :class:`WorldSampler`."""

    def __init__(
        self,
        known: Knowledge,
        candidates: int,
        stream: rng.Stream,
        beliefs: Beliefs = NO_BELIEFS,
        spread: float = 0.25,
    ) -> None:
        uniform = WorldSampler(known, beliefs)
        self.uniform = uniform
        self.worlds: list[World] = []
        self.cumulative: list[float] = []
        #: Per other seat: the agreement with the heuristic that best explains its plays.
        self.agreement: dict[int, float] = {}
        seen = observations(known)
        if not seen or candidates < 2:
            return
        worlds = [uniform.sample(stream) for _ in range(candidates)]
        replays = [replay(known, world, seen) for world in worlds]
        logs = [0.0] * candidates
        for seat in sorted({play.seat for play in seen}):
            mine = [n for n, play in enumerate(seen) if play.seat == seat]
            best = -math.inf
            chosen: list[float] = []
            for agreement in AGREEMENTS:
                factors = []
                for explained in replays:
                    factor = 0.0
                    for n in mine:
                        expected, choices = explained[n]
                        factor += math.log(agreement * expected + (1 - agreement) / choices)
                    factors.append(factor)
                top = max(factors)
                total = top + math.log(sum(math.exp(f - top) for f in factors))
                if total > best:
                    best, chosen = total, factors
                    self.agreement[seat] = agreement
            logs = [log + factor for log, factor in zip(logs, chosen, strict=True)]
        self.worlds = worlds
        self.cumulative = list(accumulate(tempered(logs, spread * candidates)))

    def sample(self, stream: rng.Stream) -> World:
        """One world (a fresh list: the caller may change it)."""
        if not self.worlds:
            return self.uniform.sample(stream)
        point = stream.random() * self.cumulative[-1]
        index = min(bisect_right(self.cumulative, point), len(self.worlds) - 1)
        return [list(hand) for hand in self.worlds[index]]


def tempered(logs: Sequence[float], spread: float) -> list[float]:
    """Weights ``exp(beta * log)`` with the largest ``beta`` <= 1 whose
    effective sample size (``sum(w) ** 2 / sum(w ** 2)``) is at least ``spread``.

    >>> [round(w, 3) for w in tempered([0.0, -1.0], 1.0)]
    [1.0, 0.368]
    >>> [round(w, 3) for w in tempered([0.0, -50.0, -50.0, -50.0], 3.0)]
    [1.0, 0.333, 0.333, 0.333]
    """
    top = max(logs)
    shifted = [log - top for log in logs]

    def weights(beta: float) -> list[float]:
        return [math.exp(beta * log) for log in shifted]

    def spread_of(values: list[float]) -> float:
        return sum(values) ** 2 / sum(value * value for value in values)

    if spread_of(weights(1.0)) >= spread:
        return weights(1.0)
    low, high = 0.0, 1.0
    for _ in range(30):
        middle = (low + high) / 2
        if spread_of(weights(middle)) >= spread:
            low = middle
        else:
            high = middle
    return weights(low)


def replay(known: Knowledge, world: World, seen: tuple[Observation, ...]) -> list[tuple[bool, int]]:
    """Per observed play: whether the heuristic would have played that card
    in ``world``, and how many different cards the seat could play then."""
    tables = TABLES[known.contract]
    suit = tables.suit
    hands = [[INDEX[card] for card in hand] for hand in world]
    total = [0] * len(DECK)
    for hand in hands:
        for index in hand:
            total[index] += 1
    for trick in known.played:
        for _, played in trick.plays:
            total[INDEX[played]] += 1
    for _, played in known.trick:
        total[INDEX[played]] += 1
    re_seats = world_re_seats(known, world)
    public = known.kind is not GameKind.NORMAL and not known.marriage_pending
    found = []
    for play in seen:
        seat = play.seat
        hand = hands[seat] + list(play.later)
        outside = [count - gone for count, gone in zip(total, play.gone, strict=True)]
        for card in hand:
            outside[card] -= 1
        friends = _friends(
            seat, re_seats, play.queens, known.announced, public, known.marriage_pending
        )
        expected = pick(
            tables, seat, hand, play.trick, friends, outside, play.voids, play.second_ten
        )
        legal = set(hand)
        if play.trick:
            led = suit[play.trick[0][1]]
            legal = {card for card in hand if suit[card] == led} or legal
        found.append((expected == play.card, len(legal)))
    return found


def _friends(
    seat: int,
    re_seats: frozenset[int],
    queens: Sequence[int],
    announced: Sequence[Party | None],
    public: bool,
    pending: bool,
) -> list[int]:
    """Who ``seat`` knew to be its partner (1), opponent (-1) or neither (0)
    when it played: in a solo, marriage or poverty everybody knows; in a normal
    game its own party, the club queens played so far and the announcements
    (as the view reveals them: :func:`engine.doppelkopf.view.known_parties`;
    the announcements are taken as made before the card, as most are)."""
    if pending:
        return [1 if other == seat else 0 for other in range(PLAYERS)]
    mine = seat in re_seats
    if public or (mine and len(re_seats) == 1):
        return [1 if (other in re_seats) == mine else -1 for other in range(PLAYERS)]
    # Per seat: True Re, False Kontra, None not known to the seat.
    parties: list[bool | None] = [None if p is None else p is Party.RE for p in announced]
    for other, played in enumerate(queens):
        if played:
            parties[other] = True
    parties[seat] = mine
    re_known = parties.count(True)
    if re_known == 2 or max(queens) == 2:
        parties = [party is True for party in parties]
    elif mine and parties.count(False) == PLAYERS - 2:
        parties = [party is not False for party in parties]
    return [0 if party is None else (1 if party == mine else -1) for party in parties]
