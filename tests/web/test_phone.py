"""A newcomer on a phone (issue 43): in every language, on a touch screen of 390×844
and of 360×740, the page never scrolls sideways and each control is reached by a
real tap (the element under the finger is the control): the table, the menu's
lists, every dialog, the deal-result panel, the end-of-match window, the tutorial,
and Doppelkopf's reservation question and 12-card hand. At 1280×800 and 1366×768
the hand and the turn line lie inside the window. After a language switch no
hidden text (screen-reader lines, labels, tooltips) stays in the old language.

One phone per language walks through every state (saved games put it at a deal's
end and at the daily's end at once); with STICHTAG_SCREENSHOTS=<folder> each state
is photographed into that folder."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from conftest import ROOT
from phone_support import HIT_JS, LOCALES, PHONES, page_fits, phone_context, shot, tap
from playwright.sync_api import expect
from test_languages import DAILY_KF, FREE_KF, LEVEL, TODAY, drive, stored

from engine.bridge import Session

KNOBS = "level=random&pace=0"
#: The dialogs the menu opens, by their menu entry (the list holding it is opened first).
MENU_DIALOGS = {
    "learn": "learn",
    "howto": "howto",
    "stats": "stats",
    "archive": "archive",
    "new": "new-game",
    "friends": "friends",
    "review": "review",
}
TUTORIAL = "karnoffel-classic"


def catalog(language: str) -> dict[str, str]:
    return json.loads((ROOT / "engine" / "locales" / f"{language}.json").read_text("utf-8"))


@pytest.fixture(scope="module")
def saves() -> dict[str, str]:
    """A free Karnöffel match whose first deal is over, and today's daily played to its end."""
    kf = Session()
    first_deal = drive(
        kf,
        kf.op_new({"game": "karnoffel", "seed": "phone-kf", "level": LEVEL}),
        lambda r: r["view"]["phase"] == "deal",
    )
    daily = Session()
    pinned = json.loads((ROOT / "puzzles" / "karnoffel" / f"{TODAY}.json").read_text("utf-8"))
    opened = daily.op_daily(
        {"game": "karnoffel", "date": TODAY, "today": TODAY, "pinned": pinned, "level": LEVEL}
    )
    finished = drive(daily, opened, lambda r: r["view"]["phase"] == "over")
    return {
        FREE_KF: stored(first_deal["save"], between=True),
        DAILY_KF: stored(finished["save"], daily={"game": "karnoffel", "date": TODAY}),
    }


# ------------------------------------------------------------------- helpers
def settled(page: Any) -> None:
    """The table waits (no request, no computer move in flight)."""
    page.wait_for_function(
        "() => { const g = globalThis.stichtag && globalThis.stichtag.game;"
        " return !!g && !!g.response && document.getElementById('table').dataset.busy !== 'true'; }",
        timeout=60_000,
    )
    page.evaluate("() => globalThis.stichtag.game.idle()")


def navigate(page: Any, query: str) -> None:
    """Open another match by the app's own navigation (the engine keeps running)."""
    page.evaluate("(query) => { globalThis.stichtag.app.navigate(query); }", query)
    page.wait_for_function(
        "(search) => location.search.startsWith(search) && !!globalThis.stichtag.game.response",
        arg="?" + query.split("&")[0] if query else "",
    )
    settled(page)


#: A card's tag ("Trump", "partial trump") cut off or spilling out of its card:
#: none may be (German "Teiltrumpf" was cut to "Teiltrum…", "Trump" to "Trum").
SPILLED_TAGS_JS = """() => [...document.querySelectorAll("#table .card-role")]
  .filter((el) => el.getBoundingClientRect().width > 0)
  .filter((el) => {
    const tag = el.getBoundingClientRect(), card = el.parentElement.getBoundingClientRect();
    return el.scrollWidth > el.clientWidth + 1 || tag.left < card.left - 1 || tag.right > card.right + 1;
  })
  .map((el) => el.textContent)"""


#: Every text the hand's hint line shows from now on, kept in globalThis.hintsSeen.
WATCH_HINT_JS = """() => {
  globalThis.hintsSeen = [];
  const hint = document.querySelector("#table .hand-hint");
  new MutationObserver(() => { if (hint.textContent) globalThis.hintsSeen.push(hint.textContent); })
    .observe(hint, {childList: true, characterData: true, subtree: true});
}"""


