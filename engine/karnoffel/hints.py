"""Why a Karnöffel action is the one to take, written from the seat's view.

:func:`hint_reason` is Karnöffel's ``hint_reason`` in :mod:`engine.games`:
given a seat's view and the action recommended for it (the default computer
player's choice, :mod:`engine.hints`), it returns a catalog message whose
claims are true of the position, worked out from the view alone:

- a card names what it does to the trick: it wins it whatever the opponents
  still play (checked over every set of cards they may hold), takes the
  power of a 3, 4 or 5 (classic), keeps the trick with a partner who already
  wins it, or is thrown because nothing beats the winner;
- a led Devil says where the Karnöffel is (played, in the team, still out);
- a show or bid names the special cards the seat's team holds (its own and
  those the partner showed).

"Lowest" and "best" compare cards in one order: the chosen suit's specials
above every plain card (Karnöffel, Pope, Devil, Emperor, 3, 4, 5), plain
cards by their rank (:func:`strength`).

>>> from engine.karnoffel.state import new_match
>>> state = new_match(seed="doc")
>>> view = state.view(state.current_player())
>>> view["chosen"], view["hands"][view["seat"]]["known"]
('L', ['A6', 'L5', 'H6', 'H5', 'H3'])
>>> hint_reason(view, "H3").text
'Lead your lowest card, the H3, and keep your L5 for a trick that matters.'
>>> hint_reason(view, "L5").text
'Lead your L5: to beat it, an opponent must hold and spend one of 6 cards still out, the strongest being the LU.'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from engine.karnoffel.cards import DECK, Card, Rank, Suit
from engine.karnoffel.rules import RULE_SETS, RuleSet
from engine.karnoffel.tricks import Role, resolve_trick, role_of, winner_index
from engine.messages import Message

__all__ = ["cards_param", "hint_reason", "holds", "single_threats", "strength"]

#: The specials above every plain card, strongest first, for "lowest" and "best".
_ROLE_STRENGTH = {
    Role.KARNOFFEL: 107,
    Role.POPE: 106,
    Role.DEVIL: 105,
    Role.EMPEROR: 104,
    Role.PARTIAL_3: 103,
    Role.PARTIAL_4: 102,
    Role.PARTIAL_5: 101,
}
#: Ranks that can take the power of a partial trump (classic): they matter in a trick
#: whatever their suit.
_DISARMERS = (Rank.KING, Rank.OBER, Rank.UNTER)
#: Sets of opponents' cards checked at most before "whatever they play" is left unclaimed.
MAX_COMBINATIONS = 20_000
_POWERLESS_NOTES = ("powerless_king", "powerless_king_ober", "powerless_king_ober_unter")


def strength(card: Card, chosen: Suit) -> int:
    """The card's place in the order "lowest" and "best" refer to.

    >>> [strength(Card.parse(c), Suit.BELLS) for c in ("BU", "B7", "B3", "HK", "B9", "L2")]
    [107, 105, 103, 12, 8, 1]
    """
    role = role_of(card, chosen)
    return _ROLE_STRENGTH[role] if role is not None else card.rank.order


def cards_param(cards: Iterable[Card]) -> str:
    """Cards as a message parameter (kind ``cards``, engine.i18n.PARAM_KINDS):
    their notations, joined by "," with no space."""
    return ",".join(card.notation for card in cards)


@dataclass(frozen=True)
class _Position:
    """What the seat knows, read from its view."""

    seat: int
    players: int
    chosen: Suit
    rule: str
    raise_step: int
    hand: tuple[Card, ...]
    #: The cards of the seat's partners it knows (classic: all; historic: shown).
    partner_cards: tuple[Card, ...]
    face_up: Card | None
    #: This deal's played cards, the trick in progress included.
    played: frozenset[Card]
    #: The trick in progress, led card first.
    trick: tuple[tuple[int, Card], ...]
    legal: tuple[str, ...]
    #: The cards the opponents may hold: all but the seat's, its partners' known and the played.
    pool: tuple[Card, ...]

    def team(self, seat: int) -> int:
        return seat % 2

    def is_partner(self, seat: int) -> bool:
        return seat != self.seat and self.team(seat) == self.team(self.seat)

    def opponents_after(self) -> int:
        """How many opponents play after the seat in the trick in progress."""
        leader = self.trick[0][0] if self.trick else self.seat
        seats = [(leader + k) % self.players for k in range(len(self.trick) + 1, self.players)]
        return sum(self.team(other) != self.team(self.seat) for other in seats)

    def ordered(self, cards: Iterable[Card]) -> list[Card]:
        """Strongest first (deck order among equals)."""
        return sorted(cards, key=lambda card: (-strength(card, self.chosen), card.index))

    def specials(self, cards: Iterable[Card]) -> list[Card]:
        return self.ordered(card for card in cards if role_of(card, self.chosen) is not None)

    def lowest(self, card: Card) -> bool:
        return strength(card, self.chosen) == min(strength(c, self.chosen) for c in self.hand)

    def best_other(self, card: Card) -> Card:
        """The seat's strongest card other than ``card``."""
        return self.ordered(c for c in self.hand if c != card)[0]


