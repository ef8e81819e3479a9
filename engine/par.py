"""Par: what the default computer player makes of a daily from the person's seat.

A daily's par is the match the default computer player plays in the person's
seat (South) with the same deals and the same computer partner and opponents:
every seat is a computer, each decision seeded as the computers' are
(:func:`engine.core.seed_for`), so the others play exactly what they would
play against a person who made the par player's choices.

``python3 build.py pin`` pins a daily's par (:func:`par_json`) into its
``puzzles/<game>/<date>.json``: the level, the par game's actions and its
result. A build checks it cheaply by replaying the actions
(:func:`check_par`, no search) and recomputes it for one sample day
(:func:`par_game`), so a change of the computer players shows as drift.

The person's result beside par is a **difference of margins**
(:func:`difference`): in Karnöffel (the team's deals minus the opponents')
"You 7–4 · par 7–5" is +1 deal; in Doppelkopf the seat's points minus par's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import players, records
from engine.core import MatchState
from engine.errors import RecordError
from engine.games import GAMES, SeatResult

__all__ = [
    "PAR_SEAT",
    "ParDriftError",
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


def par_game(pinned: dict[str, Any], level: str = players.DEFAULT_LEVEL) -> MatchState:
    """The finished par match of a pinned daily (a record without actions)."""
    match = records.replay(dict(pinned, actions=[]))
    play_out(match, level)
    return match


def result_json(game: str, match: MatchState, seat: int = PAR_SEAT) -> dict[str, Any]:
    """A finished match's result from ``seat``: ``{"score", "won", "deals"}``."""
    result = GAMES[game].seat_result(match.outcome(), seat)
    return {"score": list(result.score), "won": result.won, "deals": list(result.deals)}


def par_json(pinned: dict[str, Any], level: str = players.DEFAULT_LEVEL) -> dict[str, Any]:
    """The ``par`` field of a pinned daily: level, actions and result."""
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
