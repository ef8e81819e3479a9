"""Karnöffel's computer players by level (its entry in :data:`engine.games.GAMES`).

A player decides from **its seat's view only** (``State.view(seat)``: what
the rules let that seat know) plus its own seeded randomness, so it cannot
cheat: it never sees the state itself. :func:`engine.players.choose_action`
asks the level's player of the view's game.
"""

from __future__ import annotations

from engine.core import PlayerFactory, RandomPlayer
from engine.karnoffel.heuristic import HeuristicPlayer
from engine.karnoffel.search import Budget, SearchPlayer

__all__ = ["BUDGETS", "DEFAULT_LEVEL", "LEVELS"]

#: The search levels' budgets (counts, never time). Medium solves few
#: worlds; hard more, weighted by the play so far, as many as the speed bar
#: allows (hard is the default level); the worlds its nodes do not reach are
#: played out with the last three tricks solved (``exact_tail``). The numbers and
#: their measured strength and speed: ``benchmarks/results/karnoffel_players.md``.
BUDGETS: dict[str, Budget] = {
    "medium": Budget(worlds=8, nodes=3000, playout_worlds=8, bid_playouts=12, bid_nodes=2000),
    "hard": Budget(
        worlds=20,
        nodes=6000,
        candidates=60,
        playout_worlds=16,
        exact_tail=3,
        bid_playouts=16,
        bid_nodes=4000,
    ),
}

#: Playing levels by name, weakest first. ``easy`` is the rule-based player
#: (it plays sensibly, and beats a greedy bot); ``random`` is the tests' and
#: benchmarks' baseline, never offered to players.
LEVELS: dict[str, PlayerFactory] = {
    "random": RandomPlayer,
    "easy": HeuristicPlayer,
    "medium": lambda: SearchPlayer(BUDGETS["medium"]),
    "hard": lambda: SearchPlayer(BUDGETS["hard"]),
}
#: The strongest level whose decisions meet the speed bar in the browser
#: (Pyodide: median <= 100 ms, p95 <= 300 ms).
DEFAULT_LEVEL = "hard"
