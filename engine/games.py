"""Every game the engine plays, in one registry (like python-chess's ``VARIANTS``
and OpenSpiel's ``register_game``).

Each game registers one :class:`Game` descriptor: how to build a match from a
record's fields, the rule choices it offers, its computer players' levels, its
daily set-up, how a seat's result reads in a share text, and which of its
actions other seats may not see. Records, dailies, players and the bridge go
through this registry only, so adding a game touches no code but its own.

>>> sorted(GAMES), GAMES["karnoffel"].title
(['doppelkopf', 'karnoffel'], 'Karnöffel')
>>> build_match("karnoffel", {"set": "classic"}, "doc", [], [0]).current_player() >= 0
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.core import MatchState, PlayerFactory
from engine.messages import Message

__all__ = [
    "GAMES",
    "HELP_STEPS",
    "DailySetup",
    "Game",
    "SeatResult",
    "build_match",
    "game_named",
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
    """The catalog keys of a "How to play" summary, in order.

    >>> help_keys(GAMES["karnoffel"].help_topic("historic"))[:2]
    ['help.karnoffel-historic.1', 'help.karnoffel-historic.2']
    """
    return [f"help.{topic}.{step}" for step in range(1, HELP_STEPS + 1)]


def _registered() -> dict[str, Game]:
    from engine.doppelkopf.game import DOPPELKOPF
    from engine.karnoffel.game import KARNOFFEL

    return {game.name: game for game in (KARNOFFEL, DOPPELKOPF)}


GAMES: Mapping[str, Game] = _registered()


def game_named(name: object) -> Game | None:
    """The game called ``name``, or ``None`` (for anything that is not one's name)."""
    return GAMES.get(name) if isinstance(name, str) else None


def build_match(
    name: str, rules: Any, seed: str | None, deals: list[Any], humans: list[int]
) -> MatchState:
    """A match of game ``name`` from a record's fields, its first deal dealt.

    ``ValueError`` names what is wrong with the rules, a deal or a seat.
    """
    game = GAMES[name]
    parsed_rules = game.rules_from_json(rules)
    parsed_deals = []
    for number, deal in enumerate(deals):
        try:
            parsed_deals.append(game.deal_from_json(deal, parsed_rules, number == 0))
        except ValueError as error:
            raise ValueError(f"deal {number}: {error}") from None
    return game.state.new_match(parsed_rules, seed=seed, deals=parsed_deals, humans=humans)
