"""Learning on the page (issue 11): the tutorials played to their end by following
their own instructions (the step's highlighted move is clicked, "Next" pressed
when a step asks to look first), a wrong move refused and explained (a scripted
lesson has no take-back), leaving and resuming; "learn with hints" for three decisions with the
engine's own recommendation; "How to play" for each game; a daily played with
hints says so. The tests read what the page shows and points at: no rule here."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import SitePage
from daily_support import (
    SharedPage,
    local_storage,
    open_site,
    play,
    shared_page,
    site_context,
    state,
    visit,
)
from menu_support import choose_menu

from engine import tutorials
from engine.bridge import Session

#: What a tutorial's table waits for: "next" (a step to read), "target" (the
#: highlighted move to make), "deal" (a finished deal's Continue), "complete",
#: or false while a request or a computer move is under way.
TUTORIAL_JS = """() => {
  const root = document.getElementById("table");
  const coach = document.querySelector(".coach-tutorial");
  if (!coach || root.dataset.busy === "true") return false;
  if (coach.dataset.complete === "true") return "complete";
  if (root.dataset.phase === "deal") return document.querySelector(".result-panel:not([hidden]) .continue") ? "deal" : false;
  if (document.querySelector(".coach-next")) return "next";
  if (document.querySelector(".coach-target")) return "target";
  return false;
}"""
#: The tutorial's step on show (its data-step).
STEP_JS = "() => Number(document.querySelector('.coach-tutorial').dataset.step)"
TUTORIAL_IDS = list(tutorials.TUTORIAL_IDS)
#: Each tutorial's step counts and play-through time, for the report (printed with -s).
TIMINGS: dict[str, float] = {}
#: The step numbers on show each time the tutorial waited for the reader (follow()).
SHOWN: list[str] = []


@pytest.fixture(scope="module")
def shared(browser: Any, site_url: str) -> Iterator[SharedPage]:
    """One page for the tests that open a tutorial, a free game or a daily by the app's
    own navigation, as the Learn list and the menu do (daily_support.SharedPage)."""
    yield from shared_page(browser, site_url, "game=karnoffel")


@pytest.fixture()
def learner(shared: SharedPage, request: Any) -> Iterator[SitePage]:
    yield from shared.use(request)


def tutorial_state(page: Any) -> str:
    return str(page.wait_for_function(TUTORIAL_JS, timeout=60_000).json_value())


def step_of(page: Any) -> int:
    return int(page.evaluate(STEP_JS))


def wait_step(page: Any, step: int) -> None:
    page.wait_for_function(
        "(step) => { const c = document.querySelector('.coach-tutorial');"
        " return !!c && Number(c.dataset.step) === step"
        " && document.getElementById('table').dataset.busy !== 'true'; }",
        arg=step,
        timeout=60_000,
    )


def follow(page: Any, until_step: int | None = None) -> int:
    """Follow the tutorial's instructions to its end (or to ``until_step``); the moves made."""
    moves = 0
    while True:
        now = tutorial_state(page)
        SHOWN.append(page.inner_text(".coach-step"))
        if now == "complete" or (until_step is not None and step_of(page) >= until_step):
            return moves
        step = step_of(page)
        if now == "deal":
            page.click("#table .result-panel .continue")
            page.wait_for_function(
                "() => document.getElementById('table').dataset.phase !== 'deal'"
            )
            continue
        if now == "next":
            page.click(".coach-next")
        else:
            target = page.locator(".coach-target")
            assert target.count() == 1
            target.click()
            moves += 1
        page.wait_for_function(
            "(step) => { const c = document.querySelector('.coach-tutorial');"
            " return !c || Number(c.dataset.step) !== step || c.dataset.complete === 'true'; }",
            arg=step,
            timeout=60_000,
        )


@pytest.mark.parametrize("tutorial_id", TUTORIAL_IDS)
def test_each_tutorial_is_played_to_its_end_by_following_its_instructions(
    learner: SitePage, tutorial_id: str
) -> None:
    tutorial = tutorials.TUTORIALS[tutorial_id]
    sp = learner
    visit(sp, f"tutorial={tutorial_id}")
    page = sp.page
    tutorial_state(page)
    # The first pause: a first computer move is played at once (its words introduce the deal).
    assert step_of(page) == min(i for i in range(len(tutorial.steps)) if tutorial.pauses_at(i))
    assert page.inner_text("#app-title").startswith("Tutorial: ")
    started = time.monotonic()
    SHOWN.clear()
    moves = follow(page)
    # Issue 43: each waiting step's number on show, one after the other, none skipped.
    stops = tutorial.stops
    numbers = sorted({int(text.split()[1]) for text in SHOWN})
    assert numbers == list(range(1, stops + 1)), SHOWN
    assert SHOWN[-1] == f"Step {stops} of {stops}"
    TIMINGS[tutorial_id] = time.monotonic() - started
    print(
        f"\n[tutorial] {tutorial_id}: {tutorial.stops} steps ({len(tutorial.steps)} actions), "
        f"{moves} of them the person's, {TIMINGS[tutorial_id]:.1f} s at pace 0"
    )
    assert moves == sum(step.by == "person" for step in tutorial.steps)
    # The ending promises hints for playing on: its button switches them on.
    page.click(".coach-play-hints")
    page.wait_for_selector(".coach-hints[data-left='all']")
    assert page.locator(".coach-play-hints").count() == 0
    coach = page.locator(".coach-tutorial")
    assert coach.get_attribute("data-complete") == "true"
    assert page.locator(".coach-ending").inner_text()
    # Its completion is remembered, and it never counts in the statistics.
    stored = local_storage(sp)
    assert json.loads(stored["stichtag:v1:learn"])["completed"] == [tutorial_id]
    assert not [key for key in stored if key.startswith("stichtag:v1:stats:")]
    choose_menu(page, "learn")
    item = page.locator(f"dialog[open] .learn-item[data-tutorial='{tutorial_id}']")
    assert item.get_attribute("data-completed") == "true"
    sp.assert_clean()


