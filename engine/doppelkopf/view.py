"""What one seat of a Doppelkopf match may know, as JSON (OpenSpiel's observer).

A seat sees its own hand, the played cards, the announcements, what the
rules announce at the table, and what it can conclude from those (who is Re
once enough club queens or announcements are out). It never sees another
hand, the cards passed in a poverty it is not part of, a silent solo before
the hand ends, or which reservation another seat held when it was
overruled: at the table that one is only "a reservation" (``doppelkopf.md``,
"Readings pinned").

>>> from engine.doppelkopf.state import new_match
>>> view = seat_view(new_match(seed="doc"), 0)
>>> view["phase"], view["hands"][1]["known"], view["hands"][1]["count"]
('reserve', [], 12)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.doppelkopf.actions import Call, Exchange, Reservation, action_notation
from engine.doppelkopf.cards import Card, Rank, sort_key
from engine.doppelkopf.rules import (
    CLUB_QUEEN,
    CONTRACTS,
    HANDS_PER_MATCH,
    PLAYERS,
    Contract,
    ContractSpec,
    GameKind,
    Party,
    Phase,
)
from engine.doppelkopf.tricks import trick_points
from engine.messages import Message

if TYPE_CHECKING:
    from engine.doppelkopf.state import State

__all__ = ["RESERVATION_HIDDEN", "known_parties", "public_kind", "seat_view"]

#: How another seat's reservation shows while it is not (or never) announced.
RESERVATION_HIDDEN = "reservation"


def public_kind(state: State, viewer: int) -> GameKind:
    """The game kind as ``viewer`` knows it: a silent solo looks normal to the others."""
    if state.kind is GameKind.SILENT_SOLO and viewer != state.declarer and not state.hand_over:
        return GameKind.NORMAL
    return state.kind


def known_parties(state: State, viewer: int) -> list[Party | None]:
    """Each seat's party as far as ``viewer`` knows it (``None``: unknown)."""
    if state.deal is None or state.phase is Phase.RESERVE:
        return [None] * PLAYERS
    actual = [state.party_of(seat) for seat in range(PLAYERS)]
    if state.hand_over:
        return list(actual)
    kind = public_kind(state, viewer)
    if kind is GameKind.POVERTY:
        known_all = state.partner is not None
        return list(actual) if known_all else [None] * PLAYERS
    if kind in (GameKind.SOLO, GameKind.SILENT_SOLO) or (
        kind is GameKind.MARRIAGE and state.clarified_in
    ):
        return list(actual)
    known: list[Party | None] = [None] * PLAYERS
    if kind is GameKind.MARRIAGE:
        assert state.declarer is not None
        known[state.declarer] = Party.RE
        return known
    # A normal game (or a silent solo seen from outside): own party, club
    # queens played and announcements reveal; then count what is left.
    known[viewer] = actual[viewer]
    tricks = [trick.plays for trick in state.played] + [state.trick]
    queens = Counter(seat for trick in tricks for seat, card in trick if card == CLUB_QUEEN)
    for seat in queens:
        known[seat] = Party.RE
    for announcement in state.announcements:
        known[announcement.seat] = announcement.party
    re_size = 2 if known[viewer] is Party.RE else None
    if any(count == 2 for count in queens.values()):
        re_size = 1
    re_known = known.count(Party.RE)
    if re_known == 2 or re_known == re_size:
        known = [party or Party.KONTRA for party in known]
    elif re_size is not None and known.count(Party.KONTRA) == PLAYERS - re_size:
        known = [party or Party.RE for party in known]
    return known


def public_reservations(state: State, viewer: int) -> list[dict[str, Any]]:
    """The reservations as said at the table: the seat's own, "healthy", and the
    one that was announced (the hand's contract) by name; any other as
    :data:`RESERVATION_HIDDEN`."""
    decided = state.phase is not Phase.RESERVE
    shown = []
    for seat, reservation in state.reservations:
        announced = decided and seat == state.declarer and reservation is not Reservation.HEALTHY
        public = seat == viewer or reservation is Reservation.HEALTHY or announced
        shown.append(
            {"seat": seat, "reservation": reservation.value if public else RESERVATION_HIDDEN}
        )
    return shown


def display_order(state: State, hand: Sequence[Card]) -> list[str]:
    """A hand sorted for display: trumps high to low, then suits."""
    spec = state.spec

    def key(card: Card) -> tuple[int, int]:
        group = 0 if spec.is_trump(card) else 1 + sort_key(card) // len(Rank)
        return group, -spec.power(card)

    return [card.notation for card in sorted(hand, key=key)]


