"""Quality of single Karnöffel card decisions, against a many-world reference (prints; asserts nothing).

Playing whole deals against ``perfect`` needs about 1,000 deal pairs to see one
point of deal-win rate. This measures one decision point instead, many times
cheaper, so that a change to the search can be judged before the long runs:

- The deal of pair ``n`` (seed ``bench/deal/RULES/n``, as in
  ``bench_karnoffel_players.py``) is played by ``hard`` at every seat up to the
  decision point: card ``--position`` of trick 1 (0 = the opening lead). The
  actions that led there are kept with the reference, so a saved reference
  stays valid when ``hard`` changes.
- **Reference**: every legal card of that seat is solved exactly (open cards)
  in ``--worlds`` worlds drawn from the seat's view; a card's reference value
  is the share of those worlds its team wins after it.
- **Regret** of a level: the best card's reference value minus that of the
  card the level plays from the same view and seed. The mean regret over the
  positions (95% CI over positions) is the chance of winning the deal that the
  level gives away at that decision point, as far as open-card play judges it.

The reference is the open-card value, so it shares the blind spot of every
sampled-world search (strategy fusion): a lower regret is necessary for
playing better, not sufficient. Whole deals against ``perfect`` decide.

``--save FILE`` keeps the reference of each position (JSON lines, slow to
compute); ``--load FILE`` reuses it, so several levels are compared on the same
positions at once.

    python benchmarks/bench_karnoffel_decisions.py --rules classic --first 100 --pairs 100 \\
        --save /tmp/openings.jsonl --levels hard easy
    python benchmarks/bench_karnoffel_decisions.py --load /tmp/openings.jsonl \\
        --levels hard hard@playout_worlds=40 hard@nodes=21000
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_karnoffel_players import register_variant

from engine import players, rng
from engine.karnoffel.cards import DECK, Card, Rank
from engine.karnoffel.heuristic import card_of
from engine.karnoffel.knowledge import bits, read_view
from engine.karnoffel.rules import Rules, RuleSet
from engine.karnoffel.search import sample_world
from engine.karnoffel.solver import Solver
from engine.karnoffel.state import Phase, State, new_match

#: The level that plays every seat up to the decision point (the default one;
#: named "hard" before session eight, so the saved positions replay).
LEAD_IN = "medium"


def decision_point(
    rule_set: str, number: int, position: int, actions: Sequence[str] | None = None
) -> tuple[State, list[str]] | None:
    """Deal ``number`` played up to card ``position`` of trick 1 by :data:`LEAD_IN`
    (or by replaying ``actions``), with the actions that led there; None if the
    seat then has one card to choose from."""
    state = new_match(
        Rules(set=RuleSet(rule_set)), seed=f"bench/deal/{rule_set}/{number}", humans=()
    )
    taken: list[str] = []
    while state.phase is not Phase.PLAY or len(state.trick) < position:
        if state.is_chance_node():  # the historic deal's later stages
            state.settle_chance()
            continue
        seat = state.current_player()
        if actions is not None:
            action = actions[len(taken)]
        else:
            action = players.choose_action(LEAD_IN, state.view(seat), players.seed_for(state, seat))
        state.apply_action(action)
        taken.append(action)
    if len(state.view(state.current_player())["legal"]) < 2:
        return None
    return state, taken


def reference(state: State, worlds: int, seed: str) -> dict[str, float]:
    """Each legal card's share of ``worlds`` sampled worlds that its team wins with open cards."""
    seat = state.current_player()
    known = read_view(state.view(seat))
    solver = Solver(known.chosen, known.trick_rule, known.players)
    hand = known.hands[seat]
    if known.first_lead:
        hand &= ~(1 << card_of(known.chosen, Rank.SEVEN))
    moves = list(bits(hand))
    wins = dict.fromkeys(moves, 0)
    stream = rng.Stream(seed)
    for _ in range(worlds):
        world = sample_world(known, stream)
        values = solver.move_values(
            seat % 2, world, known.leader, known.trick, known.tricks_won, moves
        )
        for move in moves:
            wins[move] += values[move]
    return {DECK[move].notation: count / worlds for move, count in wins.items()}


def interval(values: Sequence[float]) -> tuple[float, float]:
    """Mean and the half width of its 95% confidence interval (normal approximation)."""
    mean = statistics.fmean(values)
    return mean, 1.96 * statistics.pstdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rules", default="classic", choices=[r.value for r in RuleSet])
    parser.add_argument("--first", type=int, default=0, help="number of the first deal pair")
    parser.add_argument("--pairs", type=int, default=100, help="deals (positions) to measure")
    parser.add_argument("--position", type=int, default=0, help="card of trick 1 (0 = the lead)")
    parser.add_argument("--worlds", type=int, default=200, help="exact worlds of the reference")
    parser.add_argument("--levels", nargs="+", default=["hard", "easy"])
    parser.add_argument("--save", type=Path, help="append each position's reference here")
    parser.add_argument("--load", type=Path, help="positions and references computed before")
    args = parser.parse_args(argv)
    for level in args.levels:
        register_variant(level)

    if args.load:
        positions = [json.loads(line) for line in args.load.read_text("utf-8").splitlines()]
    else:
        positions = []
        started = time.process_time()
        for number in range(args.first, args.first + args.pairs):
            found = decision_point(args.rules, number, args.position)
            if found is None:
                continue
            state, actions = found
            row = {
                "rules": args.rules,
                "number": number,
                "position": args.position,
                "actions": actions,
                "worlds": args.worlds,
                "values": reference(state, args.worlds, f"bench/decisions/{number}"),
            }
            positions.append(row)
            if args.save:
                with args.save.open("a", encoding="utf-8") as out:
                    out.write(json.dumps(row) + "\n")
        print(f"reference: {len(positions)} positions in {time.process_time() - started:.0f} s CPU")

    print(
        f"\n{len(positions)} decision points (card {positions[0]['position'] if positions else '-'}"
        f" of trick 1), reference {positions[0]['worlds'] if positions else '-'} exact worlds each"
    )
    print(
        f"{'level':<52} {'mean regret':>11} {'95% CI':>17} {'> 0.05':>7} {'median ms':>10}"
        f" {'p80 ms':>7} {'max ms':>7}"
    )
    for level in args.levels:
        regrets = []
        times = []
        for row in positions:
            found = decision_point(row["rules"], row["number"], row["position"], row["actions"])
            assert found is not None, row
            state = found[0]
            seat = state.current_player()
            began = time.process_time()
            action = players.choose_action(level, state.view(seat), players.seed_for(state, seat))
            times.append(1000 * (time.process_time() - began))
            values = row["values"]
            regrets.append(max(values.values()) - values[Card.parse(action).notation])
        mean, half = interval(regrets)
        print(
            f"{level:<52} {mean:>11.4f} {f'[{mean - half:.4f}, {mean + half:.4f}]':>17}"
            f" {sum(r > 0.05 for r in regrets):>7} {statistics.median(times):>10.1f}"
            f" {sorted(times)[int(0.8 * len(times))]:>7.1f} {max(times):>7.1f}"
        )


if __name__ == "__main__":
    main()
