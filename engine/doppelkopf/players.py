"""Doppelkopf's computer players by level (its entry in :data:`engine.games.GAMES`).

A player decides from **its seat's view only** (``State.view(seat)``: what
the rules let that seat know) plus its own seeded randomness, so it cannot
cheat: it never sees the state itself. :func:`engine.players.choose_action`
asks the level's player of the view's game.
"""

from __future__ import annotations

import math

from engine.core import PlayerFactory, RandomPlayer
from engine.doppelkopf.budget import Budget
from engine.doppelkopf.heuristic import HeuristicPlayer
from engine.doppelkopf.search import SearchPlayer

__all__ = ["BUDGETS", "LEVELS"]

#: The budgets of the search levels (``benchmarks/results/dk_players.md`` measures them).
#: Both judge announcements and fresh aces alike, as measured alone against
#: FreeDoko's profi (issue 45). Hard searches more worlds and plays, declares a
#: solo only when its play-outs rank it at most one point below the best game
#: without one (a suit solo: at least two points above it), never announces
#: against another seat's solo, believes a seat that announced in a normal
#: game was dealt nine trumps or more, as Kontra
#: leads a plain card while it holds one, as Re holding a plain card leads no
#: trump but its lowest, and with only trumps in hand (as Re, not in a poverty)
#: leads no queen and no heart ten while it holds a lower trump; the declarer
#: of a suit or aces solo cashes its plain aces; and it declares a poverty with
#: up to four plain aces, as FreeDoko's profi does.
BUDGETS: dict[str, Budget] = {
    "medium": Budget(
        plays=1200,
        endgame_tricks=3,
        endgame_worlds=10,
        announce_worlds=10,
        announce_margin=0.5,
        kontra_announce_margin=1.0,
        kontra_answers=False,
        reserve_worlds=10,
        solo_margin=-3.0,
        ace_leads=True,
    ),
    "hard": Budget(
        plays=7200,
        max_worlds=200,
        race=2.0,
        open_playouts=True,
        endgame_tricks=3,
        endgame_worlds=20,
        announce_worlds=20,
        announce_margin=0.5,
        kontra_announce_margin=1.0,
        kontra_answers=False,
        solo_defence_margin=math.inf,
        reserve_worlds=20,
        solo_margin=-1.0,
        suit_margin=2.0,
        solo_slack=1,
        ace_leads=True,
        announcer_trumps=9,
        kontra_plain_leads=True,
        re_lowest_trump=True,
        kontra_low_trump_leads=True,
        re_low_trump_leads=True,
        soloist_ace_leads=True,
        poverty_aces=4,
    ),
}

#: Playing levels by name, weakest first (their names, the default level and
#: the players' version: :mod:`engine.doppelkopf.game`).
#: ``random`` is the tests' and benchmarks' baseline, never offered to players.
LEVELS: dict[str, PlayerFactory] = {
    "random": RandomPlayer,
    "easy": HeuristicPlayer,
    "medium": lambda: SearchPlayer(BUDGETS["medium"]),
    "hard": lambda: SearchPlayer(BUDGETS["hard"]),
}
