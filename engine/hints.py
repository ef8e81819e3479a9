"""Hints ("learn with hints"): the recommended action for the seat to act, and why.

The recommendation is the **default** computer player's choice from the seat's
own view (:func:`engine.players.choose_action` at the game's default level,
seeded as the computers are, :func:`~engine.players.seed_for`): it never sees
a hidden card. The reason is written from the same view by the game's own
``hint_reason`` (its descriptor in :mod:`engine.games`) as a catalog message
whose claims are true of the position ("your partner's B6 already wins this
trick", "the Karnöffel BU has been played"), never a generic phrase.

>>> from engine.karnoffel.state import new_match
>>> state = new_match(seed="doc")
>>> advice = hint(state)
>>> advice.seat == state.current_player() and state.is_legal(advice.action)
True
>>> sorted(advice.to_json()), advice.reason.key.startswith("hint_")
(['action', 'reason', 'seat'], True)
>>> hint(state, seat=(state.current_player() + 1) % 4)
Traceback (most recent call last):
...
engine.hints.NoHintError: There is nothing to advise seat 2 now: it is seat 1's turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import players
from engine.core import MatchState
from engine.games import GAMES
from engine.messages import Message

__all__ = ["Hint", "NoHintError", "hint", "hint_for_view"]


class NoHintError(ValueError):
    """No decision to advise on: the match is over, cards must be dealt, or
    it is another seat's turn. ``reason`` is the translatable message."""

    def __init__(self, reason: Message) -> None:
        super().__init__(reason.text)
        self.reason = reason


@dataclass(frozen=True)
class Hint:
    """The recommended action of ``seat`` (its notation) and the reason."""

    seat: int
    action: str
    reason: Message

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "action": self.action, "reason": self.reason.to_json()}


def hint_for_view(view: dict[str, Any], seed: str) -> Hint:
    """The hint for the seat whose view this is, from nothing but the view
    (and the computers' decision ``seed``)."""
    game = GAMES[view["game"]]
    action = players.choose_action(players.default_level(game.name), view, seed)
    return Hint(view["seat"], action, game.hint_reason(view, action))


def hint(state: MatchState, seat: int | None = None) -> Hint:
    """The hint for the seat to act (``seat``, if given, must be that seat).

    :class:`NoHintError` when there is no decision to advise on.
    """
    if state.is_terminal():
        raise NoHintError(Message.of("hint_game_over"))
    if state.is_chance_node():
        raise NoHintError(Message.of("hint_chance"))
    to_act = state.current_player()
    if seat is not None and seat != to_act:
        raise NoHintError(Message.of("hint_not_your_turn", seat=seat, to_act=to_act))
    return hint_for_view(state.view(to_act), players.seed_for(state, to_act))
