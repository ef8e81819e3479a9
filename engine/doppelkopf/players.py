"""Doppelkopf's computer players by level (its entry in :data:`engine.games.GAMES`).

A player decides from **its seat's view only** (``State.view(seat)``: what
the rules let that seat know) plus its own seeded randomness, so it cannot
cheat: it never sees the state itself. :func:`engine.players.choose_action`
asks the level's player of the view's game.
"""

from __future__ import annotations

from engine.core import PlayerFactory, RandomPlayer
from engine.doppelkopf.heuristic import HeuristicPlayer
from engine.doppelkopf.search import SearchPlayer

__all__ = ["DEFAULT_LEVEL", "LEVELS"]

#: Playing levels by name, weakest first.
#: ``random`` is the tests' and benchmarks' baseline, never offered to players.
LEVELS: dict[str, PlayerFactory] = {
    "random": RandomPlayer,
    "easy": HeuristicPlayer,
    "medium": SearchPlayer,
    "hard": SearchPlayer,
}
DEFAULT_LEVEL = "hard"
