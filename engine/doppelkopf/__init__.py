"""Doppelkopf: cards, rules as data, tricks, scoring and the match state.

The small public contract:

>>> trick_winner(["SA", "S10", "DJ", "SA"])
2
>>> trick_winner(["H10", "H10"], game="normal", second_heart_ten=True)
1
>>> trick_winner(["HA", "CQ", "HK"], game="jacks")
0
>>> explain_trick(["D9", "CA"]).reason.text
'The D9 wins: it is the highest trump in the trick.'
>>> trick_winner(["C7"])
Traceback (most recent call last):
...
engine.errors.NotationError: 'C7' is not a Doppelkopf card (suit C, S, H or D followed by A, 10, K, Q, J or 9)
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.doppelkopf.actions import (
    Action,
    Call,
    Deal,
    Exchange,
    ExchangeKind,
    Reservation,
    action_notation,
    parse_action,
)
from engine.doppelkopf.cards import DECK, PACK, Card, Rank, Suit, parse_cards
from engine.doppelkopf.rules import CONTRACTS, Contract, Party, Rules, Variant
from engine.doppelkopf.scoring import HandScore, HandSummary, score_hand, seat_scores
from engine.doppelkopf.state import CHANCE, TERMINAL, GameKind, Phase, State, new_match
from engine.doppelkopf.tricks import TrickResult, parse_trick, resolve_trick
from engine.doppelkopf.view import seat_view

# A seat's view is built from the state (engine.doppelkopf.view), which the state
# module does not import: the package puts the two together.
State.SEAT_VIEW = seat_view

__all__ = [
    "CHANCE",
    "CONTRACTS",
    "DECK",
    "PACK",
    "TERMINAL",
    "Action",
    "Call",
    "Card",
    "Contract",
    "Deal",
    "Exchange",
    "ExchangeKind",
    "GameKind",
    "HandScore",
    "HandSummary",
    "Party",
    "Phase",
    "Rank",
    "Reservation",
    "Rules",
    "State",
    "Suit",
    "TrickResult",
    "Variant",
    "action_notation",
    "explain_trick",
    "new_match",
    "parse_action",
    "parse_cards",
    "resolve_trick",
    "score_hand",
    "seat_scores",
    "trick_winner",
]  # fmt: skip


def _contract(game: str | Contract) -> Contract:
    if isinstance(game, Contract):
        return game
    try:
        return Contract(game)
    except ValueError:
        names = ", ".join(contract.value for contract in Contract)
        raise ValueError(f"game must be one of {names}, not {game!r}") from None


def explain_trick(
    cards: Sequence[str | Card], game: str | Contract = "normal", *, second_heart_ten: bool = False
) -> TrickResult:
    """The winner of a trick (1 to 4 cards, the winner so far) and why.

    ``game`` is ``normal`` or a solo: ``diamonds``, ``hearts``, ``spades``,
    ``clubs``, ``queens``, ``jacks``, ``aces``.
    """
    return resolve_trick(parse_trick(cards), _contract(game), second_heart_ten=second_heart_ten)


def trick_winner(
    cards: Sequence[str | Card], game: str | Contract = "normal", *, second_heart_ten: bool = False
) -> int:
    """Index of the winning card of a trick (led card first)."""
    return explain_trick(cards, game, second_heart_ten=second_heart_ten).winner
