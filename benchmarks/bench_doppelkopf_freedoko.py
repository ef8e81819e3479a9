"""Doppelkopf players against FreeDoko's AI (prints numbers; asserts nothing).

FreeDoko (GPL, ``/work/shared/freedoko``) stays outside the project: this
script only calls its duplicate harness (``bridge.py``, ``fd_oracle.py``) from
the directory its build script made, ``--oracle`` or ``$FREEDOKO_ORACLE``
(default ``~/.cache/freedoko/oracle``). Stichtag's engine deals, checks every
action and scores; FreeDoko decides for its seats.

Duplicate format: for each seed, four 8-hand matches, the project's LEVEL in
seat k and FreeDoko in the other three (k = 0..3). The deals are the same in
the four rotations, so their sum is one unit: points per seat and hand are
the four rotations' scores of LEVEL over its hands, and the 95% interval is
over seeds. The per-kind table breaks the hands down from LEVEL's seat.

``run`` appends one JSON line per match (the harness's fields, each hand's
announcement levels, the command and the git commit) and skips matches the
file already holds, so a stopped run goes on where it was, and two processes
can share a seed range's halves. FreeDoko's answers are a function of the
position; they are kept in ``answers-*.jsonl`` in the oracle directory, so
positions that another level's run reached already cost nothing.

    nice -n 19 python benchmarks/bench_doppelkopf_freedoko.py run hard fd-tune/0..19
    python benchmarks/bench_doppelkopf_freedoko.py summary --level hard \\
        --level hard@solo_margin=1.0 --paired-with hard --seeds fd-tune/0..19
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

REPOSITORY = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPOSITORY))

from benchmarks.bench_doppelkopf_players import interval, register_variant

DEFAULT_ORACLE = Path("~/.cache/freedoko/oracle").expanduser()
DEFAULT_SAVE = REPOSITORY / "benchmarks/results/dk_freedoko.jsonl"
ROTATIONS = 4

#: Rows of the per-kind table, in print order.
KINDS = (
    "our solo",
    "their solo",
    "our silent solo",
    "their silent solo",
    "normal, we are Re",
    "normal, we are Kontra",
    "marriage, we are Re",
    "marriage, we are Kontra",
    "poverty, we are Re",
    "poverty, we are Kontra",
)
ANNOUNCEMENTS = (
    "no announcement",
    "only our party announced",
    "only their party announced",
    "both parties announced",
)

Row = dict[str, Any]
Hand = dict[str, Any]


def expand_seeds(specs: Iterable[str]) -> list[str]:
    """Seeds from specs such as ``fd-tune/0..19`` (both ends included) or plain seeds.

    >>> expand_seeds(["fd/1..3", "x"])
    ['fd/1', 'fd/2', 'fd/3', 'x']
    """
    seeds = []
    for spec in specs:
        prefix, sep, span = spec.rpartition("/")
        first, dots, last = span.partition("..")
        if dots and first.isdigit() and last.isdigit():
            seeds += [f"{prefix}{sep}{n}" for n in range(int(first), int(last) + 1)]
        else:
            seeds.append(spec)
    return seeds


# ------------------------------------------------------------------ summary
def hand_kind(hand: Hand, seat: int) -> str:
    """The row of the per-kind table a hand belongs to, seen from LEVEL's seat."""
    kind = hand["kind"]
    if kind in ("solo", "silent-solo"):
        whose = "our" if hand["declarer"] == seat else "their"
        return f"{whose} {'solo' if kind == 'solo' else 'silent solo'}"
    return f"{kind}, we are {'Re' if hand['engine_re'] else 'Kontra'}"


def announcement_kind(hand: Hand) -> str | None:
    """Which parties announced in a hand (``None``: a row without the levels)."""
    if "re_level" not in hand:
        return None
    ours, theirs = hand["re_level"], hand["kontra_level"]
    if not hand["engine_re"]:
        ours, theirs = theirs, ours
    if ours and theirs:
        return "both parties announced"
    if ours:
        return "only our party announced"
    return "only their party announced" if theirs else "no announcement"


def units(
    rows: Iterable[Row], level: str, seeds: Sequence[str] | None = None, ai: str = "profi"
) -> dict[str, list[Row]]:
    """LEVEL's complete duplicate units against FreeDoko's ``ai``: per seed, its
    matches in all four seats (a later row for the same seed and seat replaces
    an earlier one)."""
    by_seed: dict[str, dict[int, Row]] = defaultdict(dict)
    for row in rows:
        if row.get("row") == "freedoko-match" and row["level"] == level and row["ai"] == ai:
            by_seed[row["seed"]][row["engine_seat"]] = row
    wanted = set(seeds) if seeds is not None else None
    return {
        seed: [matches[k] for k in range(ROTATIONS)]
        for seed, matches in by_seed.items()
        if len(matches) == ROTATIONS and (wanted is None or seed in wanted)
    }


