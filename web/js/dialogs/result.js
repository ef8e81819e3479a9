// The result dialog of a finished daily, in the order a newcomer reads it
// (issue 43): who won, in words; par in a plain sentence; the share text (the
// site's address only); then, behind a disclosure, playing it with friends
// (your name and link, the friends' table, its fair-play note); the
// statistics, the countdown to the next daily and the ways on.
import { button, h } from "../dom.js";
import { formatDate, t } from "../texts.js";
import { countdown } from "./countdown.js";
import { copyText, sharePanel } from "./share.js";
import { statsPanel } from "./stats.js";

/** Your link for friends (the daily's address with your code), with a copy button. */
function linkField(share) {
  const link = h("input", { type: "text", class: "result-link", readonly: true, value: share.link, "aria-label": t("friends.copy_link") });
  const status = h("span", { class: "result-link-status", role: "status", "aria-live": "polite" });
  const copy = h("button", { type: "button", class: "result-link-copy" }, t("friends.copy_link"));
  copy.addEventListener("click", async () => {
    if (await copyText(link.value)) status.textContent = t("share.copied");
    else {
      link.select();
      status.textContent = t("share.copy_failed");
    }
  });
  const node = h("div", { class: "result-friend-link" }, h("p", { class: "result-link-label" }, t("friends.link_label")), link, copy, status);
  return { node, update: (next) => { link.value = next.link; } };
}

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
  const verdict = h("p", { class: "result-verdict", dataset: { won: String(share.won) } }, share.verdict);
  const par = h("p", { class: "result-par-text" }, share.par ? share.par.sentence : t("par.none"));
  let shareNode = sharePanel(share);
  const link = linkField(share);
  const replaceShare = (next) => {
    const node = sharePanel(next);
    shareNode.replaceWith(node);
    shareNode = node;
    link.update(next);
  };
  // Playing it with friends is for later: closed, under the share.
  const more = h("details", { class: "result-friends" },
    h("summary", { class: "result-friends-summary" }, t("friends.more")),
    onName ? nameField(name, onName, replaceShare) : null,
    link.node,
    friends || null);
  dialog.open(title, verdict, par, shareNode, more, statsPanel(summary), clock.node, actions);
  dialog.whenClosed(clock.stop);
}
