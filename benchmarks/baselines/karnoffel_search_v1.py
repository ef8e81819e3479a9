"""Frozen copy of the Karnöffel search player as it was before issue 13
(engine/karnoffel/search.py, heuristic.py and knowledge.py at commit b709dba),
kept so that benchmarks can measure the new players against it.

Do not improve this file: it is the yardstick "today's search". It reads the
seat's view only, like every player.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from engine import rng
from engine.karnoffel.cards import DECK, Card, Rank, Suit
from engine.karnoffel.rules import RULE_SETS, TRICKS_TO_WIN, RuleSet
from engine.karnoffel.tricks import Role, TrickTable, role_of, trick_table

# ---- knowledge.py


FULL_DECK = (1 << len(DECK)) - 1


def card_index(notation: str) -> int:
    return Card.parse(notation).index


def mask_of(indices: Any) -> int:
    """The bit set of some deck indices."""
    mask = 0
    for index in indices:
        mask |= 1 << index
    return mask


def bits(mask: int) -> Iterator[int]:
    """The deck indices in a bit set, lowest first.

    >>> list(bits(0b10110))
    [1, 2, 4]
    """
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@dataclass(frozen=True, slots=True)
class Knowledge:
    """A seat's knowledge of the current deal, as integers."""

    seat: int
    players: int
    chosen: Suit
    trick_rule: str
    partners_see_hands: bool
    #: Per seat: the cards of its hand this seat knows (bit set).
    hands: tuple[int, ...]
    #: Per seat: how many of its cards this seat does not know.
    hidden: tuple[int, ...]
    #: Per seat: how many cards it holds now.
    counts: tuple[int, ...]
    #: The trick in progress: its leader and its cards in play order.
    leader: int
    trick: tuple[int, ...]
    #: Tricks won by team 0 and team 1 in this deal.
    tricks_won: tuple[int, int]
    #: Every card played in this deal (completed tricks and the trick in progress).
    played: int
    #: Cards that are neither known to this seat nor played: anybody may hold them, or nobody.
    unseen: int
    #: No trick played and none started: the Devil may not be led.
    first_lead: bool

    def team(self, seat: int) -> int:
        return seat % 2

    def to_act(self) -> int:
        return (self.leader + len(self.trick)) % self.players

    def opponents_may_hold(self) -> int:
        """Cards the other team might hold: their known cards plus the unseen ones."""
        mask = self.unseen
        for other in range(self.players):
            if other % 2 != self.seat % 2:
                mask |= self.hands[other]
        return mask


def read_view(view: dict[str, Any]) -> Knowledge:
    """Decode a Karnöffel seat view (``State.view``)."""
    if view.get("game") != "karnoffel":
        raise ValueError(f"not a Karnöffel view: game {view.get('game')!r}")
    if view.get("chosen") is None:
        raise ValueError("no deal in progress: the view has no chosen suit")
    spec = RULE_SETS[RuleSet(view["rules"]["set"])]
    players: int = view["players"]
    hands = tuple(mask_of(card_index(card) for card in hand["known"]) for hand in view["hands"])
    counts = tuple(int(hand["count"]) for hand in view["hands"])
    hidden = tuple(count - len(hand["known"]) for count, hand in zip(counts, view["hands"]))
    trick = tuple(card_index(play["card"]) for play in view["trick"]["cards"])
    played = mask_of(trick)
    for done in view["played"]:
        played |= mask_of(card_index(play["card"]) for play in done["cards"])
    known = played
    for hand in hands:
        known |= hand
    return Knowledge(
        seat=view["seat"],
        players=players,
        chosen=Suit.parse(view["chosen"]),
        trick_rule=spec.trick_rule,
        partners_see_hands=spec.partners_see_hands,
        hands=hands,
        hidden=hidden,
        counts=counts,
        leader=view["trick"]["leader"],
        trick=trick,
        tricks_won=(view["tricks"][0], view["tricks"][1]),
        played=played,
        unseen=FULL_DECK & ~known,
        first_lead=not view["played"] and not trick,
    )


