// The review of the finished deals (the engine's op "review"): step through
// every trick with all hands face up, and see your key moment of each deal:
// the decision the engine marked, the better choice and why (the hints'
// reasons). Only finished deals come from the engine: a deal in play shows no card.
import { button, h } from "../dom.js";
import { seatWho, seating } from "../table/layout.js";
import { cardForms } from "../table/messages.js";
import { tables } from "../table/tables.js";
import { t } from "../texts.js";

/** A deal's review, stepping through its tricks (0 = the hands as play began). */
function dealReview(deal, unit, words) {
  const steps = deal.tricks.length;
  const moment = deal.key_moment;
  let step = moment && moment.trick !== null ? Math.min(moment.trick + 1, steps) : 0;
  const body = h("div", { class: "review-step" });
  const counter = h("p", { class: "review-counter", "aria-live": "polite" });
  const back = button(t("review.previous"), () => show(step - 1), "review-previous");
  const next = button(t("review.next"), () => show(step + 1), "review-next");
  const cardsWord = (cards) => cards.map((card) => words.card(card)).join(", ");

  function handsBefore(count) {
    const played = new Map();
    for (const trick of deal.tricks.slice(0, count)) {
      for (const { seat, card } of trick.cards) played.set(`${seat}:${card}`, (played.get(`${seat}:${card}`) || 0) + 1);
    }
    return deal.hands.map((hand, seat) => hand.filter((card) => {
      const key = `${seat}:${card}`;
      const left = played.get(key) || 0;
      if (left > 0) { played.set(key, left - 1); return false; }
      return true;
    }));
  }

  function show(target) {
    step = Math.max(0, Math.min(steps, target));
    back.disabled = step === 0;
    next.disabled = step === steps;
    counter.textContent = step === 0 ? t("review.start") : t("review.trick", { number: step, count: steps });
    const parts = [];
    const hands = handsBefore(step === 0 ? 0 : step - 1);
    parts.push(h("ul", { class: "review-hands" }, hands.map((hand, seat) =>
      h("li", { class: "review-hand", dataset: { seat: String(seat) } },
        h("span", { class: "review-seat" }, words.seat(seat)), " ", hand.length ? cardsWord(hand) : "–"))));
    if (step > 0) {
      const trick = deal.tricks[step - 1];
      parts.push(h("p", { class: "review-trick" },
        trick.cards.map(({ seat, card }) => `${words.seat(seat)}: ${words.card(card)}`).join(" · ")));
      parts.push(h("p", { class: "review-winner" }, words.message(trick.reason)));
    }
    if (moment && moment.trick !== null && step === moment.trick + 1) parts.push(momentNode(moment, words));
    body.replaceChildren(...parts);
  }
  show(step);
  return h("section", { class: "review-deal", dataset: { deal: String(deal.number) } },
    h("h3", { class: "review-deal-title" }, t(`review.${unit}`, { number: deal.number + 1 })),
    moment ? momentNode(moment, words, true) : h("p", { class: "review-none" }, t("review.none")),
    counter, body, h("div", { class: "review-actions" }, back, next));
}

function momentNode(moment, words, summary = false) {
  const isCard = moment.trick !== null;
  const what = isCard
    ? t("review.moment_card", {
      number: moment.trick + 1,
      card: words.card(moment.action), ...cardForms("card", moment.action, words.card),
      best: words.card(moment.better), ...cardForms("best", moment.better, words.card),
    })
    : t("review.moment_call", { action: words.action(moment.action), best: words.action(moment.better) });
  return h("div", { class: summary ? "review-moment review-moment-summary" : "review-moment" },
    h("p", { class: "review-moment-what" }, what),
    h("p", { class: "review-moment-why" }, words.message(moment.reason)));
}

/** Open the review of the finished deals of the match on the table; with
 * `latest`, scrolled to the last of them (the deal just finished), its title focused. */
export async function openReview(dialog, { engine, game }, { latest = false } = {}) {
  const response = game.response;
  if (!response) return;
  const view = response.view;
  dialog.open(t("review.heading"), h("p", { class: "review-loading", role: "status" }, t("review.loading")));
  // Closed (or showing something else) before the engine answers: it stays that way.
  let dismissed = false;
  dialog.whenClosed(() => { dismissed = true; });
  const reply = await engine.request({ op: "review" });
  if (dismissed) return;
  const table = tables[view.game];
  const seats = seating(view);
  const faces = game.options && game.options.faces ? game.options.faces : undefined;
  const words = {
    card: (card, form = "") => table.cardLabel(view, card, faces, form),
    seat: (seat) => seatWho(seats, seat, { capital: true }),
    action: (action) => table.actionWords(view, action, faces),
    message: (message) => table.formatMessage(message, { seating: seats }),
  };
  if (!reply || !reply.ok) {
    dialog.open(t("review.heading"), h("p", {}, words.message(reply && reply.error)));
    return;
  }
  if (!reply.deals.length) {
    dialog.open(t("review.heading"), h("p", { class: "review-empty" }, t("review.empty")));
    return;
  }
  const sections = reply.deals.map((deal) => dealReview(deal, reply.deal_unit, words));
  dialog.open(t("review.heading"), h("p", { class: "review-intro" }, t("review.intro")), ...sections);
  if (latest) {
    const title = sections[sections.length - 1].querySelector(".review-deal-title");
    title.tabIndex = -1;
    title.scrollIntoView({ block: "start" });
    title.focus({ preventScroll: true });
  }
}
