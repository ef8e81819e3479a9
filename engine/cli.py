"""What the games' command-line tools share: printing a trick's winner and why."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence

from engine.core import TrickResult

__all__ = ["trick_command"]


def trick_command(explain: Callable[[], TrickResult], cards: Sequence[str]) -> int:
    """Print the winning card of ``cards``, its index and the reason; exit status 0,
    or 2 with the error when ``explain`` refuses the input."""
    try:
        result = explain()
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(f"winner: {cards[result.winner].upper()} (index {result.winner})")
    print(f"reason: {result.reason.text}")
    for note in result.notes:
        print(f"note: {note.text}")
    return 0
