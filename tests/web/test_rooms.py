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
from playwright.sync_api import expect
from snapshot_support import keep_snapshot

from engine import records
from engine.games import build_match
from tests.web.conftest import ROOT, SERVICE_WORKERS, SitePage

#: How long a step between pages may take: generous, for two workers' Chromiums on two
#: busy cores (CI once waited more than 20 s for a rejoined guest's table).
WAIT_MS = 60_000

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

LOCALES = ROOT / "engine" / "locales"
#: What the site keeps on a device begins with this (web/js/storage.js).
STORE = "stichtag:v1:"
#: An init script: the item [key, value] in the site's storage, as an earlier visit left it.
KEEP_ITEM_JS = """(([key, value]) => {
  if (location.protocol === "http:" && !localStorage.getItem(key)) localStorage.setItem(key, value);
})(%s);"""
#: Pretend the browser's ICE reports `status` for the connection to seat 2 (the
#: host's side) or to the host (a guest's): the state read, then its event, as a
#: real change comes. "connected" drops the pretence (the real connection is up).
PRETEND_ICE_JS = """([side, status]) => {
  const room = globalThis.stichtag.room;
  const pc = side === "host" ? room.state.peers[2].peer.pc : room.peer.pc;
  if (status === "connected") delete pc.connectionState;
  else Object.defineProperty(pc, "connectionState", { value: status, configurable: true });
  pc.dispatchEvent(new Event("connectionstatechange"));
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
        keep_snapshot(browser, page, site_url)  # as from a second visit on
        sp = SitePage(page=page, base_url=site_url).watch(context, locale)
        made.append((context, sp))
        return sp

    yield make
    for context, _ in made:
        context.close()


def host_room(
    host: SitePage, seats: dict[int, str], game: str = "karnoffel-classic", *, opened: bool = False
) -> None:
    """The host opens the table (unless ``opened``), then a room with these seat kinds."""
    if not opened:
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


def join(host: SitePage, guest: SitePage, seat: int, name: str, *, paste: bool = False) -> str:
    """The friend opens the seat's invite, takes it, and the host opens the reply link
    (or, ``paste``, pastes it into the room panel)."""
    invite = host.page.wait_for_function(OPEN_SEAT_LINK_JS, arg=seat, timeout=WAIT_MS).json_value()
    assert invite.startswith(host.base_url) and "#join=" in invite
    guest.page.goto("about:blank")  # a real navigation, even from an older invite of the room
    guest.page.goto(invite)
    guest.page.wait_for_selector("html[data-room='ready'] .room-take")
    assert "Ada" in guest.page.locator(".room-invited").inner_text()
    guest.page.fill("input[name='room-name']", name)
    guest.page.locator(".room-take").click()
    reply = guest.page.wait_for_function(REPLY_LINK_JS, timeout=WAIT_MS).json_value()
    if paste:
        host.page.fill("input[name='room-reply']", reply)
        host.page.locator(".room-add").click()
        host.page.wait_for_function(SEAT_TAKEN_JS, arg=seat, timeout=WAIT_MS)
        return str(invite)
    # Opened in the host's browser, the reply goes to the open table by itself.
    reply_page = host.page.context.new_page()
    reply_page.goto(reply)
    host.page.wait_for_function(SEAT_TAKEN_JS, arg=seat, timeout=WAIT_MS)
    reply_page.close()
    return str(invite)


#: The moves a table that waits for its person offers: its calls and how many
#: cards it may play (false while it does not wait for a move).
MOVES_JS = """() => {
  const table = document.querySelector("#table");
  if (!table || table.hidden || table.dataset.busy === "true" || table.dataset.phase === "over") return false;
  const calls = [...document.querySelectorAll(".calls .call")].map((b) => b.dataset.action || "");
  const cards = document.querySelectorAll(".card-mine.legal").length;
  return calls.length || cards ? { calls, cards } : false;
}"""


def play_move(page: Any, rng: random.Random, *, keyboard: bool = False) -> None:
    """One move of a table that waits for its person: a call (the bidding's and
    showing's boldest) or a random playable card, by a tap or by the keyboard
    (the card focused, then Enter, as a person who plays by keyboard does)."""
    moves = page.wait_for_function(MOVES_JS, timeout=WAIT_MS).json_value()
    if moves["calls"]:
        names = moves["calls"]
        name = next((n for n in ("show", "counter", "raise", "accept", "pass") if n in names), None)
        calls = page.locator(".calls .call")
        target = calls.and_(page.locator(f"[data-action='{name}']")) if name else calls.first
    else:
        target = page.locator(".card-mine.legal").nth(rng.randrange(moves["cards"]))
    if keyboard:
        target.press("Enter")
    else:
        target.click()


#: Once no computer move is on its way at the host's table, and its state is
#: not ``before`` (the one of the last move): the seat to act (-1 between
#: deals or at the end) and the state, else false.
HOST_SETTLED_JS = """(before) => {
  const response = globalThis.stichtag.game.response;
  if (!response || response.turn.who === "computer") return false;
  if (document.querySelector("#table").dataset.busy === "true") return false;
  const seat = response.turn.seat === null ? -1 : response.turn.seat;
  const now = `${response.room.next}/${response.view.phase}/${seat}`;
  return now === before ? false : { seat, now };
}"""


class Players:
    """Plays a room's match from the host's table: the host's engine says whose
    turn it is; that person's page (the host's or a guest's) makes the move.
    One for a whole match: each step waits for a state other than the one of the
    last move, since right after a guest's move the host's table may still show
    the state before it (a new Players would take that for the guest's turn)."""

    def __init__(self, pages: dict[int, Any], rng: random.Random, *, keyboard: bool = False):
        self.pages, self.rng, self.keyboard = pages, rng, keyboard
        self.before: str | None = None  # the host's state when the last move was made

    def step(self, stop_at: int | None = None) -> str:
        """One move (or "Continue" between deals): "move", "deal", "stop" (seat
        ``stop_at`` is to move) or "over"."""
        host = self.pages[0]
        try:
            settled = host.wait_for_function(
                HOST_SETTLED_JS, arg=self.before, timeout=15_000
            ).json_value()
        except PlaywrightTimeout:  # the last move changed nothing (a card picked for an exchange)
            self.before = None
            return "wait"
        seat = settled["seat"]
        if seat == stop_at:
            self.before = None
            return "stop"
        if seat >= 0:
            play_move(self.pages[seat], self.rng, keyboard=self.keyboard)
            self.before = settled["now"]
            return "move"
        if settled["now"].endswith("/over/-1"):
            for page in self.pages.values():
                page.wait_for_function(
                    "() => document.querySelector('#table').dataset.phase === 'over'",
                    timeout=WAIT_MS,
                )
            return "over"
        # Between deals: someone's "Continue" (another table may deal first: then this panel goes).
        page = self.pages[self.rng.choice(sorted(self.pages))]
        try:
            page.locator(".result-panel:not([hidden]) .continue").click(timeout=10_000)
        except PlaywrightTimeout:  # that table had dealt already
            pass
        self.before = settled["now"]
        return "deal"

    def play(self, count: int) -> None:
        """Play `count` moves (cards or calls) of whoever's turn it is."""
        moves = 0
        while moves < count:
            done = self.step()
            assert done != "over", "the match ended early"
            moves += done == "move"

    def until_turn_of(self, seat: int) -> None:
        """Play on until seat `seat` is to move (its table waits for it)."""
        for _ in range(200):
            done = self.step(stop_at=seat)
            assert done != "over", "the match ended early"
            if done == "stop":
                self.pages[seat].wait_for_function(MOVES_JS, timeout=WAIT_MS)
                return
        raise AssertionError(f"seat {seat} was not to move within 200 steps")

    def play_out(self, max_steps: int = 5000) -> int:
        """Whoever's table waits for its person moves, until every table shows the end."""
        moves = 0
        for _ in range(max_steps):
            done = self.step()
            if done == "over":
                return moves
            moves += done == "move"
        raise AssertionError(f"the match did not end within {max_steps} steps")

    def wait_for_someone(self) -> None:
        """Wait until no computer move is on its way and the table of the seat to
        act waits for its person."""
        settled = self.pages[0].wait_for_function(HOST_SETTLED_JS, arg=self.before, timeout=WAIT_MS)
        seat = settled.json_value()["seat"]
        if seat >= 0:
            self.pages[seat].wait_for_function(MOVES_JS, timeout=WAIT_MS)


def guest_states(guest: SitePage) -> list[dict[str, Any]]:
    raws = guest.page.evaluate("globalThis.stichtag.room.received")
    return [json.loads(raw) for raw in raws]


def seat_views(record: dict[str, Any], seat: int, points: set[int]) -> dict[int, list[Any]]:
    """The views `seat` may have been sent after each number of actions in `points`:
    as a replay leaves the match (the next deal dealt) and as play left it (a
    finished deal on show until someone deals). One pass through the record:
    replaying it anew for each message made a Doppelkopf match's check take minutes."""
    match, actions = records.start(record)
    views = {0: [match.view(seat)]}
    for index, action in enumerate(actions):
        records.apply_recorded(match, action, index)
        as_left = json.loads(json.dumps(match.view(seat))) if index + 1 in points else None
        match.settle_chance()
        if index + 1 in points:
            views[index + 1] = [json.loads(json.dumps(match.view(seat))), as_left]
    return views


def assert_no_hidden_card(messages: list[dict[str, Any]], record: dict[str, Any], seat: int) -> int:
    """Every state a guest received is its seat's own view at that point of the match."""
    points = {message["room"]["next"] for message in messages if message["type"] == "state"}
    views = seat_views(record, seat, points)
    checked = 0
    for message in messages:
        text = json.dumps(message)
        for word in ('"save"', '"record"', '"secret"', '"token"', '"guests"'):
            assert word not in text, f"a guest message carries {word}"
        if message["type"] != "state":
            assert "view" not in message
            continue
        assert message["view"] in views[message["room"]["next"]], (seat, message["room"]["next"])
        checked += 1
    return checked


def test_a_classic_match_with_a_friend_through_invite_and_reply_links(contexts: Any) -> None:
    host, guest = contexts("en-US"), contexts("de-DE")
    host_room(host, {1: "computer", 2: "friend", 3: "computer"})
    join(host, guest, 2, "Grete")
    assert guest.page.evaluate("document.documentElement.lang") == "de"
    host.page.locator(".room-start").click()
    guest.page.wait_for_selector("#table:not([hidden]) .hand-mine .card-mine", timeout=WAIT_MS)
    roster = guest.page.locator(".room-bar .room-seat")
    assert roster.count() == 4
    assert "Computer" in guest.page.locator(".room-bar").inner_text()
    assert "Ada" in guest.page.locator(".room-bar").inner_text()

    # Forged messages from the guest's own channel: each refused, nothing changes.
    players = Players({0: host.page, 2: guest.page}, random.Random(48))
    players.wait_for_someone()  # no computer move is on its way
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
        guest.page.wait_for_function(REFUSALS_JS, arg=[key, 1], timeout=WAIT_MS)
    # A 1 MB message, as the host's page takes it from the channel.
    host.page.evaluate("() => globalThis.stichtag.room.inbound(2, 'x'.repeat(1 << 20))")
    guest.page.wait_for_function(REFUSALS_JS, arg=["room_message_too_long", 2], timeout=WAIT_MS)
    # A flood: dropped before the engine once the guest's allowance is spent.
    guest.page.evaluate(
        "() => { for (let i = 0; i < 60; i++) globalThis.stichtag.room.sendRaw('{}'); }"
    )
    guest.page.wait_for_function(REFUSALS_JS, arg=["room_flood", 1], timeout=WAIT_MS)
    assert host.page.evaluate("globalThis.stichtag.game.response.room.save") == before
    host.page.wait_for_function(RATE_REFILLED_JS, arg=2, timeout=WAIT_MS)

    # The guest switches its language mid-game: its own table only.
    players.play(2)
    guest.page.select_option(".room-language", "zh")
    guest.page.wait_for_function("() => document.documentElement.lang === 'zh-Hans'")
    assert "电脑" in guest.page.locator(".room-bar").inner_text()
    assert host.page.evaluate("document.documentElement.lang") == "en"

    moves = players.play_out()
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
        "() => globalThis.stichtag.room.game.response.view.phase !== 'over'", timeout=WAIT_MS
    )
    guest.page.wait_for_selector(".hand-mine .card-mine")
    for page in (host, guest):
        page.assert_clean()


def close_room_panel(page: Any) -> None:
    if page.locator("dialog[data-dialog='room'][open]").count():
        page.locator("dialog[data-dialog='room'] .app-dialog-close").click()


def test_a_classic_room_of_six_with_a_friend(contexts: Any) -> None:
    """Classic Karnöffel at a table of six: the panel offers five seats, a friend takes one."""
    host, guest = contexts("en-US"), contexts("es-ES")
    host.goto("?seed=room-host&level=random&pace=0")
    host.wait_engine_ready(120_000)
    # Today's daily deals are four players' deals: a clear word, no room.
    choose_menu(host.page, "room")
    host.page.select_option("select[name='room-game']", "karnoffel-classic-6")
    assert host.page.locator("select[name^='room-seat-']").count() == 5
    host.page.select_option("select[name='room-deals']", "daily")
    host.page.locator(".room-open").click()
    words = json.loads((LOCALES / "en.json").read_text(encoding="utf-8"))["room.daily_four_only"]
    expect(host.page.locator(".room-setup .room-problem")).to_have_text(
        words.replace("{{count}}", "6")
    )
    host.page.select_option("select[name='room-deals']", "new")
    close_room_panel(host.page)
    seats = {1: "computer", 2: "computer", 3: "friend", 4: "computer", 5: "computer"}
    host_room(host, seats, "karnoffel-classic-6", opened=True)
    join(host, guest, 3, "Grete")
    assert "6" in guest.page.locator(".room-invited").inner_text()
    host.page.locator(".room-start").click()
    guest.page.wait_for_selector("#table:not([hidden]) .hand-mine .card-mine", timeout=WAIT_MS)
    assert guest.page.locator(".room-bar .room-seat").count() == 6
    pages = {0: host.page, 3: guest.page}
    Players(pages, random.Random(6)).play(4)
    # The computers may still be playing: what the guest received is read first, so
    # the host's record, read after it, holds every state the guest got (CI met one
    # state past a record read before it).
    received = guest_states(guest)
    record = host.page.evaluate("globalThis.stichtag.game.response.room.save.record")
    assert record["rules"]["players"] == 6 and record["humans"] == [0, 3]
    assert assert_no_hidden_card(received, record, 3) > 0
    for sp in (host, guest):
        sp.assert_clean()


#: A guest's table shows the match at the host's action ``next`` or later. Its
#: hand may be empty: late in a deal the seat may have played all of it.
GUEST_CAUGHT_UP_JS = """(next) => {
  const table = document.querySelector("#table");
  const game = globalThis.stichtag.room.game;
  const response = game && game.response;
  return !!table && !table.hidden && !!response && !!response.room && response.room.next >= next;
}"""


def wait_for_guest_table(host: SitePage, guest: SitePage) -> None:
    """Wait until the guest's table shows the host's match where it stands now."""
    next_action = host.page.evaluate("globalThis.stichtag.game.response.room.next")
    guest.page.wait_for_function(GUEST_CAUGHT_UP_JS, arg=next_action, timeout=WAIT_MS)


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
        timeout=WAIT_MS,
    )
    link = join(host, guest, seat, "Grete")
    close_room_panel(page)
    return link


