"""What one seat of a Karnöffel match may know, as JSON (OpenSpiel's observer).

Kept apart from the state so that what a seat sees is read in one place: its
own hand, every face-up card, the played cards, the partner's hand where the
rules let partners see it (classic) and the cards a partner showed
(historic). Nothing else of another hand ever reaches a view, so no computer
player and no renderer can see more than the seat may.

>>> from engine.karnoffel.state import new_match
>>> view = seat_view(new_match(seed="doc"), 0)
>>> view["phase"], len(view["hands"][0]["known"]), view["hands"][1]["count"]
('play', 5, 5)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.karnoffel.actions import Call, action_notation
from engine.karnoffel.cards import Card
from engine.karnoffel.rules import Rules
from engine.karnoffel.tricks import resolve_trick, special_cards

if TYPE_CHECKING:
    from engine.karnoffel.state import State

__all__ = ["display_order", "known_cards", "seat_view"]

_SUIT_ORDER = "ALHB"


def display_order(cards: list[Card]) -> list[str]:
    """A hand as the table shows it: by suit (Acorns, Leaves, Hearts, Bells),
    each high to low in the normal order.

    >>> display_order([Card.parse(c) for c in ("B2", "AK", "B10", "LU")])
    ['AK', 'LU', 'B10', 'B2']
    """
    ordered = sorted(cards, key=lambda card: (_SUIT_ORDER.index(card.suit.value), -card.rank.order))
    return [card.notation for card in ordered]


def known_cards(state: State, viewer: int, seat: int) -> list[Card]:
    """The cards in ``seat``'s hand that ``viewer`` may know, in hand order."""
    hand = state.hands[seat]
    if viewer == seat:
        return list(hand)
    if Rules.team_of(viewer) == Rules.team_of(seat):
        if state.spec.partners_see_hands:
            return list(hand)
        shown = state.shown[seat]
        return [card for card in hand if card in shown or card is state.face_up[seat]]
    return [card for card in hand if card is state.face_up[seat]]


def seat_view(state: State, seat: int) -> dict[str, Any]:
    """Everything ``seat`` may know, JSON-serialisable (see ``bridge.py``)."""
    if not 0 <= seat < state.players:
        raise ValueError(f"no seat {seat} in a {state.players}-player game")
    to_act = state.current_player()
    chosen = state.chosen
    legal = state.legal_actions() if to_act == seat else []
    return {
        "game": "karnoffel",
        "rules": state.rules.to_json() | {"faces": state.rules.faces},
        "seat": seat,
        "players": state.players,
        "teams": [list(team) for team in state.rules.teams],
        "humans": list(state.humans),
        "phase": state.phase.value,
        "to_act": to_act if to_act >= 0 else None,
        "deal_number": state.deal_number,
        "dealer": state.dealer if state.deal is not None else None,
        "forehand": state.forehand if state.deal is not None else None,
        "scores": list(state.scores),
        "target": state.rules.target,
        "match_winner": state.match_winner(),
        "results": [result.to_json() for result in state.results],
        "chosen": chosen.value if chosen else None,
        "specials": [
            {"card": card.notation, "role": role.value}
            for card, role in (special_cards(chosen) if chosen else [])
        ],
        "stage": state.stage,
        "face_up": [card.notation if card else None for card in state.face_up],
        "hands": [
            {
                "known": display_order(known_cards(state, seat, other)),
                "count": len(state.hands[other]),
            }
            for other in range(state.players)
        ],
        "trick": {
            "leader": state.leader if state.deal is not None else None,
            "cards": [{"seat": s, "card": card.notation} for s, card in state.trick],
            "winning": _winning_now(state),
        },
        "tricks": list(state.tricks_won),
        "played": [trick.to_json() for trick in state.played],
        "value": state.bid.value,
        "bid": _bid_view(state) if state.spec.bidding else None,
        "shows": [
            {"seat": s, "stage": stage, "showed": showed} for s, stage, showed in state.shows
        ],
        "legal": [action_notation(a) for a in legal],
        # The legal actions that are not a card (bids, shows): the table's buttons.
        "calls": [a.value for a in legal if isinstance(a, Call)],
        "hand_reasons": state._hand_reasons(seat),
    }


def _winning_now(state: State) -> dict[str, Any] | None:
    if not state.trick or state.chosen is None:
        return None
    result = resolve_trick([card for _, card in state.trick], state.chosen, state.spec.trick_rule)
    return {
        "seat": state.trick[result.winner][0],
        "index": result.winner,
        "reason": result.reason.to_json(),
    }


def _bid_view(state: State) -> dict[str, Any]:
    bidding = state.phase.value == "bid"
    return {
        "value": state.bid.value,
        "offered": state.bid.offered,
        "window": state.bid.window,
        "step": state.bid.step.value if bidding else None,
        "team": state._bidding_team() if bidding else None,
        "log": [{"team": t, "call": call} for t, call in state.bid.log],
    }
