"""Print the Karnöffel benchmark rows (JSON lines) as markdown tables.

    python benchmarks/karnoffel_results_table.py [FILE ...] [--paired-with hard]

Each line of the file is one row written by ``bench_karnoffel_players.py --json``:
``kind`` "deals" (or "matches": duplicate pairs, rate and 95% CI of A
against B) or "speed" (decision times of one level), with the command that
produced it. Deal rows of one pairing, rules and tag over disjoint ranges of
deal pairs (a long run in chunks, ``--first``) are merged exactly from their
score counts; a later row over pairs already counted replaces the earlier.
With ``--paired-with LEVEL``, each deal row that kept its pairs' scores
(``pair_scores``) is also compared with LEVEL's row against the same opponent
on the pairs both played: the mean difference of the deal-win rates per pair
with its 95% CI (the same deals, so most of the luck of the cards cancels).
Speed rows: a later row of the same runtime, clock, rules, level and tag
replaces an earlier one.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import statistics
from pathlib import Path
from typing import Any

DEFAULT = Path(__file__).resolve().parent / "results" / "karnoffel_players.jsonl"

Row = dict[str, Any]


def pair_range(row: Row) -> range:
    start = int(row.get("first_pair", 0))
    return range(start, start + int(row["pairs"]))


def merged(chunks: list[Row]) -> Row:
    """One row from rows over disjoint pair ranges (rate and CI from the counts)."""
    if len(chunks) == 1:
        return chunks[0]
    losses, splits, wins = (sum(row["score_counts"][i] for row in chunks) for i in range(3))
    pairs = losses + splits + wins
    mean = (splits / 2 + wins) / pairs
    variance = (splits / 4 + wins) / pairs - mean**2
    half = 1.96 * math.sqrt(variance / pairs)
    points = sum(row["points_per_pair"] * row["pairs"] for row in chunks) / pairs
    first = min(int(row.get("first_pair", 0)) for row in chunks)
    ordered = sorted(chunks, key=lambda row: int(row.get("first_pair", 0)))
    digits = {}
    if all("pair_scores" in row for row in chunks) and all(
        pair_range(a).stop == pair_range(b).start for a, b in itertools.pairwise(ordered)
    ):
        digits = {"pair_scores": "".join(row["pair_scores"] for row in ordered)}
    return {
        **chunks[0],
        "command": f"{len(chunks)} chunks, e.g. {chunks[0]['command']}",
        "first_pair": first,
        "pairs": pairs,
        "rate": round(mean, 4),
        "ci95": [round(mean - half, 4), round(mean + half, 4)],
        "score_counts": [losses, splits, wins],
        "points_per_pair": round(points, 3),
        "secs": sum(row.get("secs", 0) for row in chunks),
        **digits,
    }


def strength_rows(rows: list[Row]) -> dict[tuple[str, ...], Row]:
    chunks: dict[tuple[str, ...], list[Row]] = {}
    for row in rows:
        if row["kind"] not in ("deals", "matches"):
            continue
        key = (row["kind"], row["rules"], row["a"], row["b"], row.get("tag", ""))
        kept = chunks.setdefault(key, [])
        mergeable = row["kind"] == "deals" and "score_counts" in row
        new = pair_range(row)
        kept[:] = [
            old
            for old in kept
            if mergeable
            and "score_counts" in old
            and (new.stop <= pair_range(old).start or pair_range(old).stop <= new.start)
        ]
        kept.append(row)
    return {key: merged(parts) for key, parts in chunks.items()}


def by_pair(row: Row) -> dict[int, float]:
    """A's score (0, 1/2 or 1) in each pair of a row that kept them."""
    start = int(row.get("first_pair", 0))
    return {start + i: int(digit) / 2 for i, digit in enumerate(row.get("pair_scores", ""))}


def paired_table(strength: dict[tuple[str, ...], Row], reference: str) -> None:
    """Each level minus ``reference`` against the same opponent on the same deal pairs."""
    print(
        f"| rules | A | B | {reference}'s tag | pairs in common "
        f"| A − {reference} deal-win rate [95% CI] |"
    )
    print("|---|---|---|---|---:|---|")
    for (kind, rules, a, b, _tag), row in strength.items():
        if kind != "deals" or a == reference:
            continue
        ours = by_pair(row)
        for (kind2, rules2, a2, b2, reference_tag), base in strength.items():
            if (kind2, rules2, a2, b2) != (kind, rules, reference, b):
                continue
            theirs = by_pair(base)
            common = sorted(ours.keys() & theirs.keys())
            if len(common) < 2:
                continue
            differences = [ours[pair] - theirs[pair] for pair in common]
            mean = statistics.fmean(differences)
            half = 1.96 * statistics.pstdev(differences) / math.sqrt(len(differences))
            print(
                f"| {rules} | {a} | {b} | {reference_tag} | {len(common)} | {100 * mean:+.2f} "
                f"[{100 * (mean - half):+.2f}, {100 * (mean + half):+.2f}] |"
            )


def main(paths: list[Path], paired_with: str | None = None) -> None:
    rows = [
        json.loads(line)
        for path in paths
        for line in path.read_text(encoding="utf-8").splitlines()
        if line
    ]
    speed: dict[tuple[str, ...], Row] = {}
    for row in rows:
        if row["kind"] == "speed":
            key = (row["runtime"], row["clock"], row["rules"], row["level"], row.get("tag", ""))
            speed[key] = row
    print("| rules | A | B | tag | pairs | A wins (duplicate) [95% CI] | A−B points/pair |")
    print("|---|---|---|---|---:|---|---:|")
    for (kind, rules, a, b, tag), row in strength_rows(rows).items():
        low, high = row["ci95"]
        label = rules + (" (matches)" if kind == "matches" else "")
        print(
            f"| {label} | {a} | {b} | {tag} | {row['pairs']} | {100 * row['rate']:.1f}% "
            f"[{100 * low:.1f}, {100 * high:.1f}] | {row.get('points_per_pair', '')} |"
        )
    print()
    print("| runtime | clock | rules | level | tag | decisions | median ms | p95 ms | max ms |")
    print("|---|---|---|---|---|---:|---:|---:|---:|")
    for (runtime, clock, rules, level, tag), row in speed.items():
        print(
            f"| {runtime} | {clock} | {rules} | {level} | {tag} | {row['decisions']} | "
            f"{row['median_ms']} | {row['p95_ms']} | {row['max_ms']} |"
        )
    if paired_with:
        print()
        paired_table(strength_rows(rows), paired_with)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="*", type=Path, default=[DEFAULT])
    parser.add_argument("--paired-with", metavar="LEVEL", help="compare each level with LEVEL")
    arguments = parser.parse_args()
    main(arguments.files, arguments.paired_with)
