"""What FreeDoko's announcements and solos say about its hand, against what the
search's worlds give it (prints numbers; asserts nothing).

Reads the match rows of ``bench_doppelkopf_freedoko.py`` again with the engine.
Two cases, seen from LEVEL's seat at its first card decision after them:

- another seat announced in a normal game (its first announcement of the hand);
- another seat declared a solo with trumps.

For each: the trumps that seat was dealt in the contract (held and played), and
the mean over ``--worlds`` worlds of :class:`~engine.doppelkopf.knowledge.WorldSampler`
with the beliefs asked for (``--announcer-trumps``, ``--soloist-extra``; 0: the
uniform worlds).

    python benchmarks/bench_doppelkopf_beliefs.py benchmarks/results/dk_freedoko_s23.jsonl \\
        benchmarks/results/dk_freedoko_s22.jsonl
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPOSITORY))

from benchmarks.bench_doppelkopf_freedoko import actions_with_states
from engine import rng
from engine.doppelkopf.beliefs import Beliefs
from engine.doppelkopf.knowledge import Knowledge, WorldSampler, read_view
from engine.doppelkopf.rules import CONTRACTS
from engine.doppelkopf.state import GameKind, Phase, State


def dealt_trumps(known: Knowledge, seat: int, hand: Sequence[object]) -> int:
    """The trumps of the contract in ``hand`` plus those ``seat`` played this hand."""
    spec = CONTRACTS[known.contract]
    played = sum(spec.is_trump(card) for who, card in known.plays() if who == seat)
    return played + sum(spec.is_trump(card) for card in hand)  # type: ignore[arg-type]


def cases(state: State, seat: int, seen: set[tuple[int, int]]) -> list[tuple[str, int]]:
    """The cases LEVEL's seat may judge now: (name, the other seat), each once a hand."""
    number = len(state.results)
    found = []
    if state.kind is GameKind.NORMAL:
        for announcement in state.announcements:
            other = announcement.seat
            if other != seat and (number, other) not in seen:
                found.append(("an announcement, normal game", other))
    elif state.kind is GameKind.SOLO and state.declarer not in (None, seat):
        other = state.declarer
        if (number, other) not in seen and any(
            map(CONTRACTS[state.contract].is_trump, state.hands[other])
        ):
            found.append((f"a {state.contract.value} solo", other))
    for _, other in found:
        seen.add((number, other))
    return found


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--level", default="hard", help="whose match rows (default hard)")
    parser.add_argument("--worlds", type=int, default=40)
    parser.add_argument("--announcer-trumps", type=int, default=0)
    parser.add_argument("--soloist-extra", type=int, default=0)
    args = parser.parse_args(argv)
    real: dict[str, list[int]] = defaultdict(list)
    believed: dict[str, list[float]] = defaultdict(list)
    for path in args.files:
        for line in path.read_text().splitlines():
            row = json.loads(line)
            if row.get("row") != "freedoko-match" or row["level"] != args.level:
                continue
            seat, seen = row["engine_seat"], set[tuple[int, int]]()
            for state, _ in actions_with_states(row["seed"], row["actions"]):
                if state.phase is not Phase.PLAY or state.current_player() != seat:
                    continue
                for name, other in cases(state, seat, seen):
                    known = read_view(state.view(seat))
                    sampler = WorldSampler(
                        known,
                        Beliefs(
                            announcer_trumps=args.announcer_trumps,
                            soloist_extra=args.soloist_extra,
                        ),
                    )
                    worlds = [
                        sampler.sample(rng.Stream(f"beliefs/{n}")) for n in range(args.worlds)
                    ]
                    real[name].append(dealt_trumps(known, other, state.hands[other]))
                    believed[name].append(
                        statistics.mean(dealt_trumps(known, other, w[other]) for w in worlds)
                    )
    print(f"{'case':32} {'cases':>5} {'dealt':>6} {'worlds':>6}  dealt trumps: cases")
    for name in sorted(real):
        counts = " ".join(f"{k}:{n}" for k, n in sorted(Counter(real[name]).items()))
        print(
            f"{name:32} {len(real[name]):5d} {statistics.mean(real[name]):6.2f}"
            f" {statistics.mean(believed[name]):6.2f}  {counts}"
        )


if __name__ == "__main__":
    main()
