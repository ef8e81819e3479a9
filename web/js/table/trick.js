// The trick in the middle of the table, as both tables draw it: the current
// trick, or the last one while none is started, and why it is won. Each table
// passes its own card names, faces and message wording; nothing here knows a rule.
import { h } from "../dom.js";
import { sentences, t } from "../texts.js";
import { seatWho } from "./layout.js";

/** The trick on the table: the current one, or the last completed one while none is started. */
export function shownTrick(view) {
  const trick = view.trick;
  if (trick.cards.length || !view.played.length) {
    return { done: false, cards: trick.cards, winnerSeat: trick.winning ? trick.winning.seat : null, leader: trick.leader };
  }
  const last = view.played[view.played.length - 1];
  return { done: true, cards: last.cards, winnerSeat: last.winner, leader: last.leader, last };
}

/**
 * Why the shown trick is won, in words: `format(message)` words an engine
 * message; `doneExtra(trick)` adds words after the reason of a completed trick.
 */
export function trickExplanation(view, format, doneExtra = () => []) {
  const shown = shownTrick(view);
  if (shown.done) {
    const notes = (shown.last.notes || []).map(format);
    return sentences([format(shown.last.reason), ...doneExtra(shown.last), ...notes]);
  }
  if (view.trick.winning) return format(view.trick.winning.reason);
  return "";
}

/**
 * The trick section. `game`: {label(card), face(card), doneCaption(shown)}:
 * the card's name and face markup, and the caption of a completed trick.
 */
export function renderTrick(view, ctx, game) {
  const { seating, entered } = ctx;
  const shown = shownTrick(view);
  const cards = shown.cards.map(({ seat, card }, order) => {
    const info = seating.seats[seat];
    const winning = seat === shown.winnerSeat;
    const who = seatWho(seating, seat, { capital: true });
    let key = "table.trick.card";
    if (winning) key = shown.done ? "table.trick.card_won" : "table.trick.card_winning";
    const el = h("div", {
      class: `trick-card pos-${info.pos}${winning ? " winning" : ""}`,
      role: "img",
      "data-seat": seat,
      "data-card": card,
      "aria-label": t(key, { who, card: game.label(card) }),
      html: game.face(card),
    }, h("span", { class: "trick-who", "aria-hidden": "true" }, who));
    el.style.setProperty("--order", String(order));
    if (entered && entered.seat === seat && entered.card === card) el.classList.add("enter");
    return el;
  });
  let caption = "";
  if (shown.done) caption = game.doneCaption(shown);
  else if (shown.winnerSeat !== null && shown.cards.length) caption = t("table.trick.caption_winning", { who: seatWho(seating, shown.winnerSeat, { capital: true }) });
  else if (view.phase === "play" && shown.leader !== null && shown.leader !== undefined) caption = t("table.trick.caption_lead", { who: seatWho(seating, shown.leader, { capital: true }) });
  return h("section", { class: `trick${shown.done ? " done" : ""}`, "aria-label": t(shown.done ? "table.trick.last" : "table.trick.current"), dataset: { players: view.players } },
    h("div", { class: "trick-grid" }, cards),
    h("p", { class: "trick-caption" }, caption));
}
