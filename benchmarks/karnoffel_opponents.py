"""Benchmark-only Karnöffel opponents: yardsticks, never offered to players.

- ``greedy``: the simple bot of the only other public Karnöffel program
  (issue 13): it leads the Devil if it may, else its strongest card; when
  following it plays the cheapest card that wins the trick now, else its
  weakest; it ignores its partner. Historic calls: show, pass, accept.
- ``perfect``: an exact solver that **sees all hands** (it reads the state,
  not a seat's view). With open cards the deal's outcome is decided, so
  against it a team can at best win the deals that are won with open cards:
  the ceiling is 50% of duplicate deals. It plays a winning card if it has one
  (the one least worth keeping), else the heuristic's card computed with the
  opponents' hands known. Historic calls: show, pass, accept (it never gives
  up, so the deal-win rate measures the card play).
- ``search-v1`` and ``heuristic-v1``: today's players before issue 13, frozen
  in ``benchmarks/baselines/karnoffel_search_v1.py``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from baselines.karnoffel_search_v1 import HeuristicPlayerV1, SearchPlayerV1

from engine import rng
from engine.karnoffel.cards import DECK, Card, Suit
from engine.karnoffel.heuristic import heuristic_card
from engine.karnoffel.knowledge import mask_of
from engine.karnoffel.solver import Solver, keep_order
from engine.karnoffel.state import Phase, State
from engine.karnoffel.trick_strengths import strengths
from engine.karnoffel.tricks import Role, role_of, winner_index

__all__ = ["OPPONENTS", "GreedyPlayer", "perfect_action"]

#: Greedy's idea of a card's strength: the specials in their order, then rank.
_SPECIAL_POWER = {
    Role.KARNOFFEL: 19,
    Role.DEVIL: 18,
    Role.POPE: 17,
    Role.EMPEROR: 16,
    Role.PARTIAL_3: 15,
    Role.PARTIAL_4: 14,
    Role.PARTIAL_5: 13,
}


def greedy_power(card: Card, chosen: Any) -> tuple[int, int]:
    role = role_of(card, chosen)
    power = _SPECIAL_POWER[role] if role is not None else card.rank.order
    return (power, -card.index)


class GreedyPlayer:
    """The issue's greedy bot (see the module doc); reads the seat's view only."""

    def choose(self, view: dict[str, Any], stream: rng.Stream) -> str:
        legal: list[str] = view["legal"]
        if not legal:
            raise ValueError("it is not this seat's turn: no legal actions in the view")
        if view["phase"] != "play":
            for call in ("show", "pass", "accept"):
                if call in legal:
                    return call
            return legal[0]
        chosen = Suit.parse(view["chosen"])
        cards = [Card.parse(card) for card in legal]
        trick = [Card.parse(play["card"]) for play in view["trick"]["cards"]]
        rule = "historic" if view["rules"]["set"] == "historic" else "classic"
        if not trick:
            devils = [card for card in cards if role_of(card, chosen) is Role.DEVIL]
            if devils:
                return devils[0].notation
            return max(cards, key=lambda card: greedy_power(card, chosen)).notation
        winning = [
            card for card in cards if winner_index([*trick, card], chosen, rule) == len(trick)
        ]
        pool = winning or cards
        return min(pool, key=lambda card: greedy_power(card, chosen)).notation


def perfect_action(state: State, seat: int, seed: str) -> str:
    """The ``perfect`` opponent's action: exact play with all hands open."""
    del seed
    legal = state.legal_actions()
    if state.phase is not Phase.PLAY:
        for call in ("show", "pass", "accept"):
            if any(getattr(action, "value", None) == call for action in legal):
                return call
        return str(getattr(legal[0], "value", legal[0]))
    assert state.chosen is not None
    rule = state.spec.trick_rule
    hands = tuple(mask_of(card.index for card in hand) for hand in state.hands)
    trick = tuple(card.index for _, card in state.trick)
    solver = Solver(state.chosen, rule, state.players)
    values = solver.move_values(seat % 2, hands, state.leader, trick, tuple(state.tricks_won))  # type: ignore[arg-type]
    winning = [card for card, wins in values.items() if wins]
    if winning:
        order = keep_order(state.chosen)
        return DECK[min(winning, key=order.index)].notation
    opponents = 0
    for other in range(state.players):
        if other % 2 != seat % 2:
            opponents |= hands[other]
    first_lead = not state.played and not state.trick
    card = heuristic_card(
        seat,
        state.players,
        hands[seat],
        state.leader,
        trick,
        strengths(state.chosen, rule),
        opponents,
        first_lead,
    )
    return DECK[card].notation


def _view_player(player: Any) -> Callable[[State, int, str], str]:
    def act(state: State, seat: int, seed: str) -> str:
        return str(player.choose(state.view(seat), rng.Stream(seed)))

    return act


#: Benchmark opponents by name: ``(state, seat, seed) -> action``. Only
#: ``perfect`` reads more than the seat's view.
OPPONENTS: dict[str, Callable[[State, int, str], str]] = {
    "greedy": _view_player(GreedyPlayer()),
    "perfect": perfect_action,
    "search-v1": _view_player(SearchPlayerV1()),
    "heuristic-v1": _view_player(HeuristicPlayerV1()),
}
