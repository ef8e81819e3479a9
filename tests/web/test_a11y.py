"""A screen reader and a keyboard play the whole game without friction (issue 15).

A Karnöffel deal and a Doppelkopf hand are played by keys only: focus never sits on
<body> after an action, no focus moves without an action (or a panel opening), the
live region says "your turn" once per turn and each computer move once, and
axe-core finds nothing on every screen the issue names."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from a11y_support import (
    MONITOR_JS,
    active,
    axe_violations,
    install_axe,
    monitor,
    play_by_keys,
    tab_to,
    waiting,
)
from daily_support import open_site, play, site_context
from menu_support import choose_menu

EN = json.loads((Path(__file__).resolve().parents[2] / "engine/locales/en.json").read_text("utf-8"))
#: Print the measured numbers (for the report): STICHTAG_A11Y_REPORT=1.
REPORT = os.environ.get("STICHTAG_A11Y_REPORT") == "1"


@pytest.fixture(scope="module")
def axe_site(site_dir: Path) -> Path:
    install_axe(site_dir)
    return site_dir


def measured(sp: Any, report: dict[str, Any]) -> dict[str, Any]:
    log = monitor(sp)
    numbers = {
        **report,
        "focus_moves": len(log["focus"]),
        "unprompted_focus_moves": len(log["unprompted"]),
        "focus_drops": len(log["drops"]),
        "announcements": len(log["announced"]),
        "your_turn_announced": sum(EN["table.turn.play"] in line for line in log["announced"]),
        "hint_rewrites": log["hints"],
    }
    if REPORT:
        print("\nA11Y", json.dumps(numbers))
    return numbers


def computer_moves(sp: Any, actions_before: int) -> int:
    """The computers' moves since the save had ``actions_before`` actions."""
    return sp.page.evaluate(
        """(before) => {
          const r = globalThis.stichtag.game.response;
          return r.save.actions.slice(before).length;
        }""",
        actions_before,
    )


def test_a_karnoffel_deal_by_keys_is_quiet_and_announced(
    browser: Any, axe_site: Path, site_url: str
) -> None:
    with site_context(browser, site_url, init_script=MONITOR_JS) as sp:
        open_site(sp, "free&game=karnoffel&seed=a11y-kf-1")
        report = play_by_keys(sp, until="deal")
        numbers = measured(sp, report)
        log = monitor(sp)
        assert numbers["body_after_action"] == 0
        assert numbers["focus_drops"] == 0, log["drops"]
        assert numbers["unprompted_focus_moves"] == 0, log["unprompted"]
        assert numbers["hint_rewrites"] <= numbers["actions"] * 2
        assert numbers["your_turn_announced"] == report["turns"], log["announced"]
        moves = sp.page.evaluate("() => globalThis.stichtag.game.response.save.actions.length")
        # Every move (ours and the computers') said once: one line per move, plus
        # one "your turn" per turn and the deal's result.
        assert numbers["announcements"] == moves + report["turns"] + 1, log["announced"]
        assert active(sp)["inPanel"]
        assert axe_violations(sp) == []
        # The chosen suit is read in full: a labelled group whose title is read, not hidden.
        chosen = sp.page.locator(".info-block.chosen")
        assert chosen.get_attribute("role") == "group"
        assert (
            chosen.locator(".info-title").evaluate("(el) => getComputedStyle(el).display") != "none"
        )
        # The result panel is a dialog: Tab stays inside, Escape goes on as Continue does.
        for key in ("Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"):
            sp.page.keyboard.press(key)
            assert active(sp)["inPanel"], key
        sp.page.keyboard.press("Escape")
        assert waiting(sp) == "turn"
        assert sp.page.locator(".result-panel").is_hidden()
        assert not active(sp)["body"]


def no_violations(sp: Any, screen: str) -> None:
    found = axe_violations(sp)
    assert found == [], f"axe-core at {screen}: {found}"


#: The focused card's middle and right edge are its own (no neighbour drawn over them).
UNCOVERED_JS = """() => {
  const el = document.activeElement;
  const box = el.getBoundingClientRect();
  const y = box.top + box.height * 0.6;
  return [box.left + box.width * 0.5, box.right - 4].every(
    (x) => el.contains(document.elementFromPoint(x, y)));
}"""


