"""Computer players of every game: the level's player of the view's game.

Each game registers its levels in :data:`engine.games.GAMES` under the same
names, so the bridge needs no game logic. Each game names its own default
level: the strongest whose decisions meet the speed bar in the browser.

>>> from engine.doppelkopf.state import new_match
>>> state = new_match(seed="doc")
>>> seat = state.current_player()
>>> choose_action("easy", state.view(seat), seed_for(state, seat))
'healthy'
>>> LEVELS, default_level("karnoffel"), default_level("doppelkopf")
(('random', 'easy', 'medium', 'hard'), 'medium', 'hard')
"""

from __future__ import annotations

from typing import Any

from engine import rng
from engine.core import seed_for
from engine.games import GAMES, game_named

__all__ = ["LEVELS", "OFFERED_LEVELS", "choose_action", "default_level", "seed_for"]

#: The level names every game offers, weakest first ...
LEVELS = tuple(GAMES["karnoffel"].levels)
#: ... and those a person may pick (``random`` is the tests' baseline).
OFFERED_LEVELS = tuple(level for level in LEVELS if level != "random")

for _game in GAMES.values():
    if tuple(_game.levels) != LEVELS or _game.default_level not in OFFERED_LEVELS:
        raise ImportError(f"{_game.name} must offer the levels {LEVELS}, its default one of them")


def default_level(game: str) -> str:
    """The level ``game``'s computers play unless another is asked for (dailies,
    par, tutorials and hints always play it). ``KeyError`` for an unknown game."""
    return GAMES[game].default_level


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
