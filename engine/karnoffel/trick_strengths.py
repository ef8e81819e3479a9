"""Trick winners in a few table look-ups, for the solver's inner loop.

The rules live in :mod:`engine.karnoffel.tricks` only. This module *derives*
from them, by calling the rule's own strength function on small tricks,
tables that say how strong each card is in a trick, given

- the *lead class*: the led suit, or "the Devil was led" (a led Devil changes
  what the others can do), and
- the *face flags*: whether a King, an Ober, an Unter of any suit is in the
  trick (classic partial trumps lose their power to them; historic ignores
  them).

Those two facts decide every card's strength in both rule sets (a
hypothesis test checks :meth:`Strengths.winner` against
:func:`engine.karnoffel.tricks.winner_index` on random tricks). Rows of the
tables are built when first needed: a deal needs a few dozen of them.

>>> from engine.karnoffel.cards import Card, Suit
>>> table = strengths(Suit.BELLS, "classic")
>>> table.winner(tuple(Card.parse(card).index for card in ("H9", "B3", "LK", "H2")))
0
>>> info = table.prefix(tuple(Card.parse(card).index for card in ("H9",)))
>>> info.winning, Card.parse("HK").index in [c for c in range(48) if info.taking >> c & 1]
(0, True)
"""

from __future__ import annotations

from functools import cache

from engine.karnoffel.cards import DECK, Card, Rank, Suit
from engine.karnoffel.tricks import TRICK_RULES, Role, role_of

__all__ = ["Prefix", "Strengths", "strengths"]

#: Face flags: bit 0 a King, bit 1 an Ober, bit 2 an Unter in the trick.
_FLAG_OF_RANK = {Rank.KING: 1, Rank.OBER: 2, Rank.UNTER: 4}
_NO_WIN = -1
#: The lead class of a led Devil (the suits are 0..3).
_DEVIL_LED = 4


class Prefix:
    """What the solver needs to know about a trick in progress."""

    __slots__ = ("after", "taking", "winning")

    def __init__(self, winning: int, taking: int, after: tuple[int, ...]) -> None:
        #: Position (in the trick) of the card winning it so far.
        self.winning = winning
        #: The cards (bit set) that would take the trick if played next.
        self.taking = taking
        #: By the face flag of the next card (0..7): the position winning
        #: then if that card does not take the trick.
        self.after = after


