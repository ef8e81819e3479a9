"""A room's seats, its guests' messages and what each guest may see.

A guest message is a JSON object of at most :data:`MAX_GUEST_MESSAGE_CHARS`
characters and exactly these fields (anything else is refused, and a refused
message changes nothing):

- ``type``: ``"hello"`` (take the seat, or ask for its state again), ``"act"``
  (an action), ``"deal"`` (deal the next deal after a finished one);
- ``seat`` (int) and ``secret`` (str): the seat the invite named and its secret;
- ``token`` (str): the device's seat token, kept by the browser that took
  the seat: it alone takes the seat back, and it alone acts for it (holding
  the invite's secret is not enough);
- ``name`` (str, ``hello`` only): the friend's name;
- ``n`` (int, ``act`` only): the number of actions the match held when the
  guest chose this one. An action is applied only at that number, so an
  action sent again after a reconnection is recognised, never applied twice.
- ``action`` (str, ``act`` only).

>>> parse_guest_message('{"type": "act", "seat": 2, "secret": "x", "token": "t", "n": 0, "action": "BU"}').n
0
>>> try:
...     parse_guest_message('{"type": "act", "seat": 2}')
... except RoomRefusal as refusal:
...     print(refusal.reason.key)
room_bad_message
"""

from __future__ import annotations

import hmac
import re
from dataclasses import dataclass, field
from typing import Any

from engine import records
from engine.core import MatchState
from engine.games import GAMES
from engine.messages import Message

__all__ = [
    "MAX_GUEST_MESSAGE_CHARS",
    "MAX_NAME_CHARS",
    "GuestMessage",
    "Room",
    "RoomRefusal",
    "RoomSeat",
    "parse_guest_message",
]

#: A guest's longest message (an action is a few characters, a hello a name).
MAX_GUEST_MESSAGE_CHARS = 1_000
#: A name's longest form (a longer one is cut).
MAX_NAME_CHARS = 40
#: Seat secrets and device tokens: random URL-safe text the page draws.
_SECRET = re.compile(r"[A-Za-z0-9_-]{16,64}")
#: A room's id, named in its links.
_ROOM_ID = re.compile(r"[A-Za-z0-9_-]{4,40}")
SEAT_KINDS = ("host", "friend", "computer")
#: Each message type's fields beyond ``type``, ``seat`` and ``secret``: name -> type.
_FIELDS: dict[str, dict[str, type]] = {
    "hello": {"token": str, "name": str},
    "act": {"token": str, "n": int, "action": str},
    "deal": {"token": str},
}


class RoomRefusal(Exception):
    """A refused room request or guest message: the reason, to show in words."""

    def __init__(self, reason: Message) -> None:
        super().__init__(reason.text)
        self.reason = reason


def _refuse(key: str, **params: object) -> RoomRefusal:
    return RoomRefusal(Message.of(key, **params))


@dataclass(frozen=True)
class GuestMessage:
    """A guest message that has the schema's shape (its secret not yet checked)."""

    type: str
    seat: int
    secret: str
    token: str = ""
    name: str = ""
    n: int = -1
    action: str = ""


def parse_guest_message(text: str) -> GuestMessage:
    """The message in ``text``, or :class:`RoomRefusal` if it is not one of the schema."""
    if len(text) > MAX_GUEST_MESSAGE_CHARS:
        raise _refuse("room_message_too_long", limit=MAX_GUEST_MESSAGE_CHARS)
    try:
        data = records.parse_json(text)
    except ValueError:
        raise _refuse("room_bad_message") from None
    if not isinstance(data, dict) or data.get("type") not in _FIELDS:
        raise _refuse("room_bad_message")
    wanted = {"type": str, "seat": int, "secret": str, **_FIELDS[data["type"]]}
    if set(data) != set(wanted):
        raise _refuse("room_bad_message")
    for name, kind in wanted.items():
        value = data[name]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise _refuse("room_bad_message")
    return GuestMessage(**data)


def clean_name(value: Any) -> str:
    """A name as the room shows it: text, one line, at most MAX_NAME_CHARS."""
    if not isinstance(value, str):
        return ""
    return " ".join(value.split())[:MAX_NAME_CHARS]


@dataclass
class RoomSeat:
    """One seat: the host's, a friend's, or a computer's."""

    kind: str
    name: str = ""
    #: A friend's seat: the secret its invite carries.
    secret: str = ""
    #: The device that took the seat (empty: not taken yet).
    token: str = ""
    #: Taken, then its connection dropped: the table waits for it.
    away: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "name": self.name,
            "secret": self.secret,
            "token": self.token,
            "away": self.away,
        }

    def public(self, seat: int) -> dict[str, Any]:
        """What every table may know of the seat (never its secret or token)."""
        return {
            "seat": seat,
            "kind": self.kind,
            "name": self.name,
            "taken": self.kind != "friend" or bool(self.token),
            "away": self.away,
        }


