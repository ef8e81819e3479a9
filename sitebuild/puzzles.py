"""Pinned dailies: ``puzzles/<game>/<YYYY-MM-DD>.json``.

Each is a game record with no actions whose ``deals`` pin the whole match, so
a published daily never changes even if the generator does. Two jobs, kept
apart on purpose:

- :func:`pin` (``python3 build.py pin [--days N]``) writes the dailies that
  are missing up to N days ahead (:data:`PIN_DAYS`, three years: deals are
  cheap); the developer commits them. Nothing else ever writes into ``puzzles/``.
- :func:`check` (every build) compares every pinned daily with what the
  generator deals now and stops the build on any difference; it warns when
  fewer than :data:`DEALS_WARN_DAYS` days ahead are pinned. A day past the
  horizon has no file: the site then says "no daily pinned for this date",
  never deals a daily of its own.

Par (:mod:`engine.par`) is pinned into the same files by :func:`pin_par`
(``build.py pin``: only dailies without par, up to :data:`PAR_DAYS` ahead;
``--jobs N`` parallel), which costs some 25 s CPU a day. Both are resumable:
every file is written whole (a new file renamed into place) as soon as it is
known, earliest days first, so a run cut short goes on where it stopped.
A daily without par is played as usual; its result says that par is not
known yet. A build warns when fewer than :data:`WARN_DAYS` days ahead have par.

A published daily never changes, its par included: when a default computer
player improves, ``--repin-par`` pins par again only for the days after today
(:func:`pin_par`); the days already published keep their par as history.
So :func:`check` checks a pinned par by replaying it (the deals, the par
game's actions, legal, and its result; cheap, no search), never by playing it
again with today's players. :func:`check_par_sample` (``build.py check-par``)
recomputes one day not yet published, to tell whether the players moved par.
"""

from __future__ import annotations

import json
import shutil
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from sitebuild.paths import PUZZLES, ROOT, log

#: How far ahead ``pin`` pins the deals by default (three years and a little) ...
PIN_DAYS = 3 * 366 + 7
#: ... and below how many days of pinned deals ahead a build warns.
DEALS_WARN_DAYS = 365
#: How far ahead ``pin`` pins par by default (some 25 s CPU a day) ...
PAR_DAYS = 200
#: ... and below how many days of par ahead a build warns.
WARN_DAYS = 60


class PuzzleDriftError(RuntimeError):
    """A pinned daily no longer matches what the generator deals."""


@dataclass(frozen=True)
class Checked:
    files: int
    #: The last day pinned for every game, or ``None`` if a game has none.
    horizon: date | None
    #: The last day up to which every game's dailies have par (``None``: not the first).
    par_horizon: date | None = None
    #: How many pinned dailies have par.
    with_par: int = 0


def _engine() -> Any:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import engine.daily

    return engine.daily


def _par_engine() -> Any:
    _engine()
    import engine.par

    return engine.par


def _file(puzzles: Path, game: str, day: date) -> Path:
    return puzzles / game / f"{day.isoformat()}.json"


def _text(record: dict[str, Any]) -> str:
    return json.dumps(record, separators=(",", ":")) + "\n"


def _write(path: Path, record: dict[str, Any]) -> None:
    """Write a pinned daily whole or not at all (a run cut short leaves no torn file)."""
    part = path.with_name(path.name + ".part")
    part.write_text(_text(record), encoding="utf-8")
    part.replace(path)


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
                _write(path, daily.pinned_daily(game, day))
                written += 1
            day += timedelta(days=1)
    return written


def check(puzzles: Path = PUZZLES) -> Checked:
    """Compare every pinned daily with the generator (``PuzzleDriftError`` on any
    difference, or a gap before the last pinned day); never writes."""
    daily = _engine()
    par = _par_engine()
    horizons: list[date | None] = []
    par_horizons: list[date | None] = []
    files = with_par = 0
    first = daily.FIRST_DAILY
    for game in daily.DAILY_GAMES:
        day = daily.FIRST_DAILY
        last = par_last = None
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
            dealt = {key: value for key, value in pinned.items() if key != "par"}
            if dealt != expected:
                raise PuzzleDriftError(drift_message(path, dealt, expected))
            if "par" in pinned:
                try:
                    par.check_par(pinned)
                except par.ParDriftError as error:
                    raise PuzzleDriftError(par_drift_message(path, str(error))) from None
                with_par += 1
                if par_last == day - timedelta(days=1) or (par_last is None and day == first):
                    par_last = day
            files += 1
            last = day
            day += timedelta(days=1)
        horizons.append(last)
        par_horizons.append(par_last)
    return Checked(files, _common(horizons), _common(par_horizons), with_par)


def _common(horizons: list[date | None]) -> date | None:
    """The last day every game has reached (``None`` if one has not started)."""
    known = [h for h in horizons if h is not None]
    return min(known) if known and len(known) == len(horizons) else None


def par_drift_message(path: Path, detail: str) -> str:
    return (
        f"{path}: the pinned par no longer holds ({detail}). Pin par again with "
        "`python3 build.py pin --repin-par` (only the computer players' author should)."
    )


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