def test_a_wrong_move_is_refused_and_explained_in_words_with_no_take_back(
    learner: SitePage,
) -> None:
    sp = learner
    visit(sp, "tutorial=karnoffel-classic")
    page = sp.page
    follow(page, until_step=3)  # step 3 asks for the Hearts King; the Karnöffel is a mistake
    wait_step(page, 3)
    before = page.evaluate("globalThis.stichtag.game.response.save")
    page.click(".hand-mine .card-mine[data-card='BU']")
    refusal = page.locator(".coach-refusal")
    refusal.wait_for()
    text = refusal.inner_text()
    # The move in words (not its notation), and the step's own explanation of it.
    assert text.startswith("Not the Bells Unter this time.")
    assert "'BU'" not in text and "BU" not in text.split()
    assert "Karnöffel, the strongest card of the deal" in text
    assert page.evaluate("globalThis.stichtag.game.response.save") == before
    assert step_of(page) == 3
    # A scripted lesson offers no take-back (issue 43): a wrong move is refused anyway.
    page.click(".coach-target")
    wait_step(page, 4)
    assert page.locator(".coach-undo").count() == 0
    assert page.locator(".coach-tutorial button").all_inner_texts() == ["Leave the tutorial"]
    sp.assert_clean()


def test_a_tutorial_can_be_left_and_resumed_from_its_own_slot(learner: SitePage) -> None:
    sp = learner
    visit(sp, "tutorial=doppelkopf")
    page = sp.page
    follow(page, until_step=5)
    wait_step(page, 5)
    saved = page.evaluate("globalThis.stichtag.game.response.save")
    assert saved["tutorial"] == "doppelkopf"
    page.click(".coach-leave")
    page.wait_for_function("() => !location.search.includes('tutorial')")
    page.wait_for_function(
        "() => { const r = globalThis.stichtag.game.response; return !!r && !r.tutorial && !!r.daily; }"
    )
    assert page.locator(".coach-tutorial").count() == 0
    choose_menu(page, "learn")
    resume = page.locator("dialog[open] .learn-open[data-tutorial='doppelkopf']")
    assert resume.inner_text() == "Resume"
    resume.click()
    wait_step(page, 5)
    assert page.evaluate("globalThis.stichtag.game.response.save") == saved
    follow(page)
    assert page.locator(".coach-tutorial").get_attribute("data-complete") == "true"
    sp.assert_clean()


def test_a_first_visit_offers_the_tutorial_once_without_blocking_the_daily(
    browser: Any, site_url: str
) -> None:
    with site_context(browser, site_url) as sp:
        open_site(sp)
        page = sp.page
        offer = page.locator("[data-notice=learn-offer]")
        offer.wait_for()
        assert "Karnöffel, the classic rules" in offer.inner_text()
        assert state(sp)["phase"] == "play"  # the daily is on the table, playable
        page.reload()
        sp.wait_engine_ready(timeout_ms=150_000)
        assert page.locator("[data-notice=learn-offer]").count() == 0
        sp.assert_clean()


#: The hint on show: the recommended action and the engine's response it is for.
HINT_JS = """() => {
  const root = document.getElementById("table");
  const line = document.querySelector(".coach-hint-text");
  if (!line || root.dataset.busy === "true") return false;
  const game = globalThis.stichtag.game;
  return {action: line.dataset.action, save: game.response.save, text: line.textContent,
          marked: [...document.querySelectorAll(".coach-hint")].map((el) => el.dataset.card || el.dataset.action)};
}"""


def engine_hint(save: dict[str, Any]) -> dict[str, Any]:
    """The engine's own hint for the person's seat of this saved free game."""
    session = Session()
    session.op_load({"save": save, "level": "random"})
    return session.op_hint({})


