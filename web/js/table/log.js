// The log of the deal so far, for everyone: who played what in each trick and
// who won it, from the view's completed tricks and the trick on the table.
// A <details> under the table: opened and closed by the person, kept open
// across redraws (only its list is rewritten, and only when it changes).
import { h } from "../dom.js";
import { formatList, t } from "../texts.js";
import { seatWho } from "./layout.js";

/** The log's element (built once with the table's parts). */
export function buildLog() {
  const list = h("ol", { class: "deal-log-list" });
  const summary = h("summary", { class: "deal-log-title" });
  return h("details", { class: "deal-log" }, summary, list);
}

function plays(cards, ctx, cardLabel) {
  return formatList(cards.map(({ seat, card }) => t("table.log.play", { who: seatWho(ctx.seating, seat, { capital: true }), card: cardLabel(card) })));
}

/** Fill the log from `view`; `cardLabel(card)` names a card as the table does. */
export function renderLog(parts, view, ctx, cardLabel) {
  const log = parts.log;
  const summary = log.querySelector("summary");
  const title = t("table.log.title");
  if (summary.textContent !== title) summary.textContent = title;
  const lines = (view.played || []).map((trick, i) => t("table.log.trick_won", {
    number: i + 1, cards: plays(trick.cards, ctx, cardLabel), who: seatWho(ctx.seating, trick.winner, { capital: true }),
  }));
  const current = view.trick && view.trick.cards.length ? view.trick.cards : null;
  if (current) lines.push(t("table.log.trick_now", { number: lines.length + 1, cards: plays(current, ctx, cardLabel) }));
  if (!lines.length) lines.push(t("table.log.empty"));
  const list = log.querySelector("ol");
  const shown = [...list.children].map((li) => li.textContent);
  if (shown.length === lines.length && shown.every((line, i) => line === lines[i])) return;
  list.replaceChildren(...lines.map((line) => h("li", {}, line)));
}
