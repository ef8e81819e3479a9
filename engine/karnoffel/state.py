"""A Karnöffel match as a state machine shaped like OpenSpiel's ``State``.

``current_player()`` says who acts (:data:`CHANCE` when cards must be
dealt, :data:`TERMINAL` when the match is over); ``legal_actions()`` lists
what they may do; ``apply_action()`` does it or raises
:class:`~engine.errors.IllegalActionError` leaving the state untouched;
``why_illegal()`` answers "can I, and if not, why?"; ``view(seat)`` is
exactly what a seat may know, as JSON.

>>> state = new_match(Rules(), seed="doc")
>>> state.current_player() == state.forehand
True
>>> len(state.legal_actions())
5
>>> state.why_illegal(Card.parse("BU"), seat=(state.forehand + 1) % 4).key
'not_your_turn'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from engine.core import CHANCE, TERMINAL, MatchState, PlayedTrick, explicit_deal
from engine.errors import IllegalActionError
from engine.karnoffel.actions import (
    Action,
    Call,
    Deal,
    action_notation,
    first_dealer,
    parse_action,
    seeded_deal,
)
from engine.karnoffel.cards import Card, Suit
from engine.karnoffel.rules import TRICKS_TO_WIN, Rules
from engine.karnoffel.tricks import Role, resolve_trick, role_of
from engine.messages import Message

__all__ = [
    "CHANCE",
    "TERMINAL",
    "BidStep",
    "DealResult",
    "Phase",
    "State",
    "chosen_suit_of",
    "new_match",
]  # fmt: skip


class Phase(Enum):
    DEAL = "deal"  # a chance node: the next deal must be dealt
    SHOW = "show"  # historic: show / no-show after stages 2 and 3
    BID = "bid"  # historic: a bidding window
    PLAY = "play"
    OVER = "over"  # the match is over


class BidStep(Enum):
    WINDOW = "window"  # the acting team may pass or raise
    ANSWER_RAISE = "answer-raise"  # the other team: accept, counter or give up
    ANSWER_COUNTER = "answer-counter"  # the raising team: accept or give up


@dataclass(frozen=True)
class DealResult:
    number: int
    dealer: int
    chosen: Suit
    winner_team: int
    points: int
    tricks: tuple[int, int]
    given_up: bool
    message: Message

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "dealer": self.dealer,
            "chosen": self.chosen.value,
            "winner": self.winner_team,
            "points": self.points,
            "tricks": list(self.tricks),
            "given_up": self.given_up,
            "message": self.message.to_json(),
        }


def chosen_suit_of(face_up: Sequence[Card]) -> Suit:
    """The suit of the lowest face-up card (normal order); the first dealt wins ties."""
    lowest = face_up[0]
    for card in face_up[1:]:
        if card.rank.order < lowest.rank.order:
            lowest = card
    return lowest.suit


@dataclass
class _Bid:
    """Bidding state of a historic deal."""

    value: int  # the confirmed value
    window: int = 0  # 0..5: two windows after each of the three stages
    step: BidStep = BidStep.WINDOW
    offered: int | None = None
    log: list[tuple[int, str]] = field(default_factory=list)  # (team, call)


class State(MatchState):
    """The whole match state. Build with :func:`new_match` or ``engine.records``."""

    GAME = "karnoffel"
    DEAL_TYPE = Deal
    parse_action = staticmethod(parse_action)
    action_text = staticmethod(action_notation)
    explicit_deals: tuple[Deal, ...]

    def __init__(
        self,
        rules: Rules | None = None,
        seed: str | None = None,
        deals: Sequence[Deal] = (),
        humans: Sequence[int] = (0,),
    ) -> None:
        rules = rules or Rules()
        for deal in deals:
            deal.validate(rules.players)
        if seed is None and not deals:
            raise ValueError("a match needs a seed or explicit deals")
        if deals and deals[0].dealer is None:
            raise ValueError("the first deal must name its dealer")
        for seat in humans:
            if not 0 <= seat < rules.players:
                raise ValueError(f"human seat {seat} does not exist with {rules.players} players")
        self.rules = rules
        self.spec = rules.spec
        self.players = rules.players
        self.seed = seed
        self.explicit_deals = tuple(deals)
        self.humans = tuple(sorted(set(humans)))
        self.actions: list[Action] = []
        self.actors: list[int] = []
        self.scores = [0, 0]
        self.results: list[DealResult] = []
        self.phase = Phase.DEAL
        self.next_dealer: int | None = None
        self._reset_deal(dealer=0)

    # ------------------------------------------------------------------ setup
    def _reset_deal(self, dealer: int) -> None:
        n = self.players
        self.dealer = dealer
        self.deal: Deal | None = None
        self.stage = 0
        self.chosen: Suit | None = None
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.face_up: list[Card | None] = [None] * n
        self.shown: list[frozenset[Card]] = [frozenset()] * n
        self.shows: list[tuple[int, int, bool]] = []  # (seat, stage, showed)
        self.show_queue: list[int] = []
        self.bid = _Bid(value=self.spec.initial_value)
        self.trick: list[tuple[int, Card]] = []
        self.leader = (dealer + 1) % n
        self.tricks_won = [0, 0]
        self.played: list[PlayedTrick[Card]] = []

    @property
    def forehand(self) -> int:
        return (self.dealer + 1) % self.players

    @property
    def deal_number(self) -> int:
        """1-based number of the current (or last) deal."""
        return len(self.results) + (0 if self.phase in (Phase.DEAL, Phase.OVER) else 1)

    def deal_order(self) -> list[int]:
        return [(self.dealer + 1 + i) % self.players for i in range(self.players)]

    # ------------------------------------------------------------- OpenSpiel API
    def current_player(self) -> int:
        if self.phase is Phase.OVER:
            return TERMINAL
        if self.phase is Phase.DEAL:
            return CHANCE
        if self.phase is Phase.SHOW:
            return self.show_queue[0]
        if self.phase is Phase.BID:
            return self._deciding_seat(self._bidding_team())
        return (self.leader + len(self.trick)) % self.players

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def is_chance_node(self) -> bool:
        return self.phase is Phase.DEAL

    def returns(self) -> list[float]:
        """+1 for each seat of the match winners, -1 for the others; 0 before the end."""
        if self.phase is not Phase.OVER:
            return [0.0] * self.players
        winner = self.match_winner()
        return [1.0 if Rules.team_of(seat) == winner else -1.0 for seat in range(self.players)]

    def match_winner(self) -> int | None:
        for team in (0, 1):
            if self.scores[team] >= self.rules.target:
                return team
        return None

    def chance_outcome(self) -> Deal | None:
        """The next deal (explicit deals first, then the seed), or ``None`` if none is left."""
        if self.phase is not Phase.DEAL:
            return None
        number = len(self.results)
        if number < len(self.explicit_deals):
            dealer = self.next_dealer if number else None
            return explicit_deal(self.explicit_deals[number], number, dealer)
        if self.seed is None:
            return None
        if self.next_dealer is not None:
            dealer = self.next_dealer
        else:
            dealer = first_dealer(self.seed, self.players)
        return seeded_deal(self.seed, number, dealer, self.players)

    def legal_actions(self) -> list[Action]:
        """What the current player may do (empty at chance and terminal nodes)."""
        if self.phase in (Phase.DEAL, Phase.OVER):
            return []
        if self.phase is Phase.SHOW:
            return [Call.SHOW, Call.NO_SHOW]
        if self.phase is Phase.BID:
            return [call for call in Call if self._why_call_illegal(call) is None]
        hand = self.hands[self.current_player()]
        return [card for card in hand if self._why_card_illegal(card) is None]

    def _why_illegal(self, action: Action, actor: int) -> Message | None:
        if isinstance(action, Card):
            return self._why_card_illegal(action)
        return self._why_call_illegal(action)

    def _apply(self, actor: int, action: Action) -> None:
        if isinstance(action, Card):
            self._play_card(action)
        elif self.phase is Phase.SHOW:
            self._decide_show(action)
        else:
            self._bid_call(action)

    # --------------------------------------------------------------- legality
    def _why_card_illegal(self, card: Card) -> Message | None:
        if self.phase is not Phase.PLAY:
            return Message.of("card_in_wrong_phase", phase=self._phase_text())
        if card not in self.hands[self.current_player()]:
            return Message.of("card_not_in_hand", card=card)
        first_lead = not self.played and not self.trick
        if first_lead and role_of(card, self.chosen) is Role.DEVIL:  # type: ignore[arg-type]
            return Message.of("devil_first_lead", card=card)
        return None

    def _why_call_illegal(self, call: Call) -> Message | None:
        if self.phase is Phase.SHOW:
            if call in (Call.SHOW, Call.NO_SHOW):
                return None
            return Message.of("call_in_wrong_phase", action=call.value, phase=self._phase_text())
        if self.phase is not Phase.BID:
            return Message.of("call_in_wrong_phase", action=call.value, phase=self._phase_text())
        step = self.bid.step
        allowed = {
            BidStep.WINDOW: (Call.PASS, Call.RAISE),
            BidStep.ANSWER_RAISE: (Call.ACCEPT, Call.COUNTER, Call.GIVE_UP),
            BidStep.ANSWER_COUNTER: (Call.ACCEPT, Call.GIVE_UP),
        }[step]
        if call not in allowed:
            if call is Call.COUNTER and step is BidStep.ANSWER_COUNTER:
                return Message.of("counter_used")
            return Message.of("call_in_wrong_phase", action=call.value, phase=self._phase_text())
        top = max(self.scores)
        if call is Call.RAISE and top + self.bid.value >= self.rules.target:
            return Message.of("raise_locked", value=self.bid.value, target=self.rules.target)
        if call is Call.COUNTER:
            assert self.bid.offered is not None
            if top + self.bid.offered >= self.rules.target:
                return Message.of(
                    "counter_locked", value=self.bid.offered, target=self.rules.target
                )
        return None

    def _phase_text(self) -> str:
        """The catalog key that says what the match is waiting for."""
        if self.phase is Phase.BID:
            return {
                BidStep.WINDOW: "phase_bid_window",
                BidStep.ANSWER_RAISE: "phase_bid_answer_raise",
                BidStep.ANSWER_COUNTER: "phase_bid_answer_counter",
            }[self.bid.step]
        return {Phase.PLAY: "phase_play", Phase.SHOW: "phase_show"}[self.phase]

    # ---------------------------------------------------------------- dealing
    def _apply_deal(self, deal: Deal) -> None:
        if self.phase is not Phase.DEAL:
            raise IllegalActionError(Message.of("not_a_chance_node"))
        try:
            deal.validate(self.players)
        except ValueError as error:
            raise IllegalActionError(Message.of("bad_deal", detail=str(error))) from None
        if deal.dealer is None:
            raise IllegalActionError(Message.of("bad_deal_no_dealer"))
        self._reset_deal(deal.dealer)
        self.deal = deal
        self._deal_stage()

    def _deal_stage(self) -> None:
        """Give the next stage's packets, then move to shows, bidding or play."""
        assert self.deal is not None
        stages = self.spec.deal_stages
        start = sum(stages[: self.stage]) * self.players
        packet = stages[self.stage]
        for i, seat in enumerate(self.deal_order()):
            cards = self.deal.cards[start + i * packet : start + (i + 1) * packet]
            if self.stage == 0:
                self.face_up[seat] = cards[0]
            self.hands[seat].extend(cards)
        self.stage += 1
        if self.stage == 1:
            self.chosen = chosen_suit_of([self.face_up[seat] for seat in self.deal_order()])  # type: ignore[misc]
        if self.stage in self.spec.show_after_stages:
            self.phase = Phase.SHOW
            self.show_queue = self.deal_order()
        else:
            self._after_shows()

    def _after_shows(self) -> None:
        if self.spec.bidding:
            self.phase = Phase.BID
            self.bid.window = 2 * (self.stage - 1)
            self.bid.step = BidStep.WINDOW
            self._skip_locked_windows()
        else:
            self._next_stage_or_play()

    def _next_stage_or_play(self) -> None:
        if self.stage < len(self.spec.deal_stages):
            self._deal_stage()
        else:
            self.phase = Phase.PLAY
            self.leader = self.forehand

    # ------------------------------------------------------------------ shows
    def _decide_show(self, call: Call) -> None:
        seat = self.show_queue.pop(0)
        showed = call is Call.SHOW
        if showed:
            self.shown[seat] = self.shown[seat] | frozenset(self.hands[seat])
        self.shows.append((seat, self.stage, showed))
        if not self.show_queue:
            self._after_shows()

    # ---------------------------------------------------------------- bidding
    def _bidding_team(self) -> int:
        """The team whose decision it is in the current bidding step."""
        window_team = Rules.team_of(self.forehand if self.bid.window % 2 == 0 else self.dealer)
        if self.bid.step is BidStep.ANSWER_RAISE:
            return 1 - window_team
        return window_team

    def _deciding_seat(self, team: int) -> int:
        """The team's human (earliest in deal order), else its earliest seat."""
        order = [seat for seat in self.deal_order() if Rules.team_of(seat) == team]
        humans = [seat for seat in order if seat in self.humans]
        return (humans or order)[0]

    def _skip_locked_windows(self) -> None:
        """A window in which no raise is allowed can only pass: skip it."""
        while self.phase is Phase.BID and self._why_call_illegal(Call.RAISE) is not None:
            self._close_window()

    def _close_window(self) -> None:
        bid = self.bid
        bid.step = BidStep.WINDOW
        bid.offered = None
        if bid.window % 2 == 0:
            bid.window += 1
        else:
            bid.window += 1
            self._next_stage_or_play()

    def _bid_call(self, call: Call) -> None:
        bid = self.bid
        team = self._bidding_team()
        bid.log.append((team, call.value))
        if call is Call.PASS:
            self._close_window()
        elif call is Call.RAISE:
            bid.offered = bid.value + self.spec.raise_step
            bid.step = BidStep.ANSWER_RAISE
            return
        elif call is Call.COUNTER:
            assert bid.offered is not None
            bid.value = bid.offered
            bid.offered = bid.value + self.spec.raise_step
            bid.step = BidStep.ANSWER_COUNTER
            return
        elif call is Call.ACCEPT:
            assert bid.offered is not None
            bid.value = bid.offered
            self._close_window()
        elif call is Call.GIVE_UP:
            self._end_deal(winner_team=1 - team, given_up=True)
            return
        self._skip_locked_windows()

    # ------------------------------------------------------------------- play
    def _play_card(self, card: Card) -> None:
        seat = self.current_player()
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < self.players:
            return
        cards = [played for _, played in self.trick]
        assert self.chosen is not None
        result = resolve_trick(cards, self.chosen, self.spec.trick_rule)
        winner = self.trick[result.winner][0]
        self.played.append(PlayedTrick(self.leader, tuple(self.trick), winner, result))
        self.trick = []
        self.leader = winner
        team = Rules.team_of(winner)
        self.tricks_won[team] += 1
        if self.tricks_won[team] >= TRICKS_TO_WIN:
            self._end_deal(winner_team=team, given_up=False)

    def _end_deal(self, winner_team: int, given_up: bool) -> None:
        assert self.chosen is not None
        points = self.bid.value
        self.scores[winner_team] += points
        if given_up:
            message = Message.of("deal_won_give_up", team=1 - winner_team, points=points)
        else:
            message = Message.of("deal_won_tricks", team=winner_team, points=points)
        self.results.append(
            DealResult(
                number=len(self.results) + 1,
                dealer=self.dealer,
                chosen=self.chosen,
                winner_team=winner_team,
                points=points,
                tricks=(self.tricks_won[0], self.tricks_won[1]),
                given_up=given_up,
                message=message,
            )
        )
        self.next_dealer = self.forehand
        self.phase = Phase.OVER if self.match_winner() is not None else Phase.DEAL

    # ---------------------------------------------------------------- records
    def outcome(self) -> dict[str, Any]:
        """Per deal: winner and points; the match score and winner (``replay`` output)."""
        return {
            "game": "karnoffel",
            "deals": [result.to_json() for result in self.results],
            "score": list(self.scores),
            "finished": self.is_terminal(),
            "winner": self.match_winner(),
        }


new_match = State.new_match
