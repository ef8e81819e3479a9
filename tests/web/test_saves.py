"""Never lost: saves after every action restored exactly on reload, corrupt saves set aside
with a notice, storage that is missing or full degrades to a notice, free play remembered."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

from daily_support import (
    TODAY,
    clear_site_storage,
    local_storage,
    open_site,
    play,
    reload,
    site_context,
    state,
    visit,
)
from menu_support import choose_menu
from playwright.sync_api import expect

from engine import bridge
from engine.daily import pinned_daily

DAILY_KEY = f"stichtag:v1:save:daily:karnoffel:{TODAY}"
ARCHIVE_DATE = "2026-12-02"
ARCHIVE_KEY = f"stichtag:v1:save:daily:karnoffel:{ARCHIVE_DATE}"
FREE_KEY = "stichtag:v1:save:free"


def snapshot(sp: Any) -> dict[str, Any]:
    now = state(sp)
    return {"view": now["view"], "save": now["save"]}


def test_reload_resumes_the_same_state_at_several_points(browser: Any, site_url: str) -> None:
    with site_context(browser, site_url) as sp:
        open_site(sp)
        points = []
        # 1. Fresh daily, nothing played yet.
        before = snapshot(sp)
        reload(sp)
        assert snapshot(sp) == before
        points.append("start")
        # 2. Mid-trick: the player to act with cards already in the trick.
        now = play(
            sp,
            until=lambda s: (
                len(s["save"]["actions"]) > 0 and s["trick"]["cards"] and s["to_act"] == 0
            ),
        )
        assert now["trick"]["cards"], "no mid-trick point reached"
        before = snapshot(sp)
        saved = json.loads(local_storage(sp)[DAILY_KEY])
        assert saved["format"] == 2 and saved["daily"] == {"game": "karnoffel", "date": TODAY}
        assert saved["save"] == before["save"]
        reload(sp)
        assert snapshot(sp) == before
        points.append("mid-trick")
        # 3. Between deals: the deal's result is on show until the player continues.
        play(sp, until=lambda s: s["phase"] == "deal")
        before = snapshot(sp)
        reload(sp)
        assert snapshot(sp) == before
        assert sp.page.locator("#table .panel-button.continue").is_visible()
        points.append("between deals")
        # 4. While the computers are moving (slow pace): the reload replays what was saved
        #    and the computers go on exactly as the engine would have.
        sp.page.click("#table .panel-button.continue")
        open_site(sp, knobs="level=random&pace=1500")
        now = state(sp)
        assert now["to_act"] == 0
        sp.page.click(f'#table .card-mine[data-card="{now["legal"][0]}"]')
        sp.page.wait_for_function(
            "([key, card]) => { const s = localStorage.getItem(key);"
            " return !!s && JSON.parse(s).save.actions.at(-1) === card; }",
            arg=[DAILY_KEY, now["legal"][0]],
        )
        saved = json.loads(local_storage(sp)[DAILY_KEY])["save"]
        assert saved["actions"][-1] == now["legal"][0]
        open_site(sp)  # pace=0 again
        after = state(sp)
        expected = _engine_continuation(saved)
        assert after["save"] == expected["save"]
        assert after["to_act"] == 0 or after["phase"] != "play"
        points.append("computer turn")
        assert points == ["start", "mid-trick", "between deals", "computer turn"]
        sp.assert_clean()


def _engine_continuation(save: dict[str, Any]) -> dict[str, Any]:
    """What the engine answers when the save is loaded and the computers move on."""
    session = bridge.Session()
    reply = session.op_load(
        {
            "save": save,
            "daily": {"game": "karnoffel", "date": TODAY},
            "today": TODAY,
            "pinned": pinned_daily("karnoffel", date.fromisoformat(TODAY)),
            "level": "random",
        }
    )
    while (
        reply["view"]["phase"] in ("play", "show", "bid")
        and reply["view"]["to_act"] not in reply["view"]["humans"]
    ):
        reply = session.op_step({})
    return reply


def _daily_save(day: str, actions: list[str] | None = None, **changes: Any) -> dict[str, Any]:
    """The engine's save of a daily (its record without the deals)."""
    save = pinned_daily("karnoffel", date.fromisoformat(day))
    del save["deals"]
    save["actions"] = actions or []
    save.update(changes)
    return save


def _save(save: Any, fmt: Any = 2, day: str = ARCHIVE_DATE) -> str:
    return json.dumps(
        {
            "format": fmt,
            "save": save,
            "daily": {"game": "karnoffel", "date": day},
            "savedAt": "2026-12-02T10:00:00Z",
        }
    )


