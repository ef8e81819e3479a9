"""Karnöffel cards: 48 German-suited cards, no aces.

Cards are interned frozen values: ``Card.parse("bu") is Card.parse("BU")``.

>>> card = Card.parse("bu")
>>> card, card.suit.name, card.rank.name
(BU, 'BELLS', 'UNTER')
>>> Card.parse("h10").notation
'H10'
>>> Card.parse("A1")
Traceback (most recent call last):
...
engine.errors.NotationError: 'A1' is not a Karnöffel card (suit A, L, H or B followed by K, O, U or 2-10)
>>> Card.parse("H9").display("french")
'♥9'
>>> len(DECK)
48
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Literal

from engine.errors import NotationError
from engine.notation import card_list, lookup_card

__all__ = ["DECK", "Card", "Faces", "Rank", "Suit", "parse_cards"]

Faces = Literal["german", "french"]


class Suit(Enum):
    """The four German suits; the value is the notation letter."""

    ACORNS = "A"
    LEAVES = "L"
    HEARTS = "H"
    BELLS = "B"

    @property
    def french(self) -> str:
        return _FRENCH_SUITS[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """The suit for its letter (case-insensitive).

        >>> Suit.parse("b")
        <Suit.BELLS: 'B'>
        >>> Suit.parse(None)
        Traceback (most recent call last):
        ...
        engine.errors.NotationError: None is not a suit (A, L, H or B)
        """
        try:
            return cls(text.strip().upper())
        except (ValueError, AttributeError):  # AttributeError: not a string
            raise NotationError(f"{text!r} is not a suit (A, L, H or B)") from None


_FRENCH_SUITS = {Suit.ACORNS: "♣", Suit.LEAVES: "♠", Suit.HEARTS: "♥", Suit.BELLS: "♦"}


class Rank(Enum):
    """Ranks; ``order`` is the normal order (higher beats lower), K = 12."""

    KING = "K"
    OBER = "O"
    UNTER = "U"
    TEN = "10"
    NINE = "9"
    EIGHT = "8"
    SEVEN = "7"
    SIX = "6"
    FIVE = "5"
    FOUR = "4"
    THREE = "3"
    TWO = "2"

    @property
    def order(self) -> int:
        return _ORDER[self]

    @property
    def french(self) -> str:
        return {"O": "Q", "U": "J"}.get(self.value, self.value)


_ORDER = {rank: 12 - i for i, rank in enumerate(Rank)}


@dataclass(frozen=True, slots=True)
class Card:
    """One card. Compare by identity or equality; both work (interned)."""

    suit: Suit
    rank: Rank

    @property
    def notation(self) -> str:
        return self.suit.value + self.rank.value

    @property
    def index(self) -> int:
        """Position in :data:`DECK`, 0..47."""
        return _INDEX[self]

    def display(self, faces: Faces = "german") -> str:
        if faces == "french":
            return self.suit.french + self.rank.french
        return self.notation

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
            "a Karnöffel card (suit A, L, H or B followed by K, O, U or 2-10)",
        )


DECK: tuple[Card, ...] = tuple(Card(suit, rank) for suit in Suit for rank in Rank)
_INDEX = {card: i for i, card in enumerate(DECK)}
_BY_NOTATION = {card.notation: card for card in DECK}


def parse_cards(cards: object, *, unique: bool = True) -> tuple[Card, ...]:
    """Parse a sequence of cards (not a string, not a JSON object); duplicates
    raise ``NotationError`` if ``unique``.

    >>> parse_cards(["H9", "b3"])
    (H9, B3)
    >>> parse_cards(["H9", "h9"])
    Traceback (most recent call last):
    ...
    engine.errors.NotationError: duplicate card H9
    >>> parse_cards("H9 B3")
    Traceback (most recent call last):
    ...
    engine.errors.NotationError: expected a list of cards, got 'H9 B3'
    """
    parsed = tuple(Card.parse(card) for card in card_list(cards))
    if unique:
        seen: set[Card] = set()
        for card in parsed:
            if card in seen:
                raise NotationError(f"duplicate card {card}")
            seen.add(card)
    return parsed