@dataclass
class Room:
    """The seats of a room and, once started, its match's guests."""

    id: str
    host_seat: int
    seats: list[RoomSeat]
    started: bool = False
    #: Per guest seat, the last action number it was answered for (for its page).
    acked: dict[int, int] = field(default_factory=dict)

    @classmethod
    def of(cls, room_id: Any, host_seat: int, seats: Any, started: bool = False) -> Room:
        """A room from its JSON form (a host's set-up or its save); refused if malformed."""
        if not isinstance(room_id, str) or not _ROOM_ID.fullmatch(room_id):
            raise _refuse("room_bad_setup")
        if not isinstance(seats, list) or not 2 <= len(seats) <= 8:
            raise _refuse("room_bad_setup")
        parsed = []
        for entry in seats:
            if not isinstance(entry, dict) or entry.get("kind") not in SEAT_KINDS:
                raise _refuse("room_bad_setup")
            seat = RoomSeat(
                kind=entry["kind"],
                name=clean_name(entry.get("name", "")),
                secret=entry.get("secret", ""),
                token=entry.get("token", ""),
                away=entry.get("away", False) is True,
            )
            friend = seat.kind == "friend"
            if friend != bool(
                _SECRET.fullmatch(seat.secret if isinstance(seat.secret, str) else "")
            ):
                raise _refuse("room_bad_setup")
            if seat.token and not (
                friend and isinstance(seat.token, str) and _SECRET.fullmatch(seat.token)
            ):
                raise _refuse("room_bad_setup")
            parsed.append(seat)
        kinds = [seat.kind for seat in parsed]
        if (
            not 0 <= host_seat < len(parsed)
            or kinds[host_seat] != "host"
            or kinds.count("host") != 1
        ):
            raise _refuse("room_bad_setup")
        return cls(room_id, host_seat, parsed, started)

    # ---------------------------------------------------------------- seats
    def friend_seats(self) -> list[int]:
        return [n for n, seat in enumerate(self.seats) if seat.kind == "friend"]

    def guests(self) -> list[int]:
        """The friends' seats that a friend has taken."""
        return [n for n in self.friend_seats() if self.seats[n].token]

    def humans(self) -> list[int]:
        return sorted([self.host_seat, *self.guests()])

    def waiting_for(self) -> list[int]:
        """The seats whose friend dropped out: the table waits for them."""
        return [n for n in self.guests() if self.seats[n].away]

    def roster(self) -> list[dict[str, Any]]:
        return [seat.public(n) for n, seat in enumerate(self.seats)]

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "host_seat": self.host_seat,
            "started": self.started,
            "seats": [seat.to_json() for seat in self.seats],
        }

    def checked(self, message: GuestMessage, channel_seat: int) -> RoomSeat:
        """The seat ``message`` comes from, if the channel, seat and secret agree."""
        if message.seat != channel_seat:
            raise _refuse("room_wrong_seat", seat=message.seat)
        if not 0 <= message.seat < len(self.seats) or self.seats[message.seat].kind != "friend":
            raise _refuse("room_wrong_seat", seat=message.seat)
        seat = self.seats[message.seat]
        if not hmac.compare_digest(message.secret.encode(), seat.secret.encode()):
            raise _refuse("room_wrong_secret")
        return seat

    def take(self, message: GuestMessage) -> None:
        """A friend takes (or takes back) the seat of a checked ``hello``."""
        seat = self.seats[message.seat]
        if not _SECRET.fullmatch(message.token):
            raise _refuse("room_bad_message")
        if seat.token and not hmac.compare_digest(seat.token.encode(), message.token.encode()):
            raise _refuse("room_seat_taken")
        if self.started and not seat.token:
            raise _refuse("room_seat_taken")  # the seat went to a computer at the start
        seat.token = message.token
        seat.name = clean_name(message.name) or seat.name
        seat.away = False

    def acting(self, message: GuestMessage) -> None:
        """An action or deal of a checked message: only from the device that took the seat."""
        seat = self.seats[message.seat]
        if not seat.token or not hmac.compare_digest(seat.token.encode(), message.token.encode()):
            raise _refuse("room_seat_taken")

    def give_to_computer(self, seat_number: int) -> None:
        seat = self.seats[seat_number]
        seat.kind, seat.secret, seat.token, seat.away = "computer", "", "", False

    # ---------------------------------------------------------------- views
    def turn_for(self, match: MatchState, viewer: int) -> dict[str, Any]:
        """Who acts next, as ``viewer``'s table reads it: ``person`` (the viewer),
        ``friend`` (another person: the table waits), ``waiting`` (the room
        waits for a friend who dropped out), ``computer`` (only the host's
        table asks a computer to move) or ``none``."""
        seat = match.current_player()
        if seat < 0:
            return {"seat": None, "who": "none"}
        if self.waiting_for():
            who = "waiting"
        elif seat == viewer:
            who = "person"
        elif seat in match.humans:
            who = "friend"
        else:
            who = "computer" if viewer == self.host_seat else "friend"
        return {"seat": seat, "who": who}

    def part(self, match: MatchState | None, seat: int) -> dict[str, Any]:
        """The room as ``seat``'s table shows it."""
        return {
            "id": self.id,
            "seat": seat,
            "host_seat": self.host_seat,
            "started": self.started,
            "seats": self.roster(),
            "waiting": self.waiting_for(),
            "next": len(match.actions) if match is not None else 0,
            "limit": MAX_GUEST_MESSAGE_CHARS,
        }

    def guest_state(
        self, match: MatchState, seat: int, played: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """The state message for guest ``seat``: its seat's view only."""
        state: dict[str, Any] = {
            "type": "state",
            "ok": True,
            "view": match.view(seat),
            "outcome": match.outcome(),
            "turn": self.turn_for(match, seat),
            "room": self.part(match, seat),
        }
        if played is not None:
            public = GAMES[match.GAME].public_form(played["action"])
            action = played["action"] if played["seat"] == seat else public
            state["played"] = {**played, "action": action}
        return state

    def decorate(self, response: dict[str, Any], match: MatchState) -> None:
        """Add the room to a host's state response: its part, each guest's state
        message (the host's page passes them on), and the save to keep."""
        played = response.get("played")
        response["turn"] = self.turn_for(match, self.host_seat)
        response["room"] = {
            **self.part(match, self.host_seat),
            "guests": {str(n): self.guest_state(match, n, played) for n in self.guests()},
            "save": {"record": match.to_record(), "room": self.to_json()},
        }
