"""Winning and scoring a hand (``doppelkopf.md`` §5) as pure functions.

A finished hand is boiled down to a small :class:`HandSummary`;
:func:`score_hand` turns it into the winner and a breakdown of
:class:`ScoreItem` values in words, and :func:`seat_scores` shares the value
out to the seats (a lone player ×3; the hand sums to zero).

No announcements, Re makes 121: Re wins 1.

>>> score = score_hand(HandSummary(re_points=121, re_tricks=6, kontra_tricks=6))
>>> score.winner, score.re_value, [item.message.text for item in score.items]
(<Party.RE: 're'>, 1, ['Re wins: +1.'])
>>> seat_scores(score, frozenset({0, 2}))
[1, -1, 1, -1]

Only Kontra announced, Re makes 120: Re wins 1 + 2.

>>> score_hand(HandSummary(re_points=120, re_tricks=6, kontra_tricks=6, kontra_level=1)).re_value
3
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from engine.doppelkopf.cards import Card
from engine.doppelkopf.rules import CHARLIE, FOX, LEVELS, PLAYERS, TOTAL_POINTS, TRICKS, Party
from engine.doppelkopf.tricks import PlayedTrick, trick_points
from engine.messages import Message

__all__ = [
    "LONE_FACTOR",
    "Extra",
    "ExtraKind",
    "HandScore",
    "HandSummary",
    "ScoreItem",
    "find_extras",
    "score_hand",
    "seat_scores",
    "summarize",
]  # fmt: skip

#: A player alone against three wins or loses this many times the hand's value.
LONE_FACTOR = 3
DOPPELKOPF_POINTS = 40


class ExtraKind(Enum):
    FOX = "fox"  # caught an opponent's DA
    CHARLIE = "charlie"  # won the last trick with CJ
    CHARLIE_CAUGHT = "charlie-caught"  # caught an opponent's CJ in the last trick
    DOPPELKOPF = "doppelkopf"  # a trick worth 40 or more


_EXTRA_KEYS = {
    ExtraKind.FOX: "dk_score_fox",
    ExtraKind.CHARLIE: "dk_score_charlie",
    ExtraKind.CHARLIE_CAUGHT: "dk_score_charlie_caught",
    ExtraKind.DOPPELKOPF: "dk_score_doppelkopf",
}


@dataclass(frozen=True)
class Extra:
    """A special point for ``party``, earned in trick number ``trick`` (1-based)."""

    kind: ExtraKind
    party: Party
    trick: int


@dataclass(frozen=True)
class HandSummary:
    """All that scoring needs to know about a finished hand."""

    re_points: int
    re_tricks: int
    kontra_tricks: int
    #: Highest announcement level of each party (0 none, 1 Re/Kontra, ... 5 schwarz).
    re_level: int = 0
    kontra_level: int = 0
    #: Scored as a solo (solo, silent solo, marriage without partner):
    #: no extras and no point for winning against the club queens.
    solo: bool = False
    extras: tuple[Extra, ...] = ()

    def points(self, party: Party) -> int:
        return self.re_points if party is Party.RE else TOTAL_POINTS - self.re_points

    def tricks(self, party: Party) -> int:
        return self.re_tricks if party is Party.RE else self.kontra_tricks

    def level(self, party: Party) -> int:
        return self.re_level if party is Party.RE else self.kontra_level

    def base_target(self, party: Party) -> int:
        """Card points ``party`` needs without announcements of its own beyond Re/Kontra."""
        kontra_only = self.kontra_level >= 1 and self.re_level == 0
        needs_121 = (party is Party.RE) != kontra_only
        return 121 if needs_121 else 120

    def achieved(self, party: Party) -> bool:
        """Whether ``party`` reached its target, raised by its own announcements."""
        level = LEVELS[self.level(party)]
        if level.opponents_below is None:
            return self.points(party) >= self.base_target(party)
        return self.stayed_below(party.other, level.number)

    def stayed_below(self, party: Party, level_number: int) -> bool:
        """Whether ``party`` stayed below the level (schwarz: took no trick)."""
        below = LEVELS[level_number].opponents_below
        if below == 0:
            return self.tricks(party) == 0
        assert below is not None
        return self.points(party) < below


@dataclass(frozen=True)
class ScoreItem:
    """One line of the breakdown: ``value`` points for ``party``, and why."""

    party: Party
    value: int
    message: Message

    def to_json(self) -> dict[str, Any]:
        return {"party": self.party.value, "value": self.value, "message": self.message.to_json()}


@dataclass(frozen=True)
class HandScore:
    winner: Party | None
    items: tuple[ScoreItem, ...]

    @property
    def re_value(self) -> int:
        """The hand's value for Re (negative when Kontra gains)."""
        return sum(item.value if item.party is Party.RE else -item.value for item in self.items)


