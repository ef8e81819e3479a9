"""The bridge's operations on results and the dailies' lists (:mod:`engine.bridge`):
the catalog and the archive, a finished daily's share text, a friend's code, the
review of finished deals and the statistics. None of them changes the session.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from engine import daily, par, players
from engine.bridge_requests import (
    BridgeError,
    SessionData,
    daily_day,
    game_of,
    language_of,
    pinned_of,
    request_day,
    request_field,
)
from engine.games import GAMES

__all__ = ["ARCHIVE_PAGE", "ResultOps"]

#: Past dailies per archive page.
ARCHIVE_PAGE = 100


class ResultOps(SessionData):
    """The operations on results (mixed into :class:`engine.bridge.Session`)."""

    def op_catalog(self, request: dict[str, Any]) -> dict[str, Any]:
        from engine import stats, tutorials

        today = request_day(request.get("today"))
        todays = None
        if today >= daily.FIRST_DAILY:
            todays = {"number": daily.daily_number(today), "date": today.isoformat()}
        return {
            "ok": True,
            "games": {
                game.name: {
                    "title": game.title,
                    "default_level": game.default_level,
                    **game.choices(),
                }
                for game in GAMES.values()
            },
            "levels": list(players.OFFERED_LEVELS),
            # ... and what the URL's test knob may name (``random`` too).
            "accepted_levels": list(players.LEVELS),
            "daily": {
                "first": daily.FIRST_DAILY.isoformat(),
                "games": list(daily.DAILY_GAMES),
                "today": todays,
                "archive": _archive_page(today, 0),
            },
            "stats_schema": stats.STATS_SCHEMA,
            "tutorials": [tutorial.to_json() for tutorial in tutorials.TUTORIALS.values()],
        }

    def op_archive(self, request: dict[str, Any]) -> dict[str, Any]:
        today = request_day(request.get("today"))
        offset = request_field(request, "offset", int, 0)
        if offset < 0:
            raise BridgeError("'offset' must be 0 or more", "bad_request", {"field": "offset"})
        return {"ok": True, **_archive_page(today, offset)}

    def op_share(self, request: dict[str, Any]) -> dict[str, Any]:
        from engine import friends

        match = self._require_match()
        if self.daily is None or not match.is_terminal():
            raise BridgeError("only a finished daily can be shared", "not_shareable")
        game, number = self.daily["game"], self.daily["number"]
        day = daily.daily_date(number)
        result = GAMES[game].seat_result(match.outcome(), self.seat)
        address = request_field(request, "address", str, "")[:500]
        lang = language_of(request)
        try:
            code = friends.encode(match, day, self.level, request_field(request, "name", str, ""))
        except friends.CodeError as error:
            raise BridgeError.of(error.reason) from None
        link = friends.link(address, code, game, day)
        par_score = tuple(self.par["score"]) if self.par else None
        par_json = None
        if self.par is not None:
            par_json = {
                "score": self.par["score"],
                "difference": par.difference(game, result, self.par["score"]),
                "text": daily.par_summary(game, result.score, self.par["score"], lang),
                "sentence": daily.par_sentence(game, result.score, self.par["score"], lang),
            }
        unknown = par_score is None  # a day past the par horizon: its result says so
        played = (game, number, result.won, result.score, result.deals)
        hinted = request_field(request, "hints", bool, False)
        return {
            "ok": True,
            # The site's address only: short, and no spoiler (the friends' link is apart).
            "text": daily.share_text(
                *played, address, lang, hinted, par=par_score, par_unknown=unknown
            ),
            "verdict": daily.verdict_words(game, result.won, result.score, lang),
            "line": daily.share_line(*played, lang, hinted, par=par_score, par_unknown=unknown),
            "won": result.won,
            "score": list(result.score),
            "score_text": daily.score_words(game, result.score, lang),
            "par_unit": GAMES[game].par_unit,
            "par": par_json,
            "code": code,
            "link": link,
        }

    def op_friend(self, request: dict[str, Any]) -> dict[str, Any]:
        from engine import friends

        try:
            header = friends.read_code(request.get("code"))
        except friends.CodeError as error:
            raise BridgeError.of(error.reason) from None
        wanted = request_field(request, "daily", dict)
        game = game_of(wanted)
        day = daily_day(wanted.get("date"), request.get("today"))
        try:
            friends.check_daily(header, game, day)
        except friends.CodeError as error:
            raise BridgeError.of(error.reason) from None
        record = pinned_of(request, game, day)
        pinned = {**record, "par": request["pinned"].get("par")}
        try:
            entry = friends.verify(header, pinned)
        except friends.CodeError as error:
            raise BridgeError.of(error.reason) from None
        lang = language_of(request)
        return {
            "ok": True,
            "friend": entry.to_json(),
            "code": friends.code_text(request["code"]),
            "score_text": daily.score_words(game, entry.result["score"], lang),
            "par_unit": GAMES[game].par_unit,
        }

    def op_review(self, request: dict[str, Any]) -> dict[str, Any]:
        from engine import review

        match = self._require_match()
        if self.tutorial is not None:
            raise BridgeError("a tutorial has no review", "no_review")
        only = request_field(request, "deal", int, None)
        if only is not None and only < 0:
            raise BridgeError("'deal' must be 0 or more", "bad_request", {"field": "deal"})
        finished = len(match.outcome()["deals"])
        wanted = range(finished) if only is None else range(only, min(only + 1, finished))
        record = match.to_record()
        for number in wanted:
            # A finished deal's review never changes: each is judged once per match.
            if number not in self.reviews:
                (self.reviews[number],) = review.review(record, self.seat, only=number)
        deals = [self.reviews[number] for number in wanted]
        return {"ok": True, "deals": deals, "deal_unit": GAMES[match.GAME].deal_unit}

    def op_stats(self, request: dict[str, Any]) -> dict[str, Any]:
        from engine import stats

        today = request_day(request.get("today"))
        summary = stats.summarize(request.get("results"), today=daily.daily_number(today))
        if "game" in request:  # what the differences to par count
            summary["par_unit"] = GAMES[game_of(request)].par_unit
        return {"ok": True, "stats": summary}


def _archive_page(today: date, offset: int) -> dict[str, Any]:
    """Past dailies, newest first, ``ARCHIVE_PAGE`` from ``offset`` on."""
    total = max(0, daily.daily_number(today) - 1)
    newest = total - offset
    numbers = range(newest, max(0, newest - ARCHIVE_PAGE), -1)
    return {
        "total": total,
        "offset": offset,
        "entries": [{"number": n, "date": daily.daily_date(n).isoformat()} for n in numbers],
    }
