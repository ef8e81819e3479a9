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


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("progress", type=Path, nargs="+")
    parser.add_argument("--save", type=Path, help="append the joined rows (JSON lines) here")
    parser.add_argument("--paired-with", help="compare every pairing with LEVEL's, deal by deal")
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
    print("\n| pairing | level | decision | made | maker won | maker's mean score |")
    print("|---|---|---|---:|---:|---:|")
    for (level_a, level_b), made in decisions(args.progress).items():
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
