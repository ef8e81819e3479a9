"""``python -m engine hint FILE|-``: the hint for the seat to act in a record,
and the same refusals as ``replay``."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from engine import bridge, daily, rng
from engine.__main__ import main
from engine.hints import hint
from engine.records import replay
from engine.saves import SEAL
from engine.tutorials import TUTORIALS

REPO = Path(__file__).resolve().parents[2]


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _write(tmp_path: Path, record: Any, name: str = "record.json") -> Path:
    path = tmp_path / name
    path.write_text(record if isinstance(record, str) else json.dumps(record), encoding="utf-8")
    return path


def _in_progress(game: str, steps: int, rules: dict[str, Any] | None = None) -> dict[str, Any]:
    record: dict[str, Any] = {"format": 1, "game": game, "seed": f"cli-{game}", "actions": []}
    if rules is not None:
        record["rules"] = rules
    stream = rng.Stream("cli-moves")
    for _ in range(steps):
        match = replay(record)
        legal = [match.action_text(action) for action in match.legal_actions()]
        record["actions"].append(stream.choice(legal))
    return record


@pytest.mark.parametrize(
    ("game", "rules", "steps"),
    [
        ("karnoffel", {"set": "classic"}, 3),
        ("karnoffel", {"set": "historic"}, 5),
        ("doppelkopf", None, 9),
        ("doppelkopf", None, 0),
    ],
)
def test_hint_prints_the_seat_the_action_and_the_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, rules: Any, steps: int
) -> None:
    record = _in_progress(game, steps, rules)
    code, out, err = _run(capsys, "hint", str(_write(tmp_path, record)))
    assert code == 0, err
    printed = json.loads(out)
    match = replay(record)
    assert printed == hint(match).to_json()
    assert set(printed) == {"seat", "action", "reason"}
    assert set(printed["reason"]) == {"key", "params", "text"}
    assert printed["seat"] == match.current_player() and match.is_legal(printed["action"])


BAD_RECORDS = {
    "not-json": "{not json",
    "not-an-object": "[1, 2]",
    "unknown-game": json.dumps({"format": 1, "game": "skat", "seed": "x", "actions": []}),
    "newer-format": json.dumps({"format": 9, "game": "karnoffel", "seed": "x"}),
    "bad-action": json.dumps({"format": 1, "game": "karnoffel", "seed": "x", "actions": ["ZZ"]}),
    "bad-rules": json.dumps({"format": 1, "game": "karnoffel", "rules": {"set": "x"}, "seed": "x"}),
    "too-deep": "[" * 200 + "]" * 200,
}


@pytest.mark.parametrize("name", sorted(BAD_RECORDS))
def test_hint_refuses_a_bad_record_exactly_as_replay_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    path = str(_write(tmp_path, BAD_RECORDS[name]))
    replayed = _run(capsys, "replay", path)
    hinted = _run(capsys, "hint", path)
    assert replayed[0] == hinted[0] == 2
    assert hinted[2] == replayed[2] and hinted[2].startswith("error: ")
    assert hinted[1] == ""


def test_hint_refuses_a_missing_file_and_bad_bytes_as_replay_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = str(tmp_path / "nowhere.json")
    assert _run(capsys, "hint", missing) == _run(capsys, "replay", missing)
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"game": "karn\xf6ffel"}')
    assert _run(capsys, "hint", str(path)) == _run(capsys, "replay", str(path))
    assert _run(capsys, "hint", str(path))[0] == 2


def test_hint_refuses_a_finished_match(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record: dict[str, Any] = {
        "format": 1,
        "game": "karnoffel",
        "rules": {"set": "classic", "players": 2, "target": 5},
        "seed": "cli-finished",
        "actions": [],
    }
    match = replay(record)
    stream = rng.Stream("cli-finished")
    while not match.is_terminal():
        action = match.action_text(stream.choice(match.legal_actions()))
        record["actions"].append(action)
        match.apply_action(action)
        match.settle_chance()
    code, out, err = _run(capsys, "hint", str(_write(tmp_path, record)))
    assert (code, out) == (2, "")
    assert err == "error: no hint: The match is over: there is no decision left to advise on.\n"


def test_hint_refuses_a_chance_node_with_no_deal_left(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record whose explicit deals are used up (and no seed) waits for cards."""
    tutorial = TUTORIALS["karnoffel-classic"]
    record = tutorial.record(tutorial.script()[:12])  # the whole first deal
    del record["seed"]
    record["deals"] = record["deals"][:1]
    code, out, err = _run(capsys, "hint", str(_write(tmp_path, record)))
    assert (code, out) == (2, "")
    assert (
        err == "error: no hint: The cards must be dealt before there is a decision to advise on.\n"
    )


