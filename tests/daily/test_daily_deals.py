"""Dailies: numbering, dates from URLs, pinned deals, share text (issue 5)."""

from __future__ import annotations

from datetime import date
from itertools import pairwise

import pytest

from engine.daily import (
    FIRST_DAILY,
    DailyDateError,
    daily_date,
    daily_number,
    daily_seed,
    parse_daily_date,
    pinned_daily,
    share_line,
    share_text,
)
from engine.games import GAMES
from engine.karnoffel.rules import Rules
from engine.karnoffel.state import new_match
from engine.records import replay


def test_daily_one_is_first_of_december_2026() -> None:
    assert FIRST_DAILY == date(2026, 12, 1)
    assert daily_number(date(2026, 12, 1)) == 1
    assert daily_number(date(2027, 1, 1)) == 32
    assert daily_date(32) == date(2027, 1, 1)
    for number in (1, 59, 365, 400):
        assert daily_number(daily_date(number)) == number


def test_seed_depends_only_on_game_and_date() -> None:
    assert daily_seed("karnoffel", date(2026, 12, 24)) == "daily/karnoffel/2026-12-24"
    assert pinned_daily("karnoffel", date(2026, 12, 24)) == pinned_daily(
        "karnoffel", date(2026, 12, 24)
    )
    assert (
        pinned_daily("karnoffel", date(2026, 12, 24))["deals"]
        != pinned_daily("karnoffel", date(2026, 12, 25))["deals"]
    )


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("yesterday", "daily_bad_date"),
        ("2026-02-30", "daily_bad_date"),
        ("2026-12-1", "daily_bad_date"),
        ("", "daily_bad_date"),
        ("2026-11-30", "daily_before_first"),
        ("2026-12-06", "daily_future"),
        ("2030-01-01", "daily_future"),
    ],
)
def test_bad_or_future_dates_are_refused_with_a_reason(text: str, key: str) -> None:
    with pytest.raises(DailyDateError) as caught:
        parse_daily_date(text, today=date(2026, 12, 5))
    assert caught.value.reason.key == key
    assert str(caught.value)


def test_past_and_todays_dates_open() -> None:
    today = date(2026, 12, 5)
    assert parse_daily_date("2026-12-05", today) == today
    assert parse_daily_date("2026-12-01", today) == date(2026, 12, 1)


def test_pinned_daily_is_the_seeded_match_with_every_deal_it_can_need() -> None:
    day = date(2026, 12, 3)
    pinned = pinned_daily("karnoffel", day)
    assert pinned["rules"] == {"set": "classic", "target": 7, "players": 4}
    assert len(pinned["deals"]) == GAMES["karnoffel"].daily.deals == 13
    # Replaying the pinned record deals exactly what the seed alone deals.
    pinned_match = replay(pinned)
    seeded_match = new_match(Rules(), seed=pinned["seed"])
    assert pinned_match.deal == seeded_match.deal
    assert pinned_match.view(0) == seeded_match.view(0)
    # Dealers rotate: each deal's forehand deals the next.
    dealers = [deal["dealer"] for deal in pinned["deals"]]
    assert all(b == (a + 1) % 4 for a, b in pairwise(dealers))


def test_share_text_is_exact_and_spoiler_free() -> None:
    text = share_text(
        "karnoffel",
        7,
        False,
        (5, 7),
        [True, False, False, True, True, False, True, False, True, False, False, False],
        "https://example.org/",
    )
    assert text == (
        "Stichtag · Karnöffel #7\nLost 5–7\n🟩🟥🟥🟩🟩🟥🟩🟥🟩🟥🟥🟥\nhttps://example.org/"
    )
    assert share_line("karnoffel", 7, False, (5, 7), [True, False]) == (
        "Stichtag Karnöffel daily 7: lost 5 to 7, 1 of 2 deals won."
    )
