"""Helpers for the Doppelkopf computer-player tests: positions, hidden swaps, quick budgets."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engine import rng
from engine.doppelkopf.actions import Deal, action_notation
from engine.doppelkopf.cards import PACK, Card, parse_cards
from engine.doppelkopf.search import Budget
from engine.doppelkopf.state import Phase, State

#: A small search budget with every part switched on (exact endings, simulated
#: announcements and reservations, raced and open play-outs) keeps the tests
#: quick; the benchmark uses the levels'.
QUICK = Budget(
    plays=150,
    min_worlds=2,
    max_worlds=4,
    race=2.0,
    race_after=2,
    open_playouts=True,
    endgame_tricks=3,
    endgame_worlds=3,
    announce_worlds=3,
    reserve_worlds=3,
)


def biased(legal: Sequence[str], stream: rng.Stream) -> str:
    """A random legal action that favours the rarer games (marriage,
    poverty, accepting it) and announces seldom, so every kind of game occurs."""
    for rare in ("marriage", "poverty", "accept"):
        if rare in legal and stream.random() < 0.6:
            return rare
    if "healthy" in legal and stream.random() < 0.8:
        return "healthy"
    if "announce" in legal and len(legal) > 1 and stream.random() < 0.9:
        legal = [action for action in legal if action != "announce"]
    return stream.choice(list(legal))


def position(seed: str, steps: int) -> State:
    """The first hand of a seeded match after up to ``steps`` biased random
    actions; the hand stays in progress (a redeal starts over on the next deal)."""
    state = State(seed=seed, humans=())
    state.settle_chance()
    stream = rng.Stream(rng.derive(seed, "moves"))
    for _ in range(steps):
        before = state.clone()
        state.apply_action(biased([action_notation(a) for a in state.legal_actions()], stream))
        if state.phase is Phase.DEAL and not state.results:
            state.settle_chance()  # nobody took the poverty: the next deal
        elif state.phase in (Phase.DEAL, Phase.OVER):
            return before
    return state


def hands_deal(hands: Sequence[str], dealer: int = 3) -> Deal:
    """A deal giving seat ``i`` the cards ``hands[i]`` (space-separated; seats
    not listed get the rest of the pack in its order). Dealer 3: seat 0 leads."""
    given = [list(parse_cards(hand.split())) for hand in hands]
    rest = list((Counter(PACK) - sum(map(Counter, given), Counter[Card]())).elements())
    full = []
    for seat in range(4):
        cards = given[seat] if seat < len(given) else []
        full.append(cards + rest[: 12 - len(cards)])
        rest = rest[12 - len(cards) :]
    return Deal.from_hands(dealer, full)


def swap_hidden(state: State, seat: int, seed: str) -> State:
    """A copy of ``state`` with the cards in the *other* seats' hands dealt
    among them anew, each keeping its count: nothing ``seat`` may know."""
    other = state.clone()
    seats = [s for s in range(4) if s != seat]
    loose = rng.Stream(seed).shuffled([card for s in seats for card in other.hands[s]])
    for s in seats:
        count = len(other.hands[s])
        other.hands[s], loose = loose[:count], loose[count:]
    return other
