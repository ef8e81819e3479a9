"""Rooms in the browser (issue 48): a host and friends in separate browser contexts
on loopback, connected through the real invite and reply links (WebRTC data
channels, no ICE server). Every state message a guest receives is checked
against the engine's own view of its seat; forged messages are refused and
change nothing; nothing is requested from another origin."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from menu_support import choose_menu
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from engine import records
from engine.bridge import _replay_as_left
from tests.web.conftest import IGNORED_CONSOLE_ERRORS, SERVICE_WORKERS, SitePage

#: Which table is waiting for its person: "turn", "deal" (a finished deal on
#: show), "over", else false (a function: CSP-safe).
TABLE_STATE_JS = """() => {
  const table = document.querySelector("#table");
  if (!table || table.hidden) return false;
  const phase = table.dataset.phase;
  if (phase === "over") return "over";
  if (table.dataset.busy === "true") return false;
  if (phase === "deal" && document.querySelector(".result-panel:not([hidden]) .continue")) return "deal";
  if (document.querySelector(".card-mine.legal") || document.querySelector(".calls .call")) return "turn";
  return false;
}"""
OPEN_SEAT_LINK_JS = """(seat) => {
  const input = document.querySelector(`.room-invite[data-seat='${seat}'] .room-link`);
  return input && input.value ? input.value : false;
}"""
REPLY_LINK_JS = """() => {
  const input = document.querySelector(".room-share-box .room-link");
  return input && input.value.includes("#reply=") ? input.value : false;
}"""
SEAT_TAKEN_JS = (
    """(seat) => !!document.querySelector(`.room-invite[data-seat='${seat}'] .room-taken`)"""
)
REFUSALS_JS = """([key, count]) => globalThis.stichtag.room.received
  .map((raw) => JSON.parse(raw)).filter((m) => m.type === "refused" && m.error.key === key).length >= count"""
RATE_REFILLED_JS = """(seat) => {
  const bucket = globalThis.stichtag.room.state.buckets[seat];
  return !bucket || bucket.tokens + ((performance.now() - bucket.at) / 1000) * 8 >= 15;
}"""

#: The invite the guest's page was opened with (its fragment's JSON).
INVITE_JS = """() => atob(new URLSearchParams(location.hash.slice(1)).get("join")
  .replace(/-/g, "+").replace(/_/g, "/"))"""


@pytest.fixture()
def contexts(browser: Any, site_url: str) -> Iterator[Any]:
    """Make pages in fresh contexts (one per person, each in its language)."""
    made: list[tuple[Any, SitePage]] = []

    def make(locale: str) -> SitePage:
        context = browser.new_context(service_workers=SERVICE_WORKERS, locale=locale)
        page = context.new_page()
        sp = SitePage(page=page, base_url=site_url)

        def on_console(msg: Any) -> None:
            if msg.type == "error" and not any(s in msg.text for s in IGNORED_CONSOLE_ERRORS):
                sp.console_errors.append(f"[{locale}] {msg.text}")

        page.on("console", on_console)
        page.on("worker", lambda worker: worker.on("console", on_console))
        page.on("pageerror", lambda err: sp.console_errors.append(f"[pageerror {locale}] {err}"))
        context.on("request", lambda req: sp.requests.append(req.url))
        made.append((context, sp))
        return sp

    yield make
    for context, _ in made:
        context.close()


def host_room(host: SitePage, seats: dict[int, str], game: str = "karnoffel-classic") -> None:
    """The host opens the table, then a room with these seat kinds (1..3)."""
    host.goto("?seed=room-host&level=random&pace=0")
    host.wait_engine_ready(120_000)
    page = host.page
    choose_menu(page, "room")
    page.wait_for_selector("dialog[data-dialog='room'] .room-open")
    page.select_option("select[name='room-game']", game)
    for seat, kind in seats.items():
        page.select_option(f"select[name='room-seat-{seat}']", kind)
    page.select_option("select[name='room-level']", "easy")
    page.fill("input[name='room-name']", "Ada")
    page.locator(".room-open").click()


def join(host: SitePage, guest: SitePage, seat: int, name: str) -> str:
    """The friend opens the seat's invite, takes it, and the host opens the reply link."""
    invite = host.page.wait_for_function(OPEN_SEAT_LINK_JS, arg=seat, timeout=20_000).json_value()
    assert invite.startswith(host.base_url) and "#join=" in invite
    guest.page.goto("about:blank")  # a real navigation, even from an older invite of the room
    guest.page.goto(invite)
    guest.page.wait_for_selector("html[data-room='ready'] .room-take")
    assert "Ada" in guest.page.locator(".room-invited").inner_text()
    guest.page.fill("input[name='room-name']", name)
    guest.page.locator(".room-take").click()
    reply = guest.page.wait_for_function(REPLY_LINK_JS, timeout=20_000).json_value()
    # Opened in the host's browser, the reply goes to the open table by itself.
    reply_page = host.page.context.new_page()
    reply_page.goto(reply)
    host.page.wait_for_function(SEAT_TAKEN_JS, arg=seat, timeout=20_000)
    reply_page.close()
    return str(invite)


