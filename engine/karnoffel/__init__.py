"""Karnöffel: cards, rules, tricks and the match state.

The public contract (``karnoffel.md`` §8), kept stable:

>>> trick_winner(["H9", "B3", "LK", "H2"], chosen="B", rules="classic")
0
>>> trick_winner(["H9", "B3", "LK", "H2"], chosen="B", rules="historic")
1
>>> chosen_suit(["H9", "B4", "AK", "L10"])
'B'
>>> trick_winner(["H9", "X3"], chosen="B")
Traceback (most recent call last):
...
engine.errors.NotationError: 'X3' is not a Karnöffel card (suit A, L, H or B followed by K, O, U or 2-10)
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.karnoffel.actions import Action, Call, Deal, action_notation, parse_action
from engine.karnoffel.cards import DECK, Card, Rank, Suit, parse_cards
from engine.karnoffel.rules import RULE_SETS, Rules, RuleSet
from engine.karnoffel.state import CHANCE, TERMINAL, Phase, State, chosen_suit_of, new_match
from engine.karnoffel.tricks import Role, TrickResult, parse_trick, resolve_trick, role_of
from engine.karnoffel.view import seat_view

# A seat's view is built from the state (engine.karnoffel.view), which the state
# module does not import: the package puts the two together.
State.SEAT_VIEW = seat_view

__all__ = [
    "CHANCE",
    "DECK",
    "RULE_SETS",
    "TERMINAL",
    "Action",
    "Call",
    "Card",
    "Deal",
    "Phase",
    "Rank",
    "Role",
    "RuleSet",
    "Rules",
    "State",
    "Suit",
    "TrickResult",
    "action_notation",
    "chosen_suit",
    "explain_trick",
    "new_match",
    "parse_action",
    "parse_cards",
    "resolve_trick",
    "role_of",
    "trick_winner",
]  # fmt: skip


def _rule_name(rules: str) -> str:
    if rules not in ("classic", "historic"):
        raise ValueError(f"rules must be 'classic' or 'historic', not {rules!r}")
    return rules


def explain_trick(
    cards: Sequence[str | Card], chosen: str | Suit, rules: str = "classic"
) -> TrickResult:
    """The winner of a trick (1 to 8 cards, the winner so far) and why."""
    suit = chosen if isinstance(chosen, Suit) else Suit.parse(chosen)
    return resolve_trick(parse_trick(cards), suit, _rule_name(rules))


def trick_winner(cards: Sequence[str | Card], chosen: str | Suit, rules: str = "classic") -> int:
    """Index of the winning card of a trick (led card first)."""
    return explain_trick(cards, chosen, rules).winner


def chosen_suit(face_up: Sequence[str | Card]) -> str:
    """The chosen suit's letter from the face-up cards in deal order."""
    cards = parse_cards(face_up)
    if not cards:
        raise ValueError("chosen_suit needs at least one face-up card")
    return chosen_suit_of(cards).value
