"""Hostile requests (issue 9): each is refused with a clear message, the reply is
strict JSON, and the session is exactly as it was."""

from __future__ import annotations

import json
import math
from datetime import date
from typing import Any

import pytest

from engine import bridge
from engine.daily import pinned_daily
from engine.doppelkopf.state import new_match as doppelkopf_match
from engine.saves import SEAL, opened, save_of

TODAY = "2026-12-05"
DAY = "2026-12-03"


@pytest.fixture(autouse=True)
def fresh_session(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bridge, "_SESSION", bridge.Session())


def _strict(text: str) -> Any:
    def refuse(name: str) -> None:
        raise AssertionError(f"the reply is not strict JSON: it holds {name}")

    return json.loads(text, parse_constant=refuse)


def raw(text: str) -> dict[str, Any]:
    return _strict(bridge.handle(text))


def call(**request: Any) -> dict[str, Any]:
    return raw(json.dumps(request))


def pinned(game: str = "karnoffel", day: str = DAY) -> dict[str, Any]:
    return pinned_daily(game, date.fromisoformat(day))


def daily_slot() -> dict[str, Any]:
    return {"daily": {"game": "karnoffel", "date": DAY}, "today": TODAY, "pinned": pinned()}


def started() -> dict[str, Any]:
    """A free match a few moves in; returns the session's state as the page sees it."""
    reply = call(op="new", game="karnoffel", seed="hostile", level="random")
    for _ in range(3):
        view = reply["view"]
        reply = call(op="act", action=view["legal"][0]) if view["to_act"] == 0 else call(op="step")
    return call(op="view")


def assert_unchanged(before: dict[str, Any]) -> None:
    """The session answers exactly as before, and a computer move still works."""
    assert call(op="view") == before
    view = before["view"]
    if view["phase"] == "play" and view["to_act"] != 0:
        assert call(op="step")["ok"] is True


@pytest.mark.parametrize("seat", [7, -1, "x", None, True])
def test_load_with_a_bad_seat_is_refused_and_keeps_the_session(seat: Any) -> None:
    before = started()
    save = dict(before["save"], humans=[0])
    refused = call(op="load", save=save, seat=seat)
    assert refused["ok"] is False and refused["error"]["key"] in ("bad_request", "bad_seat")
    assert refused["error"]["text"]
    assert_unchanged(before)


@pytest.mark.parametrize("humans", [[1], [], [0, 1]])
def test_a_save_whose_humans_are_not_the_person_is_refused(humans: list[int]) -> None:
    """humans [1] would freeze the table; [] would let the computers play the daily."""
    before = started()
    save = dict(opened(before["save"]), humans=humans)
    for request in (
        {"op": "load", "save": save},
        {"op": "load", "save": dict(save, seed=f"daily/karnoffel/{DAY}"), **daily_slot()},
    ):
        refused = call(**request)
        assert refused["ok"] is False, request
        assert refused["error"]["key"] in ("bad_seat", "bad_daily_save")
    assert_unchanged(before)


def test_a_daily_is_played_from_south_only() -> None:
    """Another seat would share (and count) the other team's result as the person's."""
    before = _daily_save()
    save = dict(before["save"], humans=[1])
    refused = call(op="load", save=save, seat=1, **daily_slot())
    assert refused["ok"] is False and refused["error"]["key"] == "bad_seat"
    opened = call(op="daily", game="karnoffel", date=DAY, today=TODAY, pinned=pinned(), seat=1)
    assert opened["ok"] is False and opened["error"]["key"] == "bad_seat"
    assert_unchanged(before)


@pytest.mark.parametrize(
    "text",
    [
        '{"op": NaN}',
        '{"op": "new", "seed": "x", "level": Infinity}',
        '{"op": "new", "seed": "x", "level": -Infinity}',
        '{"op": "new", "seed": "x", "level": 1e999}',
        '{"op": "catalog", "today": ' + "9" * 5000 + "}",
    ],
)
def test_replies_are_strict_json_even_for_nan_infinity_and_huge_numbers(text: str) -> None:
    reply = raw(text)
    assert reply["ok"] is False and reply["error"]["key"] == "bad_request"
    assert not any(isinstance(v, float) and not math.isfinite(v) for v in reply["error"]["params"])