def table_state(page: Any) -> Any:
    return page.evaluate(TABLE_STATE_JS)


def play_move(page: Any, rng: random.Random) -> None:
    calls = page.locator(".calls .call")
    if calls.count():
        names = [calls.nth(i).get_attribute("data-action") for i in range(calls.count())]
        for preferred in ("show", "counter", "raise", "accept", "pass"):
            if preferred in names:
                page.locator(f".calls .call[data-action='{preferred}']").click()
                return
        calls.first.click()
        return
    legal = page.locator(".card-mine.legal")
    legal.nth(rng.randrange(legal.count())).click()


#: Once no computer move is on its way at the host's table: the seat to act
#: ("s2"; "s-1" between deals or at the end), else false.
HOST_SETTLED_JS = """() => {
  const response = globalThis.stichtag.game.response;
  if (!response || response.turn.who === "computer") return false;
  if (document.querySelector("#table").dataset.busy === "true") return false;
  return `s${response.turn.seat === null ? -1 : response.turn.seat}`;
}"""


def _wait_for_someone(pages: dict[int, Any]) -> None:
    """Wait until the table of the seat to act waits for its person."""
    host = pages[0]
    seat = int(host.wait_for_function(HOST_SETTLED_JS, timeout=60_000).json_value()[1:])
    try:
        pages.get(seat, host).wait_for_function(TABLE_STATE_JS, timeout=10_000)
    except PlaywrightTimeout:  # the state moved on meanwhile: look again
        pass


def _one_move(pages: dict[int, Any], rng: random.Random) -> str:
    """One move (or "Continue") of a table that waits for its person: what was done."""
    states = {seat: table_state(page) for seat, page in pages.items()}
    if all(state == "over" for state in states.values()):
        return "over"
    for seat, state in states.items():
        if state == "turn":
            play_move(pages[seat], rng)
            return "move"
        if state == "deal":
            try:  # another table may deal first: then this panel goes
                pages[seat].locator(".result-panel:not([hidden]) .continue").click(timeout=3_000)
            except PlaywrightTimeout:
                pass
            return "deal"
    _wait_for_someone(pages)
    return "wait"


def play_out(pages: dict[int, Any], rng: random.Random, max_steps: int = 5000) -> int:
    """Whoever's table waits for its person moves, until every table shows the end."""
    moves = 0
    for _ in range(max_steps):
        done = _one_move(pages, rng)
        if done == "over":
            return moves
        moves += done == "move"
    raise AssertionError(f"the match did not end within {max_steps} steps")


def play_moves(pages: dict[int, Any], rng: random.Random, count: int) -> None:
    """Play `count` moves (cards or calls) of whoever's turn it is."""
    moves = 0
    while moves < count:
        done = _one_move(pages, rng)
        assert done != "over", "the match ended early"
        moves += done == "move"


def guest_states(guest: SitePage) -> list[dict[str, Any]]:
    raws = guest.page.evaluate("globalThis.stichtag.room.received")
    return [json.loads(raw) for raw in raws]


def assert_no_hidden_card(messages: list[dict[str, Any]], record: dict[str, Any], seat: int) -> int:
    """Every state a guest received is its seat's own view at that point of the match."""
    checked = 0
    for message in messages:
        text = json.dumps(message)
        for word in ('"save"', '"record"', '"secret"', '"token"', '"guests"'):
            assert word not in text, f"a guest message carries {word}"
        if message["type"] != "state":
            assert "view" not in message
            continue
        actions = record["actions"][: message["room"]["next"]]
        options = [
            records.replay(dict(record, actions=actions)),
            _replay_as_left(dict(record, actions=actions)),
        ]
        assert message["view"] in [match.view(seat) for match in options], (
            seat,
            message["room"]["next"],
        )
        checked += 1
    return checked


