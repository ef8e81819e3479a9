"""The engine's JSON door for the web worker: ``handle(request) -> response``.

One session (one match in progress) lives in the worker. Every request and
response is a JSON string (strict: no NaN, no Infinity); the JS shim holds no
rule logic: it renders ``view`` and sends back the action the player chose.
A refused request changes nothing in the session.

The page never receives a card its player may not know: a state response
carries the seat's ``view`` and a ``save`` (:mod:`engine.saves`: the record
without its deals, other seats' hidden actions sealed), never the record.

Requests (``op``):

- ``ping`` → ``{"ok": true, "engine": "stichtag", "version": ...}``
- ``catalog``: ``{"today": "YYYY-MM-DD"}`` → what the page may offer without
  knowing any rule: ``{"games": {name: {"title", "default_level", "sets",
  ...}}, "levels", "daily": {"first", "games", "today": {"number", "date"} |
  null, "archive": {"total", "entries": [{"number", "date"}, ...]}},
  "stats_schema"}`` (the newest :data:`ARCHIVE_PAGE` past dailies).
- ``archive``: ``{"today", "offset"}`` → ``{"total", "entries"}``: the next page.
- ``new``: ``{"game", "rules", "seed", "level"?}`` starts a free match.
- ``daily``: ``{"game", "date", "today", "pinned", "level"?}`` opens a daily
  from its pinned file (``puzzles/GAME/DATE.json``, which the worker fetches;
  ``null`` when there is none: refused, never dealt anew); a bad, early or
  future date is refused with a translatable reason. The state response then
  carries ``daily: {"game", "number", "date"}``. Every state response names
  the computers' ``level`` (the request's, else the game's default level).
- ``load``: ``{"save", "daily"?: {"game", "date"}, "today"?, "pinned"?,
  "between_deals"?, "level"?}`` reopens a save; a daily's save must be that
  very daily (game, rules, seed, seats). ``between_deals: true`` reopens a save
  made while a finished deal was on show (the next deal waits for ``deal``).
- ``act``: ``{"action": "BU"}`` — the person's action.
- ``step``: the computer whose turn it is acts; ``played`` names
  ``{"seat", "action", "kind"}`` as the table learns of it (``kind``: ``"card"``
  when a card of the hand was played, ``"call"`` for any other action).
- ``hint``: → ``{"ok": true, "seat", "action", "reason": {"key", "params",
  "text"}}``: what the default computer player would do in the person's seat,
  and why (:mod:`engine.hints`); refused when it is not the person's turn.
  It never changes the session.
- ``tutorial``: ``{"id"}`` opens a tutorial (:mod:`engine.tutorials`; the
  catalog lists them). Its state responses carry ``tutorial: {"id", "title",
  "step", "steps", "complete", "by", "instruction", "explanation", "focus",
  "done", "ending", "lesson", "can_undo"}``; a tutorial never counts in the
  statistics. In a tutorial ``act`` must make the step's move: a legal but
  other move is refused with the step's ``explanation`` (top level of the
  error response) and changes nothing; ``step`` plays the scripted computer
  action; after the last step the match goes on as a free game. Its ``save``
  names the tutorial instead of a seed, and ``load`` reopens it.
- ``undo`` (tutorials only): takes back the person's last action and every
  action after it.
- ``deal``: deals the next deal after a deal is over.
- ``view``: the current state again.
- ``share``: ``{"address", "lang"?, "name"?, "hints"?}`` → ``{"text", "line", "won", "score",
  "par", "code", "link"}`` of the finished daily, worded in ``lang`` (``en`` by
  default; one of :data:`engine.i18n.LANGUAGES`). ``par`` is ``{"score",
  "difference", "text"}`` when the pinned daily has par (else ``null``);
  ``code`` is the friends' code of the game (:mod:`engine.friends`) carrying
  ``name``, and ``link`` the daily's address with it (the share text ends with it); ``hints: true`` says it was played with hints.
- ``friend``: ``{"code", "daily": {"game", "date"}, "today", "pinned"}`` verifies
  a friend's code (or a link with one) by replaying it against that daily →
  ``{"friend": {"game", "date", "number", "name", "level", "result", "par"},
  "code"}``; a code of another daily, or not a legal game of it, is refused
  with a translatable reason. It never changes the session.
- ``review``: ``{"deal"?}`` → ``{"deals": [...], "deal_unit"}``: the finished deals of the match
  (or deal ``deal`` alone, 0-based) with every hand face up, the tricks, and the
  person's marked decisions and key moment (:mod:`engine.review`). A deal still
  in play is never reviewed. It never changes the session.
- ``room``: ``{"do", ...}``: a room with friends (:mod:`engine.rooms.ops`).
- ``stats``: ``{"results": [...], "today", "game"?}`` → :func:`engine.stats.summarize`
  (with ``game``: its ``par_unit`` too, what a difference to par counts).

A state response is ``{"ok": true, "view", "save", "outcome", "turn", "played"?,
"daily"?, "tutorial"?}`` where ``view`` is ``State.view(seat)`` and ``turn`` is
``{"seat", "who"}``: who acts next, ``"person"``, ``"computer"`` (the ``step``
op is due) or ``"none"`` (``seat`` null: a deal is due, or the match is over). Errors:
``{"ok": false, "error": {"key", "params", "text"}}`` (a refused tutorial move
adds ``explanation`` and ``tutorial``).

>>> import json
>>> reply = json.loads(handle(json.dumps({"op": "new", "game": "karnoffel", "seed": "doc"})))
>>> reply["ok"], reply["view"]["phase"], len(reply["view"]["hands"][0]["known"]), "deals" in reply["save"]
(True, 'play', 5, False)
>>> json.loads(handle('{"op": "act", "action": "ZZ"}'))["error"]["text"]
"'ZZ' is not a move of this game."
"""

