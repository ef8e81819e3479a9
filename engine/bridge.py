"""The engine's JSON door for the web worker: ``handle(request) -> response``.

One session (one match in progress) lives in the worker. Every request and
response is a JSON string; the JS shim holds no rule logic: it renders
``view`` and sends back the action the player chose.

Requests (``op``):

- ``ping`` → ``{"ok": true, "engine": "stichtag", "version": ...}``
- ``new``: ``{"game": "karnoffel", "rules": {...}, "seed": "...", "seat": 0,
  "level": "random"?}`` starts a match (chance settled).
- ``load``: ``{"record": {...}, "seat": 0, "between_deals": false}`` replays a
  saved record; ``between_deals: true`` reopens a record saved while a
  finished deal was on show (the next deal waits for the ``deal`` op)
  instead of dealing on.
- ``act``: ``{"action": "BU"}`` — the human seat's action.
- ``step``: the computer whose turn it is acts; the response names
  ``{"seat", "action"}`` in ``played``.
- ``deal``: deals the next deal after a deal is over (the table shows the
  deal's result until the player continues).
- ``view``: the current state again.
- ``daily``: ``{"game", "date", "today", "pinned": <puzzles/GAME/DATE.json>?}``
  opens a daily (``today`` is the player's local date; a bad, early or
  future date is refused with a translatable reason); without ``pinned``
  the deals are generated from the daily's seed. The state response then
  carries ``daily: {"game", "number", "date"}``.
- ``share``: ``{"address"}`` → ``{"text", "line"}``, the spoiler-free result
  of the finished daily in progress.
- ``stats``: ``{"results": [...], "today": "YYYY-MM-DD"}`` → the summary of
  :func:`engine.stats.summarize`.
- ``catalog``: ``{"today": "YYYY-MM-DD"}`` → what the page may offer without
  knowing any rule: ``{"games": {"karnoffel": {"sets": [{"name", "targets",
  "default_target", "players"}], "faces": [...]}}, "daily": {"first",
  "games", "today": {"number", "date"} | null, "archive": [{"number",
  "date"}, ...]}, "stats_schema"}`` (``today`` is null before the first
  daily; ``archive`` lists every past daily, newest first).

A state response is ``{"ok": true, "view": <seat's view>, "record": <the
game record so far>, "outcome": {...}, "played": {...}?}`` where ``view`` is
``State.view(seat)`` (see :mod:`engine.karnoffel.state`): ``phase``
(``play``/``show``/``bid``/``deal`` = between deals/``over``), ``to_act``,
``hands[i] = {"known": [...], "count": n}``, ``trick``, ``played`` (this
deal's completed tricks with ``reason``/``notes`` messages), ``legal``,
``hand_reasons`` (why each unplayable card is unplayable), ``results``,
``scores``, ``chosen``, ``specials``, ``face_up``, ``bid``, ``shows``.

Errors: ``{"ok": false, "error": {"key", "params", "text"}}``; nothing
changes in the session.

>>> import json
>>> reply = json.loads(handle(json.dumps({"op": "new", "game": "karnoffel", "seed": "doc"})))
>>> reply["ok"], reply["view"]["phase"], len(reply["view"]["hands"][0]["known"])
(True, 'play', 5)
>>> json.loads(handle('{"op": "act", "action": "ZZ"}'))["error"]["text"]
"'ZZ' is not an action of this game."
"""

from __future__ import annotations

import json
from datetime import date
from typing import Any

import engine
from engine import daily, players, records, stats
from engine.errors import IllegalActionError, RecordError
from engine.messages import Message

__all__ = ["Session", "handle"]


class BridgeError(Exception):
    def __init__(
        self, text: str, key: str = "bridge_error", params: dict[str, Any] | None = None
    ) -> None:
        super().__init__(text)
        self.payload = {"key": key, "params": params or {}, "text": text}

    @classmethod
    def of(cls, reason: Message) -> BridgeError:
        return cls(reason.text, reason.key, dict(reason.params))