def test_a_classic_match_with_a_friend_through_invite_and_reply_links(contexts: Any) -> None:
    host, guest = contexts("en-US"), contexts("de-DE")
    host_room(host, {1: "computer", 2: "friend", 3: "computer"})
    join(host, guest, 2, "Grete")
    assert guest.page.evaluate("document.documentElement.lang") == "de"
    host.page.locator(".room-start").click()
    guest.page.wait_for_selector("#table:not([hidden]) .hand-mine .card-mine", timeout=20_000)
    roster = guest.page.locator(".room-bar .room-seat")
    assert roster.count() == 4
    assert "Computer" in guest.page.locator(".room-bar").inner_text()
    assert "Ada" in guest.page.locator(".room-bar").inner_text()

    # Forged messages from the guest's own channel: each refused, nothing changes.
    _wait_for_someone({0: host.page, 2: guest.page})  # no computer move is on its way
    before = host.page.evaluate("globalThis.stichtag.game.response.room.save")
    invite = json.loads(guest.page.evaluate(INVITE_JS))
    token = guest.page.evaluate("globalThis.stichtag.room.token")
    act = {"type": "act", "seat": 0, "secret": invite["k"], "token": token, "n": 0, "action": "x"}
    forged = [
        (json.dumps(act), "room_wrong_seat"),
        (json.dumps({**act, "seat": 2, "secret": "x" * 22}), "room_wrong_secret"),
        ('{"type": "act", "seat": 2', "room_bad_message"),
        (json.dumps({**act, "seat": 2, "action": "A" * 200_000}), "room_message_too_long"),
    ]
    for raw, key in forged:
        guest.page.evaluate("(raw) => globalThis.stichtag.room.sendRaw(raw)", raw)
        guest.page.wait_for_function(REFUSALS_JS, arg=[key, 1], timeout=10_000)
    # A 1 MB message, as the host's page takes it from the channel.
    host.page.evaluate("() => globalThis.stichtag.room.inbound(2, 'x'.repeat(1 << 20))")
    guest.page.wait_for_function(REFUSALS_JS, arg=["room_message_too_long", 2], timeout=10_000)
    # A flood: dropped before the engine once the guest's allowance is spent.
    guest.page.evaluate(
        "() => { for (let i = 0; i < 60; i++) globalThis.stichtag.room.sendRaw('{}'); }"
    )
    guest.page.wait_for_function(REFUSALS_JS, arg=["room_flood", 1], timeout=10_000)
    assert host.page.evaluate("globalThis.stichtag.game.response.room.save") == before
    host.page.wait_for_function(RATE_REFILLED_JS, arg=2, timeout=20_000)

    # The guest switches its language mid-game: its own table only.
    rng = random.Random(48)
    play_moves({0: host.page, 2: guest.page}, rng, 2)
    guest.page.select_option(".room-language", "zh")
    guest.page.wait_for_function("() => document.documentElement.lang === 'zh-Hans'")
    assert "电脑" in guest.page.locator(".room-bar").inner_text()
    assert host.page.evaluate("document.documentElement.lang") == "en"

    moves = play_out({0: host.page, 2: guest.page}, rng)
    assert moves > 10
    guest.page.wait_for_selector(".result-panel:not([hidden])")
    record = host.page.evaluate("globalThis.stichtag.game.response.room.save.record")
    assert record["humans"] == [0, 2]
    assert records.replay(record).is_terminal()
    checked = assert_no_hidden_card(guest_states(guest), record, 2)
    assert checked > moves

    # The host offers a rematch: the same table, new deals.
    host.page.locator(".room-rematch").click()
    guest.page.wait_for_function(
        "() => globalThis.stichtag.room.game.response.view.phase !== 'over'", timeout=20_000
    )
    guest.page.wait_for_selector(".hand-mine .card-mine")
    for page in (host, guest):
        page.assert_clean()


def rejoin(host: SitePage, guest: SitePage, seat: int, old_link: str, *, ask: bool) -> str:
    """A fresh invite for the seat (the old one is spent), taken by the same browser.
    ``ask``: the host asks for it ("New invite"); else the panel already has it."""
    page = host.page
    if not page.locator("dialog[data-dialog='room'][open]").count():
        choose_menu(page, "room")
    if ask:
        page.locator(f".room-invite[data-seat='{seat}'] .room-reinvite").click()
    page.wait_for_function(
        "([seat, old]) => { const i = document.querySelector(`.room-invite[data-seat='${seat}'] .room-link`);"
        " return !!i && !!i.value && i.value !== old; }",
        arg=[seat, old_link],
        timeout=20_000,
    )
    link = join(host, guest, seat, "Grete")
    page.locator("dialog[data-dialog='room'] .app-dialog-close").click()
    return link


