"""Game records: write, replay, the ``python -m engine replay`` command, bad
records refused with the first bad action's index and reason; golden deals
and golden matches pinned so that a change to the generator or rules shows."""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from golden_data import DEALS_FILE, GOLDEN, golden_matches, pinned_deals, play_out
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from karnoffel_support import CONFIGS, play_random_match, rules_for

from engine import rng
from engine.daily import pinned_daily
from engine.errors import RecordError
from engine.karnoffel.actions import Deal, seeded_deal
from engine.karnoffel.cards import DECK
from engine.karnoffel.state import State, new_match
from engine.records import FORMAT_VERSION, dumps, loads, replay

REPO = Path(__file__).resolve().parents[2]
GOLDEN_NAMES = sorted(golden_matches())


def _cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    done = _cli_bytes(*args, stdin=(stdin or "").encode("utf-8"))
    return subprocess.CompletedProcess(
        done.args, done.returncode, done.stdout.decode("utf-8"), done.stderr.decode("utf-8")
    )


def _cli_bytes(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    env = dict(os.environ, PYTHONPATH=str(REPO))
    return subprocess.run(
        [sys.executable, "-m", "engine", *args],
        check=False, input=stdin, capture_output=True, cwd=REPO, env=env, timeout=60,
    )  # fmt: skip


def _views(state: Any) -> list[dict[str, Any]]:
    return [state.view(seat) for seat in range(state.players)]


# ----------------------------------------------------------------- round trip
@pytest.mark.parametrize(("rule_set", "players"), CONFIGS)
def test_record_round_trip(rule_set: str, players: int) -> None:
    state = play_random_match(rule_set, players, seed=f"trip-{rule_set}-{players}")
    record = state.to_record()
    assert set(record) <= {"format", "game", "rules", "seed", "deals", "humans", "actions"}
    again = replay(loads(dumps(record)))
    assert again.outcome() == state.outcome()
    assert _views(again) == _views(state)
    assert again.to_record() == record


def test_record_round_trip_mid_match() -> None:
    state = new_match(rules_for("historic", 4), seed="mid", humans=(1, 2))
    stream = rng.Stream("mid")
    for _ in range(37):
        state.apply_action(stream.choice(state.legal_actions()))
        state.settle_chance()
    record = state.to_record()
    assert record["humans"] == [1, 2]
    again = replay(record)
    assert _views(again) == _views(state)
    assert again.current_player() == state.current_player()


def test_explicit_deals_first_then_seed() -> None:
    explicit = Deal(2, tuple(rng.Stream("explicit").shuffled(DECK)[:20]))
    state = new_match(rules_for("classic", 4), seed="then-seed", deals=[explicit])
    assert state.deal == explicit
    stream = rng.Stream("explicit-player")
    while not state.results:
        state.apply_action(stream.choice(state.legal_actions()))
        state.settle_chance()
    # The second deal comes from the seed (deal number 1), dealt by the forehand.
    assert state.deal is not None and state.deal.dealer == 3
    assert state.deal.cards == seeded_deal("then-seed", 1, 3, 4).cards
    record = state.to_record()
    assert record["deals"] == [explicit.to_json()] and record["seed"] == "then-seed"
    assert _views(replay(record)) == _views(state)


def test_explicit_deals_without_seed_wait_for_the_next_deal() -> None:
    explicit = Deal(0, DECK[:20])
    record = {"format": 1, "game": "karnoffel", "deals": [explicit.to_json()], "actions": []}
    state = replay(record)
    assert isinstance(state, State) and state.deal == explicit
    assert "seed" not in state.to_record()


# --------------------------------------------------------------- bad records
BASE: dict[str, Any] = {
    "format": 1,
    "game": "karnoffel",
    "rules": {"set": "classic"},
    "seed": "bad",
    "actions": [],
}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": FORMAT_VERSION + 1}, "newer than this engine reads"),
        ({"format": 0}, "does not exist"),
        ({"format": "1"}, "'format' must be a version number"),
        ({"game": "chess"}, "unknown game 'chess'"),
        ({"game": ["karnoffel"]}, "unknown game ['karnoffel']"),
        ({"rules": {"set": "modern"}}, "unknown rule set 'modern'"),
        ({"rules": {"players": 5}}, "not 5"),
        ({"rules": {"set": "historic", "target": 7}}, "target"),
        ({"rules": {"colour": "red"}}, "unknown rules field"),
        ({"deals": [{"dealer": 0, "cards": ["H9"]}]}, "deal 0: a deal for 4 players has 20 cards"),
        ({"deals": [{"dealer": 0, "cards": ["H9"] * 20}]}, "deal 0: duplicate card H9"),
        ({"deals": [{"dealer": 4, "cards": [c.notation for c in DECK[:20]]}]}, "dealer must be"),
        ({"deals": [{"dealer": 0, "cards": ["X1"] + [c.notation for c in DECK[:19]]}]}, "'X1'"),
        ({"deals": "none"}, "'deals' must be a list"),
        ({"seed": 7}, "'seed' must be a string"),
        ({"seed": None}, "a seed or explicit deals"),
        ({"humans": [4]}, "human seat 4"),
        ({"actions": "LK"}, "'actions' must be a list"),
        ({"moves": []}, "unknown record field(s): 'moves'"),
    ],
)
def test_bad_records_are_refused_with_a_reason(change: dict[str, Any], message: str) -> None:
    with pytest.raises(RecordError) as error:
        replay(BASE | change)
    assert message in str(error.value)
    assert error.value.index is None


