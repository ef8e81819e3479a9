"""How well Hard's announcement forecast matches what the hands really score (prints; asserts nothing).

Hard announces when its play-outs say the next announcement of its party gains
more than ``Budget.announce_margin`` game points on average. This script checks
that forecast against the hands as they were really played: it plays the
duplicate deals of ``bench_doppelkopf_players.py`` (Hard against another level)
and, at every turn where a Hard seat may announce, logs the forecast gain. When
the hand is over, the same announcement is scored on the real tricks: the
seat's score with its party's level raised by one, minus its score without,
both at the levels known when it decided. That is exactly what the forecast
estimates, so the two can be compared directly, without the noise of the luck
of the cards (the real play after an announcement is what Hard's announcing
made it; the comparison does not see what the announcement told the others).

``play`` writes one JSON line per opportunity; ``report`` prints, by forecast
band, the mean forecast and the mean real gain with a 95% CI, and for a range
of margins what announcing by that margin would have gained per opportunity
taken (the first turn of a seat and level whose forecast beats the margin).

    python benchmarks/bench_doppelkopf_announcements.py play --opponent search-v1 \\
        --pairs 100 --log /tmp/announce.jsonl
    python benchmarks/bench_doppelkopf_announcements.py report /tmp/announce.jsonl
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import statistics
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

REPOSITORY = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPOSITORY))

from benchmarks.bench_doppelkopf_players import register_variant
from engine import players, rng
from engine.doppelkopf import players as dk_players
from engine.doppelkopf.knowledge import read_view
from engine.doppelkopf.rules import Party
from engine.doppelkopf.search import Finish, SearchPlayer, seat_score
from engine.doppelkopf.state import Phase, new_match


def play_hand(seed: str, levels: Sequence[str], hard: SearchPlayer) -> list[dict[str, object]]:
    """The first hand of ``seed``; a record per announcement opportunity of a ``hard`` seat."""
    state = new_match(seed=seed, humans=())
    pending = []
    while not state.results:
        if state.phase is Phase.DEAL:
            state.settle_chance()
            continue
        seat = state.current_player()
        view = state.view(seat)
        seed_now = players.seed_for(state, seat)
        if levels[seat] == "hard" and view["phase"] == "play" and "announce" in view["legal"]:
            known = read_view(view)
            # The same stream as the player's own decision: the same forecast.
            gain = hard.announcement_gain(known, rng.Stream(seed_now))
            action = hard.choose(view, rng.Stream(seed_now))
            if gain is not None:
                pending.append((known, gain, action == "announce"))
        elif levels[seat] == "hard":
            action = hard.choose(view, rng.Stream(seed_now))
        else:
            action = players.choose_action(levels[seat], view, seed_now)
        state.apply_action(action)
    done = Finish(tuple(state.played), state.re_seats)
    records = []
    for known, gain, announced in pending:
        party = known.parties[known.seat]
        raised = list(known.levels)
        raised[0 if party is Party.RE else 1] += 1
        real = seat_score(known, done, (raised[0], raised[1])) - seat_score(known, done)
        records.append(
            {
                "seed": seed,
                "seat": known.seat,
                "kind": known.kind.value,
                "level": known.levels[0 if party is Party.RE else 1],
                "other_level": known.levels[1 if party is Party.RE else 0],
                "cards": len(known.hand),
                "forecast": round(gain, 4),
                "real": round(real, 4),
                "announced": announced,
            }
        )
    return records


def play(args: argparse.Namespace) -> None:
    register_variant(args.opponent)
    budget = dk_players.BUDGETS["hard"]
    if args.budget:
        changes = {
            key: float(value) if "." in value else int(value)
            for key, value in (f.split("=") for f in args.budget.split(","))
        }
        budget = replace(budget, **changes)  # type: ignore[arg-type]
    hard = SearchPlayer(budget)
    with args.log.open("a") as out:
        for number in range(args.first, args.first + args.pairs):
            seed = f"bench/doppelkopf/{number}"
            for hard_seats in ((0, 2), (1, 3)):
                levels = ["hard" if s in hard_seats else args.opponent for s in range(4)]
                for record in play_hand(seed, levels, hard):
                    out.write(json.dumps(record) + "\n")
            out.flush()


def interval(values: Sequence[float]) -> tuple[float, float, float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.pstdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, mean - half, mean + half


BANDS = (-math.inf, -2.0, -1.0, -0.5, 0.0, 0.4, 1.0, 2.0, 3.0, 5.0, math.inf)


def report(args: argparse.Namespace) -> None:
    records = [json.loads(line) for path in args.logs for line in path.open()]
    print(f"{len(records)} announcement opportunities of Hard seats")
    for label, chosen in (
        ("all", records),
        ("Re/Kontra (level 0)", [r for r in records if r["level"] == 0]),
        ("further (level 1+)", [r for r in records if r["level"] > 0]),
    ):
        print(f"\n{label}: by forecast band (game points per opportunity)")
        print(f"{'forecast band':<16} {'n':>6} {'forecast':>9} {'real':>8} {'95% CI':>18}")
        for low, high in itertools.pairwise(BANDS):
            band = [r for r in chosen if low < r["forecast"] <= high]
            if not band:
                continue
            real, lo, hi = interval([r["real"] for r in band])
            forecast = statistics.fmean(r["forecast"] for r in band)
            print(
                f"{f'({low:g}, {high:g}]':<16} {len(band):>6} {forecast:>9.2f} {real:>8.2f}"
                f" {f'[{lo:.2f}, {hi:.2f}]':>18}"
            )
    print(
        "\nannouncing at the first turn of a seat and level whose forecast beats the margin:"
        "\nreal gain per seat and hand, and its difference to margin 0.4 (95% CI over seats and hands)."
        "\nA margin above the one the log was played with sees only the turns before that"
        "\nplayer announced, so it undercounts: play with a high margin to sweep upwards."
    )
    seats = sorted({(r["seed"], r["seat"], r["kind"]) for r in records})
    for label, levels in (("Re/Kontra", (0,)), ("further", (1, 2, 3, 4))):
        print(f"\n{label}: {'margin':>7} {'taken':>6} {'per seat':>9} {'vs 0.4':>8} {'95% CI':>18}")
        base = _per_seat(records, seats, levels, 0.4)[1]
        for margin in (0.0, 0.4, 0.7, 1.0, 1.5, 2.0):
            taken, gains = _per_seat(records, seats, levels, margin)
            change, lo, hi = interval([a - b for a, b in zip(gains, base, strict=True)])
            print(
                f"{'':<{len(label) + 1}} {margin:>7.1f} {taken:>6} {statistics.fmean(gains):>9.3f}"
                f" {change:>+8.3f} {f'[{lo:+.3f}, {hi:+.3f}]':>18}"
            )


def _per_seat(
    records: Sequence[dict[str, Any]],
    seats: Sequence[tuple[object, ...]],
    levels: tuple[int, ...],
    margin: float,
) -> tuple[int, list[float]]:
    """How many announcements the margin makes at ``levels``, and each seat's real gain from them."""
    taken: dict[tuple[object, ...], float] = {}
    for r in records:
        key = (r["seed"], r["seat"], r["kind"], r["level"], r["other_level"])
        if r["level"] in levels and key not in taken and r["forecast"] > margin:
            taken[key] = r["real"]
    per_seat = dict.fromkeys(seats, 0.0)
    for key, real in taken.items():
        per_seat[key[:3]] += real
    return len(taken), [per_seat[seat] for seat in seats]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    commands = parser.add_subparsers(dest="command", required=True)
    playing = commands.add_parser("play", help="play deal pairs and log the opportunities")
    playing.add_argument("--opponent", default="search-v1")
    playing.add_argument("--pairs", type=int, default=50)
    playing.add_argument("--first", type=int, default=0)
    playing.add_argument("--budget", default="", help="Hard's budget changes, e.g. plays=2400")
    playing.add_argument("--log", type=Path, required=True)
    reporting = commands.add_parser("report", help="compare forecast and real gains")
    reporting.add_argument("logs", type=Path, nargs="+")
    args = parser.parse_args(argv)
    play(args) if args.command == "play" else report(args)


if __name__ == "__main__":
    main()
