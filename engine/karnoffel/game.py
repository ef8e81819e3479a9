"""Karnöffel's entry in the game registry (:mod:`engine.games`)."""

from __future__ import annotations

from typing import Any

from engine.games import DailySetup, Game, SeatResult
from engine.karnoffel.actions import Deal, seeded_deals
from engine.karnoffel.players import DEFAULT_LEVEL, LEVELS
from engine.karnoffel.rules import RULE_SETS, Rules
from engine.karnoffel.state import State

__all__ = ["KARNOFFEL"]

#: The daily: classic to 7, four players, the person South with a partner.
DAILY_PLAYERS = 4
DAILY_RULES: dict[str, Any] = {"set": "classic", "target": 7, "players": DAILY_PLAYERS}


def _choices() -> dict[str, Any]:
    sets = [
        {
            "name": rule_set.value,
            "targets": list(spec.targets),
            "default_target": spec.default_target,
            "players": list(spec.player_counts),
        }
        for rule_set, spec in RULE_SETS.items()
    ]
    return {"sets": sets, "faces": ["german", "french"]}


def _daily_deals(seed: str, count: int) -> list[dict[str, Any]]:
    return [deal.to_json() for deal in seeded_deals(seed, DAILY_PLAYERS, count)]


def _seat_result(outcome: dict[str, Any], seat: int) -> SeatResult:
    team = Rules.team_of(seat)
    return SeatResult(
        score=(outcome["score"][team], outcome["score"][1 - team]),
        won=outcome["winner"] == team,
        deals=[deal["winner"] == team for deal in outcome["deals"]],
    )


def _deal_from_json(data: Any, rules: Rules, first: bool) -> Deal:
    return Deal.from_json(data, rules.players, first=first)


KARNOFFEL = Game(
    name="karnoffel",
    title="Karnöffel",
    state=State,
    rules_from_json=Rules.from_json,
    deal_from_json=_deal_from_json,
    levels=LEVELS,
    default_level=DEFAULT_LEVEL,
    choices=_choices,
    # Classic to 7: at most 7 + 6 = 13 deals.
    daily=DailySetup(DAILY_RULES, 13, _daily_deals),
    seat_result=_seat_result,
    # Every Karnöffel action is seen at the table (a show reveals cards to the
    # partner only, but the action itself, "show", is public).
    public_form=lambda action: action,
)
