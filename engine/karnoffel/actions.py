"""Karnöffel actions: a card to play, or a call (bid / show), plus a deal.

>>> parse_action("BU"), parse_action("give-up"), parse_action(" Pass ")
(BU, <Call.GIVE_UP: 'give-up'>, <Call.PASS: 'pass'>)
>>> action_notation(Call.NO_SHOW)
'no-show'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine import rng
from engine.errors import NotationError
from engine.karnoffel.cards import DECK, Card, parse_cards
from engine.karnoffel.rules import HAND_SIZE
from engine.notation import deal_fields

__all__ = [
    "Action",
    "Call",
    "Deal",
    "action_notation",
    "first_dealer",
    "parse_action",
    "seeded_deal",
    "seeded_deals",
]


class Call(Enum):
    """Decisions other than playing a card (historic rules)."""

    PASS = "pass"
    RAISE = "raise"
    ACCEPT = "accept"
    COUNTER = "counter"
    GIVE_UP = "give-up"
    SHOW = "show"
    NO_SHOW = "no-show"


Action = Card | Call


def parse_action(text: str | Card | Call) -> Action:
    """A card or a call from its notation (case-insensitive)."""
    if isinstance(text, (Card, Call)):
        return text
    if not isinstance(text, str):
        raise NotationError(f"{text!r} is not an action")
    try:
        return Call(text.strip().lower())
    except ValueError:
        pass
    try:
        return Card.parse(text)
    except NotationError:
        raise NotationError(
            f"{text!r} is not a Karnöffel action (a card such as BU or H10, or one of "
            + ", ".join(call.value for call in Call)
            + ")"
        ) from None


def action_notation(action: Action) -> str:
    return action.notation if isinstance(action, Card) else action.value


@dataclass(frozen=True)
class Deal:
    """The chance outcome of one deal: the dealer and the cards in deal order.

    Card ``i`` of each stage goes to the seats in deal order (``dealer + 1``
    first), one packet per seat (``records.md``). A deal after the first may
    leave its dealer out (``None``): the rules say who deals it.
    """

    dealer: int | None
    cards: tuple[Card, ...]

    def validate(self, players: int) -> None:
        """Raise ``ValueError`` naming what is wrong for ``players`` seats."""
        if self.dealer is not None and (
            not isinstance(self.dealer, int) or not 0 <= self.dealer < players
        ):
            raise ValueError(f"dealer must be a seat 0..{players - 1}, not {self.dealer!r}")
        expected = players * HAND_SIZE
        if len(self.cards) != expected:
            raise ValueError(
                f"a deal for {players} players has {expected} cards, not {len(self.cards)}"
            )
        if len(set(self.cards)) != len(self.cards):
            raise ValueError("a deal holds a card twice")

    def to_json(self) -> dict[str, object]:
        cards = [card.notation for card in self.cards]
        return {"cards": cards} if self.dealer is None else {"dealer": self.dealer, "cards": cards}

    @classmethod
    def from_json(cls, data: object, players: int, *, first: bool = True) -> Deal:
        """A deal of a record; ``first``: the match's first deal, which must name its dealer."""
        dealer, cards = deal_fields(data, first=first)
        deal = cls(dealer, parse_cards(cards))
        deal.validate(players)
        return deal


def seeded_deal(seed: str, number: int, dealer: int, players: int) -> Deal:
    """Deal ``number`` (0-based) of a match from ``seed``: the first
    ``players * 5`` cards of the deck shuffled by ``derive(seed, "deal", number)``.

    >>> seeded_deal("doc", 0, 0, 4).cards[:4]
    (H6, AK, B8, L3)
    """
    order = rng.Stream(rng.derive(seed, "deal", number)).shuffled(DECK)
    return Deal(dealer, tuple(order[: players * HAND_SIZE]))


def seeded_deals(seed: str, players: int, count: int) -> list[Deal]:
    """The first ``count`` deals of a match played from ``seed`` alone: the
    first dealer by lot, then each deal's forehand deals the next."""
    dealer = first_dealer(seed, players)
    deals = []
    for number in range(count):
        deals.append(seeded_deal(seed, number, dealer, players))
        dealer = (dealer + 1) % players
    return deals


def first_dealer(seed: str, players: int) -> int:
    """The first dealer "drawn by lot": ``below(players)`` of ``derive(seed, "dealer")``."""
    return rng.Stream(rng.derive(seed, "dealer")).below(players)