class Strengths:
    """Strength tables of one chosen suit and rule (see the module doc)."""

    #: Forget the prefix memo beyond this many tricks (bounds memory in the browser).
    LIMIT = 1 << 17
    #: The same for the memo of trick winners (small entries, a few MB at most).
    WINNERS_LIMIT = 1 << 15

    def __init__(self, chosen: Suit, rule: str) -> None:
        self.chosen = chosen
        self.rule = rule
        self._strengths = TRICK_RULES[rule]
        self.flag = [_FLAG_OF_RANK.get(card.rank, 0) for card in DECK]
        self._suit = [list(Suit).index(card.suit) for card in DECK]
        self._devil = next(i for i, card in enumerate(DECK) if role_of(card, chosen) is Role.DEVIL)
        # Per lead class and face flags: each card's strength when it does not lead ...
        self._follow: dict[tuple[int, int], list[int]] = {}
        # ... and per face flags: each card's strength when it leads.
        self._lead: dict[int, list[int]] = {}
        self.prefixes: dict[tuple[int, ...], Prefix] = {}
        self.winners: dict[tuple[int, ...], int] = {}
        self._above: dict[tuple[int, int, int], int] = {}
        self._with_flag = [
            sum(1 << card for card in range(len(DECK)) if self.flag[card] == flag)
            for flag in range(8)
        ]
        self._flag_cards = {
            flag: [i for i, card in enumerate(DECK) if self.flag[i] == flag] for flag in (1, 2, 4)
        }

    def lead_class(self, led: int) -> int:
        return _DEVIL_LED if led == self._devil else self._suit[led]

    # --------------------------------------------------------- derivation
    def _context(self, flags: int, avoid: set[int]) -> list[Card]:
        """Cards that put the face flags into a trick, none of them in ``avoid``."""
        cards = []
        for flag in (1, 2, 4):
            if flags & flag:
                card = next(c for c in self._flag_cards[flag] if c not in avoid)
                avoid.add(card)
                cards.append(DECK[card])
        return cards

    def _led_card(self, lead_class: int, avoid: int) -> int:
        """A led card of the lead class without face flags (not ``avoid``)."""
        if lead_class == _DEVIL_LED:
            return self._devil
        suit = list(Suit)[lead_class]
        for rank in (Rank.EIGHT, Rank.NINE):
            card = next(i for i, c in enumerate(DECK) if c.suit is suit and c.rank is rank)
            if card != avoid:
                return card
        raise AssertionError("unreachable")  # pragma: no cover

    def _follow_row(self, lead_class: int, flags: int) -> list[int]:
        row = self._follow.get((lead_class, flags))
        if row is None:
            row = []
            for card in range(len(DECK)):
                led = self._led_card(lead_class, card)
                if card == led:  # only the Devil itself: it cannot follow its own lead
                    row.append(_NO_WIN)
                    continue
                trick = [DECK[led], DECK[card], *self._context(flags, {led, card})]
                strength = self._strengths(trick, self.chosen)[1]
                row.append(_NO_WIN if strength is None else strength)
            self._follow[lead_class, flags] = row
        return row

    def _lead_row(self, flags: int) -> list[int]:
        row = self._lead.get(flags)
        if row is None:
            row = []
            for card in range(len(DECK)):
                trick = [DECK[card], *self._context(flags, {card})]
                strength = self._strengths(trick, self.chosen)[0]
                row.append(_NO_WIN if strength is None else strength)
            self._lead[flags] = row
        return row

    # ------------------------------------------------------------- queries
    def _best(self, trick: tuple[int, ...], flags: int) -> tuple[int, int]:
        """Position and strength of the strongest card of ``trick`` under ``flags``."""
        best, best_strength = 0, self._lead_row(flags)[trick[0]]
        row = self._follow_row(self.lead_class(trick[0]), flags)
        for position in range(1, len(trick)):
            strength = row[trick[position]]
            if strength > best_strength:
                best, best_strength = position, strength
        return best, best_strength

    def winner(self, trick: tuple[int, ...]) -> int:
        """Position of the winning card of a (possibly incomplete) trick (memoised)."""
        position = self.winners.get(trick)
        if position is None:
            flags = 0
            for card in trick:
                flags |= self.flag[card]
            position = self._best(trick, flags)[0]
            if len(self.winners) >= self.WINNERS_LIMIT:
                self.winners.clear()
            self.winners[trick] = position
        return position

    def prefix(self, trick: tuple[int, ...]) -> Prefix:
        """The :class:`Prefix` facts of a non-empty trick in progress (memoised)."""
        info = self.prefixes.get(trick)
        if info is not None:
            return info
        flags = 0
        played = 0
        for card in trick:
            flags |= self.flag[card]
            played |= 1 << card
        lead_class = self.lead_class(trick[0])
        taking = 0
        after = [0] * 8
        for next_flag in (0, 1, 2, 4):
            with_flags = flags | next_flag
            position, strength = self._best(trick, with_flags)
            after[next_flag] = position
            taking |= self._stronger(lead_class, with_flags, strength) & self._with_flag[next_flag]
        info = Prefix(after[0], taking & ~played, tuple(after))
        if len(self.prefixes) >= self.LIMIT:
            self.prefixes.clear()
        self.prefixes[trick] = info
        return info

    def _stronger(self, lead_class: int, flags: int, strength: int) -> int:
        """The cards (bit set) stronger than ``strength`` when not leading."""
        key = (lead_class, flags, strength)
        mask = self._above.get(key)
        if mask is None:
            row = self._follow_row(lead_class, flags)
            mask = 0
            for card, card_strength in enumerate(row):
                if card_strength > strength:
                    mask |= 1 << card
            self._above[key] = mask
        return mask

    def completed(self, trick: tuple[int, ...], card: int) -> int:
        """Position of the winner of ``trick + (card,)``."""
        info = self.prefix(trick)
        if info.taking >> card & 1:
            return len(trick)
        return info.after[self.flag[card]]


@cache
def strengths(chosen: Suit, rule: str) -> Strengths:
    """The shared :class:`Strengths` of a chosen suit and rule."""
    if rule not in TRICK_RULES:
        raise ValueError(f"unknown rules {rule!r} (classic or historic)")
    return Strengths(chosen, rule)