# ---- heuristic.py


#: How much a special card is worth keeping (plain cards: twice their rank order, 2..24).
ROLE_VALUE: dict[Role, int] = {
    Role.KARNOFFEL: 100,
    Role.DEVIL: 85,
    Role.POPE: 90,
    Role.EMPEROR: 80,
    Role.PARTIAL_3: 45,
    Role.PARTIAL_4: 40,
    Role.PARTIAL_5: 35,
}
#: Extra worth of a King / Ober / Unter while the opponents may hold a partial
#: trump that it disarms (classic: the 3 loses to Kings, the 4 also to Obers, ...).
_DISARM_BONUS: dict[Rank, tuple[int, tuple[Rank, ...]]] = {
    Rank.KING: (12, (Rank.THREE, Rank.FOUR, Rank.FIVE)),
    Rank.OBER: (9, (Rank.FOUR, Rank.FIVE)),
    Rank.UNTER: (4, (Rank.FIVE,)),
}
#: A "cheap" winner: worth spending even if the trick is not safe yet.
_CHEAP = 30


_INDEX_OF = {(card.suit, card.rank): index for index, card in enumerate(DECK)}


def card_of(suit: Suit, rank: Rank) -> int:
    """The deck index of a card."""
    return _INDEX_OF[suit, rank]


def usefulness(card: int, chosen: Suit, opponents_may_hold: int) -> int:
    """How much keeping ``card`` is worth (higher: keep it longer).

    >>> from engine.karnoffel.cards import Card
    >>> bu, lk, h2 = (Card.parse(c).index for c in ("BU", "LK", "H2"))
    >>> usefulness(bu, Suit.BELLS, 0) > usefulness(lk, Suit.BELLS, 0) > usefulness(h2, Suit.BELLS, 0)
    True
    >>> usefulness(lk, Suit.BELLS, 1 << Card.parse("B3").index) > usefulness(lk, Suit.BELLS, 0)
    True
    """
    deck_card = DECK[card]
    role = role_of(deck_card, chosen)
    if role is not None:
        return ROLE_VALUE[role]
    value = 2 * deck_card.rank.order
    bonus = _DISARM_BONUS.get(deck_card.rank)
    if bonus is not None:
        extra, disarmed = bonus
        if any(opponents_may_hold >> card_of(chosen, rank) & 1 for rank in disarmed):
            value += extra
    return value


def _holds(table: TrickTable, played: tuple[int, ...], threats: int) -> bool:
    """Whether the last card of ``played`` (winning now) beats every single card in ``threats``."""
    position = len(played) - 1
    winner = table.winner
    return all(
        winner(played + (threat,)) == position
        for threat in bits(threats & table.contenders(played[0]))
    )


def heuristic_card(
    seat: int,
    players: int,
    hand: int,
    leader: int,
    trick: tuple[int, ...],
    table: TrickTable,
    opponents_may_hold: int,
    first_lead: bool,
) -> int:
    """The rule-based choice of a card (deck index) from ``hand`` (a bit set).

    ``opponents_may_hold``: the cards the other team might hold, as far as
    ``seat`` knows; ``table``: the deal's trick winners.
    """
    chosen = table.chosen
    devil = card_of(chosen, Rank.SEVEN)
    legal = hand & ~(1 << devil) if first_lead else hand
    cards = list(bits(legal))
    if len(cards) == 1:
        return cards[0]
    value = {card: usefulness(card, chosen, opponents_may_hold) for card in cards}

    def least_useful(candidates: Sequence[int]) -> int:
        return min(candidates, key=lambda c: (value[c], c))

    keep_devil = [c for c in cards if c != devil] or cards  # a Devil not led never wins
    if not trick:
        if devil in value and not opponents_may_hold >> card_of(chosen, Rank.UNTER) & 1:
            return devil
        safe = [c for c in keep_devil if c != devil and _holds(table, (c,), opponents_may_hold)]
        return least_useful(safe or keep_devil)
    if (leader + table.winner(trick)) % 2 == seat % 2:
        return least_useful(keep_devil)
    position = len(trick)
    winners = [c for c in cards if table.winner(trick + (c,)) == position]
    if not winners:
        return least_useful(keep_devil)
    opponents_after = any((seat + k) % 2 != seat % 2 for k in range(1, players - len(trick)))
    if opponents_after:
        safe = [c for c in winners if _holds(table, trick + (c,), opponents_may_hold)]
        if safe:
            return least_useful(safe)
        cheap = [c for c in winners if value[c] <= _CHEAP]
        return least_useful(cheap or keep_devil)
    return least_useful(winners)


