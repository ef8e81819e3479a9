"""Invariants of Karnöffel, checked with hypothesis on random tricks and
random matches of every rule set and player count."""

from __future__ import annotations

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from karnoffel_support import (
    CONFIGS,
    Watch,
    card_notations_in,
    check_view_knowledge,
    fingerprint,
    knowable_cards,
    rules_for,
)

from engine import rng
from engine.karnoffel import view as view_module
from engine.karnoffel.actions import Deal
from engine.karnoffel.cards import DECK, Card, Rank, Suit
from engine.karnoffel.state import State, new_match
from engine.karnoffel.tricks import resolve_trick, role_of, winner_index

configs = st.sampled_from(CONFIGS)
seeds = st.text(min_size=1, max_size=12)
tricks = st.lists(st.sampled_from(DECK), min_size=1, max_size=8, unique=True)
suits = st.sampled_from(list(Suit))
trick_rules = st.sampled_from(["classic", "historic"])


# ------------------------------------------------------------------ tricks
@settings(max_examples=400, deadline=None)
@given(tricks, suits, trick_rules)
def test_trick_winner_is_a_card_of_the_trick(cards: list[Card], chosen: Suit, rule: str) -> None:
    result = resolve_trick(cards, chosen, rule)
    assert 0 <= result.winner < len(cards)
    assert result.winner == winner_index(cards, chosen, rule)
    winner = cards[result.winner]
    assert dict(result.reason.params)["card"] == winner.notation
    assert result.reason.text.startswith(f"The {winner.notation} ")
    # Only the led suit or the chosen suit can win.
    assert winner.suit in (cards[0].suit, chosen)
    # A Devil wins only when led; the Karnöffel always wins.
    karnoffel = Card(chosen, Rank.UNTER)
    if karnoffel in cards:
        assert winner == karnoffel
    if role_of(winner, chosen) is not None and winner.rank is Rank.SEVEN:
        assert result.winner == 0
    for note in result.notes:
        assert dict(note.params)["card"] != winner.notation


@settings(max_examples=200, deadline=None)
@given(tricks, suits, trick_rules, st.data())
def test_adding_a_card_that_cannot_win_keeps_the_winner(
    cards: list[Card], chosen: Suit, rule: str, data: st.DataObject
) -> None:
    """A card of a third suit that is no King/Ober/Unter changes nothing:
    it cannot win, and in classic it disarms no partial trump."""
    candidates = [
        card
        for card in DECK
        if card not in cards
        and card.suit not in (cards[0].suit, chosen)
        and card.rank not in (Rank.KING, Rank.OBER, Rank.UNTER)
    ]
    if len(cards) == 8 or not candidates:
        return
    extra = data.draw(st.sampled_from(candidates))
    position = data.draw(st.integers(1, len(cards)))
    longer = cards[:position] + [extra] + cards[position:]
    before = cards[winner_index(cards, chosen, rule)]
    assert longer[winner_index(longer, chosen, rule)] == before


# ----------------------------------------------------------------- matches
@settings(max_examples=15, deadline=None)
@given(configs, seeds, seeds)
def test_invariants_hold_through_random_matches(
    config: tuple[str, int], seed: str, player_seed: str
) -> None:
    """Every card exactly once, trick winners from their tricks, scores only
    grow, deals end exactly at three tricks — after every single action."""
    state = new_match(rules_for(*config), seed=seed)
    watch = Watch(state)
    stream = rng.Stream(player_seed)
    watch.check()
    while not state.is_terminal():
        state.apply_action(stream.choice(state.legal_actions()))
        watch.check()
        state.settle_chance()
        watch.check()
    assert max(state.scores) >= state.rules.target


def _random_prefix(config: tuple[str, int], seed: str, steps: int) -> tuple[State, list[Deal]]:
    """A match after ``steps`` random actions, with every deal it used."""
    state = new_match(rules_for(*config), seed=seed)
    assert state.deal is not None
    deals = [state.deal]
    stream = rng.Stream(rng.derive(seed, "prefix"))
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(stream.choice(state.legal_actions()))
        state.settle_chance()
        if state.deal is not deals[-1]:
            assert state.deal is not None
            deals.append(state.deal)
    return state, deals


