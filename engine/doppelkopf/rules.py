"""Doppelkopf rules as data: trump orders, announcements, variant switches.

Every game type's trumps and plain-suit order is a :class:`ContractSpec` in
:data:`CONTRACTS`; the trick and state code reads these tables instead of
testing the game's name. The three optional variants (``doppelkopf.md`` §6)
are :class:`Variant` switches held by :class:`Rules`.

>>> [card.notation for card in CONTRACTS[Contract.NORMAL].trumps][:6]
['H10', 'CQ', 'SQ', 'HQ', 'DQ', 'CJ']
>>> len(CONTRACTS[Contract.HEARTS].trumps), len(CONTRACTS[Contract.ACES].trumps)  # distinct cards
(12, 0)
>>> CONTRACTS[Contract.QUEENS].suit_of(Card.parse("H10"))
<Suit.HEARTS: 'H'>
>>> Rules.from_json({"variants": ["soloist-leads"]}).has(Variant.SOLOIST_LEADS)
True
>>> Rules.from_json({"variants": ["short-game"]})
Traceback (most recent call last):
...
ValueError: unknown variant 'short-game' (second-heart-ten, soloist-leads, charlie-winning-only)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from engine.doppelkopf.cards import DECK, Card, Rank, Suit

__all__ = [
    "CHARLIE",
    "CLUB_QUEEN",
    "CONTRACTS",
    "FOX",
    "HANDS_PER_MATCH",
    "HAND_SIZE",
    "HEART_TEN",
    "LEVELS",
    "PLAYERS",
    "POVERTY_CARDS",
    "POVERTY_MAX_TRUMPS",
    "SUIT_SOLOS",
    "TOTAL_POINTS",
    "TRICKS",
    "Contract",
    "ContractSpec",
    "GameKind",
    "Level",
    "Party",
    "Phase",
    "Rules",
    "Variant",
]  # fmt: skip

PLAYERS = 4
HAND_SIZE = 12
TRICKS = 12
HANDS_PER_MATCH = 8
TOTAL_POINTS = 240
#: A player with at most this many (normal-game) trumps may declare poverty.
POVERTY_MAX_TRUMPS = 3
#: Cards passed and returned in a poverty.
POVERTY_CARDS = 3

CLUB_QUEEN = Card(Suit.CLUBS, Rank.QUEEN)
HEART_TEN = Card(Suit.HEARTS, Rank.TEN)
FOX = Card(Suit.DIAMONDS, Rank.ACE)
CHARLIE = Card(Suit.CLUBS, Rank.JACK)


class Contract(Enum):
    """Which trump order is played: the normal one or one of the seven solos."""

    NORMAL = "normal"
    DIAMONDS = "diamonds"
    HEARTS = "hearts"
    SPADES = "spades"
    CLUBS = "clubs"
    QUEENS = "queens"
    JACKS = "jacks"
    ACES = "aces"


@dataclass(frozen=True)
class ContractSpec:
    """A trump order (highest first) and the order of plain suits (highest first)."""

    trumps: tuple[Card, ...]
    plain_order: tuple[Rank, ...]
    _power: dict[Card, int] = field(init=False, repr=False, compare=False)
    _suit: dict[Card, Suit | None] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Trumps rank above every plain card; plain cards by plain_order.
        power = {card: 100 + len(self.trumps) - i for i, card in enumerate(self.trumps)}
        for card in DECK:
            if card not in power:
                power[card] = len(self.plain_order) - self.plain_order.index(card.rank)
        object.__setattr__(self, "_power", power)
        suits = {card: None if card in self.trumps else card.suit for card in DECK}
        object.__setattr__(self, "_suit", suits)

    def is_trump(self, card: Card) -> bool:
        return self._suit[card] is None

    def suit_of(self, card: Card) -> Suit | None:
        """The card's suit for following suit: ``None`` for a trump."""
        return self._suit[card]

    def power(self, card: Card) -> int:
        """Higher beats lower; trumps above plain cards (compare within a suit only)."""
        return self._power[card]


def _cards(*notations: str) -> tuple[Card, ...]:
    return tuple(Card.parse(text) for text in notations)


_QUEENS = _cards("CQ", "SQ", "HQ", "DQ")
_JACKS = _cards("CJ", "SJ", "HJ", "DJ")
_SUIT_PLAIN = (Rank.ACE, Rank.TEN, Rank.KING, Rank.NINE)


def _suit_solo(suit: Suit) -> ContractSpec:
    low = tuple(Card(suit, rank) for rank in _SUIT_PLAIN if Card(suit, rank) != HEART_TEN)
    return ContractSpec((HEART_TEN, *_QUEENS, *_JACKS, *low), _SUIT_PLAIN)


