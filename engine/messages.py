"""Translatable messages: a catalog key plus parameters, with English text.

Explanations (why a trick was won), refusals (why an action is illegal) and
results are data, so that the table can show them in any language: the page
renders ``key`` and ``params`` from its language's catalog (:mod:`engine.i18n`);
``text`` is the English rendering, for tools and tests.

>>> m = Message.of("powerless_king", card="B3")
>>> m.text
'B3 has no power: a King is in the trick.'
>>> m.to_json()
{'key': 'powerless_king', 'params': {'card': 'B3'}, 'text': 'B3 has no power: a King is in the trick.'}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.i18n import catalog, render

__all__ = ["QUOTE_LIMIT", "Message", "quoted"]

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
        return cls(key, tuple((name, str(value)) for name, value in params.items()))

    @property
    def text(self) -> str:
        return render(self.key, dict(self.params))

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": dict(self.params), "text": self.text}

    def __str__(self) -> str:
        return self.text
