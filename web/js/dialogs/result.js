// The result dialog of a finished daily: your result beside par, the share text
// (with your name in its friends' code), the friends' table, the statistics,
// the countdown to the next daily and the ways on (a new game, an older daily).
import { button, h } from "../dom.js";
import { formatDate, t } from "../texts.js";
import { countdown } from "./countdown.js";
import { sharePanel } from "./share.js";
import { statsPanel } from "./stats.js";

/** Your name for your code: changing it asks `onName(name)` for the new share ({share} | {error}). */
function nameField(name, onName, replaceShare) {
  const input = h("input", { type: "text", name: "player-name", class: "result-name-input", maxlength: "24", autocomplete: "nickname", value: name || "" });
  const problem = h("span", { class: "result-name-problem", role: "status", "aria-live": "polite" });
  input.addEventListener("change", async () => {
    const reply = await onName(input.value);
    problem.textContent = reply.error || "";
    if (reply.share) replaceShare(reply.share);
  });
  return h("div", { class: "result-name" },
    h("label", {}, h("span", { class: "result-name-label" }, t("friends.name_label")), input),
    h("p", { class: "result-name-hint" }, t("friends.name_hint")),
    problem);
}

/**
 * Open `dialog` for daily `number` of `date` (`archive`: played after its day)
 * with the engine's `share` and statistics `summary`; `friends`: the friends'
 * table section; `name`/`onName`: the name in your code.
 */
export function openResult(dialog, { number, date, archive, share, summary, friends, name, onName, onReview, onNextDaily, onNewGame, onArchive }) {
  const clock = countdown({ onReady: onNextDaily });
  const actions = h("div", { class: "app-dialog-actions" },
    onReview ? button(t("review.open"), () => { dialog.close(); onReview(); }, "result-review") : null,
    button(t("result.new_free"), onNewGame),
    button(t("result.archive"), () => { dialog.close(); onArchive(); }));
  const title = t(archive ? "result.title_archive" : "result.title", { number: String(number), date: formatDate(date) });
  const par = h("section", { class: "result-par" },
    h("p", { class: "result-par-text" }, share.par ? share.par.text : t("par.none")),
    h("p", { class: "result-par-note" }, t("par.explained")));
  let shareNode = sharePanel(share);
  const replaceShare = (next) => {
    const node = sharePanel(next);
    shareNode.replaceWith(node);
    shareNode = node;
  };
  const parts = [par];
  if (onName) parts.push(nameField(name, onName, replaceShare));
  parts.push(shareNode);
  if (friends) parts.push(friends);
  dialog.open(title, ...parts, statsPanel(summary), clock.node, actions);
  dialog.whenClosed(clock.stop);
}