def unit_points(matches: Sequence[Row]) -> float:
    """Points per seat and hand of one unit: LEVEL's scores over its hands."""
    return sum(m["engine_score"] for m in matches) / sum(len(m["hands"]) for m in matches)


def breakdown(
    matches: Iterable[Row], classify: Callable[[Hand, int], str | None]
) -> dict[str, tuple[int, int]]:
    """Per class of hand: (hands, LEVEL's points in them)."""
    table: dict[str, tuple[int, int]] = {}
    for match in matches:
        for hand in match["hands"]:
            name = classify(hand, match["engine_seat"])
            if name is not None:
                count, points = table.get(name, (0, 0))
                table[name] = (count + 1, points + hand["engine_delta"])
    return table


def paired(a: dict[str, list[Row]], b: dict[str, list[Row]]) -> list[float]:
    """Per seed both levels completed: A's points per seat and hand minus B's."""
    return [unit_points(a[seed]) - unit_points(b[seed]) for seed in sorted(a.keys() & b.keys())]


def print_summary(
    rows: list[Row],
    levels: Sequence[str],
    seeds: Sequence[str] | None,
    paired_with: str | None,
    ai: str = "profi",
) -> None:
    all_units = {level: units(rows, level, seeds, ai) for level in levels}
    print("points per seat and hand against FreeDoko (95% CI over seeds; a seed = 4 rotations)")
    print(
        f"{'level':<34} {'seeds':>5} {'hands':>6} {'pts/hand':>9} {'95% CI':>18} "
        f"{'fallbacks':>9} {'mismatch':>8}"
    )
    for level in levels:
        found = all_units[level]
        if not found:
            print(f"{level:<34} {0:>5}")
            continue
        matches = [m for unit in found.values() for m in unit]
        mean, low, high = interval([unit_points(unit) for unit in found.values()])
        print(
            f"{level:<34} {len(found):>5} {sum(len(m['hands']) for m in matches):>6} "
            f"{mean:>+9.3f} {f'[{low:+.3f}, {high:+.3f}]':>18} "
            f"{sum(m['fallbacks'] for m in matches):>9} {sum(m['mismatch'] for m in matches):>8}"
        )
    if paired_with is not None:
        base = units(rows, paired_with, seeds, ai)
        print(f"\npaired with {paired_with} on the seeds both completed (A minus {paired_with})")
        for level in levels:
            if level == paired_with:
                continue
            differences = paired(all_units[level], base)
            if differences:
                mean, low, high = interval(differences)
                print(
                    f"{level:<34} {len(differences):>5} {mean:>+9.3f} "
                    f"{f'[{low:+.3f}, {high:+.3f}]':>18}"
                )
    for title, names, classify in (
        ("kind of hand", KINDS, hand_kind),
        ("announcements", ANNOUNCEMENTS, lambda hand, seat: announcement_kind(hand)),
    ):
        tables = {
            level: breakdown((m for unit in all_units[level].values() for m in unit), classify)
            for level in levels
        }
        print(
            f"\n| {title}, from our seat | "
            + " | ".join(
                f"{level}: hands | {level}: pts/hand | {level}: points" for level in levels
            )
            + " |"
        )
        print("|---|" + "---:|---:|---:|" * len(levels))
        for name in (*names, "all"):
            cells = []
            for level in levels:
                table = tables[level]
                count, points = (
                    (sum(c for c, _ in table.values()), sum(p for _, p in table.values()))
                    if name == "all"
                    else table.get(name, (0, 0))
                )
                cells.append(
                    f"{count} | {points / count:+.2f} | {points:+d}" if count else "0 | – | 0"
                )
            if name == "all" or any(tables[level].get(name) for level in levels):
                print(f"| {name} | " + " | ".join(cells) + " |")


# ---------------------------------------------------------------------- run
def load_rows(path: Path) -> list[Row]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def git_commit() -> str:
    done = subprocess.run(
        ["git", "describe", "--always", "--dirty", "--abbrev=10"],
        cwd=REPOSITORY,
        capture_output=True,
        text=True,
        check=False,
    )
    return done.stdout.strip() or "unknown"


def cache_answers(fd_oracle: Any, oracle: Path) -> dict[str, int]:
    """Keep FreeDoko's answers by position (its answer is a function of the
    position): read every process's file, append to this process's own."""
    answers: dict[str, Any] = {}
    for path in oracle.glob("answers-*.jsonl"):
        for line in path.read_text().splitlines():
            try:
                key, answer = json.loads(line)
            except ValueError:  # a line cut short by a stopped run
                continue
            answers[key] = answer
    mine = (oracle / f"answers-{os.getpid()}.jsonl").open("a")
    ask = fd_oracle.ask
    counts = {"cached": 0, "asked": 0}

    def cached_ask(pos: dict[str, Any], *args: Any, **kwargs: Any) -> Any:
        key = json.dumps(pos, sort_keys=True)
        if key in answers:
            counts["cached"] += 1
            return answers[key]
        answer = ask(pos, *args, **kwargs)
        counts["asked"] += 1
        if "error" not in answer:
            answers[key] = answer
            mine.write(json.dumps([key, answer]) + "\n")
            mine.flush()
        return answer

    fd_oracle.ask = cached_ask
    return counts


