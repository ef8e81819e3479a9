"""The bridge's ``room`` op: ``{"op": "room", "do": ..., ...}``.

- ``open``: ``{"id", "host_seat", "seats": [{"kind", "name"?, "secret"?}],
  "game", "rules"?, "seed"? | "daily": "YYYY-MM-DD" + "today", "level"?}`` sets
  up a room (the table keeps its game until ``start``) → ``{"ok", "room"}``.
- ``guest``: ``{"seat", "message"}``: a guest's message as it came from the
  data channel of ``seat`` (:mod:`engine.rooms.room`) → ``{"ok": true, "to":
  seat, "reply": {...}}`` plus, once the match runs and the message changed it,
  the host's state response. ``reply`` goes to that guest: its ``state``, a
  ``welcome`` before the start, or ``refused`` with the reason (nothing changed).
- ``start``: friends' seats not taken go to computers; the match begins.
- ``away``: ``{"seat", "away"}``: a guest's connection dropped (the table
  waits) or came back.
- ``computer``: ``{"seat"}``: a computer takes a friend's seat for good.
- ``rematch``: ``{"seed"}``: once the match is over, a new one with the same
  seats, rules and computers, on new deals.
- ``resume``: ``{"save"}``: the room again from the host's save (a host reload);
  every friend is away until re-invited.

Once started, every host state response carries ``room`` (:meth:`Room.decorate`):
each guest's state message and the save, a record ``python -m engine replay`` accepts.
"""

from __future__ import annotations

from typing import Any, Protocol

from engine import daily, players, records
from engine.core import MatchState
from engine.errors import RecordError
from engine.games import GAMES, game_named
from engine.messages import Message
from engine.rooms.room import GuestMessage, Room, RoomRefusal, parse_guest_message

__all__ = ["HostSession", "handle"]

#: The longest seed of a room's new deals.
MAX_SEED_CHARS = 200


class HostSession(Protocol):
    """What the room needs of the bridge's session (``engine.bridge.Session``)."""

    match: MatchState | None
    seat: int
    level: str
    daily: dict[str, Any] | None
    par: dict[str, Any] | None
    par_line: Any
    reviews: dict[int, dict[str, Any]]
    tutorial: Any
    room: Room | None
    room_start: dict[str, Any] | None

    def _state(self, played: dict[str, Any] | None = None) -> dict[str, Any]: ...


def _refuse(key: str, **params: object) -> RoomRefusal:
    return RoomRefusal(Message.of(key, **params))


def _room(session: HostSession) -> Room:
    if session.room is None:
        raise _refuse("room_none")
    return session.room


def _int(request: dict[str, Any], name: str) -> int:
    value = request.get(name)
    if not isinstance(value, int) or isinstance(value, bool):
        raise _refuse("room_bad_setup")
    return value


def _start_record(request: dict[str, Any]) -> dict[str, Any]:
    """The record the room's match starts from: new deals from a seed, or a daily's."""
    game = request.get("game")
    if not isinstance(game, str) or game_named(game) is None:
        raise _refuse("room_bad_setup")
    record: dict[str, Any] = {"format": records.FORMAT_VERSION, "game": game, "actions": []}
    if "daily" in request:
        try:
            day = daily.parse_daily_date(
                request["daily"], daily.parse_day(request.get("today")) or daily.FIRST_DAILY
            )
        except daily.DailyDateError as error:
            raise RoomRefusal(error.reason) from None
        setup = GAMES[game].daily
        record["rules"] = setup.rules
        record["seed"] = daily.daily_seed(game, day)
        record["deals"] = setup.make_deals(record["seed"], setup.deals)
        return record
    seed, rules = request.get("seed"), request.get("rules", {})
    if (
        not isinstance(seed, str)
        or not 0 < len(seed) <= MAX_SEED_CHARS
        or not isinstance(rules, dict)
    ):
        raise _refuse("room_bad_setup")
    record["rules"], record["seed"] = rules, seed
    return record


def _replayed(record: dict[str, Any]) -> MatchState:
    try:
        return records.replay(record)
    except RecordError as error:
        raise _refuse("room_bad_save", detail=str(error)[:200]) from None


def _level(request: dict[str, Any], game: str) -> str:
    level = request.get("level")
    if level is None:
        return players.default_level(game)
    if level not in players.LEVELS:
        raise _refuse("room_bad_setup")
    return str(level)


def _take_over(session: HostSession, match: MatchState, room: Room, level: str) -> None:
    """The room's match becomes the session's: the host plays its seat."""
    session.match, session.seat, session.level = match, room.host_seat, level
    session.daily = session.par = session.par_line = session.tutorial = None
    session.reviews = {}
    session.room = room


def op_open(session: HostSession, request: dict[str, Any]) -> dict[str, Any]:
    record = _start_record(request)
    room = Room.of(request.get("id"), _int(request, "host_seat"), request.get("seats"))
    # The seats must be the game's: try the match once, all or nothing.
    match = _replayed(record)
    if len(match.hands) != len(room.seats):
        raise _refuse("room_bad_setup")
    session.room, session.room_start = room, {**record, "level": _level(request, record["game"])}
    return {"ok": True, "room": room.part(None, room.host_seat)}


def op_start(session: HostSession, request: dict[str, Any]) -> dict[str, Any]:
    room = _room(session)
    if room.started or session.room_start is None:
        raise _refuse("room_started")
    for seat in room.friend_seats():
        if not room.seats[seat].token:
            room.give_to_computer(seat)
    start = dict(session.room_start)
    level = start.pop("level")
    match = _replayed({**start, "humans": room.humans()})
    room.started = True
    _take_over(session, match, room, level)
    return session._state()


