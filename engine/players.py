"""Computer players of every game, chosen by the game's name.

Each game has its own players (:mod:`engine.karnoffel.players`,
:mod:`engine.doppelkopf.players`) under the same level names; this facade
picks the game's module from the view, so the bridge needs no game logic.

>>> from engine.doppelkopf.state import new_match
>>> state = new_match(seed="doc")
>>> seat = state.current_player()
>>> choose_action("easy", state.view(seat), seed_for(state, seat))
'healthy'
>>> LEVELS
('random', 'easy', 'medium', 'hard')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import core
from engine.doppelkopf import players as doppelkopf_players
from engine.karnoffel import players as karnoffel_players

__all__ = ["DEFAULT_LEVEL", "GAMES", "LEVELS", "choose_action", "seed_for"]

#: Per game: its players' ``choose_action(level, view, seed)``.
GAMES: dict[str, Callable[[str, dict[str, Any], str], str]] = {
    "karnoffel": karnoffel_players.choose_action,
    "doppelkopf": doppelkopf_players.choose_action,
}
#: The level names every game offers, weakest first.
LEVELS = tuple(karnoffel_players.LEVELS)
DEFAULT_LEVEL = karnoffel_players.DEFAULT_LEVEL
#: The seed of a computer decision (the same rule for every game).
seed_for = core.seed_for

if tuple(doppelkopf_players.LEVELS) != LEVELS or doppelkopf_players.DEFAULT_LEVEL != DEFAULT_LEVEL:
    raise ImportError("every game must offer the same player levels")


def choose_action(level: str, view: dict[str, Any], seed: str) -> str:
    """The action of the ``level`` player of the view's game."""
    game = view.get("game")
    chooser = GAMES.get(game) if isinstance(game, str) else None
    if chooser is None:
        raise ValueError(f"no computer players for game {game!r} ({', '.join(GAMES)})")
    return chooser(level, view, seed)
