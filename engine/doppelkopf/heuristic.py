"""The rule-based Doppelkopf player: plain rules a sound club player follows.

Reservations (:func:`choose_reservation`): healthy as a rule; a solo only
with a very strong hand (many trumps, several of the highest); a marriage
with both club queens unless the hand is strong enough to play them as a
silent solo; a poverty only when it is allowed (three trumps or fewer) and
the hand is weak. A poverty is accepted with plenty of trumps, several of
them high; the exchanges keep trumps and aces and make short suits void.

Announcements (:func:`wants_announcement`): Re or Kontra with a strong hand
(trumps, high trumps, plain aces); "no 90" only with an overwhelming one.

Card play (:func:`pick_card`, on plain values so that the search can use it
in its simulations too):

- lead a plain ace while the suit is fresh, the soloist (or a trump-rich
  hand) draws trumps, otherwise lead low in a plain suit;
- when the partner surely wins the trick, smear points (A, 10, the fox) on it;
- to win a trick, spend the cheapest card that the players still to come
  cannot beat; high trumps only for a rich trick or to catch the fox;
- otherwise throw the least useful card and keep the own fox away from the
  opponents' tricks.

>>> from engine.doppelkopf.state import new_match
>>> state = new_match(seed="doc")
>>> seat = state.current_player()
>>> state.is_legal(HeuristicPlayer().choose(state.view(seat), rng.Stream("doc")))
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine import rng
from engine.doppelkopf.actions import SOLO_CONTRACTS, Reservation
from engine.doppelkopf.cards import DECK, Card, Rank, Suit, parse_cards, sort_key
from engine.doppelkopf.knowledge import Knowledge, read_view
from engine.doppelkopf.rules import (
    CONTRACTS,
    FOX,
    PLAYERS,
    POVERTY_MAX_TRUMPS,
    Contract,
    ContractSpec,
)
from engine.doppelkopf.tricks import beats, winning_index

__all__ = [
    "POVERTY_ACES",
    "SUIT_NUMBER",
    "HandShape",
    "HeuristicPlayer",
    "choose_exchange",
    "choose_reservation",
    "heuristic_card",
    "legal_cards",
    "pick_card",
    "void_bits",
    "wants_announcement",
    "wants_poverty",
]  # fmt: skip

#: The most plain aces a hand may hold for the heuristic to declare a poverty.
POVERTY_ACES = 2
#: Worth of a trick (card points, the fox counted extra) that justifies a high trump.
_RICH_TRICK = 14
#: Extra worth of catching the opponents' fox (it scores a point).
_FOX_BONUS = 20


def _top(spec: ContractSpec) -> frozenset[Card]:
    """The high trumps: the four best in a suit game, the two best in a queen or jack solo."""
    return frozenset(spec.trumps[: 4 if len(spec.trumps) > 8 else 2])


_TOP = {contract: _top(spec) for contract, spec in CONTRACTS.items()}
#: Per contract and card: the cards of its suit (trumps: all trumps) that beat it.
_ABOVE: dict[Contract, dict[Card, tuple[Card, ...]]] = {
    contract: {
        card: tuple(
            other
            for other in DECK
            if spec.suit_of(other) is spec.suit_of(card) and spec.power(other) > spec.power(card)
        )
        for card in DECK
    }
    for contract, spec in CONTRACTS.items()
}
#: Suits as small numbers for the hot loops: 0 the trumps, 1-4 clubs, spades, hearts, diamonds.
_NUMBER: dict[Suit | None, int] = {None: 0} | {suit: i for i, suit in enumerate(Suit, 1)}
#: Per contract and card: the number of its suit for following (trumps are one suit).
SUIT_NUMBER: dict[Contract, dict[Card, int]] = {
    contract: {card: _NUMBER[spec.suit_of(card)] for card in DECK}
    for contract, spec in CONTRACTS.items()
}
#: Per contract: the cards of each suit number.
_SUIT_CARDS: dict[Contract, tuple[tuple[Card, ...], ...]] = {
    contract: tuple(
        tuple(card for card in DECK if numbers[card] == number) for number in range(len(_NUMBER))
    )
    for contract, numbers in SUIT_NUMBER.items()
}


def void_bits(suits: Iterable[Suit | None]) -> int:
    """A set of suits (``None``: trumps) as the bit set of their numbers.

    >>> void_bits([None, Suit.HEARTS])
    9
    """
    bits = 0
    for suit in suits:
        bits |= 1 << _NUMBER[suit]
    return bits


@dataclass(frozen=True, slots=True)
class HandShape:
    """A hand counted for one contract: trumps, high trumps, plain aces.

    >>> HandShape.of(parse_cards(["CQ", "CQ", "H10", "SA", "C9"]), Contract.NORMAL)
    HandShape(trumps=3, top=3, aces=1)
    """

    trumps: int
    top: int
    aces: int

    @staticmethod
    def of(hand: Sequence[Card], contract: Contract) -> HandShape:
        spec = CONTRACTS[contract]
        top = _TOP[contract]
        return HandShape(
            trumps=sum(spec.is_trump(card) for card in hand),
            top=sum(card in top for card in hand),
            aces=sum(card.rank is Rank.ACE and not spec.is_trump(card) for card in hand),
        )

    def solo_worthy(self, contract: Contract) -> bool:
        """Strong enough to play ``contract`` alone against three."""
        if contract is Contract.ACES:
            return self.aces >= 6
        if len(CONTRACTS[contract].trumps) <= 8:  # queens or jacks
            return self.trumps >= 5 and self.top >= 3 and self.trumps + self.aces >= 10
        return self.trumps >= 9 and self.top >= 4 and self.trumps + self.top + self.aces >= 15

    def strong(self) -> bool:
        """Strong enough to announce Re or Kontra."""
        return (self.trumps >= 7 and self.top >= 3) or (
            self.trumps >= 6 and self.top >= 2 and self.aces >= 2
        )


# ------------------------------------------------------------ reservations
def choose_reservation(
    hand: Sequence[Card], legal: Sequence[str], poverty_aces: int = POVERTY_ACES
) -> str:
    """Healthy, a marriage, a poverty or a solo (see the module doc); a poverty
    with at most ``poverty_aces`` plain aces.

    >>> strong = parse_cards("H10 H10 CQ SQ SQ HQ CJ SJ HJ DJ DA SA".split())
    >>> choose_reservation(strong, [r.value for r in Reservation if r is not Reservation.MARRIAGE])
    'solo-diamonds'
    >>> weak = parse_cards("DJ D9 HA HK CA C10 CK C9 SA S10 SK S9".split())
    >>> choose_reservation(weak, ["healthy", "poverty"])
    'healthy'
    """
    normal = HandShape.of(hand, Contract.NORMAL)
    if Reservation.MARRIAGE.value in legal and normal.trumps >= 8 and normal.top >= 4:
        return Reservation.HEALTHY.value  # a silent solo: like a diamonds solo, unannounced
    solos = [
        reservation
        for reservation, contract in SOLO_CONTRACTS.items()
        if reservation.value in legal and HandShape.of(hand, contract).solo_worthy(contract)
    ]
    if solos:
        return max(solos, key=lambda r: _trump_share(hand, SOLO_CONTRACTS[r])).value
    if Reservation.MARRIAGE.value in legal:
        return Reservation.MARRIAGE.value
    if Reservation.POVERTY.value in legal and wants_poverty(normal, poverty_aces):
        return Reservation.POVERTY.value
    return Reservation.HEALTHY.value


def _trump_share(hand: Sequence[Card], contract: Contract) -> float:
    """The part of the contract's trumps (the aces in an ace solo) in ``hand``."""
    trumps = CONTRACTS[contract].trumps
    if not trumps:
        return sum(card.rank is Rank.ACE for card in hand) / 8
    return sum(card in trumps for card in hand) / (2 * len(trumps))