def _legal_prefix(seed: str, length: int) -> list[str]:
    state = new_match(rules_for("classic", 4), seed=seed)
    stream = rng.Stream(seed)
    for _ in range(length):
        state.apply_action(stream.choice(state.legal_actions()))
        state.settle_chance()
    return state.to_record()["actions"]


@pytest.mark.parametrize("index", [0, 1, 5, 23])
def test_illegal_action_at_index_k_is_named(index: int) -> None:
    actions = _legal_prefix("bad", index)
    state = replay(BASE | {"actions": actions})
    hand = state.hands[state.current_player()]  # type: ignore[attr-defined]
    foreign = next(card for card in DECK if card not in hand)
    with pytest.raises(RecordError) as error:
        replay(BASE | {"actions": [*actions, foreign.notation, "LK"]})
    assert error.value.index == index
    assert str(error.value) == f"action {index}: {foreign} is not in the hand."
    with pytest.raises(RecordError, match=f"action {index}: 'pass' is not possible now"):
        replay(BASE | {"actions": [*actions, "pass"]})
    with pytest.raises(RecordError, match=f"action {index}: an action is a string"):
        replay(BASE | {"actions": [*actions, 7]})


def test_actions_after_the_end_are_refused() -> None:
    record = golden_record("karnoffel-classic-2p-target5")
    count = len(record["actions"])
    with pytest.raises(RecordError) as error:
        replay(record | {"actions": [*record["actions"], "H9"]})
    assert error.value.index == count and "over" in str(error.value)


def test_loads_refuses_what_is_not_a_json_object() -> None:
    with pytest.raises(RecordError, match="not valid JSON"):
        loads("{format: 1")
    with pytest.raises(RecordError, match="a record is a JSON object"):
        loads("[1, 2]")
    # Used to escape as RecursionError (and to kill Pyodide with a stack overflow).
    with pytest.raises(RecordError, match="nested more than 64 deep"):
        loads("[" * 100_000 + "]" * 100_000)
    with pytest.raises(RecordError, match="nested more than 64 deep"):
        loads('{"a": ' * 65 + "1" + "}" * 65)
    # Brackets inside strings do not count; 64 levels are fine.
    assert loads('{"x": "[[[[\\"[[[[", "y": ' + "[" * 63 + "]" * 63 + "}")["x"] == '[[[["[[[['


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 60) | st.floats(allow_nan=False)
    | st.text(max_size=5)
    | st.sampled_from(["classic", "historic", "karnoffel", "doppelkopf", "H9", "pass", "BU"]),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.sampled_from(["set", "target", "players", "faces", "dealer", "cards"]),
                      inner, max_size=4),
    max_leaves=10,
)  # fmt: skip


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.dictionaries(st.sampled_from(sorted(BASE) + ["deals", "humans"]), JSON_VALUES, max_size=3)
)
def test_any_json_in_any_field_is_a_record_error_or_a_match(change: dict[str, Any]) -> None:
    """Whatever JSON a record holds, replay refuses it with ``RecordError``
    (``"game": []`` used to raise TypeError) or replays it."""
    try:
        replay(BASE | {"actions": ["LK"]} | change)
    except RecordError as error:
        assert str(error)


