"""Strength and speed of the Karnöffel computer players (prints numbers; asserts nothing).

Strength, duplicate format: every deal (and every match) is played twice from
the same seed with the two levels' seats swapped, so the luck of the cards
cancels. The unit of a 95% confidence interval is the *pair* (its score is 0,
1/2 or 1 for the first level), so the interval accounts for the pairing.

Besides the engine's levels (``random``, ``easy``, ``medium``, ``hard``) a
pairing may name a benchmark opponent of ``karnoffel_opponents.py``:
``greedy``, ``perfect`` (sees all hands), ``search-v1`` and ``heuristic-v1``
(the players before issue 13, frozen).

Speed: the time of each decision of each level, median and 95th percentile.
Under Pyodide, ``benchmarks/bench_players_pyodide.mjs`` runs :func:`main`.

``--json FILE`` appends one JSON object per result row (the command, the
pairing, pairs, rate and 95% CI; or a speed row) to FILE.

    python benchmarks/bench_karnoffel_players.py --rules classic historic \\
        --pairings hard:perfect hard:search-v1 easy:greedy --pairs 1000
    python benchmarks/bench_karnoffel_players.py --speed-only --pairs 20
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_levels import add_level
from karnoffel_opponents import OPPONENTS

from engine import players
from engine.karnoffel.players import BUDGETS
from engine.karnoffel.players import LEVELS as GAME_LEVELS
from engine.karnoffel.rules import Rules, RuleSet
from engine.karnoffel.search import SearchLevel
from engine.karnoffel.state import Phase, new_match

#: Clocks for timing decisions. "cpu" is the process's CPU time, so that other
#: programs on a shared machine do not inflate the numbers; the Pyodide runner
#: replaces it with Node's ``process.cpuUsage()``, as Emscripten's clock is wall time.
CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}
clock = CLOCKS["wall"]


@dataclass
class Tally:
    """Results of one pairing (first level = "A") over some pairs."""

    deal_pair_scores: list[float] = field(default_factory=list)
    deal_points: list[int] = field(default_factory=list)  # A's points minus B's, per pair
    match_pair_scores: list[float] = field(default_factory=list)
    times: dict[str, list[float]] = field(default_factory=dict)

    def merge(self, other: Tally) -> None:
        self.deal_pair_scores += other.deal_pair_scores
        self.deal_points += other.deal_points
        self.match_pair_scores += other.match_pair_scores
        for level, times in other.times.items():
            self.times.setdefault(level, []).extend(times)


def play(
    rules: Rules,
    seed: str,
    levels: tuple[str, str],
    whole_match: bool,
    times: dict[str, list[float]],
) -> list[int]:
    """Play the first deal (or the whole match) of ``seed``; team t is played
    by ``levels[t]``. Returns team 0's and team 1's points."""
    state = new_match(rules, seed=seed, humans=())
    while not state.is_terminal():
        if state.phase is Phase.DEAL:
            if not whole_match:
                break
            state.settle_chance()
            continue
        seat = state.current_player()
        level = levels[seat % 2]
        view = state.view(seat)
        seed = players.seed_for(state, seat)
        started = clock()
        if level in OPPONENTS:
            action = OPPONENTS[level](state, seat, seed)
        else:
            action = players.choose_action(level, view, seed)
        times.setdefault(level, []).append(clock() - started)
        state.apply_action(action)
    return list(state.scores)


def run_pairs(job: tuple[str, str, str, int, int, bool]) -> Tally:
    rule_set, level_a, level_b, start, stop, whole_match = job
    rules = Rules(set=RuleSet(rule_set))
    tally = Tally()
    for number in range(start, stop):
        seed = f"bench/{'match' if whole_match else 'deal'}/{rule_set}/{number}"
        a_points = b_points = 0
        wins = 0
        for a_team in (0, 1):
            levels = (level_a, level_b) if a_team == 0 else (level_b, level_a)
            scores = play(rules, seed, levels, whole_match, tally.times)
            a_points += scores[a_team]
            b_points += scores[1 - a_team]
            wins += scores[a_team] > scores[1 - a_team]
        if whole_match:
            tally.match_pair_scores.append(wins / 2)
        else:
            tally.deal_pair_scores.append(wins / 2)
            tally.deal_points.append(a_points - b_points)
    return tally


def bounds(scores: Sequence[float]) -> tuple[float, float, float]:
    """Mean and its 95% confidence interval (normal approximation over pairs)."""
    mean = statistics.fmean(scores)
    half = (
        1.96 * statistics.pstdev(scores) / math.sqrt(len(scores))
        if len(scores) > 1
        else float("nan")
    )
    return mean, mean - half, mean + half


def interval(scores: Sequence[float]) -> str:
    """Mean with its 95% confidence interval, as text."""
    if not scores:
        return "-"
    mean, low, high = bounds(scores)
    return f"{100 * mean:5.1f}% [{100 * low:5.1f}, {100 * high:5.1f}]"


def score_counts(scores: Sequence[float]) -> list[int]:
    """How many pairs A lost both, split, won both (so that rows of chunks merge exactly)."""
    return [sum(1 for score in scores if score == value) for value in (0.0, 0.5, 1.0)]


def pair_digits(scores: Sequence[float]) -> str:
    """Each pair's score for A in pair order, as one digit (0, 1 or 2 deals
    won of the two), so that two levels can be compared pair by pair on the
    same deals (``karnoffel_results_table.py --paired-with``)."""
    return "".join(str(round(2 * score)) for score in scores)


def write_json(path: str | None, row: dict[str, object]) -> None:
    """Append one result row (a JSON object on one line) to ``path``."""
    if path is None:
        return
    with open(path, "a", encoding="utf-8") as out:
        out.write(json.dumps(row, ensure_ascii=False) + "\n")


def lower_bound(scores: Sequence[float]) -> float:
    mean = statistics.fmean(scores)
    return mean - 1.96 * statistics.pstdev(scores) / math.sqrt(len(scores))


def percentile(sorted_values: Sequence[float], fraction: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(fraction * len(sorted_values)))]


def run(
    rule_set: str,
    level_a: str,
    level_b: str,
    pairs: range,
    match_pairs: int,
    jobs: int,
) -> Tally:
    """Deal pairs first, then match pairs; a progress line after each chunk
    (so that a long run interrupted still reports exact numbers so far)."""
    chunk = 25
    work = [
        (rule_set, level_a, level_b, s, min(s + chunk, pairs.stop), False)
        for s in range(pairs.start, pairs.stop, chunk)
    ]
    work += [
        (rule_set, level_a, level_b, s, min(s + 5, match_pairs), True)
        for s in range(0, match_pairs, 5)
    ]
    tally = Tally()

    def merge(part: Tally) -> None:
        tally.merge(part)
        print(
            f"  progress {rule_set} {level_a}:{level_b}: "
            f"{len(tally.deal_pair_scores)} deal pairs {interval(tally.deal_pair_scores)}, "
            f"{len(tally.match_pair_scores)} match pairs {interval(tally.match_pair_scores)}",
            file=sys.stderr,
            flush=True,
        )

    if jobs > 1:
        from multiprocessing import Pool

        with Pool(jobs) as pool:
            for part in pool.imap(run_pairs, work):
                merge(part)
    else:
        for job in work:
            merge(run_pairs(job))
    return tally


def speed_rows(times: dict[str, list[float]]) -> list[dict[str, object]]:
    rows = []
    order = [*GAME_LEVELS, *OPPONENTS]
    for level in sorted(times, key=lambda name: order.index(name) if name in order else 99):
        if not times[level]:
            continue
        values = sorted(times[level])
        rows.append(
            {
                "level": level,
                "decisions": len(values),
                "median_ms": round(1000 * statistics.median(values), 2),
                "p95_ms": round(1000 * percentile(values, 0.95), 2),
                "max_ms": round(1000 * values[-1], 2),
            }
        )
    return rows


def print_speed(label: str, rows: list[dict[str, object]]) -> None:
    print(f"\nspeed per decision ({label}; all decisions of the level, forced ones included)")
    print(f"{'level':<24} {'decisions':>9} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}")
    for row in rows:
        print(
            f"{row['level']:<24} {row['decisions']:>9} {row['median_ms']:>10.2f} "
            f"{row['p95_ms']:>8.2f} {row['max_ms']:>8.2f}"
        )


def register_variant(spec: str) -> None:
    """Levels such as ``hard@worlds=12,nodes=3000``: a search level with some
    budget fields changed (for budget sweeps)."""
    if "@" not in spec or spec in GAME_LEVELS:
        return
    name, _, fields = spec.partition("@")
    if name not in BUDGETS:
        raise SystemExit(f"only the levels {', '.join(BUDGETS)} take a budget, not {name!r}")
    changes = {key: int(value) for key, value in (f.split("=") for f in fields.split(","))}
    budgets = {rule_set: replace(budget, **changes) for rule_set, budget in BUDGETS[name].items()}
    GAME_LEVELS[spec] = lambda: SearchLevel(budgets)
    add_level("karnoffel", spec, GAME_LEVELS[spec])


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rules", nargs="+", default=["classic", "historic"])
    parser.add_argument("--pairings", nargs="+", default=None, help="A:B pairs of levels")
    parser.add_argument(
        "--pairs", type=int, default=1000, help="deal pairs per pairing and rule set"
    )
    parser.add_argument("--first", type=int, default=0, help="number of the first deal pair")
    parser.add_argument(
        "--match-pairs", type=int, default=0, help="match pairs per pairing and rule set"
    )
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--speed-only",
        action="store_true",
        help="only time decisions (default level against easy unless --pairings)",
    )
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall", help="timing clock")
    parser.add_argument("--json", default=None, help="append result rows (JSON lines) to FILE")
    parser.add_argument(
        "--tag", default="", help="a label kept in the rows (say, the engine's commit)"
    )
    args = parser.parse_args(argv)
    global clock
    clock = CLOCKS[args.clock]
    implementation = f"{sys.implementation.name} {sys.version.split()[0]} on {sys.platform}"
    if args.pairings is None:
        args.pairings = (
            [f"{players.default_level('karnoffel')}:easy"]
            if args.speed_only
            else ["hard:perfect", "hard:search-v1", "easy:greedy"]
        )
    command = "python benchmarks/bench_karnoffel_players.py " + " ".join(
        sys.argv[1:] if argv is None else argv
    )
    if sys.platform == "emscripten":
        command = "node benchmarks/bench_players_pyodide.mjs " + " ".join(
            sys.argv[1:] if argv is None else argv
        )
    pairs = range(args.first, args.first + args.pairs)
    print(
        f"Karnöffel players, duplicate format; {implementation}; "
        f"default level {players.default_level('karnoffel')!r}; deal pairs {pairs.start}..{pairs.stop - 1}"
    )
    for rule_set in args.rules:
        all_times: dict[str, list[float]] = {}
        rows = []
        for pairing in args.pairings:
            level_a, level_b = pairing.split(":")
            register_variant(level_a)
            register_variant(level_b)
            started = time.perf_counter()
            tally = run(rule_set, level_a, level_b, pairs, args.match_pairs, args.jobs)
            elapsed = time.perf_counter() - started
            for level, times in tally.times.items():
                all_times.setdefault(level, []).extend(times)
            rows.append((level_a, level_b, tally, elapsed))
        speed = speed_rows(all_times)
        label = f"{rule_set}; {implementation}, {args.clock} clock"
        for row in speed:
            write_json(
                args.json,
                {
                    "kind": "speed",
                    "command": command,
                    "runtime": implementation,
                    "clock": args.clock,
                    "rules": rule_set,
                    "pairings": args.pairings,
                    "pairs": len(pairs),
                    "tag": args.tag,
                    **row,
                },
            )
        if args.speed_only:
            print_speed(label, speed)
            continue
        print(f"\n{rule_set}: deal-win and match-win rate of A against B (95% CI over pairs)")
        print(
            f"{'A':<14} {'B':<14} {'deal pairs':>10} {'A deal-win rate':>27} {'LB>50%':>6} "
            f"{'A pts-B pts/pair':>16} {'match pairs':>11} {'A match-win rate':>27} {'secs':>6}"
        )
        for level_a, level_b, tally, elapsed in rows:
            points = statistics.fmean(tally.deal_points) if tally.deal_points else float("nan")
            above = (
                "yes"
                if tally.deal_pair_scores and lower_bound(tally.deal_pair_scores) > 0.5
                else "no"
            )
            print(
                f"{level_a:<14} {level_b:<14} {len(tally.deal_pair_scores):>10} "
                f"{interval(tally.deal_pair_scores):>27} {above:>6} {points:>16.2f} "
                f"{len(tally.match_pair_scores):>11} {interval(tally.match_pair_scores):>27} "
                f"{elapsed:>6.0f}"
            )
            if tally.deal_pair_scores:
                mean, low, high = bounds(tally.deal_pair_scores)
                write_json(
                    args.json,
                    {
                        "kind": "deals",
                        "command": command,
                        "runtime": implementation,
                        "rules": rule_set,
                        "a": level_a,
                        "b": level_b,
                        "first_pair": pairs.start,
                        "pairs": len(tally.deal_pair_scores),
                        "rate": round(mean, 4),
                        "ci95": [round(low, 4), round(high, 4)],
                        "score_counts": score_counts(tally.deal_pair_scores),
                        "pair_scores": pair_digits(tally.deal_pair_scores),
                        "tag": args.tag,
                        "points_per_pair": round(points, 3),
                        "secs": round(elapsed),
                    },
                )
            if tally.match_pair_scores:
                mean, low, high = bounds(tally.match_pair_scores)
                write_json(
                    args.json,
                    {
                        "kind": "matches",
                        "command": command,
                        "runtime": implementation,
                        "rules": rule_set,
                        "a": level_a,
                        "b": level_b,
                        "pairs": len(tally.match_pair_scores),
                        "rate": round(mean, 4),
                        "ci95": [round(low, 4), round(high, 4)],
                    },
                )
        sys.stdout.flush()
        print_speed(label, speed)


if __name__ == "__main__":
    main()
