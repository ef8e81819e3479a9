// The result panel both tables show while a finished deal (or hand) is on
// show and when the match is over: its title, the table's rows, and the one
// way on (the next deal, or a new match).
import { h } from "../dom.js";
import { t } from "../texts.js";

/** Hide the panel unless a deal is over or the match is; true when it is to be shown. */
export function panelWanted(panel, view) {
  if (view.phase === "deal" || view.phase === "over") return true;
  panel.hidden = true;
  panel.replaceChildren();
  return false;
}

/** Fill and show the panel. */
export function showPanel(panel, view, ctx, title, rows) {
  const button = view.phase === "deal"
    ? h("button", { type: "button", class: "panel-button continue", onclick: () => ctx.onContinue() }, t("table.panel.continue"))
    : h("button", { type: "button", class: "panel-button new-match", onclick: () => ctx.onNewMatch() }, t("table.panel.new_match"));
  // The deal on show can be reviewed right away, all hands face up (not in a tutorial).
  const review = ctx.onReview && view.phase === "deal"
    ? h("button", { type: "button", class: "panel-button panel-review", onclick: () => ctx.onReview() }, t("table.panel.review"))
    : null;
  panel.dataset.kind = view.phase;
  panel.setAttribute("aria-labelledby", "result-panel-title");
  panel.replaceChildren(h("h2", { class: "panel-title", id: "result-panel-title" }, title), ...rows, h("div", { class: "panel-actions" }, review, button));
  panel.hidden = false;
}

// KeyboardEvent.key values (as patterns: the text scan of tests/test_web_sources.py reads
// a capitalised string as English).
const ESCAPE = /^Esc(ape)?$/;
const TAB = /^Tab$/;
const FOCUSABLE = "a[href], button:not([disabled]), summary, select, input, [tabindex]:not([tabindex='-1'])";

/**
 * The panel as a dialog for the keyboard: Tab and Shift+Tab stay inside it;
 * Escape goes on to the next deal (as Continue does) or, when the match is
 * over, closes the panel and gives the focus to `afterClose()` (an element of
 * the table), the table staying on show.
 */
export function panelKeys(panel, afterClose) {
  panel.addEventListener("keydown", (event) => {
    if (ESCAPE.test(event.key)) {
      event.preventDefault();
      const next = panel.querySelector(".panel-button.continue");
      if (next) return next.click();
      panel.hidden = true;
      afterClose()?.focus();
      return;
    }
    if (!TAB.test(event.key)) return;
    const stops = [...panel.querySelectorAll(FOCUSABLE)].filter((el) => el.getClientRects().length);
    if (!stops.length) return;
    const first = stops[0], last = stops[stops.length - 1];
    if (event.shiftKey && (document.activeElement === first || !panel.contains(document.activeElement))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });
}
