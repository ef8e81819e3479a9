"""Measure what a keyboard and screen-reader user meets (issue 15), for the record.

    PYTHONPATH=.:tests/web .venv/bin/python tests/web/a11y_measure.py SITE_DIR [N]

Plays by keys only (a11y_support.play_by_keys) on the site built in SITE_DIR: today's
Karnöffel daily to its end, and N Doppelkopf first hands (seeds a11y-m-0 ...), and
prints per run: actions, focus moves, unprompted focus moves, focus drops to <body>,
live-region lines, "your turn" lines and hint-line rewrites, as JSON lines."""

from __future__ import annotations

import json
import sys
import threading
from pathlib import Path
from typing import Any

from a11y_support import MONITOR_JS, monitor, play_by_keys
from daily_support import open_site, site_context

from sitebuild.server import make_server

TURN_WORDS = "Your turn: play a card."


def numbers(sp: Any, report: dict[str, Any], name: str) -> dict[str, Any]:
    log = monitor(sp)
    return {
        "run": name,
        **report,
        "focus_moves": len(log["focus"]),
        "unprompted_focus_moves": len(log["unprompted"]),
        "focus_drops": len(log["drops"]),
        "announcements": len(log["announced"]),
        "your_turn_announced": sum(TURN_WORDS in line for line in log["announced"]),
        "hint_rewrites": log["hints"],
        "unprompted": log["unprompted"],
        "drops": log["drops"],
    }


def main() -> None:
    from playwright.sync_api import sync_playwright

    site = Path(sys.argv[1])
    hands = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    server = make_server(site, "127.0.0.1", 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            headless=True, executable_path="/usr/bin/chromium", args=["--no-sandbox"]
        )
        with site_context(browser, url, init_script=MONITOR_JS) as sp:
            open_site(sp)
            print(json.dumps(numbers(sp, play_by_keys(sp, until="over"), "karnoffel-daily")))
        for i in range(hands):
            with site_context(browser, url, init_script=MONITOR_JS) as sp:
                open_site(sp, f"free&game=doppelkopf&seed=a11y-m-{i}", "level=easy&pace=0")
                report = play_by_keys(sp, until="deal")
                print(json.dumps(numbers(sp, report, f"doppelkopf-hand-{i}")), flush=True)
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
