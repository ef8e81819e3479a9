"""Game records (``records.md``): read, validate, replay, write.

A record is plain JSON holding only inputs (rules, deals or seed, actions);
everything else is derived by replaying it. Each game registers a
:class:`GameFormat` (how to build a match and apply one action); this
module does the part common to every game.

>>> record = {"format": 1, "game": "karnoffel", "rules": {"set": "classic"},
...           "seed": "doc", "actions": []}
>>> replay(record).outcome()["score"]
[0, 0]
>>> replay(dict(record, actions=["ZZ"]))
Traceback (most recent call last):
...
engine.errors.RecordError: action 0: 'ZZ' is not an action of this game.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from engine.errors import IllegalActionError, RecordError

__all__ = ["FORMAT_VERSION", "GAMES", "GameFormat", "Match", "dumps", "loads", "register", "replay"]

#: The record format this engine writes; it reads every version up to this.
FORMAT_VERSION = 1

_TOP_LEVEL_FIELDS = {"format", "game", "rules", "deals", "seed", "actions", "humans"}


class Match(Protocol):
    """What every game's match state offers to records and the bridge."""

    def apply_action(self, action: Any, seat: int | None = None) -> None: ...
    def settle_chance(self) -> None: ...
    def to_record(self) -> dict[str, Any]: ...
    def outcome(self) -> dict[str, Any]: ...
    def current_player(self) -> int: ...
    def is_terminal(self) -> bool: ...
    def view(self, seat: int) -> dict[str, Any]: ...


@dataclass(frozen=True)
class GameFormat:
    """How one game builds a match from a record's fields."""

    name: str
    #: (rules object, seed or None, deals list, humans) -> a match with chance settled.
    new_match: Callable[[Any, str | None, list[Any], list[int]], Match]


GAMES: dict[str, GameFormat] = {}


def register(game: GameFormat) -> None:
    GAMES[game.name] = game


def _load_games() -> None:
    # Imported lazily so that each game module can import this one.
    import engine.karnoffel.record

    try:
        import engine.doppelkopf.record  # noqa: F401
    except ImportError:
        pass


#: Records nest 4 deep; much deeper JSON is refused before parsing, because in
#: Pyodide it overflows the WebAssembly stack and kills the interpreter.
MAX_NESTING = 64
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_JSON_BRACKET = re.compile(r"[\[\]{}]")


def nested_too_deeply(text: str) -> bool:
    """Whether JSON text nests deeper than MAX_NESTING (which would overflow
    Pyodide's WebAssembly stack in ``json.loads``)."""
    depth = 0
    for bracket in _JSON_BRACKET.finditer(_JSON_STRING.sub("", text)):
        depth += 1 if bracket.group() in "[{" else -1
        if depth > MAX_NESTING:
            return True
    return False


def loads(text: str) -> dict[str, Any]:
    """Parse a record's JSON text; ``RecordError`` if it is not a JSON object.

    >>> loads("[" * 100 + "]" * 100)
    Traceback (most recent call last):
    ...
    engine.errors.RecordError: not valid JSON: nested more than 64 deep
    """
    if nested_too_deeply(text):
        raise RecordError(f"not valid JSON: nested more than {MAX_NESTING} deep")
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise RecordError(f"not valid JSON: {error}") from None
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    return data


def dumps(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, indent=1)


def start(record: dict[str, Any]) -> tuple[Match, list[Any]]:
    """The match a record starts from (no actions applied) and its actions."""
    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object")
    _load_games()
    version = record.get("format")
    if not isinstance(version, int) or isinstance(version, bool):
        raise RecordError(f"'format' must be a version number, not {version!r}")
    if version > FORMAT_VERSION:
        raise RecordError(
            f"record format {version} is newer than this engine reads (up to {FORMAT_VERSION})"
        )
    if version < 1:
        raise RecordError(f"record format {version} does not exist")
    unknown = set(record) - _TOP_LEVEL_FIELDS
    if unknown:
        raise RecordError(f"unknown record field(s): {', '.join(sorted(unknown))}")
    name = record.get("game")
    # A JSON list or object is unhashable: look up strings only.
    game = GAMES.get(name) if isinstance(name, str) else None
    if game is None:
        raise RecordError(f"unknown game {record.get('game')!r} ({' or '.join(sorted(GAMES))})")
    seed = record.get("seed")
    if seed is not None and not isinstance(seed, str):
        raise RecordError(f"'seed' must be a string, not {seed!r}")
    deals = record.get("deals", [])
    if not isinstance(deals, list):
        raise RecordError("'deals' must be a list")
    humans = record.get("humans", [0])
    if not isinstance(humans, list) or not all(
        isinstance(h, int) and not isinstance(h, bool) for h in humans
    ):
        raise RecordError("'humans' must be a list of seat numbers")
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("'actions' must be a list")
    try:
        match = game.new_match(record.get("rules", {}), seed, deals, humans)
    except IllegalActionError as error:
        raise RecordError(str(error)) from None
    except ValueError as error:
        raise RecordError(str(error)) from None
    return match, actions


def replay(record: dict[str, Any]) -> Match:
    """Replay a whole record; ``RecordError`` names the first bad action."""
    match, actions = start(record)
    for index, action in enumerate(actions):
        if not isinstance(action, str):
            raise RecordError(f"an action is a string, not {action!r}", index)
        if match.is_terminal():
            raise RecordError("the match is already over", index)
        try:
            match.apply_action(action)
        except IllegalActionError as error:
            raise RecordError(str(error), index) from None
        match.settle_chance()
    return match
