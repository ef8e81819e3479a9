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

import re
from datetime import date, timedelta
from typing import Any

from engine.games import GAMES
from engine.i18n import catalog, render
from engine.messages import Message, quoted
from engine.records import FORMAT_VERSION

__all__ = [
    "DAILY_GAMES",
    "FIRST_DAILY",
    "DailyDateError",
    "daily_date",
    "daily_number",
    "daily_seed",
    "par_summary",
    "par_words",
    "parse_daily_date",
    "parse_day",
    "pinned_daily",
    "score_words",
    "share_line",
    "share_text",
]  # fmt: skip

FIRST_DAILY = date(2026, 12, 1)
#: Every game has a daily.
DAILY_GAMES = tuple(sorted(GAMES))
#: The only way a daily's date is written (no ISO week or ordinal dates).
_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


class DailyDateError(ValueError):
    """A daily date that cannot be opened; ``reason`` is translatable."""

    def __init__(self, reason: Message) -> None:
        super().__init__(reason.text)
        self.reason = reason


def parse_day(text: object) -> date | None:
    """A calendar date written ``YYYY-MM-DD``, or ``None`` for anything else.

    >>> parse_day("2026-12-03"), parse_day("2026-W49-2"), parse_day("20261203")
    (datetime.date(2026, 12, 3), None, None)
    """
    if not isinstance(text, str) or not _DAY.fullmatch(text):
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None


def daily_number(day: date) -> int:
    """1 for 2026-12-01, counting up by one per calendar day."""
    return (day - FIRST_DAILY).days + 1


def daily_date(number: int) -> date:
    return FIRST_DAILY + timedelta(days=number - 1)


def daily_seed(game: str, day: date) -> str:
    return f"daily/{game}/{day.isoformat()}"


def parse_daily_date(text: object, today: date) -> date:
    """The date of a daily from a URL, refusing bad, early and future dates."""
    day = parse_day(text)
    if day is None:
        raise DailyDateError(Message.of("daily_bad_date", text=quoted(text)))
    if day < FIRST_DAILY:
        raise DailyDateError(
            Message.of("daily_before_first", date=day.isoformat(), first=FIRST_DAILY.isoformat())
        )
    if day > today:
        raise DailyDateError(Message.of("daily_future", date=day.isoformat()))
    return day


def pinned_daily(game: str, day: date) -> dict[str, Any]:
    """The daily as a record without actions, with every deal pinned."""
    setup = GAMES[game].daily
    seed = daily_seed(game, day)
    return {
        "format": FORMAT_VERSION,
        "game": game,
        "rules": dict(setup.rules),
        "seed": seed,
        "deals": setup.make_deals(seed, setup.deals),
        "actions": [],
    }


_MARK_WON = "🟩"
_MARK_LOST = "🟥"
_MARK_NEUTRAL = "⬜"  # a hand nobody won (Doppelkopf: worth 0)


def _mark(deal: bool | None) -> str:
    if deal is None:
        return _MARK_NEUTRAL
    return _MARK_WON if deal else _MARK_LOST


def score_words(game: str, score: tuple[int, int] | list[int], language: str = "en") -> str:
    """A score as the share text writes it (``7–4``; Doppelkopf signed: ``-4–+6``)."""
    return _score_words(game, (score[0], score[1]), "share.text.score", language)


def _score_words(game: str, score: tuple[int, int], key: str, language: str) -> str:
    # Per-seat (zero-sum) scores are signed: the player's score and the best other's.
    if GAMES[game].signed_scores:
        mine, theirs = f"{score[0]:+d}", f"{score[1]:+d}"
    else:
        mine, theirs = str(score[0]), str(score[1])
    return render(key, {"mine": mine, "theirs": theirs}, language)


