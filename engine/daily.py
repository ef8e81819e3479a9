"""Dailies: which match is "today's", its pinned deals, and the share text.

A daily's deals derive only from (game, date): the seed is
``daily/<game>/<YYYY-MM-DD>``. Daily #1 is 2026-12-01. The pinned form of a
daily (``puzzles/<game>/<date>.json``) is a game record without actions
whose ``deals`` list every deal the match can need, so a published daily
never changes even if the generator does.

>>> daily_number(date(2026, 12, 1)), daily_date(31)
(1, datetime.date(2026, 12, 31))
>>> daily_seed("karnoffel", date(2026, 12, 1))
'daily/karnoffel/2026-12-01'
>>> parse_daily_date("2026-13-01", today=date(2026, 12, 5))
Traceback (most recent call last):
...
engine.daily.DailyDateError: '2026-13-01' is not a date (YYYY-MM-DD).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from engine.messages import Message
from engine.records import FORMAT_VERSION

__all__ = [
    "DAILY_GAMES",
    "FIRST_DAILY",
    "DailyDateError",
    "DailyGame",
    "daily_date",
    "daily_number",
    "daily_seed",
    "parse_daily_date",
    "pinned_daily",
    "share_line",
    "share_text",
]  # fmt: skip

FIRST_DAILY = date(2026, 12, 1)


@dataclass(frozen=True)
class DailyGame:
    """How one game's daily is set up."""

    name: str  # the record's "game"
    title: str  # shown in the share text
    rules: dict[str, Any]
    #: Deals pinned per daily: enough for the longest possible match.
    deals: int
    #: Builds the explicit deals of a daily from its seed: (seed, count) -> deal JSON list.
    make_deals: Callable[[str, int], list[dict[str, Any]]]


def _karnoffel_deals(seed: str, count: int) -> list[dict[str, Any]]:
    from engine.karnoffel.state import seeded_deals

    return [deal.to_json() for deal in seeded_deals(seed, _KARNOFFEL_PLAYERS, count)]


_KARNOFFEL_PLAYERS = 4
_KARNOFFEL_RULES: dict[str, Any] = {"set": "classic", "target": 7, "players": _KARNOFFEL_PLAYERS}


def _doppelkopf_deals(seed: str, count: int) -> list[dict[str, Any]]:
    """Deal ``n`` of the day: the seed's ``n``-th shuffle, dealt by the ``n``-th
    dealer in turn from the seed's first dealer (as if no hand were redealt)."""
    from engine.doppelkopf.rules import PLAYERS
    from engine.doppelkopf.state import first_dealer, seeded_deal

    first = first_dealer(seed)
    return [seeded_deal(seed, n, (first + n) % PLAYERS).to_json() for n in range(count)]


_DOPPELKOPF_RULES: dict[str, Any] = {"set": "standard", "variants": []}

DAILY_GAMES: dict[str, DailyGame] = {
    # Classic to 7: at most 7 + 6 = 13 deals.
    "karnoffel": DailyGame("karnoffel", "Karnöffel", _KARNOFFEL_RULES, 13, _karnoffel_deals),
    # 8 hands plus up to 4 redeals (nobody takes a poverty); any further deal
    # comes from the seed (records.md: explicit deals first, then the seed).
    "doppelkopf": DailyGame("doppelkopf", "Doppelkopf", _DOPPELKOPF_RULES, 12, _doppelkopf_deals),
}


class DailyDateError(ValueError):
    """A daily date that cannot be opened; ``reason`` is translatable."""

    def __init__(self, reason: Message) -> None:
        super().__init__(reason.text)
        self.reason = reason


def daily_number(day: date) -> int:
    """1 for 2026-12-01, counting up by one per calendar day."""
    return (day - FIRST_DAILY).days + 1


def daily_date(number: int) -> date:
    return FIRST_DAILY + timedelta(days=number - 1)


def daily_seed(game: str, day: date) -> str:
    return f"daily/{game}/{day.isoformat()}"


def parse_daily_date(text: str, today: date) -> date:
    """The date of a daily from a URL, refusing bad, early and future dates."""
    try:
        day = date.fromisoformat(text)
        if len(text) != 10:
            raise ValueError(text)
    except (TypeError, ValueError):
        raise DailyDateError(Message.of("daily_bad_date", text=text)) from None
    if day < FIRST_DAILY:
        raise DailyDateError(
            Message.of("daily_before_first", date=text, first=FIRST_DAILY.isoformat())
        )
    if day > today:
        raise DailyDateError(Message.of("daily_future", date=text))
    return day


def pinned_daily(game: str, day: date) -> dict[str, Any]:
    """The daily as a record without actions, with every deal pinned."""
    spec = DAILY_GAMES[game]
    seed = daily_seed(game, day)
    return {
        "format": FORMAT_VERSION,
        "game": game,
        "rules": dict(spec.rules),
        "seed": seed,
        "deals": spec.make_deals(seed, spec.deals),
        "actions": [],
    }


_MARK_WON = "🟩"
_MARK_LOST = "🟥"
_MARK_NEUTRAL = "⬜"  # a hand nobody won (Doppelkopf: worth 0)


def _mark(deal: bool | None) -> str:
    if deal is None:
        return _MARK_NEUTRAL
    return _MARK_WON if deal else _MARK_LOST


def _score_words(game: str, score: tuple[int, int], sep: str) -> str:
    # Doppelkopf scores per seat (zero-sum): the player's score and the best other's.
    if game == "doppelkopf":
        return f"{score[0]:+d}{sep}{score[1]:+d}"
    return f"{score[0]}{sep}{score[1]}"


def share_text(
    game: str,
    number: int,
    won: bool,
    score: tuple[int, int],
    deals_won: list[bool | None],
    address: str,
) -> str:
    """The spoiler-free result of a finished daily, one mark per deal.

    ``score`` is (the player's team, the opponents) — for Doppelkopf (the
    player's seat, the best other seat); ``deals_won`` per deal (Doppelkopf:
    per hand) in order, from the player's side, ``None`` for a hand nobody won.

    >>> print(share_text("karnoffel", 12, True, (7, 4), [True, False, True], "https://example.org/stichtag/"))
    Stichtag · Karnöffel #12
    Won 7–4
    🟩🟥🟩
    https://example.org/stichtag/
    >>> print(share_text("doppelkopf", 3, False, (-4, 6), [True, None, False], "x"))
    Stichtag · Doppelkopf #3
    Lost -4–+6
    🟩⬜🟥
    x
    """
    title = DAILY_GAMES[game].title
    verdict = "Won" if won else "Lost"
    marks = "".join(_mark(deal) for deal in deals_won)
    return f"Stichtag · {title} #{number}\n{verdict} {_score_words(game, score, '–')}\n{marks}\n{address}"


def share_line(
    game: str, number: int, won: bool, score: tuple[int, int], deals_won: list[bool | None]
) -> str:
    """The same result as one plain sentence for screen readers.

    >>> share_line("karnoffel", 12, True, (7, 4), [True, False, True])
    'Stichtag Karnöffel daily 12: won 7 to 4, 2 of 3 deals won.'
    >>> share_line("doppelkopf", 3, True, (9, 2), [True, None, True])
    'Stichtag Doppelkopf daily 3: won +9 to +2, 2 of 3 hands won.'
    """
    title = DAILY_GAMES[game].title
    verdict = "won" if won else "lost"
    unit = "hands" if game == "doppelkopf" else "deals"
    return (
        f"Stichtag {title} daily {number}: {verdict} {_score_words(game, score, ' to ')}, "
        f"{sum(1 for deal in deals_won if deal)} of {len(deals_won)} {unit} won."
    )