def seat_view(state: State, seat: int) -> dict[str, Any]:
    """Everything ``seat`` may know, JSON-serialisable (see ``bridge.py``)."""
    if not 0 <= seat < PLAYERS:
        raise ValueError(f"no seat {seat} in a {PLAYERS}-player game")
    to_act = state.current_player()
    dealt = state.deal is not None
    parties = known_parties(state, seat)
    kind = public_kind(state, seat)
    settled = dealt and state.phase is not Phase.RESERVE
    legal = state.legal_actions() if to_act == seat else []
    spec = _public_spec(state, seat)
    return {
        "game": "doppelkopf",
        "rules": state.rules.to_json(),
        "seat": seat,
        "players": PLAYERS,
        "humans": list(state.humans),
        "phase": state.phase.value,
        "to_act": to_act if to_act >= 0 else None,
        "hand_number": state.hand_number,
        "hands_per_match": HANDS_PER_MATCH,
        "deal_number": state.deals_dealt,
        "dealer": state.dealer if dealt else None,
        "forehand": state.forehand if dealt else None,
        "scores": list(state.scores),
        "results": [result.to_json() for result in state.results],
        "redeals": [message.to_json() for message in state.redeals],
        "reservations": public_reservations(state, seat),
        "contract": {
            "kind": kind.value,
            "trumps": Contract.NORMAL.value if kind is GameKind.NORMAL else state.contract.value,
            "declarer": None if kind is GameKind.NORMAL else state.declarer,
        }
        if settled
        else None,
        "marriage": _marriage_view(state) if settled and state.kind is GameKind.MARRIAGE else None,
        "poverty": _poverty_view(state, seat),
        "parties": [party.value if party else None for party in parties],
        "announcements": [announcement.to_json() for announcement in state.announcements],
        "hands": [
            {
                "known": display_order(state, state.hands[other]) if other == seat else [],
                "count": len(state.hands[other]),
            }
            for other in range(PLAYERS)
        ],
        "trick": {
            "leader": state.leader if state.phase is Phase.PLAY else None,
            "cards": [{"seat": s, "card": card.notation} for s, card in state.trick],
            "winning": _winning_now(state),
        },
        "played": [trick.to_json() | {"points": trick_points(trick)} for trick in state.played],
        "taken": _points_taken(state),
        "legal": [action_notation(a) for a in legal],
        # What the table offers besides the cards: buttons for the reservations,
        # answers and announcements, and the cards to pick for a poverty exchange.
        "calls": [action_notation(a) for a in legal if isinstance(a, (Reservation, Call))],
        "exchange": _exchange_view(legal),
        "redealt": _redealt(state),
        "hand_reasons": state._hand_reasons(seat),
        # Which cards are trumps in the contract as this seat knows it: the whole
        # order (high to low) for the words, and the seat's own ones for the hand.
        "trump_order": [card.notation for card in spec.trumps],
        "trumps": [card.notation for card in state.hands[seat] if spec.is_trump(card)],
    }


def _public_spec(state: State, viewer: int) -> ContractSpec:
    """The trump order ``viewer`` knows: the normal one until the reservations are
    settled, and a silent solo's is the normal one to the others."""
    settled = state.deal is not None and state.phase is not Phase.RESERVE
    kind = public_kind(state, viewer)
    normal = not settled or kind is GameKind.NORMAL
    return CONTRACTS[Contract.NORMAL if normal else state.contract]


def _exchange_view(legal: Sequence[object]) -> dict[str, Any] | None:
    """``{"kind": "pass" | "return", "cards": 3}`` when the seat is to hand over
    cards in a poverty (its legal actions are those exchanges), else ``None``."""
    exchanges = [action for action in legal if isinstance(action, Exchange)]
    if not exchanges:
        return None
    return {"kind": exchanges[0].kind.value, "cards": len(exchanges[0].cards)}


def _redealt(state: State) -> bool:
    """The hand ended before its first trick (nobody took a poverty): the cards
    are dealt again, so there is no hand result to show."""
    return (
        state.phase is Phase.DEAL and state.hand_over and not state.played and bool(state.redeals)
    )


def _marriage_view(state: State) -> dict[str, Any]:
    if state.clarified_in and state.partner is not None:
        message: Message | None = Message.of(
            "dk_marriage_partner",
            seat=state.partner,
            trick=state.clarified_in,
            bridegroom=state.declarer,
        )
    elif state.clarified_in:
        message = Message.of("dk_marriage_alone", bridegroom=state.declarer)
    else:
        message = None
    return {
        "bridegroom": state.declarer,
        "partner": state.partner,
        "clarified_in": state.clarified_in or None,
        "message": message.to_json() if message else None,
    }


def _poverty_view(state: State, seat: int) -> dict[str, Any] | None:
    poverty = state.poverty
    if poverty is None:
        return None
    insiders = (poverty.poor, poverty.acceptor)

    def cards(exchange: Exchange | None) -> list[str] | None:
        if exchange is None or seat not in insiders:
            return None
        return [card.notation for card in exchange.cards]

    return {
        "poor": poverty.poor,
        "passed": poverty.passed is not None,
        "passed_cards": cards(poverty.passed),
        "answers": [{"seat": s, "accepted": accepted} for s, accepted in poverty.answers],
        "acceptor": poverty.acceptor,
        "returned": poverty.returned is not None,
        "returned_cards": cards(poverty.returned),
    }


def _points_taken(state: State) -> list[int]:
    taken = [0] * PLAYERS
    for trick in state.played:
        taken[trick.winner] += trick_points(trick)
    return taken


def _winning_now(state: State) -> dict[str, Any] | None:
    if not state.trick:
        return None
    result = state._resolve_trick()
    return {
        "seat": state.trick[result.winner][0],
        "index": result.winner,
        "reason": result.reason.to_json(),
    }
