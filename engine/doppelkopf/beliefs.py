"""Beliefs beyond the facts about the other seats' hands, for
:class:`~engine.doppelkopf.knowledge.WorldSampler`: what a player's choice
says about the hand it chose with (measured against FreeDoko's profi in
``benchmarks/results/dk_players.md``, twenty-fourth round)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.doppelkopf.cards import PACK, Card, Suit
from engine.doppelkopf.rules import CONTRACTS, PLAYERS, Contract, Party
from engine.doppelkopf.state import GameKind

__all__ = ["ANNOUNCER_DRAWS", "NO_BELIEFS", "Beliefs", "announcer_floors", "soloist_floor"]


@dataclass(frozen=True, slots=True)
class Beliefs:
    """What the worlds of a :class:`~engine.doppelkopf.knowledge.WorldSampler`
    believe beyond the facts, each left out where the view rules it out. The
    defaults believe nothing: every consistent deal is equally likely.
    ``Budget`` sets them per level and says what each was measured to be worth.

    >>> Beliefs(announcer_trumps=9) == Beliefs(False, 1.0, 9, 0)
    True
    """

    #: In a normal game no other seat holds both club queens (that seat would
    #: have said so, unless it plays a silent solo).
    queens_apart: bool = False
    #: Where the seat did not see a poverty's returned cards: the odds, per
    #: trump, that its taker returned one more trump rather than one fewer.
    return_odds: float = 1.0
    #: In a normal game, the fewest trumps (held and played) a seat that
    #: announced was dealt.
    announcer_trumps: int = 0
    #: In another seat's declared solo, how many trumps beyond a quarter of the
    #: contract's the soloist was dealt (held and played).
    soloist_extra: int = 0


#: Every consistent deal equally likely.
NO_BELIEFS = Beliefs()

#: Every card played in the hand so far: (seat, card).
Plays = Sequence[tuple[int, Card]]


def soloist_floor(
    kind: GameKind,
    contract: Contract,
    soloist: int | None,
    seat: int,
    voids: Sequence[frozenset[Suit | None]],
    plays: Plays,
    extra: int,
) -> tuple[int, int] | None:
    """In another seat's declared solo with trumps (seen from ``seat``): the
    soloist and how many trumps it still holds if it was dealt ``extra`` more
    than a quarter of them (``None``: nothing asked, or it showed it has none
    left).

    >>> soloist_floor(GameKind.SOLO, Contract.JACKS, 1, 0, [frozenset()] * 4, [], 3)
    (1, 5)
    """
    if not extra or kind is not GameKind.SOLO or soloist is None or soloist == seat:
        return None
    spec = CONTRACTS[contract]
    trumps = sum(map(spec.is_trump, PACK))
    if not trumps or None in voids[soloist]:
        return None
    played = sum(spec.is_trump(card) for who, card in plays if who == soloist)
    floor = trumps // PLAYERS + extra - played
    return (soloist, floor) if floor > 0 else None


#: How often :meth:`~engine.doppelkopf.knowledge.WorldSampler.sample` draws at
#: most to find a world that leaves every announcer its trumps (the last draw
#: stands otherwise).
ANNOUNCER_DRAWS = 16


def announcer_floors(
    kind: GameKind,
    seat: int,
    announced: Sequence[Party | None],
    voids: Sequence[frozenset[Suit | None]],
    counts: Sequence[int],
    unseen: Sequence[Card],
    plays: Plays,
    announcer_trumps: int,
) -> dict[int, int]:
    """Per other seat that announced in a normal game (seen from ``seat``): how
    many trumps it must still hold to have been dealt ``announcer_trumps`` (left
    out where nothing is asked, or where no deal could give it that many)."""
    if not announcer_trumps or kind is not GameKind.NORMAL:
        return {}
    normal = CONTRACTS[Contract.NORMAL]
    unseen_trumps = sum(map(normal.is_trump, unseen))
    floors = {}
    for other, party in enumerate(announced):
        if party is None or other == seat or None in voids[other]:
            continue
        played = sum(normal.is_trump(card) for who, card in plays if who == other)
        floor = announcer_trumps - played
        if 0 < floor <= min(counts[other], unseen_trumps):
            floors[other] = floor
    return floors
