"""A daily's opening: the state a page shows at the person's first decision
(issue 46), pinned beside the daily so that a page draws it at first paint,
before its engine is ready.

It is exactly the bridge's state response (:mod:`engine.bridge`) after the
``daily`` op and the computers' opening ``step`` ops, as a page receives them
(JSON), without the last step's ``played``: the seat's own view and save,
never a card the seat may not know. The computers' opening moves come from
the daily's par line (:class:`engine.par.ParLine`), so a daily without par
has no opening (its first moves would need a search), nor has one whose par
line stops before the person's first decision.

>>> from engine.daily import pinned_daily
>>> from datetime import date
>>> pinned_daily("karnoffel", date(2026, 12, 1)).get("par") is None
True
>>> opening_state(pinned_daily("karnoffel", date(2026, 12, 1)), date(2026, 12, 1)) is None
True
"""

from __future__ import annotations

import json
from datetime import date
from typing import Any

from engine.bridge import Session
from engine.bridge_requests import BridgeError

__all__ = ["MOST_OPENING_STEPS", "OpeningDriftError", "check_opening", "opening_state"]

#: No daily opens with more computer moves than this before the person's turn.
MOST_OPENING_STEPS = 64


class OpeningDriftError(ValueError):
    """A pinned opening differs from what the engine shows at that daily's start."""


def opening_state(pinned: dict[str, Any], day: date) -> dict[str, Any] | None:
    """The state response at the person's first decision of the pinned daily of
    ``day`` (``None``: it has no par line that reaches that decision)."""
    if "par" not in pinned:
        return None
    day_text = day.isoformat()
    session = Session()
    request = {"game": pinned.get("game"), "date": day_text, "today": day_text, "pinned": pinned}
    try:
        state = session.op_daily(request)
        for _ in range(MOST_OPENING_STEPS):
            if state["turn"]["who"] != "computer":
                break
            match = session._require_match()
            if session._par_move(match, match.current_player()) is None:
                return None  # the par line does not reach the person's first decision
            state = session.op_step({})
    except BridgeError:
        return None
    if state["turn"]["who"] != "person":
        return None
    state.pop("played", None)
    # As a page receives it: through JSON, as the bridge answers.
    shown: dict[str, Any] = json.loads(json.dumps(state, ensure_ascii=False, allow_nan=False))
    return shown


def check_opening(pinned: dict[str, Any], day: date, opening: Any) -> None:
    """``OpeningDriftError`` unless ``opening`` is what the engine shows at the
    person's first decision of this daily (cheap: the par line, no search)."""
    expected = opening_state(pinned, day)
    if expected is None:
        raise OpeningDriftError("the daily has no par line up to the person's first decision")
    if opening != expected:
        where = next(
            (
                key
                for key in sorted(expected)
                if not isinstance(opening, dict) or opening.get(key) != expected[key]
            ),
            "fields",
        )
        raise OpeningDriftError(f"its '{where}' differs from the engine's")
