"""What a Doppelkopf seat knows, decoded from its view, and worlds that agree with it.

The computer players receive nothing but ``State.view(seat)``.
:func:`read_view` turns that JSON into a small frozen :class:`Knowledge`
(cards as interned :class:`~engine.doppelkopf.cards.Card` values) and
:func:`sample_world` deals the cards the seat cannot see to the other seats
so that every fact the seat knows holds in the world:

- each seat gets exactly as many cards as it holds;
- a seat that did not follow a suit (trumps count as one suit) gets none of it;
- cards the seat saw in a poverty exchange stay where they went;
- the poor player of a poverty holds no trumps beyond the ones returned to it;
- club queens: a bridegroom holds both; a seat known to be Re in a normal game
  holds (or played) one; a seat known to be Kontra holds none.

>>> from engine.doppelkopf.state import new_match
>>> state = new_match(seed="doc")
>>> for _ in range(4):
...     state.apply_action("healthy")
>>> seat = state.current_player()
>>> known = read_view(state.view(seat))
>>> known.seat == seat, len(known.hand), known.counts, len(known.unseen)
(True, 12, (12, 12, 12, 12), 36)
>>> world = sample_world(known, rng.Stream("w"))
>>> [len(hand) for hand in world], sorted(world[seat], key=sort_key) == sorted(known.hand, key=sort_key)
([12, 12, 12, 12], True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine import rng
from engine.doppelkopf.cards import PACK, Card, Suit, sort_key
from engine.doppelkopf.rules import (
    CLUB_QUEEN,
    CONTRACTS,
    PLAYERS,
    POVERTY_MAX_TRUMPS,
    Contract,
    Party,
    Variant,
)
from engine.doppelkopf.state import GameKind
from engine.doppelkopf.tricks import PlayedTrick, TrickResult
from engine.messages import Message

__all__ = ["Knowledge", "World", "read_view", "sample_world", "world_re_seats"]

#: A dealt world: every seat's hand.
World = list[list[Card]]

#: The reason carried by tricks rebuilt from a view or simulated (scoring reads only the winner).
_REBUILT = Message.of("win_only_card", card="?")
#: Attempts at a deal that honours every constraint before voids and limits are relaxed.
_ATTEMPTS = 20


@dataclass(frozen=True, slots=True)
class Knowledge:
    """A seat's knowledge of the hand in progress."""

    seat: int
    phase: str
    kind: GameKind
    contract: Contract
    declarer: int | None
    second_heart_ten: bool
    charlie_caught: bool
    #: The seat's own cards.
    hand: tuple[Card, ...]
    #: How many cards each seat holds now.
    counts: tuple[int, ...]
    #: Cards the seat knows to be in another seat's hand (a poverty exchange).
    known_cards: tuple[tuple[Card, ...], ...]
    #: Cards nobody is known to hold and nobody has played (each copy once).
    unseen: tuple[Card, ...]
    #: The trick in progress: its leader and (seat, card) in play order.
    leader: int
    trick: tuple[tuple[int, Card], ...]
    #: This hand's completed tricks.
    played: tuple[PlayedTrick, ...]
    #: Each seat's party as far as the seat knows (``None``: unknown).
    parties: tuple[Party | None, ...]
    #: Announcement level of Re and of Kontra.
    levels: tuple[int, int]
    #: Per seat: the suits it showed it lacks (``None`` stands for trumps).
    voids: tuple[frozenset[Suit | None], ...]
    #: Per seat: club queens it has played in this hand.
    queens_played: tuple[int, ...]
    #: Per seat: how many trumps it may hold at most (``None``: no limit known).
    trump_limit: tuple[int | None, ...]
    #: A marriage whose partner is not found yet.
    marriage_pending: bool

    def level(self, party: Party) -> int:
        return self.levels[0] if party is Party.RE else self.levels[1]

    def friends(self) -> tuple[int, ...]:
        """Per seat: 1 same party as this seat, -1 the other party, 0 unknown."""
        mine = self.parties[self.seat]
        return tuple(
            1
            if other == self.seat
            else 0
            if mine is None or self.parties[other] is None
            else (1 if self.parties[other] is mine else -1)
            for other in range(PLAYERS)
        )


