"""Hints and tutorials: how long they take, and what the hints say (prints numbers;
asserts nothing).

- ``hints``: at random decision points of each game and Karnöffel rule set,
  the CPU time of a whole hint (the default computer player's choice plus
  its reason) and of the reason alone, and how often each kind of reason is
  given (the share of the fallback ``hint_play_card`` among them);
- ``tutorials``: each tutorial played through the bridge by following its
  script (the engine's CPU time per play-through), its steps, the person's
  steps, and the words of its texts with a reading-time estimate.

Times are CPU seconds (``time.process_time``), so other work on a shared
machine does not count; the 95% confidence intervals of means are
mean ± 1.96 · sd / √n.

    python benchmarks/bench_learn.py --points 500 --runs 30
    python benchmarks/bench_learn.py --parts tutorials
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import bridge, rng
from engine.core import MatchState
from engine.doppelkopf.state import State as DkState
from engine.games import GAMES
from engine.hints import hint
from engine.karnoffel.rules import Rules, RuleSet
from engine.karnoffel.state import State as KState
from engine.tutorials import TUTORIALS

CONFIGS: dict[str, Callable[[str], MatchState]] = {
    "karnoffel classic (4)": lambda seed: KState.new_match(Rules(), seed=seed, humans=()),
    "karnoffel historic": lambda seed: KState.new_match(
        Rules(set=RuleSet.HISTORIC), seed=seed, humans=()
    ),
    "doppelkopf": lambda seed: DkState.new_match(seed=seed, humans=()),
}
#: Words a first-time player reads per minute (an assumption for the estimate).
READING_WPM = 200
#: Seconds a person needs per move of their own besides reading (an assumption).
SECONDS_PER_MOVE = 4


def interval(values: list[float]) -> str:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0
    return f"{mean:8.2f} ± {half:5.2f}"


def decision_points(make: Callable[[str], MatchState], count: int, seed: str) -> list[MatchState]:
    stream = rng.Stream(seed)
    found: list[MatchState] = []
    number = 0
    while len(found) < count:
        state = make(f"{seed}-{number}")
        number += 1
        for _ in range(stream.below(60)):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.settle_chance()
                continue
            state.apply_action(stream.choice(state.legal_actions()))
        state.settle_chance()
        if not (state.is_terminal() or state.is_chance_node()):
            found.append(state)
    return found


def bench_hints(points: int) -> None:
    print(f"hints at {points} random decision points per game (CPU ms; mean ± 95% CI)")
    print(f"{'game':22} {'n':>5} {'hint (ms)':>16} {'median':>8} {'p95':>8} {'reason (ms)':>16}")
    kinds: dict[str, Counter[str]] = {}
    for name, make in CONFIGS.items():
        states = decision_points(make, points, f"bench-learn/{name}")
        hint_ms: list[float] = []
        reason_ms: list[float] = []
        kinds[name] = Counter()
        for state in states:
            start = time.process_time()
            advice = hint(state)
            hint_ms.append(1000 * (time.process_time() - start))
            view = state.view(advice.seat)
            start = time.process_time()
            GAMES[state.GAME].hint_reason(view, advice.action)
            reason_ms.append(1000 * (time.process_time() - start))
            kinds[name][advice.reason.key] += 1
        ordered = sorted(hint_ms)
        p95 = ordered[int(0.95 * (len(ordered) - 1))]
        print(
            f"{name:22} {len(states):5} {interval(hint_ms):>16} {statistics.median(hint_ms):8.2f}"
            f" {p95:8.2f} {interval(reason_ms):>16}"
        )
    print("\nkinds of reasons given (share of hints)")
    for name, counter in kinds.items():
        total = sum(counter.values())
        fallback = counter["hint_play_card"]
        top = ", ".join(f"{key} {count / total:.0%}" for key, count in counter.most_common(6))
        print(f"{name}: {len(counter)} kinds; fallback {fallback}/{total}; {top}")


def _play_through(name: str) -> None:
    bridge._SESSION = bridge.Session()
    reply = json.loads(bridge.handle(json.dumps({"op": "tutorial", "id": name})))
    tutorial = TUTORIALS[name]
    while not reply["tutorial"]["complete"]:
        if reply["view"]["phase"] == "deal":
            request: dict[str, str] = {"op": "deal"}
        else:
            step = tutorial.steps[reply["tutorial"]["step"]]
            request = (
                {"op": "act", "action": step.action} if step.by == "person" else {"op": "step"}
            )
        reply = json.loads(bridge.handle(json.dumps(request)))
        assert reply["ok"], reply


def _words(name: str) -> int:
    tutorial = TUTORIALS[name]
    texts = [tutorial.summary.text, tutorial.ending.text]
    for step in tutorial.steps:
        texts += [m.text for m in (step.instruction, step.explanation) if m is not None]
    return sum(len(text.split()) for text in texts)


def bench_tutorials(runs: int) -> None:
    print(f"\ntutorials played through the bridge by their scripts ({runs} runs each)")
    print(
        f"{'tutorial':20} {'steps':>5} {'yours':>5} {'engine (ms)':>16} {'words':>6}"
        f" {'estimate (min)':>14}"
    )
    for name, tutorial in TUTORIALS.items():
        times = []
        for _ in range(runs):
            start = time.process_time()
            _play_through(name)
            times.append(1000 * (time.process_time() - start))
        person = sum(step.by == "person" for step in tutorial.steps)
        words = _words(name)
        minutes = words / READING_WPM + person * SECONDS_PER_MOVE / 60
        print(
            f"{name:20} {len(tutorial.steps):5} {person:5} {interval(times):>16} {words:6}"
            f" {minutes:14.1f}"
        )
    print(
        f"(estimate: the texts read at {READING_WPM} words a minute plus {SECONDS_PER_MOVE} s"
        " per move of yours; the table's own animations not counted)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--points", type=int, default=300, help="decision points per game")
    parser.add_argument("--runs", type=int, default=20, help="play-throughs per tutorial")
    parser.add_argument(
        "--parts", nargs="+", choices=("hints", "tutorials"), default=("hints", "tutorials")
    )
    args = parser.parse_args()
    if "hints" in args.parts:
        bench_hints(args.points)
    if "tutorials" in args.parts:
        bench_tutorials(args.runs)


if __name__ == "__main__":
    main()
