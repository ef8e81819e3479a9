"""Who wins a Doppelkopf trick, and why (``doppelkopf.md`` §2).

The highest trump wins, else the highest card of the suit led; of two
identical cards the first played wins (variant: the second ``H10`` beats the
first, except in the last trick).

>>> result = resolve_trick(parse_cards(["SA", "S10", "DJ", "SA"]), Contract.NORMAL)
>>> result.winner, result.reason.text
(2, 'The DJ wins: it is the highest trump in the trick.')
>>> resolve_trick(parse_cards(["H10", "CQ", "H10"]), Contract.NORMAL).reason.text
'The H10 wins: it is the highest card, and of two equal cards the first one played wins.'
>>> resolve_trick(parse_cards(["H10", "H10"]), Contract.NORMAL, second_heart_ten=True).winner
1
>>> resolve_trick(parse_cards(["HA", "CQ"]), Contract.JACKS).reason.text
'The HA wins: it is the highest card of the suit led (H).'
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import PlayedTrick, TrickResult
from engine.doppelkopf.cards import Card, parse_cards
from engine.doppelkopf.rules import CONTRACTS, HEART_TEN, Contract
from engine.messages import Message

__all__ = ["PlayedTrick", "TrickResult", "beats", "parse_trick", "resolve_trick", "trick_points"]


def beats(card: Card, best: Card, contract: Contract, *, second_heart_ten: bool = False) -> bool:
    """Whether ``card``, played later, beats ``best``, the winning card so far.

    ``best`` is always a trump or of the suit led, so a plain card of another
    suit never beats it.

    >>> beats(Card.parse("D9"), Card.parse("CA"), Contract.NORMAL)
    True
    >>> beats(Card.parse("CQ"), Card.parse("CQ"), Contract.NORMAL)
    False
    """
    spec = CONTRACTS[contract]
    if spec.suit_of(card) != spec.suit_of(best):
        return spec.is_trump(card)
    if card == best:
        return second_heart_ten and card == HEART_TEN and spec.is_trump(card)
    return spec.power(card) > spec.power(best)


def winning_index(
    cards: Sequence[Card], contract: Contract, *, second_heart_ten: bool = False
) -> int:
    """Index of the winning card so far (the led card is index 0)."""
    best = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best], contract, second_heart_ten=second_heart_ten):
            best = i
    return best


def resolve_trick(
    cards: Sequence[Card], contract: Contract, *, second_heart_ten: bool = False
) -> TrickResult:
    """The winner of a (possibly incomplete) trick, the reason, and notes on equal cards.

    ``second_heart_ten`` switches on variant 1; the caller leaves it off in the last trick.
    """
    if not cards:
        raise ValueError("a trick holds at least one card")
    best = winning_index(cards, contract, second_heart_ten=second_heart_ten)
    card = cards[best]
    twins = [i for i, other in enumerate(cards) if other == card and i != best]
    notes: tuple[Message, ...] = ()
    if len(cards) == 1:
        reason = Message.of("win_only_card", card=card)
    elif twins and twins[0] < best:
        reason = Message.of("dk_win_second_heart_ten", card=card)
    elif twins:
        reason = Message.of("dk_win_first_copy", card=card)
        notes = (Message.of("dk_equal_card_later", card=card),)
    elif CONTRACTS[contract].is_trump(card):
        reason = Message.of("dk_win_trump", card=card)
    else:
        reason = Message.of("win_led_suit", card=card, suit=card.suit.value)
    return TrickResult(best, reason, notes)


def parse_trick(cards: Sequence[str | Card]) -> tuple[Card, ...]:
    """1 to 4 cards of a trick (notation or cards); ``ValueError`` otherwise."""
    parsed = parse_cards(list(cards))
    if not 1 <= len(parsed) <= 4:
        raise ValueError(f"a trick holds 1 to 4 cards, not {len(parsed)}")
    return parsed


def trick_points(trick: PlayedTrick[Card]) -> int:
    """The card points in a completed trick."""
    return sum(card.points for _, card in trick.plays)
