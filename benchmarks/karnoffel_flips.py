"""Where a Karnöffel level turns a deal it wins with open cards into a loss (prints; asserts nothing).

The level plays one team against ``perfect`` (which sees all hands) on the
benchmark's seeded deals (``bench/deal/<rules>/<n>``, both seatings, as in
``bench_karnoffel_players.py``). Before each of its card choices with two or
more legal cards, the true position is solved exactly. If some card still wins
the deal with open cards and the level's card does not, that decision is a
*flip*. Flips are counted by trick and place in the trick ("1.0": the lead of
trick 1), beside the decisions made in a won position.

A flip is not always a mistake: the level does not see the hands. With
``--judge N`` each flip is also judged from the level's own view: every legal
card is solved exactly in N worlds drawn uniformly from what the seat knows,
and the share of worlds each card wins is printed (the level's card first).
A card far behind the best there is an error of the search; a card level with
the best lost to the cards' luck.

    python benchmarks/karnoffel_flips.py --rules historic --pairs 150 --judge 200
    python benchmarks/karnoffel_flips.py --rules classic --pairs 150 --level hard@exact_tail=4
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_karnoffel_players import register_variant
from karnoffel_opponents import OPPONENTS

from engine import players, rng
from engine.karnoffel.cards import DECK
from engine.karnoffel.knowledge import read_view
from engine.karnoffel.rules import Rules, RuleSet
from engine.karnoffel.search import sample_world
from engine.karnoffel.solver import Solver
from engine.karnoffel.state import Phase, State, new_match


def hand_masks(state: State) -> tuple[int, ...]:
    return tuple(sum(1 << card.index for card in hand) for hand in state.hands)


def judged(state: State, seat: int, seed: str, worlds: int) -> dict[str, float]:
    """Each legal card's share of ``worlds`` drawn from the seat's view that it wins."""
    known = read_view(state.view(seat))
    stream = rng.Stream(f"judge/{seed}")
    solver = Solver(state.chosen, state.spec.trick_rule, state.players)
    wins: collections.Counter[int] = collections.Counter()
    for _ in range(worlds):
        world = sample_world(known, stream)
        values = solver.move_values(seat % 2, world, known.leader, known.trick, known.tricks_won)
        for card, won in values.items():
            wins[card] += won
    return {DECK[card].notation: wins[card] / worlds for card in wins}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", default="classic", choices=[rule.value for rule in RuleSet])
    parser.add_argument("--level", default="hard")
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--judge", type=int, default=0, metavar="N")
    args = parser.parse_args()
    register_variant(args.level)
    rules = Rules(set=RuleSet(args.rules))
    flips: collections.Counter[str] = collections.Counter()
    won_positions: collections.Counter[str] = collections.Counter()
    deals = lost = 0
    for number in range(args.first, args.first + args.pairs):
        deal_seed = f"bench/deal/{args.rules}/{number}"
        for team in (0, 1):
            state = new_match(rules, seed=deal_seed, humans=())
            deals += 1
            while not state.is_terminal() and state.phase is not Phase.DEAL:
                seat = state.current_player()
                seed = players.seed_for(state, seat)
                if seat % 2 != team:
                    state.apply_action(OPPONENTS["perfect"](state, seat, seed))
                    continue
                action = str(players.choose_action(args.level, state.view(seat), seed))
                if state.phase is Phase.PLAY and len(state.legal_actions()) > 1:
                    trick = tuple(card.index for _, card in state.trick)
                    solver = Solver(state.chosen, state.spec.trick_rule, state.players)
                    values = solver.move_values(
                        team, hand_masks(state), state.leader, trick, tuple(state.tricks_won)
                    )
                    place = f"{sum(state.tricks_won) + 1}.{len(trick)}"
                    if any(values.values()):
                        won_positions[place] += 1
                        mine = next(card for card in values if DECK[card].notation == action)
                        if not values[mine]:
                            flips[place] += 1
                            if args.judge:
                                shares = judged(state, seat, seed, args.judge)
                                ranked = sorted(shares.items(), key=lambda item: -item[1])
                                print(
                                    f"pair {number} team {team} at {place}: played {action} "
                                    f"{shares[action]:.2f}; "
                                    + ", ".join(f"{card} {share:.2f}" for card, share in ranked)
                                )
                state.apply_action(action)
            lost += state.scores[team] <= state.scores[1 - team]
    print(
        json.dumps(
            {
                "rules": args.rules,
                "level": args.level,
                "pairs": [args.first, args.first + args.pairs],
                "deals": deals,
                "lost": lost,
                "flips": dict(sorted(flips.items())),
                "won_positions": dict(sorted(won_positions.items())),
            }
        )
    )


if __name__ == "__main__":
    main()