def wants_poverty(shape: HandShape, poverty_aces: int = POVERTY_ACES) -> bool:
    """A weak hand: few trumps (the rules' limit) and at most ``poverty_aces`` plain aces."""
    return shape.trumps <= POVERTY_MAX_TRUMPS and shape.aces <= poverty_aces


def wants_to_take_poverty(hand: Sequence[Card], take_worth: int = 0) -> bool:
    """Enough trumps, several high, to carry a poor partner: seven trumps,
    three of them high; or, given ``take_worth``, twice the trumps plus the
    high trumps at least that.

    >>> hand = parse_cards("H10 CQ SQ HQ DJ DJ DA D10 SA S9 H9 C9".split())
    >>> wants_to_take_poverty(hand), wants_to_take_poverty(hand, take_worth=21)
    (True, False)
    """
    shape = HandShape.of(hand, Contract.NORMAL)
    if take_worth:
        return 2 * shape.trumps + shape.top >= take_worth
    return shape.trumps >= 7 and shape.top >= 3


def choose_exchange(hand: Sequence[Card], options: Sequence[str]) -> str:
    """Of the legal poverty exchanges, the one that keeps the best hand: as
    few trumps given as allowed, aces kept, as few plain suits left as possible.

    >>> hand = parse_cards("CQ CQ DJ C9 CK SA H9 HK HA S9 SK S10 CA C10 DA".split())
    >>> choose_exchange(hand, ["return:C9,CK,SA", "return:C9,CK,H9", "return:HK,H9,S9"])
    'return:C9,CK,H9'
    """
    normal = CONTRACTS[Contract.NORMAL]

    def cost(option: str) -> tuple[int, int, int, list[int]]:
        cards = parse_cards(option.partition(":")[2].split(","))
        rest = list(hand)
        for card in cards:
            rest.remove(card)
        return (
            sum(normal.is_trump(card) for card in cards),
            sum(card.rank is Rank.ACE for card in cards),
            len({card.suit for card in rest if not normal.is_trump(card)}),
            [sort_key(card) for card in cards],
        )

    return min(options, key=cost)


