"""What a Doppelkopf seat knows, decoded from its view, and worlds that agree with it.

The computer players receive nothing but ``State.view(seat)``.
:func:`read_view` turns that JSON into a small frozen :class:`Knowledge`
(cards as interned :class:`~engine.doppelkopf.cards.Card` values) and
:class:`WorldSampler` (or :func:`sample_world` for one draw) deals the
cards the seat cannot see to the other seats, uniformly among the deals in
which every fact the seat knows holds:

- each seat gets exactly as many cards as it holds;
- a seat that did not follow a suit (trumps count as one suit) gets none of it;
- cards the seat saw in a poverty exchange stay where they went;
- the poor player of a poverty holds no trumps but the ones returned to it:
  its taker, who chose them, knows how many; the others know at most three;
- club queens: a bridegroom holds both; a seat known to be Re in a normal game
  holds (or played) one; a seat known to be Kontra holds none.

Beliefs beyond the facts may be asked for (:class:`~engine.doppelkopf.beliefs.Beliefs`),
each left out where the view rules it out.

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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from math import factorial
from typing import Any, TypeVar

from engine import rng
from engine.doppelkopf.beliefs import (
    ANNOUNCER_DRAWS,
    NO_BELIEFS,
    Beliefs,
    announcer_floors,
    soloist_floor,
)
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

__all__ = [
    "Knowledge",
    "World",
    "WorldSampler",
    "read_view",
    "sample_world",
    "table_friends",
    "world_re_seats",
]

#: A dealt world: every seat's hand.
World = list[list[Card]]

#: The reason carried by tricks rebuilt from a view or simulated (scoring reads only the winner).
_REBUILT = Message.of("win_only_card", card="?")


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
    played: tuple[PlayedTrick[Card], ...]
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
    #: Per seat: the party it announced for (``None``: it did not announce).
    announced: tuple[Party | None, ...] = (None,) * PLAYERS
    #: The seat is neither a poverty's poor player nor its taker, so it does
    #: not know the cards returned to the poor player (``trump_limit`` bounds
    #: their trumps by the rules only).
    returned_unseen: bool = False

    def plays(self) -> list[tuple[int, Card]]:
        """Every card played in this hand so far, the trick in progress last:
        (seat, card) in play order."""
        return [play for trick in self.played for play in trick.plays] + list(self.trick)

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


def rebuilt_trick(leader: int, plays: Sequence[tuple[int, Card]], winner: int) -> PlayedTrick[Card]:
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
    returned_unseen = False
    poverty = view.get("poverty")
    if poverty is not None and poverty["returned"]:
        poor, taker = poverty["poor"], poverty["acceptor"]
        passed = Counter(_cards(poverty["passed_cards"] or []))
        returned = Counter(_cards(poverty["returned_cards"] or []))
        normal = CONTRACTS[Contract.NORMAL]
        if seat == poor:
            known_cards[taker] = passed - returned - played_by[taker]
        if seat == taker:
            known_cards[poor] = returned - played_by[poor]
            # The poor player passed every trump it had: it holds no trumps but
            # the ones returned to it.
            limits[poor] = sum(n for card, n in known_cards[poor].items() if normal.is_trump(card))
        else:
            trumps_played = sum(n for card, n in played_by[poor].items() if normal.is_trump(card))
            limits[poor] = max(0, POVERTY_MAX_TRUMPS - trumps_played)
            returned_unseen = seat != poor
    known_cards[seat] = Counter()
    seen = Counter(hand)
    for counter in (*known_cards, *played_by):
        seen += counter
    unseen = tuple(sorted((Counter(PACK) - seen).elements(), key=sort_key))
    levels = {Party.RE: 0, Party.KONTRA: 0}
    announced: list[Party | None] = [None] * PLAYERS
    for announcement in view["announcements"]:
        party = Party(announcement["party"])
        levels[party] = max(levels[party], announcement["level"])
        announced[announcement["seat"]] = party
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
        announced=tuple(announced),
        returned_unseen=returned_unseen,
    )


def _queen_rules(known: Knowledge, one_each: bool) -> tuple[list[bool], list[bool]]:
    """Per seat: whether it may hold a club queen, and whether it must hold one
    more (``one_each``: in a normal game a seat that played one holds no other)."""
    may = [True] * PLAYERS
    must = [False] * PLAYERS
    if known.kind is GameKind.MARRIAGE:
        may = [other == known.declarer for other in range(PLAYERS)]
    elif known.kind is GameKind.NORMAL:
        for other, party in enumerate(known.parties):
            if party is Party.KONTRA or (one_each and known.queens_played[other]):
                may[other] = False
            elif party is Party.RE and not known.queens_played[other]:
                must[other] = CLUB_QUEEN not in known.known_cards[other]
    may[known.seat] = must[known.seat] = False
    return may, must


_T = TypeVar("_T")

#: One way to split a class of cards: cards per seat, and in how many ways (a multinomial).
_Split = tuple[tuple[int, ...], int]
#: A class of unseen cards: the cards, whether they count against a trump limit,
#: and per other seat whether it may take them, the fewest and the most it takes.
_Class = tuple[list[Card], bool, tuple[bool, ...], tuple[int, ...], tuple[int, ...]]


class WorldSampler:
    """Deals the unseen cards uniformly among all deals that honour ``known``
    (with ``beliefs.queens_apart``, in a normal game: that give the club queens to two seats).

    In the manner of Sievers & Helmert's Doppelkopf sampler, the cards are
    grouped into classes that the constraints treat alike (the club queens
    when their holders are constrained, the trumps, each plain suit); for
    every class in turn the split among the seats is drawn in proportion to
    the number of complete deals it leaves (counted once, by dynamic
    programming over the seats' remaining needs), so each consistent deal of
    the physical cards is equally likely and no deal ever contradicts the view.
    """

    def __init__(self, known: Knowledge, beliefs: Beliefs = NO_BELIEFS) -> None:
        self.known = known
        #: The other seats that still lack cards, in seat order.
        self.seats = [s for s in range(PLAYERS) if s != known.seat]
        self.base = [list(cards) for cards in known.known_cards]
        self.base[known.seat] = list(known.hand)
        # The rules let a seat that holds both club queens say "healthy" and
        # play a silent solo, but players seldom do (FreeDoko's profi: 7 in the
        # 11,848 hands of the benchmarks' rows), while uniform deals would give
        # both to one seat in about a third of a Kontra seat's worlds. So with
        # ``queens_apart`` each club queen of a normal game goes to another
        # seat, unless only a silent solo explains what the seat saw.
        # A player declares a solo with a hand strong in its trumps, where
        # uniform deals give the soloist about a quarter of them (FreeDoko's
        # profi held 10.3 of a suit solo's 26 in 88 solos, the worlds 7.0). So
        # with ``soloist_extra`` the soloist gets that many trumps beyond a
        # quarter, unless no deal consistent with the view gives it them.
        plays = known.plays()
        self._setup(
            one_each=beliefs.queens_apart and known.kind is GameKind.NORMAL,
            floor=soloist_floor(
                known.kind,
                known.contract,
                known.declarer,
                known.seat,
                known.voids,
                plays,
                beliefs.soloist_extra,
            ),
        )
        if not self.consistent and (self.one_each or self.floor):
            self._setup(one_each=False)
        #: Where the seat did not see a poverty's returned cards: per number of
        #: trumps the poor player may still hold, its weight (see ``sample``).
        self.poor_trumps: list[tuple[float, int]] = []
        return_odds = beliefs.return_odds
        if return_odds != 1.0 and known.returned_unseen and self.consistent and self.cap >= 0:
            shown = POVERTY_MAX_TRUMPS - self.cap
            for held in range(self.cap + 1):
                if self._count(0, self.needs, held, exact=True):
                    self.poor_trumps.append((return_odds ** (shown + held), held))
        #: Per other seat that announced in a normal game: the fewest trumps
        #: it still holds in a believable world (see ``sample``).
        self.trump_floors = (
            announcer_floors(
                known.kind,
                known.seat,
                known.announced,
                known.voids,
                known.counts,
                known.unseen,
                plays,
                beliefs.announcer_trumps,
            )
            if self.consistent
            else {}
        )

    def _setup(self, one_each: bool, floor: tuple[int, int] | None = None) -> None:
        """The classes of unseen cards, what each seat may take of them, and the
        trump capacity (``one_each``: no seat takes both club queens; ``floor``:
        a seat and the fewest trumps it holds)."""
        known = self.known
        spec = CONTRACTS[known.contract]
        self.one_each = one_each
        self.floor = floor
        needs = tuple(known.counts[s] - len(self.base[s]) for s in self.seats)
        may_queen, must_queen = _queen_rules(known, one_each)
        queen_class = one_each or any(
            must_queen[s] or not may_queen[s] for s in self.seats if known.counts[s]
        )
        classes: dict[object, list[Card]] = {}
        for card in known.unseen:
            key: object = "queen" if queen_class and card is CLUB_QUEEN else spec.suit_of(card)
            classes.setdefault(key, []).append(card)
        normal = CONTRACTS[Contract.NORMAL]
        #: Per class: its cards, whether they count against a trump limit,
        #: the seats (indices into ``self.seats``) that may take them, and the
        #: fewest and the most each may take.
        self.classes: list[_Class] = []
        for key, cards in classes.items():
            suit = None if key == "queen" else key
            allowed = tuple(
                suit not in known.voids[s] and (key != "queen" or may_queen[s]) for s in self.seats
            )
            least = tuple(
                int(key == "queen" and must_queen[s] and not known.queens_played[s])
                for s in self.seats
            )
            if floor is not None and key is None:
                held = sum(spec.is_trump(card) for card in self.base[floor[0]])
                least = tuple(
                    max(fewest, floor[1] - held) if s == floor[0] else fewest
                    for s, fewest in zip(self.seats, least, strict=True)
                )
            most = tuple(1 if key == "queen" and one_each else len(cards) for _ in self.seats)
            limited = normal.is_trump(cards[0])
            self.classes.append((cards, limited, allowed, least, most))
        # Trump capacity: only one seat (the poor player) ever has a limit.
        self.capped = next(
            (i for i, s in enumerate(self.seats) if known.trump_limit[s] is not None), None
        )
        cap = 0
        if self.capped is not None:
            poor = self.seats[self.capped]
            limit = known.trump_limit[poor]
            assert limit is not None
            cap = limit - sum(normal.is_trump(card) for card in self.base[poor])
        self.needs = needs
        self.cap = cap
        self._memo: dict[tuple[int, tuple[int, ...], int, bool], int] = {}
        self._split_memo: dict[tuple[int, tuple[int, ...], int], list[_Split]] = {}
        #: Nothing but the counts constrains the deal: a plain shuffle is uniform.
        self.free = self.capped is None and all(
            all(allowed) and not any(least) and min(most) >= len(cards)
            for cards, _, allowed, least, most in self.classes
        )
        self.consistent = self.free or (cap >= 0 and self._count(0, needs, cap) > 0)

    def _splits(self, index: int, needs: tuple[int, ...], cap: int) -> list[_Split]:
        """The ways to split class ``index`` among the seats: (cards per seat, multinomial)."""
        key = (index, needs, cap)
        known = self._split_memo.get(key)
        if known is not None:
            return known
        cards, limited, allowed, least, most = self.classes[index]
        size = len(cards)
        splits: list[_Split] = []

        def extend(prefix: tuple[int, ...], left: int) -> None:
            at = len(prefix)
            if at == len(needs) - 1:
                if (
                    (left and not allowed[at])
                    or left > min(needs[at], most[at])
                    or left < least[at]
                ):
                    return
                split = (*prefix, left)
                if limited and self.capped is not None and split[self.capped] > cap:
                    return
                ways = factorial(size)
                for taken in split:
                    ways //= factorial(taken)
                splits.append((split, ways))
                return
            top = min(left, needs[at], most[at]) if allowed[at] else 0
            for taken in range(least[at], top + 1):
                extend((*prefix, taken), left - taken)

        extend((), size)
        self._split_memo[key] = splits
        return splits

    def _count(self, index: int, needs: tuple[int, ...], cap: int, exact: bool = False) -> int:
        """How many deals of the classes from ``index`` on fill ``needs`` exactly
        and give the poor player at most ``cap`` more trumps (``exact``: just ``cap``)."""
        if index == len(self.classes):
            return int(not any(needs) and not (exact and cap))
        key = (index, needs, cap, exact)
        found = self._memo.get(key)
        if found is not None:
            return found
        limited = self.classes[index][1]
        total = 0
        for split, ways in self._splits(index, needs, cap):
            rest = tuple(need - taken for need, taken in zip(needs, split, strict=True))
            spent = split[self.capped] if limited and self.capped is not None else 0
            total += ways * self._count(index + 1, rest, cap - spent, exact)
        self._memo[key] = total
        return total

    def sample(self, stream: rng.Stream) -> World:
        """One deal, every consistent deal equally likely (see the class doc).

        With ``return_odds`` (where the seat did not see a poverty's returned
        cards), first how many trumps the poor player holds: in proportion to
        ``return_odds`` to the power of the trumps it was returned, among the
        numbers some consistent deal allows; then a deal uniformly among those
        in which it holds just that many. A taker mostly returns no trump, and
        no rule says so, but uniform deals would give the poor player its
        three nearly always.

        With ``announcer_trumps``, a deal that leaves a seat that announced in
        a normal game fewer trumps (held and played) than that is drawn again,
        up to :data:`~engine.doppelkopf.beliefs.ANNOUNCER_DRAWS` times, so the worlds are uniform among
        the believable ones. Uniform deals give FreeDoko's announcers 7.1 trumps;
        they were dealt 8.2, nine or more in 158 of 380 announcements
        (``benchmarks/results/dk_players.md``, twenty-fourth round)."""
        world = self._draw(stream)
        for _ in range(ANNOUNCER_DRAWS - 1):
            if self._believable(world):
                break
            world = self._draw(stream)
        return world

    def _believable(self, world: World) -> bool:
        normal = CONTRACTS[Contract.NORMAL]
        return all(
            sum(normal.is_trump(card) for card in world[other]) >= floor
            for other, floor in self.trump_floors.items()
        )

    def _draw(self, stream: rng.Stream) -> World:
        """One deal, every consistent deal equally likely."""
        if self.free or not self.consistent:
            return _deal_counts_only(self.known, stream)
        hands = [list(cards) for cards in self.base]
        needs, cap, exact = self.needs, self.cap, False
        if self.poor_trumps:
            cap, exact = _weighted_draw(stream, self.poor_trumps), True
        for index, (cards, limited, *_) in enumerate(self.classes):
            options = []
            for split, ways in self._splits(index, needs, cap):
                rest = tuple(need - taken for need, taken in zip(needs, split, strict=True))
                spent = split[self.capped] if limited and self.capped is not None else 0
                weight = ways * self._count(index + 1, rest, cap - spent, exact)
                if weight:
                    options.append((weight, (split, rest, spent)))
            split, rest, spent = _weighted_draw(stream, options)
            shuffled = stream.shuffled(cards)
            for taken, other in zip(split, self.seats, strict=True):
                hands[other] += shuffled[:taken]
                shuffled = shuffled[taken:]
            needs, cap = rest, cap - spent
        return hands


def _weighted_draw(stream: rng.Stream, options: Sequence[tuple[float, _T]]) -> _T:
    """One option's item, each in proportion to its weight (the last, should
    rounding leave the draw past every weight)."""
    target = stream.random() * sum(weight for weight, _ in options)
    for weight, item in options:
        target -= weight
        if target < 0:
            break
    return item


def _deal_counts_only(known: Knowledge, stream: rng.Stream) -> World:
    """A deal that honours only the counts and the known cards: uniform when
    nothing else is known (and the way out should the view ever contradict
    itself, as a silent solo seen from outside might)."""
    hands = [list(cards) for cards in known.known_cards]
    hands[known.seat] = list(known.hand)
    pool = stream.shuffled(known.unseen)
    for other in range(PLAYERS):
        if other != known.seat:
            take = known.counts[other] - len(hands[other])
            hands[other] += pool[:take]
            pool = pool[take:]
    return hands


def sample_world(known: Knowledge, stream: rng.Stream) -> World:
    """Every seat's hand in one world consistent with ``known`` (one draw of
    :class:`WorldSampler`; build the sampler once to draw many)."""
    return WorldSampler(known).sample(stream)


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


def table_friends(seat: int, re: bool, revealed: Mapping[int, bool]) -> list[int]:
    """Per seat, as ``seat`` (Re if ``re``) knows it in a normal game at a real
    table: 1 its party, -1 the other, 0 unknown. It knows its own party and the
    revealed ones (``revealed``: seat -> Re); once two seats of a party are
    known, so are the others.

    >>> table_friends(0, False, {})
    [1, 0, 0, 0]
    >>> table_friends(0, False, {2: True}), table_friends(0, False, {1: True, 2: True})
    ([1, 0, -1, 0], [1, -1, -1, 1])
    >>> table_friends(1, True, {3: True})
    [-1, 1, -1, 1]
    """
    same = 1 + sum(is_re == re for other, is_re in revealed.items() if other != seat)
    other_party = sum(is_re != re for other, is_re in revealed.items() if other != seat)

    def friend(other: int) -> int:
        if other == seat:
            return 1
        if other in revealed:
            return 1 if revealed[other] == re else -1
        if same == 2:  # the seat's party is complete: the rest are the other one
            return -1
        return 1 if other_party == 2 else 0

    return [friend(other) for other in range(PLAYERS)]
