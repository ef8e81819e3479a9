"""The friends' table without a server: a compact, checkable code of a finished daily.

A code carries the daily (game and number), the computer players' level, the
player's chosen name and **the person's decisions only**: each as its index in
the sorted list of legal actions at that point, all packed into one
mixed-radix number. The computers' actions are not in the code: verifying
replays the pinned daily and lets the computer players choose again, seeded
as they always are (:func:`engine.core.seed_for`), so a code cannot make the
opponents play badly. A checksum (SHA-256) binds the fields to every action
of the replayed game, so a code changed by hand, or moved to another date or
game, is refused.

A code also carries the version of its game's computer players
(:attr:`engine.descriptors.Game.players_version`). When the players have changed
since, a code whose game no longer replays is not called changed: it was made
with an earlier version of the computer players and cannot be checked here
(``friends_code_older_players``). A code of format 1 (before the version was
carried) counts as version 0.

Indices reveal no card: without replaying against the deals nothing in a code
reads as a card, and the page shows only the name, the result and par. This is
not secrecy: a client-side game cannot hide its deals from a determined
reader, so a valid code proves that the game was played legally, not that it
was played blind (``docs/<lang>/fair-play.md``).

>>> from datetime import date
>>> from engine.daily import pinned_daily
>>> pinned = pinned_daily("karnoffel", date(2026, 12, 1))
>>> match = play_daily(pinned, "random")
>>> code = encode(match, date(2026, 12, 1), "random", "Ada")
>>> len(code) < 80
True
>>> entry = verify(read_code(code), pinned)
>>> entry.name, entry.number, entry.result["score"] == result_json("karnoffel", match)["score"]
('Ada', 1, True)
>>> read_code(code[:-4])
Traceback (most recent call last):
...
engine.friends.CodeError: This code is cut short: it ends before its checksum.
"""

from __future__ import annotations

import base64
import hashlib
import re
import unicodedata
from dataclasses import dataclass
from datetime import date
from typing import Any
from urllib.parse import parse_qs, urlsplit

from engine import daily, players, records
from engine.core import MatchState
from engine.errors import RecordError
from engine.games import GAMES
from engine.messages import Message
from engine.par import PAR_SEAT, ParLine, difference, par_of, play_out, result_json

__all__ = [
    "CODE_VERSION",
    "MAX_CODE_CHARS",
    "MAX_NAME_CHARS",
    "CodeError",
    "CodeHeader",
    "FriendEntry",
    "code_text",
    "encode",
    "link",
    "play_daily",
    "read_code",
    "verify",
]

CODE_VERSION = 2
#: The header's length by code format: format 2 adds the players' version.
_HEADER_LENGTHS = {1: 7, 2: 8}
#: A code longer than this is refused unread (a real one is well under 200).
MAX_CODE_CHARS = 600
#: The longest name a code may carry (characters).
MAX_NAME_CHARS = 24
#: The URL parameter of a friend's code in a link.
LINK_PARAM = "friend"
_CHECKSUM_BYTES = 6
#: version, game, level, number (2), total length, name length, players' version.
_HEADER_BYTES = _HEADER_LENGTHS[CODE_VERSION]
#: Characters a name may not hold: markup and quoting (a name is shown on pages).
_NAME_FORBIDDEN = re.compile(r"[<>&\"'`\\/=]")
_CODE_CHARS = re.compile(r"[A-Za-z0-9_-]+")


class CodeError(ValueError):
    """A code that is not a legal game of a pinned daily; ``reason`` is translatable."""

    def __init__(self, reason: Message) -> None:
        super().__init__(reason.text)
        self.reason = reason


@dataclass(frozen=True)
class CodeHeader:
    """What a code says before it is replayed."""

    game: str
    number: int
    level: str
    name: str
    decisions: int
    moves: int
    #: The version of the game's computer players the code was made with.
    players_version: int
    #: The bytes the checksum covers, and the checksum.
    body: bytes
    checksum: bytes

    @property
    def day(self) -> date:
        return daily.daily_date(self.number)


@dataclass(frozen=True)
class FriendEntry:
    """A verified code: whose game of which daily, its result and par."""

    game: str
    number: int
    name: str
    level: str
    result: dict[str, Any]
    par: dict[str, Any] | None

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "date": daily.daily_date(self.number).isoformat(),
            "number": self.number,
            "name": self.name,
            "level": self.level,
            "result": self.result,
            "par": self.par,
        }


def _refuse(key: str, **params: Any) -> CodeError:
    return CodeError(Message.of(key, **params))


