"""The worker's JSON door: every op, and bad input that changes nothing."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

import pytest

from engine import bridge
from engine.daily import pinned_daily
from engine.records import replay
from engine.saves import opened


@pytest.fixture(autouse=True)
def fresh_session(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bridge, "_SESSION", bridge.Session())


def call(**request: Any) -> dict[str, Any]:
    return json.loads(bridge.handle(json.dumps(request)))


def pinned(game: str, day: str) -> dict[str, Any]:
    """The pinned daily as the worker reads it from puzzles/ (the generator's deals)."""
    return pinned_daily(game, date.fromisoformat(day))


def daily(day: str, today: str, **extra: Any) -> dict[str, Any]:
    return call(
        op="daily",
        game="karnoffel",
        date=day,
        today=today,
        pinned=pinned("karnoffel", day),
        **extra,
    )


def play_to_end(reply: dict[str, Any]) -> dict[str, Any]:
    while reply["view"]["phase"] != "over":
        view = reply["view"]
        if view["phase"] == "deal":
            reply = call(op="deal")
        elif view["to_act"] == view["seat"]:
            reply = call(op="act", action=view["legal"][-1])
        else:
            reply = call(op="step")
        assert reply["ok"], reply
    return reply


def test_ping() -> None:
    assert call(op="ping")["ok"] is True


@pytest.mark.parametrize(
    "raw",
    [
        "not json",
        "[]",
        '{"op": "fly"}',
        '{"op": 3}',
        '{"op": "new", "rules": ' + "[" * 5000 + "]" * 5000 + "}",
    ],
)
def test_bad_requests_get_an_error_not_an_exception(raw: str) -> None:
    reply = json.loads(bridge.handle(raw))
    assert reply["ok"] is False and reply["error"]["text"]


def test_a_whole_match_through_the_bridge_matches_its_replay() -> None:
    reply = call(
        op="new",
        game="karnoffel",
        rules={"set": "classic", "target": 5},
        seed="bridge-test",
        level="random",
    )
    assert reply["ok"] and reply["view"]["seat"] == 0
    final = play_to_end(reply)
    assert final["outcome"]["finished"] is True
    assert max(final["outcome"]["score"]) == 5
    assert replay(opened(final["save"])).outcome() == final["outcome"]


def test_historic_match_plays_through() -> None:
    final = play_to_end(
        call(
            op="new",
            game="karnoffel",
            rules={"set": "historic"},
            seed="bridge-historic",
            level="random",
        )
    )
    assert max(final["outcome"]["score"]) >= 101


def test_illegal_action_is_refused_and_changes_nothing() -> None:
    reply = call(op="new", game="karnoffel", seed="bridge-illegal")
    view = reply["view"]
    while view["to_act"] != 0:
        view = call(op="step")["view"]
    before = call(op="view")
    not_mine = next(
        card
        for card in ["AK", "AO", "AU", "A10", "A9", "A8"]
        if card not in view["hands"][0]["known"]
    )
    refused = call(op="act", action=not_mine)
    assert refused["ok"] is False
    assert refused["error"]["key"] == "card_not_in_hand"
    assert call(op="view") == before


def test_computer_cannot_act_for_the_human() -> None:
    reply = call(op="new", game="karnoffel", seed="bridge-turn")
    while reply["view"]["to_act"] != 0:
        reply = call(op="step")
    assert call(op="step")["error"]["key"] == "no_computer_turn"


def test_load_refuses_a_bad_record_naming_the_action() -> None:
    reply = call(op="new", game="karnoffel", seed="bridge-load")
    save = reply["save"]
    save["actions"] = ["ZZ"]
    refused = call(op="load", save=save)
    assert refused["ok"] is False
    assert refused["error"]["key"] == "bad_record"
    assert refused["error"]["params"]["index"] == 0


def test_daily_share_and_stats() -> None:
    reply = daily("2026-12-01", "2026-12-02", level="random")
    assert reply["daily"] == {"game": "karnoffel", "number": 1, "date": "2026-12-01"}
    assert call(op="share", address="x")["error"]["key"] == "not_shareable"
    final = play_to_end(reply)
    shared = call(op="share", address="https://example.org/")
    team_score = final["outcome"]["score"]
    assert shared["text"].startswith("Stichtag · Karnöffel #1\n")
    # The share text ends with the site's address alone (issue 43: no long query);
    # the friends' link with the code is apart (engine.friends).
    assert shared["text"].endswith("\nhttps://example.org/")
    assert shared["link"] not in shared["text"] and "friend=" not in shared["text"]
    assert shared["link"].startswith("https://example.org/?daily=2026-12-01&game=karnoffel&friend=")
    won_or_lost = "You won" if shared["won"] else "The opponents won"
    assert shared["verdict"] == f"{won_or_lost} {max(team_score)}–{min(team_score)}"
    assert f"{team_score[0]}–{team_score[1]}" in shared["text"]
    # A saved daily reloads as that daily.
    again = call(
        op="load",
        save=final["save"],
        daily={"game": "karnoffel", "date": "2026-12-01"},
        today="2026-12-02",
        pinned=pinned("karnoffel", "2026-12-01"),
        level="random",
    )
    assert again["daily"]["number"] == 1 and again["outcome"] == final["outcome"]
    stats = call(
        op="stats", results=[{"number": 1, "won": True, "archive": False}], today="2026-12-02"
    )
    assert stats["stats"]["current_streak"] == 1


@pytest.mark.parametrize(
    ("date", "key"),
    [
        ("2026-12-09", "daily_future"),
        ("2026-11-01", "daily_before_first"),
        ("nonsense", "daily_bad_date"),
    ],
)
def test_daily_refuses_bad_dates(date: str, key: str) -> None:
    def daily_of(day: str, today: str) -> dict[str, Any]:
        return call(op="daily", game="karnoffel", date=day, today=today, pinned=None)

    assert daily_of(date, "2026-12-05")["error"]["key"] == key


def test_two_sessions_playing_the_same_daily_the_same_way_get_the_same_game() -> None:
    finals = []
    for _ in range(2):
        bridge._SESSION = bridge.Session()
        finals.append(play_to_end(daily("2026-12-03", "2026-12-03", level="random")))
    assert finals[0]["save"] == finals[1]["save"]


def test_catalog_lists_rule_choices_and_todays_daily() -> None:
    reply = call(op="catalog", today="2026-12-03")
    assert reply["ok"] is True
    sets = {entry["name"]: entry for entry in reply["games"]["karnoffel"]["sets"]}
    assert sets["classic"]["targets"] == [5, 7, 11] and sets["classic"]["default_target"] == 7
    assert sets["classic"]["players"] == [2, 4, 6, 8]
    assert sets["historic"]["players"] == [4]
    assert reply["games"]["karnoffel"]["faces"] == ["german", "french"]
    assert reply["levels"] == ["easy", "medium", "hard"]
    # Each game's default: the strongest level that meets the speed bar.
    assert reply["games"]["karnoffel"]["default_level"] == "medium"
    assert reply["games"]["doppelkopf"]["default_level"] == "hard"
    assert reply["accepted_levels"] == ["random", "easy", "medium", "hard"]
    assert reply["daily"] == {
        "first": "2026-12-01",
        "games": ["doppelkopf", "karnoffel"],
        "today": {"number": 3, "date": "2026-12-03"},
        "archive": {
            "total": 2,
            "offset": 0,
            "entries": [{"number": 2, "date": "2026-12-02"}, {"number": 1, "date": "2026-12-01"}],
        },
    }
    assert reply["stats_schema"] == 1


def test_catalog_before_the_first_daily_has_no_todays_daily() -> None:
    before = call(op="catalog", today="2026-11-29")["daily"]
    assert before["today"] is None and before["archive"]["entries"] == []
    assert call(op="catalog", today="29.11.2026")["error"]["key"] == "bad_date"


@pytest.mark.heavy
def test_load_restores_every_saved_point_exactly_as_it_was_left() -> None:
    """A save after any response (mid-trick, between deals, over) reopens as that very state."""
    reply = daily("2026-12-03", "2026-12-05", level="random")
    checked = {"play": 0, "deal": 0, "over": 0}
    while True:
        view = reply["view"]
        loaded = bridge.Session().op_load(
            {
                "save": reply["save"],
                "daily": {"game": "karnoffel", "date": "2026-12-03"},
                "today": "2026-12-05",
                "pinned": pinned("karnoffel", "2026-12-03"),
                "between_deals": view["phase"] == "deal",
            }
        )
        assert loaded["view"] == view and loaded["save"] == reply["save"]
        checked[view["phase"]] = checked.get(view["phase"], 0) + 1
        if view["phase"] == "over":
            break
        if view["phase"] == "deal":
            reply = call(op="deal")
        elif view["to_act"] == 0:
            reply = call(op="act", action=view["legal"][0])
        else:
            reply = call(op="step")
    assert checked["deal"] >= 6 and checked["over"] == 1 and checked["play"] > 40


def test_load_between_deals_then_deal_goes_on_as_in_play() -> None:
    reply = call(op="new", game="karnoffel", seed="between", level="random")
    while reply["view"]["phase"] != "deal":
        view = reply["view"]
        reply = call(op="act", action=view["legal"][0]) if view["to_act"] == 0 else call(op="step")
    live_next = call(op="deal")
    assert call(op="load", save=reply["save"])["view"] == live_next["view"]  # dealt on by default
    loaded = call(op="load", save=reply["save"], level="random", between_deals=True)
    assert loaded["view"] == reply["view"]
    assert call(op="deal")["view"] == live_next["view"]
    bad = dict(reply["save"], actions=[*reply["save"]["actions"], 7])
    assert call(op="load", save=bad, between_deals=True)["error"]["key"] == "bad_record"


def test_the_warm_up_leaves_a_fresh_session_and_answers_like_a_cold_engine() -> None:
    """engine-boot.js warms the engine before a snapshot: afterwards no match of
    the warm-up is open, and every request answers as without it."""
    request = json.dumps({"op": "new", "game": "karnoffel", "seed": "s", "level": "random"})
    cold = bridge.handle(request)
    bridge.warm_up()
    assert json.loads(bridge.handle(json.dumps({"op": "view"})))["ok"] is False
    assert bridge.handle(request) == cold


def test_every_state_response_names_the_level_the_computers_play() -> None:
    opened = call(op="new", game="karnoffel", seed="levels", level="easy")
    assert opened["level"] == "easy"
    view = opened["view"]
    moved = (
        call(op="step")
        if view["to_act"] != view["seat"]
        else call(op="act", action=view["legal"][0])
    )
    assert moved["ok"] and moved["level"] == "easy"
    # A bad level changes nothing ...
    refused = call(op="new", game="karnoffel", seed="levels", level="expert")
    assert not refused["ok"] and refused["error"]["key"] == "bad_level"
    assert call(op="view")["level"] == "easy"
    # ... and a request without one gets the game's default level.
    assert call(op="load", save=moved["save"])["level"] == "medium"
    assert call(op="new", game="doppelkopf", seed="levels")["level"] == "hard"
    assert daily("2026-12-03", "2026-12-03", level="hard")["level"] == "hard"


def test_a_daily_past_the_par_horizon_plays_and_shares_that_par_is_not_known() -> None:
    """Deals are pinned years ahead, par only months: such a day plays as usual."""
    day = "2029-06-01"
    reply = daily(day, day, level="random")
    assert reply["ok"] and reply["daily"]["date"] == day
    play_to_end(reply)
    shared = call(op="share", address="https://example.org/")
    assert shared["ok"] and shared["par"] is None
    assert shared["text"].splitlines()[1].endswith(" · par not known yet")
    assert shared["line"].endswith(" Par is not known for this day yet.")
    german = call(op="share", address="https://example.org/", lang="de")
    assert german["text"].splitlines()[1].endswith(" · Par noch unbekannt")