def card_from_knowledge(known: Knowledge) -> int:
    """:func:`heuristic_card` for the seat whose knowledge this is."""
    return heuristic_card(
        known.seat,
        known.players,
        known.hands[known.seat],
        known.leader,
        known.trick,
        trick_table(known.chosen, known.trick_rule),
        known.opponents_may_hold(),
        known.first_lead,
    )


# ------------------------------------------------------------------ calls
@dataclass(frozen=True, slots=True)
class CallSituation:
    """What a show / bidding decision depends on, read from the view."""

    legal: tuple[str, ...]
    team: int
    scores: tuple[int, int]
    target: int
    value: int  # the confirmed value of the deal
    offered: int | None  # the value on offer (answering a raise or a counter)
    raise_step: int

    @staticmethod
    def from_view(view: dict[str, Any]) -> CallSituation:
        bid = view.get("bid") or {}
        value = int(view["value"])
        offered = bid.get("offered")
        return CallSituation(
            legal=tuple(view["legal"]),
            team=view["seat"] % 2,
            scores=(view["scores"][0], view["scores"][1]),
            target=view["target"],
            value=value,
            offered=offered,
            raise_step=(offered - value) if offered is not None else 3,
        )

    def utility(self, winner: int, points: int) -> float:
        """Points gained minus points conceded; ending the match counts for much more."""
        gained = points if winner == self.team else -points
        if self.scores[winner] + points >= self.target:
            gained += 100 if winner == self.team else -100
        return gained

    def expected(self, chance: float, points: int) -> float:
        return chance * self.utility(self.team, points) + (1 - chance) * self.utility(
            1 - self.team, points
        )


#: Raise / counter only with an edge, as the chance is only an estimate.
_RAISE_MARGIN = 0.6


def decide_call(situation: CallSituation, chance: float) -> str:
    """Show, or the bidding answer with the best expected gain for ``chance``
    (the estimated chance of winning the deal).

    >>> s = CallSituation(("accept", "counter", "give-up"), 0, (0, 0), 101, 4, 7, 3)
    >>> decide_call(s, 0.1), decide_call(s, 0.4), decide_call(s, 0.9)
    ('give-up', 'accept', 'counter')
    >>> decide_call(CallSituation(("pass", "raise"), 0, (0, 0), 101, 4, None, 3), 0.7)
    'raise'
    """
    legal = situation.legal
    if "show" in legal:
        return "show"
    value, step = situation.value, situation.raise_step
    if "raise" in legal:
        edge = situation.expected(chance, value + step) - situation.expected(chance, value)
        return "raise" if edge > 0 and chance >= _RAISE_MARGIN else "pass"
    offered = situation.offered if situation.offered is not None else value + step
    give_up = situation.utility(1 - situation.team, value)
    accept = situation.expected(chance, offered)
    counter = situation.expected(chance, offered + step)
    if "counter" in legal and chance >= _RAISE_MARGIN and counter > accept:
        return "counter"
    if "give-up" in legal and give_up > accept:
        return "give-up"
    return "accept" if "accept" in legal else legal[0]


