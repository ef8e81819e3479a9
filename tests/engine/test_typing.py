"""The engine type-checks with ``mypy --strict`` (the project's standard)."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy is not installed")
def test_engine_is_mypy_strict_clean() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "engine"],
        check=False, capture_output=True, text=True, cwd=REPO, timeout=600,
        env=dict(os.environ, PYTHONPATH=str(REPO)),
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
