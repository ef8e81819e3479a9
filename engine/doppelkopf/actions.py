"""Doppelkopf actions: reservations, poverty exchanges, answers, announcements, cards.

Notation as in ``records.md``:

>>> parse_action("solo-queens"), parse_action("Accept"), parse_action("h10")
(<Reservation.SOLO_QUEENS: 'solo-queens'>, <Call.ACCEPT: 'accept'>, H10)
>>> action_notation(parse_action("pass:D10,SA,C9"))
'pass:C9,SA,D10'
>>> parse_action("return:H9,SK")
Traceback (most recent call last):
...
engine.errors.NotationError: 'return:H9,SK' names 2 cards; a poverty exchange is 3 cards
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from engine import rng
from engine.doppelkopf.cards import COPIES, PACK, Card, parse_cards, sort_key
from engine.doppelkopf.rules import HAND_SIZE, PLAYERS, POVERTY_CARDS, Contract
from engine.errors import NotationError
from engine.notation import deal_fields

__all__ = [
    "RESERVATION_PRIORITY",
    "SOLO_CONTRACTS",
    "Action",
    "Call",
    "Deal",
    "Exchange",
    "ExchangeKind",
    "Reservation",
    "action_notation",
    "first_dealer",
    "parse_action",
    "seeded_deal",
]  # fmt: skip


class Reservation(Enum):
    """What a player says before the first lead."""

    HEALTHY = "healthy"
    MARRIAGE = "marriage"
    POVERTY = "poverty"
    SOLO_DIAMONDS = "solo-diamonds"
    SOLO_HEARTS = "solo-hearts"
    SOLO_SPADES = "solo-spades"
    SOLO_CLUBS = "solo-clubs"
    SOLO_QUEENS = "solo-queens"
    SOLO_JACKS = "solo-jacks"
    SOLO_ACES = "solo-aces"


#: Higher wins (solo > poverty > marriage > healthy); ties go to the earlier speaker.
RESERVATION_PRIORITY: dict[Reservation, int] = {
    Reservation.HEALTHY: 0,
    Reservation.MARRIAGE: 1,
    Reservation.POVERTY: 2,
} | {reservation: 3 for reservation in Reservation if reservation.value.startswith("solo-")}

SOLO_CONTRACTS: dict[Reservation, Contract] = {
    Reservation.SOLO_DIAMONDS: Contract.DIAMONDS,
    Reservation.SOLO_HEARTS: Contract.HEARTS,
    Reservation.SOLO_SPADES: Contract.SPADES,
    Reservation.SOLO_CLUBS: Contract.CLUBS,
    Reservation.SOLO_QUEENS: Contract.QUEENS,
    Reservation.SOLO_JACKS: Contract.JACKS,
    Reservation.SOLO_ACES: Contract.ACES,
}


class Call(Enum):
    """Answers to a poverty, and the announcement button."""

    ACCEPT = "accept"
    DECLINE = "decline"
    ANNOUNCE = "announce"


class ExchangeKind(Enum):
    PASS = "pass"  # the poor player's three cards
    RETURN = "return"  # the three cards given back by the player who accepted


@dataclass(frozen=True)
class Exchange:
    """Three cards handed over in a poverty; kept in :data:`DECK` order, so
    equal exchanges are equal values."""

    kind: ExchangeKind
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards, key=sort_key)))

    @property
    def notation(self) -> str:
        return f"{self.kind.value}:{','.join(card.notation for card in self.cards)}"

    def __repr__(self) -> str:
        return self.notation


Action = Card | Reservation | Call | Exchange


def parse_action(text: str | Action) -> Action:
    """An action from its notation (case-insensitive)."""
    if isinstance(text, (Card, Reservation, Call, Exchange)):
        return text
    if not isinstance(text, str):
        raise NotationError(f"{text!r} is not an action")
    word = text.strip().lower()
    for kind in (Reservation, Call):
        try:
            return kind(word)
        except ValueError:
            pass
    head, colon, tail = word.partition(":")
    if colon:
        try:
            exchange = ExchangeKind(head)
        except ValueError:
            raise NotationError(
                f"{text!r} is not a Doppelkopf action (pass:... or return:...)"
            ) from None
        cards = parse_cards([part for part in tail.split(",") if part.strip()])
        if len(cards) != POVERTY_CARDS:
            raise NotationError(f"{text!r} names {len(cards)} cards; a poverty exchange is 3 cards")
        return Exchange(exchange, cards)
    try:
        return Card.parse(text)
    except NotationError:
        raise NotationError(
            f"{text!r} is not a Doppelkopf action (a card such as CQ or H10, "
            "a reservation such as healthy or solo-jacks, pass:…, return:…, "
            "accept, decline or announce)"
        ) from None


def action_notation(action: Action) -> str:
    return action.notation if isinstance(action, (Card, Exchange)) else action.value


@dataclass(frozen=True)
class Deal:
    """The chance outcome of one deal: the dealer and the 48 cards in deal order.

    The cards go out in 4 rounds of 3: packet ``j`` of a round (``j = 0..3``)
    goes to seat ``dealer + 1 + j`` (``records.md``).
    """

    dealer: int | None
    cards: tuple[Card, ...]

    def hands(self) -> list[list[Card]]:
        """The four hands, indexed by seat, in the order the cards were received."""
        assert self.dealer is not None, "who deals is known once the deal is dealt"
        hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
        packet = HAND_SIZE // 4
        for i, card in enumerate(self.cards):
            seat = (self.dealer + 1 + (i % (PLAYERS * packet)) // packet) % PLAYERS
            hands[seat].append(card)
        return hands

    @classmethod
    def from_hands(cls, dealer: int, hands: Sequence[Sequence[Card]]) -> Deal:
        """The deal that gives each seat the given 12 cards (inverse of :meth:`hands`).

        >>> deal = Deal.from_hands(3, [PACK[i * 12 : (i + 1) * 12] for i in range(4)])
        >>> deal.hands()[0] == list(PACK[:12]), deal.cards[:3]
        (True, (CA, C10, CK))
        """
        packet = HAND_SIZE // 4
        cards: list[Card] = []
        for round_ in range(HAND_SIZE // packet):
            for j in range(PLAYERS):
                seat = (dealer + 1 + j) % PLAYERS
                cards += hands[seat][round_ * packet : (round_ + 1) * packet]
        return cls(dealer, tuple(cards))

    def validate(self) -> None:
        """Raise ``ValueError`` naming what is wrong."""
        if self.dealer is not None and (
            not isinstance(self.dealer, int) or not 0 <= self.dealer < PLAYERS
        ):
            raise ValueError(f"dealer must be a seat 0..{PLAYERS - 1}, not {self.dealer!r}")
        if len(self.cards) != len(PACK):
            raise ValueError(f"a Doppelkopf deal has {len(PACK)} cards, not {len(self.cards)}")
        counts = Counter(self.cards)
        wrong = sorted((card for card in set(PACK) if counts[card] != COPIES), key=sort_key)
        if wrong:
            raise ValueError(
                f"every card occurs {COPIES} times; not {wrong[0]} ({counts[wrong[0]]})"
            )

    def to_json(self) -> dict[str, object]:
        cards = [card.notation for card in self.cards]
        return {"cards": cards} if self.dealer is None else {"dealer": self.dealer, "cards": cards}

    @classmethod
    def from_json(cls, data: object, *, first: bool = True) -> Deal:
        """A deal of a record; ``first``: the match's first deal, which must name its
        dealer (a later deal's dealer follows the rules and may be left out)."""
        dealer, cards = deal_fields(data, first=first)
        deal = cls(dealer, parse_cards(cards))
        deal.validate()
        return deal


def seeded_deal(seed: str, number: int, dealer: int | None) -> Deal:
    """Deal ``number`` (0-based, redeals included) of a match from ``seed``:
    the 48-card pack shuffled by ``derive(seed, "deal", number)``.

    >>> seeded_deal("doc", 0, 0).cards[:4]
    (S10, CA, H9, DJ)
    """
    return Deal(dealer, tuple(rng.Stream(rng.derive(seed, "deal", number)).shuffled(PACK)))


def first_dealer(seed: str) -> int:
    """The first dealer "drawn by lot": ``below(4)`` of ``derive(seed, "dealer")``."""
    return rng.Stream(rng.derive(seed, "dealer")).below(PLAYERS)