@pytest.mark.parametrize("game", [[], {}, 3, None, "skat", "x" * 10_000])
def test_a_daily_of_no_game_is_a_clear_refusal_not_an_internal_error(game: Any) -> None:
    reply = call(op="daily", game=game, date=DAY, today=TODAY, pinned=pinned())
    assert reply["ok"] is False and reply["error"]["key"] == "unknown_game"
    assert len(reply["error"]["text"]) < 200


@pytest.mark.parametrize("text", ["2026-W49-2", "2026-W49", "2026-337", "20261203", " 2026-12-03"])
def test_only_calendar_dates_open_a_daily(text: str) -> None:
    reply = call(op="daily", game="karnoffel", date=text, today=TODAY, pinned=pinned())
    assert reply["ok"] is False and reply["error"]["key"] == "daily_bad_date"
    assert call(op="catalog", today=text)["error"]["key"] == "bad_date"


def test_a_day_with_no_pinned_daily_is_refused_never_dealt_anew() -> None:
    reply = call(op="daily", game="karnoffel", date=DAY, today=TODAY, pinned=None)
    assert reply["ok"] is False and reply["error"]["key"] == "daily_not_pinned"
    other_day = pinned(day="2026-12-04")
    reply = call(op="daily", game="karnoffel", date=DAY, today=TODAY, pinned=other_day)
    assert reply["error"]["key"] == "bad_pinned_daily"


def _daily_save() -> dict[str, Any]:
    reply = call(
        op="daily", game="karnoffel", date=DAY, today=TODAY, pinned=pinned(), level="random"
    )
    reply = (
        call(op="act", action=reply["view"]["legal"][0]) if reply["view"]["to_act"] == 0 else reply
    )
    return call(op="view")


@pytest.mark.parametrize(
    "change",
    [
        {"game": "doppelkopf", "rules": {"set": "standard", "variants": []}},
        {"rules": {"set": "classic", "target": 7, "players": 2}},
        {"rules": {"set": "classic", "target": 5, "players": 4}},
        {"seed": "daily/karnoffel/2026-12-04"},
        {"deals": pinned()["deals"]},
    ],
)
def test_a_save_in_a_daily_slot_must_be_that_very_daily(change: dict[str, Any]) -> None:
    before = _daily_save()
    save = dict(before["save"], **change)
    refused = call(op="load", save=save, **daily_slot())
    assert refused["ok"] is False
    assert refused["error"]["key"] in ("bad_daily_save", "bad_save")
    assert_unchanged(before)


def test_huge_inputs_are_not_echoed_and_the_catalog_is_bounded() -> None:
    big = "B" * 2_000_000
    for reply in (call(op=big), call(op="new", seed="x", level=big)):
        assert reply["ok"] is False and len(json.dumps(reply)) < 1000
    started()
    assert len(json.dumps(call(op="act", action=big))) < 1000
    catalog = bridge.handle(json.dumps({"op": "catalog", "today": "9999-12-31"}))
    reply = _strict(catalog)
    assert (
        len(catalog) < 50_000 and len(reply["daily"]["archive"]["entries"]) == bridge.ARCHIVE_PAGE
    )
    assert reply["daily"]["archive"]["total"] == (date(9999, 12, 31) - date(2026, 12, 1)).days
    page = call(op="archive", today="9999-12-31", offset=reply["daily"]["archive"]["total"] - 3)
    assert [entry["number"] for entry in page["entries"]] == [3, 2, 1]
    oversized = "[" + " " * bridge.MAX_REQUEST_CHARS + "]"
    assert raw(oversized)["error"]["key"] == "bad_request"


# ------------------------------------------------------------- hidden cards
def _walk(value: Any) -> list[Any]:
    if isinstance(value, dict):
        return [value, *(item for v in value.values() for item in _walk(v))]
    if isinstance(value, list):
        return [value, *(item for v in value for item in _walk(v))]
    return [value]


