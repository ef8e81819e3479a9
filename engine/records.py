"""Game records (``records.md``): read, validate, replay, write.

A record is plain JSON holding only inputs (rules, deals or seed, actions);
everything else is derived by replaying it. Each game's part (its rules,
deals and state) comes from the registry, :mod:`engine.games`.

>>> record = {"format": 1, "game": "karnoffel", "rules": {"set": "classic"},
...           "seed": "doc", "actions": []}
>>> replay(record).outcome()["score"]
[0, 0]
>>> replay(dict(record, actions=["ZZ"]))
Traceback (most recent call last):
...
engine.errors.RecordError: action 0: 'ZZ' is not a move of this game.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from engine.core import MatchState
from engine.errors import IllegalActionError, RecordError
from engine.games import build_match, game_named
from engine.messages import quoted

__all__ = [
    "FORMAT_VERSION",
    "MAX_NESTING",
    "dumps",
    "loads",
    "nested_too_deeply",
    "replay",
    "start",
]

#: The record format this engine writes; it reads every version up to this.
FORMAT_VERSION = 1

_TOP_LEVEL_FIELDS = {"format", "game", "rules", "deals", "seed", "actions", "humans"}

#: Records nest 4 deep; much deeper JSON is refused before parsing, because in
#: Pyodide it overflows the WebAssembly stack and kills the interpreter.
MAX_NESTING = 64
#: A JSON string (an unterminated one runs to the end) or a bracket. Strings are
#: matched whole, left to right, so each character is looked at once: linear.
_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]')
#: Numbers longer than this are refused (Python's int limit is 4,300 digits).
_MAX_NUMBER_DIGITS = 30


def nested_too_deeply(text: str) -> bool:
    """Whether JSON text nests deeper than MAX_NESTING (which would overflow
    Pyodide's WebAssembly stack in ``json.loads``).

    >>> nested_too_deeply("[" * 65), nested_too_deeply('["[[[[", {"a": [1]}]')
    (True, False)
    """
    depth = 0
    for token in _JSON_TOKEN.finditer(text):
        bracket = token.group()
        if bracket[0] == '"':
            continue
        depth += 1 if bracket in "[{" else -1
        if depth > MAX_NESTING:
            return True
    return False


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > _MAX_NUMBER_DIGITS:
        raise ValueError(f"a number of {len(text)} digits is too long")
    return int(text)


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text[:20]} is not a number JSON allows")
    return value


def parse_json(text: str) -> Any:
    """Strict JSON: no NaN or Infinity, no absurdly long numbers, no deep nesting.

    ``ValueError`` says what is wrong.

    >>> parse_json('{"a": [1, 2.5, "x"]}')
    {'a': [1, 2.5, 'x']}
    >>> parse_json('{"op": NaN}')
    Traceback (most recent call last):
    ...
    ValueError: NaN is not a number JSON allows
    """
    if nested_too_deeply(text):
        raise ValueError(f"nested more than {MAX_NESTING} deep")
    return json.loads(
        text, parse_constant=_refuse_constant, parse_int=_bounded_int, parse_float=_finite_float
    )


def loads(text: str) -> dict[str, Any]:
    """Parse a record's JSON text; ``RecordError`` if it is not a JSON object.

    >>> loads("[" * 100 + "]" * 100)
    Traceback (most recent call last):
    ...
    engine.errors.RecordError: not valid JSON: nested more than 64 deep
    """
    try:
        data = parse_json(text)
    except ValueError as error:  # JSONDecodeError, a bad constant, a number too long
        raise RecordError(f"not valid JSON: {error}") from None
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    return data


def dumps(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, indent=1, allow_nan=False)


def start(record: dict[str, Any]) -> tuple[MatchState, list[Any]]:
    """The match a record starts from (no actions applied) and its actions."""
    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object")
    version = record.get("format")
    if not isinstance(version, int) or isinstance(version, bool):
        raise RecordError(f"'format' must be a version number, not {quoted(version)}")
    if version > FORMAT_VERSION:
        raise RecordError(
            f"record format {quoted(version)} is newer than this engine reads"
            f" (up to {FORMAT_VERSION})"
        )
    if version < 1:
        raise RecordError(f"record format {quoted(version)} does not exist")
    unknown = set(record) - _TOP_LEVEL_FIELDS
    if unknown:
        names = ", ".join(quoted(name) for name in sorted(unknown))
        raise RecordError(f"unknown record field(s): {names}")
    name = record.get("game")
    game = game_named(name)
    if game is None:
        raise RecordError(f"unknown game {quoted(name)} (doppelkopf or karnoffel)")
    seed = record.get("seed")
    if seed is not None and not isinstance(seed, str):
        raise RecordError(f"'seed' must be a string, not {quoted(seed)}")
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
        match = build_match(game.name, record.get("rules", {}), seed, deals, humans)
    except ValueError as error:  # IllegalActionError is one too
        raise RecordError(str(error)) from None
    return match, actions


def replay(record: dict[str, Any]) -> MatchState:
    """Replay a whole record; ``RecordError`` names the first bad action."""
    match, actions = start(record)
    for index, action in enumerate(actions):
        apply_recorded(match, action, index)
        try:
            match.settle_chance()
        except IllegalActionError as error:  # a deal the record cannot have (its dealer)
            raise RecordError(str(error), index) from None
    return match


def apply_recorded(match: MatchState, action: Any, index: int) -> None:
    """Apply action ``index`` of a record; ``RecordError`` if it is not legal there."""
    if not isinstance(action, str):
        raise RecordError(f"an action is a string, not {quoted(action)}", index)
    if match.is_terminal():
        raise RecordError("the match is already over", index)
    try:
        match.apply_action(action)
    except IllegalActionError as error:
        raise RecordError(str(error), index) from None
