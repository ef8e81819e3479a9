"""A level's replays against FreeDoko, pooled over several seed sets (prints numbers; asserts nothing).

``bench_doppelkopf_freedoko.py run LEVEL ... --replay-of BASE --replay-kind KIND``
replays BASE's hands of some kinds from the same states. This prints, per seed
set and pooled over all their seeds, what LEVEL's replays gain per seat and
hand over the level they are measured against, with the 95% interval over seeds.

That level is BASE, unless a set names a *stand-in*: a level whose replays of
BASE's hands stand for today's level where it differs from BASE (e.g. on a set
whose matches an older Hard played, the replays of today's change to it). Then
each of LEVEL's replays is measured against the stand-in's replay of the same
hand where there is one, else against BASE's hand.

    python benchmarks/doppelkopf_replay_gain.py hard@kontra_plain_leads=1 --replay-kind kontra \\
        --set benchmarks/results/dk_freedoko_s24.jsonl \\
        --set benchmarks/results/dk_freedoko_s23.jsonl:hard:hard@announcer_trumps=9

``--own`` also prints LEVEL's own points per seat and hand on each set: BASE's
whole matches with LEVEL's replays in place of BASE's hands. That is LEVEL's
score only where it chooses as BASE does in every hand of the other kinds (a
change to BASE that acts only in the replayed kinds), so a set with a stand-in
is refused.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPOSITORY))

from benchmarks.bench_doppelkopf_freedoko import (
    Row,
    load_rows,
    replay_kinds,
    replays,
    unit_points,
    units,
)
from benchmarks.bench_doppelkopf_players import interval


def gain_over(base_unit: Sequence[Row], replayed: Sequence[Row], standins: Sequence[Row]) -> float:
    """One unit's points per seat and hand had LEVEL played its ``replayed``
    hands, minus the stand-in's (where it replayed the same hand) or BASE's.

    >>> hand = lambda seat, number, delta, base: {"engine_seat": seat, "hand": number,
    ...     "engine_delta": delta, "base_hand": {"engine_delta": base}}
    >>> unit = [{"hands": [{}] * 2} for _ in range(4)]          # 8 hands
    >>> gain_over(unit, [hand(0, 0, 3, 1), hand(1, 1, 0, 2)], [hand(0, 0, 2, 1)])
    -0.125
    """
    against = {(r["engine_seat"], r["hand"]): r["engine_delta"] for r in standins}
    points = sum(
        r["engine_delta"]
        - against.get((r["engine_seat"], r["hand"]), r["base_hand"]["engine_delta"])
        for r in replayed
    )
    return points / sum(len(m["hands"]) for m in base_unit)


def set_gains(
    rows: Sequence[Row], level: str, base: str, standin: str | None, kinds: Sequence[str]
) -> tuple[dict[str, float], int]:
    """Per seed whose every hand of ``kinds`` LEVEL replayed: its gain; and how
    many hands were replayed."""
    replayed = replays(rows, level, base, kinds=kinds)
    standins: dict[str, list[Row]] = defaultdict(list)
    for row in rows:  # every hand the stand-in replayed, whatever its kind
        if row.get("row") == "freedoko-hand" and (row["level"], row["base"]) == (standin, base):
            standins[row["seed"]].append(row)
    base_units = units(rows, base)
    gains = {
        seed: gain_over(base_units[seed], hands, standins.get(seed, []))
        for seed, hands in replayed.items()
    }
    return gains, sum(len(hands) for hands in replayed.values())


def own_points(
    rows: Sequence[Row], base: str, gains: dict[str, float]
) -> dict[str, tuple[float, float]]:
    """Per seed of ``gains`` (:func:`set_gains` without a stand-in): BASE's
    points per seat and hand, and LEVEL's (BASE's unit with LEVEL's replays in
    place, which is BASE's points plus the gain)."""
    base_units = units(rows, base)
    return {
        seed: (unit_points(base_units[seed]), unit_points(base_units[seed]) + gain)
        for seed, gain in gains.items()
    }


def print_own(owned: dict[str, dict[str, tuple[float, float]]], level: str) -> None:
    """Each set's and all sets' points per seat and hand, BASE's and LEVEL's, on
    the same seeds, with the 95% interval over seeds."""
    print(f"\n| seed set | seeds | base, per seat and hand | {level}, per seat and hand |")
    print("|---|---:|---|---|")
    pooled = {name: points for points_of in owned.values() for name, points in points_of.items()}
    for name, points in [*owned.items(), ("all", pooled)]:
        if len(points) < 2:
            continue
        cells = [interval([pair[index] for pair in points.values()]) for index in (0, 1)]
        shown = [f"{mean:+.3f} [{low:+.3f}, {high:+.3f}]" for mean, low, high in cells]
        print(f"| {name} | {len(points)} | {shown[0]} | {shown[1]} |")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("level", help="the replaying level, e.g. hard@kontra_plain_leads=1")
    parser.add_argument(
        "--set",
        action="append",
        required=True,
        metavar="FILE[:BASE[:STANDIN]]",
        help="a seed set's rows, the base its replays replayed (default hard) and the stand-in",
    )
    parser.add_argument("--replay-kind", action="append", required=True, metavar="KIND")
    parser.add_argument(
        "--own",
        action="store_true",
        help="also LEVEL's own points: BASE's matches with LEVEL's replays in place",
    )
    args = parser.parse_args(argv)
    kinds = replay_kinds(args.replay_kind)
    sets = [(spec.split(":") + ["", ""])[:3] for spec in args.set]
    if args.own and any(standin for _, _, standin in sets):
        parser.error("--own: a set with a stand-in is another level's matches")
    pooled: list[float] = []
    owned: dict[str, dict[str, tuple[float, float]]] = {}
    print("| seed set | base | stand-in | seeds | hands | per seat and hand |")
    print("|---|---|---|---:|---:|---:|")
    for path, base, standin in sets:
        rows = load_rows(Path(path))
        gains, hands = set_gains(rows, args.level, base or "hard", standin, kinds)
        if args.own:
            owned[Path(path).name] = own_points(rows, base or "hard", gains)
        mean = statistics.mean(gains.values()) if gains else float("nan")
        print(
            f"| {Path(path).name} | {base or 'hard'} | {standin or '-'} | {len(gains)} | {hands} | {mean:+.3f} |"
        )
        pooled.extend(gains.values())
    if len(pooled) > 1:
        mean, low, high = interval(pooled)
        print(f"\npooled over {len(pooled)} seeds: {mean:+.3f} [{low:+.3f}, {high:+.3f}]")
    if args.own:
        print_own(owned, args.level)


if __name__ == "__main__":
    main()
