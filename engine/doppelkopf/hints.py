"""Why a Doppelkopf action is the one to take, written from the seat's view.

:func:`hint_reason` is Doppelkopf's ``hint_reason`` in :mod:`engine.games`:
given a seat's view and the action recommended for it (the default computer
player's choice, :mod:`engine.hints`), it returns a catalog message whose
claims are true of the position, worked out from the view alone:

- a card says what it does to the trick: it wins it whatever comes after
  (no card outside the seat's hand and the played ones could beat it), puts
  points or the fox onto a partner's sure trick, catches a fox, trumps a
  suit the seat cannot follow, or is the cheapest card when nothing wins;
  the last trick names Charlie (the Jack of Clubs);
- a reservation, a poverty answer or exchange and an announcement name the
  trumps, high trumps and Aces of the hand that it rests on.

>>> from engine.doppelkopf.state import new_match
>>> state = new_match(seed="doc")
>>> view = state.view(state.current_player())
>>> view["hands"][view["seat"]]["known"][:5]
['H10', 'DQ', 'DA', 'D10', 'CA']
>>> hint_reason(view, "healthy").text
'Say healthy: 4 trumps (among them the H10) make a normal game with a partner, not a solo.'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from engine.doppelkopf.actions import SOLO_CONTRACTS, Reservation
from engine.doppelkopf.cards import PACK, Card, Rank, Suit
from engine.doppelkopf.rules import (
    CHARLIE,
    CLUB_QUEEN,
    CONTRACTS,
    FOX,
    LEVELS,
    TRICKS,
    Contract,
    ContractSpec,
    Party,
    Variant,
)
from engine.doppelkopf.tricks import beats, winning_index
from engine.messages import Message

__all__ = ["cards_param", "high_trumps", "hint_reason", "outside_cards", "trumps_of"]

#: Game kinds in which the fox and Charlie score (``doppelkopf.md`` §5: not in solos).
_EXTRAS_KINDS = ("normal", "marriage", "poverty")
#: A card worth at most this many points is "cheap" to lead.
_CHEAP_POINTS = 4


def cards_param(cards: Iterable[Card]) -> str:
    """Cards as a message parameter (kind ``cards``, engine.i18n.PARAM_KINDS):
    their notations, joined by "," with no space."""
    return ",".join(card.notation for card in cards)


def trumps_of(hand: Iterable[Card], contract: Contract) -> list[Card]:
    """The trumps of ``hand`` in ``contract``, highest first."""
    spec = CONTRACTS[contract]
    return sorted((c for c in hand if spec.is_trump(c)), key=spec.power, reverse=True)


def high_trumps(hand: Iterable[Card], contract: Contract) -> list[Card]:
    """The trumps of ``hand`` among the contract's highest: the four best kinds
    (two in a queen or jack solo, whose trumps are four kinds).

    >>> from engine.doppelkopf.cards import parse_cards
    >>> high_trumps(parse_cards(["DJ", "CQ", "H10", "HQ", "DQ"]), Contract.NORMAL)
    [H10, CQ, HQ]
    """
    kinds = CONTRACTS[contract].trumps
    top = kinds[: 4 if len(kinds) > 4 else 2]
    return [card for card in trumps_of(hand, contract) if card in top]


def _plain_aces(hand: Iterable[Card], contract: Contract) -> list[Card]:
    spec = CONTRACTS[contract]
    return [card for card in hand if card.rank is Rank.ACE and not spec.is_trump(card)]


def outside_cards(view: dict[str, Any]) -> Counter[Card]:
    """Every card (with its copies) that is neither in the seat's hand nor played
    in this hand: the cards any other seat may still play."""
    seat = view["seat"]
    seen = Counter(Card.parse(c) for c in view["hands"][seat]["known"])
    for trick in [*view["played"], view["trick"]]:
        seen.update(Card.parse(play["card"]) for play in trick["cards"])
    return Counter(PACK) - seen


def _onto_partner(key: str, card: Card, partner_card: Card) -> Message:
    """A card onto the partner's winning one: its points, or ``key_nothing`` for a card
    worth none (to "schmieren" a Nine would say the opposite of the advice)."""
    if card.points == 0:
        return Message.of(f"{key}_nothing", card=card, partner_card=partner_card)
    return Message.of(key, card=card, partner_card=partner_card, points=card.points)


def hint_reason(view: dict[str, Any], action: str) -> Message:
    """Why ``action`` is the move for the seat whose view this is (see the module doc)."""
    hand = [Card.parse(c) for c in view["hands"][view["seat"]]["known"]]
    phase = view["phase"]
    if phase == "reserve":
        return _reservation_reason(hand, view["legal"], action)
    if phase == "poverty-answer":
        return _poverty_answer_reason(hand, action)
    if phase in ("poverty-pass", "poverty-return"):
        return _exchange_reason(hand, action)
    contract = Contract(view["contract"]["trumps"])
    if action == "announce":
        return _announce_reason(view, hand, contract)
    return _CardReasons(view, hand, contract).reason(Card.parse(action))


# ------------------------------------------------------------ before play
def _reservation_reason(hand: list[Card], legal: Sequence[str], action: str) -> Message:
    trumps = trumps_of(hand, Contract.NORMAL)
    high = high_trumps(hand, Contract.NORMAL)
    reservation = Reservation(action)
    if reservation is Reservation.HEALTHY:
        if hand.count(CLUB_QUEEN) == 2:
            return Message.of("hint_dk_silent_solo", trumps=len(trumps))
        if Reservation.POVERTY.value in legal:
            aces = _plain_aces(hand, Contract.NORMAL)
            if aces:
                return Message.of("hint_dk_healthy_few_trumps", trumps=len(trumps), aces=len(aces))
            return Message.of("hint_dk_healthy_few_no_aces", trumps=len(trumps))
        if high:
            return Message.of("hint_dk_healthy", trumps=len(trumps), high=cards_param(high))
        return Message.of("hint_dk_healthy_no_high", trumps=len(trumps))
    if reservation is Reservation.MARRIAGE:
        return Message.of("hint_dk_marriage", trumps=len(trumps))
    if reservation is Reservation.POVERTY:
        return Message.of("hint_dk_poverty", trumps=len(trumps))
    contract = SOLO_CONTRACTS[reservation]
    solo_trumps = trumps_of(hand, contract)
    if contract is Contract.ACES:
        return Message.of("hint_dk_solo_aces", aces=len(_plain_aces(hand, contract)))
    if contract in (Contract.QUEENS, Contract.JACKS):
        return Message.of(f"hint_dk_solo_{contract.value}", count=len(solo_trumps))
    suit = contract.value[0].upper()
    high = high_trumps(hand, contract)
    if high:
        return Message.of(
            "hint_dk_solo_suit", suit=suit, trumps=len(solo_trumps), high=cards_param(high)
        )
    return Message.of("hint_dk_solo_suit_no_high", suit=suit, trumps=len(solo_trumps))


def _poverty_answer_reason(hand: list[Card], action: str) -> Message:
    trumps = trumps_of(hand, Contract.NORMAL)
    if action == "accept":
        high = high_trumps(hand, Contract.NORMAL)
        if high:
            return Message.of("hint_dk_accept", trumps=len(trumps), high=cards_param(high))
        return Message.of("hint_dk_accept_no_high", trumps=len(trumps))
    return Message.of("hint_dk_decline", trumps=len(trumps))


def _exchange_reason(hand: list[Card], action: str) -> Message:
    kind, _, names = action.partition(":")
    cards = [Card.parse(name) for name in names.split(",")]
    normal = CONTRACTS[Contract.NORMAL]
    given_trumps = [card for card in cards if normal.is_trump(card)]
    if kind == "pass":
        if given_trumps:
            return Message.of(
                "hint_dk_pass", cards=cards_param(cards), trump_cards=cards_param(given_trumps)
            )
        return Message.of("hint_dk_pass_no_trumps", cards=cards_param(cards))
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    before = {card.suit for card in hand if not normal.is_trump(card)}
    after = {card.suit for card in rest if not normal.is_trump(card)}
    voided = [suit for suit in Suit if suit in before - after]
    if voided:
        return Message.of(
            "hint_dk_return_void",
            cards=cards_param(cards),
            suit=voided[0].value,
            trumps=len(given_trumps),
        )
    return Message.of("hint_dk_return", cards=cards_param(cards), trumps=len(given_trumps))


def _announce_reason(view: dict[str, Any], hand: list[Card], contract: Contract) -> Message:
    party = Party(view["parties"][view["seat"]])
    level = 1 + max(
        (a["level"] for a in view["announcements"] if a["party"] == party.value), default=0
    )
    announcement = LEVELS[level].announcement(party)
    trumps = trumps_of(hand, contract)
    high = high_trumps(hand, contract)
    aces = _plain_aces(hand, contract)
    if high:
        return Message.of(
            "hint_dk_announce",
            announcement=announcement,
            trumps=len(trumps),
            high=cards_param(high),
            aces=len(aces),
        )
    return Message.of(
        "hint_dk_announce_no_high", announcement=announcement, trumps=len(trumps), aces=len(aces)
    )


# -------------------------------------------------------------- card play
class _CardReasons:
    """The reasons for a card, from one view."""

    def __init__(self, view: dict[str, Any], hand: list[Card], contract: Contract) -> None:
        self.view = view
        self.seat: int = view["seat"]
        self.hand = hand
        self.contract = contract
        self.spec: ContractSpec = CONTRACTS[contract]
        self.legal = [Card.parse(a) for a in dict.fromkeys(view["legal"]) if a != "announce"]
        self.trick = [(p["seat"], Card.parse(p["card"])) for p in view["trick"]["cards"]]
        self.outside = outside_cards(view)
        variants = view["rules"].get("variants", [])
        last = len(view["played"]) == TRICKS - 1
        self.second_ten = Variant.SECOND_HEART_TEN.value in variants and not last
        self.extras = view["contract"]["kind"] in _EXTRAS_KINDS
        self.parties: list[str | None] = view["parties"]

    def is_partner(self, seat: int) -> bool:
        mine = self.parties[self.seat]
        return seat != self.seat and mine is not None and self.parties[seat] == mine

    def beats(self, card: Card, best: Card) -> bool:
        return beats(card, best, self.contract, second_heart_ten=self.second_ten)

    def winner(self, cards: Sequence[Card]) -> int:
        return winning_index(cards, self.contract, second_heart_ten=self.second_ten)

    def later_opponents(self) -> list[int]:
        """Seats after this one in the trick that are not known partners."""
        leader = self.trick[0][0] if self.trick else self.seat
        later = [(leader + k) % 4 for k in range(len(self.trick) + 1, 4)]
        return [seat for seat in later if not self.is_partner(seat)]

    def sure(self, best: Card) -> bool:
        """No seat still to play that may be an opponent could beat ``best``
        with any card outside the seat's hand and the played ones."""
        if not self.later_opponents():
            return True
        return not any(self.beats(card, best) for card in self.outside)

    def reason(self, card: Card) -> Message:
        if len(self.legal) == 1:
            return self._forced(card)
        if not self.trick:
            return self._lead(card)
        return self._follow(card)

    def _forced(self, card: Card) -> Message:
        if len(self.hand) == 1:
            cards = [c for _, c in self.trick] + [card]
            wins = self.winner(cards) == len(cards) - 1
            if card is CHARLIE and self.extras and wins and self.sure(card):
                return Message.of("hint_dk_charlie_last", card=card)
            return Message.of("hint_dk_last_card", card=card)
        if not self.trick:
            return Message.of("hint_dk_only_card", card=card)
        led = self.spec.suit_of(self.trick[0][1])
        if led is None:
            return Message.of("hint_dk_only_trump", card=card)
        return Message.of("hint_dk_only_follow", card=card, suit=led.value)

    def _lead(self, card: Card) -> Message:
        spec = self.spec
        if spec.is_trump(card):
            trumps = trumps_of(self.hand, self.contract)
            if self.sure(card):
                return Message.of("hint_dk_lead_top_trump", card=card)
            declarer = self.view["contract"]["declarer"]
            alone = self.view["contract"]["kind"] in ("solo", "silent-solo")
            if alone and declarer == self.seat:
                return Message.of("hint_dk_lead_trump_solo", card=card, count=len(trumps))
            if 2 * len(trumps) >= len(self.hand):
                return Message.of(
                    "hint_dk_lead_trump_long", card=card, count=len(trumps), size=len(self.hand)
                )
            return Message.of("hint_dk_lead_trump", card=card, count=len(trumps))
        suit = card.suit
        higher = [c for c in self._plain_suit(suit) if spec.power(c) > spec.power(card)]
        if not any(self.outside[c] for c in higher):
            if not spec.trumps:
                return Message.of("hint_dk_lead_top_no_trumps", card=card, suit=suit.value)
            if not any(c in self._plain_suit(suit) for c in self._played_cards()):
                return Message.of("hint_dk_lead_top_fresh", card=card, suit=suit.value)
            return Message.of("hint_dk_lead_top_plain", card=card, suit=suit.value)
        if card.points <= _CHEAP_POINTS:
            return Message.of("hint_dk_lead_low", card=card, points=card.points)
        count = sum(1 for c in self.hand if c in self._plain_suit(suit))
        return Message.of("hint_dk_lead_suit", card=card, suit=suit.value, count=count)

    def _plain_suit(self, suit: Suit) -> list[Card]:
        """The cards of ``suit`` that are not trumps in this contract."""
        return [Card(suit, rank) for rank in Rank if self.spec.suit_of(Card(suit, rank)) is suit]

    def _played_cards(self) -> list[Card]:
        return [Card.parse(p["card"]) for t in self.view["played"] for p in t["cards"]]

    def _follow(self, card: Card) -> Message:
        seats = [seat for seat, _ in self.trick]
        cards = [played for _, played in self.trick]
        before = self.winner(cards)
        after = [*cards, card]
        now = self.winner(after)
        position = len(cards)
        points = sum(c.points for c in after)
        if self.is_partner(seats[before]):
            partner_card = cards[before]
            if now == before:
                if self.sure(partner_card):
                    if card is FOX and self.extras:
                        return Message.of("hint_dk_fox_home", card=card, partner_card=partner_card)
                    return _onto_partner("hint_dk_partner_sure", card, partner_card)
                return _onto_partner("hint_dk_partner_ahead", card, partner_card)
            key = "hint_dk_overtake_sure" if self.sure(card) else "hint_dk_overtake"
            return Message.of(key, card=card, partner_card=partner_card)
        if now == position:
            sure = self.sure(card)
            foxes = [
                seat
                for seat, played in self.trick
                if played is FOX and not self.is_partner(seat) and self.extras
            ]
            if foxes:
                key = "hint_dk_catch_fox_sure" if sure else "hint_dk_catch_fox"
                return Message.of(key, card=card, seat=foxes[0])
            led = self.spec.suit_of(cards[0])
            if self.spec.is_trump(card) and led is not None:
                key = "hint_dk_ruff_sure" if sure else "hint_dk_ruff"
                return Message.of(key, card=card, suit=led.value, points=points)
            if sure:
                return Message.of(
                    "hint_dk_win_sure", card=card, beaten=cards[before], points=points
                )
            return Message.of("hint_dk_win_now", card=card, beaten=cards[before])
        winner = after[now]
        winners = [c for c in self.legal if self.winner([*cards, c]) == position]
        if winners:
            keep = min(winners, key=self.spec.power)
            return Message.of(
                "hint_dk_duck", card=card, winner=winner, keep=keep, points=card.points
            )
        if CHARLIE in self.hand and card is not CHARLIE and self.extras:
            return Message.of("hint_dk_keep_charlie", card=card, winner=winner, charlie=CHARLIE)
        if len(self.legal) < len(set(self.hand)):
            led = self.spec.suit_of(cards[0])
            if led is None:
                return Message.of(
                    "hint_dk_follow_trump_low", card=card, winner=winner, points=card.points
                )
            return Message.of(
                "hint_dk_follow_low", card=card, suit=led.value, winner=winner, points=card.points
            )
        return Message.of("hint_dk_cannot_win", card=card, winner=winner, points=card.points)
