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
    "DEFAULT_LEVEL",
    "LEVELS",
    "HeuristicPlayer",
    "Player",
    "RandomPlayer",
    "SearchPlayer",
    "choose_action",
    "seed_for",
]


#: Playing levels by name, weakest first.
#: ``random`` is the tests' and benchmarks' baseline, never offered to players.
LEVELS: dict[str, Callable[[], Player]] = {
    "random": RandomPlayer,
    "easy": HeuristicPlayer,
    "medium": SearchPlayer,
    "hard": SearchPlayer,
}
DEFAULT_LEVEL = "hard"
#: The search levels' budgets.
BUDGETS = {"medium": Budget(), "hard": Budget()}


def choose_action(level: str, view: dict[str, Any], seed: str) -> str:
    """The action the player of ``level`` chooses from ``view``."""
    return choose_with(LEVELS, level, view, seed)
