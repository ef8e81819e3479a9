"""Doppelkopf levels that differ only in how they choose the game (prints; asserts nothing).

When two levels differ only in their reservation (healthy, a solo, a marriage),
every game in which all seats make the same reservations is the same game, card
for card: the players are deterministic and seeded from the history. So only the
deal pairs with a different reservation need to be played, and the others count
with their known result. That makes a paired A/B of a reservation rule some ten
times cheaper than ``bench_doppelkopf_players.py``, with the same numbers.

- ``ab``: A against B in the duplicate format of ``bench_doppelkopf_players.py``
  (the same seeds, A in seats 0 and 2, then in 1 and 3); a pair where A's
  reservations equal those of four B seats is a difference of exactly 0.
- ``rebase``: a main row of a new level from the logged chunks of an old one
  (``--progress`` files of ``bench_doppelkopf_players.py``): the pairs in which
  the new level, in the old level's seats, makes the old level's reservations
  keep their logged difference; the others are played again.

The caller vouches that the two levels differ only in their reservations (for
example ``hard-round5`` and ``hard-round4``, or ``hard`` and ``hard@solo_margin=...``).

    python benchmarks/bench_doppelkopf_reservations.py ab --pairings hard-round5:hard-round4 \\
        --pairs 1500 --first 0
    python benchmarks/bench_doppelkopf_reservations.py rebase --new hard-round5 --old hard \\
        --old-code hard-round4 --opponent search-v1 \\
        --progress benchmarks/results/dk_progress_round4.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence
from multiprocessing import Pool
from pathlib import Path
from typing import Any

REPOSITORY = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPOSITORY))

from benchmarks.bench_doppelkopf_players import Tally, _register_all, interval, play_hand
from engine import players
from engine.doppelkopf.state import Phase, new_match

SEATINGS = ((0, 2), (1, 3))


def seed_of(number: int) -> str:
    return f"bench/doppelkopf/{number}"


def reservations(seed: str, levels: Sequence[str]) -> list[Any]:
    """Every action of the first hand of ``seed`` until its first card (redeals,
    reservations and a poverty's exchange included)."""
    state = new_match(seed=seed, humans=())
    taken: list[Any] = []
    while not state.results and state.phase is not Phase.PLAY:
        if state.phase is Phase.DEAL:
            state.settle_chance()
            taken.append("deal")
            continue
        seat = state.current_player()
        action = players.choose_action(
            levels[seat], state.view(seat), players.seed_for(state, seat)
        )
        taken.append((seat, action))
        state.apply_action(action)
    return taken


def seats_for(level_a: str, level_b: str, a_seats: tuple[int, int]) -> list[str]:
    return [level_a if seat in a_seats else level_b for seat in range(4)]


def played_pair(level_a: str, level_b: str, number: int, tally: Tally) -> float:
    """A − B per seat and hand over the pair's two games, played in full."""
    total = 0
    for a_seats in SEATINGS:
        scores = play_hand(seed_of(number), seats_for(level_a, level_b, a_seats), tally)
        total += sum(score if seat in a_seats else -score for seat, score in enumerate(scores))
    return total / 4


def ab_pair(job: tuple[str, str, int]) -> tuple[int, float, bool, Tally]:
    level_a, level_b, number = job
    _register_all(level_a, level_b)
    tally = Tally()
    seed = seed_of(number)
    alone = reservations(seed, [level_b] * 4)
    if all(reservations(seed, seats_for(level_a, level_b, s)) == alone for s in SEATINGS):
        return number, 0.0, False, tally
    return number, played_pair(level_a, level_b, number, tally), True, tally


def rebase_pair(job: tuple[str, str, str, int, float]) -> tuple[int, float, bool, Tally]:
    new, old_code, opponent, number, logged = job
    _register_all(new, old_code, opponent)
    tally = Tally()
    seed = seed_of(number)
    if all(
        reservations(seed, seats_for(new, opponent, s))
        == reservations(seed, seats_for(old_code, opponent, s))
        for s in SEATINGS
    ):
        return number, logged, False, tally
    return number, played_pair(new, opponent, number, tally), True, tally


def logged_differences(paths: Sequence[Path], old: str, opponent: str) -> dict[int, float]:
    found: dict[int, float] = {}
    for path in paths:
        for line in path.read_text().splitlines():
            chunk = json.loads(line)
            if (chunk["a"], chunk["b"]) != (old, opponent):
                continue
            start, stop = chunk["chunk"]
            for number, difference in zip(range(start, stop), chunk["differences"], strict=True):
                found[number] = difference
    return found


def summary(
    label: str, results: list[tuple[int, float, bool, Tally]], level: str
) -> dict[str, Any]:
    differences = [difference for _, difference, _, _ in results]
    mean, low, high = interval(differences)
    replayed = [number for number, _, again, _ in results if again]
    made: Counter[str] = Counter()
    scored: Counter[str] = Counter()
    for _, _, _, tally in results:
        for decision, (count, _won, total) in tally.decisions.get(level, {}).items():
            if decision.startswith("solo"):
                made[decision] += count
                scored[decision] += total
    print(
        f"{label}: {len(results)} pairs, A − B per seat and hand {mean:+.3f} "
        f"[{low:+.3f}, {high:+.3f}], {len(replayed)} pairs played"
    )
    for decision in sorted(made):
        print(
            f"  {decision:<16} {made[decision]:>4} made, mean {scored[decision] / made[decision]:+.2f}"
        )
    return {
        "pairs": len(results),
        "numbers": [number for number, _, _, _ in results],
        "mean": round(mean, 4),
        "ci": [round(low, 4), round(high, 4)],
        "differences": differences,
        "played": replayed,
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    commands = parser.add_subparsers(dest="command", required=True)
    ab = commands.add_parser("ab", help="A against B, playing only pairs that differ")
    ab.add_argument("--pairings", nargs="+", default=["hard-round5:hard-round4"])
    ab.add_argument("--pairs", type=int, default=300)
    ab.add_argument("--first", type=int, default=0)
    rebase = commands.add_parser("rebase", help="a new main row from an old one's chunks")
    rebase.add_argument("--new", required=True, help="the level to measure")
    rebase.add_argument("--old", required=True, help="the level name in the chunks")
    rebase.add_argument("--old-code", required=True, help="a level that decides as it did")
    rebase.add_argument("--opponent", required=True)
    rebase.add_argument("--progress", type=Path, nargs="+", required=True)
    for command in (ab, rebase):
        command.add_argument("--jobs", type=int, default=2)
        command.add_argument("--save", type=Path, help="append the row (JSON line)")
    args = parser.parse_args(argv)
    rows = []
    with Pool(args.jobs) as pool:
        if args.command == "ab":
            for pairing in args.pairings:
                level_a, level_b = pairing.split(":")
                numbers = range(args.first, args.first + args.pairs)
                jobs = [(level_a, level_b, number) for number in numbers]
                results = list(pool.imap(ab_pair, jobs, chunksize=4))
                row = summary(f"{level_a} vs {level_b}", results, level_a)
                rows.append({"row": "reservations-ab", "a": level_a, "b": level_b, **row})
        else:
            logged = logged_differences(args.progress, args.old, args.opponent)
            jobs2 = [
                (args.new, args.old_code, args.opponent, number, logged[number])
                for number in sorted(logged)
            ]
            results = list(pool.imap(rebase_pair, jobs2, chunksize=4))
            row = summary(f"{args.new} vs {args.opponent} (rebased)", results, args.new)
            rows.append({"row": "rebased", "a": args.new, "b": args.opponent, **row})
    if args.save is not None:
        command = "python benchmarks/bench_doppelkopf_reservations.py " + " ".join(
            sys.argv[1:] if argv is None else argv
        )
        with args.save.open("a") as out:
            for row in rows:
                out.write(json.dumps({**row, "command": command}) + "\n")


if __name__ == "__main__":
    main()
