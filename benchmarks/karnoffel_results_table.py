"""Print the Karnöffel benchmark rows (JSON lines) as markdown tables.

    python benchmarks/karnoffel_results_table.py [benchmarks/results/karnoffel_players.jsonl]

Each line of the file is one row written by ``bench_karnoffel_players.py --json``:
``kind`` "deals" (or "matches": duplicate pairs, rate and 95% CI of A
against B) or "speed" (decision times of one level), with the command that
produced it. Deal rows of one pairing, rules and tag over disjoint ranges of
deal pairs (a long run in chunks, ``--first``) are merged exactly from their
score counts; a later row over pairs already counted replaces the earlier.
Speed rows: a later row of the same runtime, clock, rules, level and tag
replaces an earlier one.
"""

from __future__ import annotations

import json
import math
import sys
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


def main(path: Path = DEFAULT) -> None:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
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


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT)
