"""Fast play-outs for the search: cards as small integers, rules as tables.

A search decision plays thousands of simulated tricks, so this module keeps
the hot loop away from objects: a card is its index in
:data:`~engine.doppelkopf.cards.DECK` (0-23), each contract's suits, powers,
points and costs are tuples (:class:`Tables`), and a hand is a list of
indices. :func:`pick` is :func:`engine.doppelkopf.heuristic.pick_card` on
these tables (a test holds the two equal card for card), and
:class:`Simulation` plays a hand of one world to its end with it and scores
it exactly as the engine does (:func:`hand_value`).

With ``open_playouts`` the players of a play-out judge with every hand of the
world open, as the exact endings do: whether a card can still be beaten, an
ace still stands or a trump is the highest left is looked up in the hands of
the enemies still to play, instead of being guessed from the cards outside and
the voids shown. A play-out is then a better forecast of the world it plays
(measured: ``benchmarks/results/dk_players.md``, sixth round).

>>> from engine.doppelkopf.state import new_match
>>> from engine.doppelkopf.knowledge import read_view
>>> state = new_match(seed="doc")
>>> while state.phase.value != "play":
...     state.apply_action("healthy")
>>> simulation = Simulation(read_view(state.view(state.current_player())))
>>> done = simulation.finish(simulation.world(state.hands), None)
>>> sum(points for points in done.points_of), done.tricks_won.count(0) < 4
(240, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.doppelkopf.card_tables import INDEX, SUITS, TABLES, Tables
from engine.doppelkopf.cards import DECK, Card
from engine.doppelkopf.knowledge import Knowledge, table_friends
from engine.doppelkopf.playout_scoring import POINT_WEIGHT, hand_value, seat_value
from engine.doppelkopf.rules import (
    CHARLIE,
    CLUB_QUEEN,
    FOX,
    HEART_TEN,
    PLAYERS,
    TRICKS,
    GameKind,
    Party,
)
from engine.doppelkopf.scoring import DOPPELKOPF_POINTS
from engine.doppelkopf.state import MARRIAGE_TRICKS

__all__ = [
    "INDEX",
    "POINT_WEIGHT",
    "TABLES",
    "Done",
    "Simulation",
    "Tables",
    "hand_value",
    "pick",
    "seat_value",
]  # fmt: skip

_FOX, _CHARLIE, _QUEEN, _TEN = INDEX[FOX], INDEX[CHARLIE], INDEX[CLUB_QUEEN], INDEX[HEART_TEN]
#: As in the heuristic: a trick worth this much justifies a high trump; catching the fox.
_RICH_TRICK = 14
_FOX_BONUS = 20


def _beats(t: Tables, card: int, best: int, second_ten: bool) -> bool:
    suit = t.suit
    if suit[card] != suit[best]:
        return suit[card] == 0
    if card == best:
        return second_ten and card == _TEN and suit[card] == 0
    return t.power[card] > t.power[best]


def _beaten_later(
    t: Tables,
    best: int,
    led: int,
    enemies: Sequence[int],
    outside: Sequence[int],
    voids: Sequence[int],
) -> bool:
    """Might one of ``enemies`` (seats still to play, not known partners) beat ``best``?"""
    if not enemies:
        return False
    higher = False
    for card in t.above[best]:
        if outside[card]:
            higher = True
            break
    if not t.suit[best]:
        if not higher:
            return False
        return any(not voids[seat] & 1 for seat in enemies)
    suit_cards = t.suit_cards
    suit_left = 0
    for card in suit_cards[led]:
        suit_left += outside[card]
    trumps_left = False
    for card in suit_cards[0]:
        if outside[card]:
            trumps_left = True
            break
    short = suit_left < len(enemies)
    for seat in enemies:
        void = short or voids[seat] >> led & 1
        if not void:
            if higher:
                return True
        elif trumps_left and not voids[seat] & 1:
            return True
    return False


def pick(
    t: Tables,
    seat: int,
    hand: Sequence[int],
    trick: Sequence[tuple[int, int]],
    friends: Sequence[int],
    outside: Sequence[int],
    voids: Sequence[int],
    second_ten: bool,
) -> int:
    """:func:`engine.doppelkopf.heuristic.pick_card` on card indices.

    ``outside[c]``: copies of card ``c`` the other seats may hold;
    ``voids[s]``: the suit numbers seat ``s`` lacks, as bits.
    """
    suit = t.suit
    if trick:
        led = suit[trick[0][1]]
        legal = list(dict.fromkeys(card for card in hand if suit[card] == led))
        if not legal:
            legal = list(dict.fromkeys(hand))
    else:
        legal = list(dict.fromkeys(hand))
    if len(legal) == 1:
        return legal[0]
    if not trick:
        return _lead(t, seat, hand, legal, friends, outside, voids)
    best_seat, best = trick[0]
    worth = 0
    for other, card in trick:
        worth += t.points[card]
        if other != best_seat and _beats(t, card, best, second_ten):
            best_seat, best = other, card
    if any(card == _FOX and friends[other] != 1 for other, card in trick):
        worth += _FOX_BONUS
    return _follow(
        t, seat, legal, len(trick), best_seat, best, led, worth, friends, outside, voids, second_ten
    )


def _beaten_exactly(
    t: Tables,
    best: int,
    led: int,
    enemies: Sequence[int],
    hands: Sequence[Sequence[int]],
    second_ten: bool,
) -> bool:
    """Can one of ``enemies`` beat ``best`` with a card it may play (all hands open)?"""
    suit = t.suit
    for seat in enemies:
        hand = hands[seat]
        following = [card for card in hand if suit[card] == led]
        for card in following or hand:
            if _beats(t, card, best, second_ten):
                return True
    return False


def _follow(
    t: Tables,
    seat: int,
    legal: Sequence[int],
    played: int,
    best_seat: int,
    best: int,
    led: int,
    worth: int,
    friends: Sequence[int],
    outside: Sequence[int],
    voids: Sequence[int],
    second_ten: bool,
    hands: Sequence[Sequence[int]] | None = None,
) -> int:
    """The heuristic's card when ``played`` cards lie in the trick, ``best``
    of ``best_seat`` winning it so far; ``worth``: its points (and the fox bonus).
    With ``hands`` (all hands open) it knows exactly who can still beat a card."""
    enemies = [
        later
        for later in ((seat + k) % PLAYERS for k in range(1, PLAYERS - played))
        if friends[later] != 1
    ]
    if hands is None:

        def beaten(card: int) -> bool:
            return _beaten_later(t, card, led, enemies, outside, voids)
    else:

        def beaten(card: int) -> bool:
            return _beaten_exactly(t, card, led, enemies, hands, second_ten)

    if friends[best_seat] == 1 and not beaten(best):
        smear = t.smear
        return max(legal, key=lambda card: (smear[card], -card))
    keep = t.keep
    suit = t.suit
    power = t.power
    best_suit = suit[best]
    winners = []
    for card in legal:
        if suit[card] != best_suit:
            if not suit[card]:
                winners.append(card)
        elif card == best:
            if second_ten and card == _TEN and not best_suit:
                winners.append(card)
        elif power[card] > power[best]:
            winners.append(card)
    secure = [card for card in winners if not beaten(card)]
    if secure:
        card = min(secure, key=lambda card: (keep[card], card))
        if not t.top[card] or worth >= _RICH_TRICK:
            return card
    if friends[best_seat] != 1 and worth >= 10:
        modest = [card for card in winners if not t.top[card] and card != _FOX]
        if modest:
            return min(modest, key=lambda card: (keep[card], card))
    discard = t.discard
    return min(legal, key=lambda card: (discard[card], card))


def _lead(
    t: Tables,
    seat: int,
    hand: Sequence[int],
    legal: Sequence[int],
    friends: Sequence[int],
    outside: Sequence[int],
    voids: Sequence[int],
    hands: Sequence[Sequence[int]] | None = None,
    second_ten: bool = False,
) -> int:
    suit = t.suit
    enemies = [other for other in range(PLAYERS) if friends[other] != 1]
    suit_cards = t.suit_cards
    aces = []
    for card in legal:
        number = suit[card]
        if t.ace[card]:
            if hands is not None:
                if not _beaten_exactly(t, card, number, enemies, hands, second_ten):
                    aces.append(card)
                continue
            left = 0
            for other in suit_cards[number]:
                left += outside[other]
            if left >= PLAYERS - 1 and not any(voids[o] >> number & 1 for o in enemies):
                aces.append(card)
    if aces:
        printed = t.printed
        return min(
            aces,
            key=lambda card: (sum(printed[c] == printed[card] for c in hand), card),
        )
    trumps = [card for card in legal if not suit[card]]
    alone = all(friends[other] == -1 for other in range(PLAYERS) if other != seat)
    if trumps and (alone or 2 * len(trumps) >= len(hand)):
        power = t.power
        highest = max(trumps, key=lambda card: power[card])
        if hands is not None:
            master = not _beaten_exactly(t, highest, 0, enemies, hands, second_ten)
        else:
            master = not any(outside[card] for card in t.above[highest])
        if master:
            return highest
        modest = [card for card in trumps if not t.top[card] and card != _FOX]
        if modest:
            return min(modest, key=lambda card: (power[card], card))
    pool = [card for card in legal if suit[card]] or list(legal)
    discard = t.discard
    return min(pool, key=lambda card: (discard[card], card))


@dataclass(frozen=True, slots=True)
class Done:
    """A hand played to its end in one world."""

    #: Card points and tricks each seat won, over the whole hand.
    points_of: tuple[int, ...]
    tricks_won: tuple[int, ...]
    #: Who was Re, and the extras (fox, Charlie, Doppelkopf) of Re minus Kontra's.
    re_seats: frozenset[int]
    extras: int

    def re_points(self) -> int:
        return sum(self.points_of[seat] for seat in self.re_seats)

    def re_tricks(self) -> int:
        return sum(self.tricks_won[seat] for seat in self.re_seats)


@dataclass(frozen=True, slots=True)
class Dealt:
    """One world prepared for play-outs: the hands as card indices, what each
    seat may find outside its hand (the others' cards, per card), who is Re."""

    hands: tuple[tuple[int, ...], ...]
    outside: tuple[tuple[int, ...], ...]
    re_seats: frozenset[int]


class Simulation:
    """The hand of ``known`` played to its end in sampled worlds (see the module doc)."""

    def __init__(
        self, known: Knowledge, open_playouts: bool = False, hidden_parties: bool = False
    ) -> None:
        self.known = known
        #: Whether the players know every hand of the world when they judge
        #: whether a card can still be beaten (else as the heuristic knows).
        self.open_playouts = open_playouts
        #: In a normal game, whether the players of a play-out know only the
        #: parties the table has seen (club queens played, announcements) and
        #: what follows from them, as at a real table; else every party.
        self.hidden_parties = hidden_parties and known.kind is GameKind.NORMAL
        #: The seats whose party the whole table knows: True for Re.
        self.revealed = {s: True for s in range(PLAYERS) if known.queens_played[s]} | {
            s: party is Party.RE for s, party in enumerate(known.announced) if party is not None
        }
        self.tables = TABLES[known.contract]
        self.second_ten = known.second_heart_ten
        self.charlie_caught = known.charlie_caught
        self.solo_kind = known.kind in (GameKind.SOLO, GameKind.SILENT_SOLO)
        self.voids = [_void_bits(known, seat) for seat in range(PLAYERS)]
        self.played = [
            (trick.winner, [(seat, INDEX[card]) for seat, card in trick.plays])
            for trick in known.played
        ]
        self.trick = [(seat, INDEX[card]) for seat, card in known.trick]
        self.leader = known.leader
        self.seat = known.seat
        self.hand = [INDEX[card] for card in known.hand]
        self.levels = known.levels

    def re_seats(self, world: Sequence[Sequence[int]]) -> frozenset[int]:
        """Who is Re in ``world`` (see :func:`engine.doppelkopf.knowledge.world_re_seats`)."""
        known = self.known
        if all(party is not None for party in known.parties):
            return frozenset(s for s, party in enumerate(known.parties) if party is Party.RE)
        if known.kind is GameKind.NORMAL:
            return frozenset(
                s for s in range(PLAYERS) if known.queens_played[s] or _QUEEN in world[s]
            )
        assert known.declarer is not None
        return frozenset({known.declarer})

    def world(self, hands: Sequence[Sequence[Card]]) -> Dealt:
        """A sampled world prepared for play-outs."""
        indices = tuple(tuple(INDEX[card] for card in hand) for hand in hands)
        outside = []
        for seat in range(PLAYERS):
            counts = [0] * len(DECK)
            for other, hand in enumerate(indices):
                if other != seat:
                    for card in hand:
                        counts[card] += 1
            outside.append(tuple(counts))
        return Dealt(indices, tuple(outside), self.re_seats(indices))

    def finish(
        self,
        world: Dealt,
        move: int | None,
        chooser: Callable[[int, Sequence[int], int], int] | None = None,
    ) -> Done:
        """Play the hand to its end in ``world``: the seat to act
        plays ``move`` (``None``: the heuristic's card), then everybody plays
        the heuristic with all cards open. ``chooser(seat, legal, heuristic)``,
        if given, picks every later card instead (a tree search's descent)."""
        known = self.known
        t = self.tables
        suit = t.suit
        points = t.points
        second = self.second_ten
        hands = [list(hand) for hand in world.hands]
        outside = [list(counts) for counts in world.outside]
        others = [
            [outside[other] for other in range(PLAYERS) if other != s] for s in range(PLAYERS)
        ]
        voids = list(self.voids)
        re_seats = world.re_seats
        pending = known.marriage_pending
        declarer = known.declarer
        points_of = [0] * PLAYERS
        tricks_won = [0] * PLAYERS
        history: list[tuple[int, list[tuple[int, int]]]] = list(self.played)
        for winner, plays in history:
            tricks_won[winner] += 1
            for _, card in plays:
                points_of[winner] += points[card]
        done = len(history)
        leader = self.leader
        trick = list(self.trick)

        hidden = self.hidden_parties and len(re_seats) == 2
        revealed = dict(self.revealed)

        def friends_of(seat: int) -> list[int]:
            if pending:
                return [1 if other == seat else 0 for other in range(PLAYERS)]
            mine = seat in re_seats
            if hidden:
                return table_friends(seat, mine, revealed)
            return [1 if (other in re_seats) == mine else -1 for other in range(PLAYERS)]

        friends = [friends_of(seat) for seat in range(PLAYERS)]
        # The trick so far: who wins it with which card, its points, who played a fox.
        best_seat = best = led = worth = 0
        foxes: list[int] = []
        second_now = second and done < TRICKS - 1
        for other, card in trick:
            if other == trick[0][0]:
                best_seat, best, led = other, card, suit[card]
            elif _beats(t, card, best, second_now):
                best_seat, best = other, card
            worth += points[card]
            if card == _FOX:
                foxes.append(other)
        seat = (leader + len(trick)) % PLAYERS
        card = -1 if move is None else move
        while True:
            if card < 0:
                hand = hands[seat]
                if trick:
                    legal = [c for c in hand if suit[c] == led]
                    if not legal:
                        legal = hand
                else:
                    legal = hand
                first = legal[0]
                if legal.count(first) == len(legal):
                    card = first
                    legal = [first]
                else:
                    legal = list(dict.fromkeys(legal))
                    mine = friends[seat]
                    if trick:
                        bonus = any(mine[fox] != 1 for fox in foxes)
                        card = _follow(
                            t,
                            seat,
                            legal,
                            len(trick),
                            best_seat,
                            best,
                            led,
                            worth + bonus * _FOX_BONUS,
                            mine,
                            outside[seat],
                            voids,
                            second_now,
                            hands if self.open_playouts else None,
                        )
                    else:
                        card = _lead(
                            t,
                            seat,
                            hand,
                            legal,
                            mine,
                            outside[seat],
                            voids,
                            hands if self.open_playouts else None,
                            second_now,
                        )
                if chooser is not None:
                    card = chooser(seat, legal, card)
            if trick:
                if suit[card] != led:
                    voids[seat] |= 1 << led
                if _beats(t, card, best, second_now):
                    best_seat, best = seat, card
            else:
                best_seat, best, led = seat, card, suit[card]
            worth += points[card]
            if card == _FOX:
                foxes.append(seat)
            elif card == _QUEEN and hidden and seat not in revealed:
                revealed[seat] = True
                friends = [friends_of(s) for s in range(PLAYERS)]
            hands[seat].remove(card)
            for counts in others[seat]:
                counts[card] -= 1
            trick.append((seat, card))
            if len(trick) == PLAYERS:
                last = done == TRICKS - 1
                history.append((best_seat, trick))
                tricks_won[best_seat] += 1
                points_of[best_seat] += worth
                done += 1
                if pending:
                    assert declarer is not None
                    if best_seat != declarer:
                        re_seats = frozenset({declarer, best_seat})
                        pending = False
                    elif done == MARRIAGE_TRICKS:
                        pending = False
                    if not pending:
                        friends = [friends_of(s) for s in range(PLAYERS)]
                if last:
                    break
                leader, trick = best_seat, []
                worth = 0
                foxes = []
                second_now = second and done < TRICKS - 1
            seat = (leader + len(trick)) % PLAYERS
            card = -1
        extras = 0 if len(re_seats) == 1 else self.extras(history, re_seats)
        return Done(tuple(points_of), tuple(tricks_won), re_seats, extras)

    def extras(
        self, history: Sequence[tuple[int, Sequence[tuple[int, int]]]], re_seats: frozenset[int]
    ) -> int:
        """Fox, Charlie and Doppelkopf points of Re minus Kontra's
        (as :func:`engine.doppelkopf.scoring.find_extras` counts them)."""
        points = self.tables.points
        net = 0
        for number, (winner, plays) in enumerate(history, 1):
            winner_re = winner in re_seats
            count = int(sum(points[card] for _, card in plays) >= DOPPELKOPF_POINTS)
            for seat, card in plays:
                if card == _FOX and (seat in re_seats) != winner_re:
                    count += 1
            if number == TRICKS:
                winning = next(card for seat, card in plays if seat == winner)
                count += winning == _CHARLIE
                if self.charlie_caught:
                    for seat, card in plays:
                        if card == _CHARLIE and (seat in re_seats) != winner_re:
                            count += 1
            net += count if winner_re else -count
        return net

    def score(self, done: Done, levels: tuple[int, int] | None = None) -> float:
        """The seat's score for a finished hand (announcement levels
        ``levels``, else the known ones), its party's card points breaking ties."""
        return seat_value(self.seat, done.re_seats, done.re_points(), self._re_value(done, levels))

    def scores(self, done: Done) -> tuple[float, ...]:
        """Every seat's score for a finished hand at the known levels."""
        re_points = done.re_points()
        value = self._re_value(done, None)
        return tuple(seat_value(seat, done.re_seats, re_points, value) for seat in range(PLAYERS))

    def _re_value(self, done: Done, levels: tuple[int, int] | None) -> int:
        """The hand's value for Re, extras included when they count."""
        value, counted = hand_value(
            done.re_points(), done.re_tricks(), levels or self.levels, len(done.re_seats) == 1
        )
        return value + counted * done.extras


def _void_bits(known: Knowledge, seat: int) -> int:
    numbers = {None: 0} | {suit: i for i, suit in enumerate(SUITS, 1)}
    bits = 0
    for suit in known.voids[seat]:
        bits |= 1 << numbers[suit]
    return bits