def _cards(notations: Sequence[str]) -> list[Card]:
    return [Card.parse(text) for text in notations]


def rebuilt_trick(leader: int, plays: Sequence[tuple[int, Card]], winner: int) -> PlayedTrick:
    """A completed trick for scoring (the reason is a placeholder)."""
    index = next(i for i, (seat, _) in enumerate(plays) if seat == winner)
    return PlayedTrick(leader, tuple(plays), winner, TrickResult(index, _REBUILT))


def read_view(view: dict[str, Any]) -> Knowledge:
    """Decode a Doppelkopf seat view taken during card play or a poverty."""
    if view.get("game") != "doppelkopf":
        raise ValueError(f"not a Doppelkopf view: game {view.get('game')!r}")
    contract_view = view.get("contract")
    if contract_view is None:
        raise ValueError("no game settled yet: the view has no contract")
    seat: int = view["seat"]
    kind = GameKind(contract_view["kind"])
    contract = Contract(contract_view["trumps"])
    spec = CONTRACTS[contract]
    variants = set(view["rules"].get("variants", []))
    hand = tuple(_cards(view["hands"][seat]["known"]))
    counts = tuple(int(h["count"]) for h in view["hands"])
    played = tuple(
        rebuilt_trick(
            trick["leader"],
            [(play["seat"], Card.parse(play["card"])) for play in trick["cards"]],
            trick["winner"],
        )
        for trick in view["played"]
    )
    trick = tuple((play["seat"], Card.parse(play["card"])) for play in view["trick"]["cards"])
    leader = view["trick"]["leader"]
    voids: list[set[Suit | None]] = [set() for _ in range(PLAYERS)]
    queens = [0] * PLAYERS
    played_by: list[Counter[Card]] = [Counter() for _ in range(PLAYERS)]
    for plays in [t.plays for t in played] + [trick] if trick else [t.plays for t in played]:
        led = spec.suit_of(plays[0][1])
        for other, card in plays:
            played_by[other][card] += 1
            queens[other] += card == CLUB_QUEEN
            if spec.suit_of(card) is not led:
                voids[other].add(led)
    known_cards: list[Counter[Card]] = [Counter() for _ in range(PLAYERS)]
    limits: list[int | None] = [None] * PLAYERS
    poverty = view.get("poverty")
    if poverty is not None and poverty["returned"]:
        poor, taker = poverty["poor"], poverty["acceptor"]
        passed = Counter(_cards(poverty["passed_cards"] or []))
        returned = Counter(_cards(poverty["returned_cards"] or []))
        if seat == poor:
            known_cards[taker] = passed - returned - played_by[taker]
        elif seat == taker:
            known_cards[poor] = returned - played_by[poor]
        normal = CONTRACTS[Contract.NORMAL]
        trumps_played = sum(n for card, n in played_by[poor].items() if normal.is_trump(card))
        limits[poor] = max(0, POVERTY_MAX_TRUMPS - trumps_played)
    known_cards[seat] = Counter()
    seen = Counter(hand)
    for counter in (*known_cards, *played_by):
        seen += counter
    unseen = tuple(sorted((Counter(PACK) - seen).elements(), key=sort_key))
    levels = {Party.RE: 0, Party.KONTRA: 0}
    for announcement in view["announcements"]:
        party = Party(announcement["party"])
        levels[party] = max(levels[party], announcement["level"])
    marriage = view.get("marriage")
    return Knowledge(
        seat=seat,
        phase=view["phase"],
        kind=kind,
        contract=contract,
        declarer=contract_view["declarer"],
        second_heart_ten=Variant.SECOND_HEART_TEN.value in variants,
        charlie_caught=Variant.CHARLIE_WINNING_ONLY.value not in variants,
        hand=hand,
        counts=counts,
        known_cards=tuple(tuple(sorted(c.elements(), key=sort_key)) for c in known_cards),
        unseen=unseen,
        leader=leader if leader is not None else seat,
        trick=trick,
        played=played,
        parties=tuple(Party(p) if p else None for p in view["parties"]),
        levels=(levels[Party.RE], levels[Party.KONTRA]),
        voids=tuple(frozenset(v) for v in voids),
        queens_played=tuple(queens),
        trump_limit=tuple(limits),
        marriage_pending=marriage is not None and not marriage["clarified_in"],
    )