BAD_SAVES = [
    ("[1, 2]", "it is not a saved game."),
    (json.dumps({"format": 2}), "it is not a saved game."),
    (
        _save({}, fmt=3),
        "it was saved by a newer version of Stichtag (save format 3, this version reads 2).",
    ),
    (_save({}, fmt=0), "it was saved in an old format (0) that this version no longer reads."),
    (_save(_daily_save(ARCHIVE_DATE, ["ZZ"])), "it cannot be replayed (bad record: "),
    (_save(_daily_save(ARCHIVE_DATE, format=99)), "it cannot be replayed (bad record: "),
    (_save(_daily_save("2026-12-01")), "it does not belong to this daily."),
]


def _playable(sp: Any, seed: str) -> None:
    now = state(sp)
    assert now["phase"] == "play" and now["to_act"] == 0 and now["legal"], now["phase"]
    assert now["save"]["seed"] == seed


def test_each_kind_of_corrupt_save_is_set_aside_with_a_notice(browser: Any, site_url: str) -> None:
    # Unreadable JSON already there when the page starts.
    with site_context(browser, site_url, storage={ARCHIVE_KEY: "{not json"}) as sp:
        page = sp.page
        open_site(sp, f"daily={ARCHIVE_DATE}")
        notice = page.locator(f'[data-notice="set-aside:{ARCHIVE_KEY}"]')
        expect(notice.locator(".app-notice-text")).to_have_text(
            "Your saved game could not be restored: it is not readable. "
            "It was set aside on this device and a new game has started."
        )
        _playable(sp, f"daily/karnoffel/{ARCHIVE_DATE}")
        stored = local_storage(sp)
        aside = [json.loads(v) for k, v in stored.items() if k.startswith("stichtag:v1:setaside:")]
        assert aside == [{"from": ARCHIVE_KEY, "at": aside[0]["at"], "value": "{not json"}]
        assert json.loads(stored[ARCHIVE_KEY])["save"]["seed"] == f"daily/karnoffel/{ARCHIVE_DATE}"
        page.click(f'[data-notice="set-aside:{ARCHIVE_KEY}"] .app-notice-dismiss')

        # The other kinds, each found when the daily is opened again.
        for n, (raw, reason) in enumerate(BAD_SAVES, start=2):
            page.evaluate("([k, v]) => localStorage.setItem(k, v)", [ARCHIVE_KEY, raw])
            page.evaluate("globalThis.stichtag.app.navigate('')")
            page.evaluate(f"globalThis.stichtag.app.navigate('daily={ARCHIVE_DATE}')")
            page.evaluate("globalThis.stichtag.game.idle()")
            text = notice.locator(".app-notice-text").inner_text()
            assert text.startswith(f"Your saved game could not be restored: {reason}"), (raw, text)
            assert text.endswith("It was set aside on this device and a new game has started.")
            _playable(sp, f"daily/karnoffel/{ARCHIVE_DATE}")
            assert page.inner_text("#app-title") == f"Archive · Daily #2 · {ARCHIVE_DATE}"
            stored = local_storage(sp)
            aside = [
                json.loads(v) for k, v in stored.items() if k.startswith("stichtag:v1:setaside:")
            ]
            assert len(aside) == n and raw in [entry["value"] for entry in aside]
            page.click(f'[data-notice="set-aside:{ARCHIVE_KEY}"] .app-notice-dismiss')

        # The free game's slot too.
        page.evaluate(
            "([k, v]) => localStorage.setItem(k, v)",
            [FREE_KEY, _save({"game": "karnoffel"}, fmt=7)],
        )
        page.evaluate("globalThis.stichtag.app.navigate('free')")
        page.evaluate("globalThis.stichtag.game.idle()")
        free_notice = page.locator(f'[data-notice="set-aside:{FREE_KEY}"] .app-notice-text')
        assert "saved by a newer version of Stichtag (save format 7" in free_notice.inner_text()
        assert state(sp)["save"]["seed"].startswith("free/") and state(sp)["legal"]

        # Statistics of another schema are set aside with a notice; counting starts again.
        stats_key = "stichtag:v1:stats:karnoffel"
        page.evaluate(
            "([k, v]) => localStorage.setItem(k, v)",
            [stats_key, json.dumps({"schema": 99, "results": []})],
        )
        choose_menu(page, "stats")
        expect(page.locator("[data-notice=stats-karnoffel] .app-notice-text")).to_have_text(
            "Your saved statistics could not be read (schema 99, expected 1); they were set aside and counting starts again."
        )
        expect(
            page.locator("dialog[open] .stats-item[data-stat=played] .stats-value")
        ).to_have_text("0")
        assert stats_key not in local_storage(sp)
        page.keyboard.press("Escape")

        # Storage that fills up during the game: one notice, the game goes on.
        page.evaluate(
            "() => { Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); }; }"
        )
        before = len(state(sp)["save"]["actions"])
        play(sp, moves=1)
        expect(page.locator("[data-notice=storage-full]")).to_be_visible()
        assert len(play(sp, moves=2)["save"]["actions"]) > before + 2
        assert page.locator("[data-notice=storage-full]").count() == 1
        sp.assert_clean()