def test_a_guest_and_then_the_host_reload_and_the_match_goes_on(contexts: Any) -> None:
    host, guest = contexts("en-US"), contexts("es-ES")
    host_room(host, {1: "computer", 2: "friend", 3: "computer"})
    first_link = join(host, guest, 2, "Grete")
    host.page.locator(".room-start").click()
    guest.page.wait_for_selector("#table:not([hidden]) .hand-mine .card-mine", timeout=20_000)
    rng = random.Random(7)
    play_moves({0: host.page, 2: guest.page}, rng, 3)

    # The guest reloads: the host's table waits for it, then a fresh invite gives the seat back.
    hand = guest.page.evaluate("globalThis.stichtag.room.game.response.view.hands[2]")
    guest.page.reload()
    host.page.wait_for_selector(".room-bar .room-waiting", timeout=20_000)
    assert host.page.evaluate("globalThis.stichtag.game.response.turn.who") in ("waiting", "none")
    second_link = rejoin(host, guest, 2, first_link, ask=True)
    guest.page.wait_for_selector("#table:not([hidden]) .hand-mine .card-mine", timeout=20_000)
    host.page.wait_for_selector(".room-bar:not(:has(.room-waiting))", timeout=20_000)
    assert guest.page.evaluate("globalThis.stichtag.room.game.response.view.hands[2]") == hand
    play_moves({0: host.page, 2: guest.page}, rng, 3)

    # The host reloads: the match comes back from its save, and the friend is invited again.
    _wait_for_someone({0: host.page, 2: guest.page})  # no computer move is on its way
    before = host.page.evaluate("globalThis.stichtag.game.response.room.save")
    host.page.reload()
    host.wait_engine_ready(120_000)
    choose_menu(host.page, "room")
    host.page.locator(".room-resume-button").click()
    host.page.wait_for_function(
        "() => !!(globalThis.stichtag.game.response || {}).room", timeout=20_000
    )
    resumed = host.page.evaluate("globalThis.stichtag.game.response.room.save")
    assert resumed["record"] == before["record"]
    guest.page.wait_for_selector(".room-status", timeout=20_000)  # the connection dropped
    rejoin(host, guest, 2, second_link, ask=False)  # resuming invited everyone anew
    guest.page.wait_for_selector("#table:not([hidden]) .hand-mine .card-mine", timeout=20_000)
    moves = play_out({0: host.page, 2: guest.page}, rng)
    record = host.page.evaluate("globalThis.stichtag.game.response.room.save.record")
    assert records.replay(record).is_terminal()
    assert record["actions"][: len(before["record"]["actions"])] == before["record"]["actions"]
    assert moves > 0
    assert_no_hidden_card(guest_states(guest), record, 2)
    for page in (host, guest):
        page.assert_clean()


def whole_match(contexts: Any, game: str, guests: dict[int, str], seed: int) -> dict[str, Any]:
    """A whole match of `game` with the host (English) and friends at `guests` (seat: locale)."""
    host = contexts("en-US")
    friends = {seat: contexts(locale) for seat, locale in guests.items()}
    host_room(host, {seat: "friend" if seat in guests else "computer" for seat in (1, 2, 3)}, game)
    for seat, guest in friends.items():
        join(host, guest, seat, f"Friend {seat}")
        assert guest.page.evaluate("document.documentElement.lang").startswith(guests[seat][:2])
    host.page.locator(".room-start").click()
    pages = {0: host.page, **{seat: guest.page for seat, guest in friends.items()}}
    for guest in friends.values():
        guest.page.wait_for_selector("#table:not([hidden]) .hand-mine .card-mine", timeout=20_000)
    play_out(pages, random.Random(seed))
    record: dict[str, Any] = host.page.evaluate(
        "globalThis.stichtag.game.response.room.save.record"
    )
    assert record["humans"] == [0, *sorted(guests)]
    assert records.replay(record).is_terminal()
    for seat, guest in friends.items():
        assert assert_no_hidden_card(guest_states(guest), record, seat) > 0
        guest.page.wait_for_selector(".result-panel:not([hidden])")
    for page in (host, *friends.values()):
        page.assert_clean()
    return record


def test_a_historic_match_with_both_partners_as_persons(contexts: Any) -> None:
    record = whole_match(contexts, "karnoffel-historic", {2: "zh-CN"}, seed=3)
    actions = record["actions"]
    assert any(action.startswith("show") for action in actions), "a show was made"
    assert any(action in ("raise", "counter", "accept") for action in actions), (
        "the deal was bid up"
    )


def test_a_doppelkopf_match_with_four_persons(contexts: Any) -> None:
    whole_match(contexts, "doppelkopf", {1: "de-DE", 2: "es-ES", 3: "zh-CN"}, seed=4)
