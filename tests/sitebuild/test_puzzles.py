"""Pinned dailies in puzzles/: written only by the pin command, never allowed to drift."""

from __future__ import annotations

import json
import shutil
from datetime import date, timedelta
from pathlib import Path

import pytest
from committed_puzzles import committed_puzzles

from engine.daily import DAILY_GAMES, FIRST_DAILY, pinned_daily
from sitebuild import puzzles
from sitebuild.puzzles import (
    PuzzleDriftError,
    build_puzzles,
    check,
    horizon_warning,
    pin,
)

ROOT = Path(__file__).resolve().parents[2]


def test_pin_writes_the_missing_dailies_and_only_those(tmp_path: Path) -> None:
    until = FIRST_DAILY + timedelta(days=2)
    games = len(DAILY_GAMES)
    assert pin(tmp_path, until) == 3 * games
    assert pin(tmp_path, until) == 0
    pinned = json.loads((tmp_path / "karnoffel" / "2026-12-02.json").read_text())
    assert pinned == pinned_daily("karnoffel", date(2026, 12, 2))
    assert check(tmp_path).files == 3 * games


def test_a_changed_deal_fails_the_build_loudly(tmp_path: Path) -> None:
    pin(tmp_path, FIRST_DAILY + timedelta(days=1))
    path = tmp_path / "karnoffel" / "2026-12-02.json"
    pinned = json.loads(path.read_text())
    cards = pinned["deals"][3]["cards"]
    cards[0], cards[1] = cards[1], cards[0]
    path.write_text(json.dumps(pinned))
    with pytest.raises(PuzzleDriftError, match=r"2026-12-02\.json.*deal 3"):
        check(tmp_path)
    with pytest.raises(PuzzleDriftError):
        pin(tmp_path, FIRST_DAILY + timedelta(days=5))  # pinning never papers over a drift


def test_a_corrupt_pinned_file_or_a_gap_fails_the_build(tmp_path: Path) -> None:
    pin(tmp_path, FIRST_DAILY + timedelta(days=2))
    (tmp_path / "karnoffel" / "2026-12-01.json").write_text("{oops")
    with pytest.raises(PuzzleDriftError, match="not valid JSON"):
        check(tmp_path)
    pin(tmp_path / "again", FIRST_DAILY + timedelta(days=2))
    (tmp_path / "again" / "doppelkopf" / "2026-12-02.json").unlink()
    with pytest.raises(PuzzleDriftError, match="without gaps"):
        check(tmp_path / "again")


def test_the_build_checks_and_copies_but_never_writes_puzzles(tmp_path: Path) -> None:
    source = tmp_path / "puzzles"
    pin(source, FIRST_DAILY + timedelta(days=1))
    before = {p: p.read_bytes() for p in source.rglob("*.json")}
    # Far past the horizon: the build still succeeds, writes nothing new, and warns.
    checked = build_puzzles(tmp_path / "site", source, today=date(2027, 6, 1))
    assert checked.horizon == FIRST_DAILY + timedelta(days=1)
    assert {p: p.read_bytes() for p in source.rglob("*.json")} == before
    assert sorted(p.name for p in (tmp_path / "site" / "puzzles" / "karnoffel").iterdir()) == [
        "2026-12-01.json",
        "2026-12-02.json",
    ]


def test_a_short_horizon_warns() -> None:
    """Less than a year of deals warns, and less than 60 days of par."""
    horizon = date(2027, 3, 1)
    assert horizon_warning(horizon, horizon - timedelta(days=puzzles.DEALS_WARN_DAYS)) is None
    warning = horizon_warning(horizon, horizon - timedelta(days=364))
    assert warning is not None and "2027-03-01 (364 days ahead, fewer than 365)" in warning
    assert horizon_warning(horizon, horizon - timedelta(days=puzzles.WARN_DAYS), "par") is None
    warning = horizon_warning(horizon, horizon - timedelta(days=59), "par")
    assert warning is not None and "par pinned only until 2027-03-01 (59 days ahead" in warning
    assert "build.py pin" in (horizon_warning(None, horizon) or "")


def test_committed_puzzles_reach_60_days_ahead_and_match_the_generator(tmp_path: Path) -> None:
    """The committed dailies are checked as a build checks them, and pinned far enough
    ahead (when this fails with a warning only, run `python3 build.py pin`)."""
    checked = committed_puzzles()
    assert checked.files == len(DAILY_GAMES) * len(list((ROOT / "puzzles" / "karnoffel").iterdir()))
    assert checked.horizon is not None and checked.horizon >= FIRST_DAILY + timedelta(days=60)

    # Pinning what is pinned writes nothing (the first days suffice: pin checks them all).
    copy = tmp_path / "puzzles"
    first_days = [FIRST_DAILY + timedelta(days=n) for n in range(3)]
    for game in DAILY_GAMES:
        (copy / game).mkdir(parents=True)
        for day in first_days:
            name = f"{day.isoformat()}.json"
            shutil.copy(ROOT / "puzzles" / game / name, copy / game / name)
    assert pin(copy, first_days[-1]) == 0


def test_committed_deals_reach_three_years_and_par_180_days_past_the_last_pin() -> None:
    """The committed horizons (issue 47), counted from the day they were pinned:
    deals at least three years ahead, par at least 180 days."""
    pinned_on = date(2026, 12, 5)
    checked = committed_puzzles()
    assert checked.horizon is not None and checked.par_horizon is not None
    assert checked.horizon >= pinned_on + timedelta(days=3 * 365)
    assert checked.par_horizon >= pinned_on + timedelta(days=180)


def test_a_changed_opening_fails_the_build_and_pin_writes_the_missing_ones(tmp_path: Path) -> None:
    from sitebuild.openings import check_openings, pin_openings
    from sitebuild.paths import OPENINGS, PUZZLES

    puzzles, openings = tmp_path / "puzzles", tmp_path / "openings"
    for game in ("karnoffel", "doppelkopf"):
        (puzzles / game).mkdir(parents=True)
        for day in ("2026-12-01", "2026-12-02"):
            (puzzles / game / f"{day}.json").write_bytes(
                (PUZZLES / game / f"{day}.json").read_bytes()
            )
    assert pin_openings(puzzles, openings, today=date(2026, 12, 5)) == 4
    assert pin_openings(puzzles, openings, today=date(2026, 12, 5)) == 0
    written = openings / "karnoffel" / "2026-12-02.json"
    assert written.read_bytes() == (OPENINGS / "karnoffel" / "2026-12-02.json").read_bytes()
    assert check_openings(puzzles, openings) == (4, 0)
    opening = json.loads(written.read_text())
    opening["view"]["hands"][1]["known"] = opening["view"]["hands"][0]["known"]
    written.write_text(json.dumps(opening))
    with pytest.raises(PuzzleDriftError, match="opening no longer holds"):
        check_openings(puzzles, openings)
