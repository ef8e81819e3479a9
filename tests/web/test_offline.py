"""Offline after the first visit (dailies, free games, tutorials, the rules), a
second build offered without losing the game and never mixed with the first,
and the engine's memory snapshot: restored when whole, a normal boot when not.

Each test serves its own copy of the site (offline_support.py), so it can stop
the server or deploy a second build into it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from conftest import SitePage
from daily_support import TODAY, open_site, play, site_context, state
from offline_support import (
    PRECACHES_JS,
    SNAPSHOTS_JS,
    deployed_copy,
    wait_snapshot_kept,
    wait_worker_settled,
)

from sitebuild.compress import compress_site

BOOT_JS = "() => globalThis.stichtag.info.timings.boot"
TIMINGS_JS = "() => globalThis.stichtag.info.timings"
#: Whether this origin may still store 5 MB (the test's quota is 2 MB).
ROOM_FOR_5_MB_JS = """async () => {
  const cache = await caches.open("quota-probe");
  try {
    await cache.put("quota-probe", new Response(new Uint8Array(5_000_000)));
    return true;
  } catch (error) {
    return error.name === "QuotaExceededError" ? false : String(error);
  } finally {
    await caches.delete("quota-probe");
  }
}"""


#: Every tutorial the engine lists, opened through the page's engine (the page
#: has no tutorial menu yet): {id: whether it opened as a tutorial}.
TUTORIALS_JS = """async (today) => {
  const engine = globalThis.stichtag.engine;
  const catalog = await engine.request({ op: "catalog", today });
  const opened = {};
  for (const { id } of catalog.tutorials) {
    const reply = await engine.request({ op: "tutorial", id });
    opened[id] = reply.ok === true && reply.tutorial.id === id;
  }
  return opened;
}"""
#: Make the person's first legal move (a card or a call) and say whether it was taken.
ACT_ONCE_JS = """async () => {
  const game = globalThis.stichtag.game;
  await game.idle();
  const before = game.response.save.actions.length;
  await game.act(game.response.view.legal[0]);
  await game.idle();
  return game.response.save.actions.length > before;
}"""
#: Watch the next service worker the browser installs, then look for a new build.
WATCH_UPDATE_JS = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  const states = (globalThis.__installStates = []);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker.addEventListener("statechange", () => states.push(worker.state));
  });
  await registration.update().catch(() => {});
}"""
#: What the page runs: the build its service worker serves (texts.js's last line).
SERVED_TEXTS_JS = (
    "async () => (await (await fetch('js/texts.js')).text()).trimEnd().split('\\n').pop()"
)


def first_visit(sp: SitePage, knobs: str = "level=random&pace=0") -> None:
    """Open the site, then wait until everything is kept on the device (precache, snapshot)."""
    open_site(sp, knobs=knobs)
    wait_worker_settled(sp.page)
    wait_snapshot_kept(sp.page)


def played_one_card(sp: SitePage) -> dict[str, Any]:
    before = state(sp)
    return play(sp, until=lambda now: len(now["save"]["actions"]) > len(before["save"]["actions"]))


def test_offline_after_the_first_visit_dailies_free_games_tutorials_and_rules_work(
    browser: Any, site_dir: Path, tmp_path: Path
) -> None:
    with (
        deployed_copy(site_dir, tmp_path) as site,
        site_context(browser, site.url, service_worker=True) as sp,
    ):
        first_visit(sp)
        site.stop()  # nothing answers any more: truly offline
        open_site(sp)  # today's daily
        assert sp.page.evaluate(BOOT_JS) == "snapshot"
        assert sp.page.evaluate("() => !!navigator.serviceWorker.controller")
        assert played_one_card(sp)["save"]["actions"], "no card was played"
        for query in ("daily=2026-12-01", "free"):
            open_site(sp, query=query)  # the archive, a free game
            assert played_one_card(sp)["save"]["actions"], query
        open_site(sp, query="daily=2026-12-02&game=doppelkopf")  # its first move is a call
        assert sp.page.evaluate(ACT_ONCE_JS) is True
        opened = sp.page.evaluate(TUTORIALS_JS, TODAY)
        assert opened and all(opened.values()), opened
        sp.goto("rules/")
        assert sp.page.locator("h1").first.is_visible()
        sp.goto("rules/de/doppelkopf/")
        assert sp.page.locator("h1").first.is_visible()
        assert sp.page.evaluate("() => document.styleSheets.length") > 0
        sp.assert_clean()


