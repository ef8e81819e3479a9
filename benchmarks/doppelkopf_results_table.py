"""Sum up Doppelkopf strength runs from their chunks (prints; asserts nothing).

``bench_doppelkopf_players.py --progress FILE`` appends every finished chunk
of deal pairs to FILE, so a long run that was stopped keeps what it did and
can go on with ``--first``. This script joins the chunks of each pairing
(each deal pair counted once), prints one markdown row per pairing (pairs,
points per seat and hand of A minus B with the 95% CI) and, with ``--save``,
appends the joined rows to the results file as JSON lines.

With ``--paired-with LEVEL``, every pairing "X:B" is also compared with
"LEVEL:B" deal pair by deal pair (the same deals, the same opponent): the mean
of X's difference minus LEVEL's, with its 95% CI over the common deal pairs.
Both levels' players are seeded by the deal and the actions so far, so the
two games of a deal pair stay the same until a decision differs; the paired
interval is much narrower than either row's.

With ``--solos``, each pairing's A − B is split into what the solos of A,
the solos of B and all other hands add to it (from the decision counts: the
soloist's total score). In the two-seat format a solo of A's has A's other
seat among its defenders, so the split shows how much of A − B is A's seats
playing against each other (``benchmarks/results/dk_players.md``).

    python benchmarks/doppelkopf_results_table.py benchmarks/results/dk_progress.jsonl
    python benchmarks/doppelkopf_results_table.py base.jsonl variant.jsonl --paired-with hard
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_doppelkopf_players import interval


def pairing(chunk: dict[str, Any]) -> tuple[str, str]:
    """A chunk's (A, B); B says "A alone" for a chunk of ``--seating one``."""
    alone = chunk.get("seating", "two") == "one"
    return chunk["a"], f"{chunk['b']}, A alone" if alone else chunk["b"]


def joined(
    paths: Sequence[Path],
) -> dict[tuple[str, str], dict[int, tuple[float, float, dict[str, int]]]]:
    """Per pairing: per deal pair number, (A-B per seat, A per seat, kinds of that chunk)."""
    pairings: dict[tuple[str, str], dict[int, tuple[float, float, dict[str, int]]]] = {}
    for line in (line for path in paths for line in path.read_text().splitlines()):
        chunk = json.loads(line)
        start, _ = chunk["chunk"]
        pairs = pairings.setdefault(pairing(chunk), {})
        for offset, (difference, a_points) in enumerate(
            zip(chunk["differences"], chunk["a_points"], strict=True)
        ):
            pairs[start + offset] = (difference, a_points, chunk["kinds"] if not offset else {})
    return pairings


def decisions(paths: Sequence[Path]) -> dict[tuple[str, str], dict[tuple[str, str], list[int]]]:
    """Per pairing: per (level, decision), [made, won, total score] over its chunks
    (each chunk once; chunks written before decisions were counted have none)."""
    seen: set[tuple[str, str, int]] = set()
    found: dict[tuple[str, str], dict[tuple[str, str], list[int]]] = {}
    for line in (line for path in paths for line in path.read_text().splitlines()):
        chunk = json.loads(line)
        key = (*pairing(chunk), chunk["chunk"][0])
        if key in seen or "decisions" not in chunk:
            continue
        seen.add(key)
        made_in = found.setdefault(pairing(chunk), {})
        for level, made in chunk["decisions"].items():
            for name, counts in made.items():
                mine = made_in.setdefault((level, name), [0, 0, 0])
                for i, count in enumerate(counts):
                    mine[i] += count
    return found


def is_solo(decision: str) -> bool:
    """A decision count of a declared or a silent solo."""
    return decision.startswith("solo ") or decision == "silent-solo"


def solo_shares(
    level_b: str, made: dict[tuple[str, str], list[int]], pairs: int
) -> tuple[int, int, float, int, float]:
    """(A's solos, those won, their share of A − B per seat and hand, B's solos,
    theirs). A soloist scores 3x and each defender -x; per deal and its games
    that puts x (a third of the soloist's score) into A − B for a solo of A's,
    in both seatings, and minus a third (two seats) or a ninth (A alone: two of
    B's three seats defend) for a solo of B's.

    >>> solo_shares("search-v1", {("hard", "solo clubs"): [2, 1, 6], ("search-v1", "silent-solo"): [1, 0, -9]}, 3)
    (2, 1, 0.6666666666666666, 1, 1.0)
    """
    alone = level_b.endswith(", A alone")
    b_level = level_b.removesuffix(", A alone")
    mine = [counts for (level, name), counts in made.items() if is_solo(name) and level != b_level]
    theirs = [
        counts for (level, name), counts in made.items() if is_solo(name) and level == b_level
    ]
    a_score = sum(score for _, _, score in mine)
    b_score = sum(score for _, _, score in theirs)
    return (
        sum(count for count, _, _ in mine),
        sum(won for _, won, _ in mine),
        a_score / 3 / pairs,
        sum(count for count, _, _ in theirs),
        -b_score / (9 if alone else 3) / pairs,
    )


