"""Quality of single Doppelkopf card decisions against a many-world reference (prints; asserts nothing).

Whole hands need about 1,000 deal pairs to show a quarter of a point per seat and
hand. This judges single card decisions instead, many times cheaper, so that a
change to how the search spends its play-outs can be chosen before the long runs:

- **Positions** come from games logged by ``bench_doppelkopf_attribution.py play``:
  card decisions of a ``--maker`` seat (two or more distinct legal cards) in
  tricks 1 to ``--last-trick``, at most ``--per-game`` of them per game, chosen
  by a seeded draw. The actions that led there are kept with the reference.
- **Reference**: every legal card is played out in ``--worlds`` worlds drawn from
  the seat's view (:class:`~engine.doppelkopf.knowledge.WorldSampler`), with the
  heuristic at every seat, as a search's play-outs do (``--open-playouts``:
  judging with every hand open, as Hard's do); a card's reference value is
  its mean score for the seat in game points (card points break ties only).
- **Regret** of a level: the best card's reference value minus that of the card
  the level plays from the same view (announcing left out). Its mean over the positions (95% CI over
  positions) is what the level gives away at those decisions, as far as
  heuristic play-outs judge it.

The reference judges with the same play-outs as the search, so it measures how
well a level spends its play-outs (noise), not whether the play-outs are good:
a better play-out policy needs whole hands (``bench_doppelkopf_players.py``).

    python benchmarks/bench_doppelkopf_decisions.py reference /tmp/dk_games.jsonl \\
        --positions 300 --save /tmp/dk_positions.jsonl
    python benchmarks/bench_doppelkopf_decisions.py judge /tmp/dk_positions.jsonl \\
        --levels hard hard@point_weight=0.02 easy
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPOSITORY))

from benchmarks.bench_doppelkopf_players import interval, register_variant
from engine import players, rng
from engine.doppelkopf.heuristic import legal_cards
from engine.doppelkopf.knowledge import WorldSampler, read_view
from engine.doppelkopf.playout import INDEX, Simulation
from engine.doppelkopf.state import Phase, State, new_match


def replay(seed: str, actions: Sequence[str]) -> State:
    """The first hand of ``seed`` after ``actions`` (chance steps settled)."""
    state = new_match(seed=seed, humans=())
    taken = 0
    while True:
        if state.phase is Phase.DEAL:
            state.settle_chance()
            continue
        if taken == len(actions):
            return state
        state.apply_action(actions[taken])
        taken += 1


def decision_points(
    games_log: Path, maker: str, last_trick: int, per_game: int
) -> Iterator[tuple[str, list[str]]]:
    """(seed, actions before the decision) for the chosen decisions of each logged game."""
    for line in games_log.read_text().splitlines():
        for game in json.loads(line)["games"]:
            actions = [entry["action"] for entry in game["actions"] if "deal" not in entry]
            eligible = [
                index
                for index, entry in enumerate(e for e in game["actions"] if "deal" not in e)
                if entry["phase"] == "play"
                and entry["action"] != "announce"
                and entry.get("choices", 1) > 1
                and entry["trick"] <= last_trick
                and game["levels"][entry["seat"]] == maker
            ]
            stream = rng.Stream(f"positions/{game['seed']}/{game['levels']}")
            for _ in range(min(per_game, len(eligible))):
                index = eligible.pop(stream.below(len(eligible)))
                yield game["seed"], actions[:index]


def reference(state: State, worlds: int, tag: str, open_playouts: bool) -> dict[str, float]:
    """Every legal card's mean play-out score for the seat to act over ``worlds`` worlds."""
    view = state.view(state.current_player())
    known = read_view(view)
    moves = legal_cards(known.hand, known.trick, known.contract)
    simulation = Simulation(known, open_playouts=open_playouts)
    sampler = WorldSampler(known)
    stream = rng.Stream(f"reference/{tag}")
    totals = dict.fromkeys(moves, 0.0)
    for _ in range(worlds):
        dealt = simulation.world(sampler.sample(stream))
        for move in moves:
            totals[move] += simulation.score(simulation.finish(dealt, INDEX[move]))
    return {move.notation: total / worlds for move, total in totals.items()}


def make_reference(args: argparse.Namespace) -> None:
    points = list(decision_points(args.games, args.maker, args.last_trick, args.per_game))
    points = points[: args.positions]
    started = time.process_time()
    with args.save.open("a") as out:
        for number, (seed, actions) in enumerate(points):
            state = replay(seed, actions)
            values = reference(state, args.worlds, f"{seed}/{len(actions)}", args.open_playouts)
            row = {
                "seed": seed,
                "actions": actions,
                "worlds": args.worlds,
                "open_playouts": args.open_playouts,
                "values": values,
            }
            out.write(json.dumps(row) + "\n")
            out.flush()
            print(f"{number + 1}/{len(points)} {seed} +{len(actions)}", file=sys.stderr)
    print(f"{len(points)} positions, {time.process_time() - started:.0f} s CPU")


def judge(args: argparse.Namespace) -> None:
    rows = [json.loads(line) for path in args.positions for line in path.read_text().splitlines()]
    states = [replay(row["seed"], row["actions"]) for row in rows]
    print(f"{len(rows)} positions; regret in game points against the reference (95% CI)")
    print(f"{'level':<44} {'regret':>8} {'95% CI':>20} {'agrees':>7} {'median ms':>10}")
    for level in args.levels:
        register_variant(level)
        regrets: list[float] = []
        agree = 0
        times: list[float] = []
        for row, state in zip(rows, states, strict=True):
            seat = state.current_player()
            values: dict[str, float] = row["values"]
            view = state.view(seat)
            view["legal"] = [action for action in view["legal"] if action != "announce"]
            started = time.process_time()
            action = players.choose_action(level, view, players.seed_for(state, seat))
            times.append(time.process_time() - started)
            best = max(values.values())
            regrets.append(best - values[action])
            agree += values[action] == best
        mean, low, high = interval(regrets)
        print(
            f"{level:<44} {mean:>8.4f} [{low:>8.4f}, {high:>8.4f}] "
            f"{agree / len(rows):>7.1%} {1000 * statistics.median(times):>10.1f}"
        )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    commands = parser.add_subparsers(dest="command", required=True)
    ref = commands.add_parser("reference", help="pick positions and compute their reference")
    ref.add_argument("games", type=Path, help="a log of bench_doppelkopf_attribution.py play")
    ref.add_argument("--maker", default="hard", help="whose decisions are taken")
    ref.add_argument("--positions", type=int, default=300)
    ref.add_argument("--per-game", type=int, default=1)
    ref.add_argument("--last-trick", type=int, default=9)
    ref.add_argument("--worlds", type=int, default=500)
    ref.add_argument("--save", type=Path, required=True, help="append the positions here")
    ref.add_argument(
        "--open-playouts", action="store_true", help="play out with every hand open (as Hard does)"
    )
    judge_parser = commands.add_parser("judge", help="the regret of levels on saved positions")
    judge_parser.add_argument("positions", type=Path, nargs="+")
    judge_parser.add_argument("--levels", nargs="+", default=["hard", "easy"])
    args = parser.parse_args(argv)
    if args.command == "reference":
        make_reference(args)
    else:
        judge(args)


if __name__ == "__main__":
    main()
