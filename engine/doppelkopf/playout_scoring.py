"""A Doppelkopf hand's score as the play-outs and the exact endings count it:
the engine's own scoring of a hand without extras, cached, and a seat's share."""

from __future__ import annotations

from engine.doppelkopf.rules import PLAYERS, TRICKS
from engine.doppelkopf.scoring import LONE_FACTOR, HandSummary, score_hand

__all__ = ["POINT_WEIGHT", "hand_value", "seat_value"]

#: Worth of one card point of the seat's party next to one game point (ties between scores).
POINT_WEIGHT = 0.002
_VALUES: dict[tuple[int, bool, bool, int, int, bool], tuple[int, int]] = {}


def hand_value(
    re_points: int, re_tricks: int, levels: tuple[int, int], solo: bool
) -> tuple[int, int]:
    """The engine's value of a hand for Re without extras, and 1 if the extras
    count (0 when nobody wins: the hand then scores nothing). Cached."""
    key = (re_points, re_tricks == 0, re_tricks == TRICKS, levels[0], levels[1], solo)
    value = _VALUES.get(key)
    if value is None:
        score = score_hand(
            HandSummary(
                re_points=re_points,
                re_tricks=re_tricks,
                kontra_tricks=TRICKS - re_tricks,
                re_level=levels[0],
                kontra_level=levels[1],
                solo=solo,
            )
        )
        value = (score.re_value, int(score.winner is not None and not solo))
        _VALUES[key] = value
    return value


def seat_value(seat: int, re_seats: frozenset[int], re_points: int, re_value: int) -> float:
    """A seat's score from the hand's value for Re (a lone player ×3), its
    party's card points breaking ties."""
    if seat in re_seats:
        factor = LONE_FACTOR if len(re_seats) == 1 else 1
        return re_value * factor + POINT_WEIGHT * (re_points - 120)
    factor = LONE_FACTOR if len(re_seats) == PLAYERS - 1 else 1
    return -re_value * factor + POINT_WEIGHT * (120 - re_points)
