"""Doppelkopf's entry in the game registry (:mod:`engine.games`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
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
from engine.doppelkopf.actions import (
    Deal,
    Exchange,
    Reservation,
    first_dealer,
    parse_action,
    seeded_deal,
)
from engine.doppelkopf.rules import Rules, Variant
from engine.doppelkopf.state import State
from engine.doppelkopf.view import RESERVATION_HIDDEN
from engine.errors import NotationError
from engine.messages import Message

__all__ = ["DEFAULT_LEVEL", "DOPPELKOPF", "LEVEL_NAMES", "PLAYERS_VERSION"]

#: The levels of :mod:`engine.doppelkopf.players`, weakest first (named here: the
#: registry imports the players only when a computer first plays).
LEVEL_NAMES = ("random", "easy", "medium", "hard")
DEFAULT_LEVEL = "hard"
#: The version of the computer players: raise it with any change to what a
#: level chooses (see ``engine/karnoffel/game.py``).
PLAYERS_VERSION = 11

DAILY_RULES: dict[str, Any] = {"set": "standard", "variants": []}
#: What the "How to play" panel adds to its ten steps: the trump order and the card points.
HELP_NOTES = ["help_dk_trumps", "help_dk_points"]


def _choices() -> dict[str, Any]:
    return {
        "sets": [
            {
                "name": "standard",
                "help": {"steps": help_keys(_help_topic("standard")), "notes": HELP_NOTES},
            }
        ],
        "variants": [variant.value for variant in Variant],
    }


def _help_topic(rule_set: str) -> str:
    """Doppelkopf has one rule set (the variants are switches): one summary."""
    return "doppelkopf"


def _daily_deals(seed: str, count: int) -> list[dict[str, Any]]:
    """Deal ``n`` of the day is the seed's ``n``-th shuffle; only the first deal
    names its dealer (drawn from the seed): after it, the rules say who deals
    (one seat on after a hand, the same dealer after a redeal)."""
    dealers = [first_dealer(seed)] + [None] * (count - 1)
    return [seeded_deal(seed, n, dealer).to_json() for n, dealer in enumerate(dealers)]


def _seat_result(outcome: dict[str, Any], seat: int) -> SeatResult:
    """The seat's score and the best other seat's; per hand whether its party won."""
    scores = outcome["score"]
    best_other = max(points for other, points in enumerate(scores) if other != seat)
    hands: list[bool | None] = []
    for hand in outcome["deals"]:
        if hand["winner"] is None:
            hands.append(None)
        else:
            party = "re" if seat in hand["re"] else "kontra"
            hands.append(hand["winner"] == party)
    return SeatResult(
        score=(scores[seat], best_other), won=seat in (outcome["winner"] or []), deals=hands
    )


@lru_cache(maxsize=512)  # every save seals a match's actions anew: a few dozen notations
def _public_form(action: str) -> str:
    """What the others learn of an action: of a reservation other than "healthy"
    only that there is one (it may be overruled, and a marriage shows both club
    queens), of a poverty exchange only that three cards changed hands."""
    try:
        parsed = parse_action(action)
    except NotationError:
        return action
    if isinstance(parsed, Exchange):
        return parsed.kind.value
    if isinstance(parsed, Reservation) and parsed is not Reservation.HEALTHY:
        return RESERVATION_HIDDEN
    return action


def _players() -> Mapping[str, PlayerFactory]:
    from engine.doppelkopf.players import LEVELS

    return LEVELS


def _hint_reason() -> Callable[[dict[str, Any], str], Message]:
    from engine.doppelkopf.hints import hint_reason

    return hint_reason


DOPPELKOPF = Game(
    name="doppelkopf",
    title="Doppelkopf",
    state=State,
    rules_from_json=Rules.from_json,
    deal_from_json=lambda data, rules, first: Deal.from_json(data, first=first),
    levels=deferred_levels(LEVEL_NAMES, _players),
    default_level=DEFAULT_LEVEL,
    players_version=PLAYERS_VERSION,
    choices=_choices,
    # 8 hands plus up to 4 redeals (nobody takes a poverty); any further deal
    # comes from the seed (records.md: explicit deals first, then the seed).
    daily=DailySetup(DAILY_RULES, 12, _daily_deals),
    seat_result=_seat_result,
    public_form=_public_form,
    hint_reason=deferred_reason(_hint_reason),
    help_topic=_help_topic,
    signed_scores=True,
    deal_unit="hand",
    par_unit="points",
    # "Healthy, or a reservation?" opens every hand: the engine's suggestion is on show.
    suggested_phases=frozenset({"reserve"}),
)
