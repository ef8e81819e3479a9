"""Weighting worlds by the play so far, on constructed positions."""

from __future__ import annotations

from engine import rng
from engine.karnoffel.actions import Deal
from engine.karnoffel.cards import Card, parse_cards
from engine.karnoffel.heuristic import HeuristicPlayer
from engine.karnoffel.inference import observations, play_likelihood, resample
from engine.karnoffel.knowledge import mask_of, read_view
from engine.karnoffel.rules import Rules, RuleSet
from engine.karnoffel.search import Budget, SearchPlayer
from engine.karnoffel.state import State


def bit(card: str) -> int:
    return 1 << Card.parse(card).index


def classic_position() -> State:
    """Dealer 3, so seat 0 leads; Bells is chosen (B2 is the lowest face-up
    card). Seat 0 leads H9; seat 1, an opponent without a heart above the 9
    or a trump, throws the heuristic's card. Seat 2 is to play."""
    hands = {
        0: ["H9", "AK", "A10", "LK", "B10"],
        1: ["L3", "L2", "A3", "H2", "A2"],
        2: ["AO", "H10", "L10", "A9", "H8"],
        3: ["B2", "A4", "L4", "H3", "A5"],
    }
    cards = [hands[seat][stage] for stage in range(5) for seat in range(4)]
    state = State(Rules(), deals=[Deal(3, parse_cards(cards))], humans=())
    state.settle_chance()
    state.apply_action("H9")
    state.apply_action(HeuristicPlayer().choose(state.view(1), rng.Stream("x")))
    return state


def test_only_plays_of_seats_the_observer_does_not_see_count() -> None:
    state = classic_position()
    known = read_view(state.view(2))
    seen = observations(known)
    # Seat 0 is seat 2's partner (classic: its hand is open to seat 2); seat 1 is not.
    assert [observation.seat for observation in seen] == [1]
    assert seen[0].before == (Card.parse("H9").index,)


def test_a_world_where_the_opponent_could_have_taken_the_trick_cheaply_weighs_less() -> None:
    state = classic_position()
    known = read_view(state.view(2))
    seen = observations(known)
    true_world = tuple(mask_of(card.index for card in hand) for hand in state.hands)
    assert play_likelihood(known, true_world, seen, 0.3) == 1.0
    # The same world, but seat 1 kept the (undealt) King of Hearts instead of
    # its Hearts 2: the rule-based model would have taken the H9 with it.
    hand = true_world[1]
    assert hand & bit("H2")
    other = list(true_world)
    other[1] = hand & ~bit("H2") | bit("HK")
    assert play_likelihood(known, tuple(other), seen, 0.3) == 0.3


def test_weighted_worlds_believe_what_the_play_shows() -> None:
    """Drawn in proportion to their weight, fewer worlds give seat 1 a heart
    that would have taken the H9 than unweighted sampling does."""
    state = classic_position()
    known = read_view(state.view(2))
    beaters = bit("HK") | bit("HO") | bit("HU")

    def share(budget: Budget) -> float:
        draws = SearchPlayer(budget).worlds(known, rng.Stream("share"))
        total = sum(times for _, times in draws)
        return sum(times for world, times in draws if world[1] & beaters) / total

    unweighted = share(Budget(worlds=400))
    weighted = share(Budget(worlds=400, candidates=1600, surprise=10))
    assert weighted < unweighted / 2


def test_historic_plays_of_a_partner_who_did_not_show_count() -> None:
    state = State(Rules(set=RuleSet.HISTORIC), seed="hist", humans=())
    state.settle_chance()
    while state.phase.value != "play":
        legal = [action.value for action in state.legal_actions()]  # type: ignore[union-attr]
        state.apply_action("no-show" if "no-show" in legal else "pass")
    leader = state.current_player()
    state.apply_action(state.legal_actions()[0])
    partner = (leader + 2) % 4
    seen = observations(read_view(state.view(partner)))
    assert [observation.seat for observation in seen] == [leader]


def test_resampling_draws_in_proportion_and_deterministically() -> None:
    weights = [0.0, 1.0, 0.0, 3.0, 4.0]
    draws = resample(weights, 8, rng.Stream("r"))
    assert sum(times for _, times in draws) == 8
    assert dict(draws) == {1: 1, 3: 3, 4: 4}
    assert resample(weights, 8, rng.Stream("r")) == draws
    assert all(weights[index] > 0 for index, _ in resample(weights, 5, rng.Stream("q")))


def test_the_first_trick_draws_its_own_number_of_worlds() -> None:
    """``first_trick_worlds`` sets the worlds of the deal's first trick only
    (weighted or not); later tricks draw ``worlds``."""
    first_trick = read_view(classic_position().view(2))
    state = classic_position()
    for _ in range(2):  # the first trick ends
        seat = state.current_player()
        state.apply_action(HeuristicPlayer().choose(state.view(seat), rng.Stream("end")))
    later = read_view(state.view(state.current_player()))
    assert first_trick.tricks_won == (0, 0) and sum(later.tricks_won) == 1
    for candidates in (0, 30):
        budget = Budget(worlds=12, first_trick_worlds=5, candidates=candidates)
        draws = {
            name: sum(times for _, times in SearchPlayer(budget).worlds(known, rng.Stream("n")))
            for name, known in (("first", first_trick), ("later", later))
        }
        assert draws == {"first": 5, "later": 12}, candidates