#: What a played card covers: the trick's caption ("Winning: East"), a seat's name
#: or another seat's cards (the partner's hand above the trick).
COVERED_JS = """() => {
  const boxes = (selector) => [...document.querySelectorAll(selector)]
    .map((el) => [el, el.getBoundingClientRect()]).filter(([, r]) => r.width && r.height);
  const meet = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const covered = [];
  for (const [, card] of boxes("#table .trick-card")) {
    for (const [el, r] of boxes("#table .trick-caption, #table .seat-label, #table .hand-other .card, #table .hand-other .count")) {
      if (meet(card, r)) covered.push(el.className + ": " + el.textContent);
    }
  }
  return covered;
}"""


def on_both_phones(page: Any, name: str, root: str = "body") -> None:
    """The state on show fits the 390 px phone and the 360 px one (photographed on each)."""
    for phone, (width, height, _scale) in PHONES.items():
        page.set_viewport_size({"width": width, "height": height})
        page_fits(page, root)
        assert not page.evaluate(SPILLED_TAGS_JS), (phone, page.evaluate(SPILLED_TAGS_JS))
        shot(page, f"{name}-{phone}")
    page.set_viewport_size({"width": PHONES["390x844"][0], "height": PHONES["390x844"][1]})


def tap_menu(page: Any, item: str) -> None:
    """Open the list holding ``item`` by a tap on its button and tap the entry."""
    group = page.locator(f"details.app-menu-group:has(.app-menu-{item})")
    if group.get_attribute("open") is None:
        tap(page, group.locator("summary"))
    expect(group).to_have_attribute("open", "")
    page_fits(page, ".app-menu")
    tap(page, page.locator(f".app-menu-{item}"))


def dialog_fits_and_closes(page: Any, name: str, shot_name: str) -> None:
    dialog = page.locator(f"dialog[data-dialog='{name}'][open]")
    expect(dialog).to_be_visible()
    # Photographed and measured with its content, not the "loading" line before it.
    expect(dialog.locator("[role=status][class$='-loading']")).to_have_count(0)
    on_both_phones(page, shot_name, f"dialog[data-dialog='{name}']")
    tap(page, dialog.locator(".app-dialog-close"))
    expect(dialog).to_have_count(0)


def tap_a_playable_card(page: Any) -> None:
    card = page.locator("#table .hand-mine .card-mine.legal").first
    before = page.evaluate("() => globalThis.stichtag.game.response.save.actions.length")
    tap(page, card)
    page.wait_for_function(
        "(n) => globalThis.stichtag.game.response.save.actions.length > n", arg=before
    )
    settled(page)