UNAVAILABLE = """Object.defineProperty(window, "localStorage", {configurable: true,
  get() { throw new DOMException("The operation is insecure.", "SecurityError"); }});"""
FULL = """Storage.prototype.setItem = function () {
  throw new DOMException("The quota has been exceeded.", "QuotaExceededError"); };"""


def test_storage_missing_or_full_degrades_to_a_notice(browser: Any, site_url: str) -> None:
    with (
        site_context(browser, site_url, init_script=UNAVAILABLE) as missing,
        site_context(browser, site_url, init_script=FULL) as full,
    ):
        for sp in (missing, full):
            sp.goto("?level=random&pace=0")
        for sp, kind, start in (
            (missing, "unavailable", "This browser does not let the site keep data on this device"),
            (full, "full", "The storage on this device is full, so your game is not being saved."),
        ):
            sp.wait_engine_ready(timeout_ms=150_000)
            assert (
                sp.page.locator(f"[data-notice=storage-{kind}] .app-notice-text")
                .inner_text()
                .startswith(start)
            )
            assert sp.page.inner_text("#app-title") == "Daily #3 · 2026-12-03"
            end = play(sp, moves=3)
            assert len(end["save"]["actions"]) > 3
            # Statistics still open (from memory) and the new-game dialog still starts a game.
            choose_menu(sp.page, "stats")
            expect(
                sp.page.locator(
                    "dialog[data-dialog=stats][open] .stats-item[data-stat=played] .stats-value"
                )
            ).to_have_text("0")
            sp.page.keyboard.press("Escape")
            choose_menu(sp.page, "new")
            sp.page.click("dialog[open] .new-game-start")
            sp.page.evaluate("globalThis.stichtag.game.idle()")
            assert state(sp)["save"]["seed"].startswith("free/")
            sp.assert_clean()


def test_free_play_remembers_the_rules_and_resumes(browser: Any, site_url: str) -> None:
    with site_context(browser, site_url) as sp:
        page = sp.page
        open_site(sp)
        daily_actions = play(sp, moves=2)["save"]["actions"]
        choose_menu(page, "new")
        dialog = page.locator("dialog[data-dialog=new-game][open]")
        dialog.locator("select[name=set]").select_option("classic")
        dialog.locator("select[name=target]").select_option("5")
        dialog.locator("select[name=players]").select_option("2")
        dialog.locator("select[name=faces]").select_option("french")
        dialog.locator(".new-game-start").click()
        expect(page.locator("#app-title")).to_have_text("Free game · Classic to 5, 2 players")
        page.evaluate("globalThis.stichtag.game.idle()")
        first = state(sp)
        assert first["save"]["rules"] == {
            "set": "classic",
            "target": 5,
            "players": 2,
            "faces": "french",
        }
        assert first["save"]["seed"].startswith("free/")
        assert "free" in page.url
        settings = json.loads(local_storage(sp)["stichtag:v1:settings"])
        assert (
            settings["rules"] == {"set": "classic", "target": 5, "players": 2}
            and settings["faces"] == "french"
        )
        now = play(sp, moves=2)
        reload(sp)
        assert snapshot(sp) == {"view": now["view"], "save": now["save"]}
        assert page.locator("#table").get_attribute("data-faces") == "french"
        # The rules are remembered in the dialog; historic offers only what the engine allows.
        choose_menu(page, "new")
        assert dialog.locator("select[name=target]").input_value() == "5"
        assert dialog.locator("select[name=players]").input_value() == "2"
        dialog.locator("select[name=set]").select_option("historic")
        options = dialog.locator("select[name=players] option").evaluate_all(
            "os => os.map(o => o.value)"
        )
        assert options == ["4"]
        assert dialog.locator("select[name=target]").input_value() == "101"
        page.keyboard.press("Escape")
        # Today's daily kept its own save meanwhile.
        choose_menu(page, "today")
        expect(page.locator("#app-title")).to_have_text("Daily #3 · 2026-12-03")
        page.evaluate("globalThis.stichtag.game.idle()")
        assert state(sp)["save"]["actions"] == daily_actions
        # A seed in the URL opens that free game.
        page.evaluate("globalThis.stichtag.app.navigate('seed=abc&rules=historic')")
        page.evaluate("globalThis.stichtag.game.idle()")
        seeded = state(sp)["save"]
        assert seeded["seed"] == "abc" and seeded["rules"]["set"] == "historic"
        sp.assert_clean()


