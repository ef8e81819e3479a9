"""Computer players: fair, deterministic, legal, and stronger level by level."""

from __future__ import annotations

from typing import Any

import pytest
from ai_support import CONFIGS, QUICK, position, swap_unknown, unknown_cards
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import players, rng
from engine.karnoffel.knowledge import bits, read_view
from engine.karnoffel.search import SearchPlayer, sample_world
from engine.karnoffel.state import new_match
from engine.karnoffel.trick_strengths import strengths
from engine.karnoffel.tricks import trick_table


def decide(level: str, view: dict[str, Any], seed: str) -> str:
    if level in QUICK:
        return SearchPlayer(QUICK[level]).choose(view, rng.Stream(seed))
    return players.choose_action(level, view, seed)


@settings(max_examples=40, deadline=None)
@given(
    config=st.sampled_from(CONFIGS),
    seed=st.text("abcdef", min_size=1, max_size=6),
    steps=st.integers(0, 39),
)
def test_unknown_cards_change_neither_the_view_nor_the_choice(
    config: tuple[str, int], seed: str, steps: int
) -> None:
    state = position(*config, seed, steps)
    seat = state.current_player()
    view = state.view(seat)
    assert unknown_cards(view), "some cards are always unknown"
    other = swap_unknown(state, seat, rng.derive(seed, "swap"))
    assert other.view(seat) == view
    seed_a, seed_b = players.seed_for(state, seat), players.seed_for(other, seat)
    assert seed_a == seed_b
    for level in players.LEVELS:
        assert decide(level, other.view(seat), seed_b) == decide(level, view, seed_a), level


def test_the_swap_really_changes_hidden_cards() -> None:
    """Guard for the test above: the swap moves cards the seat cannot see."""
    state = position("classic", 4, "swap", 0)
    seat = state.current_player()
    other = swap_unknown(state, seat, "x")
    opponent = (seat + 1) % 4
    assert other.hands[opponent] != state.hands[opponent]
    assert other.hands[seat] == state.hands[seat]


@settings(max_examples=30, deadline=None)
@given(
    config=st.sampled_from(CONFIGS),
    seed=st.text("abcdef", min_size=1, max_size=6),
    steps=st.integers(0, 39),
)
def test_every_level_chooses_a_legal_action(config: tuple[str, int], seed: str, steps: int) -> None:
    state = position(*config, seed, steps)
    seat = state.current_player()
    view = state.view(seat)
    for level in players.LEVELS:
        action = decide(level, view, rng.derive(seed, level))
        assert state.is_legal(action, seat), (level, action, view["legal"])


@pytest.mark.parametrize("rule_set", ["classic", "historic"])
def test_same_view_and_seed_give_the_same_action(rule_set: str) -> None:
    for steps in (0, 3, 9, 14):
        state = position(rule_set, 4, f"det/{steps}", steps)
        seat = state.current_player()
        view = state.view(seat)
        first = {level: decide(level, view, "seed") for level in players.LEVELS}
        # A cold trick memo must not change anything either.
        trick_table.cache_clear()
        strengths.cache_clear()
        again = {level: decide(level, view, "seed") for level in players.LEVELS}
        assert again == first


def test_the_seed_matters_to_the_random_player() -> None:
    view = new_match(seed="r").view(new_match(seed="r").current_player())
    choices = {players.choose_action("random", view, f"s{i}") for i in range(20)}
    assert len(choices) > 1


def test_seed_follows_seat_and_history() -> None:
    state = new_match(seed="seeds")
    seat = state.current_player()
    before = players.seed_for(state, seat)
    assert players.seed_for(state, (seat + 1) % 4) != before
    state.apply_action(state.legal_actions()[0])
    assert players.seed_for(state, seat) != before


@pytest.mark.parametrize(
    ("rule_set", "steps"), [("classic", 6), ("historic", 22), ("historic", 18)]
)
def test_the_levels_own_budgets_keep_the_hidden_cards_hidden(rule_set: str, steps: int) -> None:
    """The fairness proof with the real budgets (a mid-deal position each; at
    historic step 18, Hard's information-set trees judge the worlds past its nodes)."""
    state = position(rule_set, 4, f"full/{rule_set}", steps)
    seat = state.current_player()
    other = swap_unknown(state, seat, "full-swap")
    assert other.view(seat) == state.view(seat)
    seed = players.seed_for(state, seat)
    for level in ("medium", "hard"):
        assert players.choose_action(level, other.view(seat), seed) == players.choose_action(
            level, state.view(seat), seed
        )


@pytest.mark.parametrize(
    ("seed", "steps", "legal"),
    [
        ("full/calls", 0, ["pass", "raise"]),
        ("full/calls", 2, ["show", "no-show"]),
        ("full/calls", 14, ["accept", "counter", "give-up"]),
    ],
)
def test_bids_and_shows_keep_the_hidden_cards_hidden(
    seed: str, steps: int, legal: list[str]
) -> None:
    """The fairness proof at historic calls, with every level's own budget."""
    state = position("historic", 4, seed, steps)
    seat = state.current_player()
    assert state.view(seat)["legal"] == legal  # guard: the call this case is about
    other = swap_unknown(state, seat, "calls-swap")
    assert other.view(seat) == state.view(seat)
    assert other.deal is not None and state.deal is not None
    assert other.deal.cards != state.deal.cards  # guard: the swap moved hidden cards
    seed_for = players.seed_for(state, seat)
    for level in players.LEVELS:
        assert players.choose_action(level, other.view(seat), seed_for) == (
            players.choose_action(level, state.view(seat), seed_for)
        ), level


def test_default_level_and_unknown_levels_are_refused() -> None:
    assert players.default_level("karnoffel") in players.OFFERED_LEVELS
    with pytest.raises(ValueError, match="unknown player level"):
        players.choose_action("grandmaster", new_match(seed="x").view(0), "s")


@given(seed=st.text("abc", min_size=1, max_size=5), steps=st.integers(0, 30))
@settings(max_examples=40, deadline=None)
def test_sampled_worlds_agree_with_the_view(seed: str, steps: int) -> None:
    state = position("historic" if len(seed) % 2 else "classic", 4, seed, steps)
    seat = state.current_player()
    known = read_view(state.view(seat))
    world = sample_world(known, rng.Stream(seed))
    together = 0
    for other, hand in enumerate(world):
        assert hand & known.hands[other] == known.hands[other]
        assert len(list(bits(hand))) == known.counts[other]
        assert together & hand == 0 and hand & known.played == 0
        together |= hand
    assert world[seat] == known.hands[seat]


def test_players_refuse_a_view_without_a_turn() -> None:
    state = new_match(seed="turn")
    idle = (state.current_player() + 1) % 4
    for level in players.LEVELS:
        with pytest.raises(ValueError, match="not this seat's turn"):
            players.choose_action(level, state.view(idle), "s")
