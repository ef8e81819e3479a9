"""Each Doppelkopf contract's rules per card index, looked up by the play-outs
(:mod:`engine.doppelkopf.playout`) and the inference of hidden hands."""

from __future__ import annotations

from dataclasses import dataclass

from engine.doppelkopf.cards import DECK, Card, Rank
from engine.doppelkopf.rules import CONTRACTS, FOX, Contract

__all__ = ["INDEX", "SUITS", "TABLES", "Tables"]

#: A card's index in DECK.
INDEX: dict[Card, int] = {card: index for index, card in enumerate(DECK)}
_FOX = INDEX[FOX]
#: The printed suits in DECK order: a plain suit's number in :attr:`Tables.suit` is 1 + its index.
SUITS = tuple(dict.fromkeys(card.suit for card in DECK))
_CARDS = range(len(DECK))


@dataclass(frozen=True, slots=True)
class Tables:
    """One contract's rules per card index (see :mod:`engine.doppelkopf.heuristic`)."""

    #: 0 for trumps, 1-4 the plain suits clubs, spades, hearts, diamonds.
    suit: tuple[int, ...]
    power: tuple[int, ...]
    points: tuple[int, ...]
    top: tuple[bool, ...]
    #: A plain ace (not a trump).
    ace: tuple[bool, ...]
    #: The printed suit (0-3), as the heuristic counts an ace's suit in the hand.
    printed: tuple[int, ...]
    #: The cards of the same suit that beat the card.
    above: tuple[tuple[int, ...], ...]
    #: The cards of each suit number.
    suit_cards: tuple[tuple[int, ...], ...]
    keep: tuple[int, ...]
    discard: tuple[int, ...]
    smear: tuple[int, ...]


def _tables(contract: Contract) -> Tables:
    spec = CONTRACTS[contract]
    numbers = {None: 0} | {suit: i for i, suit in enumerate(SUITS, 1)}
    suit = tuple(numbers[spec.suit_of(card)] for card in DECK)
    power = tuple(spec.power(card) for card in DECK)
    top_cards = set(spec.trumps[: 4 if len(spec.trumps) > 8 else 2])
    top = tuple(card in top_cards for card in DECK)

    def rank(index: int) -> int:
        return power[index] - 99 if power[index] > 100 else 0

    keep = tuple(
        (20 + 3 * rank(i) if rank(i) else power[i]) + (15 if i == _FOX else 0) for i in _CARDS
    )
    discard = []
    smear = []
    for i, card in enumerate(DECK):
        cost = card.points + (30 + 2 * rank(i) if rank(i) else 0)
        if i == _FOX:
            cost += 15
        elif card.rank is Rank.ACE and not rank(i):
            cost += 3
        discard.append(cost)
        value = card.points - 40 if top[i] else card.points - 2 * rank(i) + (8 if i == _FOX else 0)
        smear.append(value)
    return Tables(
        suit=suit,
        power=power,
        points=tuple(card.points for card in DECK),
        top=top,
        ace=tuple(card.rank is Rank.ACE and suit[i] != 0 for i, card in enumerate(DECK)),
        printed=tuple(i // len(Rank) for i in _CARDS),
        above=tuple(
            tuple(j for j in _CARDS if suit[j] == suit[i] and power[j] > power[i]) for i in _CARDS
        ),
        suit_cards=tuple(tuple(i for i in _CARDS if suit[i] == s) for s in range(5)),
        keep=keep,
        discard=tuple(discard),
        smear=tuple(smear),
    )


TABLES: dict[Contract, Tables] = {contract: _tables(contract) for contract in Contract}
