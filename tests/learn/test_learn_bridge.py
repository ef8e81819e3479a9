"""The bridge's learning ops: ``hint`` (never changes the game), ``tutorial``,
tutorial moves (wrong ones refused and explained), ``undo``, tutorial saves."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import bridge, hints, players, records
from engine.games import GAMES
from engine.i18n import catalog
from engine.tutorials import TUTORIAL_IDS, TUTORIALS


@pytest.fixture(autouse=True)
def fresh_session(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bridge, "_SESSION", bridge.Session())


def call(**request: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(bridge.handle(json.dumps(request)))
    return reply


def _person_turn(reply: dict[str, Any]) -> bool:
    view = reply["view"]
    return view["to_act"] == view["seat"]


def _advance(reply: dict[str, Any]) -> dict[str, Any]:
    """The computers play (and deals are dealt) until the person is to act or it is over."""
    while reply["view"]["phase"] != "over" and not _person_turn(reply):
        reply = call(op="deal") if reply["view"]["phase"] == "deal" else call(op="step")
        assert reply["ok"], reply
    return reply


# ------------------------------------------------------------------ hint
def test_only_doppelkopf_s_reservation_asks_the_page_for_a_suggestion() -> None:
    """Issue 43: "healthy, or a reservation?" comes with the engine's suggestion
    (``suggest``: the page asks the ``hint`` op), whether hints are on or not."""
    reply = _advance(call(op="new", game="doppelkopf", seed="suggest", level="easy"))
    assert reply["view"]["phase"] == "reserve" and reply.get("suggest") is True
    advice = call(op="hint")
    assert advice["action"] in reply["view"]["calls"]
    played = _advance(call(op="act", action=advice["action"]))
    assert played["view"]["phase"] != "reserve" and "suggest" not in played
    karnoffel = _advance(call(op="new", game="karnoffel", seed="suggest", level="easy"))
    assert "suggest" not in karnoffel


@pytest.mark.parametrize(
    ("game", "rules"),
    [("karnoffel", {"set": "classic"}), ("karnoffel", {"set": "historic"}), ("doppelkopf", {})],
)
def test_hint_is_the_default_players_advice_for_the_person(game: str, rules: Any) -> None:
    reply = _advance(call(op="new", game=game, rules=rules, seed="bridge-hint", level="easy"))
    before = call(op="view")
    advice = call(op="hint")
    assert advice["ok"] is True and set(advice) == {"ok", "seat", "action", "reason"}
    match = bridge._SESSION.match
    assert match is not None
    seat = reply["view"]["seat"]
    expected = players.choose_action(
        players.default_level(game), match.view(seat), players.seed_for(match, seat)
    )
    assert advice["seat"] == seat and advice["action"] == expected
    assert advice["action"] in reply["view"]["legal"]
    assert set(advice["reason"]) == {"key", "params", "text"}
    assert advice["reason"]["text"] == hints.hint(match).reason.text
    assert call(op="view") == before, "a hint changes nothing"


def test_hint_is_refused_when_it_is_not_the_persons_turn() -> None:
    assert call(op="hint")["error"]["key"] == "no_match"
    reply = call(op="new", game="karnoffel", seed="bridge-hint-turn")
    while _person_turn(reply):
        reply = call(op="act", action=reply["view"]["legal"][0])
    before = call(op="view")
    refused = call(op="hint")
    assert refused["ok"] is False and refused["error"]["key"] == "hint_not_your_turn"
    assert call(op="view") == before


def test_asking_for_hints_never_changes_the_game() -> None:
    """The same match played twice, once with a hint before every decision of the
    person: the same game, action for action."""

    def play(with_hints: bool) -> dict[str, Any]:
        bridge._SESSION = bridge.Session()
        reply = call(op="new", game="doppelkopf", seed="hints-change-nothing", level="easy")
        for _ in range(40):
            reply = _advance(reply)
            if reply["view"]["phase"] == "over":
                break
            if with_hints:
                before = call(op="view")
                assert call(op="hint")["ok"]
                assert call(op="view") == before
            reply = call(op="act", action=reply["view"]["legal"][-1])
            assert reply["ok"], reply
        return reply["save"]

    assert play(with_hints=True) == play(with_hints=False)


# -------------------------------------------------------------- tutorials
def test_the_catalog_lists_the_tutorials_and_the_how_to_play_keys() -> None:
    reply = call(op="catalog", today="2026-12-03")
    listed = reply["tutorials"]
    assert [entry["id"] for entry in listed] == list(TUTORIAL_IDS)
    for entry in listed:
        assert entry["steps"] == len(TUTORIALS[entry["id"]].steps) and entry["title"]["text"]
        assert {lesson["id"] for lesson in entry["lessons"]}
    entries = catalog()
    for game in GAMES:
        for rule_set in reply["games"][game]["sets"]:
            steps = rule_set["help"]["steps"]
            assert len(steps) == 10 and all(key in entries for key in steps)
            extra = rule_set["help"].get("powers", []) + rule_set["help"].get("notes", [])
            for item in extra:
                assert (item["key"] if isinstance(item, dict) else item) in entries
    assert len(reply["games"]["karnoffel"]["sets"][0]["help"]["powers"]) == 7


def _play_tutorial(name: str, check: Any = None) -> dict[str, Any]:
    """Follow the tutorial's own script through the bridge to its end."""
    reply = call(op="tutorial", id=name)
    assert reply["ok"], reply
    tutorial = TUTORIALS[name]
    while not reply["tutorial"]["complete"]:
        progress = reply["tutorial"]
        if reply["view"]["phase"] == "deal":
            reply = call(op="deal")
            continue
        step = tutorial.steps[progress["step"]]
        assert progress["by"] == step.by
        if check is not None:
            check(reply, progress["step"])
        if step.by == "person":
            assert step.action in reply["view"]["legal"]
            reply = call(op="act", action=step.action)
        else:
            reply = call(op="step")
        assert reply["ok"], reply
        assert reply["played"]["action"] == step.action
    return reply


