"""Computer players of every game: the level's player of the view's game.

Each game registers its levels in :data:`engine.games.GAMES` under the same
names, so the bridge needs no game logic.

>>> from engine.doppelkopf.state import new_match
>>> state = new_match(seed="doc")
>>> seat = state.current_player()
>>> choose_action("easy", state.view(seat), seed_for(state, seat))
'healthy'
>>> LEVELS, DEFAULT_LEVEL
(('random', 'easy', 'medium', 'hard'), 'hard')
"""

from __future__ import annotations

from typing import Any

from engine import rng
from engine.core import seed_for
from engine.games import GAMES, game_named

__all__ = ["DEFAULT_LEVEL", "LEVELS", "OFFERED_LEVELS", "choose_action", "seed_for"]

#: The level names every game offers, weakest first ...
LEVELS = tuple(GAMES["karnoffel"].levels)
DEFAULT_LEVEL = GAMES["karnoffel"].default_level
#: ... and those a person may pick (``random`` is the tests' baseline).
OFFERED_LEVELS = tuple(level for level in LEVELS if level != "random")

for _game in GAMES.values():
    if tuple(_game.levels) != LEVELS or _game.default_level != DEFAULT_LEVEL:
        raise ImportError(f"{_game.name} must offer the levels {LEVELS}, default {DEFAULT_LEVEL}")


def choose_action(level: str, view: dict[str, Any], seed: str) -> str:
    """The action the ``level`` player of the view's game chooses from ``view``."""
    game = game_named(view.get("game"))
    if game is None:
        raise ValueError(f"no computer players for game {view.get('game')!r} ({', '.join(GAMES)})")
    try:
        player = game.levels[level]()
    except KeyError:
        raise ValueError(f"unknown player level {level!r} ({', '.join(LEVELS)})") from None
    return player.choose(view, rng.Stream(seed))