LEVEL_JS = """async () => {
  const game = globalThis.stichtag.game;
  await game.idle();
  return game.response.level;
}"""


def test_the_level_picked_for_each_game_s_free_games_is_remembered_and_dailies_keep_the_default(
    browser: Any, site_url: str
) -> None:
    remembered = {"stichtag:v1:settings": json.dumps({"language": "en", "name": "Ana"})}
    with site_context(browser, site_url, storage=remembered) as sp:
        page = sp.page
        open_site(sp, knobs="pace=0")  # no &level= test knob: the person's choice counts
        assert page.evaluate(LEVEL_JS) == "medium"  # Karnöffel's default level
        choose_menu(page, "new")
        dialog = page.locator("dialog[data-dialog=new-game][open]")
        level = dialog.locator("select[name=level]")
        assert level.input_value() == "medium"
        # Each game has its own: Doppelkopf's default is Hard.
        dialog.locator("select[name=game]").select_option("doppelkopf")
        assert level.input_value() == "hard"
        dialog.locator("select[name=game]").select_option("karnoffel")
        assert level.locator("option").all_inner_texts() == ["Easy", "Medium", "Hard"]
        level.select_option("easy")
        dialog.locator(".new-game-start").click()
        expect(page.locator("#app-title")).to_contain_text("Free game")
        assert page.evaluate(LEVEL_JS) == "easy"
        settings = json.loads(local_storage(sp)["stichtag:v1:settings"])
        assert settings["levels"] == {"karnoffel": "easy", "doppelkopf": "hard"}
        assert settings["game"] == "karnoffel"
        assert settings["language"] == "en" and settings["name"] == "Ana"  # kept, not reset
        play(sp, moves=2)
        assert page.evaluate(LEVEL_JS) == "easy"
        reload(sp)  # the free game resumes with the remembered level
        assert page.evaluate(LEVEL_JS) == "easy"
        choose_menu(page, "new")
        assert level.input_value() == "easy"
        dialog.locator("select[name=game]").select_option("doppelkopf")
        assert level.input_value() == "hard"
        page.keyboard.press("Escape")
        # Karnöffel's Hard (above its default) plays in the browser too.
        choose_menu(page, "new")
        level.select_option("hard")
        dialog.locator(".new-game-start").click()
        page.wait_for_function(
            "() => globalThis.stichtag.game.response?.level === 'hard'", polling=100
        )
        played = play(sp, moves=2)
        assert len(played["save"]["actions"]) >= 2 and page.evaluate(LEVEL_JS) == "hard"
        # A daily is played against the game's default level, so that results compare.
        visit(sp, f"daily={TODAY}")  # by the app's own navigation, as its links do
        assert page.evaluate(LEVEL_JS) == "medium"
        sp.assert_clean()


def test_a_level_remembered_before_levels_were_per_game_carries_over_to_both_games(
    browser: Any, site_url: str
) -> None:
    # The old settings held one level for free games of both games; "hard" was its default.
    # Each is a visit of its own (settings are read when the page starts), in one context.
    with site_context(browser, site_url) as sp:
        for old, expected in (("easy", ("easy", "easy")), ("hard", ("medium", "hard"))):
            remembered = json.dumps({"language": "en", "level": old})
            clear_site_storage(sp)
            sp.page.evaluate("(v) => localStorage.setItem('stichtag:v1:settings', v)", remembered)
            page = sp.page
            open_site(sp, knobs="pace=0")
            choose_menu(page, "new")
            dialog = page.locator("dialog[data-dialog=new-game][open]")
            levels = []
            for game in ("karnoffel", "doppelkopf"):
                dialog.locator("select[name=game]").select_option(game)
                levels.append(dialog.locator("select[name=level]").input_value())
            assert tuple(levels) == expected, old
            sp.assert_clean()