#: Rough worth of a card for winning a trick, for :func:`hand_win_chance`.
_POWER = {Role.KARNOFFEL: 1.0, Role.POPE: 0.9, Role.DEVIL: 0.75, Role.EMPEROR: 0.8,
          Role.PARTIAL_3: 0.4, Role.PARTIAL_4: 0.35, Role.PARTIAL_5: 0.3}  # fmt: skip


def hand_win_chance(known: Knowledge) -> float:
    """A rule-of-thumb chance that the seat's team wins the deal: the trick
    power its known team cards carry, against an average share.

    >>> from engine.karnoffel.state import new_match
    >>> from engine.karnoffel.rules import Rules, RuleSet
    >>> state = new_match(Rules(set=RuleSet.HISTORIC), seed="doc")
    >>> 0 < hand_win_chance(read_view(state.view(state.current_player()))) < 1
    True
    """
    power = 0.0
    cards = 0
    for other in range(known.players):
        if other % 2 == known.seat % 2:
            for card in bits(known.hands[other]):
                role = role_of(DECK[card], known.chosen)
                rank = DECK[card].rank
                power += _POWER[role] if role is not None else 0.25 if rank is Rank.KING else 0.1
                cards += 1
    if cards == 0:
        return 0.5
    # An average card carries about 0.2 of a trick's worth; a team needs 3 of 5 tricks.
    edge = (power / cards - 0.2) * min(cards, 2 * 5) / TRICKS_TO_WIN
    return min(0.95, max(0.05, 0.5 + edge))


class HeuristicPlayerV1:
    """The rule-based level (see the module doc)."""

    def choose(self, view: dict[str, Any], stream: rng.Stream) -> str:
        legal: list[str] = view["legal"]
        if not legal:
            raise ValueError("it is not this seat's turn: no legal actions in the view")
        if view["phase"] != "play":
            return decide_call(CallSituation.from_view(view), hand_win_chance(read_view(view)))
        return DECK[card_from_knowledge(read_view(view))].notation


# ---- search.py


@dataclass(frozen=True, slots=True)
class Budget:
    """How hard the search player thinks (counts only, never time)."""

    #: Most worlds sampled per card decision.
    worlds: int = 24
    #: Solver nodes per card decision, over all worlds.
    nodes: int = 6000
    #: Solve exactly once at most this many cards remain in all hands together.
    solve_below: int = 13
    #: Worlds (each one play-out per legal card) when the deal is too long to solve.
    playout_worlds: int = 12
    #: Play-outs for estimating the chance of winning a deal (bidding).
    bid_playouts: int = 48


class OutOfBudget(Exception):
    """The solver has used up its node budget."""


def sample_world(known: Knowledge, stream: rng.Stream) -> tuple[int, ...]:
    """Every seat's hand (bit sets) in one world consistent with ``known``.

    >>> from engine.karnoffel.state import new_match
    >>> state = new_match(seed="doc")
    >>> known = read_view(state.view(0))
    >>> world = sample_world(known, rng.Stream("w"))
    >>> [bin(hand).count("1") for hand in world], world[0] == known.hands[0]
    ([5, 5, 5, 5], True)
    """
    pool = stream.shuffled(list(bits(known.unseen)))
    hands = list(known.hands)
    taken = 0
    for seat, missing in enumerate(known.hidden):
        for card in pool[taken : taken + missing]:
            hands[seat] |= 1 << card
        taken += missing
    return tuple(hands)


def _complete_deal(known: Knowledge, world: tuple[int, ...], stream: rng.Stream) -> tuple[int, ...]:
    """Fill every hand up to 5 cards (the stages still to be dealt, historic bidding)."""
    dealt = 0
    for hand in world:
        dealt |= hand
    pool = stream.shuffled(list(bits(FULL_DECK & ~dealt & ~known.played)))
    hands = list(world)
    taken = 0
    for seat, count in enumerate(known.counts):
        missing = 5 - count
        for card in pool[taken : taken + missing]:
            hands[seat] |= 1 << card
        taken += missing
    return tuple(hands)