@pytest.mark.parametrize("name", TUTORIAL_IDS)
def test_each_tutorial_is_played_to_its_end_by_following_its_script(name: str) -> None:
    seen: list[int] = []

    def check(reply: dict[str, Any], step: int) -> None:
        progress = reply["tutorial"]
        seen.append(step)
        assert progress["id"] == name and progress["steps"] == len(TUTORIALS[name].steps)
        assert "daily" not in reply, "a tutorial is no daily (and never counts in statistics)"
        assert reply["save"]["tutorial"] == name and "seed" not in reply["save"]
        assert "deals" not in reply["save"]
        if progress["by"] == "person":
            assert progress["instruction"]["text"] and progress["explanation"]["text"]

    final = _play_tutorial(name, check)
    assert seen == list(range(len(TUTORIALS[name].steps)))
    assert final["tutorial"]["complete"] and final["tutorial"]["ending"]["text"]
    # ... and the match goes on: the computers play by their level now.
    reply = _advance(final)
    assert reply["ok"] and reply["tutorial"]["complete"]


@pytest.mark.parametrize("name", TUTORIAL_IDS)
def test_a_wrong_move_is_refused_explained_and_changes_nothing(name: str) -> None:
    tutorial = TUTORIALS[name]
    refusals = 0

    def check(reply: dict[str, Any], step: int) -> None:
        nonlocal refusals
        expected = tutorial.steps[step]
        if expected.by != "person":
            refused = call(op="act", action=expected.action)
            assert refused["error"]["key"] == "not_your_turn"
            return
        before = call(op="view")
        for wrong in reply["view"]["legal"]:
            if wrong == expected.action:
                continue
            refused = call(op="act", action=wrong)
            assert refused["ok"] is False
            if wrong in reply["view"]["hands"][reply["view"]["seat"]]["known"]:
                assert refused["error"]["key"] == "tutorial_wrong_card"
                assert refused["error"]["params"] == {"card": wrong}
            else:
                assert refused["error"]["key"] == "tutorial_wrong_move"
                assert refused["error"]["params"] == {"action": wrong}
            mistakes = dict(expected.mistakes)
            explanation = mistakes.get(wrong, expected.explanation)
            assert explanation is not None
            assert refused["explanation"] == explanation.to_json()
            assert refused["tutorial"]["step"] == step
            assert call(op="view") == before
            refusals += 1
        illegal = call(op="act", action="ZZ")
        assert illegal["error"]["key"] == "unknown_action" and "explanation" not in illegal

    _play_tutorial(name, check)
    assert refusals > 0


