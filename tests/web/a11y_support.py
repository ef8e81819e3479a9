"""What a screen-reader and keyboard user meets at the table, measured in the page
(issue 15): focus moves and whether an action caused them, focus drops to <body>,
what the live region announces, how often the hint line is rewritten, and
axe-core's violations. A driver plays by keys only (Tab, arrows, Enter, Escape),
choosing among what the page offers (cards not aria-disabled, the call buttons).

axe-core comes from node_modules (package.json pins it) and is served from the
site's own origin: ``install_axe`` copies it into the served test site."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
AXE_SOURCE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
AXE_PATH = "test-tools/axe.min.js"

#: Runs before the page's scripts. A focus move counts as prompted when a key or
#: pointer press came since the previous focus move, or when it lands in a panel, notice
#: or dialog that just opened (those take the focus by design).
MONITOR_JS = r"""
(() => {
  const log = { presses: 0, focus: [], unprompted: [], drops: [], announced: [], hints: 0, turns: 0 };
  globalThis.__a11y = log;
  let pressesAtLastFocus = 0;
  const describe = (el) => {
    if (!el || el === document.body) return "body";
    const card = el.dataset && el.dataset.card ? `[${el.dataset.card}]` : "";
    return `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}${card}`;
  };
  const press = () => { log.presses++; };
  addEventListener("keydown", press, true);
  addEventListener("pointerdown", press, true);
  addEventListener("focusin", (event) => {
    const target = event.target;
    const what = describe(target);
    log.focus.push(what);
    const inPanel = target.closest && target.closest(".result-panel, dialog, #notice");
    if (log.presses === pressesAtLastFocus && !inPanel) log.unprompted.push(`${log.presses}: ${what}`);
    pressesAtLastFocus = log.presses;
  }, true);
  // A drop: the focus on <body> (or nowhere) after an action had put it on the page, seen
  // on a frame (before any action the page's focus is on <body> anyway).
  let wasOnTable = false;
  const sample = () => {
    const active = document.activeElement;
    const onBody = !active || active === document.body;
    if (onBody && wasOnTable && log.presses && !document.querySelector("dialog[open]")) {
      log.drops.push(`${log.presses}: after ${log.focus[log.focus.length - 1]}`);
    }
    wasOnTable = !onBody;
    requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
  const watch = () => {
    const table = document.getElementById("table");
    if (!table) return setTimeout(watch, 20);
    new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target;
        if (target.nodeType !== 1) continue;
        if (target.matches("[data-announcer], .sr-only[aria-live]")) {
          for (const node of record.addedNodes) log.announced.push(node.textContent);
        }
        if (target.matches(".hand-hint")) log.hints++;
      }
    }).observe(table, { childList: true, subtree: true, characterData: true });
  };
  watch();
})();
"""

#: What the table waits for: "turn" (a card or a call of ours), "deal", "over", or false.
WAITING_JS = """async () => {
  const game = globalThis.stichtag && globalThis.stichtag.game;
  if (!game || !game.response) return false;
  await game.idle();
  const root = document.getElementById("table");
  const phase = root.dataset.phase;
  if (phase === "deal" || phase === "over") {
    return document.querySelector(".result-panel:not([hidden]) .panel-button") ? phase : false;
  }
  const view = game.response.view;
  return view.to_act === view.seat && view.legal.length ? "turn" : false;
}"""

ACTIVE_JS = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return {body: true};
  return {body: false, card: el.dataset.card || null, action: el.dataset.action || null,
          cls: el.className, inHand: !!el.closest(".hand-mine"), inPanel: !!el.closest(".result-panel"),
          inDialog: !!el.closest("dialog[open]")};
}"""


def install_axe(site_dir: Path) -> None:
    """Copy axe-core into the served site (the test's copy; the build never ships it)."""
    assert AXE_SOURCE.exists(), "axe-core is missing: run `npm ci` (package.json pins it)"
    target = site_dir / AXE_PATH
    target.parent.mkdir(exist_ok=True)
    shutil.copyfile(AXE_SOURCE, target)


def axe_violations(sp: Any, context: str = "document") -> list[dict[str, Any]]:
    """axe-core's violations on the page now: [{id, nodes: [target, ...]}]."""
    page = sp.page
    if not page.evaluate("() => typeof globalThis.axe === 'object'"):
        page.add_script_tag(url=sp.base_url + AXE_PATH)
    return page.evaluate(
        """async (context) => {
          const result = await axe.run(context === "document" ? document : context,
                                       { resultTypes: ["violations"] });
          return result.violations.map((v) => ({ id: v.id, help: v.help,
            nodes: v.nodes.map((n) => n.target.join(" ")) }));
        }""",
        context,
    )


def monitor(sp: Any) -> dict[str, Any]:
    return sp.page.evaluate("() => globalThis.__a11y")


def active(sp: Any) -> dict[str, Any]:
    return sp.page.evaluate(ACTIVE_JS)


def waiting(sp: Any, timeout_ms: int = 60_000) -> str:
    return sp.page.wait_for_function(WAITING_JS, timeout=timeout_ms).json_value()


def tab_to(sp: Any, predicate_js: str, limit: int = 60, backwards: bool = False) -> None:
    """Press Tab (or Shift+Tab) until ``predicate_js(document.activeElement)`` holds."""
    for _ in range(limit):
        if sp.page.evaluate(
            f"() => {{ const el = document.activeElement; return !!({predicate_js}); }}"
        ):
            return
        sp.page.keyboard.press("Shift+Tab" if backwards else "Tab")
    raise AssertionError(f"Tab never reached {predicate_js}")


def play_by_keys(sp: Any, until: str = "deal", max_actions: int = 400) -> dict[str, Any]:
    """Play by keys until the table shows ``until`` ("deal": a result panel; "over").

    Returns what happened: actions, panels met and focus found on <body> after an action."""
    page = sp.page
    report: dict[str, Any] = {"actions": 0, "panels": 0, "body_after_action": 0, "turns": 0}
    tab_to(sp, "el && el.classList.contains('card-mine')")
    for _ in range(max_actions):
        now = waiting(sp)
        if now in ("deal", "over"):
            report["panels"] += 1
            where = active(sp)
            # The panel takes the focus (or, at a daily's end, the app's result dialog).
            assert where["inPanel"] or where["inDialog"], (
                f"the panel did not take the focus: {where}"
            )
            if now == until or now == "over":
                return report
            page.keyboard.press("Enter")
            report["actions"] += 1
            continue
        report["turns"] += 1
        view = page.evaluate("() => globalThis.stichtag.game.response.view")
        calls = view["calls"]
        cards = [a for a in view["legal"] if a not in calls]
        if cards:
            target = cards[0]
            where = active(sp)
            if not where["inHand"]:
                tab_to(sp, "el && el.classList.contains('card-mine')", backwards=True)
            for _ in range(40):
                if active(sp)["card"] == target:
                    break
                page.keyboard.press("ArrowRight")
            assert active(sp)["card"] == target
        else:
            prefer = [c for c in ("healthy", "pass", "no-show", "accept") if c in calls]
            target = prefer[0] if prefer else calls[0]
            tab_to(sp, f"el && el.dataset.action === {target!r}")
        page.keyboard.press("Enter")
        report["actions"] += 1
        waiting(sp)
        if active(sp)["body"]:
            report["body_after_action"] += 1
    raise AssertionError("the deal did not end")
