"""Rooms: a match with friends, run by the host's engine (``product.md``, "Rooms").

The host's engine holds the room's match: a match with several humans (the
host's seat and each friend's seat, ``humans`` in the record). Each friend's
page (a *guest*) receives only its seat's view and sends actions as JSON
messages over a WebRTC data channel; the host's page hands every message to
the engine unread, and the engine checks it (:mod:`engine.rooms.room`) before
it changes anything. The bridge's ``room`` op is the one door
(:mod:`engine.rooms.ops`).
"""

from engine.rooms.room import (
    MAX_GUEST_MESSAGE_CHARS,
    GuestMessage,
    Room,
    RoomRefusal,
    RoomSeat,
    parse_guest_message,
)

__all__ = [
    "MAX_GUEST_MESSAGE_CHARS",
    "GuestMessage",
    "Room",
    "RoomRefusal",
    "RoomSeat",
    "parse_guest_message",
]