def par_words(game: str, difference: int, language: str = "en") -> str:
    """A difference to par in words, signed (``"+1 deal"``, ``"level with par"``).

    >>> par_words("karnoffel", 1), par_words("karnoffel", -2), par_words("doppelkopf", 0)
    ('+1 deal', '-2 deals', 'level with par')
    """
    if difference == 0:
        return render("par.even", None, language)
    unit = GAMES[game].par_unit
    return render(f"par.{unit}", {"count": abs(difference), "signed": f"{difference:+d}"}, language)


def par_summary(
    game: str, score: tuple[int, int], par: tuple[int, int], language: str = "en"
) -> str:
    """The person's result beside par.

    >>> par_summary("karnoffel", (7, 4), (7, 5))
    'You 7–4 · par 7–5: +1 deal'
    """
    from engine.par import difference

    return render(
        "par.you",
        {
            "mine": _score_words(game, score, "share.text.score", language),
            "par": _score_words(game, par, "share.text.score", language),
            "difference": par_words(game, difference(game, score, list(par)), language),
        },
        language,
    )


def verdict_words(
    game: str, won: bool, score: tuple[int, int] | list[int], language: str = "en"
) -> str:
    """Who won, in words, the winner's score first: what a result opens with.

    >>> verdict_words("karnoffel", True, (7, 2)), verdict_words("karnoffel", False, (2, 7))
    ('You won 7–2', 'The opponents won 7–2')
    >>> verdict_words("doppelkopf", False, (-4, 6))
    'A computer player won with +6 points; you have -4'
    """
    mine, theirs = score[0], score[1]
    if GAMES[game].signed_scores:
        key = "result.verdict.won_seat" if won else "result.verdict.lost_seat"
        return render(key, {"mine": f"{mine:+d}", "theirs": f"{theirs:+d}"}, language)
    winner_first = (mine, theirs) if won else (theirs, mine)
    words = _score_words(game, winner_first, "share.text.score", language)
    key = "result.verdict.won_team" if won else "result.verdict.lost_team"
    return render(key, {"score": words}, language)


def par_sentence(
    game: str, score: tuple[int, int] | list[int], par: list[int], language: str = "en"
) -> str:
    """Par in plain words for a newcomer: what the computer player did in the
    person's seat with the same cards, and how the person compares.

    >>> print(par_sentence("karnoffel", (2, 7), [6, 7]))
    Par: a computer player in your seat, with the same cards, lost 6–7. You finished 4 deals behind it.
    >>> print(par_sentence("doppelkopf", (5, 2), [2, 4]))
    Par: a computer player in your seat, with the same cards, scored +2 points. You scored 3 points more.
    >>> print(par_sentence("karnoffel", (7, 5), [7, 5]).split(". ")[1])
    You did exactly as well as par.
    """
    from engine.par import difference, margin

    theirs = (par[0], par[1])
    if GAMES[game].signed_scores:
        first = render("par.sentence.scored", {"points": f"{par[0]:+d}"}, language)
    else:
        key = "par.sentence.won" if margin(game, theirs) > 0 else "par.sentence.lost"
        first = render(
            key, {"par": _score_words(game, theirs, "share.text.score", language)}, language
        )
    apart = difference(game, (score[0], score[1]), list(par))
    unit = GAMES[game].par_unit
    if apart == 0:
        second = render("par.compare.level", None, language)
    else:
        side = "ahead" if apart > 0 else "behind"
        second = render(f"par.compare.{side}_{unit}", {"count": abs(apart)}, language)
    return f"{first}{'' if first.endswith('。') else ' '}{second}"


