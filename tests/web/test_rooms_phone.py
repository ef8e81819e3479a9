"""Rooms on a phone (issue 48): the host's room panel and a friend's invite and reply
pages (room.html) on touch screens of 390×844 and 360×740. Nothing scrolls sideways,
each control is reached by a real tap (the element under the finger is the control)
and is at least 44 px each way, axe-core finds nothing, and the keyboard reaches
every control and works them (Tab, Enter)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from a11y_support import axe_violations, install_axe
from phone_support import PHONES, page_fits, phone_context, tap
from playwright.sync_api import expect
from test_rooms import OPEN_SEAT_LINK_JS, REPLY_LINK_JS, SEAT_TAKEN_JS

#: Every control shown in ``root`` smaller than a fingertip's 44 px either way.
SMALL_TARGETS_JS = """(root) => {
  const scope = document.querySelector(root);
  if (!scope) return ["no " + root];
  const small = [];
  for (const el of scope.querySelectorAll("button, a[href], select, input, textarea, summary")) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    if (r.width < 43.5 || r.height < 43.5) {
      const what = (el.name || el.textContent || "").trim().slice(0, 30);
      small.push(`${el.tagName.toLowerCase()}.${el.className} ${what} ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
  }
  return small;
}"""

#: What has the keyboard's focus: its name, its class, or its tag.
FOCUSED_JS = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return "body";
  return el.name || [...el.classList].join(".") || el.tagName.toLowerCase();
}"""

ROOM_DIALOG = "dialog[data-dialog='room']"


@pytest.fixture(scope="module")
def axe_site(site_dir: Path) -> Path:
    install_axe(site_dir)
    return site_dir


def fits_a_phone(sp: Any, root: str, screen: str) -> None:
    """``root`` on both phones: no sideways scroll, every control big enough; axe finds nothing."""
    page = sp.page
    for width, height, _scale in PHONES.values():
        page.set_viewport_size({"width": width, "height": height})
        page_fits(page, root)
        small = page.evaluate(SMALL_TARGETS_JS, root)
        assert small == [], f"{screen} at {width} px: {small}"
    width, height, _scale = PHONES["390x844"]
    page.set_viewport_size({"width": width, "height": height})
    found = axe_violations(sp)
    assert found == [], f"axe-core at {screen}: {found}"


def tab_through(page: Any, presses: int = 40) -> list[str]:
    """What the focus meets on ``presses`` presses of Tab."""
    met = []
    for _ in range(presses):
        page.keyboard.press("Tab")
        met.append(page.evaluate(FOCUSED_JS))
    return met


def test_a_room_on_phones_by_taps_and_keys(browser: Any, axe_site: Path, site_url: str) -> None:
    with (
        phone_context(browser, site_url, phone="390x844") as host,
        phone_context(browser, site_url, locale="de-DE", phone="360x740") as guest,
    ):
        page = host.page
        host.goto("?seed=room-phone&level=random&pace=0")
        host.wait_engine_ready(timeout_ms=150_000)
        group = page.locator("details.app-menu-group:has(.app-menu-room)")
        tap(page, group.locator("summary"))
        tap(page, page.locator(".app-menu-room"))
        dialog = page.locator(f"{ROOM_DIALOG}[open]")
        expect(dialog.locator(".room-open")).to_be_visible()

        # The set-up form, with its network part opened by a tap.
        tap(page, dialog.locator(".room-network > summary"))
        expect(dialog.locator("input[name='room-stun']")).to_be_visible()
        fits_a_phone(host, ROOM_DIALOG, "the room's set-up")
        # The keyboard reaches every field of the form, and opens the room.
        met = tab_through(page)
        for name in ("room-game", "room-deals", "room-seat-2", "room-level", "room-name"):
            assert name in met, (name, met)
        for name in ("room-stun", "room-turn", "room-turn-user", "room-turn-password"):
            assert name in met, (name, met)
        assert "primary.room-open" in met, met
        # Doppelkopf, chosen by keys: the list has the focus, Arrow keys change it.
        dialog.locator("select[name='room-game']").focus()
        for _ in range(dialog.locator("select[name='room-game'] option").count()):
            if page.evaluate("() => document.activeElement.value") == "doppelkopf":
                break
            page.keyboard.press("ArrowDown")
        assert page.evaluate("() => document.activeElement.value") == "doppelkopf"
        dialog.locator(".room-open").focus()
        page.keyboard.press("Enter")
        invite = page.wait_for_function(OPEN_SEAT_LINK_JS, arg=2, timeout=30_000).json_value()

        # The invites: link, copy, QR code, the reply field, start.
        fits_a_phone(host, ROOM_DIALOG, "the room's invites")
        met = tab_through(page)
        for control in ("room-copy", "room-reply", "room-add", "primary.room-start"):
            assert any(control in where for where in met), (control, met)

        # The friend's invite page, on a smaller phone, in German.
        guest.page.goto(invite)
        guest.page.wait_for_selector("html[data-room='ready'] .room-take")
        fits_a_phone(guest, "body", "the invite page")
        met = tab_through(guest.page, 6)
        assert "room-language" in " ".join(met) or "language" in met, met
        assert "room-name" in met and "primary.room-take" in met, met
        guest.page.locator("input[name='room-name']").focus()
        guest.page.keyboard.type("Grete")
        tap(guest.page, guest.page.locator(".room-take"))
        reply = guest.page.wait_for_function(REPLY_LINK_JS, timeout=30_000).json_value()
        fits_a_phone(guest, "body", "the reply page")

        # The reply, opened on the host's phone, goes to its open table.
        reply_page = page.context.new_page()
        reply_page.goto(reply)
        page.wait_for_function(SEAT_TAKEN_JS, arg=2, timeout=30_000)
        reply_page.close()
        fits_a_phone(host, ROOM_DIALOG, "a taken seat")
        tap(page, dialog.locator(".room-start"))
        expect(dialog).to_have_count(0)

        # Both tables with the room's players above them.
        guest.page.wait_for_selector("#table:not([hidden]) .hand-mine .card-mine", timeout=30_000)
        expect(guest.page.locator("#table .hand-mine .card-mine")).to_have_count(12)
        page.wait_for_selector(".room-bar:not([hidden]) .room-seat")
        for sp in (host, guest):
            for width, height, _scale in PHONES.values():
                sp.page.set_viewport_size({"width": width, "height": height})
                page_fits(sp.page, ".room-bar")
        assert axe_violations(guest) == []
        assert axe_violations(host) == []
        host.assert_clean()
        guest.assert_clean()


def test_a_broken_room_link_says_so_readably_on_a_phone(
    browser: Any, axe_site: Path, site_url: str
) -> None:
    # The message stands on the page's dark felt (axe checks its contrast).
    with phone_context(browser, site_url, phone="360x740") as guest:
        guest.page.goto(site_url + "room.html#join=not-a-room")
        problem = guest.page.locator("html[data-room='ready'] .room-join .room-problem")
        expect(problem).to_have_text(
            "This link is not a complete room link. Ask for it again, and copy it whole."
        )
        fits_a_phone(guest, "body", "a broken room link")
        guest.assert_clean()
