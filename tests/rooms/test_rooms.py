"""The host's room (engine/rooms): guests' messages checked, per-seat views, numbered actions."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from engine import bridge
from engine.rooms import MAX_GUEST_MESSAGE_CHARS

SECRET_W = "w" * 20
SECRET_N = "n" * 20
TOKEN_W = "t" * 20
TOKEN_N = "u" * 20


@pytest.fixture
def session() -> bridge.Session:
    return bridge.Session()


def call(session: bridge.Session, **request: Any) -> dict[str, Any]:
    bridge._SESSION = session
    return json.loads(bridge.handle(json.dumps({"op": "room", **request})))


def open_room(session: bridge.Session, **extra: Any) -> dict[str, Any]:
    seats = [
        {"kind": "host", "name": "Ada"},
        {"kind": "friend", "secret": SECRET_W},
        {"kind": "friend", "secret": SECRET_N},
        {"kind": "computer"},
    ]
    request = {"do": "open", "id": "room1", "host_seat": 0, "seats": seats, "game": "karnoffel"}
    request.update({"rules": {"set": "classic"}, "seed": "room-test", "level": "random", **extra})
    return call(session, **request)


def guest(session: bridge.Session, channel: int, message: dict[str, Any]) -> dict[str, Any]:
    """A message as it comes from the data channel of seat ``channel``."""
    text = message["raw"] if "raw" in message else json.dumps(message)
    return call(session, do="guest", seat=channel, message=text)


def hello(seat: int, secret: str, token: str, name: str) -> dict[str, Any]:
    return {"type": "hello", "seat": seat, "secret": secret, "token": token, "name": name}


def started(session: bridge.Session) -> dict[str, Any]:
    assert open_room(session)["ok"]
    assert guest(session, 1, hello(1, SECRET_W, TOKEN_W, "Wim"))["reply"]["type"] == "welcome"
    assert guest(session, 2, hello(2, SECRET_N, TOKEN_N, "Nia"))["reply"]["type"] == "welcome"
    state = call(session, do="start")
    assert state["ok"], state
    return state


def act(seat: int, n: int, action: str) -> dict[str, Any]:
    secret, token = {1: (SECRET_W, TOKEN_W), 2: (SECRET_N, TOKEN_N)}[seat]
    return {"type": "act", "seat": seat, "secret": secret, "token": token, "n": n, "action": action}


def play_until_guest(session: bridge.Session, state: dict[str, Any]) -> dict[str, Any]:
    """Host and computers move (the host plays its first legal action) until a guest is to act."""
    while state["turn"]["who"] in ("person", "computer"):
        if state["turn"]["who"] == "person":
            state = json.loads(
                bridge.handle(json.dumps({"op": "act", "action": state["view"]["legal"][0]}))
            )
        else:
            state = json.loads(bridge.handle(json.dumps({"op": "step"})))
        assert state["ok"], state
    return state


def test_a_started_room_is_a_match_of_several_humans(session: bridge.Session) -> None:
    state = started(session)
    record = state["room"]["save"]["record"]
    assert record["humans"] == [0, 1, 2]
    assert sorted(state["room"]["guests"]) == ["1", "2"]
    roster = state["room"]["seats"]
    assert [seat["kind"] for seat in roster] == ["host", "friend", "friend", "computer"]
    assert [seat["name"] for seat in roster][:3] == ["Ada", "Wim", "Nia"]
    assert all("secret" not in seat and "token" not in seat for seat in roster)


def test_each_guest_sees_only_its_own_hand(session: bridge.Session) -> None:
    state = started(session)
    for seat_text, message in state["room"]["guests"].items():
        seat = int(seat_text)
        assert session.match is not None
        # The seat's own view (what its table would show in a game alone), no other's.
        assert message["view"] == session.match.view(seat) != session.match.view(0)
        hands = message["view"]["hands"]
        assert len(hands[seat]["known"]) == hands[seat]["count"], "a guest sees its own hand"
        opponent = (seat + 1) % 4
        assert len(hands[opponent]["known"]) < hands[opponent]["count"]
        assert "save" not in message and "secret" not in json.dumps(message)


def test_a_guest_acts_once_and_a_repeat_is_recognised(session: bridge.Session) -> None:
    state = play_until_guest(session, started(session))
    seat = state["turn"]["seat"]
    n = state["room"]["next"]
    action = state["room"]["guests"][str(seat)]["view"]["legal"][0]
    answer = guest(session, seat, act(seat, n, action))
    assert answer["changed"] and answer["reply"]["ack"] == n and answer["to"] == seat
    assert len(answer["room"]["save"]["record"]["actions"]) == n + 1
    again = guest(session, seat, act(seat, n, action))
    assert again["reply"]["type"] == "state" and again["reply"]["ack"] == n
    assert len(again["room"]["save"]["record"]["actions"]) == n + 1, "applied once"


@pytest.mark.parametrize(
    ("case", "key"),
    [
        ("other_seat", "room_wrong_seat"),
        ("wrong_secret", "room_wrong_secret"),
        ("malformed", "room_bad_message"),
        ("extra_field", "room_bad_message"),
        ("huge", "room_message_too_long"),
        ("stale", "room_stale_action"),
        ("illegal", "unknown_action"),
        ("not_turn", "not_your_turn"),
        ("other_device", "room_seat_taken"),
    ],
)
def test_a_refused_message_changes_nothing(session: bridge.Session, case: str, key: str) -> None:
    state = play_until_guest(session, started(session))
    seat = state["turn"]["seat"]
    other = 3 - seat  # the other guest (1 <-> 2)
    n = state["room"]["next"]
    action = state["room"]["guests"][str(seat)]["view"]["legal"][0]
    message: dict[str, Any] = act(seat, n, action)
    channel = seat
    if case == "other_seat":
        channel = other  # the other guest's connection sends for this seat
        message["secret"] = {1: SECRET_W, 2: SECRET_N}[other]
    elif case == "wrong_secret":
        message["secret"] = "x" * 20
    elif case == "malformed":
        message = {"raw": '{"type": "act", "seat": ' + str(seat)}
    elif case == "extra_field":
        message["cards"] = ["all"]
    elif case == "huge":
        message = {"raw": json.dumps({**message, "action": "A" * 100_000})}
    elif case == "stale":
        message["n"] = n + 1
    elif case == "illegal":
        message["action"] = "ZZ"
    elif case == "other_device":  # the invite's secret, but not the device that took the seat
        message["token"] = "o" * 20
    elif case == "not_turn":
        message = act(other, n, action)
        channel = other
    before = bridge.handle(json.dumps({"op": "view"}))
    answer = guest(session, channel, message)
    assert answer["ok"] and answer["changed"] is False
    assert answer["reply"]["type"] == "refused" and answer["reply"]["error"]["key"] == key
    assert answer["reply"]["error"]["text"]
    assert bridge.handle(json.dumps({"op": "view"})) == before


def test_messages_are_capped(session: bridge.Session) -> None:
    started(session)
    text = json.dumps(act(1, 0, "x" * MAX_GUEST_MESSAGE_CHARS))
    assert guest(session, 1, {"raw": text})["reply"]["error"]["key"] == "room_message_too_long"


def test_a_seat_is_taken_back_only_by_its_device(session: bridge.Session) -> None:
    started(session)
    call(session, do="away", seat=1, away=True)
    paused = json.loads(bridge.handle('{"op": "view"}'))
    assert paused["turn"]["who"] in ("waiting", "none") and paused["room"]["waiting"] == [1]
    stranger = guest(session, 1, hello(1, SECRET_W, "s" * 20, "Eve"))
    assert stranger["reply"]["error"]["key"] == "room_seat_taken"
    back = guest(session, 1, hello(1, SECRET_W, TOKEN_W, "Wim"))
    assert back["reply"]["type"] == "state" and back["room"]["waiting"] == []


def test_a_computer_takes_a_dropped_seat(session: bridge.Session) -> None:
    started(session)
    call(session, do="away", seat=2, away=True)
    state = call(session, do="computer", seat=2)
    assert state["room"]["waiting"] == [] and state["room"]["save"]["record"]["humans"] == [0, 1]
    assert sorted(state["room"]["guests"]) == ["1"]


def test_seats_not_taken_go_to_computers_at_the_start(session: bridge.Session) -> None:
    open_room(session)
    guest(session, 1, hello(1, SECRET_W, TOKEN_W, "Wim"))
    state = call(session, do="start")
    assert state["room"]["save"]["record"]["humans"] == [0, 1]
    late = guest(session, 2, hello(2, SECRET_N, TOKEN_N, "Nia"))
    assert late["reply"]["error"]["key"] == "room_wrong_seat", "a computer's seat now"


@pytest.mark.skipif(sys.platform == "emscripten", reason="starts the command line in a process")
def test_the_save_replays_and_resumes(session: bridge.Session, tmp_path: Any) -> None:
    state = play_until_guest(session, started(session))
    save = state["room"]["save"]
    path = tmp_path / "room.json"
    path.write_text(json.dumps(save["record"]))
    replay = subprocess.run(
        [sys.executable, "-m", "engine", "replay", str(path)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(replay.stdout)
    resumed = call(bridge.Session(), do="resume", save=save)
    assert resumed["view"] == state["view"]
    assert resumed["room"]["waiting"] == [1, 2], "every friend is re-invited"


def test_a_room_with_todays_daily_deals(session: bridge.Session) -> None:
    answer = open_room(session, daily="2026-12-05", today="2026-12-05")
    assert answer["ok"], answer
    state = call(session, do="start")
    assert state["room"]["save"]["record"]["seed"] == "daily/karnoffel/2026-12-05"
    assert "daily" not in state, "a room never counts as the daily"


@pytest.mark.parametrize(
    "change",
    [
        {"host_seat": 1},
        {"seats": [{"kind": "host"}, {"kind": "friend", "secret": "short"}]},
        {"game": "chess"},
        {"id": "x"},
    ],
)
def test_a_bad_setup_is_refused(session: bridge.Session, change: dict[str, Any]) -> None:
    answer = open_room(session, **change)
    assert not answer["ok"] and answer["error"]["key"] == "room_bad_setup"
    assert session.room is None


def test_a_rematch_only_after_the_match_keeps_the_seats(session: bridge.Session) -> None:
    started(session)
    early = call(session, do="rematch", seed="again")
    assert not early["ok"] and early["error"]["key"] == "room_not_over"
    assert session.match is not None
    while not session.match.is_terminal():  # everyone plays its first legal action
        seat = session.match.current_player()
        if seat < 0:
            session.match.settle_chance()
            continue
        session.match.apply_action(session.match.view(seat)["legal"][0], seat=seat)
    state = call(session, do="rematch", seed="again")
    assert state["ok"] and state["room"]["save"]["record"]["actions"] == []
    assert state["room"]["save"]["record"]["humans"] == [0, 1, 2]
    assert state["room"]["save"]["record"]["seed"] == "again"
    assert sorted(state["room"]["guests"]) == ["1", "2"]


def host_request(**request: Any) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(bridge.handle(json.dumps(request)))
    return result


def play_until_host(session: bridge.Session, state: dict[str, Any]) -> dict[str, Any]:
    """Guests (their first legal action) and computers move until the host is to act."""
    while state["turn"]["who"] != "person":
        seat = state["turn"]["seat"]
        if state["turn"]["who"] == "computer":
            state = host_request(op="step")
        else:
            guest_view = state["room"]["guests"][str(seat)]["view"]
            n = state["room"]["next"]
            state = guest(session, seat, act(seat, n, guest_view["legal"][0]))
        assert state["ok"] and state.get("changed", True), state
    return state


def test_the_hosts_own_moves_wait_for_a_dropped_friend_too(session: bridge.Session) -> None:
    state = play_until_host(session, started(session))
    card = state["view"]["legal"][0]
    call(session, do="away", seat=1, away=True)
    before = host_request(op="view")
    for request in ({"op": "act", "action": card}, {"op": "step"}, {"op": "deal"}):
        refused = host_request(**request)
        assert not refused["ok"] and refused["error"]["key"] == "room_paused", request
        assert refused["error"]["text"]
    assert host_request(op="view") == before, "nothing was applied"
    back = guest(session, 1, hello(1, SECRET_W, TOKEN_W, "Wim"))
    assert back["room"]["waiting"] == []
    played = host_request(op="act", action=card)
    assert played["ok"] and played["played"]["action"] == card


def test_a_historic_show_goes_to_the_partner_who_is_a_person(session: bridge.Session) -> None:
    """The host (seat 0) shows its hand: its partner's guest (seat 2) sees the
    shown cards; the opponents' seats (a guest at 1, a computer at 3) do not."""
    open_room(session, rules={"set": "historic"})
    guest(session, 1, hello(1, SECRET_W, TOKEN_W, "Wim"))
    guest(session, 2, hello(2, SECRET_N, TOKEN_N, "Nia"))
    state = call(session, do="start")
    # Everyone passes, until the host is asked whether it shows.
    while not (state["turn"]["seat"] == 0 and "show" in state["view"]["legal"]):
        seat = state["turn"]["seat"]
        if state["turn"]["who"] == "person":
            legal = state["view"]["legal"]
            state = host_request(op="act", action="pass" if "pass" in legal else legal[0])
        elif state["turn"]["who"] == "computer":
            state = host_request(op="step")
        else:
            legal = state["room"]["guests"][str(seat)]["view"]["legal"]
            choice = "no-show" if "no-show" in legal else "pass" if "pass" in legal else legal[0]
            state = guest(session, seat, act(seat, state["room"]["next"], choice))
        assert state["ok"], state
    assert session.match is not None
    seen = state["room"]["guests"]["2"]["view"]["hands"][0]["known"]
    held = session.match.view(0)["hands"][0]["known"]
    assert len(seen) < len(held), "before the show the partner does not see the hand"
    state = host_request(op="act", action="show")
    assert state["ok"], state
    partner = state["room"]["guests"]["2"]["view"]["hands"][0]
    assert sorted(partner["known"]) == sorted(held), "the partner who is a person sees the show"
    opponent = state["room"]["guests"]["1"]["view"]["hands"][0]
    assert len(opponent["known"]) < len(held), "an opponent who is a person does not"
    assert len(session.match.view(3)["hands"][0]["known"]) < len(held), "nor a computer opponent"


