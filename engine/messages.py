"""Translatable messages: a catalog key plus parameters, with English text.

Explanations (why a trick was won), refusals (why an action is illegal) and
results are data, so that the table can show them in any language: the page
renders ``key`` and ``params`` from its language's catalog (:mod:`engine.i18n`);
``text`` is the English rendering, for tools and tests.

>>> m = Message.of("powerless_king", card="B3")
>>> m.text
'The B3 has no power: a King is in the trick.'
>>> m.to_json()
{'key': 'powerless_king', 'params': {'card': 'B3'}, 'text': 'The B3 has no power: a King is in the trick.'}

What each parameter holds (a card, a list of cards, a number, a seat, ...) is
declared once, by its name, in :data:`~engine.i18n.PARAM_KINDS`: a message
with a parameter not named there is refused, and :func:`param_problem` checks
a value written by hand (the tutorials' scripts) against its kind.

>>> Message.of("powerless_king", colour="B3")
Traceback (most recent call last):
...
KeyError: "powerless_king: parameter 'colour' has no kind in engine.i18n.PARAM_KINDS"
>>> param_problem("cards", "H10, CQ"), param_problem("trumps", "H10")
("'H10, CQ' is not a list of card notations joined by ',' (no spaces)", "'H10' is not a whole number")
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from engine.i18n import PARAM_KINDS, catalog, render

__all__ = ["PARAM_KINDS", "QUOTE_LIMIT", "Message", "param_problem", "quoted"]

#: What a message quotes of a bad input at most (a 2 MB action is not echoed back).
QUOTE_LIMIT = 60


def quoted(value: object) -> str:
    """``value`` as a message quotes a bad input: its ``repr``, cut to QUOTE_LIMIT
    characters (a 2 MB action is not echoed back).

    >>> quoted("ZZ"), quoted(None), len(quoted("x" * 100)), quoted("x" * 100)[-2:]
    ("'ZZ'", 'None', 60, 'x…')
    """
    text = repr(value)
    return text if len(text) <= QUOTE_LIMIT else text[: QUOTE_LIMIT - 1] + "…"


#: A card's notation in either game (Karnöffel ``BU``, ``H9``; Doppelkopf ``CQ``, ``H10``).
_CARD = r"[A-Z][A-Z0-9]{1,2}"
#: What a value of each checked kind looks like.
_VALUE_SHAPES = {
    "card": (re.compile(_CARD), "a card notation"),
    "cards": (
        re.compile(rf"{_CARD}(?:,{_CARD})*"),
        "a list of card notations joined by ',' (no spaces)",
    ),
    "suit": (re.compile(r"[A-Z]"), "a suit's letter"),
    "seat": (re.compile(r"\d"), "a seat number"),
    "number": (re.compile(r"-?\d+"), "a whole number"),
}


def param_problem(name: str, value: object) -> str | None:
    """What is wrong with ``value`` as the message parameter ``name`` (see
    :data:`~engine.i18n.PARAM_KINDS`), or None."""
    kind = PARAM_KINDS.get(name)
    if kind is None:
        return f"parameter {name!r} has no kind in engine.i18n.PARAM_KINDS"
    shape = _VALUE_SHAPES.get(kind)
    if shape is None or shape[0].fullmatch(str(value)):
        return None
    return f"{quoted(str(value))} is not {shape[1]}"


@dataclass(frozen=True, slots=True)
class Message:
    """A message key with parameters; ``text`` renders it in English."""

    key: str
    params: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, key: str, **params: object) -> Message:
        entries = catalog()
        # A key with a count may be a plural family: key_one, key_other (engine/i18n.py).
        if key not in entries and not ("count" in params and f"{key}_other" in entries):
            raise KeyError(f"unknown message key {key!r}")
        for name in params:
            if name not in PARAM_KINDS:
                raise KeyError(f"{key}: parameter {name!r} has no kind in engine.i18n.PARAM_KINDS")
        return cls(key, tuple((name, str(value)) for name, value in params.items()))

    @property
    def text(self) -> str:
        return render(self.key, dict(self.params))

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": dict(self.params), "text": self.text}

    def __str__(self) -> str:
        return self.text
