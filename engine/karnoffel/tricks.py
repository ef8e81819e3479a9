"""Who wins a trick, and why (``karnoffel.md`` §2, §3.1, §3.2).

Each rule gives every card of the trick a *strength* (``None``: it cannot
win); the strongest card wins. Explanations are derived from the same
strengths, so the words can never disagree with the result.

Classic, chosen suit Bells — the Bells 3 is powerless when a King is in the
trick, so the highest card of the led suit wins:

>>> result = resolve_trick(parse_cards(["H9", "B3", "LK", "H2"]), Suit.BELLS, "classic")
>>> result.winner, result.reason.text
(0, 'The H9 wins: it is the highest card of the suit led (H).')
>>> [note.text for note in result.notes]
['The B3 has no power: a King is in the trick.']

Historic: off-suit Kings cannot win, and the Bells 3 beats the Hearts 9:

>>> resolve_trick(parse_cards(["H9", "B3", "LK", "H2"]), Suit.BELLS, "historic").winner
1
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import Enum
from functools import cache

from engine.core import TrickResult
from engine.karnoffel.cards import DECK, Card, Rank, Suit, parse_cards
from engine.messages import Message

__all__ = [
    "TRICK_RULES",
    "Role",
    "TrickResult",
    "TrickTable",
    "resolve_trick",
    "role_of",
    "special_cards",
    "trick_table",
    "winner_index",
]  # fmt: skip


class Role(Enum):
    """The chosen suit's special cards (``karnoffel.md`` §2)."""

    KARNOFFEL = "karnoffel"
    DEVIL = "devil"
    POPE = "pope"
    EMPEROR = "emperor"
    PARTIAL_3 = "partial-3"
    PARTIAL_4 = "partial-4"
    PARTIAL_5 = "partial-5"


_ROLE_BY_RANK = {
    Rank.UNTER: Role.KARNOFFEL,
    Rank.SEVEN: Role.DEVIL,
    Rank.SIX: Role.POPE,
    Rank.TWO: Role.EMPEROR,
    Rank.THREE: Role.PARTIAL_3,
    Rank.FOUR: Role.PARTIAL_4,
    Rank.FIVE: Role.PARTIAL_5,
}

#: Strongest first, as in the table of §2.
SPECIAL_ORDER: tuple[Role, ...] = tuple(Role)


def role_of(card: Card, chosen: Suit) -> Role | None:
    """The card's special role, if it is of the chosen suit and special.

    >>> role_of(Card.parse("BU"), Suit.BELLS), role_of(Card.parse("BK"), Suit.BELLS)
    (<Role.KARNOFFEL: 'karnoffel'>, None)
    """
    if card.suit is not chosen:
        return None
    return _ROLE_BY_RANK.get(card.rank)


def special_cards(chosen: Suit) -> list[tuple[Card, Role]]:
    """The chosen suit's special cards, strongest first.

    >>> [(card.notation, role.value) for card, role in special_cards(Suit.BELLS)][:2]
    [('BU', 'karnoffel'), ('B7', 'devil')]
    """
    specials = [(card, role_of(card, chosen)) for card in DECK if card.suit is chosen]
    found = [(card, role) for card, role in specials if role is not None]
    return sorted(found, key=lambda pair: list(Role).index(pair[1]))


# Strength bands: specials above every plain card.
_SPECIAL_BASE = 100


def _classic_strengths(cards: Sequence[Card], chosen: Suit) -> list[int | None]:
    ranks = {card.rank for card in cards}
    has_king = Rank.KING in ranks
    has_ober = Rank.OBER in ranks
    has_unter = Rank.UNTER in ranks
    led_suit = cards[0].suit
    strengths: list[int | None] = []
    for position, card in enumerate(cards):
        role = role_of(card, chosen)
        effective = role is not None and (
            role in (Role.KARNOFFEL, Role.POPE, Role.EMPEROR)
            or (role is Role.DEVIL and position == 0)
            or (role is Role.PARTIAL_3 and not has_king)
            or (role is Role.PARTIAL_4 and not (has_king or has_ober))
            or (role is Role.PARTIAL_5 and not (has_king or has_ober or has_unter))
        )
        if effective:
            assert role is not None
            strengths.append(_SPECIAL_BASE + len(SPECIAL_ORDER) - SPECIAL_ORDER.index(role))
        elif card.suit is led_suit and role is not Role.DEVIL:
            strengths.append(card.rank.order)
        else:
            strengths.append(None)
    return strengths


