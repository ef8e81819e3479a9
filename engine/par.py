"""Par: what the default computer player makes of a daily from the person's seat.

A daily's par is the match the default computer player plays in the person's
seat (South) with the same deals and the same computer partner and opponents:
every seat is a computer, each decision seeded as the computers' are
(:func:`engine.core.seed_for`), so the others play exactly what they would
play against a person who made the par player's choices.

``python3 build.py pin`` pins a daily's par (:func:`par_json`) into its
``puzzles/<game>/<date>.json``: the level, the par game's actions and its
result. A build checks it cheaply by replaying the actions legally
(:func:`check_par`, no search), never by playing it again: a published
daily keeps its par as history when the computer players improve, and only
days not yet published are pinned again (``build.py check-par`` recomputes
one of those, :func:`par_game`, to show that the players moved par).

The par game also serves as the daily's **opening book** (:class:`ParLine`):
while a person plays the par player's choices, the computers' next moves are
the par game's, found at pin time by the same players with the same seeds, so
the table plays them without searching again (the first move of a daily is
playable at once).

The person's result beside par is a **difference of margins**
(:func:`difference`): in Karnöffel (the team's deals minus the opponents')
"You 7–4 · par 7–5" is +1 deal; in Doppelkopf the seat's points minus par's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine import players, records
from engine.core import MatchState
from engine.errors import RecordError
from engine.games import GAMES, SeatResult

__all__ = [
    "PAR_SEAT",
    "ParDriftError",
    "ParLine",
    "check_par",
    "difference",
    "par_game",
    "par_json",
    "par_of",
    "result_json",
]

#: The seat par plays: the daily's person seat (``product.md``: South).
PAR_SEAT = 0


class ParDriftError(ValueError):
    """A pinned par that its actions, or the computer players, no longer give."""


@dataclass(frozen=True)
class ParLine:
    """A pinned par game's actions, as an opening book for the daily's computers.

    Every decision of the par game was the ``level`` computer's, seeded by
    :func:`engine.core.seed_for` (the match's seed, the seat and the number of
    actions so far) from what that seat saw. So while a match's actions are the
    par game's first ones, a computer of that level would choose the par game's
    next action again: :meth:`next_action` gives it without the search. On a
    day published before the players last changed, the line keeps that day's
    computers as they were, which is what a published daily promises.
    """

    level: str
    actions: tuple[str, ...]

    @classmethod
    def of(cls, pinned: Any) -> ParLine | None:
        """The par line of a pinned daily, or ``None`` when it has no usable one."""
        par = pinned.get("par") if isinstance(pinned, dict) else None
        if not isinstance(par, dict):
            return None
        level, actions = par.get("level"), par.get("actions")
        if not isinstance(level, str) or not isinstance(actions, list):
            return None
        if not all(isinstance(action, str) for action in actions):
            return None
        return cls(level, tuple(actions))

    def next_action(self, match: MatchState, level: str) -> str | None:
        """The action a ``level`` computer plays next in ``match`` if the match
        has followed this line so far (``None`` otherwise: then it must search).

        The caller still checks that the action is legal for the seat to act.
        """
        done = len(match.actions)
        if level != self.level or done >= len(self.actions):
            return None
        if any(
            match.action_text(action) != pinned
            for action, pinned in zip(match.actions, self.actions, strict=False)
        ):
            return None
        return self.actions[done]


def play_out(
    match: MatchState, level: str, until: Callable[[MatchState], bool] | None = None
) -> None:
    """Let the ``level`` computer players play every seat until the match ends
    (or ``until(match)`` holds), dealing as the match goes."""
    while not match.is_terminal():
        if match.is_chance_node():
            match.settle_chance()
            if match.is_chance_node():  # no deal left to deal
                return
            continue
        if until is not None and until(match):
            return
        seat = match.current_player()
        action = players.choose_action(level, match.view(seat), players.seed_for(match, seat))
        match.apply_action(action)


def par_game(pinned: dict[str, Any], level: str | None = None) -> MatchState:
    """The finished par match of a pinned daily (a record without actions),
    played at ``level`` (by default the game's default level)."""
    match = records.replay(dict(pinned, actions=[]))
    play_out(match, level or players.default_level(match.GAME))
    return match


def result_json(game: str, match: MatchState, seat: int = PAR_SEAT) -> dict[str, Any]:
    """A finished match's result from ``seat``: ``{"score", "won", "deals"}``."""
    result = GAMES[game].seat_result(match.outcome(), seat)
    return {"score": list(result.score), "won": result.won, "deals": list(result.deals)}


def par_json(pinned: dict[str, Any], level: str | None = None) -> dict[str, Any]:
    """The ``par`` field of a pinned daily: level, actions and result."""
    level = level or players.default_level(pinned["game"])
    match = par_game(pinned, level)
    record = match.to_record()
    return {"level": level, "actions": record["actions"], **result_json(pinned["game"], match)}


def check_par(pinned: dict[str, Any]) -> None:
    """Replay a pinned daily's ``par`` actions: they must finish the match with
    the pinned result (``ParDriftError`` naming what differs). Cheap: no search."""
    par = pinned.get("par")
    if not isinstance(par, dict) or not isinstance(par.get("actions"), list):
        raise ParDriftError("'par' must be an object with the par game's 'actions'")
    record = {key: value for key, value in pinned.items() if key != "par"}
    try:
        match = records.replay(dict(record, actions=par["actions"]))
    except RecordError as error:
        raise ParDriftError(f"the par game does not replay: {error}") from None
    if not match.is_terminal():
        raise ParDriftError("the par game's actions stop before the match is over")
    replayed = result_json(pinned["game"], match)
    pinned_result = {key: par.get(key) for key in replayed}
    if pinned_result != replayed:
        raise ParDriftError(f"the par game gives {replayed}, the pin says {pinned_result}")


def par_of(pinned: dict[str, Any]) -> dict[str, Any] | None:
    """A pinned daily's par result ``{"score", "won", "deals", "level"}``, or
    ``None`` when none is pinned (the daily is then played without par)."""
    par = pinned.get("par")
    if not isinstance(par, dict):
        return None
    score = par.get("score")
    if (
        not isinstance(score, list)
        or len(score) != 2
        or not all(isinstance(n, int) and not isinstance(n, bool) for n in score)
    ):
        return None
    return {
        "score": list(score),
        "won": par.get("won") is True,
        "deals": par.get("deals") if isinstance(par.get("deals"), list) else [],
        "level": par.get("level") if isinstance(par.get("level"), str) else None,
    }


def margin(game: str, score: list[int] | tuple[int, int]) -> int:
    """What par compares: a team's deals over the opponents' (Karnöffel), or
    the seat's own points (Doppelkopf: per seat, signed)."""
    if GAMES[game].signed_scores:
        return score[0]
    return score[0] - score[1]


def difference(game: str, mine: SeatResult | list[int] | tuple[int, int], par: list[int]) -> int:
    """The person's margin minus par's (positive: better than par).

    >>> difference("karnoffel", (7, 4), [7, 5]), difference("doppelkopf", [-3, 6], [2, 4])
    (1, -5)
    """
    score = mine.score if isinstance(mine, SeatResult) else mine
    return margin(game, score) - margin(game, par)
