"""What exact endings cost: decision time of the hard level with the solver
switched on at N tricks left against heuristic play-outs (prints; asserts nothing).

Positions: the first hand of seeds ``bench/endings/<n>`` played by the easy
level until the given number of tricks is left; the hard level then decides
one card there, once with ``endgame_tricks=0`` and once with it switched on.

    python benchmarks/bench_doppelkopf_endings.py --left 3 4 --positions 25
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPOSITORY))

from engine import players, rng
from engine.doppelkopf import players as dk_players
from engine.doppelkopf.rules import TRICKS
from engine.doppelkopf.search import SearchPlayer
from engine.doppelkopf.state import Phase, State, new_match


def position(number: int, left: int) -> State | None:
    """A hand played by the easy level until ``left`` tricks remain (seat to play a card)."""
    state = new_match(seed=f"bench/endings/{number}", humans=())
    while not state.results:
        if state.phase is Phase.DEAL:
            state.settle_chance()
            continue
        seat = state.current_player()
        view = state.view(seat)
        if view["phase"] == "play" and len(state.played) == TRICKS - left:
            return state
        state.apply_action(players.choose_action("easy", view, players.seed_for(state, seat)))
    return None


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--left", type=int, nargs="+", default=[3, 4])
    parser.add_argument("--positions", type=int, default=25)
    parser.add_argument("--save", type=Path, help="append the rows (JSON lines) here")
    args = parser.parse_args(argv)
    command = "python benchmarks/bench_doppelkopf_endings.py " + " ".join(
        sys.argv[1:] if argv is None else argv
    )
    hard = dk_players.BUDGETS["hard"]
    print(f"{'tricks left':>11} {'solver':>7} {'positions':>9} {'median ms':>10} {'max ms':>8}")
    for left in args.left:
        states = [s for n in range(args.positions) if (s := position(n, left)) is not None]
        for tricks in (0, left):
            player = SearchPlayer(replace(hard, endgame_tricks=tricks))
            times = []
            for state in states:
                view = state.view(state.current_player())
                started = time.process_time()
                player.choose(view, rng.Stream("endings"))
                times.append(time.process_time() - started)
            median, longest = 1000 * statistics.median(times), 1000 * max(times)
            solver = "on" if tricks else "off"
            print(f"{left:>11} {solver:>7} {len(times):>9} {median:>10.1f} {longest:>8.1f}")
            if args.save:
                row = {
                    "row": "endings",
                    "tricks_left": left,
                    "solver": solver,
                    "positions": len(times),
                    "median_ms": round(median, 1),
                    "max_ms": round(longest, 1),
                    "clock": f"{sys.implementation.name} {sys.version.split()[0]}, cpu clock",
                    "command": command,
                }
                with (REPOSITORY / args.save).open("a") as out:
                    out.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