def wants_announcement(known: Knowledge) -> bool:
    """Announce the next level of the seat's party? Re/Kontra with a strong
    hand, "no 90" with an overwhelming one, never more."""
    party = known.parties[known.seat]
    if party is None:
        return False
    level = known.level(party) + 1
    shape = HandShape.of(known.hand, known.contract)
    if level == 1:
        if known.declarer == known.seat and known.parties.count(party) == 1:
            return shape.solo_worthy(known.contract)
        return shape.strong()
    return level == 2 and shape.trumps >= 9 and shape.top >= 5


# --------------------------------------------------------------- card play
def legal_cards(
    hand: Sequence[Card], trick: Sequence[tuple[int, Card]], contract: Contract
) -> list[Card]:
    """The distinct cards of ``hand`` that may be played (follow suit, trumps one suit)."""
    if trick:
        numbers = SUIT_NUMBER[contract]
        led = numbers[trick[0][1]]
        following = [card for card in hand if numbers[card] == led]
        if following:
            hand = following
    return list(dict.fromkeys(hand))


def _trump_rank(spec: ContractSpec, card: Card) -> int:
    """0 for plain cards, else 1 + the trump's place counted from the lowest."""
    power = spec.power(card)
    return power - 99 if power > 100 else 0


def _keep_cost(spec: ContractSpec, card: Card) -> int:
    """How much spending ``card`` costs (trumps by height, then points)."""
    rank = _trump_rank(spec, card)
    cost = 20 + 3 * rank if rank else spec.power(card)
    return cost + (15 if card is FOX else 0)


def _discard_cost(spec: ContractSpec, card: Card) -> int:
    rank = _trump_rank(spec, card)
    cost = card.points + (30 + 2 * rank if rank else 0)
    if card is FOX:
        cost += 15
    elif card.rank is Rank.ACE and not rank:
        cost += 3
    return cost


def _smear_value(spec: ContractSpec, card: Card, top: frozenset[Card]) -> int:
    if card in top:
        return card.points - 40
    value = card.points - 2 * _trump_rank(spec, card)
    return value + (8 if card is FOX else 0)


def _beaten_later(
    best: Card,
    led: int,
    later: Sequence[int],
    friends: Sequence[int],
    outside: Mapping[Card, int],
    voids: Sequence[int],
    contract: Contract,
) -> bool:
    """Might a seat still to play (not a known partner) beat ``best``?

    A seat that showed a void cannot follow; a plain suit with fewer cards
    outside than seats to come may be ruffed.
    """
    enemies = [seat for seat in later if friends[seat] != 1]
    if not enemies:
        return False
    higher = any(outside.get(card, 0) > 0 for card in _ABOVE[contract][best])
    if not SUIT_NUMBER[contract][best]:
        return higher and any(not voids[seat] & 1 for seat in enemies)
    suit_cards = _SUIT_CARDS[contract]
    suit_left = sum(outside.get(card, 0) for card in suit_cards[led])
    trumps_left = any(outside.get(card, 0) > 0 for card in suit_cards[0])
    for seat in enemies:
        void = voids[seat] >> led & 1 or suit_left < len(enemies)
        if not void and higher:
            return True
        if void and trumps_left and not voids[seat] & 1:
            return True
    return False


