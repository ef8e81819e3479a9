"""How fast the Karnöffel engine plays, on this CPython: prints numbers.

    python benchmarks/bench_karnoffel_engine.py [--seconds 2]

For each rule set and player count: random full matches per second, played
two ways —

- ``state``: the random choice straight from ``legal_actions()`` (the
  engine's own speed: deal, legality, tricks, scoring);
- ``views``: each decision from the seat's ``view()`` by the ``random``
  computer player, as the web worker does it (views cost most).

Also trick resolutions per second. No asserts: compare the numbers between
runs on the same machine.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import players, rng
from engine.karnoffel.cards import DECK, Suit
from engine.karnoffel.rules import Rules, RuleSet
from engine.karnoffel.state import State, new_match
from engine.karnoffel.tricks import resolve_trick, winner_index

CONFIGS = (("classic", 2), ("classic", 4), ("classic", 6), ("classic", 8), ("historic", 4))


def play_state(state: State, seed: str) -> int:
    stream = rng.Stream(seed)
    actions = 0
    while not state.is_terminal():
        state.apply_action(stream.choice(state.legal_actions()))
        state.settle_chance()
        actions += 1
    return actions


def play_views(state: State, seed: str) -> int:
    actions = 0
    while not state.is_terminal():
        seat = state.current_player()
        action = players.choose_action("random", state.view(seat), players.seed_for(state, seat))
        state.apply_action(action)
        state.settle_chance()
        actions += 1
    return actions


def rate(run_one: Callable[[int], int], seconds: float) -> tuple[float, float]:
    """(runs per second, actions per second) over at least ``seconds``."""
    runs = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or runs < 3:
        actions += run_one(runs)
        runs += 1
    elapsed = time.perf_counter() - start
    return runs / elapsed, actions / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    args = parser.parse_args()
    print(
        f"Python {platform.python_version()} ({platform.python_implementation()}) on {platform.machine()}"
    )
    print(f"{'rules':<9} {'players':>7} {'way':<6} {'matches/s':>10} {'actions/s':>10}")
    for rule_set, count in CONFIGS:
        rules = Rules(set=RuleSet(rule_set), players=count)
        for way, play in (("state", play_state), ("views", play_views)):

            def one(n: int, rules: Rules = rules, play: Callable[[State, str], int] = play) -> int:
                seed = f"bench/{rules.set.value}/{rules.players}/{n}"
                return play(new_match(rules, seed=seed), seed)

            matches, actions = rate(one, args.seconds)
            print(f"{rule_set:<9} {count:>7} {way:<6} {matches:>10.1f} {actions:>10.0f}")
    stream = rng.Stream("bench/tricks")
    tricks = [stream.shuffled(DECK)[:4] for _ in range(2000)]
    for rule in ("classic", "historic"):
        for name, resolve in (("winner_index", winner_index), ("resolve_trick", resolve_trick)):

            def batch(n: int, rule: str = rule, resolve: Callable[..., object] = resolve) -> int:
                for cards in tricks:
                    resolve(cards, Suit.BELLS, rule)
                return len(tricks)

            _, per_second = rate(batch, args.seconds / 2)
            print(f"tricks    {rule:<9} {name:<14} {per_second:>10.0f} per second")


if __name__ == "__main__":
    main()