def winner_of(summary: HandSummary) -> Party | None:
    """The winning party, or ``None`` when both parties missed their announcements."""
    announced = [party for party in Party if summary.level(party) >= 1]
    if not announced:
        return Party.RE if summary.achieved(Party.RE) else Party.KONTRA
    if len(announced) == 1:
        party = announced[0]
        return party if summary.achieved(party) else party.other
    winners = [party for party in Party if summary.achieved(party)]
    return winners[0] if winners else None


def score_hand(summary: HandSummary) -> HandScore:
    """The winner and the breakdown (``doppelkopf.md`` §5).

    Re counts as "the club queens' party" in every game not scored as a
    solo (normal, marriage with partner, poverty), so Kontra's extra point
    for winning against it applies there (*decision*: the poverty pair takes
    the club queens' role, as it takes Re's).
    """
    winner = winner_of(summary)
    if winner is None:
        return HandScore(None, (ScoreItem(Party.RE, 0, Message.of("dk_score_nobody")),))
    loser = winner.other
    items = [ScoreItem(winner, 1, Message.of("dk_score_won", party=winner.value))]
    if winner is Party.KONTRA and not summary.solo:
        items.append(ScoreItem(winner, 1, Message.of("dk_score_against_queens")))
    for party in Party:
        if summary.level(party) >= 1:
            message = Message.of("dk_score_announcement", announcement=party.value)
            items.append(ScoreItem(winner, 2, message))
    for level in LEVELS[2:]:
        if summary.stayed_below(loser, level.number):
            # "below no 90" says nothing in words: the message names the card points.
            if level.opponents_below == 0:
                message = Message.of("dk_score_schwarz", party=loser.value, level=level.id)
            else:
                message = Message.of(
                    "dk_score_below",
                    party=loser.value,
                    level=level.id,
                    points=level.opponents_below,
                )
            items.append(ScoreItem(winner, 1, message))
        if summary.level(winner) >= level.number:
            message = Message.of("dk_score_level_announced", party=winner.value, level=level.id)
            items.append(ScoreItem(winner, 1, message))
        if summary.level(loser) >= level.number and not summary.stayed_below(winner, level.number):
            message = Message.of("dk_score_level_missed", party=loser.value, level=level.id)
            items.append(ScoreItem(winner, 2, message))
    if not summary.solo:
        for extra in summary.extras:
            message = Message.of(
                _EXTRA_KEYS[extra.kind], party=extra.party.value, trick=extra.trick
            )
            items.append(ScoreItem(extra.party, 1, message))
    return HandScore(winner, tuple(items))


def seat_scores(score: HandScore, re_seats: frozenset[int]) -> list[int]:
    """Each seat's score: ± the value, a lone player ×3 (the hand sums to zero).

    >>> score = score_hand(HandSummary(re_points=121, re_tricks=6, kontra_tricks=6, solo=True))
    >>> seat_scores(score, frozenset({1}))
    [-1, 3, -1, -1]
    """
    value = score.re_value
    re_factor = LONE_FACTOR if len(re_seats) == 1 else 1
    kontra_factor = LONE_FACTOR if len(re_seats) == PLAYERS - 1 else 1
    return [
        value * re_factor if seat in re_seats else -value * kontra_factor for seat in range(PLAYERS)
    ]


def find_extras(
    tricks: Sequence[PlayedTrick[Card]],
    party_of: Mapping[int, Party],
    *,
    charlie_caught: bool = True,
) -> tuple[Extra, ...]:
    """Fox, Charlie and Doppelkopf points in the hand's tricks (in trick order).

    ``charlie_caught`` off is variant 3 (Charlie only for winning the last trick).
    """
    extras: list[Extra] = []
    for number, trick in enumerate(tricks, 1):
        party = party_of[trick.winner]
        if trick_points(trick) >= DOPPELKOPF_POINTS:
            extras.append(Extra(ExtraKind.DOPPELKOPF, party, number))
        caught = [card for seat, card in trick.plays if party_of[seat] is not party]
        extras += [Extra(ExtraKind.FOX, party, number) for card in caught if card == FOX]
        if number == TRICKS:
            if trick.plays[trick.result.winner][1] == CHARLIE:
                extras.append(Extra(ExtraKind.CHARLIE, party, number))
            if charlie_caught:
                extras += [
                    Extra(ExtraKind.CHARLIE_CAUGHT, party, number) for c in caught if c == CHARLIE
                ]
    return tuple(extras)


def summarize(
    tricks: Sequence[PlayedTrick[Card]],
    party_of: Mapping[int, Party],
    levels: Mapping[Party, int],
    *,
    solo: bool,
    charlie_caught: bool = True,
) -> HandSummary:
    """The summary of a finished hand from its tricks and the seats' parties."""
    re_tricks = [trick for trick in tricks if party_of[trick.winner] is Party.RE]
    return HandSummary(
        re_points=sum(trick_points(trick) for trick in re_tricks),
        re_tricks=len(re_tricks),
        kontra_tricks=len(tricks) - len(re_tricks),
        re_level=levels[Party.RE],
        kontra_level=levels[Party.KONTRA],
        solo=solo,
        extras=() if solo else find_extras(tricks, party_of, charlie_caught=charlie_caught),
    )
