"""Stichtag's own deterministic random generator ("stichtag-sha256-v1").

Every deal, every first dealer and every computer player's random choice is
derived from a *seed string* through this module, never through Python's
``random`` (whose algorithms may change between versions). The same seed
gives the same numbers on every CPython and in Pyodide, forever.

The algorithm, fully specified so that it can be re-implemented anywhere:

1. Block ``i`` (``i = 0, 1, 2, ...``) of the stream for seed ``s`` is
   ``SHA-256(UTF-8(s) + b"\\x00" + i as 8-byte big-endian)``: 32 bytes.
2. The stream of 32-bit words is the concatenation of all blocks, read as
   big-endian unsigned 32-bit integers (8 words per block).
3. ``below(n)`` returns a uniform integer in ``[0, n)`` by rejection: take
   the next word ``w``; if ``w < 2**32 - (2**32 % n)`` return ``w % n``,
   otherwise discard it and take the next word.
4. ``shuffle(items)`` is the Fisher-Yates shuffle: for ``i`` from
   ``len - 1`` down to ``1``, swap item ``i`` with item ``below(i + 1)``.

>>> stream = Stream("example")
>>> [stream.below(10) for _ in range(5)]
[4, 6, 3, 6, 7]
>>> Stream("example").shuffled("abcdef")
['f', 'e', 'c', 'd', 'b', 'a']
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import TypeVar

__all__ = ["ALGORITHM", "Stream", "derive"]

ALGORITHM = "stichtag-sha256-v1"

T = TypeVar("T")

_WORD_SPACE = 1 << 32


def derive(*parts: object) -> str:
    """Join seed parts into one seed string, e.g. ``derive("daily", 3)``.

    >>> derive("daily/karnoffel/2026-12-01", "deal", 2)
    'daily/karnoffel/2026-12-01#deal#2'
    """
    return "#".join(str(part) for part in parts)


class Stream:
    """A stream of uniform 32-bit words from a seed string (see module doc)."""

    __slots__ = ("_block", "_pos", "_seed", "_words")

    def __init__(self, seed: str) -> None:
        self._seed = seed.encode("utf-8") + b"\x00"
        self._block = 0
        self._words: list[int] = []
        self._pos = 0

    def _next_word(self) -> int:
        if self._pos == len(self._words):
            digest = hashlib.sha256(self._seed + self._block.to_bytes(8, "big")).digest()
            self._block += 1
            self._words = [int.from_bytes(digest[i : i + 4], "big") for i in range(0, 32, 4)]
            self._pos = 0
        word = self._words[self._pos]
        self._pos += 1
        return word

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``; ``n`` must be in ``[1, 2**32]``."""
        if not 1 <= n <= _WORD_SPACE:
            raise ValueError(f"below() needs 1 <= n <= 2**32, got {n}")
        limit = _WORD_SPACE - (_WORD_SPACE % n)
        while True:
            word = self._next_word()
            if word < limit:
                return word % n

    def random(self) -> float:
        """A float in ``[0, 1)`` with 32 bits of resolution."""
        return self._next_word() / _WORD_SPACE

    def choice(self, items: list[T] | tuple[T, ...]) -> T:
        """One item, uniformly."""
        if not items:
            raise ValueError("choice() from an empty sequence")
        return items[self.below(len(items))]

    def shuffled(self, items: Iterable[T]) -> list[T]:
        """A new list with the items in Fisher-Yates order (see module doc)."""
        result = list(items)
        for i in range(len(result) - 1, 0, -1):
            j = self.below(i + 1)
            result[i], result[j] = result[j], result[i]
        return result