def test_a_doppelkopf_hand_by_keys_is_quiet_announced_and_readable(
    browser: Any, axe_site: Path, site_url: str
) -> None:
    with site_context(browser, site_url, init_script=MONITOR_JS) as sp:
        open_site(sp, "free&game=doppelkopf&seed=a11y-dk-1", "level=easy&pace=0")
        page = sp.page
        assert waiting(sp) == "turn"
        view = page.evaluate("() => globalThis.stichtag.game.response.view")
        assert view["phase"] == "reserve"
        no_violations(sp, "the Doppelkopf reservation")
        # The hand is there to be read: not dimmed, its trumps said and marked.
        opacity = page.evaluate(
            "() => [...document.querySelectorAll('.hand-mine .card-mine svg')]"
            ".map((svg) => getComputedStyle(svg).opacity)"
        )
        assert set(opacity) == {"1"}
        names = page.locator(".hand-mine .card-mine .card-name").all_text_contents()
        trumps = page.locator(".hand-mine .card-mine.trump").count()
        assert trumps == len(view["trumps"]) and sum(", trump" in n for n in names) == trumps
        order = page.locator(".dk-trump-order").text_content()
        assert order.startswith("Trumps, high to low: Ten of Hearts, Queen of Clubs")
        assert page.get_attribute("#table .table-info", "aria-label") == EN["dk.info.bar_label"]
        # Every card the keyboard is on is shown whole.
        tab_to(sp, "el && el.classList.contains('card-mine')")
        for _ in range(len(names)):
            assert page.evaluate(UNCOVERED_JS), page.evaluate(
                "() => document.activeElement.dataset.card"
            )
            page.keyboard.press("ArrowRight")
        report = play_by_keys(sp, until="deal")
        numbers = measured(sp, report)
        log = monitor(sp)
        assert numbers["body_after_action"] == 0
        assert numbers["focus_drops"] == 0, log["drops"]
        assert numbers["unprompted_focus_moves"] == 0, log["unprompted"]
        assert numbers["your_turn_announced"] >= 12  # a card each trick, said once each
        said = page.evaluate(
            "() => [...document.querySelectorAll('[data-announcer] p')].map((p) => p.textContent)"
        )
        assert not any("seat " in line for line in said)
        no_violations(sp, "the Doppelkopf hand result")
        # Had we played our last card before the others, the focus waited in the hand.
        last = page.evaluate("() => globalThis.stichtag.game.response.view.played.at(-1).cards")
        if last[-1]["seat"] != view["seat"]:
            assert any(move.startswith("div.hand.hand-mine") for move in log["focus"])
        # Escape goes on as Continue does; the focus lands in the new hand.
        page.keyboard.press("Escape")
        assert waiting(sp) == "turn"
        assert active(sp)["inHand"] or active(sp)["action"]
        # The log of the deal: opened from the table by its key, it says who played what.
        # (Keys, not a click: the new hand's table is still being laid out, and a
        # click aimed before a shift can land beside the summary.)
        page.locator(".deal-log summary").press("Enter")
        page.locator(".deal-log-list li").first.wait_for(state="visible", timeout=10_000)


def test_a_played_doppelkopf_trick_is_in_words_everywhere(
    browser: Any, axe_site: Path, site_url: str
) -> None:
    with site_context(browser, site_url) as sp:
        open_site(sp, "free&game=doppelkopf&seed=a11y-dk-2", "level=easy&pace=0")
        page = sp.page
        page.locator('.calls .call[data-action="healthy"]').click()
        waiting(sp)
        no_violations(sp, "Doppelkopf play")
        # A card that may not be played now: the hint says why in words.
        hint_seen = page.evaluate(
            """() => {
              const card = document.querySelector('.hand-mine .card-mine[aria-disabled="true"]');
              if (!card) return null;
              card.dispatchEvent(new PointerEvent('pointerover', {bubbles: true}));
              return document.querySelector('.hand-hint').textContent;
            }"""
        )
        if hint_seen is not None:
            assert "seat " not in hint_seen and "_" not in hint_seen, hint_seen
        page.locator(".deal-log summary").click()
        lines = page.locator(".deal-log-list li").all_text_contents()
        assert lines and all("seat " not in line for line in lines)


def test_axe_finds_nothing_on_the_loading_and_app_screens(
    browser: Any, axe_site: Path, site_url: str
) -> None:
    with site_context(browser, site_url) as sp:
        page = sp.page
        # Loading: the engine's runtime is held back, the skeleton is on show.
        page.route("**/*.wasm", lambda route: None)
        sp.goto("?level=random&pace=0", wait_until="domcontentloaded")
        page.wait_for_selector("#table")
        no_violations(sp, "loading")
    with site_context(browser, site_url) as sp:
        open_site(sp)
        page = sp.page
        assert waiting(sp) == "turn"
        no_violations(sp, "your turn")
        end = play(sp)
        assert end["phase"] == "over"
        page.locator("dialog[data-dialog=result][open]").wait_for()
        no_violations(sp, "the match-over dialog")
        ids = page.evaluate("() => [...document.querySelectorAll('[id]')].map((el) => el.id)")
        assert len(ids) == len(set(ids))
        page.keyboard.press("Escape")
        # Back on the match's panel: Escape closes it too, the table stays on show.
        page.locator("dialog[data-dialog=result][open]").wait_for(state="detached")
        if active(sp)["inPanel"]:
            page.keyboard.press("Escape")
            assert page.locator(".result-panel").is_hidden()
            assert page.evaluate("() => document.activeElement.matches('.deal-log summary')")
        choose_menu(page, "stats")
        page.locator("dialog[data-dialog=stats][open]").wait_for()
        ids = page.evaluate("() => [...document.querySelectorAll('[id]')].map((el) => el.id)")
        assert len(ids) == len(set(ids)), "duplicate ids with the result and statistics dialogs"
        no_violations(sp, "statistics")
        page.keyboard.press("Escape")
        choose_menu(page, "archive")
        page.locator("dialog[data-dialog=archive][open]").wait_for()
        no_violations(sp, "archive")
        page.keyboard.press("Escape")
        choose_menu(page, "new")
        page.locator("dialog[data-dialog=new-game][open]").wait_for()
        no_violations(sp, "new game")
