"""The engine's JSON door for the web worker: ``handle(request) -> response``.

One session (one match in progress) lives in the worker. Every request and
response is a JSON string (strict: no NaN, no Infinity); the JS shim holds no
rule logic: it renders ``view`` and sends back the action the player chose.
A refused request changes nothing in the session. :func:`handle` is the one
door; the table's operations live here, those on results (catalog, share,
friend, review, stats) in :mod:`engine.bridge_results`, reading a request's
fields and its refusals in :mod:`engine.bridge_requests`.

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
  "step", "steps", "stop", "stops", "complete", "by", "waits", "instruction",
  "explanation", "focus", "done", "ending", "lesson", "can_undo"}`` (``done``:
  a list of messages; see :mod:`engine.tutorials` for stops); a tutorial never counts in the
  statistics. In a tutorial ``act`` must make the step's move: a legal but
  other move is refused with the step's ``explanation`` (top level of the
  error response) and changes nothing; ``step`` plays the scripted computer
  action; after the last step the match goes on as a free game. Its ``save``
  names the tutorial instead of a seed, and ``load`` reopens it.
- ``undo`` (tutorials only): takes back the person's last action and every
  action after it.
- ``deal``: deals the next deal after a deal is over.
- ``view``: the current state again.
- ``share``: ``{"address", "lang"?, "name"?, "hints"?}`` → ``{"text", "line", "verdict",
  "won", "score", "par", "code", "link"}`` of the finished daily, worded in ``lang`` (``en``
  by default; one of :data:`engine.i18n.LANGUAGES`). The share text ends with
  ``address`` alone; ``verdict`` says who won ("You won 7–2"). ``par`` is
  ``{"score", "difference", "text", "sentence"}`` when the pinned daily has par
  (else ``null``; ``sentence``: par in plain words); ``code`` is the friends'
  code of the game (:mod:`engine.friends`) carrying ``name``, and ``link`` the
  daily's address with it; ``hints: true`` says it was played with hints.
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
"daily"?, "tutorial"?, "suggest"?}`` where ``view`` is ``State.view(seat)`` and ``turn`` is
``{"seat", "who"}``: who acts next, ``"person"``, ``"computer"`` (the ``step``
op is due) or ``"none"`` (``seat`` null: a deal is due, or the match is over);
``suggest: true`` when the person's decision is one a page shows the engine's
suggestion for (``Game.suggested_phases``, from the ``hint`` op). Errors:
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
from typing import TYPE_CHECKING, Any

import engine
from engine import daily, par, players, records, saves
from engine.bridge_requests import (
    DAILY_SEAT,
    MAX_SEED_CHARS,
    BridgeError,
    bad_record,
    daily_day,
    game_of,
    level_of,
    opened_save,
    pinned_of,
    request_field,
    tutorial_of,
)
from engine.bridge_results import ARCHIVE_PAGE, ResultOps
from engine.core import MatchState
from engine.errors import IllegalActionError, RecordError
from engine.games import GAMES
from engine.messages import Message, quoted

if TYPE_CHECKING:
    from engine.tutorials import Tutorial

__all__ = ["ARCHIVE_PAGE", "MAX_REQUEST_CHARS", "BridgeError", "Session", "handle", "warm_up"]

#: The longest request accepted (a whole day's save is a few kB).
MAX_REQUEST_CHARS = 1_000_000


class Session(ResultOps):
    """The match in progress and which seat the person plays: the table's
    operations here, the results' in :class:`engine.bridge_results.ResultOps`."""

    # ------------------------------------------------------------ operations
    def op_ping(self, request: dict[str, Any]) -> dict[str, Any]:
        return {"ok": True, "engine": "stichtag", "version": engine.__version__}

    def op_new(self, request: dict[str, Any]) -> dict[str, Any]:
        seed = request_field(request, "seed", str)
        if not seed or len(seed) > MAX_SEED_CHARS:
            raise BridgeError.of(Message.of("bad_seed", most=MAX_SEED_CHARS))
        record = {
            "format": records.FORMAT_VERSION,
            "game": game_of(request),
            "rules": request_field(request, "rules", dict, {}),
            "seed": seed,
            "actions": [],
        }
        return self._open(record, request)

    def op_daily(self, request: dict[str, Any]) -> dict[str, Any]:
        game = game_of(request)
        day = daily_day(request.get("date"), request.get("today"))
        record = pinned_of(request, game, day)
        return self._open(record, request, opened_daily=(game, day), pinned=request["pinned"])

    def op_tutorial(self, request: dict[str, Any]) -> dict[str, Any]:
        tutorial = tutorial_of(request.get("id"))
        return self._open(tutorial.record(), request, tutorial=tutorial)

    def op_load(self, request: dict[str, Any]) -> dict[str, Any]:
        save = request_field(request, "save", dict)
        opened_daily = request_field(request, "daily", dict, None)
        between = request_field(request, "between_deals", bool, False)
        if "deals" in save:
            raise BridgeError("a save holds no deals", "bad_save")
        if "tutorial" in save:
            if opened_daily is not None:
                raise BridgeError("the saved game is not this daily", "bad_daily_save")
            tutorial = tutorial_of(save["tutorial"])
            record = opened_save(save)
            return self._open(record, request, as_left=between, tutorial=tutorial)
        if opened_daily is None:
            record = opened_save(save)
            return self._open(record, request, as_left=between)
        game = game_of(opened_daily)
        day = daily_day(opened_daily.get("date"), request.get("today"))
        pinned = pinned_of(request, game, day)
        for name in ("game", "rules", "seed"):
            if save.get(name) != pinned[name]:
                raise BridgeError("the saved game is not this daily", "bad_daily_save")
        record = opened_save(save, pinned["deals"])
        return self._open(
            record, request, as_left=between, opened_daily=(game, day), pinned=request["pinned"]
        )

    def op_act(self, request: dict[str, Any]) -> dict[str, Any]:
        match = self._require_moving()
        action = request_field(request, "action", str)
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
        match = self._require_moving()
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
        from engine import hints  # with the players it asks: imported when first needed

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
        match = self._require_moving()
        match.settle_chance()
        return self._state()

    def op_view(self, request: dict[str, Any]) -> dict[str, Any]:
        self._require_match()
        return self._state()

    def op_room(self, request: dict[str, Any]) -> dict[str, Any]:
        from engine.rooms import RoomRefusal
        from engine.rooms import ops as room_ops

        try:
            return room_ops.handle(self, request)
        except RoomRefusal as refusal:
            raise BridgeError.of(refusal.reason) from None

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
        seat = request_field(request, "seat", int, tutorial.seat if tutorial else 0)
        if opened_daily is not None and seat != DAILY_SEAT:
            raise BridgeError(
                f"a daily is played from seat {DAILY_SEAT} (South)", "bad_seat", {"seat": seat}
            )
        asked_level = level_of(request)
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
            raise bad_record(error) from None
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
    view, turn = match.view(seat), _turn(match)
    response: dict[str, Any] = {
        "ok": True,
        "view": view,
        "save": saves.save_of(match, seat, tutorial.id if tutorial else None),
        "outcome": match.outcome(),
        "turn": turn,
    }
    if tutorial is not None:
        response["tutorial"] = tutorial.progress(match)
    if turn["who"] == "person" and view["phase"] in GAMES[view["game"]].suggested_phases:
        response["suggest"] = True  # the page asks the ``hint`` op and marks its answer
    return response


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
