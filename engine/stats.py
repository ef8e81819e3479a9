"""Statistics of a player's dailies, computed from the results kept on the device.

A result is ``{"number": daily number, "won": bool, "archive": bool, "hints": bool,
"difference"?: int}``; ``archive`` marks a past daily played later from the
archive, ``hints`` one played with "learn with hints" (absent: without),
``difference`` the result's difference to par (:mod:`engine.par`; absent when
the daily had no par). Dailies
played on their own day count in played / won / streaks; archive games are
counted apart. A streak runs only over *consecutive daily numbers* that
were all won; the current streak is still alive if its last daily is today's
or yesterday's.

>>> results = [{"number": n, "won": True, "archive": False} for n in (1, 2, 3, 5, 6)]
>>> s = summarize(results, today=6)
>>> s["played"], s["won"], s["current_streak"], s["best_streak"]
(5, 5, 2, 3)
>>> summarize(results, today=8)["current_streak"]
0
>>> with_par = [{"number": 1, "won": True, "archive": False, "difference": 2},
...             {"number": 2, "won": False, "archive": False, "difference": -3},
...             {"number": 3, "won": True, "archive": False}]
>>> s = summarize(with_par, today=3)
>>> s["par_chart"], s["par_average"], s["par_count"]
([{'number': 1, 'difference': 2}, {'number': 2, 'difference': -3}], -0.5, 2)
>>> summarize([{"number": 1, "won": True, "hints": True}], today=1)["with_hints"]
1
"""

from __future__ import annotations

from typing import Any

__all__ = ["STATS_SCHEMA", "summarize", "validate_results"]

#: Version of the stats kept on the device; bump when the shape changes.
STATS_SCHEMA = 1


def validate_results(results: object) -> list[dict[str, Any]]:
    """Keep only well-formed results (one per daily number and kind, the first wins);
    ``hints`` is kept only when true."""
    if not isinstance(results, list):
        return []
    seen: set[tuple[int, bool]] = set()
    valid = []
    for entry in results:
        if not isinstance(entry, dict):
            continue
        number, won, archive = entry.get("number"), entry.get("won"), entry.get("archive", False)
        hinted = entry.get("hints", False)
        if not isinstance(number, int) or isinstance(number, bool) or number < 1:
            continue
        if not all(isinstance(flag, bool) for flag in (won, archive, hinted)):
            continue
        if (number, archive) in seen:
            continue
        seen.add((number, archive))
        result: dict[str, Any] = {"number": number, "won": won, "archive": archive}
        if hinted:
            result["hints"] = True
        difference = entry.get("difference")
        if isinstance(difference, int) and not isinstance(difference, bool):
            result["difference"] = difference
        valid.append(result)
    return valid


def _streaks(on_the_day: list[tuple[int, bool]]) -> list[tuple[int, int]]:
    """(last number, length) of each run of won dailies with consecutive numbers."""
    streaks: list[tuple[int, int]] = []
    for number, won in sorted(on_the_day):
        if not won:
            continue
        if streaks and streaks[-1][0] == number - 1:
            streaks[-1] = (number, streaks[-1][1] + 1)
        else:
            streaks.append((number, 1))
    return streaks


def summarize(results: object, today: int) -> dict[str, Any]:
    """Played, won, win %, current and best streak, archive counts, how many
    dailies were played with hints (on their day and from the archive), chart
    data (each daily with its ``hints`` flag)."""
    valid = validate_results(results)
    on_the_day = sorted((r["number"], r["won"]) for r in valid if not r["archive"])
    hinted = {r["number"] for r in valid if not r["archive"] and r.get("hints")}
    archive = [r for r in valid if r["archive"]]
    played = len(on_the_day)
    won = sum(1 for _, w in on_the_day if w)
    runs = _streaks(on_the_day)
    best = max((length for _, length in runs), default=0)
    current = 0
    if runs and runs[-1][0] >= today - 1:
        current = runs[-1][1]
    against_par = sorted(
        (r["number"], r["difference"]) for r in valid if not r["archive"] and "difference" in r
    )
    return {
        "schema": STATS_SCHEMA,
        "played": played,
        "won": won,
        "win_percent": round(100 * won / played) if played else 0,
        "current_streak": current,
        "best_streak": best,
        "archive_played": len(archive),
        "archive_won": sum(1 for r in archive if r["won"]),
        "with_hints": len(hinted),
        "archive_with_hints": sum(1 for r in archive if r.get("hints")),
        # The last 30 dailies played on their day, oldest first, for the chart.
        "chart": [{"number": n, "won": w, "hints": n in hinted} for n, w in on_the_day[-30:]],
        # The difference to par of the last 30 dailies with par, oldest first.
        "par_chart": [{"number": n, "difference": d} for n, d in against_par[-30:]],
        "par_count": len(against_par),
        "par_average": (
            round(sum(d for _, d in against_par) / len(against_par), 1) if against_par else None
        ),
    }