def _read(view: dict[str, Any]) -> _Position:
    seat: int = view["seat"]
    players: int = view["players"]
    spec = RULE_SETS[RuleSet(view["rules"]["set"])]
    hand = tuple(Card.parse(c) for c in view["hands"][seat]["known"])
    partners = [s for s in range(players) if s != seat and s % 2 == seat % 2]
    partner_cards = tuple(Card.parse(c) for s in partners for c in view["hands"][s]["known"])
    trick = tuple((play["seat"], Card.parse(play["card"])) for play in view["trick"]["cards"])
    played = {card for _, card in trick}
    for done in view["played"]:
        played |= {Card.parse(play["card"]) for play in done["cards"]}
    mine = set(hand) | set(partner_cards) | played
    face_up = view["face_up"][seat]
    return _Position(
        seat=seat,
        players=players,
        chosen=Suit.parse(view["chosen"]),
        rule=spec.trick_rule,
        raise_step=spec.raise_step,
        hand=hand,
        partner_cards=partner_cards,
        face_up=Card.parse(face_up) if face_up else None,
        played=frozenset(played),
        trick=trick,
        legal=tuple(view["legal"]),
        pool=tuple(card for card in DECK if card not in mine),
    )


# ----------------------------------------------------------------- the trick
def _relevant(cards: Sequence[Card], pool: Iterable[Card], chosen: Suit) -> list[Card]:
    """The cards of ``pool`` that can change a trick's winner: of the led or the
    chosen suit (they may win), or a King, Ober or Unter (they take power).
    Any other card can neither win nor change who wins, in both rule sets."""
    led = cards[0].suit
    return [card for card in pool if card.suit in (led, chosen) or card.rank in _DISARMERS]


def holds(
    cards: Sequence[Card], index: int, pool: Iterable[Card], adds: int, chosen: Suit, rule: str
) -> bool:
    """Whether card ``index`` of the trick ``cards`` still wins after any ``adds``
    or fewer further cards from ``pool`` join it (any of them, in any order: a
    Karnöffel trick's winner depends only on its led card and its set of cards).

    ``False`` also when there are too many sets to check (:data:`MAX_COMBINATIONS`),
    so a ``True`` is always proven.

    >>> cards = [Card.parse(c) for c in ("H9", "B3")]
    >>> holds(cards, 1, [Card.parse("H2")], 1, Suit.BELLS, "classic")
    True
    >>> holds(cards, 1, [Card.parse("LK")], 1, Suit.BELLS, "classic")  # a King takes its power
    False
    """
    trick = list(cards)
    if winner_index(trick, chosen, rule) != index:
        return False
    candidates = _relevant(trick, pool, chosen)
    checked = 0
    for size in range(1, min(adds, len(candidates)) + 1):
        for extra in combinations(candidates, size):
            checked += 1
            if checked > MAX_COMBINATIONS:
                return False
            if winner_index(trick + list(extra), chosen, rule) != index:
                return False
    return True