class Session:
    """The match in progress and which seat the person plays."""

    def __init__(self) -> None:
        self.match: Any = None
        self.seat = 0
        self.level = players.DEFAULT_LEVEL
        self.daily: dict[str, Any] | None = None

    # ------------------------------------------------------------ operations
    def op_ping(self, request: dict[str, Any]) -> dict[str, Any]:
        return {"ok": True, "engine": "stichtag", "version": engine.__version__}

    def op_new(self, request: dict[str, Any]) -> dict[str, Any]:
        record = {
            "format": records.FORMAT_VERSION,
            "game": request.get("game", "karnoffel"),
            "rules": request.get("rules", {}),
            "seed": request.get("seed"),
            "actions": [],
        }
        if "deals" in request:
            record["deals"] = request["deals"]
        return self._start(record, request)

    def op_load(self, request: dict[str, Any]) -> dict[str, Any]:
        record = request.get("record")
        opened = request.get("daily")
        if opened is not None:
            # A saved daily: check it is the daily it claims to be.
            day = _parse_date(
                opened.get("date") if isinstance(opened, dict) else None, request.get("today")
            )
            game = opened.get("game", "karnoffel")
            if not isinstance(record, dict) or record.get("seed") != daily.daily_seed(game, day):
                raise BridgeError("the saved game is not this daily", "bad_daily_save")
        response = self._start(record, request, as_left=request.get("between_deals") is True)
        if opened is not None:
            self.daily = {"game": game, "number": daily.daily_number(day), "date": day.isoformat()}
            response["daily"] = self.daily
        return response

    def op_daily(self, request: dict[str, Any]) -> dict[str, Any]:
        game = request.get("game", "karnoffel")
        if game not in daily.DAILY_GAMES:
            raise BridgeError(f"there is no daily for {game!r}", "unknown_game", {"game": game})
        day = _parse_date(request.get("date"), request.get("today"))
        expected = daily.pinned_daily(game, day)
        pinned = request.get("pinned")
        if pinned is not None:
            if not isinstance(pinned, dict) or pinned.get("seed") != expected["seed"]:
                raise BridgeError(
                    "the pinned daily file does not belong to this date", "bad_pinned_daily"
                )
            expected = pinned
        response = self._start(expected, request)
        self.daily = {"game": game, "number": daily.daily_number(day), "date": day.isoformat()}
        response["daily"] = self.daily
        return response

    def op_share(self, request: dict[str, Any]) -> dict[str, Any]:
        match = self._require_match()
        if self.daily is None or not match.is_terminal():
            raise BridgeError("only a finished daily can be shared", "not_shareable")
        game, number = self.daily["game"], self.daily["number"]
        outcome = match.outcome()
        if game == "doppelkopf":
            score, won, deals_won = _doppelkopf_result(outcome, self.seat)
        else:
            team = self.seat % 2
            score = (outcome["score"][team], outcome["score"][1 - team])
            won = outcome["winner"] == team
            deals_won = [deal["winner"] == team for deal in outcome["deals"]]
        address = str(request.get("address", ""))
        return {
            "ok": True,
            "text": daily.share_text(game, number, won, score, deals_won, address),
            "line": daily.share_line(game, number, won, score, deals_won),
            "won": won,
        }

    def op_stats(self, request: dict[str, Any]) -> dict[str, Any]:
        today = _parse_iso(request.get("today"))
        summary = stats.summarize(request.get("results"), today=daily.daily_number(today))
        return {"ok": True, "stats": summary}

    def op_catalog(self, request: dict[str, Any]) -> dict[str, Any]:
        from engine.doppelkopf.rules import Variant
        from engine.karnoffel.rules import RULE_SETS

        today = _parse_iso(request.get("today"))
        sets = [
            {
                "name": rule_set.value,
                "targets": list(spec.targets),
                "default_target": spec.default_target,
                "players": list(spec.player_counts),
            }
            for rule_set, spec in RULE_SETS.items()
        ]
        todays = None
        if today >= daily.FIRST_DAILY:
            todays = {"number": daily.daily_number(today), "date": today.isoformat()}
        archive = [
            {"number": number, "date": daily.daily_date(number).isoformat()}
            for number in range(daily.daily_number(today) - 1, 0, -1)
        ]
        return {
            "ok": True,
            "games": {
                "karnoffel": {"sets": sets, "faces": ["german", "french"]},
                "doppelkopf": {
                    "sets": [{"name": "standard"}],
                    "variants": [v.value for v in Variant],
                },
            },
            "daily": {
                "first": daily.FIRST_DAILY.isoformat(),
                "games": sorted(daily.DAILY_GAMES),
                "today": todays,
                "archive": archive,
            },
            "stats_schema": stats.STATS_SCHEMA,
        }

    def _start(self, record: Any, request: dict[str, Any], as_left: bool = False) -> dict[str, Any]:
        """Replay ``record`` as the session's match. ``as_left``: the last action's
        finished deal stays on show until the ``deal`` op, as in play."""
        seat = request.get("seat", 0)
        level = request.get("level", self.level)
        if level not in players.LEVELS:
            raise BridgeError(f"unknown player level {level!r}", "bad_level", {"level": level})
        if isinstance(record, dict) and "humans" not in record:
            record = dict(record, humans=[seat])
        try:
            match = _replay_as_left(record) if as_left else records.replay(record)
        except RecordError as error:
            raise BridgeError(
                f"bad record: {error}", "bad_record", {"index": error.index, "detail": error.detail}
            ) from None
        self.match, self.seat, self.level = match, seat, level
        self.daily = None
        return self._state()

    def op_act(self, request: dict[str, Any]) -> dict[str, Any]:
        match = self._require_match()
        action = request.get("action")
        if not isinstance(action, str):
            raise BridgeError("an action is a string", "bad_action")
        try:
            match.apply_action(action, seat=self.seat)
        except IllegalActionError as error:
            raise BridgeError.of(error.reason) from None
        return self._state(played={"seat": self.seat, "action": action})

    def op_step(self, request: dict[str, Any]) -> dict[str, Any]:
        match = self._require_match()
        seat = match.current_player()
        if seat < 0 or seat in getattr(match, "humans", (self.seat,)):
            raise BridgeError("no computer player is to act now", "no_computer_turn")
        action = players.choose_action(self.level, match.view(seat), players.seed_for(match, seat))
        match.apply_action(action, seat=seat)
        return self._state(played={"seat": seat, "action": action})

    def op_deal(self, request: dict[str, Any]) -> dict[str, Any]:
        match = self._require_match()
        match.settle_chance()
        return self._state()

    def op_view(self, request: dict[str, Any]) -> dict[str, Any]:
        self._require_match()
        return self._state()

    # --------------------------------------------------------------- helpers
    def _require_match(self) -> Any:
        if self.match is None:
            raise BridgeError("no match has been started", "no_match")
        return self.match

    def _state(self, played: dict[str, Any] | None = None) -> dict[str, Any]:
        match = self.match
        response: dict[str, Any] = {
            "ok": True,
            "view": match.view(self.seat),
            "record": match.to_record(),
            "outcome": match.outcome(),
        }
        if played is not None:
            response["played"] = played
        return response