def print_solo_split(
    rows: dict[tuple[str, str], dict[int, tuple[float, float, dict[str, int]]]],
    made_by_pairing: dict[tuple[str, str], dict[tuple[str, str], list[int]]],
) -> None:
    """Each pairing's A − B: from A's solos, from B's, and from every other hand."""
    print(
        "\n| A | B | deal pairs | A − B | A's solos (won) | from A's solos "
        "| B's solos | from B's solos | from all other hands |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for (level_a, level_b), pairs in rows.items():
        made = made_by_pairing.get((level_a, level_b))
        if not made:
            continue
        mean = statistics.fmean(pairs[n][0] for n in pairs)
        a_solos, a_won, from_a, b_solos, from_b = solo_shares(level_b, made, len(pairs))
        print(
            f"| {level_a} | {level_b} | {len(pairs)} | {mean:+.3f} | {a_solos} ({a_won}) "
            f"| {from_a:+.3f} | {b_solos} | {from_b:+.3f} | {mean - from_a - from_b:+.3f} |"
        )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("progress", type=Path, nargs="+")
    parser.add_argument("--save", type=Path, help="append the joined rows (JSON lines) here")
    parser.add_argument("--paired-with", help="compare every pairing with LEVEL's, deal by deal")
    parser.add_argument(
        "--solos", action="store_true", help="split A − B into A's solos, B's and the rest"
    )
    args = parser.parse_args(argv)
    command = "python benchmarks/doppelkopf_results_table.py " + " ".join(
        sys.argv[1:] if argv is None else argv
    )
    print("| A | B | deal pairs | A − B per seat and hand | 95% CI | A per seat |")
    print("|---|---|---:|---:|---|---:|")
    rows = joined(args.progress)
    for (level_a, level_b), pairs in rows.items():
        differences = [pairs[n][0] for n in sorted(pairs)]
        mean, low, high = interval(differences)
        a_mean = statistics.fmean(pairs[n][1] for n in pairs)
        print(
            f"| {level_a} | {level_b} | {len(differences)} | {mean:+.3f} "
            f"| [{low:+.3f}, {high:+.3f}] | {a_mean:+.3f} |"
        )
        if args.save:
            kinds: dict[str, int] = {}
            for _, _, chunk_kinds in pairs.values():
                for kind, count in chunk_kinds.items():
                    kinds[kind] = kinds.get(kind, 0) + count
            row = {
                "row": "strength",
                "a": level_a,
                "b": level_b,
                "deal_pairs": [min(pairs), max(pairs)],
                "pairs": len(differences),
                "mean": round(mean, 4),
                "ci": [round(low, 4), round(high, 4)],
                "a_points": round(a_mean, 4),
                "kinds": dict(sorted(kinds.items())),
                "command": command,
            }
            with args.save.open("a") as out:
                out.write(json.dumps(row) + "\n")
    if args.paired_with:
        print_paired(rows, args.paired_with)
    made_by_pairing = decisions(args.progress)
    if args.solos:
        print_solo_split(rows, made_by_pairing)
    print("\n| pairing | level | decision | made | maker won | maker's mean score |")
    print("|---|---|---|---:|---:|---:|")
    for (level_a, level_b), made in made_by_pairing.items():
        for (level, name), (count, won, score) in sorted(made.items()):
            print(
                f"| {level_a}:{level_b} | {level} | {name} | {count} "
                f"| {100 * won / count:.0f}% | {score / count:+.2f} |"
            )


def print_paired(
    rows: dict[tuple[str, str], dict[int, tuple[float, float, dict[str, int]]]], base: str
) -> None:
    """Each pairing's difference minus ``base``'s against the same opponent, deal pair by deal pair."""
    print(f"\n| A | B | common deal pairs | A − {base} per seat and hand | 95% CI |")
    print("|---|---|---:|---:|---|")
    for (level_a, level_b), pairs in rows.items():
        reference = rows.get((base, level_b))
        if level_a == base or reference is None:
            continue
        common = sorted(set(pairs) & set(reference))
        if len(common) < 2:
            continue
        mean, low, high = interval([pairs[n][0] - reference[n][0] for n in common])
        print(
            f"| {level_a} | {level_b} | {len(common)} | {mean:+.3f} | [{low:+.3f}, {high:+.3f}] |"
        )


if __name__ == "__main__":
    main()