def horizon_warning(horizon: date | None, today: date, what: str = "dailies") -> str | None:
    """What a build says when the pinned dailies run out within
    :data:`DEALS_WARN_DAYS` days (or their par, ``what="par"``, within
    :data:`WARN_DAYS`); ``None``: enough."""
    if horizon is None:
        return f"no {what} pinned: run `python3 build.py pin` and commit puzzles/"
    ahead = (horizon - today).days
    least = WARN_DAYS if what == "par" else DEALS_WARN_DAYS
    if ahead >= least:
        return None
    return (
        f"{what} pinned only until {horizon.isoformat()} ({ahead} days ahead, fewer than "
        f"{least}): run `python3 build.py pin` and commit puzzles/"
    )


def _par_task(path_text: str, level: str | None) -> tuple[str, dict[str, Any], float]:
    """Par of one pinned daily (in a worker process): (path, par, CPU seconds)."""
    par = _par_engine()
    started = time.process_time()
    pinned = json.loads(Path(path_text).read_text(encoding="utf-8"))
    pinned.pop("par", None)
    value = par.par_json(pinned, level)
    return path_text, value, time.process_time() - started


def pin_par(
    puzzles: Path = PUZZLES,
    until: date | None = None,
    jobs: int = 1,
    repin: bool = False,
    level: str | None = None,
    games: list[str] | None = None,
    progress: Any = print,
    today: date | None = None,
) -> int:
    """Pin par into every pinned daily up to ``until`` (default: all) that has none
    (``repin``: into those after ``today`` that have one too: a published daily
    keeps its par), of ``games`` only if given (after a change to one game's
    computer players). Resumable: each file is written as soon as its par is
    known. Returns how many were written."""
    published = today or date.today()
    check(puzzles)
    daily = _engine()
    unknown = sorted(set(games or ()) - set(daily.DAILY_GAMES))
    if unknown:
        raise ValueError(
            f"no daily game {', '.join(unknown)}: the games are {', '.join(daily.DAILY_GAMES)}"
        )
    todo = []
    for game in daily.DAILY_GAMES:
        if games is not None and game not in games:
            continue
        for path in sorted((puzzles / game).glob("*.json")):
            if until is not None and date.fromisoformat(path.stem) > until:
                continue
            has_par = "par" in json.loads(path.read_text(encoding="utf-8"))
            if not has_par or (repin and date.fromisoformat(path.stem) > published):
                todo.append(path)
    # Earliest days first: a run cut short leaves the nearest days done.
    todo.sort(key=lambda path: (path.stem, path.parent.name))
    done = 0
    cpu = 0.0
    results: Any
    if jobs > 1 and len(todo) > 1:
        pool = ProcessPoolExecutor(max_workers=jobs)
        results = pool.map(_par_task, [str(p) for p in todo], [level] * len(todo))
    else:
        pool = None
        results = (_par_task(str(p), level) for p in todo)
    try:
        for path_text, value, seconds in results:
            path = Path(path_text)
            pinned = json.loads(path.read_text(encoding="utf-8"))
            pinned["par"] = value
            _write(path, pinned)
            done += 1
            cpu += seconds
            progress(
                f"par {done}/{len(todo)}: {path.parent.name} {path.stem} "
                f"{value['score'][0]}-{value['score'][1]} ({seconds:.1f} s CPU)"
            )
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    if done:
        progress(f"par: {done} dailies in {cpu:.0f} s CPU ({cpu / done:.1f} s each)")
    return done


def check_par_sample(
    puzzles: Path = PUZZLES, day: date | None = None, today: date | None = None
) -> list[str]:
    """Recompute par with today's computer players for one day not yet published
    (default: the last day every game has par) and raise ``PuzzleDriftError`` if
    it differs from the pinned par. Returns the files compared (none: no par
    pinned yet). A published day (``<= today``) keeps its par as history: it is
    only replayed (:func:`check`), and asking to recompute it is a ``ValueError``."""
    par = _par_engine()
    checked = check(puzzles)
    day = day or checked.par_horizon
    if day is None:
        return []
    if day <= (today or date.today()):
        raise ValueError(
            f"{day.isoformat()} is published: its par is history, checked by replaying it "
            "(every build does), not by playing it again"
        )
    compared = []
    for game in _engine().DAILY_GAMES:
        path = _file(puzzles, game, day)
        if not path.exists():
            continue
        pinned = json.loads(path.read_text(encoding="utf-8"))
        if "par" not in pinned:
            continue
        level = pinned["par"].get("level")
        dealt = {key: value for key, value in pinned.items() if key != "par"}
        recomputed = par.par_json(dealt, level if isinstance(level, str) else None)
        if recomputed != pinned["par"]:
            detail = (
                f"the {level} computer player now plays par {recomputed['score']} with other "
                f"moves; the pin says {pinned['par']['score']}"
            )
            raise PuzzleDriftError(par_drift_message(path, detail))
        compared.append(str(path))
    return compared


def build_puzzles(out: Path, puzzles: Path = PUZZLES, today: date | None = None) -> Checked:
    """Check the pinned dailies and copy them into the site (``out/puzzles``)."""
    checked = check(puzzles)
    shutil.copytree(puzzles, out / "puzzles", dirs_exist_ok=True)
    log(
        f"puzzles: {checked.files} pinned dailies checked (pinned until {checked.horizon}); "
        f"{checked.with_par} with par replayed (par until {checked.par_horizon})"
    )
    for warning in (
        horizon_warning(checked.horizon, today or date.today()),
        horizon_warning(checked.par_horizon, today or date.today(), "par"),
    ):
        if warning:
            log(f"WARNING: {warning}")
    return checked