@settings(max_examples=60, deadline=None)
@given(configs, seeds, st.integers(0, 400))
def test_views_hold_only_knowable_cards(config: tuple[str, int], seed: str, steps: int) -> None:
    """(a) every card named anywhere in a view is one the seat may know."""
    state, _ = _random_prefix(config, seed, steps)
    for seat in range(state.players):
        check_view_knowledge(state, seat)


@settings(max_examples=80, deadline=None)
@given(configs, seeds, st.integers(0, 300), st.data())
def test_swapping_unknown_cards_never_changes_a_view(
    config: tuple[str, int], seed: str, steps: int, data: st.DataObject
) -> None:
    """(b) exchange two cards the seat may not know (in other hands, not yet
    dealt, or not in the deal at all) and replay: its view is the same."""
    state, deals = _random_prefix(config, seed, steps)
    deal = deals[-1]
    seat = data.draw(st.integers(0, state.players - 1))
    known = knowable_cards(state, seat)
    extended = list(deal.cards) + [card for card in DECK if card not in deal.cards]
    in_deal = [p for p in range(len(deal.cards)) if extended[p] not in known]
    unknown = [p for p in range(len(extended)) if extended[p] not in known]
    if not in_deal or len(unknown) < 2:
        event("nothing unknown to swap")
        return
    first = data.draw(st.sampled_from(in_deal))
    second = data.draw(st.sampled_from([p for p in unknown if p != first]))
    extended[first], extended[second] = extended[second], extended[first]
    swapped = Deal(deal.dealer, tuple(extended[: len(deal.cards)]))
    other = State(state.rules, seed=seed, deals=[*deals[:-1], swapped])
    other.settle_chance()
    for action in state.actions:
        other.apply_action(action)
        other.settle_chance()
    assert other.view(seat) == state.view(seat)

    # The test can fail: a seat that now holds another card sees the change
    # (a swap within one hand changes nothing: a view shows a hand sorted).
    def holder(card: object) -> int | None:
        return next((s for s in range(state.players) if card in state.hands[s]), None)

    moved, other_card = extended[second], extended[first]
    if holder(moved) not in (None, seat) and holder(moved) != holder(other_card):
        event("a swapped card moved to another hand")
        assert other.view(holder(moved)) != state.view(holder(moved))  # type: ignore[arg-type]


@settings(max_examples=30, deadline=None)
@given(configs, seeds, st.integers(0, 200))
def test_a_clone_is_independent(config: tuple[str, int], seed: str, steps: int) -> None:
    """Playing on a clone (as the computer players do) never touches the original."""
    state, _ = _random_prefix(config, seed, steps)
    before = fingerprint(state)
    views = [state.view(seat) for seat in range(state.players)]
    copy = state.clone()
    assert fingerprint(copy) == before
    stream = rng.Stream(rng.derive(seed, "clone"))
    while not copy.is_terminal():
        copy.apply_action(stream.choice(copy.legal_actions()))
        copy.settle_chance()
    assert fingerprint(state) == before
    assert [state.view(seat) for seat in range(state.players)] == views


def test_card_pattern_finds_cards_in_texts_and_keys() -> None:
    """The scanner used above finds notations in keys, lists and message text."""
    value = {"AK": 1, "x": ["H10 wins", {"specials": ["BU"]}], "y": "L2", "z": "ABK, H1, B"}
    assert card_notations_in(value) == {"AK", "H10", "L2"}


def test_the_knowledge_checks_catch_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a view that shows every hand, both checks above fail."""
    state, deals = _random_prefix(("classic", 4), "leak", 3)
    monkeypatch.setattr(
        view_module, "known_cards", lambda state, viewer, seat: list(state.hands[seat])
    )
    with pytest.raises(AssertionError, match="seat 0 sees"):
        check_view_knowledge(state, 0)
    opponent_card = next(c for c in state.hands[1] if c is not state.face_up[1])
    second_opponent_card = next(c for c in state.hands[3] if c is not state.face_up[3])
    cards = list(deals[0].cards)
    i, j = cards.index(opponent_card), cards.index(second_opponent_card)
    cards[i], cards[j] = cards[j], cards[i]
    other = State(state.rules, seed="leak", deals=[Deal(deals[0].dealer, tuple(cards))])
    other.settle_chance()
    for action in state.actions:
        other.apply_action(action)
    assert other.view(0) != state.view(0)
