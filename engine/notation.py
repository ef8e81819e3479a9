"""Reading the record notation of both games: cards, lists of cards, deals.

Each game owns its cards; what reading them has in common is written once
here (the checks, and the messages that name the bad input).

>>> deal_fields({"dealer": 2, "cards": ["H9"]}, first=True)
(2, ['H9'])
>>> deal_fields({"cards": ["H9"]}, first=True)
Traceback (most recent call last):
...
ValueError: the first deal must name its dealer
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from engine.errors import NotationError
from engine.messages import quoted

__all__ = ["card_list", "deal_fields", "lookup_card"]

CardT = TypeVar("CardT")


def lookup_card(text: object, kind: type[CardT], table: Mapping[str, CardT], names: str) -> CardT:
    """The card ``text`` names (case-insensitive) in ``table``, or ``text`` itself if
    it is a card of ``kind``; ``NotationError`` saying what a card of the game looks like."""
    if isinstance(text, kind):
        return text
    if not isinstance(text, str):
        raise NotationError(f"{quoted(text)} is not a card")
    card = table.get(text.strip().upper())
    if card is None:
        raise NotationError(f"{quoted(text)} is not {names}")
    return card


def card_list(cards: object) -> Sequence[Any]:
    """``cards`` if it is a list (or tuple) of items, else ``NotationError``."""
    if isinstance(cards, str) or not isinstance(cards, (list, tuple)):
        raise NotationError(f"expected a list of cards, got {quoted(cards)}")
    return cards


def deal_fields(data: object, *, first: bool) -> tuple[int | None, Any]:
    """A record's deal as (dealer, cards): a later deal may leave its dealer out
    (the rules say who deals it); the match's ``first`` deal must name it."""
    if not isinstance(data, dict) or not {"cards"} <= set(data) <= {"dealer", "cards"}:
        raise ValueError("a deal is an object with 'cards' and (for the first deal) 'dealer'")
    dealer = data.get("dealer")
    if dealer is None and first:
        raise ValueError("the first deal must name its dealer")
    if dealer is not None and (not isinstance(dealer, int) or isinstance(dealer, bool)):
        # ValueError, not TypeError: every bad record input is a ValueError.
        raise ValueError(f"dealer must be a seat number, not {quoted(dealer)}")
    return dealer, data["cards"]
