"""Karnöffel actions: a card to play, or a call (bid / show), plus a deal.

>>> parse_action("BU"), parse_action("give-up"), parse_action(" Pass ")
(BU, <Call.GIVE_UP: 'give-up'>, <Call.PASS: 'pass'>)
>>> action_notation(Call.NO_SHOW)
'no-show'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.errors import NotationError
from engine.karnoffel.cards import Card, parse_cards
from engine.karnoffel.rules import HAND_SIZE

__all__ = ["Action", "Call", "Deal", "action_notation", "parse_action"]


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
    first), one packet per seat (``records.md``).
    """

    dealer: int
    cards: tuple[Card, ...]

    def validate(self, players: int) -> None:
        """Raise ``ValueError`` naming what is wrong for ``players`` seats."""
        if not isinstance(self.dealer, int) or not 0 <= self.dealer < players:
            raise ValueError(f"dealer must be a seat 0..{players - 1}, not {self.dealer!r}")
        expected = players * HAND_SIZE
        if len(self.cards) != expected:
            raise ValueError(
                f"a deal for {players} players has {expected} cards, not {len(self.cards)}"
            )
        if len(set(self.cards)) != len(self.cards):
            raise ValueError("a deal holds a card twice")

    def to_json(self) -> dict[str, object]:
        return {"dealer": self.dealer, "cards": [card.notation for card in self.cards]}

    @classmethod
    def from_json(cls, data: object, players: int) -> Deal:
        if not isinstance(data, dict) or set(data) != {"dealer", "cards"}:
            raise ValueError("a deal is an object with exactly 'dealer' and 'cards'")
        dealer = data["dealer"]
        if not isinstance(dealer, int) or isinstance(dealer, bool):
            # ValueError, not TypeError: every bad record input is a ValueError.
            raise ValueError(f"dealer must be a seat number, not {dealer!r}")  # noqa: TRY004
        deal = cls(dealer, parse_cards(data["cards"]))
        deal.validate(players)
        return deal
