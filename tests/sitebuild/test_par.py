"""Par pinned in puzzles/ (issue 16): written by the pin command, replayed by
every build (drift fails it), recomputed for a sample day (a change of the
computer players that moves par fails too)."""

from __future__ import annotations

import json
import shutil
from datetime import date, timedelta
from pathlib import Path

import pytest
from committed_puzzles import committed_puzzles

from engine import players
from engine.daily import FIRST_DAILY
from engine.games import GAMES
from engine.par import check_par, difference, par_json
from sitebuild.puzzles import (
    PuzzleDriftError,
    build_puzzles,
    check,
    check_par_sample,
    horizon_warning,
    pin,
    pin_par,
)

ROOT = Path(__file__).resolve().parents[2]
#: A day before the test dailies are published: their par may still be pinned again.
BEFORE = FIRST_DAILY - timedelta(days=1)
#: Fast computer players for pinning in tests (the real pin uses the default level).
LEVEL = "random"


def pinned_with_par(tmp_path: Path, days: int = 2) -> Path:
    until = FIRST_DAILY + timedelta(days=days - 1)
    pin(tmp_path, until)
    lines: list[str] = []
    assert pin_par(tmp_path, level=LEVEL, progress=lines.append) == 2 * days
    assert len(lines) == 2 * days + 1 and "s CPU" in lines[-1]
    return tmp_path


def par_file(puzzles: Path, game: str = "karnoffel", day: date = FIRST_DAILY) -> Path:
    return puzzles / game / f"{day.isoformat()}.json"


def test_pin_par_writes_par_into_the_dailies_without_one_and_is_resumable(
    tmp_path: Path,
) -> None:
    puzzles = pinned_with_par(tmp_path)
    pinned = json.loads(par_file(puzzles).read_text())
    assert set(pinned["par"]) == {"level", "actions", "score", "won", "deals"}
    assert pinned["par"]["level"] == LEVEL
    checked = check(puzzles)
    assert checked.with_par == 4 and checked.par_horizon == FIRST_DAILY + timedelta(days=1)
    # Resumable: nothing left to do; a new day is the only one pinned next time.
    assert pin_par(puzzles, level=LEVEL, progress=lambda _: None) == 0
    pin(puzzles, FIRST_DAILY + timedelta(days=2))
    assert pin_par(puzzles, level=LEVEL, progress=lambda _: None) == 2
    # Parallel workers write the same par.
    copy = tmp_path / "copy"
    pin(copy, FIRST_DAILY + timedelta(days=2))
    assert pin_par(copy, level=LEVEL, jobs=2, progress=lambda _: None) == 6
    for game in ("karnoffel", "doppelkopf"):
        for day in range(3):
            when = FIRST_DAILY + timedelta(days=day)
            assert (
                par_file(copy, game, when).read_text() == par_file(puzzles, game, when).read_text()
            )


def test_par_is_pinned_again_for_the_games_asked_for_only(tmp_path: Path) -> None:
    puzzles = pinned_with_par(tmp_path)
    before = {game: par_file(puzzles, game).read_text() for game in ("karnoffel", "doppelkopf")}
    progress: list[str] = []
    again = pin_par(
        puzzles,
        level="easy",
        repin=True,
        games=["karnoffel"],
        progress=progress.append,
        today=BEFORE,
    )
    assert again == 2
    assert json.loads(par_file(puzzles, "karnoffel").read_text())["par"]["level"] == "easy"
    assert par_file(puzzles, "doppelkopf").read_text() == before["doppelkopf"]
    with pytest.raises(ValueError, match="no daily game skat"):
        pin_par(puzzles, level=LEVEL, repin=True, games=["skat"], progress=progress.append)
    assert par_file(puzzles, "doppelkopf").read_text() == before["doppelkopf"]


def test_a_pinned_par_that_drifts_fails_the_build(tmp_path: Path) -> None:
    puzzles = pinned_with_par(tmp_path)
    path = par_file(puzzles)
    good = path.read_text()
    pinned = json.loads(good)
    pinned["par"]["score"] = [pinned["par"]["score"][1], pinned["par"]["score"][0]]
    path.write_text(json.dumps(pinned))
    with pytest.raises(PuzzleDriftError, match="par no longer holds"):
        build_puzzles(tmp_path / "site", puzzles)
    pinned = json.loads(good)
    pinned["par"]["actions"][3] = pinned["par"]["actions"][4]
    path.write_text(json.dumps(pinned))
    with pytest.raises(PuzzleDriftError, match="does not replay"):
        check(puzzles)
    pinned = json.loads(good)
    del pinned["par"]["actions"][-1]
    path.write_text(json.dumps(pinned))
    with pytest.raises(PuzzleDriftError, match="stop before the match is over"):
        check(puzzles)
    path.write_text(good)
    assert check(puzzles).with_par == 4


