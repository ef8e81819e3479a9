"""After the daily: how long checking a friend's code and reviewing a daily take
(prints numbers; asserts nothing).

For pinned dailies of each game, the daily is played out by the default
computer players in every seat (the par game: what a person who follows every
hint plays), then three things are timed:

- ``verify``: a friend's code read and checked, that is the daily replayed with
  the computer players choosing again at the code's level (the page's
  ``friend`` op does exactly this);
- ``review``: the whole daily's review for the person's seat (every finished
  deal, with its key moment: the exact solver for Karnöffel, the default
  player's second opinion for Doppelkopf);
- ``review per deal``: the same per finished deal (the page reviews a deal
  once, when the person first asks, then keeps it).

Times are CPU seconds of this process, so other work on a shared machine does
not count; 95% confidence intervals of means are mean ± 1.96 · sd / √n. Inside
Pyodide under Node (``node benchmarks/bench_players_pyodide.mjs --bench
bench_friends [args]``) the clock is Node's process CPU time.

    python benchmarks/bench_friends.py --days 5
    python benchmarks/bench_friends.py --games karnoffel --days 3 --from 2026-12-10
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import friends, players, review
from engine.daily import pinned_daily
from engine.par import PAR_SEAT, par_game

#: The clock each measurement reads (the Pyodide runner swaps in Node's CPU time).
CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time}


def interval(values: list[float]) -> str:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return f"{mean:7.2f} ± {half:5.2f} s (n={len(values)}, max {max(values):.2f})"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="+", default=["karnoffel", "doppelkopf"])
    parser.add_argument("--days", type=int, default=3, help="dailies per game")
    parser.add_argument("--from", dest="first", default="2026-12-01", help="the first daily")
    args = parser.parse_args(argv)
    first = date.fromisoformat(args.first)
    print(f"each game's default level, {args.days} dailies per game from {first}, CPU seconds")
    for game in args.games:
        level = players.default_level(game)
        verify_s: list[float] = []
        review_s: list[float] = []
        per_deal: list[float] = []
        for offset in range(args.days):
            day = first + timedelta(days=offset)
            pinned = pinned_daily(game, day)
            match = par_game(pinned)
            code = friends.encode(match, day, level, "Bench")
            clock = CLOCKS["cpu"]
            start = clock()
            entry = friends.verify(friends.read_code(code), pinned)
            verify_s.append(clock() - start)
            assert entry.result["score"] is not None
            start = clock()
            deals = review.review(match.to_record(), PAR_SEAT)
            review_s.append(clock() - start)
            per_deal.append(review_s[-1] / max(1, len(deals)))
            print(
                f"  {game} {day}: verify {verify_s[-1]:.2f} s, review {review_s[-1]:.2f} s "
                f"({len(deals)} deals)",
                flush=True,
            )
        print(f"{game}: verify a friend's code   {interval(verify_s)}")
        print(f"{game}: review the whole daily   {interval(review_s)}")
        print(f"{game}: review one deal          {interval(per_deal)}")


if __name__ == "__main__":
    main()