@pytest.mark.heavy
def test_no_reply_of_a_whole_doppelkopf_daily_carries_the_deals_or_a_hidden_action() -> None:
    """The page receives the seat's view and a save: never the deals, never another
    seat's reservation or poverty cards in readable form."""
    reply = call(
        op="daily",
        game="doppelkopf",
        date=DAY,
        today=TODAY,
        pinned=pinned("doppelkopf"),
        level="random",
    )
    replies = [reply]
    while not reply["outcome"]["finished"]:
        view = reply["view"]
        if view["phase"] == "deal":
            reply = call(op="deal")
        elif view["to_act"] == 0:
            reply = call(op="act", action=view["legal"][-1])
        else:
            reply = call(op="step")
        assert reply["ok"], reply
        replies.append(reply)
    for reply in replies:
        assert "record" not in reply and "deals" not in reply["save"]
        for node in _walk(reply):
            assert not (isinstance(node, dict) and "cards" in node and len(node["cards"]) > 4)
        played = reply.get("played")
        if played and played["seat"] != 0:
            assert not played["action"].startswith(("pass:", "return:", "solo-", "marriage"))
            assert played["action"] != "poverty"
    final = replies[-1]["save"]
    assert all(not action.startswith(("pass:", "return:")) for action in final["actions"])
    full = opened(final, pinned("doppelkopf")["deals"])
    assert len(full["actions"]) == len(final["actions"])


def test_an_overruled_reservation_shows_only_as_a_reservation() -> None:
    """A marriage under a solo would reveal both club queens (doppelkopf.md)."""
    match = doppelkopf_match(seed="overruled")
    said = {}
    while match.phase.value == "reserve":
        seat = match.current_player()
        legal = [match.action_text(a) for a in match.legal_actions()]
        choice = "marriage" if "marriage" in legal else ("solo-aces" if not said else "healthy")
        said[seat] = choice
        match.apply_action(choice)
    seats = [seat for seat, choice in said.items() if choice != "healthy"]
    assert seats, "the seed gives at least one reservation"
    for viewer in range(4):
        shown = {r["seat"]: r["reservation"] for r in match.view(viewer)["reservations"]}
        for seat in seats:
            if seat == viewer or seat == match.declarer:
                assert shown[seat] == said[seat]
            else:
                assert shown[seat] == "reservation"
    save = save_of(match, viewer=0)
    for index, seat in enumerate(match.actors):
        if seat != 0 and said[seat] != "healthy":
            assert save["actions"][index].startswith(SEAL)


@pytest.mark.parametrize("deal", [-1, -2, -(10**6)])
def test_a_negative_deal_number_is_a_clear_refusal(deal: int) -> None:
    before = started()
    refused = call(op="review", deal=deal)
    assert refused["ok"] is False
    assert refused["error"]["key"] == "bad_request" and refused["error"]["params"] == {
        "field": "deal"
    }
    assert_unchanged(before)


@pytest.mark.parametrize("humans", [None, "0", [1], [], [0, 1]])
def test_a_tutorial_save_and_a_normal_save_meet_one_humans_check(humans: Any) -> None:
    """A save's human seats are checked once, whether it names a seed or a tutorial."""
    before = started()
    tutorial = call(op="tutorial", id="doppelkopf")["save"]
    normal = call(op="new", game="doppelkopf", seed="humans")["save"]
    call(op="load", save=before["save"], level="random")
    refusals = [call(op="load", save=dict(save, humans=humans)) for save in (normal, tutorial)]
    assert [reply["ok"] for reply in refusals] == [False, False]
    assert refusals[0]["error"] == refusals[1]["error"]
    assert_unchanged(before)


def test_a_tutorial_save_naming_the_person_as_its_human_opens_as_a_normal_one_does() -> None:
    tutorial = call(op="tutorial", id="doppelkopf")
    normal = call(op="new", game="doppelkopf", seed="humans")
    assert call(op="load", save=dict(normal["save"], humans=[0]))["ok"] is True
    reopened = call(op="load", save=dict(tutorial["save"], humans=[0]))
    assert reopened["ok"] is True and reopened["view"] == tutorial["view"]
