"""Saves: what the page may keep of a match, and the record it reopens.

The page never holds a card its player may not know (``bridge.py``). So a save
is the match's record **without its deals** (they come back from their source:
the seed, or the pinned daily the worker reads) and with every action that
the other seats may not see (a Doppelkopf reservation other than "healthy",
the cards of a poverty exchange) **sealed**, unless the player took it.
A tutorial's save names its tutorial instead of a seed.

A sealed action is ``~`` and the action's notation XOR a keystream derived
from the save's seed and the action's index (SHA-256), in base64url. It
keeps storage and the page free of readable hidden cards; it is not
secrecy: the seed and this module are public, and a client-side game cannot
hide its deals from a determined reader (the rules pages say so).

>>> from engine.doppelkopf.state import new_match
>>> match = new_match(seed="doc")
>>> while match.phase.value == "reserve":
...     match.apply_action("solo-aces" if match.current_player() == 2 else "healthy")
>>> save = save_of(match, viewer=0)
>>> [(seat, action[:1]) for seat, action in zip(match.actors, save["actions"])]
[(1, 'h'), (2, '~'), (3, 'h'), (0, 'h')]
>>> opened(save)["actions"] == match.to_record()["actions"]
True
"""

from __future__ import annotations

import base64
import hashlib
from typing import Any

from engine.core import MatchState
from engine.errors import RecordError
from engine.games import GAMES
from engine.messages import Message, quoted

__all__ = ["SEAL", "SaveError", "opened", "record_of", "save_of", "seal", "unseal"]

#: The first character of a sealed action (never the start of a real one).
SEAL = "~"


def _keystream(key: str, index: int, length: int) -> bytes:
    stream = b""
    block = 0
    while len(stream) < length:
        stream += hashlib.sha256(f"stichtag-seal\0{key}\0{index}\0{block}".encode()).digest()
        block += 1
    return stream[:length]


def seal(action: str, key: str, index: int) -> str:
    """``action`` (its notation) sealed for action ``index`` of the save keyed ``key``.

    >>> seal("pass:C9,SA,D10", "k", 4) != seal("pass:C9,SA,D10", "k", 5)
    True
    >>> unseal(seal("pass:C9,SA,D10", "k", 4), "k", 4)
    'pass:C9,SA,D10'
    """
    data = action.encode()
    mixed = bytes(a ^ b for a, b in zip(data, _keystream(key, index, len(data)), strict=True))
    return SEAL + base64.urlsafe_b64encode(mixed).decode().rstrip("=")


def unseal(sealed: str, key: str, index: int) -> str:
    """The action a :func:`seal` hides; ``ValueError`` if it is not a sealed action."""
    body = sealed[len(SEAL) :]
    try:
        data = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except ValueError:
        raise ValueError("not a sealed action") from None
    plain = bytes(a ^ b for a, b in zip(data, _keystream(key, index, len(data)), strict=True))
    try:
        return plain.decode()
    except UnicodeDecodeError:
        raise ValueError("not a sealed action of this save") from None


def save_of(match: MatchState, viewer: int, tutorial: str | None = None) -> dict[str, Any]:
    """The match as the page of seat ``viewer`` may keep it (see the module docstring).

    A tutorial's match (``tutorial``: its id) names the tutorial instead of a
    seed: its deals and seed come back from the tutorial (:mod:`engine.tutorials`).
    """
    record = match.to_record()
    record.pop("deals", None)
    if tutorial is not None:
        record.pop("seed", None)
        record["tutorial"] = tutorial
    key = _seal_key(record)
    public_form = GAMES[match.GAME].public_form
    actions = []
    for index, (text, actor) in enumerate(zip(record["actions"], match.actors, strict=True)):
        hidden = actor != viewer and public_form(text) != text
        actions.append(seal(text, key, index) if hidden else text)
    record["actions"] = actions
    return record


def opened(save: dict[str, Any], deals: list[Any] | None = None) -> dict[str, Any]:
    """The record a save stands for: sealed actions opened, ``deals`` (if the
    save's source has explicit ones, such as a pinned daily) put back.

    ``RecordError`` (naming the action) if a sealed action cannot be opened.
    """
    record = dict(save)
    actions = record.get("actions", [])
    if isinstance(actions, list) and any(_is_sealed(action) for action in actions):
        key = _seal_key(record)
        plain = []
        for index, action in enumerate(actions):
            if _is_sealed(action):
                try:
                    action = unseal(action, key, index)
                except ValueError as error:
                    raise RecordError(str(error), index) from None
            plain.append(action)
        record["actions"] = plain
    if deals is not None:
        record["deals"] = deals
    return record


class SaveError(ValueError):
    """A tutorial's save that is not one of that tutorial's; ``reason`` is the
    translatable :class:`~engine.messages.Message`."""

    def __init__(self, reason: Message) -> None:
        super().__init__(reason.text)
        self.reason = reason


def record_of(save: dict[str, Any], deals: list[Any] | None = None) -> dict[str, Any]:
    """The record a save of the page stands for, opened as the worker opens it.

    A tutorial's save takes its tutorial's deals and seed; its other fields must
    be the ones that tutorial's saves carry (its actions are checked against the
    script when the match is opened), and its ``humans``, if any, are kept for
    the check every save meets. Any other save: :func:`opened`. ``RecordError``
    if an action cannot be opened; :class:`SaveError` for a tutorial's save that
    is not that tutorial's.

    >>> from engine.doppelkopf.state import new_match
    >>> record = record_of(save_of(new_match(seed="doc"), viewer=0, tutorial="doppelkopf"))
    >>> from engine.tutorials import TUTORIALS
    >>> record["deals"] == TUTORIALS["doppelkopf"].record()["deals"]
    True
    """
    if "tutorial" not in save:
        return opened(save, deals)
    from engine import tutorials  # only a tutorial's save needs them

    tutorial = tutorials.tutorial_named(save["tutorial"])
    if tutorial is None:
        raise SaveError(Message.of("tutorial_unknown", id=quoted(save["tutorial"])))
    plain = opened(save)
    expected = save_of(tutorial.start(), tutorial.seat, tutorial.id)
    fields = set(expected) | set(plain)
    if any(plain.get(name) != expected.get(name) for name in fields - {"actions", "humans"}):
        raise SaveError(Message.of("tutorial_bad_save", id=tutorial.id))
    actions = plain.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("'actions' must be a list")
    record = tutorial.record(actions)
    if "humans" in plain:
        record["humans"] = plain["humans"]
    return record


def _is_sealed(action: Any) -> bool:
    return isinstance(action, str) and action.startswith(SEAL)


def _seal_key(record: dict[str, Any]) -> str:
    seed = record.get("seed")
    if isinstance(seed, str):
        return seed
    tutorial = record.get("tutorial")
    if isinstance(tutorial, str):
        return f"tutorial/{tutorial}"
    raise RecordError("a save needs the seed its deals come from, or its tutorial")