def _queen_rules(known: Knowledge) -> tuple[list[bool], list[bool]]:
    """Per seat: whether it may hold a club queen, and whether it must hold one more."""
    may = [True] * PLAYERS
    must = [False] * PLAYERS
    if known.kind is GameKind.MARRIAGE:
        may = [other == known.declarer for other in range(PLAYERS)]
    elif known.kind is GameKind.NORMAL:
        for other, party in enumerate(known.parties):
            if party is Party.KONTRA:
                may[other] = False
            elif party is Party.RE and not known.queens_played[other]:
                must[other] = CLUB_QUEEN not in known.known_cards[other]
    may[known.seat] = must[known.seat] = False
    return may, must


def _deal(known: Knowledge, stream: rng.Stream, strict: bool) -> World | None:
    spec = CONTRACTS[known.contract]
    seat = known.seat
    hands = [list(cards) for cards in known.known_cards]
    hands[seat] = list(known.hand)
    need = [known.counts[s] - len(hands[s]) if s != seat else 0 for s in range(PLAYERS)]
    pool = stream.shuffled(known.unseen)
    may_queen, must_queen = _queen_rules(known)
    limits = list(known.trump_limit) if strict else [None] * PLAYERS
    trumps = [sum(spec.is_trump(card) for card in hand) for hand in hands]
    if strict:
        for other in range(PLAYERS):
            if must_queen[other] and need[other] and CLUB_QUEEN in pool:
                pool.remove(CLUB_QUEEN)
                hands[other].append(CLUB_QUEEN)
                need[other] -= 1
                trumps[other] += 1

    def allowed(other: int, card: Card) -> bool:
        if not strict:
            return True
        if card is CLUB_QUEEN and not may_queen[other]:
            return False
        suit = spec.suit_of(card)
        if suit in known.voids[other]:
            return False
        limit = limits[other]
        return not (suit is None and limit is not None and trumps[other] >= limit)

    # Most constrained cards first; the shuffle orders equals at random.
    flexibility = {
        card: sum(need[o] > 0 and allowed(o, card) for o in range(PLAYERS)) for card in set(pool)
    }
    pool.sort(key=lambda card: flexibility[card])
    for card in pool:
        choices = [o for o in range(PLAYERS) if need[o] > 0 and allowed(o, card)]
        if not choices:
            return None
        pick = stream.below(sum(need[o] for o in choices))
        for other in choices:
            pick -= need[other]
            if pick < 0:
                break
        hands[other].append(card)
        need[other] -= 1
        trumps[other] += spec.suit_of(card) is None
    return hands


def sample_world(known: Knowledge, stream: rng.Stream) -> World:
    """Every seat's hand in one world consistent with ``known``.

    Cards are dealt most constrained first, each to a seat that may hold it
    (chosen in proportion to the cards it still lacks); after
    ``_ATTEMPTS`` dead ends the voids and limits are dropped (counts and
    known cards always hold).
    """
    for _ in range(_ATTEMPTS):
        world = _deal(known, stream, strict=True)
        if world is not None:
            return world
    relaxed = _deal(known, stream, strict=False)
    assert relaxed is not None
    return relaxed


def world_re_seats(known: Knowledge, world: World) -> frozenset[int]:
    """Who is Re in ``world``: the known parties, else the club queens' holders."""
    if all(party is not None for party in known.parties):
        return frozenset(s for s, party in enumerate(known.parties) if party is Party.RE)
    if known.kind is GameKind.NORMAL:
        return frozenset(
            s for s in range(PLAYERS) if known.queens_played[s] or CLUB_QUEEN in world[s]
        )
    assert known.declarer is not None  # a marriage still looking for the partner
    return frozenset({known.declarer})
