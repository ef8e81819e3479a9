"""Random full matches of every rule set and player count, with illegal
attempts before every action (a card not in hand, wrong-phase calls, an
out-of-turn seat, nonsense) and the invariants checked after it.

Sized for the default test run; ``benchmarks/fuzz_karnoffel.py N`` plays
many thousands of matches with the same checks.
"""

from __future__ import annotations

import sys

import pytest
from karnoffel_support import CONFIGS, FuzzCounts, fuzz_match

#: Matches per configuration and how often (in steps) the expensive checks
#: run: every view scanned and why_illegal compared for all 55 actions.
SIZES = {
    ("classic", 2): (8, 1),
    ("classic", 4): (5, 2),
    ("classic", 6): (3, 3),
    ("classic", 8): (3, 4),
    ("historic", 4): (5, 2),
}

EXPECTED_REFUSALS = {
    "classic": {"card_not_in_hand", "call_in_wrong_phase", "not_your_turn", "unknown_action",
                "game_over"},
    "historic": {"card_not_in_hand", "call_in_wrong_phase", "not_your_turn", "unknown_action",
                 "game_over", "card_in_wrong_phase", "counter_used"},
}  # fmt: skip


@pytest.mark.parametrize(("rule_set", "players"), CONFIGS)
def test_fuzz_random_matches(rule_set: str, players: int) -> None:
    matches, every = SIZES[(rule_set, players)]
    if sys.platform == "emscripten":
        matches = 1  # inside Pyodide one match each shows the same results; CPython plays them all
    counts = FuzzCounts()
    for number in range(matches):
        fuzz_match(rule_set, players, f"fuzz/{rule_set}/{players}/{number}", counts, every)
    assert counts.matches == matches
    assert counts.deals >= matches * 5
    # The attempts reached every kind of refusal this rule set has.
    assert EXPECTED_REFUSALS[rule_set] <= set(counts.refusals), counts.refusals
