"""Karnöffel's entry in the game registry (:mod:`engine.games`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core import PlayerFactory
from engine.descriptors import (
    DailySetup,
    Game,
    SeatResult,
    deferred_levels,
    deferred_reason,
    help_keys,
)
from engine.i18n import catalog
from engine.karnoffel.actions import Deal, seeded_deals
from engine.karnoffel.cards import Suit
from engine.karnoffel.rules import RULE_SETS, Rules
from engine.karnoffel.state import State
from engine.karnoffel.tricks import special_cards
from engine.messages import Message

__all__ = ["DEFAULT_LEVEL", "KARNOFFEL", "LEVEL_NAMES", "PLAYERS_VERSION"]

#: The levels of :mod:`engine.karnoffel.players`, weakest first (named here: the
#: registry imports the players only when a computer first plays).
LEVEL_NAMES = ("random", "easy", "medium", "hard")
#: The strongest level whose decisions meet the speed bar in the browser
#: (Pyodide: median <= 100 ms, p95 <= 300 ms).
DEFAULT_LEVEL = "medium"
#: The version of the computer players: raise it with any change to what a
#: level chooses. A friend's code carries it (:mod:`engine.friends`): a code
#: of an earlier version whose game no longer replays is told apart from a
#: code changed by hand.
PLAYERS_VERSION = 1

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
            "help": {
                "steps": help_keys(_help_topic(rule_set.value)),
                "powers": _powers(spec.trick_rule),
            },
        }
        for rule_set, spec in RULE_SETS.items()
    ]
    return {"sets": sets, "faces": ["german", "french"]}


def _help_topic(rule_set: str) -> str:
    return f"karnoffel-{rule_set}"


def _powers(trick_rule: str) -> list[dict[str, str]]:
    """The chosen suit's special cards (rank, role) and the catalog key saying
    what each does under ``trick_rule`` (a rule's own wording where it differs)."""
    powers = []
    for card, role in special_cards(Suit.BELLS):
        name = role.value.replace("-", "_")
        key = f"help_power_{trick_rule}_{name}"
        if key not in catalog():
            key = f"help_power_{name}"
        powers.append({"rank": card.rank.value, "role": role.value, "key": key})
    return powers


def _daily_deals(seed: str, count: int) -> list[dict[str, Any]]:
    return [deal.to_json() for deal in seeded_deals(seed, DAILY_PLAYERS, count)]


def _seat_result(outcome: dict[str, Any], seat: int) -> SeatResult:
    team = Rules.team_of(seat)
    return SeatResult(
        score=(outcome["score"][team], outcome["score"][1 - team]),
        won=outcome["winner"] == team,
        deals=[deal["winner"] == team for deal in outcome["deals"]],
    )


def _review_judge(match: Any, seat: int, action: str) -> tuple[str, Message] | None:
    """The exact open-card solver judges the review (imported when a review is asked for)."""
    from engine.karnoffel.review import open_cards_judge

    return open_cards_judge(match, seat, action)


def _players() -> Mapping[str, PlayerFactory]:
    from engine.karnoffel.players import LEVELS

    return LEVELS


def _hint_reason() -> Callable[[dict[str, Any], str], Message]:
    from engine.karnoffel.hints import hint_reason

    return hint_reason


def _deal_from_json(data: Any, rules: Rules, first: bool) -> Deal:
    return Deal.from_json(data, rules.players, first=first)


KARNOFFEL = Game(
    name="karnoffel",
    title="Karnöffel",
    state=State,
    rules_from_json=Rules.from_json,
    deal_from_json=_deal_from_json,
    levels=deferred_levels(LEVEL_NAMES, _players),
    default_level=DEFAULT_LEVEL,
    players_version=PLAYERS_VERSION,
    choices=_choices,
    # Classic to 7: at most 7 + 6 = 13 deals.
    daily=DailySetup(DAILY_RULES, 13, _daily_deals),
    seat_result=_seat_result,
    # Every Karnöffel action is seen at the table (a show reveals cards to the
    # partner only, but the action itself, "show", is public).
    public_form=lambda action: action,
    hint_reason=deferred_reason(_hint_reason),
    help_topic=_help_topic,
    review_judge=_review_judge,
)