def test_the_command_reads_standard_input() -> None:
    """The real command line (CPython only: Pyodide starts no processes)."""
    record = _in_progress("karnoffel", 2, {"set": "classic"})
    done = subprocess.run(
        [sys.executable, "-m", "engine", "hint", "-"],
        input=json.dumps(record), capture_output=True, text=True, cwd=REPO, check=False,
        timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == hint(replay(record)).to_json()
    bad = subprocess.run(
        [sys.executable, "-m", "engine", "hint", "-"],
        input='{"format": 1, "game": "karnoffel", "seed": "x", "actions": ["ZZ"]}',
        capture_output=True, text=True, cwd=REPO, check=False, timeout=120,
    )  # fmt: skip
    assert bad.returncode == 2
    assert bad.stderr == "error: bad record: action 0: 'ZZ' is not a move of this game.\n"


PAGE_DAY = "2026-12-02"  # a Doppelkopf daily whose computers make a private reservation early


def _page_doppelkopf_daily(monkeypatch: pytest.MonkeyPatch) -> tuple[dict[str, Any], Any]:
    """A Doppelkopf daily played through ``engine.bridge`` as the page plays it,
    up to the person's turn once another seat's reservation is sealed in the save;
    returns the bridge's last state and its hint there."""
    monkeypatch.setattr(bridge, "_SESSION", bridge.Session())

    def call(**request: Any) -> Any:
        return json.loads(bridge.handle(json.dumps(request)))

    pinned = daily.pinned_daily("doppelkopf", date.fromisoformat(PAGE_DAY))
    reply = call(op="daily", game="doppelkopf", date=PAGE_DAY, today=PAGE_DAY, pinned=pinned)
    while not (
        any(action.startswith(SEAL) for action in reply["save"]["actions"])
        and reply["turn"]["who"] == "person"
        and len(reply["save"]["actions"]) > 8
    ):
        person = reply["turn"]["who"] == "person"
        reply = call(op="act", action=reply["view"]["legal"][0]) if person else call(op="step")
    return reply, call(op="hint")


def test_replay_and_hint_take_the_pages_own_doppelkopf_save(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    state, advice = _page_doppelkopf_daily(monkeypatch)
    save = state["save"]
    stored = {"format": 2, "save": save, "daily": {"game": "doppelkopf", "date": PAGE_DAY}}
    for document in (save, stored):
        path = str(_write(tmp_path, document))
        code, out, err = _run(capsys, "replay", path)
        assert code == 0, err
        assert json.loads(out) == state["outcome"]
        code, out, err = _run(capsys, "hint", path)
        assert code == 0, err
        assert json.loads(out) == {key: advice[key] for key in ("seat", "action", "reason")}


@pytest.mark.skipif(
    sys.platform == "emscripten", reason="the command line reads puzzles/ from the source tree"
)
def test_a_stored_save_of_another_daily_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    state, _ = _page_doppelkopf_daily(monkeypatch)
    stored = {
        "format": 2,
        "save": state["save"],
        "daily": {"game": "doppelkopf", "date": "2026-12-03"},
    }
    code, out, err = _run(capsys, "replay", str(_write(tmp_path, stored)))
    assert (code, out) == (2, "")
    assert "is not the doppelkopf daily of 2026-12-03" in err