_HISTORIC_CHOSEN_LED = (
    Rank.UNTER, Rank.SIX, Rank.TWO, Rank.KING, Rank.THREE, Rank.OBER,
    Rank.FOUR, Rank.FIVE, Rank.TEN, Rank.NINE, Rank.EIGHT,
)  # fmt: skip
# (is the card of the chosen suit?, rank), strongest first, when another suit is led.
_HISTORIC_OTHER_LED = (
    (True, Rank.UNTER), (True, Rank.SIX), (True, Rank.TWO), (False, Rank.KING),
    (True, Rank.THREE), (False, Rank.OBER), (True, Rank.FOUR), (False, Rank.UNTER),
    (True, Rank.FIVE), (False, Rank.TEN), (False, Rank.NINE), (False, Rank.EIGHT),
    (False, Rank.SEVEN), (False, Rank.SIX), (False, Rank.FIVE), (False, Rank.FOUR),
    (False, Rank.THREE), (False, Rank.TWO),
)  # fmt: skip


def _historic_strengths(cards: Sequence[Card], chosen: Suit) -> list[int | None]:
    led = cards[0]
    if led.suit is chosen and led.rank is Rank.SEVEN:
        # The led Devil wins unless the Karnöffel is in the trick.
        return [
            2 if position == 0 else 3 if card.suit is chosen and card.rank is Rank.UNTER else None
            for position, card in enumerate(cards)
        ]
    if led.suit is chosen:
        order: tuple[Rank, ...] = _HISTORIC_CHOSEN_LED
        return [
            len(order) - order.index(card.rank)
            if card.suit is chosen and card.rank in order
            else None
            for card in cards
        ]
    strengths: list[int | None] = []
    for card in cards:
        key = (card.suit is chosen, card.rank)
        if card.suit is led.suit or card.suit is chosen:
            strengths.append(
                len(_HISTORIC_OTHER_LED) - _HISTORIC_OTHER_LED.index(key)
                if key in _HISTORIC_OTHER_LED
                else None
            )
        else:
            strengths.append(None)
    return strengths


TRICK_RULES: dict[str, Callable[[Sequence[Card], Suit], list[int | None]]] = {
    "classic": _classic_strengths,
    "historic": _historic_strengths,
}


def _strengths(cards: Sequence[Card], chosen: Suit, rule: str) -> list[int | None]:
    if not cards:
        raise ValueError("a trick needs at least one card")
    try:
        return TRICK_RULES[rule](cards, chosen)
    except KeyError:
        raise ValueError(f"unknown rules {rule!r} (classic or historic)") from None


def winner_index(cards: Sequence[Card], chosen: Suit, rule: str) -> int:
    """Index of the winning card (the fast path, without explanations)."""
    strengths = _strengths(cards, chosen, rule)
    best = 0
    best_strength = -1
    for position, strength in enumerate(strengths):
        if strength is not None and strength > best_strength:
            best, best_strength = position, strength
    return best


class TrickTable:
    """Trick winners for one chosen suit and rule, on deck indices, memoised:
    the fast path of the computer players' simulations. It only caches
    :func:`winner_index`, so the rules stay in one place.

    >>> table = trick_table(Suit.BELLS, "historic")
    >>> table.winner(tuple(card.index for card in parse_cards(["H9", "B3", "LK"])))
    1
    """

    __slots__ = ("_contenders", "_winners", "chosen", "rule")

    #: Forget the memo beyond this many tricks (bounds memory in the browser).
    LIMIT = 1 << 17

    def __init__(self, chosen: Suit, rule: str) -> None:
        if rule not in TRICK_RULES:
            raise ValueError(f"unknown rules {rule!r} (classic or historic)")
        self.chosen = chosen
        self.rule = rule
        self._winners: dict[tuple[int, ...], int] = {}
        self._contenders = {
            led: sum(1 << i for i, card in enumerate(DECK) if card.suit in (led, chosen))
            for led in Suit
        }

    def winner(self, cards: tuple[int, ...]) -> int:
        """Index (in the trick) of the winning card."""
        winner = self._winners.get(cards)
        if winner is None:
            if len(self._winners) >= self.LIMIT:
                self._winners.clear()
            winner = winner_index([DECK[index] for index in cards], self.chosen, self.rule)
            self._winners[cards] = winner
        return winner

    def contenders(self, led: int) -> int:
        """The cards (bit set) that can win a trick led by card ``led``: in both
        rule sets only cards of the led suit or of the chosen suit ever win."""
        return self._contenders[DECK[led].suit]