from __future__ import annotations

import json
from datetime import date
from typing import Any

import engine
from engine import daily, friends, hints, par, players, records, review, saves, stats, tutorials
from engine.core import MatchState
from engine.errors import IllegalActionError, RecordError
from engine.games import GAMES, game_named
from engine.i18n import LANGUAGES
from engine.messages import Message, quoted
from engine.rooms import Room, RoomRefusal
from engine.rooms import ops as room_ops
from engine.tutorials import Tutorial

__all__ = ["ARCHIVE_PAGE", "MAX_REQUEST_CHARS", "Session", "handle"]

#: The longest request accepted (a whole day's save is a few kB).
MAX_REQUEST_CHARS = 1_000_000
#: Past dailies per archive page.
ARCHIVE_PAGE = 100
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


# ------------------------------------------------------------ request fields
def _field(request: dict[str, Any], name: str, kind: type, default: Any = ...) -> Any:
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


def _day(text: Any) -> date:
    day = daily.parse_day(text)
    if day is None:
        raise BridgeError(
            f"{quoted(text)} is not a date (YYYY-MM-DD)", "bad_date", {"text": quoted(text)}
        )
    return day


def _daily_day(text: Any, today: Any) -> date:
    """A daily's date, checked against the player's local ``today``."""
    try:
        return daily.parse_daily_date(text, _day(today))
    except daily.DailyDateError as error:
        raise BridgeError.of(error.reason) from None


def _game(request: dict[str, Any]) -> str:
    name = request.get("game", "karnoffel")
    if game_named(name) is None:
        raise BridgeError(
            f"there is no game {quoted(name)}", "unknown_game", {"game": quoted(name)}
        )
    return str(name)


def _level(request: dict[str, Any]) -> str | None:
    """The request's level (``None``: it names none, so the game's default)."""
    level = request.get("level")
    if level is None:
        return None
    if level not in players.LEVELS:
        raise BridgeError(
            f"unknown player level {quoted(level)}", "bad_level", {"level": quoted(level)}
        )
    return str(level)


def _bad_record(error: RecordError) -> BridgeError:
    return BridgeError(
        f"bad record: {error}", "bad_record", {"index": error.index, "detail": error.detail}
    )


