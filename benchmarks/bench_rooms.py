"""Rooms on loopback (issue 48): prints, never asserts.

Serves the built ``site/``, opens a host and a guest in two Chromium contexts,
connects them through the real invite and reply links and plays a whole
Karnöffel classic match (host, friend, two computers at level easy). Prints:

- the time from the reply link opened (on the host's device) to the seat taken;
- the round trip of the guest's moves (guest -> host's engine -> guest: the
  answer that acknowledges the action), median and p95, from the guest's page;
- the bytes per move the host sends and receives on the data channels.

    .venv/bin/python benchmarks/bench_rooms.py [--games N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright

from sitebuild.server import make_server
from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS, SitePage
from tests.web.test_rooms import (
    OPEN_SEAT_LINK_JS,
    REPLY_LINK_JS,
    SEAT_TAKEN_JS,
    host_room,
    play_out,
)


def one_game(browser: Any, url: str, seed: int) -> dict[str, Any]:
    contexts = [browser.new_context(service_workers="block") for _ in range(2)]
    host, guest = (SitePage(page=c.new_page(), base_url=url) for c in contexts)
    try:
        host_room(host, {1: "computer", 2: "friend", 3: "computer"})
        invite = host.page.wait_for_function(OPEN_SEAT_LINK_JS, arg=2, timeout=20_000).json_value()
        guest.page.goto(invite)
        guest.page.locator(".room-take").click()
        reply = guest.page.wait_for_function(REPLY_LINK_JS, timeout=20_000).json_value()
        reply_page = contexts[0].new_page()
        started = time.perf_counter()
        reply_page.goto(reply)
        host.page.wait_for_function(SEAT_TAKEN_JS, arg=2, timeout=20_000)
        connect_ms = (time.perf_counter() - started) * 1000
        host.page.locator(".room-start").click()
        guest.page.wait_for_selector("#table:not([hidden]) .hand-mine .card-mine", timeout=20_000)
        play_out({0: host.page, 2: guest.page}, random.Random(seed))
        trips = guest.page.evaluate("globalThis.stichtag.room.remote.state.roundTrips")
        stats = host.page.evaluate("globalThis.stichtag.room.state.stats")
        actions = len(
            host.page.evaluate("globalThis.stichtag.game.response.room.save.record.actions")
        )
        return {"connect_ms": connect_ms, "trips": trips, "stats": stats, "actions": actions}
    finally:
        for context in contexts:
            context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1)
    args = parser.parse_args()
    server = make_server(ROOT / "site", "127.0.0.1", 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    results = []
    with sync_playwright() as pw:
        kwargs: dict[str, Any] = {"headless": True, "args": CHROMIUM_ARGS}
        if Path(CHROMIUM).exists():
            kwargs["executable_path"] = CHROMIUM
        browser = pw.chromium.launch(**kwargs)
        for game in range(args.games):
            results.append(one_game(browser, url, game))
        browser.close()
    server.shutdown()
    trips = sorted(t for r in results for t in r["trips"])
    actions = sum(r["actions"] for r in results)
    sent = sum(r["stats"]["bytesOut"] for r in results)
    received = sum(r["stats"]["bytesIn"] for r in results)
    connects = [r["connect_ms"] for r in results]
    print(f"games: {len(results)}, actions: {actions}, guest requests timed: {len(trips)}")
    print(f"reply link opened -> seat taken: {', '.join(f'{ms:.0f} ms' for ms in connects)}")
    if trips:
        p95 = trips[min(len(trips) - 1, int(0.95 * len(trips)))]
        print(f"guest move round trip: median {statistics.median(trips):.1f} ms, p95 {p95:.1f} ms")
    print(f"host -> guests: {sent / max(1, actions):.0f} bytes per action ({sent} in all)")
    print(
        f"guests -> host: {received / max(1, len(trips)):.0f} bytes per guest request ({received} in all)"
    )


if __name__ == "__main__":
    main()
