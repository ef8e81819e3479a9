"""Computer players for Karnöffel.

A player decides from **its seat's view only** (``State.view(seat)``: what
the rules let that seat know) plus its own seeded randomness, so it cannot
cheat: it never sees the state itself.

>>> from engine.karnoffel.state import new_match
>>> state = new_match(seed="doc")
>>> seat = state.current_player()
>>> action = choose_action("random", state.view(seat), seed_for(state, seat))
>>> state.is_legal(action)
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Player, RandomPlayer, choose_with, seed_for
from engine.karnoffel.heuristic import HeuristicPlayer
from engine.karnoffel.search import Budget, SearchPlayer

__all__ = [
    "BUDGETS",
    "DEFAULT_LEVEL",
    "LEVELS",
    "HeuristicPlayer",
    "Player",
    "RandomPlayer",
    "SearchPlayer",
    "choose_action",
    "seed_for",
]


#: The search levels' budgets (counts, never time). Medium solves few
#: worlds; hard many more, weighted by the play so far. The numbers and
#: their measured strength and speed: ``benchmarks/results/karnoffel_players.md``.
BUDGETS: dict[str, Budget] = {
    "medium": Budget(worlds=12, nodes=8000, bid_worlds=16, bid_nodes=4000),
    "hard": Budget(worlds=40, nodes=200000, candidates=160, bid_worlds=32, bid_nodes=20000),
}

#: Playing levels by name, weakest first. ``easy`` is the rule-based player
#: (it plays sensibly, and beats a greedy bot); ``random`` is the tests' and
#: benchmarks' baseline, never offered to players.
LEVELS: dict[str, Callable[[], Player]] = {
    "random": RandomPlayer,
    "easy": HeuristicPlayer,
    "medium": lambda: SearchPlayer(BUDGETS["medium"]),
    "hard": lambda: SearchPlayer(BUDGETS["hard"]),
}
#: The strongest level whose decisions meet the speed bar in the browser
#: (Pyodide: median <= 100 ms, p95 <= 300 ms).
DEFAULT_LEVEL = "hard"


def choose_action(level: str, view: dict[str, Any], seed: str) -> str:
    """The action the player of ``level`` chooses from ``view``."""
    return choose_with(LEVELS, level, view, seed)
