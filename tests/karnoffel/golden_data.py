"""What the golden files in ``tests/golden/`` hold, and how they were made.

``python tests/karnoffel/golden_data.py`` writes them. Do that only on purpose:
the tests compare today's engine against the stored files, so a change to
the generator (``engine/rng.py``), the dealing or the rules shows up as a
failing test rather than as silently different dailies and saves.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
if __name__ == "__main__":  # as a script; under pytest, engine may come from a wheel
    sys.path.insert(0, str(REPO))

from engine import players, rng
from engine.karnoffel.actions import Deal, first_dealer, seeded_deal
from engine.karnoffel.cards import DECK
from engine.karnoffel.rules import Rules, RuleSet
from engine.karnoffel.state import State, new_match
from engine.records import dumps

GOLDEN = REPO / "tests" / "golden"
DEALS_FILE = GOLDEN / "deals.json"

STREAM_SEEDS = ("", "example", "daily/karnoffel/2026-12-01", "Stichtag ✓ Karnöffel")
DEAL_SEEDS = ("golden-1", "golden-2", "daily/karnoffel/2026-12-01", "ä/ö/ü", "")
DEAL_CONFIGS = (("classic", 4), ("historic", 4), ("classic", 2), ("classic", 8))


def stream_samples(seed: str) -> dict[str, Any]:
    """Raw words, bounded draws and a shuffle of one seed's stream."""
    return {
        "words": _take(rng.Stream(seed), 1 << 32, 10),
        "below_10": _take(rng.Stream(seed), 10, 12),
        "below_3": _take(rng.Stream(seed), 3, 12),
        "random": [rng.Stream(seed).random()],
        "shuffled_deck": [card.notation for card in rng.Stream(seed).shuffled(DECK)],
    }


def _take(stream: rng.Stream, n: int, count: int) -> list[int]:
    return [stream.below(n) for _ in range(count)]


def pinned_deals() -> dict[str, Any]:
    """The first dealer and the first three deals' cards for each seed and configuration."""
    entries = []
    for rule_set, count in DEAL_CONFIGS:
        rules = Rules(set=RuleSet(rule_set), players=count)
        for seed in DEAL_SEEDS:
            entries.append(
                {
                    "rules": rules.to_json(),
                    "seed": seed,
                    "first_dealer": first_dealer(seed, count),
                    "deals": [
                        [card.notation for card in seeded_deal(seed, n, 0, count).cards]
                        for n in range(3)
                    ],
                }
            )
    return {
        "algorithm": rng.ALGORITHM,
        "derive": rng.derive("daily/karnoffel/2026-12-01", "deal", 2),
        "streams": {seed: stream_samples(seed) for seed in STREAM_SEEDS},
        "deals": entries,
    }


def _explicit_deal(seed: str, dealer: int, count: int) -> Deal:
    return Deal(dealer, tuple(rng.Stream(seed).shuffled(DECK)[: count * 5]))


def golden_matches() -> dict[str, State]:
    """The golden full matches (before play): name -> fresh match."""
    historic = Rules(set=RuleSet.HISTORIC)
    return {
        "karnoffel-classic-4p": new_match(Rules(), seed="golden/classic-4p"),
        "karnoffel-historic": new_match(historic, seed="golden/historic", humans=(0, 3)),
        "karnoffel-classic-2p-target5": new_match(Rules(players=2, target=5), seed="golden/2p"),
        "karnoffel-classic-8p-explicit": new_match(
            Rules(players=8, target=5, faces="french"),
            seed="golden/8p",
            deals=[
                _explicit_deal("golden/8p/deal-0", 5, 8),
                _explicit_deal("golden/8p/deal-1", 6, 8),
            ],
        ),
    }


def play_out(state: State) -> State:
    """Play the match to its end with the seeded random computer player."""
    while not state.is_terminal():
        seat = state.current_player()
        action = players.choose_action("random", state.view(seat), players.seed_for(state, seat))
        state.apply_action(action)
        state.settle_chance()
    return state


def write() -> None:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    DEALS_FILE.write_text(json.dumps(pinned_deals(), ensure_ascii=False, indent=1) + "\n")
    for name, state in golden_matches().items():
        play_out(state)
        (GOLDEN / f"{name}.json").write_text(dumps(state.to_record()) + "\n")
        outcome = json.dumps(state.outcome(), ensure_ascii=False, indent=1)
        (GOLDEN / f"{name}.outcome.json").write_text(outcome + "\n")
        print(name, len(state.actions), "actions", state.scores)


if __name__ == "__main__":
    write()
