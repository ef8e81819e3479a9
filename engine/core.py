"""What every game's match state shares: node kinds, trick results, and the
record / "can I?" machinery written once for Karnöffel and Doppelkopf.

A game's ``State`` subclasses :class:`MatchState` and provides the rules
themselves: ``current_player``, ``why_illegal``, ``chance_outcome``,
``_apply_deal``, ``view`` ….
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from engine import rng
from engine.messages import Message

__all__ = [
    "CHANCE",
    "TERMINAL",
    "MatchState",
    "Player",
    "RandomPlayer",
    "TrickResult",
    "choose_with",
    "seed_for",
]

#: ``current_player()`` at a chance node (cards must be dealt) ...
CHANCE = -1
#: ... and once the match is over (OpenSpiel's values).
TERMINAL = -4


@dataclass(frozen=True, slots=True)
class TrickResult:
    """The winning card's index in the trick, the reason, and notes on losers."""

    winner: int
    reason: Message
    notes: tuple[Message, ...] = ()


class MatchState:
    """Base of every game's match state (see the module docstring)."""

    #: The record's ``game`` name.
    GAME: ClassVar[str]

    rules: Any
    seed: str | None
    explicit_deals: tuple[Any, ...]
    humans: tuple[int, ...]
    actions: list[Any]
    hands: list[list[Any]]

    # ------------------------------------------------- provided by each game
    def why_illegal(self, action: Any, seat: int | None = None) -> Message | None:
        raise NotImplementedError

    def is_chance_node(self) -> bool:
        raise NotImplementedError

    def chance_outcome(self) -> Any:
        raise NotImplementedError

    def _apply_deal(self, deal: Any) -> None:
        raise NotImplementedError

    @staticmethod
    def action_text(action: Any) -> str:
        """An action's record notation."""
        raise NotImplementedError

    # ------------------------------------------------------------- shared
    def is_legal(self, action: Any, seat: int | None = None) -> bool:
        return self.why_illegal(action, seat) is None

    def settle_chance(self) -> None:
        """Deal every deal that is due from the match's deal source."""
        while self.is_chance_node():
            deal = self.chance_outcome()
            if deal is None:
                return
            self._apply_deal(deal)

    def _hand_reasons(self, seat: int) -> dict[str, dict[str, Any]]:
        """For each card in the seat's hand that it cannot play now, why not."""
        reasons = {}
        for card in self.hands[seat]:
            reason = self.why_illegal(card, seat)
            if reason is not None:
                reasons[card.notation] = reason.to_json()
        return reasons

    def to_record(self) -> dict[str, Any]:
        """The match so far as a game record (``records.md``)."""
        record: dict[str, Any] = {"format": 1, "game": self.GAME, "rules": self.rules.to_json()}
        if self.explicit_deals:
            record["deals"] = [deal.to_json() for deal in self.explicit_deals]
        if self.seed is not None:
            record["seed"] = self.seed
        if self.humans != (0,):
            record["humans"] = list(self.humans)
        record["actions"] = [self.action_text(action) for action in self.actions]
        return record


# --------------------------------------------------------------------------
# Computer players' common ground (each game registers its own levels)
# --------------------------------------------------------------------------


class Player(Protocol):
    """Chooses one legal action (its notation) from a seat's view."""

    def choose(self, view: dict[str, Any], stream: rng.Stream) -> str: ...


class RandomPlayer:
    """The baseline: a uniformly random legal action."""

    def choose(self, view: dict[str, Any], stream: rng.Stream) -> str:
        legal: list[str] = view["legal"]
        if not legal:
            raise ValueError("it is not this seat's turn: no legal actions in the view")
        return stream.choice(legal)


def seed_for(state: MatchState, seat: int) -> str:
    """The seed of a computer decision: the match's seed (or, without one, its
    explicit deals), the seat and the number of actions so far, so the same
    play gives the same game everywhere."""
    base = state.seed or rng.derive(
        "deals", *(deal.cards[0].notation for deal in state.explicit_deals)
    )
    return rng.derive(base, "player", seat, len(state.actions))


def choose_with(
    levels: Mapping[str, Callable[[], Player]], level: str, view: dict[str, Any], seed: str
) -> str:
    """The action the player of ``level`` (one of ``levels``) chooses from ``view``."""
    try:
        player = levels[level]()
    except KeyError:
        raise ValueError(f"unknown player level {level!r} ({', '.join(sorted(levels))})") from None
    return player.choose(view, rng.Stream(seed))
