"""A Doppelkopf match (8 hands) as a state machine shaped like OpenSpiel's ``State``.

``current_player()`` says who acts (:data:`CHANCE` when cards must be
dealt, :data:`TERMINAL` when the match is over); ``legal_actions()`` lists
what they may do; ``apply_action()`` does it or raises
:class:`~engine.errors.IllegalActionError` leaving the state untouched;
``why_illegal()`` answers "can I, and if not, why?"; ``view(seat)`` is
exactly what a seat may know, as JSON.

A hand runs: reservations (each seat from the dealer's left says
``healthy`` or a reservation) → for a poverty: ``pass:…``, ``accept`` /
``decline`` in turn, ``return:…`` → 12 tricks, with ``announce`` possible
before a card → scoring. If nobody accepts a poverty the same dealer deals
again: the match's *deal* counter (which picks the seeded deal
``derive(seed, "deal", n)``) counts every deal, redeals included, while
only played hands count towards the 8.

>>> state = new_match(seed="doc")
>>> state.phase, state.current_player() == (state.dealer + 1) % 4
(<Phase.RESERVE: 'reserve'>, True)
>>> state.why_illegal("CQ").text
'Cards cannot be played now: players are saying healthy or making a reservation.'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from engine.core import CHANCE, TERMINAL, MatchState, PlayedTrick, explicit_deal
from engine.doppelkopf.actions import (
    RESERVATION_PRIORITY,
    SOLO_CONTRACTS,
    Action,
    Call,
    Deal,
    Exchange,
    ExchangeKind,
    Reservation,
    action_notation,
    first_dealer,
    parse_action,
    seeded_deal,
)
from engine.doppelkopf.cards import Card, sort_key
from engine.doppelkopf.hand import Announcement, HandResult
from engine.doppelkopf.rules import (
    CLUB_QUEEN,
    CONTRACTS,
    HANDS_PER_MATCH,
    LEVELS,
    PLAYERS,
    POVERTY_CARDS,
    POVERTY_MAX_TRUMPS,
    TRICKS,
    Contract,
    ContractSpec,
    GameKind,
    Party,
    Phase,
    Rules,
    Variant,
)
from engine.doppelkopf.scoring import score_hand, seat_scores, summarize
from engine.doppelkopf.tricks import TrickResult, resolve_trick
from engine.errors import IllegalActionError
from engine.messages import Message

__all__ = [
    "CHANCE",
    "MARRIAGE_TRICKS",
    "TERMINAL",
    "Announcement",
    "GameKind",
    "HandResult",
    "Phase",
    "State",
    "new_match",
]  # fmt: skip

#: The marriage partner is the first other player to win one of these first tricks.
MARRIAGE_TRICKS = 3


_PHASE_TEXT = {
    Phase.RESERVE: "dk_phase_reserve",
    Phase.POVERTY_PASS: "dk_phase_poverty_pass",
    Phase.POVERTY_ANSWER: "dk_phase_poverty_answer",
    Phase.POVERTY_RETURN: "dk_phase_poverty_return",
    Phase.PLAY: "phase_play",
}


@dataclass
class _Poverty:
    poor: int
    passed: Exchange | None = None
    answers: list[tuple[int, bool]] = field(default_factory=list)
    acceptor: int | None = None
    returned: Exchange | None = None

    def copy(self) -> _Poverty:
        return _Poverty(self.poor, self.passed, list(self.answers), self.acceptor, self.returned)


def _contains(hand: Sequence[Card], cards: Sequence[Card]) -> bool:
    return Counter(cards) <= Counter(hand)


def _remove(hand: list[Card], cards: Sequence[Card]) -> None:
    for card in cards:
        hand.remove(card)


class State(MatchState):
    """The whole match state. Build with :func:`new_match` or ``engine.records``."""

    GAME = "doppelkopf"
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
        for deal in deals:
            deal.validate()
        if seed is None and not deals:
            raise ValueError("a match needs a seed or explicit deals")
        if deals and deals[0].dealer is None:
            raise ValueError("the first deal must name its dealer")
        for seat in humans:
            if not 0 <= seat < PLAYERS:
                raise ValueError(f"human seat {seat} does not exist with {PLAYERS} players")
        self.rules = rules or Rules()
        self.seed = seed
        self.explicit_deals = tuple(deals)
        self.humans = tuple(sorted(set(humans)))
        self.actions: list[Action] = []
        self.actors: list[int] = []
        self.scores = [0] * PLAYERS
        self.results: list[HandResult] = []
        self.redeals: list[Message] = []
        self.deals_dealt = 0
        self.next_dealer = first_dealer(seed) if seed is not None else 0
        self.phase = Phase.DEAL
        self._reset_hand(dealer=0)

    # ------------------------------------------------------------------ setup
    def _reset_hand(self, dealer: int) -> None:
        self.dealer = dealer
        self.deal: Deal | None = None
        self.hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
        self.reservations: list[tuple[int, Reservation]] = []
        self.kind = GameKind.NORMAL
        self.contract = Contract.NORMAL
        self.declarer: int | None = None
        self.re_seats: frozenset[int] = frozenset()
        #: Marriage: in which trick the partner was found (or 3 when alone); 0 = not yet.
        self.clarified_in = 0
        self.partner: int | None = None
        self.poverty: _Poverty | None = None
        self.announcements: list[Announcement] = []
        self.levels = {Party.RE: 0, Party.KONTRA: 0}
        self.trick: list[tuple[int, Card]] = []
        self.leader = (dealer + 1) % PLAYERS
        self.played: list[PlayedTrick[Card]] = []
        self.hand_over = False

    @property
    def forehand(self) -> int:
        return (self.dealer + 1) % PLAYERS

    @property
    def hand_number(self) -> int:
        """1-based number of the current (or last) hand."""
        in_progress = self.deal is not None and not self.hand_over
        return len(self.results) + (1 if in_progress else 0)

    @property
    def spec(self) -> ContractSpec:
        return CONTRACTS[self.contract]

    def party_of(self, seat: int) -> Party:
        return Party.RE if seat in self.re_seats else Party.KONTRA

    # ------------------------------------------------------------- OpenSpiel API
    def current_player(self) -> int:
        phase = self.phase
        if phase is Phase.OVER:
            return TERMINAL
        if phase is Phase.DEAL:
            return CHANCE
        if phase is Phase.RESERVE:
            return (self.forehand + len(self.reservations)) % PLAYERS
        poverty = self.poverty
        if phase is Phase.POVERTY_PASS:
            assert poverty is not None
            return poverty.poor
        if phase is Phase.POVERTY_ANSWER:
            assert poverty is not None
            return (poverty.poor + 1 + len(poverty.answers)) % PLAYERS
        if phase is Phase.POVERTY_RETURN:
            assert poverty is not None and poverty.acceptor is not None
            return poverty.acceptor
        return (self.leader + len(self.trick)) % PLAYERS

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def is_chance_node(self) -> bool:
        return self.phase is Phase.DEAL

    def returns(self) -> list[float]:
        """Each seat's match score at the end (zero-sum); zeros before."""
        if self.phase is not Phase.OVER:
            return [0.0] * PLAYERS
        return [float(score) for score in self.scores]

    def chance_outcome(self) -> Deal | None:
        """The next deal (explicit deals first, then the seed), or ``None`` if none is left.

        The first explicit deal names its dealer; later dealers follow the rules.
        """
        if self.phase is not Phase.DEAL:
            return None
        number = self.deals_dealt
        if number < len(self.explicit_deals):
            # Who deals follows the rules (one seat on after a hand, the same
            # dealer after a redeal), which a pinned daily cannot know in advance.
            dealer = self.next_dealer if number else None
            return explicit_deal(self.explicit_deals[number], number, dealer)
        if self.seed is None:
            return None
        return seeded_deal(self.seed, self.deals_dealt, self.next_dealer)

    def legal_actions(self) -> list[Action]:
        """What the current player may do (empty at chance and terminal nodes)."""
        phase = self.phase
        if phase in (Phase.DEAL, Phase.OVER):
            return []
        seat = self.current_player()
        hand = self.hands[seat]
        if phase is Phase.RESERVE:
            return [r for r in Reservation if self._why_reservation_illegal(r, seat) is None]
        if phase is Phase.POVERTY_ANSWER:
            return [Call.ACCEPT, Call.DECLINE]
        if phase is Phase.POVERTY_PASS:
            return self._pass_options(hand)
        if phase is Phase.POVERTY_RETURN:
            return [Exchange(ExchangeKind.RETURN, cards) for cards in _triples(hand)]
        actions: list[Action] = []
        if self._why_announce_illegal(seat) is None:
            actions.append(Call.ANNOUNCE)
        cards: list[Card] = sorted(set(self._playable(hand)), key=sort_key)
        return actions + cards

    def _why_illegal(self, action: Action, actor: int) -> Message | None:
        if isinstance(action, Card):
            return self._why_card_illegal(action)
        if isinstance(action, Reservation):
            return self._why_reservation_illegal(action, actor)
        if isinstance(action, Exchange):
            return self._why_exchange_illegal(action, actor)
        if action is Call.ANNOUNCE:
            return self._why_announce_illegal(actor)
        if self.phase is not Phase.POVERTY_ANSWER:
            return self._wrong_phase(action)
        return None

    def _apply(self, actor: int, action: Action) -> None:
        if isinstance(action, Card):
            self._play_card(actor, action)
        elif isinstance(action, Reservation):
            self._reserve(actor, action)
        elif isinstance(action, Exchange):
            self._exchange(actor, action)
        elif action is Call.ANNOUNCE:
            self._announce(actor)
        else:
            self._answer_poverty(actor, action is Call.ACCEPT)

    # --------------------------------------------------------------- legality
    def _wrong_phase(self, action: Action) -> Message:
        phase = _PHASE_TEXT[self.phase]
        if isinstance(action, Card):
            return Message.of("card_in_wrong_phase", phase=phase)
        return Message.of("call_in_wrong_phase", action=action_notation(action), phase=phase)

    def _why_card_illegal(self, card: Card) -> Message | None:
        if self.phase is not Phase.PLAY:
            return self._wrong_phase(card)
        hand = self.hands[self.current_player()]
        if card not in hand:
            return Message.of("card_not_in_hand", card=card)
        if card not in self._playable(hand):
            led = self.spec.suit_of(self.trick[0][1])
            if led is None:
                return Message.of("dk_must_follow_trump", card=card)
            return Message.of("dk_must_follow_suit", card=card, suit=led.value)
        return None

    def _playable(self, hand: Sequence[Card]) -> Sequence[Card]:
        """The cards of ``hand`` that follow suit (trumps are one suit), else all."""
        if not self.trick:
            return hand
        suit_of = self.spec.suit_of
        led = suit_of(self.trick[0][1])
        following = [card for card in hand if suit_of(card) is led]
        return following or hand

    def _why_reservation_illegal(self, reservation: Reservation, seat: int) -> Message | None:
        if self.phase is not Phase.RESERVE:
            return self._wrong_phase(reservation)
        hand = self.hands[seat]
        if reservation is Reservation.MARRIAGE and hand.count(CLUB_QUEEN) < 2:
            return Message.of("dk_marriage_needs_queens")
        if reservation is Reservation.POVERTY:
            trumps = self._normal_trumps(hand)
            if len(trumps) > POVERTY_MAX_TRUMPS:
                return Message.of("dk_poverty_too_many_trumps", count=len(trumps))
        return None

    def _why_exchange_illegal(self, exchange: Exchange, seat: int) -> Message | None:
        wanted = Phase.POVERTY_PASS if exchange.kind is ExchangeKind.PASS else Phase.POVERTY_RETURN
        if self.phase is not wanted:
            return self._wrong_phase(exchange)
        hand = self.hands[seat]
        if not _contains(hand, exchange.cards):
            names = ",".join(card.notation for card in exchange.cards)
            return Message.of("dk_exchange_not_in_hand", cards=names)
        if exchange.kind is ExchangeKind.PASS:
            trumps = self._normal_trumps(hand)
            if not _contains(exchange.cards, trumps):
                return Message.of(
                    "dk_pass_needs_trumps", trump_cards=",".join(c.notation for c in trumps)
                )
        return None

    def _why_announce_illegal(self, seat: int) -> Message | None:
        if self.phase is not Phase.PLAY:
            return self._wrong_phase(Call.ANNOUNCE)
        if self.kind is GameKind.MARRIAGE and not self.clarified_in:
            return Message.of("dk_announce_marriage_pending")
        party = self.party_of(seat)
        level = self.levels[party] + 1
        if level >= len(LEVELS):
            return Message.of("dk_announce_nothing_left", party=party.value)
        needed = self.cards_needed(party, level)
        held = len(self.hands[seat])
        if held < needed:
            announcement = LEVELS[level].announcement(party)
            return Message.of(
                "dk_announce_too_late", announcement=announcement, needed=needed, held=held
            )
        return None

    def cards_needed(self, party: Party, level: int) -> int:
        """Cards a player of ``party`` must hold to announce ``level`` now.

        Lowered by the tricks a marriage took to clarify, and for Re/Kontra
        in reply to the other party's announcement by one more than that
        announcement needed (``doppelkopf.md`` §4).
        """
        delay = self.clarified_in if self.kind is GameKind.MARRIAGE else 0
        needed = LEVELS[level].min_cards - delay
        opponents = self.levels[party.other]
        if level == 1 and opponents >= 1:
            needed = min(needed, LEVELS[opponents].min_cards - delay - 1)
        return needed

    def _normal_trumps(self, hand: Sequence[Card]) -> list[Card]:
        normal = CONTRACTS[Contract.NORMAL]
        return sorted((card for card in hand if normal.is_trump(card)), key=sort_key)

    def _pass_options(self, hand: Sequence[Card]) -> list[Action]:
        trumps = self._normal_trumps(hand)
        rest = list(hand)
        _remove(rest, trumps)
        fill = POVERTY_CARDS - len(trumps)
        return [Exchange(ExchangeKind.PASS, (*trumps, *extra)) for extra in _triples(rest, fill)]

    # ---------------------------------------------------------------- dealing
    def _apply_deal(self, deal: Deal) -> None:
        if self.phase is not Phase.DEAL:
            raise IllegalActionError(Message.of("not_a_chance_node"))
        try:
            deal.validate()
        except ValueError as error:
            raise IllegalActionError(Message.of("bad_deal", detail=str(error))) from None
        if deal.dealer is None:
            raise IllegalActionError(Message.of("bad_deal_no_dealer"))
        self._reset_hand(deal.dealer)
        self.deal = deal
        self.deals_dealt += 1
        self.hands = deal.hands()
        self.phase = Phase.RESERVE

    # ----------------------------------------------------------- reservations
    def _reserve(self, seat: int, reservation: Reservation) -> None:
        self.reservations.append((seat, reservation))
        if len(self.reservations) < PLAYERS:
            return
        # The first of the highest priority (max keeps the first of equals).
        declarer, chosen = max(self.reservations, key=lambda said: RESERVATION_PRIORITY[said[1]])
        if chosen is Reservation.HEALTHY:
            holders = [s for s in range(PLAYERS) for card in self.hands[s] if card == CLUB_QUEEN]
            self.re_seats = frozenset(holders)
            if len(self.re_seats) == 1:  # scored as a diamonds solo (same trumps)
                self.kind, self.declarer = GameKind.SILENT_SOLO, holders[0]
                self.contract = Contract.DIAMONDS
            self._start_play(self.forehand)
        elif chosen in SOLO_CONTRACTS:
            self.kind, self.declarer = GameKind.SOLO, declarer
            self.contract = SOLO_CONTRACTS[chosen]
            self.re_seats = frozenset({declarer})
            self._start_play(declarer if self.rules.has(Variant.SOLOIST_LEADS) else self.forehand)
        elif chosen is Reservation.POVERTY:
            self.kind, self.declarer = GameKind.POVERTY, declarer
            self.poverty = _Poverty(declarer)
            self.phase = Phase.POVERTY_PASS
        else:
            self.kind, self.declarer = GameKind.MARRIAGE, declarer
            self.re_seats = frozenset({declarer})
            self._start_play(self.forehand)

    def _start_play(self, leader: int) -> None:
        self.phase = Phase.PLAY
        self.leader = leader

    # ---------------------------------------------------------------- poverty
    def _exchange(self, seat: int, exchange: Exchange) -> None:
        poverty = self.poverty
        assert poverty is not None
        _remove(self.hands[seat], exchange.cards)
        if exchange.kind is ExchangeKind.PASS:
            poverty.passed = exchange
            self.phase = Phase.POVERTY_ANSWER
        else:
            poverty.returned = exchange
            self.hands[poverty.poor].extend(exchange.cards)
            self.re_seats = frozenset({poverty.poor, seat})
            self.partner = seat
            self._start_play(self.forehand)

    def _answer_poverty(self, seat: int, accepted: bool) -> None:
        poverty = self.poverty
        assert poverty is not None and poverty.passed is not None
        poverty.answers.append((seat, accepted))
        if accepted:
            poverty.acceptor = seat
            self.hands[seat].extend(poverty.passed.cards)
            self.phase = Phase.POVERTY_RETURN
        elif len(poverty.answers) == PLAYERS - 1:
            self.redeals.append(Message.of("dk_redeal", poor=poverty.poor))
            self.next_dealer = self.dealer
            self.hand_over = True
            self.phase = Phase.DEAL

    # ---------------------------------------------------------- announcements
    def _announce(self, seat: int) -> None:
        party = self.party_of(seat)
        self.levels[party] += 1
        self.announcements.append(
            Announcement(seat, party, self.levels[party], len(self.hands[seat]))
        )

    # ------------------------------------------------------------------- play
    def _play_card(self, seat: int, card: Card) -> None:
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < PLAYERS:
            return
        result = self._resolve_trick()
        winner = self.trick[result.winner][0]
        self.played.append(PlayedTrick(self.leader, tuple(self.trick), winner, result))
        self.trick = []
        self.leader = winner
        if self.kind is GameKind.MARRIAGE and not self.clarified_in:
            self._find_partner(winner)
        if len(self.played) == TRICKS:
            self._end_hand()

    def _resolve_trick(self) -> TrickResult:
        """The current trick's winner so far (variant 1 never in the last trick)."""
        last = len(self.played) == TRICKS - 1
        second_ten = self.rules.has(Variant.SECOND_HEART_TEN) and not last
        return resolve_trick([c for _, c in self.trick], self.contract, second_heart_ten=second_ten)

    def _find_partner(self, winner: int) -> None:
        assert self.declarer is not None
        number = len(self.played)
        if winner != self.declarer:
            self.partner = winner
            self.re_seats = frozenset({self.declarer, winner})
            self.clarified_in = number
        elif number == MARRIAGE_TRICKS:
            self.clarified_in = number

    def _end_hand(self) -> None:
        party_of = {seat: self.party_of(seat) for seat in range(PLAYERS)}
        summary = summarize(
            self.played,
            party_of,
            self.levels,
            solo=len(self.re_seats) == 1,
            charlie_caught=not self.rules.has(Variant.CHARLIE_WINNING_ONLY),
        )
        score = score_hand(summary)
        per_seat = seat_scores(score, self.re_seats)
        for seat, points in enumerate(per_seat):
            self.scores[seat] += points
        if score.winner is None:
            message = Message.of("dk_hand_nobody")
        else:
            value = abs(score.re_value)
            points = summary.points(score.winner)
            message = Message.of(
                "dk_hand_won", party=score.winner.value, points=points, value=value
            )
        self.results.append(
            HandResult(
                number=len(self.results) + 1,
                dealer=self.dealer,
                kind=self.kind,
                contract=self.contract,
                declarer=self.declarer,
                re_seats=self.re_seats,
                summary=summary,
                score=score,
                seat_scores=tuple(per_seat),
                message=message,
            )
        )
        self.hand_over = True
        self.next_dealer = (self.dealer + 1) % PLAYERS
        self.phase = Phase.OVER if len(self.results) == HANDS_PER_MATCH else Phase.DEAL

    # ---------------------------------------------------------------- records
    def outcome(self) -> dict[str, Any]:
        """Per hand: winner, value and breakdown; the match score (``replay`` output)."""
        finished = self.is_terminal()
        best = max(self.scores)
        return {
            "game": "doppelkopf",
            "deals": [result.to_json() for result in self.results],
            "redeals": len(self.redeals),
            "score": list(self.scores),
            "finished": finished,
            "winner": [seat for seat in range(PLAYERS) if self.scores[seat] == best]
            if finished
            else None,
        }


def _triples(cards: Sequence[Card], size: int = POVERTY_CARDS) -> list[tuple[Card, ...]]:
    """The distinct ways to choose ``size`` cards from a hand (copies are alike)."""
    ordered = sorted(cards, key=sort_key)
    return sorted(set(combinations(ordered, size)), key=lambda combo: [sort_key(c) for c in combo])


new_match = State.new_match
