"""The engine's exception types: each names what was wrong and why.

All derive from ``ValueError`` so that callers who only care that the input
was bad can catch that.
"""

from __future__ import annotations

from engine.messages import Message

__all__ = ["IllegalActionError", "NotationError", "RecordError"]


class NotationError(ValueError):
    """A card or action written in a notation the engine does not know."""


class IllegalActionError(ValueError):
    """An action the rules forbid now; the state is left unchanged.

    ``reason`` is the translatable :class:`~engine.messages.Message`.
    """

    def __init__(self, reason: Message) -> None:
        super().__init__(reason.text)
        self.reason = reason


class RecordError(ValueError):
    """A game record that cannot be read or replayed.

    ``index`` is the position in ``actions`` of the first bad action, or
    ``None`` when the record itself (its format, rules or deals) is bad.
    """

    def __init__(self, message: str, index: int | None = None) -> None:
        where = f"action {index}: " if index is not None else ""
        super().__init__(where + message)
        self.index = index
        self.detail = message