def _doppelkopf_result(
    outcome: dict[str, Any], seat: int
) -> tuple[tuple[int, int], bool, list[bool | None]]:
    """A Doppelkopf match from ``seat``: (own score, best other score), whether
    the seat has the (shared) best score, and per hand whether its party won
    (``None``: nobody won the hand)."""
    scores = outcome["score"]
    best_other = max(points for other, points in enumerate(scores) if other != seat)
    won = seat in (outcome["winner"] or [])
    hands: list[bool | None] = []
    for hand in outcome["deals"]:
        if hand["winner"] is None:
            hands.append(None)
        else:
            party = "re" if seat in hand["re"] else "kontra"
            hands.append(hand["winner"] == party)
    return (scores[seat], best_other), won, hands


def _replay_as_left(record: Any) -> Any:
    """:func:`records.replay` without dealing the next deal after the last action.

    A replay deals each next deal as soon as the previous one ends; in play the
    table first shows the deal's result and deals on the ``deal`` op, so a save
    made between deals reopens this way.
    """
    actions = record.get("actions") if isinstance(record, dict) else None
    if not isinstance(actions, list) or not actions:
        return records.replay(record)
    match = records.replay(dict(record, actions=actions[:-1]))
    index, last = len(actions) - 1, actions[-1]
    if not isinstance(last, str):
        raise RecordError(f"an action is a string, not {last!r}", index)
    if match.is_terminal():
        raise RecordError("the match is already over", index)
    try:
        match.apply_action(last)
    except IllegalActionError as error:
        raise RecordError(str(error), index) from None
    return match


def _parse_iso(text: Any) -> date:
    try:
        return date.fromisoformat(text)
    except (TypeError, ValueError):
        raise BridgeError(
            f"{text!r} is not a date (YYYY-MM-DD)", "bad_date", {"text": str(text)}
        ) from None


def _parse_date(text: Any, today: Any) -> date:
    """A daily's date, checked against the player's local ``today``."""
    try:
        return daily.parse_daily_date(text if isinstance(text, str) else "", _parse_iso(today))
    except daily.DailyDateError as error:
        raise BridgeError.of(error.reason) from None


_SESSION = Session()


def handle(request_json: str) -> str:
    """Answer one JSON request with one JSON response (both ``str``)."""
    try:
        if records.nested_too_deeply(request_json):
            raise BridgeError(
                f"a request may nest at most {records.MAX_NESTING} deep", "bad_request"
            )
        request = json.loads(request_json)
        if not isinstance(request, dict):
            raise BridgeError("a request is a JSON object", "bad_request")
        op = request.get("op")
        method = getattr(_SESSION, f"op_{op}", None) if isinstance(op, str) else None
        if method is None:
            raise BridgeError(f"unknown op {op!r}", "unknown_op", {"op": op})
        response = method(request)
    except BridgeError as error:
        response = {"ok": False, "error": error.payload}
    except ValueError as error:  # bad JSON
        response = {"ok": False, "error": {"key": "bad_request", "params": {}, "text": str(error)}}
    except Exception as error:  # noqa: BLE001 -- an engine bug: report it, keep the session usable
        text = f"internal error: {type(error).__name__}: {error}"
        response = {"ok": False, "error": {"key": "internal_error", "params": {}, "text": text}}
    return json.dumps(response, ensure_ascii=False)
