"""Karnöffel's part of the record format: build a match from a record."""

from __future__ import annotations

from typing import Any

from engine.karnoffel.actions import Deal
from engine.karnoffel.rules import Rules
from engine.karnoffel.state import State
from engine.records import GameFormat, register

__all__ = ["match_from_record_fields"]


def match_from_record_fields(
    rules: Any, seed: str | None, deals: list[Any], humans: list[int]
) -> State:
    parsed_rules = Rules.from_json(rules)
    parsed_deals = []
    for number, deal in enumerate(deals):
        try:
            parsed_deals.append(Deal.from_json(deal, parsed_rules.players))
        except ValueError as error:
            raise ValueError(f"deal {number}: {error}") from None
    for seat in humans:
        if not 0 <= seat < parsed_rules.players:
            raise ValueError(
                f"human seat {seat} does not exist with {parsed_rules.players} players"
            )
    state = State(parsed_rules, seed=seed, deals=parsed_deals, humans=humans)
    state.settle_chance()
    return state


register(GameFormat("karnoffel", match_from_record_fields))
