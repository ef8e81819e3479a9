"""The review of a finished deal: every trick with all hands face up, and your key moment.

After a deal is over its cards are no secret, so the review shows them all: the
hands as they were when play began, each trick in order (who led, the cards,
who won and why). Each of the person's decisions is put to the game's judge
(its descriptor's ``review_judge``, :mod:`engine.games`): a decision it marks
comes with the action the judge would have taken and why, as a translatable
message (the same reason messages as the hints). The first marked decision of a
deal is its **key moment**.

The default judge (:func:`default_judge`) is the hint: the default computer
player's choice from the seat's own view, seeded as the computers are, with
its reason (:mod:`engine.hints`). A game with an exact solver (Karnöffel, all
cards open) may judge instead whether a decision changed the deal's result.

Only finished deals are reviewed (:func:`review`): a deal still in play
never shows a card.

>>> from engine.karnoffel.state import new_match
>>> from engine.par import play_out
>>> match = new_match(seed="doc-review")
>>> play_out(match, "random", until=lambda m: len(m.outcome()["deals"]) == 1)
>>> deals = review(match.to_record(), seat=0)
>>> len(deals), sorted(deals[0])
(1, ['decisions', 'hands', 'key_moment', 'number', 'result', 'tricks'])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import hints, records
from engine.core import MatchState
from engine.games import GAMES
from engine.messages import Message

__all__ = ["Judge", "Judgement", "default_judge", "review"]

#: (the action the judge prefers, why) — or ``None``: the decision is not marked.
Judgement = tuple[str, Message] | None
#: (the match before the decision, the seat, the action taken) -> judgement.
Judge = Callable[[MatchState, int, str], Judgement]


def default_judge(match: MatchState, seat: int, action: str) -> Judgement:
    """Marked when the default computer player would have chosen otherwise (its hint)."""
    advice = hints.hint(match, seat=seat)
    if advice.action == action:
        return None
    return advice.action, advice.reason


def _deals_done(match: MatchState) -> int:
    return len(match.outcome()["deals"])


def _hands(match: MatchState) -> list[list[str]]:
    return [[card.notation for card in hand] for hand in match.hands]


def review(
    record: dict[str, Any], seat: int = 0, judge: Judge | None = None, only: int | None = None
) -> list[dict[str, Any]]:
    """Every finished deal of ``record`` from ``seat``: ``{"number", "hands",
    "tricks", "result", "decisions", "key_moment"}``. A decision is ``{"index"
    (in the record's actions), "trick" (its trick's index, ``None`` before
    play), "action", "better", "reason"}``; ``key_moment`` is the first one.
    ``only``: review deal ``only`` (0-based) alone, judging no other deal's decisions."""
    game = GAMES[str(record.get("game"))]
    judge = judge or game.review_judge or default_judge
    match, actions = records.start(record)
    reviewed: list[dict[str, Any]] = []
    hands: list[list[str]] | None = None
    decisions: list[dict[str, Any]] = []
    for index, action in enumerate(actions):
        if hands is None:
            hands = _hands(match)
        before = _deals_done(match)
        if match.current_player() == seat and only in (None, before):
            text = action if isinstance(action, str) else str(action)
            judged = judge(match, seat, text)
            if judged is not None:
                better, reason = judged
                decisions.append(
                    {
                        "index": index,
                        "trick": len(getattr(match, "played", [])),
                        "action": text,
                        "better": better,
                        "reason": reason.to_json(),
                    }
                )
        records.apply_recorded(match, action, index)
        if _deals_done(match) > before and only in (None, before):
            played = getattr(match, "played", [])
            reviewed.append(
                {
                    "number": before,
                    "hands": hands,
                    "tricks": [trick.to_json() for trick in played],
                    "result": match.outcome()["deals"][before],
                    "decisions": decisions,
                    "key_moment": decisions[0] if decisions else None,
                }
            )
        if _deals_done(match) > before:
            hands, decisions = None, []
        match.settle_chance()
    return reviewed