def test_the_sample_check_notices_when_the_computer_players_moved_par(tmp_path: Path) -> None:
    puzzles = pinned_with_par(tmp_path)
    assert len(check_par_sample(puzzles, today=BEFORE)) == 2
    # A par game other than what the players play now (here: another level's),
    # legal and consistent, so only recomputing it tells.
    path = par_file(puzzles, day=FIRST_DAILY + timedelta(days=1))
    pinned = json.loads(path.read_text())
    dealt = {key: value for key, value in pinned.items() if key != "par"}
    other = par_json(dealt, "easy")
    assert other != pinned["par"]
    path.write_text(json.dumps({**dealt, "par": {**other, "level": LEVEL}}))
    check(puzzles)  # the cheap replay cannot tell ...
    with pytest.raises(PuzzleDriftError, match="now plays par"):
        check_par_sample(puzzles, today=BEFORE)  # ... recomputing can


def test_the_build_warns_when_par_runs_out_and_a_daily_without_par_is_fine(
    tmp_path: Path,
) -> None:
    pin(tmp_path, FIRST_DAILY + timedelta(days=1))
    checked = check(tmp_path)
    assert checked.with_par == 0 and checked.par_horizon is None
    warning = horizon_warning(checked.par_horizon, FIRST_DAILY, "par")
    assert warning is not None and "no par pinned" in warning
    assert "par pinned only until" in (horizon_warning(FIRST_DAILY, FIRST_DAILY, "par") or "")


def test_the_committed_par_replays_and_holds_for_a_sample_day() -> None:
    """The committed par, as a build checks it, and recomputed for one Karnöffel day
    not yet published, the last with par (a published day's par is history; the
    whole sample, both games, is `python3 build.py check-par`, some 30 s)."""
    checked = committed_puzzles()
    if checked.with_par == 0 or checked.par_horizon is None:
        pytest.skip("no par pinned yet: run `python3 build.py pin`")
    path = par_file(ROOT / "puzzles", day=checked.par_horizon)
    pinned = json.loads(path.read_text())
    check_par(pinned)
    dealt = {key: value for key, value in pinned.items() if key != "par"}
    assert par_json(dealt, pinned["par"]["level"]) == pinned["par"], (
        "the computer players now play another par: run `python3 build.py pin --repin-par`"
    )


def test_the_committed_par_is_the_default_level_s_so_the_dailies_follow_it() -> None:
    """The daily's computers play the game's default level: a par pinned at
    another level is another level's result, and its line is never followed."""
    for game in GAMES:
        levels = {
            json.loads(path.read_text()).get("par", {}).get("level")
            for path in (ROOT / "puzzles" / game).glob("*.json")
        }
        assert levels <= {players.default_level(game), None}, (
            f"{game}: par pinned at {levels}: run `python3 build.py pin --repin-par --games {game}`"
        )


def test_difference_to_par() -> None:
    assert difference("karnoffel", (7, 4), [7, 5]) == 1
    assert difference("karnoffel", (3, 7), [7, 6]) == -5
    assert difference("doppelkopf", (12, 30), [-3, 9]) == 15


def test_a_copy_without_par_still_builds(tmp_path: Path) -> None:
    source = tmp_path / "src"
    shutil.copytree(pinned_with_par(tmp_path / "p"), source)
    for path in source.rglob("*.json"):
        pinned = json.loads(path.read_text())
        pinned.pop("par")
        path.write_text(json.dumps(pinned))
    assert build_puzzles(tmp_path / "site", source).with_par == 0


def test_a_repin_keeps_the_par_of_published_days_as_history(tmp_path: Path) -> None:
    """After a player change only the days not yet published get a new par."""
    puzzles = pinned_with_par(tmp_path, days=3)
    before = {p: p.read_text() for p in puzzles.rglob("*.json")}
    published = FIRST_DAILY + timedelta(days=1)
    again = pin_par(puzzles, level="easy", repin=True, progress=lambda _: None, today=published)
    assert again == 2  # the third day, of both games
    for path, text in before.items():
        if date.fromisoformat(path.stem) <= published:
            assert path.read_text() == text, path
        else:
            assert json.loads(path.read_text())["par"]["level"] == "easy"
    check(puzzles)  # history and the new par both replay
    with pytest.raises(ValueError, match="is published: its par is history"):
        check_par_sample(puzzles, day=published, today=published)
