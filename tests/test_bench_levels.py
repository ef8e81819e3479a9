"""A benchmark's own levels (budget variants, frozen baselines) play through the
engine's one door for computer players, although the registry lists the offered
levels only (``benchmarks/bench_levels.py``; nothing is benchmarked here)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from benchmarks import bench_doppelkopf_players, bench_karnoffel_players
from engine import players
from engine.doppelkopf import players as dk_players
from engine.doppelkopf.state import new_match as new_doppelkopf_match
from engine.games import GAMES
from engine.karnoffel import players as kf_players
from engine.karnoffel.rules import Rules, RuleSet
from engine.karnoffel.state import new_match as new_karnoffel_match


@pytest.fixture()
def registry_restored() -> Iterator[None]:
    """Every table of levels as it was, after the test: the registry's and each
    game's own (other tests see the offered levels only)."""
    tables = [game.levels for game in GAMES.values()]
    tables += [dk_players.LEVELS, kf_players.LEVELS]
    saved = [dict(table) for table in tables]
    yield
    for table, before in zip(tables, saved, strict=True):
        assert isinstance(table, dict)
        table.clear()
        table.update(before)


@pytest.mark.usefixtures("registry_restored")
def test_a_doppelkopf_budget_variant_and_a_frozen_baseline_play() -> None:
    state = new_doppelkopf_match(seed="bench-levels")
    state.settle_chance()
    seat = state.current_player()
    for level in ("hard@solo_margin=-3.0,kontra_answers=0", "search-v1"):
        with pytest.raises(ValueError, match="unknown player level"):
            players.choose_action(level, state.view(seat), "s")
        bench_doppelkopf_players.register_variant(level)
        action = players.choose_action(level, state.view(seat), "s")
        assert state.why_illegal(action) is None


@pytest.mark.usefixtures("registry_restored")
def test_a_karnoffel_budget_variant_plays() -> None:
    state = new_karnoffel_match(Rules(RuleSet.CLASSIC), seed="bench-levels")
    state.settle_chance()
    seat = state.current_player()
    level = "medium@worlds=2"
    with pytest.raises(ValueError, match="unknown player level"):
        players.choose_action(level, state.view(seat), "s")
    bench_karnoffel_players.register_variant(level)
    assert state.why_illegal(players.choose_action(level, state.view(seat), "s")) is None


@pytest.mark.parametrize(("seating", "games", "a_share"), [("two", 2, 2.0), ("one", 4, 4 / 3)])
def test_a_deal_is_played_once_per_seating_of_level_a(
    seating: str, games: int, a_share: float
) -> None:
    """Two seats: two games a deal, A's seats against B's; one seat: four games,
    A alone in each seat in turn. The hands are zero-sum, so A minus B is a fixed
    multiple of A's own points."""
    tally = bench_doppelkopf_players.run_pairs(("easy", "random", 0, 3, seating))
    assert sum(tally.kinds.values()) == 3 * games
    assert len(tally.differences) == len(tally.a_points) == 3
    for difference, a_points in zip(tally.differences, tally.a_points, strict=True):
        assert difference == pytest.approx(a_share * a_points)
    assert any(tally.a_points), "easy never scored against random in three deals"


def test_the_results_table_keeps_the_seatings_apart() -> None:
    from benchmarks.doppelkopf_results_table import pairing

    row = {"a": "hard", "b": "search-v1"}
    assert pairing(row) == ("hard", "search-v1")
    assert pairing(row | {"seating": "one"}) == ("hard", "search-v1, A alone")


@pytest.mark.parametrize(
    ("seating", "soloist_level", "expected"),
    [
        ("two", "hard", 4.0),
        ("two", "search-v1", -4.0),
        ("one", "hard", 4.0),
        ("one", "search-v1", -4 / 3),
    ],
)
def test_the_solo_split_adds_up_as_a_deal_is_scored(
    seating: str, soloist_level: str, expected: float
) -> None:
    """One solo scoring its soloist 12 (each defender -4) in the first of the deal's
    games, every other game scoreless: its share of A − B is what ``run_pairs``
    puts into that deal's difference."""
    from benchmarks.doppelkopf_results_table import solo_shares

    games = bench_doppelkopf_players.SEATINGS[seating]
    a_total = b_total = 0.0
    for number, a_seats in enumerate(games):
        levels = ["hard" if seat in a_seats else "search-v1" for seat in range(4)]
        soloist = levels.index(soloist_level)
        scores = [0] * 4 if number else [12 if seat == soloist else -4 for seat in range(4)]
        b_seats = [seat for seat in range(4) if seat not in a_seats]
        a_total += sum(scores[seat] for seat in a_seats) / len(a_seats)
        b_total += sum(scores[seat] for seat in b_seats) / len(b_seats)
    difference = (a_total - b_total) / len(games)
    level_b = "search-v1" if seating == "two" else "search-v1, A alone"
    _, _, from_a, _, from_b = solo_shares(level_b, {(soloist_level, "solo clubs"): [1, 1, 12]}, 1)
    assert difference == pytest.approx(expected)
    assert from_a + from_b == pytest.approx(difference)