def pick_card(
    seat: int,
    hand: Sequence[Card],
    trick: Sequence[tuple[int, Card]],
    contract: Contract,
    friends: Sequence[int],
    outside: Mapping[Card, int],
    voids: Sequence[int],
    second_heart_ten: bool = False,
) -> Card:
    """The rule-based card (see the module doc).

    ``friends[s]``: 1 partner (or the seat itself), -1 opponent, 0 unknown;
    ``outside``: how many copies of each card the other seats may hold;
    ``voids[s]``: the suits seat ``s`` showed it lacks (:func:`void_bits`).
    """
    spec = CONTRACTS[contract]
    legal = legal_cards(hand, trick, contract)
    if len(legal) == 1:
        return legal[0]
    top = _TOP[contract]
    if not trick:
        return _lead(seat, hand, legal, contract, friends, outside, voids)
    cards = [card for _, card in trick]
    best_index = winning_index(cards, contract, second_heart_ten=second_heart_ten)
    best_seat, best = trick[best_index]
    led = SUIT_NUMBER[contract][cards[0]]
    later = [(seat + k) % PLAYERS for k in range(1, PLAYERS - len(trick))]
    worth = sum(card.points for card in cards)
    if any(card is FOX and friends[s] != 1 for s, card in trick):
        worth += _FOX_BONUS
    if friends[best_seat] == 1 and not _beaten_later(
        best, led, later, friends, outside, voids, contract
    ):
        return max(legal, key=lambda card: (_smear_value(spec, card, top), -sort_key(card)))
    winners = [c for c in legal if beats(c, best, contract, second_heart_ten=second_heart_ten)]

    def cheapest(candidates: Sequence[Card]) -> Card:
        return min(candidates, key=lambda card: (_keep_cost(spec, card), sort_key(card)))

    secure = [
        c for c in winners if not _beaten_later(c, led, later, friends, outside, voids, contract)
    ]
    if secure:
        card = cheapest(secure)
        if card not in top or worth >= _RICH_TRICK:
            return card
    if friends[best_seat] != 1 and worth >= 10:
        modest = [c for c in winners if c not in top and c is not FOX]
        if modest:
            return cheapest(modest)
    return min(legal, key=lambda card: (_discard_cost(spec, card), sort_key(card)))


def _lead(
    seat: int,
    hand: Sequence[Card],
    legal: Sequence[Card],
    contract: Contract,
    friends: Sequence[int],
    outside: Mapping[Card, int],
    voids: Sequence[int],
) -> Card:
    spec = CONTRACTS[contract]
    enemies = [other for other in range(PLAYERS) if friends[other] != 1]
    suit_cards = _SUIT_CARDS[contract]
    numbers = SUIT_NUMBER[contract]

    def fresh(suit: int) -> bool:
        left = sum(outside.get(card, 0) for card in suit_cards[suit])
        return left >= PLAYERS - 1 and not any(voids[o] >> suit & 1 for o in enemies)

    aces = [
        card for card in legal if card.rank is Rank.ACE and numbers[card] and fresh(numbers[card])
    ]
    if aces:
        return min(aces, key=lambda card: (sum(c.suit is card.suit for c in hand), sort_key(card)))
    trumps = [card for card in legal if spec.is_trump(card)]
    alone = all(friends[other] == -1 for other in range(PLAYERS) if other != seat)
    if trumps and (alone or 2 * len(trumps) >= len(hand)):
        highest = max(trumps, key=spec.power)
        if not any(outside.get(card, 0) for card in _ABOVE[contract][highest]):
            return highest
        modest = [card for card in trumps if card not in _TOP[contract] and card is not FOX]
        if modest:
            return min(modest, key=lambda card: (spec.power(card), sort_key(card)))
    plain = [card for card in legal if not spec.is_trump(card)]
    pool = plain or list(legal)
    return min(pool, key=lambda card: (_discard_cost(spec, card), sort_key(card)))


def heuristic_card(known: Knowledge) -> Card:
    """:func:`pick_card` for the seat whose knowledge this is."""
    outside: dict[Card, int] = {}
    for card in known.unseen:
        outside[card] = outside.get(card, 0) + 1
    for other, cards in enumerate(known.known_cards):
        if other != known.seat:
            for card in cards:
                outside[card] = outside.get(card, 0) + 1
    return pick_card(
        known.seat,
        known.hand,
        known.trick,
        known.contract,
        known.friends(),
        outside,
        [void_bits(suits) for suits in known.voids],
        second_heart_ten=known.second_heart_ten and len(known.played) < 11,
    )


def _own_hand(view: dict[str, Any]) -> list[Card]:
    return [Card.parse(card) for card in view["hands"][view["seat"]]["known"]]


def decide_non_card(
    view: dict[str, Any], poverty_aces: int = POVERTY_ACES, take_worth: int = 0
) -> str | None:
    """The heuristic's reservation (a poverty with at most ``poverty_aces`` plain
    aces), poverty answer (see :func:`wants_to_take_poverty`) or exchange, or
    announcement; ``None`` when the seat should play a card."""
    legal: list[str] = view["legal"]
    if not legal:
        raise ValueError("it is not this seat's turn: no legal actions in the view")
    phase = view["phase"]
    if phase == "reserve":
        return choose_reservation(_own_hand(view), legal, poverty_aces)
    if phase == "poverty-answer":
        return "accept" if wants_to_take_poverty(_own_hand(view), take_worth) else "decline"
    if phase in ("poverty-pass", "poverty-return"):
        return choose_exchange(_own_hand(view), legal)
    if "announce" in legal and wants_announcement(read_view(view)):
        return "announce"
    return None


class HeuristicPlayer:
    """The rule-based level (see the module doc)."""

    def choose(self, view: dict[str, Any], stream: rng.Stream) -> str:
        decided = decide_non_card(view)
        if decided is not None:
            return decided
        return heuristic_card(read_view(view)).notation
