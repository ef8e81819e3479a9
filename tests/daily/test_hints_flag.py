"""A daily played with "learn with hints" says so in its share text and in the statistics."""

from __future__ import annotations

import pytest

from engine import daily, stats
from engine.bridge import BridgeError, Session
from engine.i18n import LANGUAGES, render


def test_the_share_text_says_with_hints_on_its_own_line_in_every_language() -> None:
    for language in LANGUAGES:
        plain = daily.share_text(
            "karnoffel", 4, True, (7, 2), [True, False], "https://x/", language
        )
        hinted = daily.share_text(
            "karnoffel", 4, True, (7, 2), [True, False], "https://x/", language, hints=True
        )
        lines = hinted.splitlines()
        assert lines[-2] == render("share.text.hints", {}, language)
        assert lines[:-2] + lines[-1:] == plain.splitlines()
        line = daily.share_line("doppelkopf", 4, False, (-2, 5), [False], language, hints=True)
        assert daily.share_line("doppelkopf", 4, False, (-2, 5), [False], language) in line
        assert line != daily.share_line("doppelkopf", 4, False, (-2, 5), [False], language)


def _finished_daily() -> Session:
    session = Session()
    pinned = daily.pinned_daily("karnoffel", daily.daily_date(1))
    request = {"game": "karnoffel", "date": "2026-12-01", "today": "2026-12-01"}
    reply = session.op_daily({**request, "pinned": pinned, "level": "random"})
    for _ in range(2000):
        if reply["turn"]["who"] == "person":
            reply = session.op_act({"action": reply["view"]["legal"][0]})
        elif reply["turn"]["who"] == "computer":
            reply = session.op_step({})
        elif reply["view"]["phase"] == "deal":
            reply = session.op_deal({})
        else:
            break
    return session


def test_the_share_op_takes_the_hints_flag() -> None:
    session = _finished_daily()
    plain = session.op_share({"address": "https://x/"})
    assert plain == session.op_share({"address": "https://x/", "hints": False})
    hinted = session.op_share({"address": "https://x/", "hints": True})
    assert "\nWith hints\nhttps://x/" in hinted["text"]
    assert hinted["line"].endswith("Played with hints.")
    assert hinted["won"] == plain["won"]
    with pytest.raises(BridgeError):
        session.op_share({"address": "x", "hints": "yes"})


def test_the_statistics_count_the_dailies_played_with_hints() -> None:
    results = [
        {"number": 1, "won": True, "archive": False, "hints": True},
        {"number": 2, "won": True, "archive": False},
        {"number": 3, "won": False, "archive": False, "hints": False},
        {"number": 1, "won": True, "archive": True, "hints": True},
    ]
    summary = stats.summarize(results, today=3)
    assert (summary["played"], summary["won"], summary["best_streak"]) == (3, 2, 2)
    assert summary["with_hints"] == 1
    assert summary["archive_with_hints"] == 1
    assert [point["hints"] for point in summary["chart"]] == [True, False, False]


def test_a_result_with_a_bad_hints_flag_is_dropped() -> None:
    results = [{"number": 1, "won": True, "hints": "yes"}, {"number": 2, "won": True}]
    assert [r["number"] for r in stats.validate_results(results)] == [2]
    assert "hints" not in stats.validate_results(results)[0]