# ------------------------------------------------------------------ playing
def _legal_texts(match: MatchState) -> list[str]:
    return sorted(match.action_text(action) for action in match.legal_actions())


def play_daily(pinned: dict[str, Any], level: str, seat: int = PAR_SEAT) -> MatchState:
    """A daily played out by the ``level`` computers in every seat (for tests and
    examples: a person's game is the same with the person's choices at ``seat``)."""
    match = records.replay(_dealt(pinned))
    play_out(match, level)
    return match


def _dealt(pinned: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in pinned.items() if key != "par"} | {"actions": []}


def _person_digits(match: MatchState, seat: int) -> list[tuple[int, int]]:
    """(index in the sorted legal actions, how many there were) of each of
    ``seat``'s actions in ``match``, by replaying its record."""
    record = match.to_record()
    actions = record["actions"]
    replayed = records.replay(dict(record, actions=[]))
    digits = []
    for index, text in enumerate(actions):
        if replayed.current_player() == seat:
            legal = _legal_texts(replayed)
            digits.append((legal.index(text), len(legal)))
        records.apply_recorded(replayed, text, index)
        replayed.settle_chance()
    return digits


def _checksum(body: bytes, moves: list[str]) -> bytes:
    digest = hashlib.sha256(b"stichtag-friends\0" + body + b"\0" + "\n".join(moves).encode())
    return digest.digest()[:_CHECKSUM_BYTES]


# ----------------------------------------------------------------- encoding
def clean_name(name: str) -> str:
    """A name as a code carries it (``CodeError`` if it may not be one)."""
    name = unicodedata.normalize("NFC", name).strip()
    if _NAME_FORBIDDEN.search(name) or any(unicodedata.category(c)[0] == "C" for c in name):
        raise _refuse("friends_name_forbidden")
    if len(name) > MAX_NAME_CHARS:
        raise _refuse("friends_name_too_long", limit=MAX_NAME_CHARS)
    return name


