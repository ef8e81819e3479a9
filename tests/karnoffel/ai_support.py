"""Helpers for the computer-player tests: reaching positions, hiding swaps."""

from __future__ import annotations

from typing import Any

from engine import rng
from engine.karnoffel.actions import Deal, seeded_deal
from engine.karnoffel.cards import DECK, Card
from engine.karnoffel.rules import Rules, RuleSet
from engine.karnoffel.search import Budget
from engine.karnoffel.state import Phase, State

#: Every configuration the rules allow, as (rule set, players).
CONFIGS = (("classic", 2), ("classic", 4), ("classic", 6), ("classic", 8), ("historic", 4))

#: Small search budgets keep the tests quick (the benchmarks use the levels'
#: own); hard keeps its inference (worlds weighted by the play so far).
QUICK = {
    "medium": Budget(worlds=3, nodes=3000, playout_worlds=2, bid_playouts=3, bid_nodes=1000),
    "hard": Budget(
        worlds=4, nodes=5000, candidates=12, playout_worlds=2, bid_playouts=4, bid_nodes=1500
    ),
}


def position(rule_set: str, players: int, seed: str, steps: int) -> State:
    """A one-deal match (explicit deal) after ``steps`` random legal actions
    (fewer if the deal ends first); the deal stays in progress."""
    deal = seeded_deal(seed, 0, rng.Stream(rng.derive(seed, "dealer")).below(players), players)
    state = State(Rules(set=RuleSet(rule_set), players=players), deals=[deal], humans=())
    state.settle_chance()
    stream = rng.Stream(rng.derive(seed, "moves"))
    for _ in range(steps):
        legal = state.legal_actions()
        before = state.clone()
        state.apply_action(stream.choice(legal))
        if state.phase is not Phase.PLAY and state.phase not in (Phase.SHOW, Phase.BID):
            return before
    return state


def unknown_cards(view: dict[str, Any]) -> set[Card]:
    """Every card the view does not show: hidden in hands, undealt, or not dealt at all."""
    shown = {play["card"] for trick in view["played"] for play in trick["cards"]}
    shown |= {play["card"] for play in view["trick"]["cards"]}
    shown |= {card for hand in view["hands"] for card in hand["known"]}
    shown |= {card for card in view["face_up"] if card}
    return {card for card in DECK if card.notation not in shown}


def swap_unknown(state: State, seat: int, seed: str) -> State:
    """The same match with the cards ``seat`` cannot know shuffled among
    themselves (in hands, in later deal stages, outside the deal), replayed
    with the same actions."""
    assert state.deal is not None
    hidden = sorted(unknown_cards(state.view(seat)), key=lambda card: card.index)
    mapping = dict(zip(hidden, rng.Stream(seed).shuffled(hidden), strict=True))
    cards = tuple(mapping.get(card, card) for card in state.deal.cards)
    other = State(state.rules, deals=[Deal(state.deal.dealer, cards)], humans=state.humans)
    other.settle_chance()
    for action in state.actions:
        other.apply_action(action)
    return other