def single_threats(
    cards: Sequence[Card], pool: Iterable[Card], chosen: Suit, rule: str
) -> list[Card]:
    """The cards of ``pool`` that, played next on their own, would win the trick.

    >>> single_threats([Card.parse("H9")], [Card.parse(c) for c in ("HK", "H2", "L9")], Suit.BELLS, "classic")
    [HK]
    """
    position = len(cards)
    return [card for card in pool if winner_index([*cards, card], chosen, rule) == position]


def hint_reason(view: dict[str, Any], action: str) -> Message:
    """Why ``action`` is the move for the seat whose view this is (see the module doc)."""
    position = _read(view)
    if view["phase"] == "play":
        return _card_reason(position, Card.parse(action))
    if view["phase"] == "show":
        return _show_reason(position, action)
    return _bid_reason(position, view, action)


def _card_reason(pos: _Position, card: Card) -> Message:
    if len(pos.legal) == 1:
        return Message.of("hint_only_card", card=card)
    if not pos.trick:
        return _lead_reason(pos, card)
    return _follow_reason(pos, card)


def _lead_reason(pos: _Position, card: Card) -> Message:
    chosen, rule = pos.chosen, pos.rule
    role = role_of(card, chosen)
    if role is Role.KARNOFFEL:
        return Message.of("hint_lead_karnoffel", card=card)
    if role is Role.DEVIL:
        karnoffel = Card(chosen, Rank.UNTER)
        if karnoffel in pos.played:
            key = "hint_lead_devil_gone"
        elif karnoffel in pos.hand:
            key = "hint_lead_devil_own"
        elif karnoffel in pos.partner_cards:
            key = "hint_lead_devil_partner"
        else:
            key = "hint_lead_devil"
        return Message.of(key, card=card, karnoffel=karnoffel)
    if holds([card], 0, pos.pool, pos.opponents_after(), chosen, rule):
        return Message.of("hint_lead_sure", card=card)
    if pos.lowest(card):
        return Message.of("hint_lead_lowest", card=card, best=pos.best_other(card))
    threats = pos.ordered(single_threats([card], pos.pool, chosen, rule))
    if len(threats) == 1:
        return Message.of("hint_lead_one_threat", card=card, threat=threats[0])
    if threats:
        return Message.of("hint_lead_threats", card=card, threat=threats[0], count=len(threats))
    return Message.of("hint_lead_no_single_threat", card=card)


def _follow_reason(pos: _Position, card: Card) -> Message:
    chosen, rule = pos.chosen, pos.rule
    cards = [played for _, played in pos.trick]
    seats = [seat for seat, _ in pos.trick] + [pos.seat]
    before = winner_index(cards, chosen, rule)
    after = [*cards, card]
    now = winner_index(after, chosen, rule)
    winner_card = after[now]
    ours_now = pos.team(seats[now]) == pos.team(pos.seat)
    adds = pos.opponents_after()
    sure_now = ours_now and holds(after, now, pos.pool, adds, chosen, rule)
    position = len(cards)
    if role_of(card, chosen) is Role.DEVIL:
        return Message.of("hint_devil_not_led", card=card, winner=winner_card)
    if pos.is_partner(seats[before]):
        partner_card = cards[before]
        if now == before:
            lowest = pos.lowest(card)
            if sure_now:
                key = "hint_partner_sure_lowest" if lowest else "hint_partner_sure"
            else:
                key = "hint_partner_ahead_lowest" if lowest else "hint_partner_ahead"
            return Message.of(key, partner_card=partner_card, card=card, keep=pos.best_other(card))
        if now == position:
            key = "hint_overtake_sure" if sure_now else "hint_overtake"
            return Message.of(key, card=card, partner_card=partner_card)
    elif ours_now:
        disarmed = _disarmed(after, cards[before], chosen, rule)
        if disarmed:
            key = "hint_disarm_sure" if sure_now else "hint_disarm"
            return Message.of(key, card=card, disarmed=cards[before], winner=winner_card)
        if now == position:
            return _win_reason(pos, card, cards[before], sure_now)
    winners = [
        c for c in map(Card.parse, pos.legal) if winner_index([*cards, c], chosen, rule) == position
    ]
    if ours_now or pos.is_partner(seats[before]):
        return Message.of("hint_play_card", card=card, winner=winner_card)
    if winners:
        keep = pos.ordered(winners)[-1]
        return Message.of("hint_duck", card=card, winner=winner_card, keep=keep)
    devil = Card(chosen, Rank.SEVEN)
    if devil in pos.hand:
        return Message.of("hint_cannot_win_keep_devil", card=card, winner=winner_card, devil=devil)
    if pos.lowest(card):
        return Message.of("hint_cannot_win_lowest", card=card, winner=winner_card)
    return Message.of("hint_cannot_win", card=card, winner=winner_card, keep=pos.best_other(card))