def close_trick(
    table: TrickTable, leader: int, trick: tuple[int, ...], won: tuple[int, int]
) -> tuple[int, tuple[int, int]]:
    """The taker of a complete trick (it leads next) and the tricks won after it."""
    taker = (leader + table.winner(trick)) % len(trick)
    return taker, (won[0] + 1, won[1]) if taker % 2 == 0 else (won[0], won[1] + 1)


def playout(
    hands: tuple[int, ...],
    leader: int,
    trick: tuple[int, ...],
    tricks_won: tuple[int, int],
    table: TrickTable,
    partners_see_hands: bool,
) -> int:
    """Play a world to the end with the heuristic at every seat; the winning team.

    Each seat judges with what it would know: its hand, its partners' hands
    if the rules show them, and the cards played.
    """
    players = len(hands)
    hands_now = list(hands)
    won = tricks_won
    played = 0
    for card in trick:
        played |= 1 << card
    first_lead = sum(won) == 0 and not trick
    while True:
        seat = (leader + len(trick)) % players
        seen = played | hands_now[seat]
        if partners_see_hands:
            for other in range(seat % 2, players, 2):
                seen |= hands_now[other]
        card = heuristic_card(
            seat, players, hands_now[seat], leader, trick, table, FULL_DECK & ~seen, first_lead
        )
        first_lead = False
        hands_now[seat] &= ~(1 << card)
        played |= 1 << card
        trick = trick + (card,)
        if len(trick) == players:
            leader, won = close_trick(table, leader, trick, won)
            trick = ()
            if won[leader % 2] >= TRICKS_TO_WIN:
                return leader % 2


class Solver:
    """Exact "does ``team`` take 3 tricks first?" on one world, all cards open.

    Boolean minimax with alpha-beta cut-offs (the first winning card ends a
    search) and a transposition table; ``nodes`` counts positions searched
    and :class:`OutOfBudget` is raised beyond ``node_limit``.
    """

    def __init__(self, team: int, table: TrickTable, players: int, node_limit: int) -> None:
        self.team = team
        self.table = table
        self.players = players
        self.node_limit = node_limit
        self.nodes = 0
        self.memo: dict[tuple[Any, ...], bool] = {}
        # Cheap cards first: they keep the strong ones for later tricks.
        self.cheap_first = sorted(
            range(len(DECK)), key=lambda card: usefulness(card, table.chosen, FULL_DECK)
        )
        self.devil = card_of(table.chosen, Rank.SEVEN)
        self._sorted: dict[int, list[int]] = {}

    def _cards(self, hand: int) -> list[int]:
        cards = self._sorted.get(hand)
        if cards is None:
            cards = self._sorted[hand] = [card for card in self.cheap_first if hand >> card & 1]
        return cards

    def wins(
        self, hands: tuple[int, ...], leader: int, trick: tuple[int, ...], won: tuple[int, int]
    ) -> bool:
        """Whether ``self.team`` wins the deal from this position."""
        key = (hands, leader, trick, won)
        cached = self.memo.get(key)
        if cached is not None:
            return cached
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise OutOfBudget
        players = self.players
        seat = (leader + len(trick)) % players
        hand = hands[seat]
        if not trick and won == (0, 0):
            hand &= ~(1 << self.devil)
        cards = self._cards(hand)
        if trick:
            # Cards that take the trick now first (cheapest first), then the rest.
            position = len(trick)
            winner = self.table.winner
            taking = [card for card in cards if winner(trick + (card,)) == position]
            if taking:
                cards = taking + [card for card in cards if card not in taking]
        ours = seat % 2 == self.team
        result = not ours
        for card in cards:
            child_hands = hands[:seat] + (hands[seat] & ~(1 << card),) + hands[seat + 1 :]
            child_trick = trick + (card,)
            if len(child_trick) == players:
                taker, child_won = close_trick(self.table, leader, child_trick, won)
                if child_won[taker % 2] >= TRICKS_TO_WIN:
                    value = taker % 2 == self.team
                else:
                    value = self.wins(child_hands, taker, (), child_won)
            else:
                value = self.wins(child_hands, leader, child_trick, won)
            if value == ours:  # a cut-off: this side has found what it wants
                result = ours
                break
        self.memo[key] = result
        return result


