"""Pinned dailies in puzzles/: generated once, never allowed to drift."""

from __future__ import annotations

import importlib.util
import json
import shutil
import sys
from datetime import date, timedelta
from pathlib import Path
from types import ModuleType

import pytest

from engine.daily import DAILY_GAMES, FIRST_DAILY, pinned_daily

ROOT = Path(__file__).resolve().parents[2]


def load_build() -> ModuleType:
    spec = importlib.util.spec_from_file_location("stichtag_build", ROOT / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["stichtag_build"] = module
    spec.loader.exec_module(module)
    return module


build = load_build()


def test_pinning_writes_missing_dailies_then_checks_them(tmp_path: Path) -> None:
    until = FIRST_DAILY + timedelta(days=2)
    games = len(DAILY_GAMES)
    assert build.pin_puzzles(tmp_path, until) == (0, 3 * games)
    assert build.pin_puzzles(tmp_path, until) == (3 * games, 0)
    pinned = json.loads((tmp_path / "karnoffel" / "2026-12-02.json").read_text())
    assert pinned == pinned_daily("karnoffel", date(2026, 12, 2))


def test_a_changed_deal_fails_the_build_loudly(tmp_path: Path) -> None:
    until = FIRST_DAILY + timedelta(days=1)
    build.pin_puzzles(tmp_path, until)
    path = tmp_path / "karnoffel" / "2026-12-02.json"
    pinned = json.loads(path.read_text())
    cards = pinned["deals"][3]["cards"]
    cards[0], cards[1] = cards[1], cards[0]
    path.write_text(json.dumps(pinned))
    with pytest.raises(build.PuzzleDriftError, match=r"2026-12-02\.json.*deal 3"):
        build.pin_puzzles(tmp_path, until)


def test_a_corrupt_pinned_file_fails_the_build(tmp_path: Path) -> None:
    build.pin_puzzles(tmp_path, FIRST_DAILY)
    (tmp_path / "karnoffel" / "2026-12-01.json").write_text("{oops")
    with pytest.raises(build.PuzzleDriftError, match="not valid JSON"):
        build.pin_puzzles(tmp_path, FIRST_DAILY)


def test_committed_puzzles_cover_400_days_and_match_the_generator(tmp_path: Path) -> None:
    committed = ROOT / "puzzles" / "karnoffel"
    days = sorted(path.stem for path in committed.glob("*.json"))
    assert days[0] == "2026-12-01"
    assert date.fromisoformat(days[-1]) >= FIRST_DAILY + timedelta(days=400)
    for game in DAILY_GAMES:
        assert sorted(path.stem for path in (ROOT / "puzzles" / game).glob("*.json")) == days
    copy = tmp_path / "puzzles"
    shutil.copytree(ROOT / "puzzles", copy)
    checked, written = build.pin_puzzles(copy, date.fromisoformat(days[-1]))
    assert (checked, written) == (len(days) * len(DAILY_GAMES), 0)
