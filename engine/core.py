"""What every game's match state shares, shaped like OpenSpiel's ``State``.

A game's ``State`` subclasses :class:`MatchState` and writes only the rules
themselves: ``current_player``, the legality of an action (``_why_illegal``),
its effect (``_apply``), the chance outcomes (``chance_outcome``,
``_apply_deal``), the outcome and the seat's view (each game's ``view.py``).
Everything around that is written once here: parsing an action once,
"can I, and if not, why?", recording who did what, settling chance, the
record, ``clone`` and ``new_match``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from engine import rng
from engine.errors import IllegalActionError
from engine.messages import Message, quoted

__all__ = [
    "CHANCE",
    "TERMINAL",
    "MatchState",
    "PlayedTrick",
    "Player",
    "RandomPlayer",
    "TrickResult",
    "explicit_deal",
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


class CardLike(Protocol):
    @property
    def notation(self) -> str: ...


CardT = TypeVar("CardT", bound=CardLike)


@dataclass(frozen=True)
class PlayedTrick(Generic[CardT]):
    """A completed trick: who led, (seat, card) in play order, the winner and why."""

    leader: int
    plays: tuple[tuple[int, CardT], ...]
    winner: int
    result: TrickResult

    def to_json(self) -> dict[str, Any]:
        return {
            "leader": self.leader,
            "cards": [{"seat": seat, "card": card.notation} for seat, card in self.plays],
            "winner": self.winner,
            "reason": self.result.reason.to_json(),
            "notes": [note.to_json() for note in self.result.notes],
        }


class DealLike(Protocol):
    @property
    def dealer(self) -> int | None: ...


DealT = TypeVar("DealT", bound=DealLike)


def explicit_deal(deal: DealT, number: int, dealer: int | None) -> DealT:
    """Explicit deal ``number`` (0-based) as dealt by ``dealer``, the seat the
    rules say deals it (``None`` for the match's first deal: it names its own).

    Explicit deals pin the cards; after the first, who deals follows the
    rules (``records.md``): a later deal may leave its dealer out, and one
    that names another dealer is refused, never silently obeyed or ignored.
    """
    if dealer is None:
        return deal
    if deal.dealer is None:
        return dataclasses.replace(deal, dealer=dealer)  # type: ignore[type-var]
    if deal.dealer != dealer:
        reason = Message.of("bad_deal_dealer", number=number, dealer=deal.dealer, seat=dealer)
        raise IllegalActionError(reason)
    return deal


class MatchState:
    """Base of every game's match state (see the module docstring)."""

    #: The record's ``game`` name.
    GAME: ClassVar[str]
    #: The game's chance outcome (a deal), applied by ``apply_action`` too.
    DEAL_TYPE: ClassVar[type]
    #: (the state, a seat) -> what the seat may know, as JSON: the game's view
    #: module, bound by the game's package. A view is built from a state, so
    #: it depends on the state module, never the reverse.
    SEAT_VIEW: ClassVar[Callable[[Any, int], dict[str, Any]]]

    rules: Any
    seed: str | None
    explicit_deals: tuple[Any, ...]
    humans: tuple[int, ...]
    #: Every action taken, and who took it (the same length).
    actions: list[Any]
    actors: list[int]
    hands: list[list[Any]]

    # ------------------------------------------------- provided by each game
    @staticmethod
    def parse_action(text: str) -> Any:
        """An action from its notation; ``ValueError`` if the game has no such action."""
        raise NotImplementedError

    @staticmethod
    def action_text(action: Any) -> str:
        """An action's record notation."""
        raise NotImplementedError

    def current_player(self) -> int:
        raise NotImplementedError

    def is_terminal(self) -> bool:
        raise NotImplementedError

    def is_chance_node(self) -> bool:
        raise NotImplementedError

    def chance_outcome(self) -> Any:
        raise NotImplementedError

    def legal_actions(self) -> list[Any]:
        raise NotImplementedError

    def outcome(self) -> dict[str, Any]:
        raise NotImplementedError

    def view(self, seat: int) -> dict[str, Any]:
        """Everything ``seat`` may know, as JSON (the game's view module)."""
        return type(self).SEAT_VIEW(self, seat)

    def _why_illegal(self, action: Any, actor: int) -> Message | None:
        """Why the parsed ``action`` of the player to act is illegal now, or ``None``."""
        raise NotImplementedError

    def _apply(self, actor: int, action: Any) -> None:
        """Carry out a legal action of ``actor`` (OpenSpiel's ``_apply_action``)."""
        raise NotImplementedError

    def _apply_deal(self, deal: Any) -> None:
        raise NotImplementedError

    # ------------------------------------------------------------- shared
    def _parsed(self, action: Any) -> Any:
        """``action`` as the game's action object, or ``None`` if it is none."""
        if not isinstance(action, str):
            return action if self._is_action(action) else None
        try:
            return self.parse_action(action)
        except ValueError:
            return None

    def _is_action(self, action: Any) -> bool:
        try:
            self.action_text(action)
        except (AttributeError, TypeError, ValueError, KeyError):
            return False
        return True

    def why_illegal(self, action: Any, seat: int | None = None) -> Message | None:
        """``None`` if ``action`` (an action or its notation) is legal now, for
        ``seat`` if given; else the reason, as a translatable message."""
        if self.is_terminal():
            return Message.of("game_over")
        if self.is_chance_node():
            return Message.of("chance_pending")
        parsed = self._parsed(action)
        if parsed is None:
            return Message.of("unknown_action", action=quoted(action))
        to_act = self.current_player()
        if seat is not None and seat != to_act:
            return Message.of("not_your_turn", to_act=to_act, seat=seat)
        return self._why_illegal(parsed, to_act)

    def is_legal(self, action: Any, seat: int | None = None) -> bool:
        return self.why_illegal(action, seat) is None

    def apply_action(self, action: Any, seat: int | None = None) -> None:
        """Apply a deal (at a chance node) or the current player's action.

        Raises :class:`IllegalActionError` (state unchanged) if it is illegal.
        """
        if isinstance(action, self.DEAL_TYPE):
            self._apply_deal(action)
            return
        reason = self.why_illegal(action, seat)
        if reason is not None:
            raise IllegalActionError(reason)
        parsed = self._parsed(action)
        actor = self.current_player()
        self.actions.append(parsed)
        self.actors.append(actor)
        self._apply(actor, parsed)

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

    def clone(self) -> Self:
        """An independent copy: changing one never changes the other."""
        other = object.__new__(type(self))
        other.__dict__.update({name: _copied(value) for name, value in vars(self).items()})
        return other

    @classmethod
    def new_match(
        cls,
        rules: Any = None,
        seed: str | None = None,
        deals: Sequence[Any] = (),
        humans: Sequence[int] = (0,),
    ) -> Self:
        """A match with its first deal dealt (chance settled)."""
        state = cls(rules, seed=seed, deals=deals, humans=humans)  # type: ignore[call-arg]
        state.settle_chance()
        return state


def _copied(value: Any) -> Any:
    """A copy of a state's field: containers and mutable records are copied all
    the way down; immutable values (cards, enums, frozen records) are shared."""
    if isinstance(value, list):
        return [_copied(item) for item in value]
    if isinstance(value, dict):
        return {key: _copied(item) for key, item in value.items()}
    if isinstance(value, set):
        return set(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        params = getattr(type(value), "__dataclass_params__", None)
        if params is not None and not params.frozen:
            return dataclasses.replace(
                value,
                **{
                    f.name: _copied(getattr(value, f.name))
                    for f in dataclasses.fields(value)
                    if f.init
                },
            )
    return value


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


PlayerFactory = Callable[[], Player]
