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
from typing import Any, Protocol

from engine import rng
from engine.core import MatchState
from engine.karnoffel.heuristic import HeuristicPlayer
from engine.karnoffel.search import SearchPlayer

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


class Player(Protocol):
    """Chooses one legal action (its notation) from a seat's view."""

    def choose(self, view: dict[str, Any], stream: rng.Stream) -> str: ...


class RandomPlayer:
    """The baseline: a uniformly random legal action."""

    def choose(self, view: dict[str, Any], stream: rng.Stream) -> str:
        legal: list[str] = view["legal"]
        if not legal:
            raise ValueError("it is not this seat's turn: no legal actions in the view")
        return stream.choice(legal)


#: Playing levels by name, weakest first.
LEVELS: dict[str, Callable[[], Player]] = {
    "random": RandomPlayer,
    "heuristic": HeuristicPlayer,
    "search": SearchPlayer,
}
DEFAULT_LEVEL = "search"


def seed_for(state: MatchState, seat: int) -> str:
    """The seed of a computer decision: the match's seed (or, without one, its
    explicit deals), the seat and the number of actions so far, so the same
    play gives the same game everywhere."""
    base = state.seed or rng.derive("deals", *(deal.cards[0].notation for deal in state.explicit_deals))
    return rng.derive(base, "player", seat, len(state.actions))


def choose_action(level: str, view: dict[str, Any], seed: str) -> str:
    """The action the player of ``level`` chooses from ``view``."""
    try:
        player = LEVELS[level]()
    except KeyError:
        raise ValueError(f"unknown player level {level!r} ({', '.join(sorted(LEVELS))})") from None
    return player.choose(view, rng.Stream(seed))
