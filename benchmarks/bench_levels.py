"""A benchmark's own levels (budget variants such as ``hard@solo_margin=-3.0``,
frozen baselines such as ``search-v1``), made playable through the engine's one
door for computer players, :func:`engine.players.choose_action`.

The game registry lists each game's offered levels only (their players are
imported when a computer first plays: :func:`engine.descriptors.deferred_levels`),
so a benchmark adds its own beside them here; the page never sees them.
"""

from __future__ import annotations

from engine.core import PlayerFactory
from engine.games import GAMES


def add_level(game: str, name: str, factory: PlayerFactory) -> None:
    """Let ``choose_action(name, ...)`` play ``factory``'s player in ``game``."""
    levels = GAMES[game].levels
    if not isinstance(levels, dict):
        raise TypeError(f"{game}'s levels cannot take a benchmark's level: {type(levels)}")
    levels[name] = factory
