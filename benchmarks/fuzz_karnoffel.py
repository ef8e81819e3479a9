"""Long Karnöffel fuzz: N random full matches per rule set and player count.

    python benchmarks/fuzz_karnoffel.py 5000 [--every 25] [--jobs 2] [--configs classic-4 ...]

Each match runs the checks of ``tests/karnoffel/test_karnoffel_fuzz.py``: illegal
attempts before every action (each must raise, give the reason
``why_illegal`` gives and leave the state unchanged) and the invariants after
it; every ``--every`` steps also every seat's view is scanned for cards it may
not know and ``why_illegal`` is compared with ``legal_actions`` for all 55
actions. Prints counts and seconds; a failure prints the match's seed (the
match replays from it) and exits 1.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO), str(REPO / "tests" / "engine")]

from karnoffel_support import CONFIGS, FuzzCounts, fuzz_match


def run_batch(
    rule_set: str, players: int, seeds: list[str], every: int
) -> tuple[FuzzCounts, str | None]:
    counts = FuzzCounts()
    for seed in seeds:
        try:
            fuzz_match(rule_set, players, seed, counts, every)
        except Exception:  # noqa: BLE001 -- any failure: report its seed and traceback
            return counts, f"seed {seed!r}:\n{traceback.format_exc()}"
    return counts, None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("matches", type=int, help="matches per rule set and player count")
    parser.add_argument(
        "--every", type=int, default=25, help="full view/legality checks every K steps"
    )
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--prefix", default="fuzz-long", help="seed prefix")
    parser.add_argument(
        "--configs", nargs="*", default=[f"{r}-{p}" for r, p in CONFIGS],
        help="which to run, e.g. classic-4 historic-4 (default: all)",
    )  # fmt: skip
    args = parser.parse_args()
    failed = False
    total_start = time.perf_counter()
    print(f"{'rules':<9} {'players':>7} {'matches':>8} {'deals':>8} {'actions':>9} "
          f"{'refused':>9} {'seconds':>8}")  # fmt: skip
    for rule_set, players in CONFIGS:
        if f"{rule_set}-{players}" not in args.configs:
            continue
        seeds = [f"{args.prefix}/{rule_set}/{players}/{n}" for n in range(args.matches)]
        batches = [seeds[i :: args.jobs] for i in range(args.jobs)]
        start = time.perf_counter()
        counts = FuzzCounts()
        with ProcessPoolExecutor(args.jobs) as pool:
            futures = [pool.submit(run_batch, rule_set, players, b, args.every) for b in batches]
            for future in futures:
                part, error = future.result()
                counts.add(part)
                if error:
                    failed = True
                    print(f"FAILED {rule_set} {players} players, {error}", file=sys.stderr)
        seconds = time.perf_counter() - start
        refused = sum(counts.refusals.values())
        print(f"{rule_set:<9} {players:>7} {counts.matches:>8} {counts.deals:>8} "
              f"{counts.actions:>9} {refused:>9} {seconds:>8.1f}")  # fmt: skip
        kinds: Counter[str] = counts.refusals
        print("          refusals: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    print(f"total {time.perf_counter() - total_start:.1f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
