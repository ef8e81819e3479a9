"""Every game the engine plays, in one registry (like python-chess's ``VARIANTS``
and OpenSpiel's ``register_game``).

Each game registers one :class:`Game` descriptor: how to build a match from a
record's fields, the rule choices it offers, its computer players' levels, its
daily set-up, how a seat's result reads in a share text, and which of its
actions other seats may not see. Records, dailies, players and the bridge go
through this registry only, so adding a game touches no code but its own.

>>> sorted(GAMES), GAMES["karnoffel"].title
(['doppelkopf', 'karnoffel'], 'Karnöffel')
>>> build_match("karnoffel", {"set": "classic"}, "doc", [], [0]).current_player() >= 0
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import MatchState
from engine.descriptors import HELP_STEPS, DailySetup, Game, SeatResult, help_keys
from engine.doppelkopf.game import DOPPELKOPF
from engine.karnoffel.game import KARNOFFEL

__all__ = [
    "GAMES",
    "HELP_STEPS",
    "DailySetup",
    "Game",
    "SeatResult",
    "build_match",
    "game_named",
    "help_keys",
]

GAMES: Mapping[str, Game] = {game.name: game for game in (KARNOFFEL, DOPPELKOPF)}


def game_named(name: object) -> Game | None:
    """The game called ``name``, or ``None`` (for anything that is not one's name)."""
    return GAMES.get(name) if isinstance(name, str) else None


def build_match(
    name: str, rules: Any, seed: str | None, deals: list[Any], humans: list[int]
) -> MatchState:
    """A match of game ``name`` from a record's fields, its first deal dealt.

    ``ValueError`` names what is wrong with the rules, a deal or a seat.
    """
    game = GAMES[name]
    parsed_rules = game.rules_from_json(rules)
    parsed_deals = []
    for number, deal in enumerate(deals):
        try:
            parsed_deals.append(game.deal_from_json(deal, parsed_rules, number == 0))
        except ValueError as error:
            raise ValueError(f"deal {number}: {error}") from None
    return game.state.new_match(parsed_rules, seed=seed, deals=parsed_deals, humans=humans)
