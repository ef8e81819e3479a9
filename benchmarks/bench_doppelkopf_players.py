"""Strength and speed of the Doppelkopf computer players (prints numbers; asserts nothing).

Strength, duplicate format: every deal is played twice from the same seed,
level A in seats 0 and 2 and level B in seats 1 and 3, then swapped, so the
luck of the cards cancels. Doppelkopf parties are not fixed by seats, so the
measure is per seat: the game points a seat played by A scores in a hand,
minus those of a seat played by B, averaged over the two games of a pair.
The unit of the 95% confidence interval is the pair.

``--seating one`` plays each deal four times instead, level A alone in one
seat and level B in the other three, A in each seat in turn (FreeDoko's
format, ``bench_doppelkopf_freedoko.py``). In the two-seat format A's two
seats can be partners, and a seat of A defending its other seat's solo can
announce against it: when the solo wins, A wins the triple stake and pays a
single one (``benchmarks/results/dk_players.md``, nineteenth round). One seat
alone measures A against B without a second seat of its own. The unit is the
deal; "A - B per seat" is A's seat minus the mean of B's three seats (4/3 of
A's points, the hands being zero-sum).

Besides the engine's levels, ``search-v1`` and ``heuristic-v1`` are frozen
copies of the players before issue 17 (``benchmarks/baselines/doppelkopf_v1``),
``hard-round4`` is the round-five Hard choosing its game as before the solo-margin
change (``benchmarks/baselines/doppelkopf_hard_round4.py``), ``hard-round5`` is
Hard before its play-outs were raced and opened and its announcement margin
lowered (``benchmarks/baselines/doppelkopf_hard_round5.py``), and ``open-hands``
is a yardstick, not a fair player: Hard's search dealt the true cards of every
seat in place of its sampled worlds (it reads the state).
It shows how far seeing all hands alone takes Hard's play-outs and endings.

Speed: the time of each decision of each level (all decisions, and the card
choices with two or more distinct legal cards), median and 95th percentile.
Under Pyodide: ``node benchmarks/bench_players_pyodide.mjs --bench
bench_doppelkopf_players --speed-only --pairs 8 --clock cpu``.

``--save FILE`` appends one JSON object per result row (strength or speed)
to FILE, with the command that produced it; ``--progress FILE`` appends each
finished chunk of deal pairs as it comes, so that a long run that is stopped
can be continued with ``--first`` and the parts summed up by
``benchmarks/doppelkopf_results_table.py``.

    python benchmarks/bench_doppelkopf_players.py --pairings hard:heuristic-v1 \\
        --pairs 1000 --save benchmarks/results/dk_results.jsonl
    python benchmarks/bench_doppelkopf_players.py --speed-only --pairs 10
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

REPOSITORY = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPOSITORY))

from benchmarks.baselines import doppelkopf_hard_round4, doppelkopf_hard_round5, doppelkopf_v1
from benchmarks.bench_levels import add_level
from engine import players, rng
from engine.doppelkopf import players as dk_players
from engine.doppelkopf import search as dk_search
from engine.doppelkopf.knowledge import Knowledge, World
from engine.doppelkopf.search import SearchPlayer
from engine.doppelkopf.state import GameKind as Kind
from engine.doppelkopf.state import Phase, State, new_match

#: Clocks for timing decisions. "cpu" is the process's CPU time, so that other
#: programs on a shared machine do not inflate the numbers; the Pyodide runner
#: replaces it with Node's ``process.cpuUsage()``, as Emscripten's clock is wall time.
CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}
clock = CLOCKS["wall"]

#: Decision times: all decisions, and card choices among two or more cards.
Times = dict[str, dict[str, list[float]]]
#: A chunk of work: level A, level B, the first and past-the-last deal number, the seating.
Job = tuple[str, str, int, int, str]


@dataclass
class Tally:
    """Results of one pairing (first level = "A") over some deal pairs."""

    #: Per pair: A's seat points minus B's seat points per game.
    differences: list[float] = field(default_factory=list)
    #: Per pair: A's seat points per game.
    a_points: list[float] = field(default_factory=list)
    kinds: dict[str, int] = field(default_factory=dict)
    times: Times = field(default_factory=dict)
    #: Per level and decision ("announce 1" ... "announce 5", a game it
    #: declared): how often it was made, how often its maker won the hand,
    #: and the maker's total score.
    decisions: dict[str, dict[str, list[int]]] = field(default_factory=dict)

    def merge(self, other: Tally) -> None:
        self.differences += other.differences
        self.a_points += other.a_points
        for kind, count in other.kinds.items():
            self.kinds[kind] = self.kinds.get(kind, 0) + count
        for level, groups in other.times.items():
            for group, times in groups.items():
                self.times.setdefault(level, {}).setdefault(group, []).extend(times)
        for level, made in other.decisions.items():
            for name, (count, won, score) in made.items():
                mine = self.decisions.setdefault(level, {}).setdefault(name, [0, 0, 0])
                mine[0] += count
                mine[1] += won
                mine[2] += score

    def count_decision(self, level: str, name: str, score: int) -> None:
        mine = self.decisions.setdefault(level, {}).setdefault(name, [0, 0, 0])
        mine[0] += 1
        mine[1] += score > 0
        mine[2] += score


#: The yardstick that sees every hand (see the module doc).
OPEN_HANDS = "open-hands"
#: One world is the truth, so one of each kind is enough (the play-outs are deterministic).
_OPEN_BUDGET = replace(
    dk_players.BUDGETS["hard"],
    min_worlds=1,
    max_worlds=1,
    endgame_worlds=1,
    announce_worlds=1,
    reserve_worlds=1,
)


def open_hands_action(state: State, seat: int, seed: str) -> str:
    """``open-hands``'s action: Hard's search with the true deal as its only world."""
    truth = [list(hand) for hand in state.hands]

    class TrueDeal:
        def __init__(self, known: Knowledge) -> None:
            pass

        def sample(self, stream: rng.Stream) -> World:
            return [list(hand) for hand in truth]

    sampler = dk_search.WorldSampler
    dk_search.WorldSampler = TrueDeal  # type: ignore[misc,assignment]
    try:
        return SearchPlayer(_OPEN_BUDGET).choose(state.view(seat), rng.Stream(seed))
    finally:
        dk_search.WorldSampler = sampler  # type: ignore[misc]


def play_hand(seed: str, levels: Sequence[str], tally: Tally) -> list[int]:
    """Play the first hand of ``seed`` (redeals included), seat s by ``levels[s]``."""
    state = new_match(seed=seed, humans=())
    while not state.results:
        if state.phase is Phase.DEAL:
            state.settle_chance()
            continue
        seat = state.current_player()
        level = levels[seat]
        view = state.view(seat)
        started = clock()
        seed_now = players.seed_for(state, seat)
        if level == OPEN_HANDS:
            action = open_hands_action(state, seat, seed_now)
        else:
            action = players.choose_action(level, view, seed_now)
        elapsed = clock() - started
        groups = tally.times.setdefault(level, {})
        groups.setdefault("all", []).append(elapsed)
        cards = {a for a in view["legal"] if a != "announce"}
        if view["phase"] == "play" and len(cards) > 1:
            groups.setdefault("card", []).append(elapsed)
        state.apply_action(action)
    result = state.results[0]
    kind = result.kind.value
    tally.kinds[kind] = tally.kinds.get(kind, 0) + 1
    for announcement in state.announcements:
        seat = announcement.seat
        tally.count_decision(
            levels[seat], f"announce {announcement.level}", result.seat_scores[seat]
        )
    if result.declarer is not None and result.kind is not Kind.POVERTY:
        seat = result.declarer
        name = kind if result.kind is not Kind.SOLO else f"solo {result.contract.value}"
        tally.count_decision(levels[seat], name, result.seat_scores[seat])
    if result.kind is Kind.POVERTY and state.poverty is not None:
        for seat, name in ((state.poverty.poor, "poverty"), (state.poverty.acceptor, "accept")):
            if seat is not None:
                tally.count_decision(levels[seat], name, result.seat_scores[seat])
    return list(result.seat_scores)


#: Where level A sits in the games of one deal, by ``--seating``: two seats
#: (0 and 2, then 1 and 3), or one seat alone (each of the four in turn).
SEATINGS: dict[str, tuple[tuple[int, ...], ...]] = {
    "two": ((0, 2), (1, 3)),
    "one": ((0,), (1,), (2,), (3,)),
}


def run_pairs(job: Job) -> Tally:
    level_a, level_b, start, stop, seating = job
    _register_all(level_a, level_b)
    tally = Tally()
    games = SEATINGS[seating]
    for number in range(start, stop):
        seed = f"bench/doppelkopf/{number}"
        a_total = b_total = 0.0
        for a_seats in games:
            levels = [level_a if seat in a_seats else level_b for seat in range(4)]
            scores = play_hand(seed, levels, tally)
            b_seats = [s for s in range(4) if s not in a_seats]
            a_total += sum(scores[s] for s in a_seats) / len(a_seats)
            b_total += sum(scores[s] for s in b_seats) / len(b_seats)
        # Per seat and hand: each level's mean seat, averaged over the deal's games.
        tally.differences.append((a_total - b_total) / len(games))
        tally.a_points.append(a_total / len(games))
    return tally


def interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and its 95% confidence interval (normal approximation over pairs)."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.pstdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, mean - half, mean + half


def percentile(sorted_values: Sequence[float], fraction: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(fraction * len(sorted_values)))]


#: Where ``run`` appends each finished chunk (``--progress``), if anywhere.
progress: Path | None = None


def run(
    level_a: str, level_b: str, pairs: int, jobs: int, first: int = 0, seating: str = "two"
) -> Tally:
    chunk = 10
    end = first + pairs
    work = [(level_a, level_b, s, min(s + chunk, end), seating) for s in range(first, end, chunk)]
    tally = Tally()
    if jobs > 1:
        from multiprocessing import Pool

        with Pool(jobs, initializer=_register_all, initargs=(level_a, level_b)) as pool:
            for job, part in zip(work, pool.imap(run_pairs, work), strict=True):
                tally.merge(part)
                _record_chunk(job, part)
    else:
        for job in work:
            part = run_pairs(job)
            tally.merge(part)
            _record_chunk(job, part)
    return tally


def _record_chunk(job: Job, part: Tally) -> None:
    if progress is None:
        return
    level_a, level_b, start, stop, seating = job
    row: dict[str, object] = {
        "chunk": [start, stop],
        "a": level_a,
        "b": level_b,
        "differences": part.differences,
        "a_points": part.a_points,
        "kinds": part.kinds,
        "decisions": part.decisions,
    }
    if seating != "two":  # rows from before --seating are two-seat rows
        row["seating"] = seating
    with progress.open("a") as out:
        out.write(json.dumps(row) + "\n")


def print_speed(label: str, times: Times) -> None:
    print(f"\nspeed per decision ({label})")
    print(
        f"{'level':<28} {'decisions':>9} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}"
        f"   {'card choices':>12} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}"
    )
    for level, groups in times.items():
        row = f"{level:<28}"
        for group in ("all", "card"):
            values = sorted(groups.get(group, []))
            if not values:
                row += f" {0:>9} {'-':>10} {'-':>8} {'-':>8}  "
                continue
            row += (
                f" {len(values):>9} {1000 * statistics.median(values):>10.2f}"
                f" {1000 * percentile(values, 0.95):>8.2f} {1000 * values[-1]:>8.2f}  "
            )
        print(row.rstrip())


def register_variant(spec: str) -> None:
    """The frozen baselines, and levels such as ``hard@plays=1200`` or
    ``hard-round5@race=2.0``: a search level (or a frozen budget) with some
    budget fields changed (for budget sweeps)."""
    for frozen in (
        doppelkopf_v1.LEVELS,
        doppelkopf_hard_round4.LEVELS,
        doppelkopf_hard_round5.LEVELS,
    ):
        if spec in frozen:
            dk_players.LEVELS[spec] = frozen[spec]
            add_level("doppelkopf", spec, frozen[spec])
    if "@" not in spec or spec in dk_players.LEVELS:
        return
    name, _, fields = spec.partition("@")
    budgets = dk_players.BUDGETS | {"hard-round5": doppelkopf_hard_round5.BUDGET}
    if name not in budgets:
        raise SystemExit(f"only the search levels take a budget, not {name!r}")
    changes = {
        key: float(value) if "." in value else int(value)
        for key, value in (f.split("=") for f in fields.split(","))
    }
    budget = replace(budgets[name], **changes)  # type: ignore[arg-type]
    dk_players.LEVELS[spec] = lambda: SearchPlayer(budget)
    add_level("doppelkopf", spec, dk_players.LEVELS[spec])


def _register_all(*specs: str) -> None:
    for spec in specs:
        register_variant(spec)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--pairings", nargs="+", default=["easy:random", "hard:easy"])
    parser.add_argument("--pairs", type=int, default=300, help="deal pairs per pairing")
    parser.add_argument("--first", type=int, default=0, help="number of the first deal pair")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--seating",
        choices=sorted(SEATINGS),
        default="two",
        help="level A in two seats against B's two (default), or alone against B's three",
    )
    parser.add_argument(
        "--speed-only", action="store_true", help="only time decisions (search vs heuristic)"
    )
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall", help="timing clock")
    parser.add_argument("--save", type=Path, help="append the result rows (JSON lines) here")
    parser.add_argument("--progress", type=Path, help="append each finished chunk here")
    args = parser.parse_args(argv)
    # Relative to the repository, also in Pyodide (whose working directory is not it).
    for name in ("save", "progress"):
        if getattr(args, name) is not None:
            setattr(args, name, REPOSITORY / getattr(args, name))
    global clock, progress
    clock = CLOCKS[args.clock]
    progress = args.progress
    command = "python benchmarks/bench_doppelkopf_players.py " + " ".join(
        sys.argv[1:] if argv is None else argv
    )
    implementation = f"{sys.implementation.name} {sys.version.split()[0]} on {sys.platform}"
    if args.speed_only:
        args.pairings = ["hard:easy"]
    seats = "A in two seats" if args.seating == "two" else "A alone in one seat"
    print(
        f"Doppelkopf players, duplicate format ({seats}), first hand of seeds {args.first}.."
        f"{args.first + args.pairs - 1}; {implementation}"
    )
    all_times: Times = {}
    rows = []
    for pairing in args.pairings:
        level_a, level_b = pairing.split(":")
        _register_all(level_a, level_b)
        started = time.perf_counter()
        tally = run(level_a, level_b, args.pairs, args.jobs, args.first, args.seating)
        rows.append((level_a, level_b, tally, time.perf_counter() - started))
        for level, groups in tally.times.items():
            for group, times in groups.items():
                all_times.setdefault(level, {}).setdefault(group, []).extend(times)
    if not args.speed_only:
        print("\ngame points per seat and hand: A's seats minus B's seats (95% CI over deal pairs)")
        print(
            f"{'A':<22} {'B':<10} {'pairs':>6} {'A-B per seat':>13} {'95% CI':>17} "
            f"{'CI>0':>5} {'A pts/seat':>10} {'secs':>6}  games by kind"
        )
        for level_a, level_b, tally, elapsed in rows:
            mean, low, high = interval(tally.differences)
            a_mean = statistics.fmean(tally.a_points)
            kinds = ", ".join(f"{k} {n}" for k, n in sorted(tally.kinds.items()))
            print(
                f"{level_a:<22} {level_b:<10} {len(tally.differences):>6} {mean:>13.3f} "
                f"{f'[{low:.3f}, {high:.3f}]':>17} {'yes' if low > 0 else 'no':>5} "
                f"{a_mean:>10.3f} {elapsed:>6.0f}  {kinds}"
            )
            if args.save:
                save_row(
                    args.save,
                    {
                        "row": "strength",
                        "a": level_a,
                        "b": level_b,
                        "first": args.first,
                        "seating": args.seating,
                        "pairs": len(tally.differences),
                        "mean": round(mean, 4),
                        "ci": [round(low, 4), round(high, 4)],
                        "a_points": round(a_mean, 4),
                        "kinds": dict(sorted(tally.kinds.items())),
                        "secs": round(elapsed),
                        "implementation": implementation,
                        "command": command,
                    },
                )
    if not args.speed_only:
        print_decisions(rows, args.save, command)
    label = f"{implementation}, {args.clock} clock"
    print_speed(label, all_times)
    if args.save:
        for level, groups in all_times.items():
            row: dict[str, object] = {"row": "speed", "level": level, "clock": label}
            for group in ("all", "card"):
                values = sorted(groups.get(group, []))
                if values:
                    row[group] = {
                        "decisions": len(values),
                        "median_ms": round(1000 * statistics.median(values), 2),
                        "p95_ms": round(1000 * percentile(values, 0.95), 2),
                        "max_ms": round(1000 * values[-1], 2),
                    }
            row["command"] = command
            save_row(args.save, row)
    sys.stdout.flush()


def print_decisions(
    rows: Sequence[tuple[str, str, Tally, float]], save: Path | None, command: str
) -> None:
    """How often each level's announcements and declared games won, and what they scored."""
    print("\ndecisions: how often made, how often the maker won the hand, mean score of the maker")
    print(f"{'pairing':<34} {'level':<22} {'decision':<22} {'made':>6} {'won %':>6} {'mean':>7}")
    for level_a, level_b, tally, _ in rows:
        for level, made in tally.decisions.items():
            for name, (count, won, score) in sorted(made.items()):
                print(
                    f"{level_a + ':' + level_b:<34} {level:<22} {name:<22} {count:>6} "
                    f"{100 * won / count:>6.1f} {score / count:>7.2f}"
                )
                if save:
                    save_row(
                        save,
                        {
                            "row": "decision",
                            "pairing": f"{level_a}:{level_b}",
                            "level": level,
                            "decision": name,
                            "made": count,
                            "won": won,
                            "mean_score": round(score / count, 3),
                            "command": command,
                        },
                    )


def save_row(path: Path, row: dict[str, object]) -> None:
    with path.open("a") as out:
        out.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
