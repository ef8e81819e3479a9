"""The Doppelkopf search's parts: racing the cards' play-outs, and open play-outs."""

from __future__ import annotations

from dk_ai_support import hands_deal, position
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import rng
from engine.doppelkopf.cards import Card
from engine.doppelkopf.heuristic import legal_cards
from engine.doppelkopf.knowledge import read_view
from engine.doppelkopf.playout import INDEX, TABLES, Simulation, _beaten_exactly
from engine.doppelkopf.rules import Contract
from engine.doppelkopf.search import Budget, Race, SearchPlayer
from engine.doppelkopf.state import Phase, State


def test_a_card_that_trails_clearly_leaves_the_race() -> None:
    race = Race(3, preferred=0, margin=2.0, after=4)
    for world in range(8):
        race.add([[0.0, -3.0 - world % 2, 1.0 if world % 2 else -1.0][i] for i in race.alive])
    assert race.alive == [0, 2]
    assert race.worlds == 8
    assert race.scores[1] == [-3.0, -4.0, -3.0, -4.0]  # played out until it was dropped
    assert len(race.scores[0]) == len(race.scores[2]) == 8


def test_no_card_leaves_before_enough_worlds_or_without_a_margin() -> None:
    early = Race(2, preferred=0, margin=2.0, after=5)
    plain = Race(2, preferred=0, margin=0.0, after=1)
    for _ in range(4):
        early.add([1.0, -5.0])
        plain.add([1.0, -5.0])
    assert early.alive == plain.alive == [0, 1]
    plain.add([1.0, -5.0])
    assert plain.alive == [0, 1]  # margin 0: the plain search, every card in every world


def test_a_close_card_stays_and_ties_go_to_the_heuristics_card() -> None:
    race = Race(2, preferred=1, margin=2.0, after=2)
    for scores in ([1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [0.0, 0.0]):
        race.add(scores)
    assert race.alive == [0, 1]
    assert race.best() == 1


def test_only_the_leader_is_left_when_every_other_card_loses_in_every_world() -> None:
    race = Race(4, preferred=3, margin=1.0, after=3)
    for _ in range(3):
        race.add([2.0, 1.0, 1.0, 1.0])
    assert race.alive == [0]
    assert race.best() == 0


@settings(max_examples=30, deadline=None)
@given(seed=st.text("abcdef", min_size=1, max_size=6), steps=st.integers(5, 52))
def test_a_raced_search_chooses_a_legal_card_deterministically(seed: str, steps: int) -> None:
    state = position(seed, steps)
    if state.phase is not Phase.PLAY:
        return
    seat = state.current_player()
    view = state.view(seat)
    player = SearchPlayer(
        Budget(plays=600, min_worlds=2, max_worlds=12, race=1.5, race_after=3, open_playouts=True)
    )
    known = read_view(view)
    card = player.choose_card(known, rng.Stream(seed))
    assert card in legal_cards(known.hand, known.trick, known.contract)
    assert player.choose_card(known, rng.Stream(seed)) is card


def _normal_state(hands: list[str]) -> State:
    state = State(seed="open", humans=())
    state.apply_action(hands_deal(hands))
    for _ in range(4):
        state.apply_action("healthy")
    return state


def test_open_play_outs_know_who_can_still_beat_a_card() -> None:
    tables = TABLES[Contract.NORMAL]
    second_ten = False
    card = Card.parse
    # Hearts led: seat 2 still has a heart (must follow, cannot beat the ace),
    # seat 3 is void in hearts and holds a trump: it can ruff.
    hands: list[list[int]] = [
        [],
        [],
        [INDEX[card("H9")], INDEX[card("DJ")]],
        [INDEX[card("DK")], INDEX[card("SA")]],
    ]
    hearts = tables.suit[INDEX[card("HA")]]
    ace = INDEX[card("HA")]
    assert not _beaten_exactly(tables, ace, hearts, [2], hands, second_ten)
    assert _beaten_exactly(tables, ace, hearts, [3], hands, second_ten)
    # A high trump: only a higher trump beats it.
    trumps = tables.suit[INDEX[card("DJ")]]
    assert _beaten_exactly(tables, INDEX[card("DK")], trumps, [2], hands, second_ten)
    assert not _beaten_exactly(tables, INDEX[card("CQ")], trumps, [2, 3], hands, second_ten)


@settings(max_examples=40, deadline=None)
@given(seed=st.text("abcdefgh", min_size=1, max_size=6), steps=st.integers(4, 60))
def test_open_play_outs_play_a_whole_legal_hand(seed: str, steps: int) -> None:
    """The hand is played to its end: all twelve tricks and all 240 points
    (the cards come from each seat's legal cards, as in the plain play-outs)."""
    state = position(seed, steps)
    if state.phase is not Phase.PLAY:
        return
    known = read_view(state.view(state.current_player()))
    simulation = Simulation(known, open_playouts=True)
    dealt = simulation.world([list(hand) for hand in state.hands])
    done = simulation.finish(dealt, None)
    assert sum(done.points_of) == 240
    assert sum(done.tricks_won) == 12
    assert done.re_seats == simulation.finish(dealt, None).re_seats


def test_open_play_outs_differ_from_the_heuristics_somewhere() -> None:
    """Guard: the switch changes play-outs (else the tests above prove nothing)."""
    differ = 0
    for number in range(30):
        state = position(f"differ{number}", 8)
        if state.phase is not Phase.PLAY:
            continue
        known = read_view(state.view(state.current_player()))
        world = [list(hand) for hand in state.hands]
        plain, open_ = Simulation(known), Simulation(known, open_playouts=True)
        differ += plain.finish(plain.world(world), None) != open_.finish(open_.world(world), None)
    assert differ > 0