def test_a_half_deployed_build_is_never_installed_and_the_whole_one_is_offered_keeping_the_game(
    browser: Any, site_dir: Path, tmp_path: Path
) -> None:
    """A second build whose service worker is out before its files is never
    installed nor mixed with the first; once the whole build is out it is offered,
    the page stays open until the player reloads, and the reload keeps the game."""
    with (
        deployed_copy(site_dir, tmp_path) as site,
        site_context(browser, site.url, service_worker=True) as sp,
    ):
        first_visit(sp)
        open_site(sp)  # now from the service worker
        page = sp.page
        played = played_one_card(sp)
        old_caches = page.evaluate(PRECACHES_JS)
        assert len(old_caches) == 1
        texts = site.root / "js" / "texts.js"
        second_build = texts.read_text() + "\n// second build\n"
        old_line = page.evaluate(SERVED_TEXTS_JS)
        # The new sw.js is out, but the server still holds the old texts.js.
        site.put_out_only_the_service_worker(
            lambda root: (root / "js" / "texts.js").write_text(second_build), tmp_path / "next"
        )
        page.evaluate(WATCH_UPDATE_JS)
        page.wait_for_function(
            "() => globalThis.__installStates.includes('redundant')", timeout=120_000
        )
        open_site(sp)
        assert page.locator(".update-banner").count() == 0
        assert page.evaluate(SERVED_TEXTS_JS) == old_line
        played = played_one_card(sp)

        texts.write_text(second_build)  # the deployment completes
        compress_site(site.root)
        page.evaluate("() => { globalThis.stayedOpen = true; }")
        page.evaluate(WATCH_UPDATE_JS)
        banner = page.locator(".update-banner")
        banner.wait_for(state="visible", timeout=120_000)
        assert "new version" in banner.inner_text()
        assert page.evaluate(SERVED_TEXTS_JS) == old_line  # until the player reloads
        assert page.evaluate("() => globalThis.stayedOpen === true"), "the page reloaded by itself"
        assert state(sp)["save"] == played["save"]

        with page.expect_navigation(timeout=60_000):
            page.get_by_role("button", name="Reload now").click()
        sp.wait_engine_ready(timeout_ms=150_000)
        assert page.evaluate("() => globalThis.stayedOpen") is None
        assert state(sp)["save"] == played["save"], "the game in progress was lost"
        new_caches = page.evaluate(PRECACHES_JS)
        assert len(new_caches) == 1 and new_caches != old_caches
        assert "// second build" in page.evaluate("async () => (await fetch('js/texts.js')).text()")
        sp.assert_clean()


#: Damage the kept snapshot: ``flip`` bytes in the middle (its digest no longer
#: matches), or ``rebuild`` it as another Pyodide build's (a whole snapshot with a
#: valid digest whose build id Pyodide refuses). The file: SHA-256 of the rest,
#: then the packed image (16-byte header, page bitmap, pages; see snapshot-store.js).
DAMAGE_JS = """async (how) => {
  const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle("stichtag-snapshot");
  let name = null;
  for await (const entry of dir.keys()) if (entry.endsWith(".bin")) name = entry;
  const handle = await dir.getFileHandle(name);
  const bytes = new Uint8Array(await (await handle.getFile()).arrayBuffer());
  if (how === "flip") {
    for (let i = bytes.length >> 1; i < (bytes.length >> 1) + 4096; i++) bytes[i] ^= 0xff;
  } else {
    const packed = bytes.subarray(32);
    const view = new DataView(packed.buffer, packed.byteOffset);
    const bitmap = Math.ceil(Math.ceil(view.getUint32(8, true) / 4096) / 32) * 4;
    const image = 16 + bitmap; // Pyodide's own header starts the first kept page
    for (let i = image + 16; i < image + 48; i++) packed[i] ^= 0x5a; // its build id
    bytes.set(new Uint8Array(await crypto.subtle.digest("SHA-256", packed)), 0);
  }
  const writable = await handle.createWritable();
  await writable.write(bytes);
  await writable.close();
  return name;
}"""


def test_a_damaged_or_foreign_snapshot_falls_back_to_a_normal_boot(
    browser: Any, site_dir: Path, tmp_path: Path
) -> None:
    with (
        deployed_copy(site_dir, tmp_path) as site,
        site_context(browser, site.url, service_worker=True) as sp,
    ):
        first_visit(sp)
        for how in ("flip", "rebuild"):
            sp.page.evaluate(DAMAGE_JS, how)
            open_site(sp)
            assert sp.page.evaluate(BOOT_JS) == "normal", how
            assert sp.page.locator("#notice").is_hidden()
            played_one_card(sp)
            wait_snapshot_kept(sp.page)  # the normal boot left a good one
        open_site(sp)
        assert sp.page.evaluate(BOOT_JS) == "snapshot"
        sp.assert_clean()


def test_no_room_for_the_snapshot_or_the_precache_still_plays(
    browser: Any, site_dir: Path, tmp_path: Path
) -> None:
    with (
        deployed_copy(site_dir, tmp_path) as site,
        site_context(browser, site.url, service_worker=True) as sp,
    ):
        cdp = sp.page.context.new_cdp_session(sp.page)
        cdp.send(
            "Storage.overrideQuotaForOrigin",
            {"origin": site.url.rstrip("/"), "quotaSize": 2_000_000},
        )
        open_site(sp)
        assert sp.page.evaluate(ROOM_FOR_5_MB_JS) is False  # (estimate() does not show it)
        assert sp.page.evaluate(BOOT_JS) == "normal"
        played_one_card(sp)
        assert sp.page.evaluate(SNAPSHOTS_JS) == 0
        open_site(sp)
        assert sp.page.evaluate(BOOT_JS) == "normal"
        assert sp.page.locator("#notice").is_hidden()
        sp.assert_clean()


def test_the_browser_tests_start_from_the_snapshot_a_first_visit_kept(
    browser: Any, site_url: str
) -> None:
    """What the other browser tests start from (snapshot_support): a fresh context
    given the kept snapshot boots from it, as a person's second visit does."""
    with site_context(browser, site_url) as sp:
        open_site(sp)
        assert sp.page.evaluate(BOOT_JS) == "snapshot"
        sp.assert_clean()
    with site_context(browser, site_url, first_visit=True) as sp:
        open_site(sp)
        assert sp.page.evaluate(BOOT_JS) != "snapshot"
        # The first visit's engine was ready before the snapshot existed: it imported
        # the bridge only and warmed nothing (a snapshot is made later, by a second
        # worker, once the page is quiet: web/js/snapshot-maker.js).
        assert "warm" not in sp.page.evaluate(TIMINGS_JS)
        assert sp.page.evaluate(SNAPSHOTS_JS) == 0
        wait_snapshot_kept(sp.page)
        sp.assert_clean()
