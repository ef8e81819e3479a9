"""The search player: sampled worlds, each solved exactly.

From the seat's view (:mod:`engine.karnoffel.knowledge`) the player samples
*worlds*: the cards it cannot see, dealt to the seats that hide them (each
seat gets exactly as many as it holds unseen). With ``candidates`` set, more
worlds are sampled than solved and the solved ones are drawn in proportion
to how well each explains the cards played so far
(:mod:`engine.karnoffel.inference`). Every legal card is judged in each
world by the exact open-card solver (:mod:`engine.karnoffel.solver`), from
the first trick on, while its nodes last, and in the worlds left by a
heuristic play-out (its last tricks solved exactly with ``exact_tail``) or,
with ``trees``, by an information-set tree per card (:class:`CardTree`); the
card that wins in most worlds is played, ties going to the heuristic's
choice. A card that can no longer catch up with the best is not solved in the
remaining worlds, and the search stops once one card is left (neither changes
the choice).

Calls (historic): the hand is always shown to the partner (only the partner
learns anything from it); bidding compares the expected gain of each answer
(:func:`engine.karnoffel.heuristic.decide_call`) with the chance of winning
the deal: the share of deals completed from the view that the team wins with
open cards.

The budget is counted in worlds and **solver nodes**, never in wall-clock
time, so the same seed and view give the same action on every device.

>>> from engine.karnoffel.state import new_match
>>> state = new_match(seed="doc")
>>> seat = state.current_player()
>>> action = SearchPlayer().choose(state.view(seat), rng.Stream("doc"))
>>> state.is_legal(action)
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from engine import rng
from engine.karnoffel.cards import DECK, Rank
from engine.karnoffel.heuristic import (
    CallSituation,
    card_from_knowledge,
    card_of,
    decide_call,
    heuristic_card,
)
from engine.karnoffel.inference import observations, play_likelihood, resample
from engine.karnoffel.knowledge import FULL_DECK, Knowledge, bits, mask_of, read_view
from engine.karnoffel.rules import TRICKS_TO_WIN
from engine.karnoffel.solver import OutOfBudget, Solver
from engine.karnoffel.trick_strengths import Strengths, strengths

__all__ = [
    "Budget",
    "CardTree",
    "ExactTail",
    "OutOfBudget",
    "SearchLevel",
    "SearchPlayer",
    "close_trick",
    "playout",
    "sample_world",
]


@dataclass(frozen=True, slots=True)
class Budget:
    """How hard the search player thinks (counts only, never time)."""

    #: Most worlds solved per card decision.
    worlds: int = 24
    #: The same in the deal's first trick, where a world costs the most to
    #: solve (0: ``worlds``) ...
    first_trick_worlds: int = 0
    #: ... and its solver nodes (0: ``nodes``) ...
    first_trick_nodes: int = 0
    #: ... and at the deal's opening lead (0: as the rest of trick 1), at tables
    #: of at most ``opening_lead_players``. The lead gains only once every world
    #: is solved whole, its slowest case; at 6 and 8 players the same nodes
    #: changed almost no lead and took four to six times as long.
    opening_lead_nodes: int = 0
    opening_lead_players: int = 4
    #: Solver nodes per card decision, over all worlds.
    nodes: int = 60000
    #: Worlds sampled and weighted by the play so far, of which ``worlds`` are
    #: drawn (:mod:`engine.karnoffel.inference`); 0: no weighting.
    candidates: int = 0
    #: Weight factor of each earlier card the inference model did not expect, in 1/100.
    surprise: int = 30
    #: Stop solving a card once it trails the best by more than this many
    #: tenths of the square root of the worlds solved (0: only once it can no
    #: longer catch up, which never changes the choice).
    prune: int = 0
    #: Most worlds judged by a heuristic play-out per legal card once the
    #: solver's nodes are spent (early in a deal, above all with 6 or 8 players).
    #: The play-outs judge the drawn worlds the solver did not reach, so more
    #: than ``worlds`` changes nothing.
    playout_worlds: int = 12
    #: A card's play-out hands over to the exact solver once no hand holds more
    #: than this many cards at the start of a trick (0: the heuristic plays to
    #: the end), with ``tail_nodes`` solver nodes for each; a longer one plays on.
    #: (Bidding's play-outs do not use it: not measured there.)
    exact_tail: int = 0
    tail_nodes: int = 3000
    #: With ``trees``, the worlds the solver's nodes do not reach are judged by
    #: information-set trees instead (:class:`CardTree`): this many iterations
    #: per legal card, round the worlds left; 0: one heuristic play-out per
    #: card and world (``playout_worlds``).
    trees: int = 0
    #: The trees' UCB exploration constant, in 1/100 of a deal won, and their
    #: progressive widening (:class:`CardTree`; 0: none).
    tree_exploration: int = 70
    tree_widening: int = 0
    #: Deals completed from the view for estimating the chance of winning a
    #: deal (bidding), each played out exactly (open cards) while ``bid_nodes``
    #: last, else by the heuristic.
    bid_playouts: int = 32
    #: Solver nodes per bidding decision.
    bid_nodes: int = 20000


def _drawn(pool: list[int], count: int, stream: rng.Stream) -> list[int]:
    """``pool`` with its first ``count`` places drawn at random from all of it
    (the first ``count`` steps of a Fisher-Yates shuffle: the draws a world
    needs, without shuffling the cards nobody gets)."""
    for i in range(min(count, len(pool))):
        j = i + stream.below(len(pool) - i)
        pool[i], pool[j] = pool[j], pool[i]
    return pool


def sample_world(known: Knowledge, stream: rng.Stream) -> tuple[int, ...]:
    """Every seat's hand (bit sets) in one world consistent with ``known``.

    >>> from engine.karnoffel.state import new_match
    >>> state = new_match(seed="doc")
    >>> known = read_view(state.view(0))
    >>> world = sample_world(known, rng.Stream("w"))
    >>> [bin(hand).count("1") for hand in world], world[0] == known.hands[0]
    ([5, 5, 5, 5], True)
    """
    pool = _drawn(list(bits(known.unseen)), sum(known.hidden), stream)
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
    missing_cards = sum(5 - count for count in known.counts)
    pool = _drawn(list(bits(FULL_DECK & ~dealt & ~known.played)), missing_cards, stream)
    hands = list(world)
    taken = 0
    for seat, count in enumerate(known.counts):
        missing = 5 - count
        for card in pool[taken : taken + missing]:
            hands[seat] |= 1 << card
        taken += missing
    return tuple(hands)


def close_trick(
    table: Strengths, leader: int, trick: tuple[int, ...], won: tuple[int, int]
) -> tuple[int, tuple[int, int]]:
    """The taker of a complete trick (it leads next) and the tricks won after it."""
    taker = (leader + table.winner(trick)) % len(trick)
    return taker, (won[0] + 1, won[1]) if taker % 2 == 0 else (won[0], won[1] + 1)


@dataclass(slots=True)
class ExactTail:
    """The end of a play-out solved exactly (``Budget.exact_tail``)."""

    solver: Solver
    #: Solve once no hand holds more cards than this at the start of a trick.
    cards: int
    #: Solver nodes for each tail; a tail that needs more is played out.
    nodes: int

    def winner(self, hands: list[int], leader: int, won: tuple[int, int]) -> int | None:
        """The winning team with open cards from this trick start, or None
        when the hands are still too long or the nodes run out."""
        if max(hand.bit_count() for hand in hands) > self.cards:
            return None
        self.solver.nodes = 0
        self.solver.node_limit = self.nodes
        try:
            return 0 if self.solver.team_wins(0, hands, leader, (), won) else 1
        except OutOfBudget:
            return None


def position_after(
    known: Knowledge, world: tuple[int, ...], move: int
) -> tuple[tuple[int, ...], int, tuple[int, ...], tuple[int, int]]:
    """The position in ``world`` after the seat of ``known`` plays ``move``:
    the hands, the leader, the trick in progress and the tricks won."""
    seat = known.seat
    hands = world[:seat] + (world[seat] & ~(1 << move),) + world[seat + 1 :]
    trick = known.trick + (move,)
    leader = known.leader
    won = known.tricks_won
    if len(trick) == known.players:
        leader, won = close_trick(strengths(known.chosen, known.trick_rule), leader, trick, won)
        trick = ()
    return hands, leader, trick, won


#: A card chosen in a play-out: ``(seat, legal cards as a bit set, the
#: heuristic's choice among a set of cards) -> card``.
Chooser = Callable[[int, int, Callable[[int], int]], int]


def playout(
    hands: tuple[int, ...],
    leader: int,
    trick: tuple[int, ...],
    tricks_won: tuple[int, int],
    table: Strengths,
    partners_see_hands: bool,
    tail: ExactTail | None = None,
    chooser: Chooser | None = None,
) -> int:
    """Play a world to the end with the heuristic at every seat; the winning team.

    Each seat judges with what it would know: its hand, its partners' hands
    if the rules show them, and the cards played. With ``tail`` the last
    tricks are solved exactly instead (every seat then plays best, knowing
    all cards). With ``chooser``, each card is ``chooser(seat, legal,
    heuristic_among)`` instead of the heuristic's (``legal`` a bit set;
    ``heuristic_among(cards)``: the heuristic's choice among ``cards``).
    """
    players = len(hands)
    hands_now = list(hands)
    won = tricks_won
    played = 0
    for card in trick:
        played |= 1 << card
    first_lead = sum(won) == 0 and not trick
    while True:
        if tail is not None and not trick:
            winner = tail.winner(hands_now, leader, won)
            if winner is not None:
                return winner
        seat = (leader + len(trick)) % players
        seen = played | hands_now[seat]
        if partners_see_hands:
            for other in range(seat % 2, players, 2):
                seen |= hands_now[other]
        opponents_may_hold = FULL_DECK & ~seen
        if chooser is None:
            card = heuristic_card(
                seat, players, hands_now[seat], leader, trick, table, opponents_may_hold, first_lead
            )
        else:
            legal = hands_now[seat]
            if first_lead:
                legal &= ~(1 << card_of(table.chosen, Rank.SEVEN))
            heuristic_among = partial(
                heuristic_card,
                seat,
                players,
                leader=leader,
                trick=trick,
                table=table,
                opponents_may_hold=opponents_may_hold,
                first_lead=False,  # the Devil is out of ``legal`` already
            )
            card = chooser(seat, legal, heuristic_among)
        first_lead = False
        hands_now[seat] &= ~(1 << card)
        played |= 1 << card
        trick = trick + (card,)
        if len(trick) == players:
            leader, won = close_trick(table, leader, trick, won)
            trick = ()
            if won[leader % 2] >= TRICKS_TO_WIN:
                return leader % 2


@dataclass(slots=True)
class _Node:
    """A node of a :class:`CardTree`: the play after the searching seat's card
    up to here, as that seat sees it."""

    children: dict[int, _Node] = field(default_factory=dict)
    visits: int = 0
    #: Iterations through this node that team 0 won.
    team0_wins: int = 0
    #: Iterations in which this node's card was legal at its parent (ISMCTS'
    #: availability count).
    available: int = 0


class CardTree:
    """The rest of the deal after the seat plays ``card``, searched as an
    information-set tree (single-observer ISMCTS: Cowling, Powley and
    Whitehouse, 2012), the counter to strategy fusion that :class:`Budget`'s
    ``trees`` switches on.

    Each :meth:`play` is one iteration in one sampled world: from the card
    on, every seat picks by UCB among the cards it holds in that world (a card
    not yet tried there first: the heuristic's choice among those), one node is
    added, and the play-out plays the rest (with ``tail``, its last tricks
    solved exactly). A node stands for the cards played so far, so a choice in
    the tree is one choice for every world: no seat in it is assumed to see
    hidden cards, as an open-card solver or play-out assumes.

    >>> from engine.karnoffel.state import new_match
    >>> state = new_match(seed="doc")
    >>> known = read_view(state.view(state.current_player()))
    >>> world = sample_world(known, rng.Stream("w"))
    >>> tree = CardTree(known, card_from_knowledge(known), exploration=70)
    >>> table = strengths(known.chosen, known.trick_rule)
    >>> results = [tree.play(world, table, None) for _ in range(3)]
    >>> tree.root.visits, len(tree.root.children)  # the next seat tried two cards
    (3, 2)
    """

    def __init__(self, known: Knowledge, card: int, exploration: int, widening: int = 0) -> None:
        self.known = known
        self.card = card
        self.exploration = exploration / 100
        #: 0: a node tries every card before choosing by UCB (plain ISMCTS);
        #: w: it tries its k-th card only after ``w * (k - 1)**2`` visits
        #: (progressive widening).
        self.widening = widening
        self.root = _Node()

    def _select(
        self, node: _Node, legal: int, heuristic_among: Callable[[int], int], team: int
    ) -> tuple[int, bool]:
        """The card to play at ``node`` for ``team``, and whether it is new there."""
        children = node.children
        tried = [card for card in bits(legal) if card in children]
        untried = legal & ~mask_of(tried)
        if untried and (
            not tried
            or not self.widening
            or len(tried) < 1 + math.isqrt(node.visits // self.widening)
        ):
            return heuristic_among(untried), True
        best_card, best_value = tried[0], -math.inf
        for card in tried:
            child = children[card]
            child.available += 1
            wins = child.team0_wins if team == 0 else child.visits - child.team0_wins
            value = wins / child.visits + self.exploration * math.sqrt(
                math.log(child.available) / child.visits
            )
            if value > best_value:
                best_card, best_value = card, value
        return best_card, False

    def play(self, world: tuple[int, ...], table: Strengths, tail: ExactTail | None) -> bool:
        """One iteration in ``world``: whether the searching seat's team wins."""
        known = self.known
        node = self.root
        path = [node]
        growing = node.visits > 0

        def chooser(seat: int, legal: int, heuristic_among: Callable[[int], int]) -> int:
            nonlocal node, growing
            if not growing:
                return heuristic_among(legal)
            card, new = self._select(node, legal, heuristic_among, seat % 2)
            child = node.children.setdefault(card, _Node())
            if new:
                child.available += 1
                growing = False
            path.append(child)
            node = child
            return card

        hands, leader, trick, won = position_after(known, world, self.card)
        if max(won) >= TRICKS_TO_WIN:
            winner = 0 if won[0] >= TRICKS_TO_WIN else 1
        else:
            winner = playout(
                hands, leader, trick, won, table, known.partners_see_hands, tail, chooser
            )
        for visited in path:
            visited.visits += 1
            visited.team0_wins += winner == 0
        return winner == known.seat % 2


class SearchPlayer:
    """The search levels (see the module doc)."""

    def __init__(self, budget: Budget | None = None) -> None:
        self.budget = budget or Budget()

    def choose(self, view: dict[str, Any], stream: rng.Stream) -> str:
        legal: list[str] = view["legal"]
        if not legal:
            raise ValueError("it is not this seat's turn: no legal actions in the view")
        if len(legal) == 1:
            return legal[0]
        if "show" in legal:
            return "show"  # only the partner learns from it: never worse
        known = read_view(view)
        if view["phase"] != "play":
            return decide_call(CallSituation.from_view(view), self.win_chance(known, stream))
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
        scores = dict.fromkeys(moves, 0.0)
        team = seat % 2
        solver = Solver(known.chosen, known.trick_rule, known.players)
        solver.node_limit = budget.nodes
        if budget.first_trick_nodes and known.tricks_won == (0, 0):
            solver.node_limit = budget.first_trick_nodes
        if (
            budget.opening_lead_nodes
            and known.first_lead
            and known.players <= budget.opening_lead_players
        ):
            solver.node_limit = budget.opening_lead_nodes
        judged = 0
        draws = self.worlds(known, stream)
        left = sum(times for _, times in draws)
        alive = moves
        table = strengths(known.chosen, known.trick_rule)
        tail = self._tail(known)
        played_out = 0
        for index, (world, times) in enumerate(draws):
            if solver.nodes <= solver.node_limit:
                try:
                    values = solver.move_values(
                        team, world, known.leader, known.trick, known.tricks_won, alive
                    )
                except OutOfBudget:
                    solver.nodes = solver.node_limit + 1  # spent: play out the worlds left
            if solver.nodes > solver.node_limit:
                if budget.trees:
                    for move, value in self._tree_values(known, draws[index:], alive, tail).items():
                        scores[move] += left * value
                    break
                if played_out >= budget.playout_worlds:
                    break
                played_out += 1
                values = {
                    move: self._playout_wins(known, world, move, table, tail) for move in alive
                }
            judged += times
            left -= times
            for move in alive:
                scores[move] += times * values[move]
            # A move that cannot catch up with the best even if it wins in every
            # world left is out: dropping it never changes the choice. With
            # ``prune``, so is a move that trails far behind already.
            best = max(scores[move] for move in alive)
            margin = left
            if budget.prune and judged >= 4:
                margin = min(margin, budget.prune * judged**0.5 / 10)
            alive = [move for move in alive if scores[move] + margin >= best]
            if len(alive) == 1:
                break
        return max(moves, key=lambda move: (scores[move], move == preferred, -move))

    def worlds(self, known: Knowledge, stream: rng.Stream) -> list[tuple[tuple[int, ...], int]]:
        """The worlds to solve, each with how many draws it stands for."""
        budget = self.budget
        count = budget.worlds
        if budget.first_trick_worlds and known.tricks_won == (0, 0):
            count = budget.first_trick_worlds
        seen = observations(known) if budget.candidates else ()
        if not seen:
            return [(sample_world(known, stream), 1) for _ in range(count)]
        candidates = [sample_world(known, stream) for _ in range(budget.candidates)]
        surprise = budget.surprise / 100
        weights = [play_likelihood(known, world, seen, surprise) for world in candidates]
        return [(candidates[index], times) for index, times in resample(weights, count, stream)]

    def _tree_values(
        self,
        known: Knowledge,
        draws: list[tuple[tuple[int, ...], int]],
        moves: list[int],
        tail: ExactTail | None,
    ) -> dict[int, float]:
        """Each move's share of won iterations in its :class:`CardTree`, after
        ``budget.trees`` iterations round ``draws`` (each world as often as it
        was drawn); every move meets the same worlds in the same order."""
        budget = self.budget
        table = strengths(known.chosen, known.trick_rule)
        trees = {
            move: CardTree(known, move, budget.tree_exploration, budget.tree_widening)
            for move in moves
        }
        wins = dict.fromkeys(moves, 0)
        worlds = [world for world, times in draws for _ in range(times)]
        for iteration in range(budget.trees):
            world = worlds[iteration % len(worlds)]
            for move, tree in trees.items():
                wins[move] += tree.play(world, table, tail)
        return {move: wins[move] / budget.trees for move in moves}

    def _tail(self, known: Knowledge) -> ExactTail | None:
        """The exact end of this decision's play-outs, if the budget asks for one."""
        if not self.budget.exact_tail:
            return None
        solver = Solver(known.chosen, known.trick_rule, known.players)
        return ExactTail(solver, self.budget.exact_tail, self.budget.tail_nodes)

    def _playout_wins(
        self,
        known: Knowledge,
        world: tuple[int, ...],
        move: int,
        table: Strengths,
        tail: ExactTail | None,
    ) -> bool:
        """Whether the team wins ``world`` after ``move`` in a heuristic play-out
        (a world the solver's nodes no longer reach)."""
        team = known.seat % 2
        hands, leader, trick, won = position_after(known, world, move)
        if max(won) >= TRICKS_TO_WIN:
            return won[team] >= TRICKS_TO_WIN
        return playout(hands, leader, trick, won, table, known.partners_see_hands, tail) == team

    # ------------------------------------------------------------- bidding
    def win_chance(self, known: Knowledge, stream: rng.Stream) -> float:
        """The chance of winning the deal: the share of deals completed from
        the view (the partner's shown cards included) that the team wins
        with open cards, or by a heuristic play-out once the solver's
        nodes are spent."""
        budget = self.budget
        team = known.seat % 2
        table = strengths(known.chosen, known.trick_rule)
        solver = Solver(known.chosen, known.trick_rule, known.players)
        solver.node_limit = budget.bid_nodes
        wins = 0
        for _ in range(budget.bid_playouts):
            hands = _complete_deal(known, sample_world(known, stream), stream)
            try:
                wins += solver.team_wins(team, hands, known.leader, (), (0, 0))
                continue
            except OutOfBudget:
                solver.node_limit = 0  # spent: play out the remaining deals
            winner = playout(hands, known.leader, (), (0, 0), table, known.partners_see_hands)
            wins += winner == team
        return wins / budget.bid_playouts


class SearchLevel:
    """A search level whose budget depends on the rule set of the deal: the
    :class:`SearchPlayer` with ``budgets[rule set]``.

    >>> from engine.karnoffel.state import new_match
    >>> state = new_match(seed="doc")
    >>> level = SearchLevel({"classic": Budget(worlds=4), "historic": Budget(worlds=8)})
    >>> state.is_legal(level.choose(state.view(state.current_player()), rng.Stream("doc")))
    True
    """

    def __init__(self, budgets: Mapping[str, Budget]) -> None:
        self.budgets = dict(budgets)

    def choose(self, view: dict[str, Any], stream: rng.Stream) -> str:
        return SearchPlayer(self.budgets[view["rules"]["set"]]).choose(view, stream)