def op_rematch(session: HostSession, request: dict[str, Any]) -> dict[str, Any]:
    room = _room(session)
    match = session.match
    if not room.started or match is None or not match.is_terminal():
        raise _refuse("room_not_over")
    seed = request.get("seed")
    if not isinstance(seed, str) or not 0 < len(seed) <= MAX_SEED_CHARS:
        raise _refuse("room_bad_setup")
    record = match.to_record()
    fresh: dict[str, Any] = {
        key: record[key] for key in ("format", "game", "rules", "humans") if key in record
    }
    rematch = _replayed({**fresh, "seed": seed, "actions": []})
    _take_over(session, rematch, room, session.level)
    return session._state()


def op_resume(session: HostSession, request: dict[str, Any]) -> dict[str, Any]:
    save = request.get("save")
    if not isinstance(save, dict) or not isinstance(save.get("room"), dict):
        raise _refuse("room_bad_save", detail="no room")
    data = save["room"]
    room = Room.of(data.get("id"), data.get("host_seat"), data.get("seats"), started=True)
    record = save.get("record")
    if not isinstance(record, dict):
        raise _refuse("room_bad_save", detail="no record")
    match = _replayed(record)
    if list(match.humans) != room.humans() or len(match.hands) != len(room.seats):
        raise _refuse("room_bad_save", detail="the seats do not match the record")
    for seat in room.guests():  # their connections went with the host's page
        room.seats[seat].away = True
    _take_over(session, match, room, _level(request, match.GAME))
    session.room_start = None
    return session._state()


def op_away(session: HostSession, request: dict[str, Any]) -> dict[str, Any]:
    room = _room(session)
    seat = _int(request, "seat")
    if seat not in room.guests():
        raise _refuse("room_wrong_seat", seat=seat)
    room.seats[seat].away = request.get("away") is True
    return _host_answer(session, room)


def op_computer(session: HostSession, request: dict[str, Any]) -> dict[str, Any]:
    room = _room(session)
    seat = _int(request, "seat")
    if seat not in room.friend_seats():
        raise _refuse("room_wrong_seat", seat=seat)
    room.give_to_computer(seat)
    if session.match is not None and room.started:
        session.match.humans = tuple(room.humans())
    return _host_answer(session, room)


def op_guest(session: HostSession, request: dict[str, Any]) -> dict[str, Any]:
    """A guest's message: checked in full before anything changes."""
    room = _room(session)
    seat = _int(request, "seat")
    text = request.get("message")
    message = None
    try:
        if not isinstance(text, str):
            raise _refuse("room_bad_message")
        message = parse_guest_message(text)
        room.checked(message, seat)
        answer = _guest_move(session, room, message)
    except RoomRefusal as refusal:
        n = message.n if message is not None and message.type == "act" else None
        reply = {"type": "refused", "n": n, "error": refusal.reason.to_json()}
        return {"ok": True, "to": seat, "reply": reply, "changed": False}
    return answer


def _guest_move(session: HostSession, room: Room, message: GuestMessage) -> dict[str, Any]:
    seat = message.seat
    if message.type == "hello":
        room.take(message)
        if not room.started or session.match is None:
            reply = {"type": "welcome", "room": room.part(None, seat)}
            return {
                "ok": True,
                "to": seat,
                "reply": reply,
                "changed": True,
                "room": room.part(None, room.host_seat),
            }
        return _answer(session, room, seat)
    match = session.match
    if not room.started or match is None:
        raise _refuse("room_not_started")
    room.acting(message)
    if room.waiting_for():
        raise _refuse("room_paused")
    played = None
    if message.type == "deal":
        if match.is_chance_node() and not match.is_terminal():
            match.settle_chance()
    else:
        done = len(match.actions)
        if message.n < done:
            if (
                message.n >= 0
                and match.actors[message.n] == seat
                and match.action_text(match.actions[message.n]) == message.action
            ):
                return _answer(session, room, seat, ack=message.n)  # sent again: applied once
            raise _refuse("room_stale_action")
        if message.n > done:
            raise _refuse("room_stale_action")
        reason = match.why_illegal(message.action, seat=seat)
        if reason is not None:
            raise RoomRefusal(reason)
        kind = "card" if message.action in [card.notation for card in match.hands[seat]] else "call"
        match.apply_action(message.action, seat=seat)
        played = {"seat": seat, "action": match.action_text(match.actions[-1]), "kind": kind}
    return _answer(
        session, room, seat, played=played, ack=message.n if message.type == "act" else None
    )


def _answer(
    session: HostSession,
    room: Room,
    seat: int,
    played: dict[str, Any] | None = None,
    ack: int | None = None,
) -> dict[str, Any]:
    """The host's state response, with the reply for the guest of ``seat``."""
    state = session._state(played)
    reply = dict(state["room"]["guests"][str(seat)])
    if ack is not None:
        reply["ack"] = ack
    return {**state, "to": seat, "reply": reply, "changed": True}


def _host_answer(session: HostSession, room: Room) -> dict[str, Any]:
    if room.started and session.match is not None:
        return session._state()
    return {"ok": True, "room": room.part(None, room.host_seat)}


_OPS = {
    "open": op_open,
    "start": op_start,
    "rematch": op_rematch,
    "resume": op_resume,
    "away": op_away,
    "computer": op_computer,
    "guest": op_guest,
}


def handle(session: HostSession, request: dict[str, Any]) -> dict[str, Any]:
    """Answer one ``room`` request; :class:`RoomRefusal` for a refused one (nothing changed)."""
    operation = _OPS.get(request.get("do"))  # type: ignore[arg-type]
    if operation is None:
        raise _refuse("room_bad_setup")
    return operation(session, request)