def run(level: str, seeds: Sequence[str], oracle: Path, save: Path, ai: str, command: str) -> None:
    if not (oracle / "bridge.py").exists():
        raise SystemExit(
            f"no FreeDoko harness in {oracle} (build it: bash "
            "/work/shared/freedoko/build.sh ~/.cache/freedoko; or --oracle DIR)"
        )
    register_variant(level)
    os.environ["STICHTAG_ROOT"] = str(REPOSITORY)
    sys.path.insert(0, str(oracle))
    import bridge  # type: ignore[import-not-found]
    import fd_oracle  # type: ignore[import-not-found]

    counts = cache_answers(fd_oracle, oracle)
    done = {
        (r["seed"], r["engine_seat"])
        for r in load_rows(save)
        if r.get("row") == "freedoko-match" and r["level"] == level and r.get("ai") == ai
    }
    commit = git_commit()
    os.chdir(oracle)  # the harness leaves its debugging files in the working directory
    for seed in seeds:
        for seat in range(ROTATIONS):
            if (seed, seat) in done:
                continue
            started = time.perf_counter()
            before = dict(counts)
            state, stats = bridge.main(
                seed, {s for s in range(ROTATIONS) if s != seat}, level, ai=ai
            )
            row = {
                "row": "freedoko-match",
                "level": level,
                "ai": ai,
                "seed": seed,
                "engine_seat": seat,
                "engine_score": state.scores[seat],
                "scores": list(state.scores),
                "fd_calls": stats["fd_calls"],
                "fd_asked": counts["asked"] - before["asked"],
                "fd_s": round(stats["fd_time"], 1),
                "fallbacks": stats["fallbacks"],
                "mismatch": stats["mismatch"],
                "gametype_diff": stats.get("gametype_diff", 0),
                "wall_s": round(time.perf_counter() - started, 1),
                "hands": [
                    {
                        "kind": h.kind.value,
                        "contract": h.contract.value,
                        "declarer": h.declarer,
                        "engine_re": seat in h.re_seats,
                        "engine_delta": h.seat_scores[seat],
                        "re_level": h.summary.re_level,
                        "kontra_level": h.summary.kontra_level,
                    }
                    for h in state.results
                ],
                "command": command,
                "git": commit,
            }
            with save.open("a") as out:
                out.write(json.dumps(row) + "\n")
            print(
                f"{seed} seat {seat}: {row['engine_score']:+d} in {row['wall_s']} s "
                f"(FreeDoko asked {row['fd_asked']} of {row['fd_calls']}, "
                f"fallbacks {row['fallbacks']}, mismatch {row['mismatch']})",
                flush=True,
            )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("run", help="play LEVEL against FreeDoko on the seeds")
    play.add_argument("level", help="a level, e.g. hard, medium, hard@solo_margin=1.0")
    play.add_argument("seeds", nargs="+", help="seeds, e.g. fd-tune/0..19")
    play.add_argument(
        "--oracle",
        type=Path,
        default=Path(os.environ.get("FREEDOKO_ORACLE", DEFAULT_ORACLE)).expanduser(),
        help="FreeDoko's oracle directory (default $FREEDOKO_ORACLE or %(default)s)",
    )
    play.add_argument("--ai", default="profi", help="FreeDoko's AI preset (default profi)")
    play.add_argument("--save", type=Path, default=DEFAULT_SAVE)
    report = commands.add_parser("summary", help="points per seat and hand, and the per-kind table")
    report.add_argument("--file", type=Path, default=DEFAULT_SAVE)
    report.add_argument("--level", action="append", required=True)
    report.add_argument("--seeds", nargs="+", help="only these seeds (default: all complete)")
    report.add_argument("--paired-with", help="also each level minus this one, seed by seed")
    report.add_argument("--ai", default="profi", help="FreeDoko's AI preset (default profi)")
    args = parser.parse_args(argv)
    if args.command == "run":
        command = "python benchmarks/bench_doppelkopf_freedoko.py " + " ".join(
            sys.argv[1:] if argv is None else argv
        )
        run(
            args.level,
            expand_seeds(args.seeds),
            args.oracle.resolve(),
            args.save.resolve(),
            args.ai,
            command,
        )
    else:
        seeds = expand_seeds(args.seeds) if args.seeds else None
        print_summary(load_rows(args.file), args.level, seeds, args.paired_with, args.ai)


if __name__ == "__main__":
    main()
