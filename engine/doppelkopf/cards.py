"""Doppelkopf cards: 24 French-suited cards, each twice in the pack (48).

The two copies of a card share one name and one interned value, so a hand
is a list in which a card may occur twice.

>>> card = Card.parse("h10")
>>> card, card.suit.name, card.rank.name, card.points
(H10, 'HEARTS', 'TEN', 10)
>>> Card.parse("CQ").display()
'♣Q'
>>> Card.parse("C7")
Traceback (most recent call last):
...
engine.errors.NotationError: 'C7' is not a Doppelkopf card (suit C, S, H or D followed by A, 10, K, Q, J or 9)
>>> Card(Suit.CLUBS, Rank.QUEEN) is Card.parse("cq")
True
>>> len(DECK), len(PACK), sum(card.points for card in PACK)
(24, 48, 240)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import Enum

from engine.errors import NotationError
from engine.notation import card_list, lookup_card

__all__ = ["COPIES", "DECK", "PACK", "Card", "Rank", "Suit", "parse_cards", "sort_key"]

#: How many copies of each card the pack holds.
COPIES = 2


class Suit(Enum):
    """The four French suits, strongest first in the sorting order; the value is the letter."""

    CLUBS = "C"
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]


_SYMBOLS = {Suit.CLUBS: "♣", Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦"}


class Rank(Enum):
    """Ranks in their normal order, highest first (A 10 K Q J 9)."""

    ACE = "A"
    TEN = "10"
    KING = "K"
    QUEEN = "Q"
    JACK = "J"
    NINE = "9"

    @property
    def points(self) -> int:
        return _POINTS[self]


_POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2, Rank.NINE: 0}


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card name (both copies are this value).

    Cards are interned: ``Card(Suit.CLUBS, Rank.QUEEN)`` is the one club
    queen, so equality and hashing are by identity (fast in the hot loops).
    """

    suit: Suit
    rank: Rank

    def __new__(cls, suit: Suit, rank: Rank) -> Card:  # noqa: PYI034 (returns the interned card)
        card = _INTERNED.get((suit, rank))
        return card if card is not None else object.__new__(cls)

    @property
    def notation(self) -> str:
        return _NOTATION[self]

    @property
    def points(self) -> int:
        return _CARD_POINTS[self]

    def display(self) -> str:
        return self.suit.symbol + self.rank.value

    def __repr__(self) -> str:
        return self.notation

    def __str__(self) -> str:
        return self.notation

    @staticmethod
    def parse(text: str | Card) -> Card:
        """The card for a notation string (case-insensitive), or the card itself."""
        return lookup_card(
            text,
            Card,
            _BY_NOTATION,
            "a Doppelkopf card (suit C, S, H or D followed by A, 10, K, Q, J or 9)",
        )


_INTERNED: dict[tuple[Suit, Rank], Card] = {}
DECK: tuple[Card, ...] = tuple(Card(suit, rank) for suit in Suit for rank in Rank)
_INTERNED.update({(card.suit, card.rank): card for card in DECK})
#: The 48-card pack in a fixed order (every card of :data:`DECK`, then again).
PACK: tuple[Card, ...] = DECK * COPIES
# Looked up per card rather than computed: views and scoring read them often.
_NOTATION = {card: card.suit.value + card.rank.value for card in DECK}
_CARD_POINTS = {card: card.rank.points for card in DECK}
_BY_NOTATION = {card.notation: card for card in DECK}
_ORDER = {card: i for i, card in enumerate(DECK)}


def sort_key(card: Card) -> int:
    """The card's position in :data:`DECK` (clubs first, aces first)."""
    return _ORDER[card]


def parse_cards(cards: object, *, copies: int = COPIES) -> tuple[Card, ...]:
    """Parse a list of cards; more than ``copies`` of one card raises ``NotationError``.

    >>> parse_cards(["CQ", "cq", "H10"])
    (CQ, CQ, H10)
    >>> parse_cards(["CQ", "CQ", "CQ"])
    Traceback (most recent call last):
    ...
    engine.errors.NotationError: CQ occurs 3 times; the pack holds it 2 times
    """
    parsed = tuple(Card.parse(card) for card in card_list(cards))
    for card, count in Counter(parsed).items():
        if count > copies:
            raise NotationError(f"{card} occurs {count} times; the pack holds it {copies} times")
    return parsed
