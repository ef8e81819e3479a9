"""Karnöffel's computer players by level (its entry in :data:`engine.games.GAMES`).

A player decides from **its seat's view only** (``State.view(seat)``: what
the rules let that seat know) plus its own seeded randomness, so it cannot
cheat: it never sees the state itself. :func:`engine.players.choose_action`
asks the level's player of the view's game.
"""

from __future__ import annotations

from dataclasses import replace

from engine.core import PlayerFactory, RandomPlayer
from engine.karnoffel.heuristic import HeuristicPlayer
from engine.karnoffel.rules import RuleSet
from engine.karnoffel.search import Budget, SearchLevel

__all__ = ["BUDGETS", "LEVELS"]

#: Medium's budget in classic, the default level: as many solved worlds as the
#: speed bar allows, weighted by the play so far, the worlds its nodes do not
#: reach played out with the last three tricks solved (``exact_tail``). Only
#: the deal's opening lead solves every world whole (``opening_lead_nodes``):
#: that is where Hard's gain lies, and one slow decision a deal keeps the p95.
_MEDIUM = Budget(
    worlds=20,
    nodes=6000,
    opening_lead_nodes=150_000,
    candidates=60,
    playout_worlds=16,
    exact_tail=3,
    bid_playouts=16,
    bid_nodes=4000,
)
#: In historic, Medium judges the worlds past its nodes by information-set
#: trees instead of play-outs: they pay there, not in classic. Solving trick 1
#: whole did not pay in historic, so its opening lead keeps ``nodes``.
_MEDIUM_HISTORIC = replace(_MEDIUM, opening_lead_nodes=0, trees=64, tree_widening=4)

#: The search levels' budgets (counts, never time) by rule set. Hard solves
#: every world of trick 1 whole, where Medium's 6,000 nodes reach only some of
#: them past the classic opening lead (from trick 2 on they reach all):
#: stronger, but slower than the speed bar in the browser. The numbers and
#: their measured strength and speed: ``benchmarks/results/karnoffel_players.md``.
BUDGETS: dict[str, dict[str, Budget]] = {
    "medium": {
        RuleSet.CLASSIC.value: _MEDIUM,
        RuleSet.HISTORIC.value: _MEDIUM_HISTORIC,
    },
    "hard": {
        RuleSet.CLASSIC.value: replace(_MEDIUM, nodes=150_000),
        RuleSet.HISTORIC.value: replace(_MEDIUM_HISTORIC, first_trick_nodes=150_000),
    },
}

#: Playing levels by name, weakest first (their names, the default level and the
#: players' version: :mod:`engine.karnoffel.game`). ``easy`` is the rule-based
#: player (it plays sensibly, and beats a greedy bot); ``random`` is the tests'
#: and benchmarks' baseline, never offered to players.
LEVELS: dict[str, PlayerFactory] = {
    "random": RandomPlayer,
    "easy": HeuristicPlayer,
    "medium": lambda: SearchLevel(BUDGETS["medium"]),
    "hard": lambda: SearchLevel(BUDGETS["hard"]),
}