def test_hints_advise_three_decisions_then_say_so_and_offer_more_or_to_keep_them_on(
    learner: SitePage,
) -> None:
    sp = learner
    visit(sp, "seed=learn-hints&rules=historic")
    page = sp.page
    page.wait_for_function("() => document.getElementById('table').dataset.busy !== 'true'")
    switch = page.locator(".app-menu-hints")  # in the "Learn" list
    # Toggling never changes the game.
    before = page.evaluate("globalThis.stichtag.game.response.save")
    choose_menu(page, "hints")
    page.locator(".coach-hint-text").wait_for()
    choose_menu(page, "hints")
    assert page.locator(".coach-hints").count() == 0
    assert page.evaluate("globalThis.stichtag.game.response.save") == before
    choose_menu(page, "hints")
    assert switch.get_attribute("aria-pressed") == "true"
    for decision in range(3):
        shown = page.wait_for_function(HINT_JS, timeout=60_000).json_value()
        expected = engine_hint(shown["save"])
        assert shown["action"] == expected["action"]
        assert shown["save"] == page.evaluate("globalThis.stichtag.game.response.save")
        assert shown["marked"] == [expected["action"]]
        assert f"{3 - decision} decision" in page.inner_text(".coach-hints-left")
        page.locator(".coach-hint").click()
        page.wait_for_function(
            "(n) => globalThis.stichtag.game.response.save.actions.length > n",
            arg=len(shown["save"]["actions"]),
        )
    # Issue 43: the hints say that they stopped, and offer more or to keep them on.
    over = page.locator(".coach-hints-over")
    over.wait_for()
    assert over.locator(".coach-hint-head").inner_text() == (
        "Learn with hints: Hints are off now: your 3 decisions with hints are done."
    )
    assert switch.get_attribute("aria-pressed") == "false"
    assert page.evaluate("globalThis.stichtag.game.hints") == 0
    over.locator(".coach-hints-more").click()
    assert page.evaluate("globalThis.stichtag.game.hints") == 3
    assert switch.get_attribute("aria-pressed") == "true"
    page.locator(".coach-hint-text").wait_for()
    page.locator(".coach-hints-keep").click()
    assert page.inner_text(".coach-hints-left") == "on until you switch them off"
    assert page.locator(".coach-hints").get_attribute("data-left") == "all"
    assert page.locator(".coach-hints-keep").count() == 0
    choose_menu(page, "hints")
    assert page.locator(".coach-hints").count() == 0
    assert page.evaluate("globalThis.stichtag.game.hints") == 0
    sp.assert_clean()


@pytest.mark.parametrize(
    ("query", "page_name", "pictures"),
    [
        ("", "karnoffel", 7),
        ("seed=help&rules=historic", "karnoffel-historic", 7),
        ("game=doppelkopf", "doppelkopf", 13),
    ],
)
def test_how_to_play_opens_for_each_game_with_pictures_and_a_working_rules_link(
    learner: SitePage, query: str, page_name: str, pictures: int
) -> None:
    sp = learner
    visit(sp, query)
    page = sp.page
    choose_menu(page, "howto")
    dialog = page.locator("dialog[data-dialog=howto][open]")
    dialog.wait_for()
    assert dialog.locator(".howto-steps li").count() == 10
    assert dialog.locator(".howto-card svg").count() == pictures
    assert all(
        dialog.locator(".howto-card").evaluate_all(
            "els => els.map(e => !!e.getAttribute('aria-label'))"
        )
    )
    # At most one screen (a phone's dialog may scroll; a desktop's fits).
    assert page.evaluate(
        "() => { const d = document.querySelector('dialog[open]'); return d.scrollHeight <= innerHeight; }"
    )
    href = dialog.locator(".howto-rules").get_attribute("href")
    assert href.rstrip("/").endswith(f"rules/{page_name}")
    assert page.request.get(href).status == 200
    sp.assert_clean()


def test_a_daily_played_with_hints_says_so_in_its_share_text_and_statistics(
    learner: SitePage,
) -> None:
    sp = learner
    visit(sp, "")
    page = sp.page
    choose_menu(page, "hints")
    page.locator(".coach-hint-text").wait_for()

    end = play(sp)
    assert end["phase"] == "over"
    dialog = page.locator("dialog[data-dialog=result][open]")
    dialog.wait_for()
    text = page.evaluate("document.querySelector('dialog[open] .share-text').textContent")
    assert text.splitlines()[-2] == "With hints"
    assert dialog.locator(".share-line").text_content().endswith("Played with hints.")
    stats = json.loads(local_storage(sp)["stichtag:v1:stats:karnoffel"])
    [entry] = stats["results"]  # (with the difference to par when par is pinned)
    assert {key: entry[key] for key in ("number", "archive", "hints")} == {
        "number": 3,
        "archive": False,
        "hints": True,
    }
    sp.assert_clean()


def test_a_tutorial_names_cards_and_suits_with_the_faces_on_show(
    browser: Any, site_url: str
) -> None:
    settings = json.dumps({"faces": "french"})
    with site_context(browser, site_url, storage={"stichtag:v1:settings": settings}) as sp:
        open_site(sp, "tutorial=karnoffel-classic", knobs="pace=0")
        page = sp.page
        follow(page, until_step=6)  # West's Devil is on the table, the last step's why on show
        wait_step(page, 6)
        done = page.inner_text(".coach-done")
        assert "is the highest Clubs card. A low Clubs card" in done
        assert "Acorns" not in page.inner_text(".coach")
        sp.assert_clean()