def test_a_doppelkopf_match_of_four_persons_through_guest_messages(
    session: bridge.Session,
) -> None:
    """The host and three friends play a whole Doppelkopf match (8 hands), the friends
    by their messages: each answer is that seat's own view, with no card of another
    hand. (The browser test plays the match's end on four pages: drawing four tables
    for every move of eight hands takes minutes.)"""
    secrets = {1: SECRET_W, 2: SECRET_N, 3: "k" * 20}
    tokens = {1: TOKEN_W, 2: TOKEN_N, 3: "v" * 20}
    seats = [{"kind": "host", "name": "Ada"}]
    seats += [{"kind": "friend", "secret": secrets[seat]} for seat in (1, 2, 3)]
    request = {"do": "open", "id": "room-dk", "host_seat": 0, "seats": seats}
    assert call(session, **request, game="doppelkopf", seed="room-dk", level="random")["ok"]
    for seat in (1, 2, 3):
        guest(session, seat, hello(seat, secrets[seat], tokens[seat], f"Friend {seat}"))
    state = call(session, do="start")
    answered = hands = 0
    while state["view"]["phase"] != "over":
        if state["view"]["phase"] == "deal":  # a hand is over: the host deals the next
            hands += 1
            state = host_request(op="deal")
            assert state["ok"], state
            continue
        seat = state["turn"]["seat"]
        if seat == 0:
            legal = state["view"]["legal"]
            state = host_request(op="act", action="healthy" if "healthy" in legal else legal[0])
        else:
            legal = state["room"]["guests"][str(seat)]["view"]["legal"]
            action = "healthy" if "healthy" in legal else legal[-1]
            message = {"type": "act", "seat": seat, "secret": secrets[seat], "token": tokens[seat]}
            message |= {"n": state["room"]["next"], "action": action}
            state = guest(session, seat, message)
            reply = state["reply"]
            assert session.match is not None
            assert reply["type"] == "state" and reply["view"] == session.match.view(seat)
            others = [hand for n, hand in enumerate(reply["view"]["hands"]) if n != seat]
            assert all(not hand.get("known") for hand in others), "no card of another hand"
            answered += 1
        assert state["ok"], state
    assert hands == 7 and answered >= 8 * 36
    assert state["room"]["save"]["record"]["humans"] == [0, 1, 2, 3]


def test_a_classic_room_of_six(session: bridge.Session) -> None:
    """Classic Karnöffel seats six (two teams of three): a room of six seats, two friends."""
    seats = [{"kind": "host", "name": "Ada"}, {"kind": "computer"}]
    seats += [{"kind": "friend", "secret": SECRET_W}, {"kind": "computer"}]
    seats += [{"kind": "friend", "secret": SECRET_N}, {"kind": "computer"}]
    request = {"do": "open", "id": "room6", "host_seat": 0, "seats": seats, "game": "karnoffel"}
    assert call(session, **request, rules={"set": "classic", "players": 6}, seed="six")["ok"]
    guest(session, 2, hello(2, SECRET_W, TOKEN_W, "Wim"))
    guest(session, 4, hello(4, SECRET_N, TOKEN_N, "Nia"))
    state = call(session, do="start")
    assert state["room"]["save"]["record"]["humans"] == [0, 2, 4]
    assert state["room"]["guests"]["4"]["view"]["players"] == 6
    four = call(bridge.Session(), **request, rules={"set": "classic"}, seed="six")
    assert four["error"]["key"] == "room_bad_setup", "six seats for a game of four"