class SearchPlayerV1:
    """Today's search level, frozen (see the module doc)."""

    def __init__(self, budget: Budget | None = None) -> None:
        self.budget = budget or Budget()

    def choose(self, view: dict[str, Any], stream: rng.Stream) -> str:
        legal: list[str] = view["legal"]
        if not legal:
            raise ValueError("it is not this seat's turn: no legal actions in the view")
        known = read_view(view)
        if view["phase"] != "play":
            return decide_call(CallSituation.from_view(view), self.win_chance(known, stream))
        if len(legal) == 1:
            return legal[0]
        return DECK[self.choose_card(known, stream)].notation

    # ---------------------------------------------------------------- play
    def choose_card(self, known: Knowledge, stream: rng.Stream) -> int:
        budget = self.budget
        seat = known.seat
        hand = known.hands[seat]
        if known.first_lead:
            hand &= ~(1 << card_of(known.chosen, Rank.SEVEN))
        moves = list(bits(hand))
        preferred = card_from_knowledge(known)
        scores = dict.fromkeys(moves, 0)
        remaining = sum(known.counts)
        team = seat % 2
        table = trick_table(known.chosen, known.trick_rule)
        if remaining <= budget.solve_below:
            solver_nodes = 0
            for _ in range(budget.worlds):
                world = sample_world(known, stream)
                solver = Solver(team, table, known.players, budget.nodes - solver_nodes)
                try:
                    outcome = {move: self._solve_move(solver, known, world, move) for move in moves}
                except OutOfBudget:
                    break
                solver_nodes += solver.nodes
                for move, solved in outcome.items():
                    scores[move] += solved
        else:
            for _ in range(budget.playout_worlds):
                world = sample_world(known, stream)
                for move in moves:
                    hands, leader, trick, won = self._after(known, world, move)
                    if max(won) >= TRICKS_TO_WIN:
                        scores[move] += int(won[team] >= TRICKS_TO_WIN)
                        continue
                    winner = playout(hands, leader, trick, won, table, known.partners_see_hands)
                    scores[move] += int(winner == team)
        return max(moves, key=lambda move: (scores[move], move == preferred, -move))

    @staticmethod
    def _after(
        known: Knowledge, world: tuple[int, ...], move: int
    ) -> tuple[tuple[int, ...], int, tuple[int, ...], tuple[int, int]]:
        """The position in ``world`` after the seat plays ``move``."""
        seat = known.seat
        hands = world[:seat] + (world[seat] & ~(1 << move),) + world[seat + 1 :]
        trick = known.trick + (move,)
        leader = known.leader
        won = known.tricks_won
        if len(trick) == known.players:
            leader, won = close_trick(
                trick_table(known.chosen, known.trick_rule), leader, trick, won
            )
            trick = ()
        return hands, leader, trick, won

    def _solve_move(
        self, solver: Solver, known: Knowledge, world: tuple[int, ...], move: int
    ) -> int:
        hands, leader, trick, won = self._after(known, world, move)
        return int(solver.wins(hands, leader, trick, won))

    # ------------------------------------------------------------- bidding
    def win_chance(self, known: Knowledge, stream: rng.Stream) -> float:
        """The chance of winning the deal, by play-outs of sampled deals."""
        team = known.seat % 2
        table = trick_table(known.chosen, known.trick_rule)
        wins = 0
        for _ in range(self.budget.bid_playouts):
            hands = _complete_deal(known, sample_world(known, stream), stream)
            winner = playout(hands, known.leader, (), (0, 0), table, known.partners_see_hands)
            wins += winner == team
        return wins / self.budget.bid_playouts
