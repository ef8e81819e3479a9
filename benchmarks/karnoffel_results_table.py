"""Print the Karnöffel benchmark rows (JSON lines) as markdown tables.

    python benchmarks/karnoffel_results_table.py [benchmarks/results/karnoffel.jsonl]

Each line of the file is one row written by ``bench_players.py --json``:
``kind`` "deals" (or "matches": duplicate pairs, rate and 95% CI of A
against B) or "speed" (decision times of one level), with the command that
produced it. Later rows of the same pairing and rules (or level, rules and
runtime) replace earlier ones.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

DEFAULT = Path(__file__).resolve().parent / "results" / "karnoffel.jsonl"


def main(path: Path = DEFAULT) -> None:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    strength: dict[tuple[str, str, str, str], dict[str, object]] = {}
    speed: dict[tuple[str, str, str, str], dict[str, object]] = {}
    for row in rows:
        if row["kind"] in ("deals", "matches"):
            strength[row["kind"], row["rules"], row["a"], row["b"]] = row
        elif row["kind"] == "speed":
            speed[row["runtime"], row["clock"], row["rules"], row["level"]] = row
    print("| rules | A | B | pairs | A wins (duplicate) [95% CI] | A−B points/pair |")
    print("|---|---|---|---:|---|---:|")
    for (kind, rules, a, b), row in strength.items():
        low, high = row["ci95"]  # type: ignore[misc]
        points = row.get("points_per_pair", "")
        label = f"{rules}" + (" (matches)" if kind == "matches" else "")
        print(
            f"| {label} | {a} | {b} | {row['pairs']} | {100 * row['rate']:.1f}% "  # type: ignore[operator]
            f"[{100 * low:.1f}, {100 * high:.1f}] | {points} |"
        )
    print()
    print("| runtime | clock | rules | level | decisions | median ms | p95 ms | max ms |")
    print("|---|---|---|---|---:|---:|---:|---:|")
    for (runtime, clock, rules, level), row in speed.items():
        print(
            f"| {runtime} | {clock} | {rules} | {level} | {row['decisions']} | "
            f"{row['median_ms']} | {row['p95_ms']} | {row['max_ms']} |"
        )


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT)
