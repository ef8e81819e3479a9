"""What one game is to the engine: the descriptor a game registers
(:data:`engine.games.GAMES`), and the few types it names.

Kept apart from the registry so that a game's own module builds its
descriptor without importing the registry that lists it.

>>> help_keys("karnoffel-historic")[:2]
['help.karnoffel-historic.1', 'help.karnoffel-historic.2']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from engine.core import MatchState, Player, PlayerFactory
from engine.messages import Message

__all__ = [
    "HELP_STEPS",
    "DailySetup",
    "Game",
    "SeatResult",
    "deferred_levels",
    "deferred_reason",
    "help_keys",
]

#: Steps of every "How to play" summary.
HELP_STEPS = 10


@dataclass(frozen=True)
class DailySetup:
    """How a game's daily is set up."""

    #: The daily's rules, as a record writes them.
    rules: dict[str, Any]
    #: Deals pinned per daily: enough for the longest possible match.
    deals: int
    #: The explicit deals of a daily from its seed: (seed, count) -> deal JSON list.
    make_deals: Callable[[str, int], list[dict[str, Any]]]


@dataclass(frozen=True)
class SeatResult:
    """A finished match from one seat: what a share text says."""

    #: (the seat's side, the best other side); per seat and signed for Doppelkopf.
    score: tuple[int, int]
    won: bool
    #: Per deal (or hand) in order: won, lost, or ``None`` when nobody won it.
    deals: list[bool | None]


@dataclass(frozen=True)
class Game:
    """One game's descriptor (see the module docstring)."""

    name: str
    title: str
    state: type[MatchState]
    #: A record's ``rules`` -> the rules value (``ValueError`` naming what is wrong).
    rules_from_json: Callable[[Any], Any]
    #: (a record's deal, the rules, whether it is the first deal) -> a deal.
    deal_from_json: Callable[[Any, Any, bool], Any]
    #: The computer players by level name, weakest first.
    levels: Mapping[str, PlayerFactory]
    #: The level played unless another is asked for (dailies, par, tutorials,
    #: hints always): the strongest whose decisions meet the speed bar.
    default_level: str
    #: The version of the computer players: raised with any change to what a
    #: level chooses (a friend's code carries it, :mod:`engine.friends`).
    players_version: int
    #: The rule choices the page may offer, as JSON.
    choices: Callable[[], dict[str, Any]]
    daily: DailySetup
    #: (a finished match's outcome, the seat) -> the seat's result.
    seat_result: Callable[[dict[str, Any], int], SeatResult]
    #: An action (its notation) as the other seats learn of it: the notation
    #: itself, or less where the rules hide something (a reservation's kind).
    public_form: Callable[[str], str]
    #: (a seat's view, the action recommended to it) -> why, as a message whose
    #: claims are true of the position (:mod:`engine.hints`).
    hint_reason: Callable[[dict[str, Any], str], Message]
    #: A rule set's name -> its "How to play" topic: the summary's catalog keys
    #: are ``help.<topic>.1`` ... ``help.<topic>.10`` (:func:`help_keys`).
    help_topic: Callable[[str], str]
    #: Scores are per seat and signed (+/-) rather than a team's points.
    signed_scores: bool = False
    #: What one deal of the match is called ("deal", "hand").
    deal_unit: str = "deal"
    #: What a difference to par counts (:mod:`engine.par`): "deals" (a team's
    #: deals over the opponents') or "points" (a seat's own signed points).
    par_unit: str = "deals"
    #: How the review marks a decision (:mod:`engine.review`): (the match
    #: before it, the seat, the action) -> (a better action, why) or ``None``.
    #: ``None`` here: the hint's judgement (the default player chose otherwise).
    review_judge: Callable[[MatchState, int, str], tuple[str, Message] | None] | None = None
    #: The phases whose decision a newcomer needs a suggestion for (a page asks
    #: the ``hint`` op and marks it, hints on or off): Doppelkopf's reservation.
    suggested_phases: frozenset[str] = frozenset()


def help_keys(topic: str) -> list[str]:
    """The catalog keys of a "How to play" summary, in order."""
    return [f"help.{topic}.{step}" for step in range(1, HELP_STEPS + 1)]


def deferred_levels(
    names: Sequence[str], load: Callable[[], Mapping[str, PlayerFactory]]
) -> dict[str, PlayerFactory]:
    """A game's levels by name, whose players (their search and solvers, most of
    a game's code) ``load`` imports when a computer first plays, not when the
    registry is: the page's engine is ready sooner (issue 46)."""
    return {name: partial(_deferred_player, load, name) for name in names}


def _deferred_player(load: Callable[[], Mapping[str, PlayerFactory]], name: str) -> Player:
    return load()[name]()


def deferred_reason(
    load: Callable[[], Callable[[dict[str, Any], str], Message]],
) -> Callable[[dict[str, Any], str], Message]:
    """A game's ``hint_reason`` imported when a hint is first asked for."""
    return partial(_deferred_reason, load)


def _deferred_reason(
    load: Callable[[], Callable[[dict[str, Any], str], Message]], view: dict[str, Any], action: str
) -> Message:
    return load()(view, action)