CONTRACTS: dict[Contract, ContractSpec] = {
    Contract.NORMAL: _suit_solo(Suit.DIAMONDS),
    Contract.DIAMONDS: _suit_solo(Suit.DIAMONDS),
    Contract.HEARTS: _suit_solo(Suit.HEARTS),
    Contract.SPADES: _suit_solo(Suit.SPADES),
    Contract.CLUBS: _suit_solo(Suit.CLUBS),
    Contract.QUEENS: ContractSpec(_QUEENS, (Rank.ACE, Rank.TEN, Rank.KING, Rank.JACK, Rank.NINE)),
    Contract.JACKS: ContractSpec(_JACKS, (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.NINE)),
    Contract.ACES: ContractSpec((), tuple(Rank)),
}
#: The solos whose trumps are a suit's cards besides the queens and jacks.
SUIT_SOLOS = frozenset({Contract.DIAMONDS, Contract.HEARTS, Contract.SPADES, Contract.CLUBS})


class Party(Enum):
    RE = "re"
    KONTRA = "kontra"

    @property
    def other(self) -> Party:
        return Party.KONTRA if self is Party.RE else Party.RE


@dataclass(frozen=True)
class Level:
    """One announcement step of a party (``doppelkopf.md`` §4, §5)."""

    #: 1 = Re/Kontra, 2 = no 90, 3 = no 60, 4 = no 30, 5 = schwarz.
    number: int
    #: The catalog id of the step (``announcement.<id>``); the party's own id at 1.
    id: str
    #: Cards the announcer must still hold (before lowering for replies/marriage).
    min_cards: int
    #: The opponents must stay below this many points; 0 = take no trick (schwarz);
    #: ``None`` for the party announcement itself.
    opponents_below: int | None

    def announcement(self, party: Party) -> str:
        """The catalog id of this step announced by ``party`` ("re", "no90", ...)."""
        return party.value if self.number == 1 else self.id


#: Index = level number; index 0 is "nothing announced".
LEVELS: tuple[Level, ...] = (
    Level(0, "", 12, None),
    Level(1, "party", 11, None),
    Level(2, "no90", 10, 90),
    Level(3, "no60", 9, 60),
    Level(4, "no30", 8, 30),
    Level(5, "schwarz", 7, 0),
)


class Variant(Enum):
    """Optional rules (``doppelkopf.md`` §6); each off by default."""

    #: The second H10 beats the first in the same trick, except in the last trick.
    SECOND_HEART_TEN = "second-heart-ten"
    #: In a solo the soloist leads the first trick.
    SOLOIST_LEADS = "soloist-leads"
    #: Charlie scores only for winning the last trick with CJ.
    CHARLIE_WINNING_ONLY = "charlie-winning-only"


@dataclass(frozen=True)
class Rules:
    """The standard rules plus the chosen variant switches."""

    variants: frozenset[Variant] = frozenset()

    def has(self, variant: Variant) -> bool:
        return variant in self.variants

    def to_json(self) -> dict[str, Any]:
        return {"set": "standard", "variants": [v.value for v in Variant if v in self.variants]}

    @classmethod
    def from_json(cls, data: object) -> Rules:
        """Rules from a record's ``rules`` object; ``ValueError`` names the bad field."""
        if not isinstance(data, dict):
            raise ValueError(f"rules must be an object, not {data!r}")  # noqa: TRY004 (records catch ValueError)
        unknown = set(data) - {"set", "variants"}
        if unknown:
            raise ValueError(f"unknown rules field(s): {', '.join(sorted(unknown))}")
        if data.get("set", "standard") != "standard":
            raise ValueError(f"unknown Doppelkopf rule set {data.get('set')!r} (standard)")
        names = data.get("variants", [])
        if not isinstance(names, list):
            raise ValueError(f"variants must be a list, not {names!r}")  # noqa: TRY004 (records catch ValueError)
        variants = set()
        for name in names:
            try:
                variants.add(Variant(name))
            except ValueError:
                known = ", ".join(v.value for v in Variant)
                raise ValueError(f"unknown variant {name!r} ({known})") from None
        return cls(frozenset(variants))


class Phase(Enum):
    """Where a match is: the steps of a hand, in order."""

    DEAL = "deal"  # a chance node: the next deal must be dealt
    RESERVE = "reserve"  # each seat says healthy or a reservation
    POVERTY_PASS = "poverty-pass"  # the poor player passes three cards
    POVERTY_ANSWER = "poverty-answer"  # the others accept or decline in turn
    POVERTY_RETURN = "poverty-return"  # the taker returns three cards
    PLAY = "play"
    OVER = "over"  # the match is over


class GameKind(Enum):
    """What kind of game a hand turned out to be."""

    NORMAL = "normal"
    SILENT_SOLO = "silent-solo"  # both CQ and "healthy": public as normal
    MARRIAGE = "marriage"
    POVERTY = "poverty"
    SOLO = "solo"