# --------------------------------------------------------------------- tests
@pytest.mark.parametrize("language", list(LOCALES))
def test_every_screen_fits_a_phone_and_answers_a_tap(
    browser: Any, site_url: str, saves: dict[str, str], language: str
) -> None:
    with phone_context(browser, site_url, locale=LOCALES[language], storage=saves) as sp:
        page = sp.page
        sp.goto(f"?free&{KNOBS}")
        sp.wait_engine_ready(timeout_ms=150_000)
        settled(page)
        prefix = f"{language}"

        # The deal-result panel (the saved match opens on its first deal's end): inside
        # the screen, below the partner's hand, its "Continue" under the finger.
        panel = page.locator("#table .result-panel")
        expect(panel).to_be_visible()
        north = page.locator("#table .seat[data-pos='n'] .hand").bounding_box()
        assert north and panel.bounding_box()["y"] >= north["y"] + north["height"]
        on_both_phones(page, f"{prefix}-deal-result", "#table .result-panel")
        page.evaluate(WATCH_HINT_JS)
        tap(page, panel.locator(".panel-button.continue"))
        expect(panel).to_be_hidden()
        settled(page)
        # The tap acts on Continue alone: no card of the new hand (a computer leads,
        # so each says "Not your turn") is played or says why it may not be.
        assert page.evaluate("() => globalThis.hintsSeen") == [], language
        expect(page.locator("#table .hand-mine .card-mine")).to_have_count(5)

        # The table and the first-visit offer; the offer is put away by a tap.
        on_both_phones(page, f"{prefix}-table")
        offer = page.locator('[data-notice="learn-offer"]')
        if offer.count():
            tap(page, offer.locator(".app-notice-dismiss"))
            expect(offer).to_have_count(0)
        page.wait_for_function("() => !!document.querySelector('#table .card-mine.legal')")
        for card in page.locator("#table .hand-mine .card-mine").all():
            box = card.bounding_box()
            assert box and box["width"] >= 44 and box["height"] >= 44, box
        tap_a_playable_card(page)
        # The trick's cards cover no name, no caption and not the partner's hand.
        for phone, (width, height, _scale) in PHONES.items():
            page.set_viewport_size({"width": width, "height": height})
            assert page.locator("#table .trick-card").count()
            assert page.evaluate(COVERED_JS) == [], (phone, page.evaluate(COVERED_JS))
        page.set_viewport_size({"width": 390, "height": 844})

        # The menu's lists and every dialog they open.
        for group in ("app-menu-learn-group", "app-menu-more"):
            tap(page, page.locator(f".{group} > summary"))
            on_both_phones(page, f"{prefix}-menu-{group}", ".app-menu")
            tap(page, page.locator(f".{group} > summary"))
            expect(page.locator(f".{group}")).not_to_have_attribute("open", "")
        for item, name in MENU_DIALOGS.items():
            tap_menu(page, item)
            dialog_fits_and_closes(page, name, f"{prefix}-dialog-{name}")

        # The end-of-match window: today's daily, played to its end on this phone.
        navigate(page, "")
        result = page.locator("dialog[data-dialog='result'][open]")
        expect(result).to_be_visible()
        on_both_phones(page, f"{prefix}-end-of-match", "dialog[data-dialog='result']")
        tap(page, result.locator(".app-dialog-close"))
        expect(result).to_have_count(0)

        # The tutorial: its coach and its moves.
        navigate(page, f"tutorial={TUTORIAL}")
        page.locator(".coach-tutorial").wait_for()
        on_both_phones(page, f"{prefix}-tutorial")
        for _ in range(3):
            settled(page)
            step = page.locator(".coach-next, .coach-target").first
            if not step.count():
                break
            tap(page, step)
        settled(page)

        # Doppelkopf: the reservation question over a 12-card hand.
        navigate(page, f"free&game=doppelkopf&seed=phone-dk-{language}")
        page.locator("#table .calls .call-healthy").wait_for()
        on_both_phones(page, f"{prefix}-doppelkopf-reservation")
        hand = page.locator("#table .hand-mine .card-mine")
        assert hand.count() == 12
        for phone, (width, height, _scale) in PHONES.items():
            page.set_viewport_size({"width": width, "height": height})
            # The question spans the felt: its answers and the whole hand on one screen
            # (in a narrow middle column it made the page 1231 px tall on 844).
            page.evaluate("() => window.scrollTo(0, 0)")
            seen = page.evaluate(FOLD_JS)
            assert seen["hand"]["bottom"] <= seen["height"], (phone, seen)
            for card in hand.all():
                card.scroll_into_view_if_needed()
                box = card.bounding_box()
                assert box and box["x"] >= 0 and box["x"] + box["width"] <= width, (phone, box)
                # No card covers another: the whole face (and its "Trump" tag) shows.
                assert card.evaluate(
                    "(el) => { const r = el.getBoundingClientRect();"
                    " return [[.1, .5], [.9, .5], [.5, .9]].every(([fx, fy]) =>"
                    " el.contains(document.elementFromPoint(r.left + r.width * fx, r.top + r.height * fy))); }"
                ), (phone, box)
            # Every answer to the question lies under a finger, none covered by a seat.
            for call in page.locator("#table .calls .call").all():
                call.scroll_into_view_if_needed()
                box = call.bounding_box()
                assert box and box["height"] >= 44, box
                centre = [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2]
                assert call.evaluate(HIT_JS, centre)["hit"], (phone, call.inner_text())
        page.set_viewport_size({"width": 390, "height": 844})
        # The contract's rules link on the table is tall enough for a finger.
        tap(page, page.locator("#table .calls .call-healthy"))
        page.wait_for_function(
            "() => document.getElementById('table').dataset.busy !== 'true'"
            " && !document.querySelector('#table .calls .call-healthy')",
            timeout=60_000,
        )
        settled(page)
        for link in page.locator("#table .table-info a.rules-link").all():
            box = link.bounding_box()
            if box:
                assert box["height"] >= 24, box
        on_both_phones(page, f"{prefix}-doppelkopf-play")
        if page.locator("#table .hand-mine .card-mine.legal").count():
            tap_a_playable_card(page)
        sp.assert_clean()


