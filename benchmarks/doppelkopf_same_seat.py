"""LEVEL against FreeDoko in the same seat with the same cards, by kind of hand
(prints numbers; asserts nothing).

A seed's four matches against FreeDoko deal the same hands, LEVEL in another
seat each time: every seat of every hand is played once by LEVEL and three
times by FreeDoko (LEVEL then sitting elsewhere at the table). Per hand of
LEVEL's matches this takes LEVEL's points minus FreeDoko's mean points in the
same seat of the same deal, and tallies the difference by the kind of hand as
LEVEL's match saw it (the rows of the summary's per-kind table). The per-kind
table counts how good the cards were as well; the difference counts only how
the seat was played. Summed over a seed, the differences are 4/3 of LEVEL's
points in its matches (each hand is zero-sum), so the rows add up to the whole
result. A hand whose first deal differs between the matches is left out.
``--by announcements`` classes the hands by which parties announced;
``--by reservation`` by LEVEL's reservation in the seat and the one FreeDoko
chose in that seat in at least two of its three plays.

The matches are read again from their rows' actions with the engine.

    python benchmarks/doppelkopf_same_seat.py --level hard \\
        --file benchmarks/results/dk_freedoko_s27.jsonl
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPOSITORY))

from benchmarks.bench_doppelkopf_freedoko import (
    ANNOUNCEMENTS,
    KINDS,
    Hand,
    PlayedHand,
    Row,
    announcement_kind,
    hand_kind,
    load_rows,
    match_hands,
    units,
)
from benchmarks.bench_doppelkopf_judge import solo_family
from engine.doppelkopf.actions import SOLO_CONTRACTS, Reservation

#: The reservations as :func:`reservation_kind` groups them, in print order.
RESERVATION_KINDS = (
    "healthy",
    "marriage",
    "poverty",
    "suit solo",
    "aces solo",
    "queens or jacks solo",
)


def reservation_kind(reservation: str | None) -> str:
    """A reservation's row of ``--by reservation``.

    >>> [reservation_kind(r) for r in ("healthy", "solo-spades", "solo-jacks", None)]
    ['healthy', 'suit solo', 'queens or jacks solo', 'none']
    """
    if reservation is None:
        return "none"
    if reservation.startswith("solo-"):
        return solo_family(SOLO_CONTRACTS[Reservation(reservation)])
    return reservation


def reservations_class(seat: int, ours: PlayedHand, theirs: Sequence[PlayedHand]) -> str:
    """LEVEL's reservation in ``seat`` and the one FreeDoko chose there in at least
    two of its three plays of the seat ("no majority" where it did not).

    >>> mine = PlayedHand((), (0,) * 4, ("healthy",) * 4)
    >>> poor = PlayedHand((), (0,) * 4, ("poverty",) * 4)
    >>> reservations_class(1, mine, [poor, poor, mine])
    'ours healthy, FreeDoko poverty'
    """
    kinds = [reservation_kind(played.reservations[seat]) for played in theirs]
    majority = max(RESERVATION_KINDS, key=kinds.count)
    if kinds.count(majority) < 2:
        majority = "no majority"
    return f"ours {reservation_kind(ours.reservations[seat])}, FreeDoko {majority}"


#: How a hand is classed from LEVEL's seat (``--by``): from LEVEL's hand row
#: and seat, LEVEL's played hand and FreeDoko's three plays of that seat; with
#: the rows in print order.
Classify = Callable[[Hand, int, PlayedHand, Sequence[PlayedHand]], str | None]
CLASSES: dict[str, tuple[Classify, tuple[str, ...]]] = {
    "kind": (lambda hand, seat, _ours, _theirs: hand_kind(hand, seat), KINDS),
    "announcements": (lambda hand, _seat, _ours, _theirs: announcement_kind(hand), ANNOUNCEMENTS),
    "reservation": (
        lambda _hand, seat, ours, theirs: reservations_class(seat, ours, theirs),
        tuple(
            f"ours {ours}, FreeDoko {theirs}"
            for ours in RESERVATION_KINDS
            for theirs in (*RESERVATION_KINDS, "no majority")
        ),
    ),
}
#: Resamples of the seeds for the intervals (a fixed stream: the same numbers each run).
RESAMPLES = 2000


def seat_differences(
    unit: Sequence[Row],
    hands: Sequence[Sequence[PlayedHand]],
    classify: Classify = CLASSES["kind"][0],
) -> tuple[list[tuple[str | None, int, float]], int]:
    """Per hand of LEVEL's matches whose deal is the same in all four: its class
    (``classify``, from LEVEL's seat: by default the kind), LEVEL's points, and
    FreeDoko's mean points in that seat; and how many hands were left out.

    >>> deal = (("CA",),)
    >>> hands = [[PlayedHand(deal, tuple(3 if s == m else -1 for s in range(4)))] for m in range(4)]
    >>> rows = [{"engine_seat": m, "hands": [{"kind": "normal", "engine_re": m < 2}]} for m in range(4)]
    >>> seat_differences(rows, hands)[0][0]
    ('normal, we are Re', 3, -1.0)
    """
    kept, left_out = [], 0
    for number in range(min(len(match) for match in hands)):
        if len({match[number].deal for match in hands}) > 1:
            left_out += 1
            continue
        for row, match in zip(unit, hands, strict=True):
            seat = row["engine_seat"]
            theirs = [
                other[number]
                for other_row, other in zip(unit, hands, strict=True)
                if other_row["engine_seat"] != seat
            ]
            name = classify(row["hands"][number], seat, match[number], theirs)
            others = [played.points[seat] for played in theirs]
            kept.append((name, match[number].points[seat], statistics.fmean(others)))
    return kept, left_out


def bootstrap(per_seed: Sequence[tuple[float, int]], stream: random.Random) -> tuple[float, float]:
    """A 95% interval of the difference per hand, the seeds resampled."""
    means = []
    for _ in range(RESAMPLES):
        drawn = [per_seed[stream.randrange(len(per_seed))] for _ in per_seed]
        hands = sum(count for _, count in drawn)
        if hands:
            means.append(sum(points for points, _ in drawn) / hands)
    means.sort()
    return means[int(0.025 * len(means))], means[int(0.975 * len(means)) - 1]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--file", action="append", required=True, help="rows (repeatable)")
    parser.add_argument("--level", default="hard")
    parser.add_argument(
        "--by", choices=sorted(CLASSES), default="kind", help="how hands are classed"
    )
    args = parser.parse_args(argv)
    classify, names = CLASSES[args.by]
    rows = [row for path in args.file for row in load_rows(Path(path))]
    # Per kind and seed: (difference points, hands); and the kind's sums.
    by_seed: dict[str, dict[str, tuple[float, int]]] = defaultdict(dict)
    sums: dict[str, list[float]] = defaultdict(lambda: [0, 0.0, 0.0])
    left_out = 0
    complete = units(rows, args.level)
    for seed, unit in complete.items():
        kept, skipped = seat_differences(unit, [match_hands(row) for row in unit], classify)
        left_out += skipped
        for kind, ours, theirs in kept:
            for name in {kind, "all"} - {None}:
                points, count = by_seed[name].get(seed, (0.0, 0))
                by_seed[name][seed] = (points + ours - theirs, count + 1)
                total = sums[name]
                total[0] += 1
                total[1] += ours
                total[2] += theirs
    print(
        f"{args.level} against FreeDoko's profi in the same seat with the same cards: "
        f"{len(complete)} seeds, {left_out} hands left out (their deals differed)\n"
    )
    print(
        f"| {args.by} of hand, from LEVEL's seat | hands | LEVEL pts/hand | FreeDoko, same seat |"
        " difference/hand | 95% interval (seeds) | difference, points |"
    )
    print("|---|---:|---:|---:|---:|---|---:|")
    stream = random.Random(45)
    for name in (*names, "all"):
        if name not in sums:
            continue
        count, ours, theirs = sums[name]
        per_seed = [by_seed[name].get(seed, (0.0, 0)) for seed in complete]
        low, high = bootstrap(per_seed, stream)
        print(
            f"| {name} | {count:.0f} | {ours / count:+.2f} | {theirs / count:+.2f} |"
            f" {(ours - theirs) / count:+.2f} | [{low:+.2f}, {high:+.2f}] | {ours - theirs:+.0f} |"
        )


if __name__ == "__main__":
    main()