# ----------------------------------------------------------------------- CLI
def test_cli_replays_a_file_and_stdin(tmp_path: Path) -> None:
    state = play_random_match("classic", 4, seed="cli")
    path = tmp_path / "match.json"
    path.write_text(dumps(state.to_record()), encoding="utf-8")
    from_file = _cli("replay", str(path))
    assert from_file.returncode == 0, from_file.stderr
    assert json.loads(from_file.stdout) == state.outcome()
    from_stdin = _cli("replay", "-", stdin=path.read_text(encoding="utf-8"))
    assert from_stdin.returncode == 0
    assert json.loads(from_stdin.stdout) == state.outcome()


def test_cli_refuses_bad_records(tmp_path: Path) -> None:
    actions = _legal_prefix("bad", 6)
    bad = BASE | {"actions": [*actions, "give-up"]}
    done = _cli("replay", "-", stdin=json.dumps(bad))
    assert done.returncode != 0 and done.stdout == ""
    assert "action 6: 'give-up' is not possible now" in done.stderr
    done = _cli("replay", "-", stdin="not json")
    assert done.returncode != 0 and "not valid JSON" in done.stderr
    done = _cli("replay", "-", stdin=json.dumps(BASE | {"format": 99}))
    assert done.returncode != 0 and "format 99" in done.stderr
    done = _cli("replay", str(tmp_path / "missing.json"))
    assert done.returncode != 0 and "cannot read" in done.stderr


def test_cli_reads_bytes_strictly(tmp_path: Path) -> None:
    """Not UTF-8: refused with a message (it used to crash with a traceback);
    a byte-order mark in front is accepted."""
    record = dumps(golden_record("karnoffel-classic-2p-target5")).encode("utf-8")
    bad = tmp_path / "latin1.json"
    bad.write_bytes(b"\xff" + record)
    for done in (_cli_bytes("replay", str(bad)), _cli_bytes("replay", "-", stdin=bad.read_bytes())):
        assert done.returncode == 2
        assert b"not UTF-8 text" in done.stderr and b"Traceback" not in done.stderr
    marked = tmp_path / "bom.json"
    marked.write_bytes(b"\xef\xbb\xbf" + record)
    done = _cli("replay", str(marked))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["score"] == [5, 0]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ('{"format": ' + "9" * 5000 + "}", "too long"),
        ('{"format": 1e999}', "1e999 is not a number JSON allows"),
        ('{"format": NaN}', "NaN is not a number JSON allows"),
        ('{"format": 1, "seed": "' + '\\"' * 60_000, "not valid JSON"),
        ('["' + '\\"' * 600_000, "not valid JSON"),
    ],
)
def test_hostile_record_text_is_refused_with_a_message(text: str, reason: str) -> None:
    """Issue 9: a 5,000-digit format gave a traceback; an unterminated string of
    escaped quotes took ~30 s (a quadratic scan; the scan is linear now)."""
    with pytest.raises(RecordError, match=re.escape(reason)):
        replay(loads(text))
    done = _cli("replay", "-", stdin=text)
    assert done.returncode == 2 and "Traceback" not in done.stderr and reason in done.stderr


def test_a_later_deal_that_names_another_dealer_is_refused_naming_the_deal() -> None:
    """records.md: after the first deal the rules say who deals; a record that
    says otherwise is refused, never silently obeyed."""
    record = pinned_daily("karnoffel", date(2026, 12, 3))
    first_deal_over = _until_deal_over(record)
    rotated = record["deals"][1]["dealer"]
    assert replay(dict(record, actions=first_deal_over)).dealer == rotated
    wrong = [dict(deal) for deal in record["deals"]]
    wrong[1]["dealer"] = (rotated + 2) % 4
    with pytest.raises(RecordError, match="deal 1 names dealer"):
        replay(dict(record, deals=wrong, actions=first_deal_over))
    unnamed = [record["deals"][0]] + [{"cards": deal["cards"]} for deal in record["deals"][1:]]
    assert replay(dict(record, deals=unnamed, actions=first_deal_over)).dealer == rotated


