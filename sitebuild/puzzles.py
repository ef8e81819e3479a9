"""Pinned dailies: ``puzzles/<game>/<YYYY-MM-DD>.json``.

Each is a game record with no actions whose ``deals`` pin the whole match, so
a published daily never changes even if the generator does. Two jobs, kept
apart on purpose:

- :func:`pin` (``python3 build.py pin [--days N]``) writes the dailies that
  are missing up to N days ahead; the developer commits them. Nothing else
  ever writes into ``puzzles/``.
- :func:`check` (every build) compares every pinned daily with what the
  generator deals now and stops the build on any difference; it warns when
  fewer than :data:`WARN_DAYS` days ahead are pinned. A day past the horizon
  has no file: the site then says "no daily pinned for this date", never
  deals a daily of its own.
"""

from __future__ import annotations

import json
import shutil
import sys
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from sitebuild.paths import PUZZLES, ROOT, log

#: How far ahead ``pin`` pins by default ...
PIN_DAYS = 400
#: ... and below how many days ahead a build warns.
WARN_DAYS = 60


class PuzzleDriftError(RuntimeError):
    """A pinned daily no longer matches what the generator deals."""


@dataclass(frozen=True)
class Checked:
    files: int
    #: The last day pinned for every game, or ``None`` if a game has none.
    horizon: date | None


def _engine() -> Any:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import engine.daily

    return engine.daily


def _file(puzzles: Path, game: str, day: date) -> Path:
    return puzzles / game / f"{day.isoformat()}.json"


def _text(record: dict[str, Any]) -> str:
    return json.dumps(record, separators=(",", ":")) + "\n"


def pin(puzzles: Path = PUZZLES, until: date | None = None, days: int = PIN_DAYS) -> int:
    """Write every missing daily from the first one up to ``until`` (default:
    ``days`` after today); check the existing ones first. Returns how many
    files were written."""
    daily = _engine()
    check(puzzles)
    until = until or max(date.today(), daily.FIRST_DAILY) + timedelta(days=days)
    written = 0
    for game in daily.DAILY_GAMES:
        (puzzles / game).mkdir(parents=True, exist_ok=True)
        day = daily.FIRST_DAILY
        while day <= until:
            path = _file(puzzles, game, day)
            if not path.exists():
                path.write_text(_text(daily.pinned_daily(game, day)), encoding="utf-8")
                written += 1
            day += timedelta(days=1)
    return written


def check(puzzles: Path = PUZZLES) -> Checked:
    """Compare every pinned daily with the generator (``PuzzleDriftError`` on any
    difference, or a gap before the last pinned day); never writes."""
    daily = _engine()
    horizons = []
    files = 0
    for game in daily.DAILY_GAMES:
        day = daily.FIRST_DAILY
        last = None
        pinned_days = sorted(p.stem for p in (puzzles / game).glob("*.json"))
        for name in pinned_days:
            path = puzzles / game / f"{name}.json"
            if name != day.isoformat():
                raise PuzzleDriftError(
                    f"{path}: expected {_file(puzzles, game, day).name} next; the pinned "
                    "dailies must run without gaps from the first one"
                )
            try:
                pinned = json.loads(path.read_text(encoding="utf-8"))
            except ValueError as error:
                raise PuzzleDriftError(f"{path}: not valid JSON ({error})") from None
            expected = daily.pinned_daily(game, day)
            if pinned != expected:
                raise PuzzleDriftError(drift_message(path, pinned, expected))
            files += 1
            last = day
            day += timedelta(days=1)
        horizons.append(last)
    known = [h for h in horizons if h is not None]
    horizon = min(known) if len(known) == len(horizons) else None
    return Checked(files, horizon)


def drift_message(path: Path, pinned: dict[str, object], expected: dict[str, object]) -> str:
    where = next((key for key in expected if pinned.get(key) != expected[key]), "fields")
    if where == "deals" and isinstance(pinned.get("deals"), list):
        deals = pinned["deals"]
        assert isinstance(deals, list) and isinstance(expected["deals"], list)
        for number, (old, new) in enumerate(zip(deals, expected["deals"], strict=False)):
            if old != new:
                where = f"deal {number}"
                break
    return (
        f"{path}: the pinned daily differs from what the generator deals now ({where}). "
        "A published daily must never change: restore the file, or the generator."
    )


def horizon_warning(horizon: date | None, today: date) -> str | None:
    """What a build says when the pinned dailies run out soon (``None``: enough)."""
    if horizon is None:
        return "no dailies are pinned: run `python3 build.py pin` and commit puzzles/"
    ahead = (horizon - today).days
    if ahead >= WARN_DAYS:
        return None
    return (
        f"dailies are pinned only until {horizon.isoformat()} ({ahead} days ahead, fewer than "
        f"{WARN_DAYS}): run `python3 build.py pin` and commit puzzles/"
    )


def build_puzzles(out: Path, puzzles: Path = PUZZLES, today: date | None = None) -> Checked:
    """Check the pinned dailies and copy them into the site (``out/puzzles``)."""
    checked = check(puzzles)
    shutil.copytree(puzzles, out / "puzzles", dirs_exist_ok=True)
    log(f"puzzles: {checked.files} pinned dailies checked (pinned until {checked.horizon})")
    warning = horizon_warning(checked.horizon, today or date.today())
    if warning:
        log(f"WARNING: {warning}")
    return checked