def test_a_guest_and_then_the_host_reload_and_the_match_goes_on(contexts: Any) -> None:
    host, guest = contexts("en-US"), contexts("es-ES")
    host_room(host, {1: "computer", 2: "friend", 3: "computer"})
    first_link = join(host, guest, 2, "Grete")
    host.page.locator(".room-start").click()
    guest.page.wait_for_selector("#table:not([hidden]) .hand-mine .card-mine", timeout=WAIT_MS)
    players = Players({0: host.page, 2: guest.page}, random.Random(7))
    players.play(3)

    # A network hiccup: both sides' ICE says "disconnected", then "connected" again.
    # The table waits meanwhile, then goes on by itself.
    for side, page in (("host", host), ("guest", guest)):
        page.page.evaluate(PRETEND_ICE_JS, [side, "disconnected"])
    host.page.wait_for_selector(".room-bar .room-waiting", timeout=WAIT_MS)
    for side, page in (("host", host), ("guest", guest)):
        page.page.evaluate(PRETEND_ICE_JS, [side, "connected"])
    host.page.wait_for_selector(".room-bar:not(:has(.room-waiting))", timeout=WAIT_MS)
    close_room_panel(host.page)  # it opened with the seat's choices while the table waited
    players.play(2)

    # The guest reloads on the host's turn: the host's table waits for it, and
    # the host's own taps wait too; then a fresh invite gives the seat back.
    players.until_turn_of(0)
    hand = guest.page.evaluate("globalThis.stichtag.room.game.response.view.hands[2]")
    guest.page.reload()
    host.page.wait_for_selector(".room-bar .room-waiting", timeout=WAIT_MS)
    assert host.page.evaluate("globalThis.stichtag.game.response.turn.who") in ("waiting", "none")
    paused = host.page.evaluate("globalThis.stichtag.game.response.room.save")
    close_room_panel(host.page)
    host.page.locator(".card-mine.legal").first.click()
    waiting_words = json.loads((LOCALES / "en.json").read_text(encoding="utf-8"))["room_paused"]
    host.page.wait_for_function(
        "(words) => document.querySelector('.hand-hint').textContent.includes(words)",
        arg=waiting_words,
        timeout=WAIT_MS,
    )
    assert host.page.evaluate("globalThis.stichtag.game.response.room.save") == paused
    second_link = rejoin(host, guest, 2, first_link, ask=True)
    wait_for_guest_table(host, guest)
    host.page.wait_for_selector(".room-bar:not(:has(.room-waiting))", timeout=WAIT_MS)
    assert guest.page.evaluate("globalThis.stichtag.room.game.response.view.hands[2]") == hand
    host.page.locator(".card-mine.legal").first.click()  # accepted again
    host.page.wait_for_function(
        "(n) => globalThis.stichtag.game.response.room.next > n",
        arg=len(paused["record"]["actions"]),
        timeout=WAIT_MS,
    )
    players.play(3)

    # The host reloads: the match comes back from its save, and the friend is invited again.
    players.wait_for_someone()  # no computer move is on its way
    before = host.page.evaluate("globalThis.stichtag.game.response.room.save")
    host.page.reload()
    host.wait_engine_ready(120_000)
    choose_menu(host.page, "room")
    host.page.locator(".room-resume-button").click()
    host.page.wait_for_function(
        "() => !!(globalThis.stichtag.game.response || {}).room", timeout=WAIT_MS
    )
    resumed = host.page.evaluate("globalThis.stichtag.game.response.room.save")
    assert resumed["record"] == before["record"]
    guest.page.wait_for_selector(".room-status", timeout=WAIT_MS)  # the connection dropped
    rejoin(host, guest, 2, second_link, ask=False)  # resuming invited everyone anew
    wait_for_guest_table(host, guest)
    # The resumed match goes on (the classic match above is played to its end).
    players.play(4)
    players.wait_for_someone()
    received = guest_states(guest)  # first: the record read after it holds all it got
    record = host.page.evaluate("globalThis.stichtag.game.response.room.save.record")
    kept = before["record"]["actions"]
    assert record["actions"][: len(kept)] == kept and len(record["actions"]) >= len(kept) + 4
    records.replay(record)  # every action after the resumption is one the rules allow
    assert_no_hidden_card(received, record, 2)
    for page in (host, guest):
        page.assert_clean()