def _until_deal_over(record: dict[str, Any]) -> list[str]:
    match = replay(record)
    while not match.results:
        match.apply_action(match.legal_actions()[0])
    return [match.action_text(action) for action in match.actions]


# -------------------------------------------------------------------- golden
def test_generator_follows_its_documented_algorithm() -> None:
    """Recompute words, draws and a shuffle from the module's own description."""

    def words(seed: str) -> Any:
        block = 0
        while True:
            digest = hashlib.sha256(seed.encode() + b"\x00" + block.to_bytes(8, "big")).digest()
            yield from (int.from_bytes(digest[i : i + 4], "big") for i in range(0, 32, 4))
            block += 1

    for seed in ("", "example", "Stichtag ✓"):
        stream, source = rng.Stream(seed), words(seed)
        assert [stream.below(1 << 32) for _ in range(20)] == [next(source) for _ in range(20)]
        stream, source = rng.Stream(seed), words(seed)
        for n in (3, 10, 48, 1000003, (1 << 31) + 1):
            limit = (1 << 32) - (1 << 32) % n
            word = next(source)
            while word >= limit:
                word = next(source)
            assert stream.below(n) == word % n
        deck = list(DECK)
        source_stream = rng.Stream(seed)
        for i in range(len(deck) - 1, 0, -1):
            j = source_stream.below(i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        assert rng.Stream(seed).shuffled(DECK) == deck
    with pytest.raises(ValueError):
        rng.Stream("x").below(0)
    with pytest.raises(ValueError):
        rng.Stream("x").choice([])


def test_pinned_deals_and_streams() -> None:
    """The stored deals of several seeds are still what the engine deals."""
    stored = json.loads(DEALS_FILE.read_text(encoding="utf-8"))
    current = pinned_deals()
    assert current["algorithm"] == stored["algorithm"] == "stichtag-sha256-v1"
    for seed, samples in stored["streams"].items():
        assert current["streams"][seed] == samples, f"stream of {seed!r} changed"
    assert len(stored["deals"]) == len(current["deals"]) >= 20
    for old, new in zip(stored["deals"], current["deals"], strict=True):
        assert new == old, f"deals of {old['seed']!r} with {old['rules']} changed"
    assert current == stored


def test_pinned_deals_are_what_a_match_deals() -> None:
    """The pinned cards go through ``new_match`` unchanged (the real path)."""
    stored = json.loads(DEALS_FILE.read_text(encoding="utf-8"))
    for entry in stored["deals"]:
        state = replay({"format": 1, "game": "karnoffel", "rules": entry["rules"],
                        "seed": entry["seed"], "actions": []})  # fmt: skip
        assert state.deal.dealer == entry["first_dealer"]  # type: ignore[attr-defined]
        assert [c.notation for c in state.deal.cards] == entry["deals"][0]  # type: ignore[attr-defined]
        assert len(set(entry["deals"][0])) == entry["rules"]["players"] * 5


def golden_record(name: str) -> dict[str, Any]:
    return loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", GOLDEN_NAMES)
def test_golden_records_replay_to_their_outcome(name: str) -> None:
    record = golden_record(name)
    expected = json.loads((GOLDEN / f"{name}.outcome.json").read_text(encoding="utf-8"))
    state = replay(record)
    assert state.is_terminal()
    assert state.outcome() == expected


@pytest.mark.parametrize("name", GOLDEN_NAMES)
def test_golden_records_are_the_seeded_random_players_game(name: str) -> None:
    """The computer player still makes the same choices from the same seeds."""
    assert play_out(golden_matches()[name]).to_record() == golden_record(name)


def test_golden_cli_replay() -> None:
    name = "karnoffel-historic"
    done = _cli("replay", str(GOLDEN / f"{name}.json"))
    assert done.returncode == 0, done.stderr
    expected = json.loads((GOLDEN / f"{name}.outcome.json").read_text(encoding="utf-8"))
    assert json.loads(done.stdout) == expected