def _disarmed(after: Sequence[Card], was_winning: Card, chosen: Suit, rule: str) -> bool:
    """Whether the last card of ``after`` took the power of the card that was winning."""
    result = resolve_trick(after, chosen, rule)
    return any(
        note.key in _POWERLESS_NOTES and dict(note.params).get("card") == was_winning.notation
        for note in result.notes
    )


def _win_reason(pos: _Position, card: Card, beaten: Card, sure: bool) -> Message:
    chosen, rule = pos.chosen, pos.rule
    cards = [played for _, played in pos.trick]
    position = len(cards)
    adds = pos.opponents_after()
    if sure:
        sure_winners = [
            c
            for c in map(Card.parse, pos.legal)
            if holds([*cards, c], position, pos.pool, adds, chosen, rule)
        ]
        cheapest = strength(card, chosen) == min(strength(c, chosen) for c in sure_winners)
        last = "last" if adds == 0 else "sure"
        key = f"hint_win_{last}_cheapest" if cheapest else f"hint_win_{last}"
        return Message.of(key, card=card, beaten=beaten)
    threats = pos.ordered(single_threats([*cards, card], pos.pool, chosen, rule))
    if threats:
        return Message.of("hint_win_for_now", card=card, beaten=beaten, threat=threats[0])
    return Message.of("hint_win_no_single_threat", card=card, beaten=beaten)


# ------------------------------------------------------------- shows and bids
def _team_specials(pos: _Position) -> tuple[list[Card], list[Card]]:
    """The special cards of the seat's hand, and those it knows of its partners'."""
    return pos.specials(pos.hand), pos.specials(pos.partner_cards)


def _show_reason(pos: _Position, action: str) -> Message:
    own, _ = _team_specials(pos)
    if action == "show":
        if own:
            return Message.of("hint_show", cards=cards_param(own))
        return Message.of("hint_show_weak", card=pos.ordered(pos.hand)[0])
    return Message.of("hint_no_show", card=pos.face_up)


def _bid_reason(pos: _Position, view: dict[str, Any], action: str) -> Message:
    bid = view["bid"]
    value: int = bid["value"]
    offered: int | None = bid["offered"]
    own, partners = _team_specials(pos)
    best = pos.ordered([*pos.hand, *pos.partner_cards])[0]

    def strong(verb: str, **params: object) -> Message:
        """The message of ``verb`` naming the team's specials (or its best card)."""
        if own and partners:
            return Message.of(
                f"hint_{verb}_team", cards=cards_param(own), partner_cards=cards_param(partners),
                **params,
            )  # fmt: skip
        if own:
            return Message.of(f"hint_{verb}", cards=cards_param(own), **params)
        if partners:
            return Message.of(f"hint_{verb}_partner", partner_cards=cards_param(partners), **params)
        return Message.of(f"hint_{verb}_weak", card=best, **params)

    if action == "raise":
        return strong("raise", offered=value + pos.raise_step)
    if action == "pass":
        return strong("pass", value=value)
    assert offered is not None, "accept, counter and give-up answer an offer"
    if action == "counter":
        return strong("counter", offered=offered, next=offered + pos.raise_step)
    if action == "accept":
        return strong("accept", offered=offered, value=value)
    theirs = view["scores"][1 - pos.team(pos.seat)]
    if theirs + offered >= view["target"]:
        return Message.of("hint_give_up_match", value=value, offered=offered)
    return strong("give_up", value=value, offered=offered)
