"""Device statistics: counts, win %, streaks over consecutive dailies, archive apart."""

from __future__ import annotations

from engine.stats import STATS_SCHEMA, summarize, validate_results


def day(number: int, won: bool = True, archive: bool = False) -> dict[str, object]:
    return {"number": number, "won": won, "archive": archive}


def test_empty() -> None:
    s = summarize([], today=10)
    assert (s["played"], s["won"], s["win_percent"], s["current_streak"], s["best_streak"]) == (
        0,
        0,
        0,
        0,
        0,
    )
    assert s["schema"] == STATS_SCHEMA


def test_streak_needs_consecutive_numbers() -> None:
    results = [day(1), day(2), day(4), day(5), day(6)]
    s = summarize(results, today=6)
    assert s["best_streak"] == 3
    assert s["current_streak"] == 3


def test_a_loss_breaks_the_streak() -> None:
    s = summarize([day(1), day(2), day(3, won=False), day(4)], today=4)
    assert (s["played"], s["won"], s["win_percent"]) == (4, 3, 75)
    assert s["best_streak"] == 2
    assert s["current_streak"] == 1


def test_current_streak_survives_until_today_is_played() -> None:
    results = [day(3), day(4)]
    assert summarize(results, today=5)["current_streak"] == 2  # yesterday played, today not yet
    assert summarize(results, today=6)["current_streak"] == 0  # a whole daily missed


def test_archive_games_are_counted_apart_and_do_not_bridge_gaps() -> None:
    results = [day(1), day(2), day(3, archive=True), day(4), day(5, won=False, archive=True)]
    s = summarize(results, today=4)
    assert (s["played"], s["won"]) == (3, 3)
    assert (s["archive_played"], s["archive_won"]) == (2, 1)
    assert s["best_streak"] == 2  # 3 was only played from the archive
    assert s["current_streak"] == 1
    assert [point["number"] for point in s["chart"]] == [1, 2, 4]


def test_bad_entries_are_dropped_not_fatal() -> None:
    results = [
        day(1),
        "junk",
        {"number": "2", "won": True},
        {"number": 3, "won": 1},
        day(1, won=False),
        None,
        day(2),
    ]
    assert validate_results(results) == [day(1), day(2)]
    assert summarize("not a list", today=3)["played"] == 0