def share_text(
    game: str,
    number: int,
    won: bool,
    score: tuple[int, int],
    deals_won: list[bool | None],
    address: str,
    language: str = "en",
    hints: bool = False,
    par: tuple[int, int] | None = None,
    par_unknown: bool = False,
) -> str:
    """The spoiler-free result of a finished daily, one mark per deal, in
    ``language`` (one of :data:`engine.i18n.LANGUAGES`); ``hints``: played with
    "learn with hints", said on a line of its own after the marks. ``par``: the
    daily's par score; ``par_unknown``: the daily has none pinned (a day past the
    par horizon), which the result then says.

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
    >>> print(share_text("karnoffel", 1, True, (7, 4), [True], "x", par=(7, 5)).splitlines()[1])
    Won 7–4 · par 7–5: +1 deal
    >>> print(share_text("karnoffel", 1, True, (7, 4), [True], "x", par_unknown=True).splitlines()[1])
    Won 7–4 · par not known yet
    >>> print(share_text("karnoffel", 12, True, (7, 4), [True], "x", hints=True))
    Stichtag · Karnöffel #12
    Won 7–4
    🟩
    With hints
    x
    """
    title = render(
        "share.text.title", {"game": _game_name(game, language), "number": number}, language
    )
    score_words = _score_words(game, score, "share.text.score", language)
    verdict = render(
        "share.text.won" if won else "share.text.lost", {"score": score_words}, language
    )
    if par is not None:
        verdict += " · " + _par_part(game, score, par, "par.share", language)
    elif par_unknown:
        verdict += " · " + render("par.share_unknown", {}, language)
    marks = "".join(_mark(deal) for deal in deals_won)
    hinted = f"{render('share.text.hints', {}, language)}\n" if hints else ""
    return f"{title}\n{verdict}\n{marks}\n{hinted}{address}"


def _par_part(
    game: str, score: tuple[int, int], par: tuple[int, int], key: str, language: str
) -> str:
    from engine.par import difference

    return render(
        key,
        {
            "par": _score_words(game, par, "share.text.score", language),
            "difference": par_words(game, difference(game, score, list(par)), language),
        },
        language,
    )


def share_line(
    game: str,
    number: int,
    won: bool,
    score: tuple[int, int],
    deals_won: list[bool | None],
    language: str = "en",
    hints: bool = False,
    par: tuple[int, int] | None = None,
    par_unknown: bool = False,
) -> str:
    """The same result as one plain sentence for screen readers, in ``language``
    (``hints``: played with "learn with hints", said after the sentence; ``par``
    and ``par_unknown`` as for :func:`share_text`).

    >>> share_line("karnoffel", 12, True, (7, 4), [True, False, True])
    'Stichtag Karnöffel daily 12: won 7 to 4, 2 of 3 deals won.'
    >>> share_line("doppelkopf", 3, True, (9, 2), [True, None, True])
    'Stichtag Doppelkopf daily 3: won +9 to +2, 2 of 3 hands won.'
    >>> share_line("karnoffel", 1, False, (4, 7), [False], par=(7, 5)).split(". ")[-1]
    'Par 7–5: -5 deals.'
    >>> share_line("karnoffel", 1, False, (4, 7), [False], par_unknown=True).split(". ")[-1]
    'Par is not known for this day yet.'
    >>> share_line("karnoffel", 12, False, (4, 7), [False], hints=True)
    'Stichtag Karnöffel daily 12: lost 4 to 7, 0 of 1 deal won. Played with hints.'
    """
    tally = render(
        f"share.line.{GAMES[game].deal_unit}s",
        {"won": sum(1 for deal in deals_won if deal), "count": len(deals_won)},
        language,
    )
    line = render(
        "share.line.won" if won else "share.line.lost",
        {
            "game": _game_name(game, language),
            "number": number,
            "score": _score_words(game, score, "share.line.score", language),
            "tally": tally,
        },
        language,
    )
    if par is not None:
        line += " " + _par_part(game, score, par, "par.line", language)
    elif par_unknown:
        line += " " + render("par.none", {}, language)
    return render("share.line.with_hints", {"line": line}, language) if hints else line


def _game_name(game: str, language: str) -> str:
    """The game's name as the page gives it (``game.<name>``), else its title."""
    key = f"game.{game}"
    return render(key, None, language) if key in catalog(language) else GAMES[game].title
