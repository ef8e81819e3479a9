"""The bridge's requests (:mod:`engine.bridge`): reading their fields, the
refusals, and what a session holds.

Every refusal is a :class:`BridgeError` carrying a translatable reason, so a bad
request gets a clear message in the person's language and changes nothing.
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Any

from engine import daily, par, players, records, saves
from engine.core import MatchState
from engine.errors import RecordError
from engine.games import GAMES, game_named
from engine.i18n import LANGUAGES
from engine.messages import Message, quoted

if TYPE_CHECKING:
    from engine.rooms import Room
    from engine.tutorials import Tutorial

__all__ = [
    "DAILY_SEAT",
    "MAX_SEED_CHARS",
    "BridgeError",
    "SessionData",
    "bad_record",
    "daily_day",
    "game_of",
    "language_of",
    "level_of",
    "opened_save",
    "pinned_of",
    "request_day",
    "request_field",
    "tutorial_of",
]

#: The longest seed a free game may have.
MAX_SEED_CHARS = 200
#: Everyone plays a daily from the same seat, South (``product.md``).
DAILY_SEAT = 0


class BridgeError(Exception):
    def __init__(
        self,
        text: str,
        key: str = "bridge_error",
        params: dict[str, Any] | None = None,
        extra: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(text)
        self.payload = {"key": key, "params": params or {}, "text": text}
        #: Further fields of the error response (a refused tutorial move's explanation).
        self.extra = extra or {}

    @classmethod
    def of(cls, reason: Message, extra: dict[str, Any] | None = None) -> BridgeError:
        return cls(reason.text, reason.key, dict(reason.params), extra)


def request_field(request: dict[str, Any], name: str, kind: type, default: Any = ...) -> Any:
    """``request[name]`` if it is of ``kind`` (``default`` when absent, if given)."""
    if name not in request:
        if default is ...:
            raise BridgeError(f"the request needs '{name}'", "bad_request", {"field": name})
        return default
    value = request[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise BridgeError(
            f"'{name}' must be a {kind.__name__}, not {quoted(value)}",
            "bad_request",
            {"field": name},
        )
    return value


def request_day(text: Any) -> date:
    day = daily.parse_day(text)
    if day is None:
        raise BridgeError(
            f"{quoted(text)} is not a date (YYYY-MM-DD)", "bad_date", {"text": quoted(text)}
        )
    return day


def daily_day(text: Any, today: Any) -> date:
    """A daily's date, checked against the player's local ``today``."""
    try:
        return daily.parse_daily_date(text, request_day(today))
    except daily.DailyDateError as error:
        raise BridgeError.of(error.reason) from None


def game_of(request: dict[str, Any]) -> str:
    name = request.get("game", "karnoffel")
    if game_named(name) is None:
        raise BridgeError(
            f"there is no game {quoted(name)}", "unknown_game", {"game": quoted(name)}
        )
    return str(name)


def level_of(request: dict[str, Any]) -> str | None:
    """The request's level (``None``: it names none, so the game's default)."""
    level = request.get("level")
    if level is None:
        return None
    if level not in players.LEVELS:
        raise BridgeError(
            f"unknown player level {quoted(level)}", "bad_level", {"level": quoted(level)}
        )
    return str(level)


def bad_record(error: RecordError) -> BridgeError:
    return BridgeError(
        f"bad record: {error}", "bad_record", {"index": error.index, "detail": error.detail}
    )


def tutorial_of(name: Any) -> Tutorial:
    from engine import tutorials  # its scripts are checked when first loaded

    tutorial = tutorials.tutorial_named(name)
    if tutorial is None:
        raise BridgeError.of(Message.of("tutorial_unknown", id=quoted(name)))
    return tutorial


def pinned_of(request: dict[str, Any], game: str, day: date) -> dict[str, Any]:
    """The pinned daily of ``game`` on ``day`` as the worker read it from
    ``puzzles/``: refused when there is none, or when it is another daily."""
    pinned = request.get("pinned")
    if pinned is None:
        reason = Message.of("daily_not_pinned", date=day.isoformat())
        raise BridgeError.of(reason)
    expected = {
        "format": records.FORMAT_VERSION,
        "game": game,
        "rules": GAMES[game].daily.rules,
        "seed": daily.daily_seed(game, day),
        "actions": [],
    }
    if not isinstance(pinned, dict) or any(pinned.get(k) != v for k, v in expected.items()):
        raise BridgeError("the pinned daily file does not belong to this date", "bad_pinned_daily")
    if not isinstance(pinned.get("deals"), list):
        raise BridgeError("the pinned daily file has no deals", "bad_pinned_daily")
    return {**expected, "deals": pinned["deals"]}


def language_of(request: dict[str, Any]) -> str:
    lang = request_field(request, "lang", str, "en")
    if lang not in LANGUAGES:
        raise BridgeError(
            f"there is no language {quoted(lang)}", "unknown_language", {"lang": quoted(lang)}
        )
    return str(lang)


def opened_save(save: dict[str, Any], deals: list[Any] | None = None) -> dict[str, Any]:
    try:
        return saves.record_of(save, deals)
    except RecordError as error:
        raise bad_record(error) from None
    except saves.SaveError as error:
        raise BridgeError.of(error.reason) from None


class SessionData:
    """What a session holds: the match in progress and which seat the person plays."""

    def __init__(self) -> None:
        self.match: MatchState | None = None
        self.seat = 0
        self.level = ""  # the computers' level, set with the match
        self.daily: dict[str, Any] | None = None
        #: The open daily's pinned par (``None``: none pinned, or not a daily).
        self.par: dict[str, Any] | None = None
        #: The open daily's par game: its computers' moves while play follows it.
        self.par_line: par.ParLine | None = None
        #: The reviews of the match's finished deals, by deal number (op ``review``).
        self.reviews: dict[int, dict[str, Any]] = {}
        self.tutorial: Tutorial | None = None
        #: A room with friends (:mod:`engine.rooms`): set up, then its match is this one.
        self.room: Room | None = None
        self.room_start: dict[str, Any] | None = None

    def _require_match(self) -> MatchState:
        if self.match is None:
            raise BridgeError("no match has been started", "no_match")
        return self.match

    def _require_moving(self) -> MatchState:
        """The match, for a move: none while a room's table waits for a friend who
        dropped out (the host's own moves and its computers' wait too)."""
        match = self._require_match()
        if self.room is not None and self.room.started and self.room.waiting_for():
            raise BridgeError.of(Message.of("room_paused"))
        return match
