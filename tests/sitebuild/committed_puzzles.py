"""The committed dailies checked once per test process, as a build checks them
(every deal regenerated, every par replayed: half a minute)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from sitebuild.puzzles import Checked, check

ROOT = Path(__file__).resolve().parents[2]


@cache
def committed_puzzles() -> Checked:
    return check(ROOT / "puzzles")
