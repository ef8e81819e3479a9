"""Doppelkopf's part of the record format: build a match from a record."""

from __future__ import annotations

from typing import Any

from engine.doppelkopf.actions import Deal
from engine.doppelkopf.rules import Rules
from engine.doppelkopf.state import State
from engine.records import GameFormat, register

__all__ = ["match_from_record_fields"]


def match_from_record_fields(
    rules: Any, seed: str | None, deals: list[Any], humans: list[int]
) -> State:
    parsed_rules = Rules.from_json(rules)
    parsed_deals = []
    for number, deal in enumerate(deals):
        try:
            parsed_deals.append(Deal.from_json(deal))
        except ValueError as error:
            raise ValueError(f"deal {number}: {error}") from None
    state = State(parsed_rules, seed=seed, deals=parsed_deals, humans=humans)
    state.settle_chance()
    return state


register(GameFormat("doppelkopf", match_from_record_fields))
