"""Helpers for the Doppelkopf tests: deals with chosen hands, scripted play."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from engine import rng
from engine.doppelkopf import Card, Deal, Rules, State, parse_cards
from engine.doppelkopf.actions import Call
from engine.doppelkopf.cards import PACK
from engine.doppelkopf.state import Phase

# Filling order for unspecified cards: plain cards first, trumps last, so
# the filler seats do not get queens by accident.
_FILL = sorted(
    PACK,
    key=lambda card: (
        card.rank.value in ("Q", "J") or card.suit.value == "D" or card.notation == "H10"
    ),
)


def make_deal(hands: Mapping[int, Sequence[str]] | None = None, dealer: int = 3) -> Deal:
    """A deal giving each listed seat the listed cards; the rest filled from
    the pack in a fixed order (plain cards first). Dealer 3: seat 0 leads."""
    given = {seat: list(parse_cards(list(cards))) for seat, cards in (hands or {}).items()}
    left = Counter(PACK)
    for cards in given.values():
        left.subtract(cards)
    assert all(count >= 0 for count in left.values()), "a card is given more than twice"
    pool: list[Card] = []
    for card in _FILL:
        if left[card] > 0:
            pool.append(card)
            left[card] -= 1
    full = []
    for seat in range(4):
        cards = given.get(seat, [])
        need = 12 - len(cards)
        cards, pool = cards + pool[:need], pool[need:]
        full.append(cards)
    return Deal.from_hands(dealer, full)


def start(deal: Deal, rules: Rules | None = None, said: Sequence[str] = ("healthy",) * 4) -> State:
    """A match on ``deal`` (then seeded deals) after the reservations ``said``."""
    state = State(rules, seed="tests", deals=[deal])
    state.settle_chance()
    for action in said:
        state.apply_action(action)
    return state


def play(state: State, *actions: str) -> None:
    for action in actions:
        state.apply_action(action)


def finish_hand(state: State) -> None:
    """Play the first legal card (never announcing) until the hand is over."""
    hand = state.hand_number
    while state.phase is Phase.PLAY and state.hand_number == hand:
        card = next(a for a in state.legal_actions() if a is not Call.ANNOUNCE)
        state.apply_action(card)


def advance_to(state: State, seat: int, trick: int) -> None:
    """Play first legal cards until it is ``seat``'s turn in trick number ``trick`` (1-based)."""
    while not (len(state.played) == trick - 1 and state.current_player() == seat):
        card = next(a for a in state.legal_actions() if a is not Call.ANNOUNCE)
        state.apply_action(card)


def snapshot(state: State) -> object:
    """Everything observable about a state, to check that a refusal changed nothing."""
    return (state.to_record(), [state.view(seat) for seat in range(4)], state.current_player())


def biased_choice(legal: Sequence[str], stream: rng.Stream) -> str:
    """A random legal action that says healthy and announces less often than
    uniform play would, so that normal games, marriages and poverties occur."""
    for rare in ("poverty", "marriage"):
        if rare in legal and stream.random() < 0.8:
            return rare
    if "healthy" in legal and stream.random() < 0.7:
        return "healthy"
    if "announce" in legal and len(legal) > 1 and stream.random() < 0.85:
        legal = [action for action in legal if action != "announce"]
    return stream.choice(list(legal))
