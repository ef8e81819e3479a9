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
  panel.dataset.kind = view.phase;
  panel.setAttribute("aria-labelledby", "result-panel-title");
  panel.replaceChildren(h("h2", { class: "panel-title", id: "result-panel-title" }, title), ...rows, h("div", { class: "panel-actions" }, button));
  panel.hidden = false;
}