class Session:
    """The match in progress and which seat the person plays."""

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

    # ------------------------------------------------------------ operations
    def op_ping(self, request: dict[str, Any]) -> dict[str, Any]:
        return {"ok": True, "engine": "stichtag", "version": engine.__version__}

    def op_catalog(self, request: dict[str, Any]) -> dict[str, Any]:
        today = _day(request.get("today"))
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
        today = _day(request.get("today"))
        offset = _field(request, "offset", int, 0)
        if offset < 0:
            raise BridgeError("'offset' must be 0 or more", "bad_request", {"field": "offset"})
        return {"ok": True, **_archive_page(today, offset)}

    def op_new(self, request: dict[str, Any]) -> dict[str, Any]:
        seed = _field(request, "seed", str)
        if not seed or len(seed) > MAX_SEED_CHARS:
            raise BridgeError(f"a seed has 1 to {MAX_SEED_CHARS} characters", "bad_request")
        record = {
            "format": records.FORMAT_VERSION,
            "game": _game(request),
            "rules": _field(request, "rules", dict, {}),
            "seed": seed,
            "actions": [],
        }
        return self._open(record, request)

    def op_daily(self, request: dict[str, Any]) -> dict[str, Any]:
        game = _game(request)
        day = _daily_day(request.get("date"), request.get("today"))
        record = _pinned(request, game, day)
        return self._open(record, request, opened_daily=(game, day), pinned=request["pinned"])

    def op_tutorial(self, request: dict[str, Any]) -> dict[str, Any]:
        tutorial = _tutorial(request.get("id"))
        return self._open(tutorial.record(), request, tutorial=tutorial)

    def op_load(self, request: dict[str, Any]) -> dict[str, Any]:
        save = _field(request, "save", dict)
        opened_daily = _field(request, "daily", dict, None)
        between = _field(request, "between_deals", bool, False)
        if "deals" in save:
            raise BridgeError("a save holds no deals", "bad_save")
        if "tutorial" in save:
            if opened_daily is not None:
                raise BridgeError("the saved game is not this daily", "bad_daily_save")
            tutorial = _tutorial(save["tutorial"])
            record = _opened_tutorial(save, tutorial)
            return self._open(record, request, as_left=between, tutorial=tutorial)
        if opened_daily is None:
            record = _opened(save)
            return self._open(record, request, as_left=between)
        game = _game(opened_daily)
        day = _daily_day(opened_daily.get("date"), request.get("today"))
        pinned = _pinned(request, game, day)
        for name in ("game", "rules", "seed"):
            if save.get(name) != pinned[name]:
                raise BridgeError("the saved game is not this daily", "bad_daily_save")
        record = _opened(save, pinned["deals"])
        return self._open(
            record, request, as_left=between, opened_daily=(game, day), pinned=request["pinned"]
        )

    def op_act(self, request: dict[str, Any]) -> dict[str, Any]:
        match = self._require_match()
        action = _field(request, "action", str)
        hand = _notations(match, self.seat)
        reason = match.why_illegal(action, seat=self.seat)
        if reason is not None:
            raise BridgeError.of(reason)
        if self.tutorial is not None:
            why_not = self.tutorial.wrong_move(match, action)
            if why_not is not None:
                # A legal move: a card of the hand, or a call the page names in words.
                if action in hand:
                    refusal = Message.of("tutorial_wrong_card", card=action)
                else:
                    refusal = Message.of("tutorial_wrong_move", action=action)
                extra = {
                    "explanation": why_not.to_json(),
                    "tutorial": self.tutorial.progress(match),
                }
                raise BridgeError.of(refusal, extra)
        try:
            match.apply_action(action, seat=self.seat)
        except IllegalActionError as error:
            raise BridgeError.of(error.reason) from None
        text = match.action_text(match.actions[-1])
        return self._state(played={"seat": self.seat, "action": text, "kind": _kind(text, hand)})

    def op_step(self, request: dict[str, Any]) -> dict[str, Any]:
        match = self._require_match()
        seat = match.current_player()
        if seat < 0 or seat in match.humans:
            raise BridgeError("no computer player is to act now", "no_computer_turn")
        if self.tutorial is not None and not self.tutorial.is_complete(match):
            action = self.tutorial.steps[len(match.actions)].action
        else:
            action = self._par_move(match, seat) or players.choose_action(
                self.level, match.view(seat), players.seed_for(match, seat)
            )
        hand = _notations(match, seat)
        match.apply_action(action, seat=seat)
        text = match.action_text(match.actions[-1])
        public = GAMES[match.GAME].public_form(text)
        return self._state(played={"seat": seat, "action": public, "kind": _kind(text, hand)})

    def op_hint(self, request: dict[str, Any]) -> dict[str, Any]:
        match = self._require_match()
        try:
            advice = hints.hint(match, seat=self.seat)
        except hints.NoHintError as error:
            raise BridgeError.of(error.reason) from None
        return {"ok": True, **advice.to_json()}

    def op_undo(self, request: dict[str, Any]) -> dict[str, Any]:
        match = self._require_match()
        if self.tutorial is None:
            raise BridgeError.of(Message.of("tutorial_only"))
        keep = self.tutorial.undo_point(match)
        if keep is None:
            raise BridgeError.of(Message.of("tutorial_nothing_to_undo"))
        actions = [match.action_text(action) for action in match.actions[:keep]]
        # A replay deals on at once when the kept actions end a deal: the person's
        # step is then the first of the next deal, where the script continues.
        self.match = records.replay(self.tutorial.record(actions))
        return self._state()

    def op_deal(self, request: dict[str, Any]) -> dict[str, Any]:
        match = self._require_match()
        match.settle_chance()
        return self._state()

    def op_view(self, request: dict[str, Any]) -> dict[str, Any]:
        self._require_match()
        return self._state()

    def op_share(self, request: dict[str, Any]) -> dict[str, Any]:
        match = self._require_match()
        if self.daily is None or not match.is_terminal():
            raise BridgeError("only a finished daily can be shared", "not_shareable")
        game, number = self.daily["game"], self.daily["number"]
        day = daily.daily_date(number)
        result = GAMES[game].seat_result(match.outcome(), self.seat)
        address = _field(request, "address", str, "")[:500]
        lang = _language(request)
        try:
            code = friends.encode(match, day, self.level, _field(request, "name", str, ""))
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
            }
        deals = result.deals
        hinted = _field(request, "hints", bool, False)
        return {
            "ok": True,
            "text": daily.share_text(
                game, number, result.won, result.score, deals, link, lang, hinted, par=par_score
            ),
            "line": daily.share_line(
                game, number, result.won, result.score, deals, lang, hinted, par=par_score
            ),
            "won": result.won,
            "score": list(result.score),
            "score_text": daily.score_words(game, result.score, lang),
            "par_unit": GAMES[game].par_unit,
            "par": par_json,
            "code": code,
            "link": link,
        }

    def op_friend(self, request: dict[str, Any]) -> dict[str, Any]:
        try:
            header = friends.read_code(request.get("code"))
        except friends.CodeError as error:
            raise BridgeError.of(error.reason) from None
        wanted = _field(request, "daily", dict)
        game = _game(wanted)
        day = _daily_day(wanted.get("date"), request.get("today"))
        try:
            friends.check_daily(header, game, day)
        except friends.CodeError as error:
            raise BridgeError.of(error.reason) from None
        record = _pinned(request, game, day)
        pinned = {**record, "par": request["pinned"].get("par")}
        try:
            entry = friends.verify(header, pinned)
        except friends.CodeError as error:
            raise BridgeError.of(error.reason) from None
        lang = _language(request)
        return {
            "ok": True,
            "friend": entry.to_json(),
            "code": friends.code_text(request["code"]),
            "score_text": daily.score_words(game, entry.result["score"], lang),
            "par_unit": GAMES[game].par_unit,
        }

    def op_review(self, request: dict[str, Any]) -> dict[str, Any]:
        match = self._require_match()
        if self.tutorial is not None:
            raise BridgeError("a tutorial has no review", "no_review")
        only = _field(request, "deal", int, None)
        finished = len(match.outcome()["deals"])
        wanted = range(finished) if only is None else range(only, min(only + 1, finished))
        record = match.to_record()
        for number in wanted:
            # A finished deal's review never changes: each is judged once per match.
            if number not in self.reviews:
                (self.reviews[number],) = review.review(record, self.seat, only=number)
        deals = [self.reviews[number] for number in wanted]
        return {"ok": True, "deals": deals, "deal_unit": GAMES[match.GAME].deal_unit}

    def op_room(self, request: dict[str, Any]) -> dict[str, Any]:
        try:
            return room_ops.handle(self, request)
        except RoomRefusal as refusal:
            raise BridgeError.of(refusal.reason) from None

    def op_stats(self, request: dict[str, Any]) -> dict[str, Any]:
        today = _day(request.get("today"))
        summary = stats.summarize(request.get("results"), today=daily.daily_number(today))
        if "game" in request:  # what the differences to par count
            summary["par_unit"] = GAMES[_game(request)].par_unit
        return {"ok": True, "stats": summary}

    # --------------------------------------------------------------- helpers
    def _open(
        self,
        record: dict[str, Any],
        request: dict[str, Any],
        *,
        as_left: bool = False,
        opened_daily: tuple[str, date] | None = None,
        tutorial: Tutorial | None = None,
        pinned: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """Replay ``record`` and make it the session's match, all or nothing.

        ``as_left``: the last action's finished deal stays on show until the
        ``deal`` op, as in play. The person's seat must be the record's one
        human seat: any other set of humans would leave the table waiting for
        a person who is not there, or let the computers play the daily. A
        tutorial's match must follow its script (``tutorial``). A daily's
        ``pinned`` file gives its par and par line.
        """
        seat = _field(request, "seat", int, tutorial.seat if tutorial else 0)
        if opened_daily is not None and seat != DAILY_SEAT:
            raise BridgeError(
                f"a daily is played from seat {DAILY_SEAT} (South)", "bad_seat", {"seat": seat}
            )
        asked_level = _level(request)
        record = dict(record)
        humans = record.setdefault("humans", [seat])
        if humans != [seat]:
            raise BridgeError(
                f"the person plays seat {seat}, so the game's human seats must be [{seat}]",
                "bad_seat",
                {"seat": seat},
            )
        try:
            match = _replay_as_left(record) if as_left else records.replay(record)
        except RecordError as error:
            raise _bad_record(error) from None
        if not 0 <= seat < len(match.hands):
            raise BridgeError(f"there is no seat {seat} in this game", "bad_seat", {"seat": seat})
        if tutorial is not None and not tutorial.follows_script(match):
            raise BridgeError.of(Message.of("tutorial_bad_save", id=tutorial.id))
        opened = None
        if opened_daily is not None:
            game, day = opened_daily
            opened = {"game": game, "number": daily.daily_number(day), "date": day.isoformat()}
        level = asked_level or players.default_level(match.GAME)
        response = _state_of(match, seat, tutorial)
        response["level"] = level
        if opened is not None:
            response["daily"] = opened
        self.match, self.seat, self.level, self.daily = match, seat, level, opened
        self.tutorial = tutorial
        if self.room is not None and self.room.started:
            self.room = None  # another match took the table: the room's is over
        self.par = par.par_of(pinned) if opened is not None and pinned is not None else None
        self.par_line = par.ParLine.of(pinned) if opened is not None else None
        self.reviews = {}
        return response

    def _par_move(self, match: MatchState, seat: int) -> str | None:
        """The daily's par game's next move while play has followed it (no search)."""
        if self.par_line is None:
            return None
        action = self.par_line.next_action(match, self.level)
        if action is None or match.why_illegal(action, seat=seat) is not None:
            return None
        return action

    def _require_match(self) -> MatchState:
        if self.match is None:
            raise BridgeError("no match has been started", "no_match")
        return self.match

    def _state(self, played: dict[str, Any] | None = None) -> dict[str, Any]:
        response = _state_of(self._require_match(), self.seat, self.tutorial)
        response["level"] = self.level
        if played is not None:
            response["played"] = played
        if self.daily is not None:
            response["daily"] = self.daily
        if self.room is not None and self.room.started:
            self.room.decorate(response, self._require_match())
        return response


def _state_of(match: MatchState, seat: int, tutorial: Tutorial | None = None) -> dict[str, Any]:
    response = {
        "ok": True,
        "view": match.view(seat),
        "save": saves.save_of(match, seat, tutorial.id if tutorial else None),
        "outcome": match.outcome(),
        "turn": _turn(match),
    }
    if tutorial is not None:
        response["tutorial"] = tutorial.progress(match)
    return response


def _tutorial(name: Any) -> Tutorial:
    tutorial = tutorials.tutorial_named(name)
    if tutorial is None:
        raise BridgeError.of(Message.of("tutorial_unknown", id=quoted(name)))
    return tutorial


def _opened_tutorial(save: dict[str, Any], tutorial: Tutorial) -> dict[str, Any]:
    """The record a tutorial's save stands for: its fields must be the ones the
    tutorial's saves carry (the actions are checked against the script on replay)."""
    plain = _opened(save)
    expected = saves.save_of(tutorial.start(), tutorial.seat, tutorial.id)
    fields = set(expected) | set(plain)
    if any(plain.get(name) != expected.get(name) for name in fields - {"actions"}):
        raise BridgeError.of(Message.of("tutorial_bad_save", id=tutorial.id))
    actions = plain.get("actions", [])
    if not isinstance(actions, list):
        raise _bad_record(RecordError("'actions' must be a list"))
    return tutorial.record(actions)


def _turn(match: MatchState) -> dict[str, Any]:
    """Who acts next: the page waits for the person, or sends ``step`` for a computer."""
    seat = match.current_player()
    if seat < 0:
        return {"seat": None, "who": "none"}
    return {"seat": seat, "who": "person" if seat in match.humans else "computer"}


def _notations(match: MatchState, seat: int) -> list[str]:
    """The cards in ``seat``'s hand, by notation (to tell a card played from a call)."""
    return [card.notation for card in match.hands[seat]]


def _kind(action: str, hand: list[str]) -> str:
    """``"card"`` when ``action`` played one card of the ``hand`` held before it, else
    ``"call"`` (a bid, a show, a reservation, a poverty exchange of three cards)."""
    return "card" if action in hand else "call"


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


def _pinned(request: dict[str, Any], game: str, day: date) -> dict[str, Any]:
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


def _language(request: dict[str, Any]) -> str:
    lang = _field(request, "lang", str, "en")
    if lang not in LANGUAGES:
        raise BridgeError(
            f"there is no language {quoted(lang)}", "unknown_language", {"lang": quoted(lang)}
        )
    return str(lang)


def _opened(save: dict[str, Any], deals: list[Any] | None = None) -> dict[str, Any]:
    try:
        return saves.opened(save, deals)
    except RecordError as error:
        raise _bad_record(error) from None


def _replay_as_left(record: dict[str, Any]) -> MatchState:
    """:func:`records.replay` without dealing the next deal after the last action.

    A replay deals each next deal as soon as the previous one ends; in play the
    table first shows the deal's result and deals on the ``deal`` op, so a save
    made between deals reopens this way.
    """
    actions = record.get("actions")
    if not isinstance(actions, list) or not actions:
        return records.replay(record)
    match = records.replay(dict(record, actions=actions[:-1]))
    records.apply_recorded(match, actions[-1], len(actions) - 1)
    return match


_SESSION = Session()


def warm_up() -> None:
    """Run what a page's first requests run (the catalog; a match of every game
    opened, loaded and hinted), then start a fresh session: the worker calls
    this before it takes a memory snapshot, so that a restored engine has done
    that work once and no match of the warm-up survives into a visit."""
    global _SESSION

    def call(**request: Any) -> dict[str, Any]:
        reply: dict[str, Any] = json.loads(handle(json.dumps(request)))
        return reply

    call(op="catalog", today=daily.FIRST_DAILY.isoformat())
    for game in GAMES:
        opened = call(op="new", game=game, seed="warm-up", level="random")
        if opened.get("ok"):
            call(op="load", save=opened["save"])
            call(op="hint")
    _SESSION = Session()


def handle(request_json: str) -> str:
    """Answer one JSON request with one JSON response (both ``str``)."""
    try:
        if len(request_json) > MAX_REQUEST_CHARS:
            raise BridgeError(
                f"a request may be at most {MAX_REQUEST_CHARS} characters", "bad_request"
            )
        try:
            request = records.parse_json(request_json)
        except ValueError as error:  # not JSON, NaN, a number too long, too deep
            raise BridgeError(f"not a JSON request: {str(error)[:200]}", "bad_request") from None
        if not isinstance(request, dict):
            raise BridgeError("a request is a JSON object", "bad_request")
        op = request.get("op")
        method = getattr(_SESSION, f"op_{op}", None) if isinstance(op, str) else None
        if method is None:
            raise BridgeError(f"unknown op {quoted(op)}", "unknown_op", {"op": quoted(op)})
        response = method(request)
    except BridgeError as error:
        response = {"ok": False, "error": error.payload, **error.extra}
    except Exception as error:  # noqa: BLE001 -- an engine bug: report it, keep the session usable
        text = f"internal error: {type(error).__name__}: {str(error)[:200]}"
        response = {"ok": False, "error": {"key": "internal_error", "params": {}, "text": text}}
    return json.dumps(response, ensure_ascii=False, allow_nan=False)