@cache
def trick_table(chosen: Suit, rule: str) -> TrickTable:
    """The shared :class:`TrickTable` of a chosen suit and rule."""
    return TrickTable(chosen, rule)


_WIN_KEYS = {
    Role.KARNOFFEL: "win_karnoffel",
    Role.DEVIL: "win_devil_led",
    Role.POPE: "win_pope",
    Role.EMPEROR: "win_emperor",
    Role.PARTIAL_3: "win_partial_3",
    Role.PARTIAL_4: "win_partial_4",
    Role.PARTIAL_5: "win_partial_5",
}
_POWERLESS_KEYS = {
    Role.PARTIAL_3: "powerless_king",
    Role.PARTIAL_4: "powerless_king_ober",
    Role.PARTIAL_5: "powerless_king_ober_unter",
}


def resolve_trick(cards: Sequence[Card], chosen: Suit, rule: str) -> TrickResult:
    """The winner of a (possibly incomplete) trick with the reason in words."""
    strengths = _strengths(cards, chosen, rule)
    winner = winner_index(cards, chosen, rule)
    card = cards[winner]
    role = role_of(card, chosen)
    if len(cards) == 1:
        reason = Message.of("win_only_card", card=card)
    elif rule == "classic":
        effective = strengths[winner] is not None and strengths[winner] >= _SPECIAL_BASE  # type: ignore[operator]
        if effective and role is not None:
            reason = Message.of(_WIN_KEYS[role], card=card)
        else:
            reason = Message.of("win_led_suit", card=card, suit=card.suit.value)
    elif role in (Role.KARNOFFEL, Role.POPE, Role.EMPEROR) or (role is Role.DEVIL and winner == 0):
        assert role is not None
        reason = Message.of(_WIN_KEYS[role], card=card)
    else:
        reason = Message.of("win_historic_order", card=card)
    return TrickResult(winner, reason, _notes(cards, chosen, rule, strengths, winner))


def _notes(
    cards: Sequence[Card], chosen: Suit, rule: str, strengths: list[int | None], winner: int
) -> tuple[Message, ...]:
    """Why notable losing cards lost: powerless specials, non-led Devils, off-suit trumps."""
    notes: list[Message] = []
    led_suit = cards[0].suit
    for position, card in enumerate(cards):
        if position == winner:
            continue
        role = role_of(card, chosen)
        if role is Role.DEVIL and position != 0:
            notes.append(Message.of("devil_not_led", card=card))
        elif rule == "classic":
            if role in _POWERLESS_KEYS and (strengths[position] or 0) < _SPECIAL_BASE:
                assert role is not None
                notes.append(Message.of(_POWERLESS_KEYS[role], card=card))
        elif strengths[position] is None:
            if card.suit is chosen:
                notes.append(Message.of("chosen_plain", card=card, rank=card.rank.value))
            elif card.suit is not led_suit:
                notes.append(Message.of("off_suit", card=card))
    return tuple(notes)


def parse_trick(cards: Sequence[str | Card]) -> tuple[Card, ...]:
    """Cards of one trick: 1 to 8 distinct valid cards (``ValueError`` otherwise)."""
    parsed = parse_cards(cards)
    if not 1 <= len(parsed) <= 8:
        raise ValueError(f"a trick holds 1 to 8 cards, got {len(parsed)}")
    return parsed
