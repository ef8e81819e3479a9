"""The search player: determinized sampling with an exact solver.

From the seat's view (:mod:`engine.karnoffel.knowledge`) the player samples
*worlds*: the cards it cannot see, dealt at random to the seats that hide
them (each seat gets exactly as many as it holds unseen). In each world every
legal card is judged by an exact alpha-beta solver over "which team takes 3
tricks first" (boolean minimax with a transposition table); the card that
wins in most worlds is played, ties going to the heuristic's choice.

The budget is counted in **solver nodes**, never in wall-clock time, so the
same seed and view give the same card on every device. Early in a deal,
before the remaining play is small enough to solve, each world is judged by
heuristic play-outs instead (:func:`playout`).

Bidding (historic) compares the expected gain of each answer
(:func:`engine.karnoffel.heuristic.decide_call`) using the chance of winning
the deal estimated by play-outs of sampled deals that agree with the view
(the partner's shown cards included).

>>> from engine.karnoffel.state import new_match
>>> state = new_match(seed="doc")
>>> seat = state.current_player()
>>> action = SearchPlayer().choose(state.view(seat), rng.Stream("doc"))
>>> state.is_legal(action)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import rng
from engine.karnoffel.cards import DECK, Rank
from engine.karnoffel.heuristic import (
    CallSituation,
    card_from_knowledge,
    card_of,
    decide_call,
    heuristic_card,
    usefulness,
)
from engine.karnoffel.knowledge import FULL_DECK, Knowledge, bits, read_view
from engine.karnoffel.rules import TRICKS_TO_WIN
from engine.karnoffel.tricks import TrickTable, trick_table

__all__ = [
    "Budget",
    "OutOfBudget",
    "SearchPlayer",
    "Solver",
    "close_trick",
    "playout",
    "sample_world",
]


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


class SearchPlayer:
    """The default level (see the module doc)."""

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