@pytest.mark.parametrize("name", TUTORIAL_IDS)
def test_undo_takes_back_the_persons_last_step(name: str) -> None:
    tutorial = TUTORIALS[name]
    person_steps = [i for i, step in enumerate(tutorial.steps) if step.by == "person"]
    states: dict[int, dict[str, Any]] = {}

    def remember(reply: dict[str, Any], step: int) -> None:
        if step in person_steps:
            states[step] = reply

    final = _play_tutorial(name, remember)
    assert call(op="undo")["ok"]
    reply = call(op="view")
    last = person_steps[-1]
    assert reply["tutorial"]["step"] == last
    assert reply["view"] == states[last]["view"] and reply["save"] == states[last]["save"]
    # Twice more: each undo goes back one step of the person's.
    for previous in reversed(person_steps[:-1][-2:]):
        reply = call(op="undo")
        assert reply["tutorial"]["step"] == previous
    assert final["tutorial"]["complete"]


def test_undo_before_the_first_move_and_outside_a_tutorial_is_refused() -> None:
    assert call(op="undo")["error"]["key"] == "no_match"
    call(op="tutorial", id="doppelkopf")
    assert call(op="undo")["error"]["key"] == "tutorial_nothing_to_undo"
    call(op="new", game="karnoffel", seed="no-undo")
    assert call(op="undo")["error"]["key"] == "tutorial_only"


@pytest.mark.parametrize("name", TUTORIAL_IDS)
def test_a_tutorial_save_reopens_at_every_step(name: str) -> None:
    def reopen(reply: dict[str, Any], step: int) -> None:
        session = bridge._SESSION
        reopened = call(op="load", save=reply["save"])
        assert reopened["ok"], reopened
        assert reopened["view"] == reply["view"] and reopened["tutorial"] == reply["tutorial"]
        assert reopened["save"] == reply["save"]
        bridge._SESSION = session

    _play_tutorial(name, reopen)


def test_a_tutorial_save_made_between_deals_reopens_between_deals() -> None:
    tutorial = TUTORIALS["karnoffel-classic"]
    reply = call(op="tutorial", id=tutorial.id)
    for action in tutorial.script()[:12]:  # to the end of the first deal
        step = tutorial.steps[reply["tutorial"]["step"]]
        reply = call(op="act", action=action) if step.by == "person" else call(op="step")
    assert reply["view"]["phase"] == "deal"
    reopened = call(op="load", save=reply["save"], between_deals=True)
    assert reopened["view"] == reply["view"] and reopened["tutorial"]["step"] == 12


def test_a_save_that_leaves_the_script_or_the_tutorial_is_refused() -> None:
    reply = call(op="tutorial", id="karnoffel-classic")
    save = reply["save"]
    tutorial = TUTORIALS["karnoffel-classic"]
    off_script = dict(save, actions=["H9", "H2", "B3", "L2"])
    assert records.replay(tutorial.record(off_script["actions"]))  # legal, but not the lesson
    assert call(op="load", save=off_script)["error"]["key"] == "tutorial_bad_save"
    other_rules = dict(save, rules={"set": "classic", "target": 7, "players": 4})
    assert call(op="load", save=other_rules)["error"]["key"] == "tutorial_bad_save"
    assert call(op="load", save=dict(save, tutorial="chess"))["error"]["key"] == "tutorial_unknown"
    assert call(op="load", save=dict(save, actions=["ZZ"]))["error"]["key"] == "bad_record"
    daily = {"game": "karnoffel", "date": "2026-12-01"}
    assert call(op="load", save=save, daily=daily)["error"]["key"] == "bad_daily_save"
    assert call(op="tutorial", id="chess")["error"]["key"] == "tutorial_unknown"
    assert call(op="tutorial")["error"]["key"] == "tutorial_unknown"


def test_a_tutorial_is_left_by_starting_another_game() -> None:
    call(op="tutorial", id="karnoffel-historic")
    reply = call(op="new", game="karnoffel", seed="after-tutorial")
    assert "tutorial" not in reply and "tutorial" not in reply["save"]
    assert call(op="view").get("tutorial") is None
