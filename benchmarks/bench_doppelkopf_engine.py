"""Speed of the Doppelkopf engine: random full 8-hand matches per second.

Prints numbers; asserts nothing. Two loops:

- ``engine``: a random player chooses from ``legal_actions()`` directly
  (the cost of the rules: legality, tricks, scoring);
- ``views``: the random player chooses from ``view(seat)["legal"]``, as a
  computer player in the web worker does (adds the cost of building views).

    python benchmarks/bench_doppelkopf_engine.py --matches 200
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import rng
from engine.doppelkopf import Rules, Variant
from engine.doppelkopf.actions import Reservation
from engine.doppelkopf.state import State


def play_match(seed: str, rules: Rules, use_views: bool) -> tuple[State, int]:
    """One random match; returns the final state and the number of actions."""
    state = State(rules, seed=seed)
    state.settle_chance()
    stream = rng.Stream(rng.derive(seed, "bench"))
    actions = 0
    while not state.is_terminal():
        seat = state.current_player()
        if use_views:
            legal: list[object] = list(state.view(seat)["legal"])
            healthy: object = "healthy"
        else:
            legal = list(state.legal_actions())
            healthy = Reservation.HEALTHY
        # Mostly healthy, so that normal games dominate as in real play.
        action = healthy if healthy in legal and stream.random() < 0.8 else stream.choice(legal)
        state.apply_action(action, seat)  # type: ignore[arg-type]
        state.settle_chance()
        actions += 1
    return state, actions


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--variants", action="store_true", help="all three variants on")
    args = parser.parse_args(argv)
    rules = Rules(frozenset(Variant) if args.variants else frozenset())
    print(
        f"python {sys.version.split()[0]}, {args.matches} matches per loop, rules {rules.to_json()}"
    )
    for loop, use_views in (("engine", False), ("views", True)):
        times, total_actions, kinds = [], 0, Counter[str]()
        for number in range(args.matches):
            start = time.perf_counter()
            state, actions = play_match(f"bench/{number}", rules, use_views)
            times.append(time.perf_counter() - start)
            total_actions += actions
            kinds.update(result.kind.value for result in state.results)
        elapsed = sum(times)
        print(
            f"{loop:7s} {args.matches / elapsed:8.1f} matches/s   "
            f"{total_actions / elapsed:9.0f} actions/s   "
            f"median {statistics.median(times) * 1000:6.1f} ms/match   "
            f"hands: {dict(sorted(kinds.items()))}"
        )


if __name__ == "__main__":
    main()
