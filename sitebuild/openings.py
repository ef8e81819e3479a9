"""Pinned openings: ``openings/<game>/<YYYY-MM-DD>.json`` (issue 46).

A daily's opening is the state a page shows at the person's first decision
(:mod:`engine.opening`: the bridge's own state response, the seat's view only),
pinned so that the page draws today's daily at first paint, before its engine
is ready. The computers' opening moves come from the par line, so only a
daily with par has an opening.

- :func:`pin_openings` (``build.py pin``, after par) writes the missing ones,
  and those of days after today again when their par was pinned again.
- :func:`check_openings` (every build) compares each pinned opening with what
  the engine shows now (cheap: the par line, no search) and stops the build on
  any difference, as :func:`sitebuild.puzzles.check` does for the dailies.
- :func:`build_openings` copies them into the site (``site/openings/``); the
  service worker precaches the nearest days in one file (sitebuild/offline.py).
"""

from __future__ import annotations

import json
import shutil
from datetime import date
from pathlib import Path
from typing import Any

from sitebuild.paths import OPENINGS, PUZZLES, log
from sitebuild.puzzles import PuzzleDriftError, _engine, _write


def _opening_engine() -> Any:
    _engine()
    import engine.opening

    return engine.opening


def _dailies(puzzles: Path) -> list[tuple[str, Path]]:
    return [
        (game, path)
        for game in _engine().DAILY_GAMES
        for path in sorted((puzzles / game).glob("*.json"))
    ]


def pin_openings(
    puzzles: Path = PUZZLES, openings: Path = OPENINGS, today: date | None = None
) -> int:
    """Write the opening of every pinned daily with par that has none (and of the
    days after ``today`` whose opening changed with their par); return how many."""
    opening = _opening_engine()
    published = today or date.today()
    written = 0
    for game, path in _dailies(puzzles):
        day = date.fromisoformat(path.stem)
        out = openings / game / path.name
        if out.exists() and day <= published:
            continue
        pinned = json.loads(path.read_text(encoding="utf-8"))
        state = opening.opening_state(pinned, day)
        if state is None:
            continue
        if out.exists() and json.loads(out.read_text(encoding="utf-8")) == state:
            continue
        out.parent.mkdir(parents=True, exist_ok=True)
        _write(out, state)
        written += 1
    return written


def check_openings(puzzles: Path = PUZZLES, openings: Path = OPENINGS) -> tuple[int, int]:
    """Check every pinned opening against the engine (``PuzzleDriftError`` on any
    difference, or on an opening without its daily); never writes. Returns
    (openings checked, dailies with par but no opening)."""
    opening = _opening_engine()
    checked = missing = 0
    for game, path in _dailies(puzzles):
        out = openings / game / path.name
        if not out.exists():
            missing += int('"par"' in path.read_text(encoding="utf-8"))
            continue
        pinned = json.loads(path.read_text(encoding="utf-8"))
        try:
            stored = json.loads(out.read_text(encoding="utf-8"))
            opening.check_opening(pinned, date.fromisoformat(path.stem), stored)
        except (ValueError, opening.OpeningDriftError) as error:
            raise PuzzleDriftError(
                f"{out}: the pinned opening no longer holds ({error}). A published opening "
                "must never change: restore the file, or pin it with `python3 build.py pin`."
            ) from None
        checked += 1
    for game in _engine().DAILY_GAMES:
        for out in sorted((openings / game).glob("*.json")):
            if not (puzzles / game / out.name).exists():
                raise PuzzleDriftError(f"{out}: an opening of a daily that is not pinned")
    return checked, missing


def build_openings(out: Path, puzzles: Path = PUZZLES, openings: Path = OPENINGS) -> int:
    """Check the pinned openings and copy them into the site (``out/openings``)."""
    checked, missing = check_openings(puzzles, openings)
    if openings.is_dir():
        shutil.copytree(openings, out / "openings", dirs_exist_ok=True)
    log(f"openings: {checked} pinned openings checked against the engine")
    if missing:
        log(f"WARNING: {missing} dailies with par have no opening: run `python3 build.py pin`")
    return checked


def opening_days(site_openings: Path) -> dict[str, list[str]]:
    """Per game, the first and the last day with an opening in the site (the page
    asks for an opening only inside that span: no request that can only fail)."""
    spans = {}
    for game_dir in sorted(p for p in site_openings.iterdir() if p.is_dir()):
        days = sorted(path.stem for path in game_dir.glob("*.json"))
        if days:
            spans[game_dir.name] = [days[0], days[-1]]
    return spans
