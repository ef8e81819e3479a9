"""Computer players for Doppelkopf.

A player decides from **its seat's view only** (``State.view(seat)``) plus
its own seeded randomness, so it cannot cheat. The levels share their names
with Karnöffel's (``random``, ``easy``, ``medium``, ``hard``), and so do the
player protocol, the random baseline and the decision seed
(:mod:`engine.karnoffel.players`).

>>> from engine.doppelkopf.state import new_match
>>> state = new_match(seed="doc")
>>> seat = state.current_player()
>>> action = choose_action("easy", state.view(seat), seed_for(state, seat))
>>> action, state.is_legal(action)
('healthy', True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Player, RandomPlayer, choose_with, seed_for
from engine.doppelkopf.heuristic import HeuristicPlayer
from engine.doppelkopf.search import Budget, SearchPlayer

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

#: The budgets of the search levels (``benchmarks/results/dk_players.md`` measures them).
BUDGETS: dict[str, Budget] = {
    "medium": Budget(
        plays=1200, endgame_tricks=3, endgame_worlds=10, announce_worlds=10, reserve_worlds=10
    ),
    "hard": Budget(
        plays=2400, endgame_tricks=3, endgame_worlds=20, announce_worlds=20, reserve_worlds=20
    ),
}

#: Playing levels by name, weakest first.
#: ``random`` is the tests' and benchmarks' baseline, never offered to players.
LEVELS: dict[str, Callable[[], Player]] = {
    "random": RandomPlayer,
    "easy": HeuristicPlayer,
    "medium": lambda: SearchPlayer(BUDGETS["medium"]),
    "hard": lambda: SearchPlayer(BUDGETS["hard"]),
}
DEFAULT_LEVEL = "hard"


def choose_action(level: str, view: dict[str, Any], seed: str) -> str:
    """The action the player of ``level`` chooses from ``view``."""
    return choose_with(LEVELS, level, view, seed)