#: The deal was bid up: a raise, a counter or an acceptance is in the record.
BIDS = ("raise", "counter", "accept")


def shown_to_partner(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The states in which the partner (seat 2) sees the host's whole hand, shown."""
    return [
        message
        for message in messages
        if message["type"] == "state"
        and 1 < message["view"]["hands"][0]["count"] == len(message["view"]["hands"][0]["known"])
    ]


def test_a_historic_match_with_both_partners_as_persons(contexts: Any) -> None:
    """Historic Karnöffel with the host and its partner as persons, played until the
    host has shown its hand (it shows whenever asked) and the deal was bid up: the
    partner, a person, sees the shown hand on its own table, and an opponent (a
    computer's seat) sees no more than the face-up card. (The classic match above is
    played to its end.)"""
    host, guest = contexts("en-US"), contexts("zh-CN")
    host_room(host, {1: "computer", 2: "friend", 3: "computer"}, "karnoffel-historic")
    join(host, guest, 2, "Friend 2")
    assert guest.page.evaluate("document.documentElement.lang").startswith("zh")
    host.page.locator(".room-start").click()
    guest.page.wait_for_selector("#table:not([hidden]) .hand-mine .card-mine", timeout=WAIT_MS)
    players = Players({0: host.page, 2: guest.page}, random.Random(3))
    for _ in range(200):
        players.play(1)
        received = guest_states(guest)  # first: the record read after it holds all it got
        record = host.page.evaluate("globalThis.stichtag.game.response.room.save.record")
        actions = record["actions"]
        if shown_to_partner(received) and any(action in BIDS for action in actions):
            break
    else:
        raise AssertionError("within 200 moves the host never showed or nobody bid")
    assert record["humans"] == [0, 2]
    assert any(action.startswith("show") for action in actions)
    assert assert_no_hidden_card(received, record, 2) > 0
    point = shown_to_partner(received)[0]["room"]["next"]
    opponent = seat_views(record, 1, {point})[point]
    assert all(len(view["hands"][0]["known"]) <= 1 for view in opponent), opponent
    for page in (host, guest):
        page.assert_clean()


def doppelkopf_room_save(seed: str) -> tuple[dict[str, Any], dict[int, str]]:
    """A host's saved room of four persons (web/js/rooms/store.js) whose Doppelkopf
    match has reached the last three tricks of its last hand, played so far by the
    engine (random legal moves), and each friend's seat token."""
    rng = random.Random(seed)
    match = build_match("doppelkopf", {}, seed, [], [0, 1, 2, 3])
    while not (len(match.results) == 7 and all(len(hand) == 3 for hand in match.hands)):
        if match.is_chance_node():
            match.settle_chance()
        else:
            match.apply_action(rng.choice(match.legal_actions()))
    secrets = {seat: f"{seat}-secret-{seed}".ljust(22, "s") for seat in (1, 2, 3)}
    tokens = {seat: f"{seat}-token-{seed}".ljust(22, "t") for seat in (1, 2, 3)}
    seats = [{"kind": "host", "name": "Ada", "secret": "", "token": "", "away": False}]
    for seat in (1, 2, 3):
        name = f"Friend {seat}"
        seats.append(
            {"kind": "friend", "name": name, "secret": secrets[seat], "token": tokens[seat]}
        )
    room = {"id": "dk-room", "host_seat": 0, "started": True, "seats": seats}
    setup = {
        "id": room["id"],
        "name": "Ada",
        "game": "doppelkopf",
        "rules": {},
        "daily": None,
        "seats": ["host", "friend", "friend", "friend"],
        "level": "easy",
        "network": {},
        "secrets": {str(seat): secret for seat, secret in secrets.items()},
    }
    hosted = {"setup": setup, "save": {"record": match.to_record(), "room": room}}
    return hosted, tokens


def test_a_doppelkopf_match_with_four_persons(contexts: Any) -> None:
    """Four persons end a Doppelkopf match: the host's table resumes it from its save
    (the host reloaded), each friend takes its seat back through a fresh invite in
    its own language, and they play the last three tricks by keyboard; every table
    shows the match's result. Playing all eight hands through four pages took ten
    minutes on a busy machine (each move redraws four tables): the engine plays the
    hands before, and the room's engine tests a whole hand of four persons'
    messages (tests/rooms)."""
    hosted, tokens = doppelkopf_room_save("dk-room-4")
    start = len(hosted["save"]["record"]["actions"])
    host = contexts("en-US")
    locales = {1: "de-DE", 2: "es-ES", 3: "zh-CN"}
    friends = {seat: contexts(locale) for seat, locale in locales.items()}
    host.goto("?seed=room-host&level=random&pace=0")
    host.wait_engine_ready(120_000)
    host.page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [f"{STORE}room:save", json.dumps(hosted)],
    )
    choose_menu(host.page, "room")
    host.page.locator(".room-resume-button").click()
    for seat, guest in friends.items():
        # This browser took the seat before: its token is kept on the device.
        guest.page.context.add_init_script(
            script=KEEP_ITEM_JS % json.dumps([f"{STORE}room:seat:dk-room:{seat}", tokens[seat]])
        )
        join(host, guest, seat, f"Friend {seat}", paste=True)
        wait_for_guest_table(host, guest)
        assert guest.page.evaluate("document.documentElement.lang")[:2] == locales[seat][:2]
    close_room_panel(host.page)
    pages = {0: host.page, **{seat: guest.page for seat, guest in friends.items()}}
    moves = Players(pages, random.Random(4), keyboard=True).play_out()
    assert moves >= 12, moves
    record: dict[str, Any] = host.page.evaluate(
        "globalThis.stichtag.game.response.room.save.record"
    )
    assert record["humans"] == [0, 1, 2, 3]
    assert record["actions"][:start] == hosted["save"]["record"]["actions"]
    assert records.replay(record).is_terminal()
    for seat, guest in friends.items():
        assert assert_no_hidden_card(guest_states(guest), record, seat) >= moves
        guest.page.wait_for_selector(".result-panel:not([hidden])")
    host.page.wait_for_selector(".result-panel:not([hidden])")
    for sp in (host, *friends.values()):
        sp.assert_clean()
