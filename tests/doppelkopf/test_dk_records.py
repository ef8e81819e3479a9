"""Doppelkopf records: golden games replayed by ``python -m engine replay``.

The golden files under ``tests/golden/doppelkopf/`` pin both the records
and their replayed outcome; a change in rules or scoring shows up as a
diff. To regenerate them after an intended change, run
``STICHTAG_REGENERATE_GOLDEN=1 pytest tests/doppelkopf/test_dk_records.py``
and review the diff.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from dk_support import biased_choice, make_deal
from test_dk_state import MARRIAGE_HANDS, POOR

from engine import rng
from engine.doppelkopf import Rules, Variant
from engine.doppelkopf.state import State
from engine.errors import RecordError
from engine.records import dumps, replay

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden" / "doppelkopf"


def random_play(state: State, stream: rng.Stream, limit: int = 10_000) -> State:
    state.settle_chance()
    for _ in range(limit):
        if state.is_terminal() or state.chance_outcome() is None and state.is_chance_node():
            break
        seat = state.current_player()
        state.apply_action(biased_choice(state.view(seat)["legal"], stream), seat)
        state.settle_chance()
    return state


def scripted(deal_hands: dict[int, list[str]], actions: list[str]) -> Callable[[], State]:
    def make() -> State:
        state = State(seed="golden/doppelkopf/scripted", deals=[make_deal(deal_hands)])
        state.settle_chance()
        for action in actions:
            state.apply_action(action)
            state.settle_chance()
        return random_play(state, rng.Stream("golden/rest"), limit=60)

    return make


SOURCES: dict[str, Callable[[], State]] = {
    "seeded_match": lambda: random_play(
        State(seed="golden/doppelkopf/seeded"), rng.Stream("golden/seeded")
    ),
    "variants_match": lambda: random_play(
        State(Rules(frozenset(Variant)), seed="golden/doppelkopf/variants"),
        rng.Stream("golden/variants"),
    ),
    "marriage": scripted(
        MARRIAGE_HANDS,
        ["marriage", "healthy", "healthy", "healthy", "H10", "HQ", "SJ", "D9"]
        + ["CA", "HQ", "HA", "C9", "announce"],
    ),
    "poverty_redeal": scripted(
        POOR, ["poverty", "healthy", "healthy", "healthy", "pass:DA,D10,D9"] + ["decline"] * 3
    ),
    "poverty_accepted": scripted(
        POOR,
        ["poverty", "healthy", "healthy", "healthy", "pass:DA,D10,D9", "decline", "accept"]
        + ["return:H9,D9,DK"],
    ),
    "silent_solo": scripted({0: ["CQ", "CQ"]}, ["healthy"] * 4 + ["announce"]),
}


def outcome_of(path: Path) -> Any:
    done = subprocess.run(
        [sys.executable, "-m", "engine", "replay", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


if os.environ.get("STICHTAG_REGENERATE_GOLDEN"):
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name, make in SOURCES.items():
        (GOLDEN / f"{name}.json").write_text(dumps(make().to_record()) + "\n", encoding="utf-8")
        outcome = replay(json.loads((GOLDEN / f"{name}.json").read_text())).outcome()
        (GOLDEN / f"{name}.outcome.json").write_text(dumps(outcome) + "\n", encoding="utf-8")


NO_SUBPROCESS = pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocess in Pyodide")


def pinned(name: str) -> tuple[Any, Any]:
    record = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    outcome = json.loads((GOLDEN / f"{name}.outcome.json").read_text(encoding="utf-8"))
    return record, outcome


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_golden_record_replays_to_its_pinned_outcome(name: str) -> None:
    record, expected = pinned(name)
    assert json.loads(json.dumps(replay(record).outcome())) == expected
    # and the record is what the same play writes today
    assert record == SOURCES[name]().to_record()


@NO_SUBPROCESS
@pytest.mark.parametrize("name", sorted(SOURCES))
def test_golden_record_through_the_replay_command(name: str) -> None:
    assert outcome_of(GOLDEN / f"{name}.json") == pinned(name)[1]


def test_golden_records_cover_the_game_kinds() -> None:
    kinds = set()
    for name in SOURCES:
        outcome = json.loads((GOLDEN / f"{name}.outcome.json").read_text(encoding="utf-8"))
        kinds |= {deal["kind"] for deal in outcome["deals"]}
    assert {"normal", "marriage", "poverty", "silent-solo", "solo"} <= kinds


@NO_SUBPROCESS
def test_replay_from_stdin_and_bad_records_name_the_action() -> None:
    record = json.loads((GOLDEN / "marriage.json").read_text(encoding="utf-8"))
    record["actions"][5] = "HA"  # seat 1 holds no HA
    done = subprocess.run(
        [sys.executable, "-m", "engine", "replay", "-"],
        input=json.dumps(record),
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        check=False,
    )
    assert done.returncode == 2
    assert "action 5" in done.stderr and "HA is not in the hand" in done.stderr


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"rules": {"variants": ["nope"]}}, "unknown variant"),
        ({"deals": [{"dealer": 0, "cards": ["CQ"] * 48}]}, "occurs 48 times"),
        ({"deals": [{"dealer": 5, "cards": []}]}, "dealer must be a seat"),
        ({"actions": ["healthy", "solo-grand"]}, "action 1"),
        ({"humans": [7]}, "human seat 7"),
    ],
)
def test_bad_records_are_refused(change: dict[str, Any], message: str) -> None:
    record = {"format": 1, "game": "doppelkopf", "seed": "bad", "actions": []} | change
    with pytest.raises(RecordError, match=message):
        replay(record)


def test_record_round_trip_mid_hand() -> None:
    state = random_play(State(seed="roundtrip"), rng.Stream("roundtrip"), limit=37)
    again = replay(json.loads(json.dumps(state.to_record())))
    for seat in range(4):
        assert again.view(seat) == state.view(seat)  # type: ignore[attr-defined]
