// The table's skeleton, built once per root and filled in by whichever game's
// table draws a response (table/karnoffel.js, table/doppelkopf.js).
import { h } from "../dom.js";
import { t } from "../texts.js";
import { buildLog } from "./log.js";
import { panelKeys } from "./panel.js";

/** The parts every table renders into. */
export function buildTable(root) {
  root.replaceChildren();
  const parts = {
    root,
    info: h("section", { class: "table-info" }),
    felt: h("div", { class: "felt" }),
    note: h("p", { class: "trick-note" }),
    turn: h("p", { class: "turn-line" }),
    actions: h("div", { class: "calls", role: "group" }),
    hint: h("p", { class: "hand-hint", "aria-live": "polite" }),
    log: buildLog(),
    error: h("div", { class: "table-error", role: "alert", hidden: true }),
    panel: h("div", { class: "result-panel", role: "dialog", "aria-modal": "true", hidden: true }),
    // The one place that announces: each move, each turn of the person, each result.
    live: h("div", { class: "sr-only", "aria-live": "polite", "aria-atomic": "false", "data-announcer": "" }),
  };
  root.classList.add("table", "table-live");
  root.append(parts.info, parts.felt, parts.turn, parts.actions, parts.hint, parts.note, parts.log, parts.error, parts.panel, parts.live);
  panelKeys(parts.panel, () => parts.log.querySelector("summary"));
  labelTable(parts);
  return parts;
}

/** The parts' own labels, in the page's language (again after a change of language). */
export function labelTable(parts) {
  parts.root.setAttribute("aria-label", t("table.label"));
  parts.info.setAttribute("aria-label", t("table.info_label"));
  parts.actions.setAttribute("aria-label", t("table.calls_label"));
}
