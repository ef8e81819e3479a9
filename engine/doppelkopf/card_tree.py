"""The information-set tree of the Doppelkopf search (:mod:`engine.doppelkopf.search`)
for one card of the searching seat."""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine.doppelkopf.playout import Dealt, Simulation

__all__ = ["CardTree"]


class _Node:
    """A tree node: the play of one card after the path to it, seen from the searching seat."""

    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        #: Visits, the mover's total score over them, and how often the
        #: card was legal when its parent was visited (ISMCTS' availability).
        self.visits = 0
        self.total = 0.0
        self.available = 0


class CardTree:
    """The rest of the hand after the seat's ``card``, searched as an
    information-set tree (single-observer ISMCTS: Cowling, Powley and
    Whitehouse, 2012).

    Each :meth:`play` is one iteration in one sampled world: from the card
    down, every seat picks by UCB among its cards that are legal in that world
    (a card never tried here first, the heuristic's before any other), one new
    node is added, and the heuristic plays the rest. A node stands for the
    cards played so far as the searching seat sees them, so a choice in the
    tree is one choice for every world: no seat in it is assumed to see the
    hidden cards, as a play-out with open cards assumes. The first play is a
    plain play-out.

    >>> from engine.doppelkopf.knowledge import read_view
    >>> from engine.doppelkopf.playout import INDEX
    >>> from engine.doppelkopf.state import new_match
    >>> state = new_match(seed="doc")
    >>> while state.phase.value != "play":
    ...     state.apply_action("healthy")
    >>> known = read_view(state.view(state.current_player()))
    >>> simulation = Simulation(known)
    >>> tree = CardTree(known.seat, INDEX[known.hand[0]], exploration=3.0)
    >>> world = simulation.world(state.hands)
    >>> scores = [tree.play(simulation, world) for _ in range(3)]
    >>> tree.root.visits, len(tree.root.children)  # the next seat tried two cards
    (3, 2)
    """

    def __init__(self, seat: int, card: int, exploration: float) -> None:
        self.seat = seat
        self.card = card
        self.exploration = exploration
        self.root = _Node()

    def _select(self, node: _Node, legal: Sequence[int], heuristic: int) -> tuple[int, bool]:
        """The card to play at ``node``, and whether it is new there."""
        children = node.children
        if heuristic not in children:
            return heuristic, True
        for card in legal:
            if card not in children:
                return card, True
        c = self.exploration
        best_card, best_value = legal[0], -math.inf
        for card in legal:
            child = children[card]
            child.available += 1
            value = child.total / child.visits + c * math.sqrt(
                math.log(child.available) / child.visits
            )
            if value > best_value:
                best_card, best_value = card, value
        return best_card, False

    def play(self, simulation: Simulation, dealt: Dealt) -> float:
        """One iteration in the world ``dealt``: the seat's score."""
        node = self.root
        path: list[tuple[int, _Node]] = [(self.seat, node)]
        growing = node.visits > 0

        def chooser(seat: int, legal: Sequence[int], heuristic: int) -> int:
            nonlocal node, growing
            if not growing:
                return heuristic
            card, new = self._select(node, legal, heuristic)
            child = node.children.setdefault(card, _Node())
            if new:
                child.available += 1
                growing = False
            path.append((seat, child))
            node = child
            return card

        scores = simulation.scores(simulation.finish(dealt, self.card, chooser))
        for seat, visited in path:
            visited.visits += 1
            visited.total += scores[seat]
        return scores[self.seat]