#: The hand's and the turn line's boxes, and the window's height.
FOLD_JS = """() => {
  const box = (selector) => { const r = document.querySelector(selector).getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  return {hand: box("#table .hand-mine"), turn: box("#table .turn-line"), height: innerHeight,
          width: innerWidth, scroll: document.documentElement.scrollWidth};
}"""


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_whole_table_fits_a_laptop_screen(browser: Any, site_url: str, language: str) -> None:
    with phone_context(
        browser, site_url, locale=LOCALES[language], phone="1280x800", mobile=False
    ) as sp:
        page = sp.page
        for game in ("karnoffel", "doppelkopf"):
            sp.goto(f"?game={game}&{KNOBS}")
            sp.wait_engine_ready(timeout_ms=150_000)
            page.locator("#table .hand-mine .card-mine").first.wait_for()
            settled(page)
            for width, height in ((1280, 800), (1366, 768)):
                page.set_viewport_size({"width": width, "height": height})
                # As a first visit shows it: with the offer of the tutorial above the table.
                expect(page.locator('[data-notice="learn-offer"]')).to_have_count(1)
                seen = page.evaluate(FOLD_JS)
                shot(page, f"{language}-{game}-{width}x{height}")
                assert seen["scroll"] <= seen["width"], seen
                for part in ("hand", "turn"):
                    assert 0 <= seen[part]["top"] and seen[part]["bottom"] <= seen["height"], (
                        part,
                        seen,
                    )
            page.evaluate("() => localStorage.removeItem('stichtag:v1:learn')")
        sp.assert_clean()


#: Every text a person does not see but a screen reader reads or a pointer shows:
#: visually hidden lines, live regions, names and tooltips.
HIDDEN_TEXTS_JS = """() => {
  const texts = [];
  const hidden = ".sr-only, .visually-hidden, [aria-live], [role=status], [role=alert], [hidden]";
  for (const el of document.body.querySelectorAll(hidden)) {
    if (!el.closest("noscript")) texts.push(el.textContent);
  }
  for (const el of document.body.querySelectorAll("[aria-label], [title], [data-face-up]")) {
    for (const name of ["aria-label", "title", "data-face-up"]) {
      if (el.hasAttribute(name)) texts.push(el.getAttribute(name));
    }
  }
  return texts.map((text) => text.replace(/\\s+/g, " ").trim()).filter(Boolean);
}"""


def old_words(old: dict[str, str], new: dict[str, str]) -> set[str]:
    """Pieces of the old language's texts (between placeholders, 10 letters or more)
    that the new language's text of the same entry does not contain."""
    pieces = set()
    for key, text in old.items():
        for piece in re.split(r"\{\{\w+(?::\w+)?\}\}", text):
            piece = piece.strip(" .,:;·()")
            if len(piece) >= 10 and piece not in new.get(key, ""):
                pieces.add(piece)
    return pieces


def test_no_hidden_text_stays_in_the_old_language(browser: Any, site_url: str) -> None:
    with phone_context(browser, site_url, locale="en-US") as sp:
        page = sp.page
        sp.goto(f"?free&seed=phone-languages&{KNOBS}")
        sp.wait_engine_ready(timeout_ms=150_000)
        settled(page)
        page.wait_for_function("() => !!document.querySelector('#table .card-mine.legal')")
        tap_a_playable_card(page)
        page.wait_for_function("() => !!document.querySelector('#table .card-mine.legal')")
        before = page.evaluate(HIDDEN_TEXTS_JS)
        en = catalog("en")
        assert any(en["table.turn.play"] in text for text in before), before
        previous = "en"
        for language in ("de", "es", "zh"):
            page.select_option("select.app-menu-language", language)
            page.wait_for_function(
                "(lang) => document.documentElement.lang.startsWith(lang)", arg=language
            )
            settled(page)
            texts = page.evaluate(HIDDEN_TEXTS_JS)
            stale = sorted(
                {
                    piece
                    for piece in old_words(catalog(previous), catalog(language))
                    for text in texts
                    if piece in text
                }
            )
            assert not stale, f"{previous} -> {language}: {stale}"
            previous = language
        sp.assert_clean()
