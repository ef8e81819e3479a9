"""Fixtures of the build's tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from sitebuild.puzzles import Checked, check

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def committed_puzzles() -> Checked:
    """The committed dailies checked once per test process, as a build checks
    them (every deal regenerated, every par replayed: half a minute)."""
    return check(ROOT / "puzzles")