def encode(match: MatchState, day: date, level: str, name: str, seat: int = PAR_SEAT) -> str:
    """The code of a finished daily ``match`` of ``day`` played at ``level``."""
    if not match.is_terminal():
        raise ValueError("only a finished daily has a code")
    game = match.GAME
    name_bytes = clean_name(name).encode()
    value = 0
    for digit, radix in reversed(_person_digits(match, seat)):
        value = value * radix + digit
    decisions = sum(1 for actor in match.actors if actor == seat)
    moves = [match.action_text(action) for action in match.actions]
    packed = value.to_bytes((value.bit_length() + 7) // 8, "big")
    counts = decisions.to_bytes(2, "big") + len(moves).to_bytes(2, "big")
    length = _HEADER_BYTES + len(name_bytes) + len(counts) + len(packed) + _CHECKSUM_BYTES
    header = bytes(
        [
            CODE_VERSION,
            daily.DAILY_GAMES.index(game),
            players.LEVELS.index(level),
            *daily.daily_number(day).to_bytes(2, "big"),
            length,
            len(name_bytes),
            GAMES[game].players_version,
        ]
    )
    body = header + name_bytes + counts + packed
    return base64.urlsafe_b64encode(body + _checksum(body, moves)).decode().rstrip("=")


def link(address: str, code: str, game: str, day: date) -> str:
    """A link to the daily that adds the code's player to the friends' table."""
    return f"{address}?daily={day.isoformat()}&game={game}&{LINK_PARAM}={code}"


# ------------------------------------------------------------------ reading
def code_text(text: object) -> str:
    """The code in a pasted text: a bare code, or a link carrying one."""
    if not isinstance(text, str):
        raise _refuse("friends_code_empty")
    text = text.strip()
    if len(text) > MAX_CODE_CHARS:
        raise _refuse("friends_code_too_long", limit=MAX_CODE_CHARS)
    if not text:
        raise _refuse("friends_code_empty")
    if "?" in text or "=" in text:
        query = urlsplit(text).query or text.split("?", 1)[-1]
        found = parse_qs(query).get(LINK_PARAM)
        if not found:
            raise _refuse("friends_code_no_code")
        text = found[0].strip()
    if not _CODE_CHARS.fullmatch(text):
        raise _refuse("friends_code_characters")
    return text


def read_code(text: object) -> CodeHeader:
    """What a code (or a link with one) says, checked as far as it can be without
    replaying (``CodeError`` naming what is wrong)."""
    code = code_text(text)
    if len(code) % 4 == 1:  # no whole number of bytes is written with this many characters
        raise _refuse("friends_code_length")
    try:
        data = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except ValueError:
        raise _refuse("friends_code_characters") from None
    if len(data) < 1 or data[0] not in _HEADER_LENGTHS:
        found = data[0] if data else 0
        raise _refuse("friends_code_version", found=found, expected=CODE_VERSION)
    version, header_bytes = data[0], _HEADER_LENGTHS[data[0]]
    if len(data) < header_bytes or len(data) < data[5]:
        raise _refuse("friends_code_truncated")
    game_index, level_index = data[1], data[2]
    players_version = data[7] if version >= 2 else 0
    if len(data) > data[5]:
        raise _refuse("friends_code_extra")
    if game_index >= len(daily.DAILY_GAMES) or level_index >= len(players.LEVELS):
        raise _refuse("friends_code_unknown_game")
    number = int.from_bytes(data[3:5], "big")
    name_end = header_bytes + data[6]
    if number < 1 or name_end + 4 + _CHECKSUM_BYTES > len(data):
        raise _refuse("friends_code_truncated")
    try:
        name = data[header_bytes:name_end].decode()
    except UnicodeDecodeError:
        raise _refuse("friends_name_forbidden") from None
    if clean_name(name) != name:
        raise _refuse("friends_name_forbidden")
    counts = data[name_end : name_end + 4]
    return CodeHeader(
        game=daily.DAILY_GAMES[game_index],
        number=number,
        level=players.LEVELS[level_index],
        name=name,
        decisions=int.from_bytes(counts[:2], "big"),
        moves=int.from_bytes(counts[2:], "big"),
        players_version=players_version,
        body=data[:-_CHECKSUM_BYTES],
        checksum=data[-_CHECKSUM_BYTES:],
    )


def _game_words(header: CodeHeader) -> dict[str, Any]:
    return {"game": GAMES[header.game].title, "number": header.number}


def check_daily(header: CodeHeader, game: str, day: date) -> None:
    """Refuse a code of another daily than ``game`` on ``day``."""
    if header.game != game or header.number != daily.daily_number(day):
        raise _refuse(
            "friends_code_other_daily",
            **_game_words(header),
            date=header.day.isoformat(),
        )


def verify(header: CodeHeader, pinned: dict[str, Any], seat: int = PAR_SEAT) -> FriendEntry:
    """Replay a code's game against its pinned daily (the computers choose
    again); ``CodeError`` unless it is a legal, finished game of that daily
    whose every action the checksum covers."""
    if pinned.get("game") != header.game or pinned.get("seed") != daily.daily_seed(
        header.game, header.day
    ):
        raise _refuse(
            "friends_code_other_daily", **_game_words(header), date=header.day.isoformat()
        )
    name_end = _HEADER_LENGTHS[header.body[0]] + len(header.name.encode())
    value = int.from_bytes(header.body[name_end + 4 :], "big")
    try:
        match = records.replay(_dealt(pinned))
    except RecordError as error:  # a broken pinned daily: not the code's fault, but no game
        raise _refuse("friends_code_no_daily", detail=str(error)) from None
    par_line = ParLine.of(pinned)
    decisions = 0
    while not match.is_terminal() and len(match.actions) <= header.moves:
        if match.is_chance_node():
            match.settle_chance()
            if match.is_chance_node():
                break
            continue
        to_act = match.current_player()
        if to_act == seat:
            if decisions == header.decisions:
                break
            legal = _legal_texts(match)
            value, digit = divmod(value, len(legal))
            match.apply_action(legal[digit])
            decisions += 1
        else:
            # Along the par game the computers' moves are known (no search).
            known = par_line.next_action(match, header.level) if par_line else None
            if known is None or match.why_illegal(known, seat=to_act) is not None:
                view = match.view(to_act)
                known = players.choose_action(header.level, view, players.seed_for(match, to_act))
            match.apply_action(known)
    moves = [match.action_text(action) for action in match.actions]
    finished = match.is_terminal() and decisions == header.decisions and len(moves) == header.moves
    if not finished or value != 0 or _checksum(header.body, moves) != header.checksum:
        if header.players_version < GAMES[header.game].players_version:
            # Today's computers play otherwise: the game cannot be replayed here.
            raise _refuse(
                "friends_code_older_players", **_game_words(header), date=header.day.isoformat()
            )
        raise _refuse("friends_code_changed", **_game_words(header), date=header.day.isoformat())
    result = result_json(header.game, match, seat)
    par = par_of(pinned)
    if par is not None:
        par = dict(par, difference=difference(header.game, result["score"], par["score"]))
    return FriendEntry(header.game, header.number, header.name, header.level, result, par)
