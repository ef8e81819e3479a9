// The Doppelkopf table: draws one engine response (the per-seat view of a
// Doppelkopf match) into the table parts (table/parts.js). Stateless: the
// cards ticked for a poverty pass/return live in the controller's state
// (ctx.selection). No rule logic: legal actions, which of them are buttons
// (view.calls), the cards to pick (view.exchange), refusal reasons, parties,
// winners and scores are the engine's.
//
// French faces always: notation C/S/H/D + A, 10, K, Q, J, 9 is drawn with the
// shared card art (cards.js) mapped onto its French suit shapes.
import { cardBackSVG, cardSVG } from "../card-art.js";
import { nameInForm } from "../cards.js";
import { h } from "../dom.js";
import { rulesLink, sectionHref } from "../rules.js";
import { formatList, formatNumber, formatSigned, has, nodes, sentences, t } from "../texts.js";
import { seatWho } from "./layout.js";
import { formatMessage } from "./messages.js";
import { panelWanted, showPanel } from "./panel.js";
import { handButtons, handGroup, hiddenName, otherHandGroup } from "./hand.js";
import { renderSeats } from "./seats.js";
import { shownTrick, trickExplanation } from "./trick.js";

// ---------------------------------------------------------------- cards
const SUIT_ART = { C: "A", S: "L", H: "H", D: "B" }; // French shapes in cards.js
const RANK_ART = { Q: "O", J: "U" };

function split(card) {
  return { suit: card[0], rank: card.slice(1) };
}

function suitWord(suit) {
  return SUIT_ART[suit] ? t(`suit.french.${SUIT_ART[suit]}`) : suit;
}

function rankWord(rank) {
  return has(`dk.rank.${rank}`) ? t(`dk.rank.${rank}`) : rank;
}

/** "Queen of Clubs". */
function cardName(card, form = "") {
  const { suit, rank } = split(card);
  return nameInForm("dk.card.name", suitWord(suit), rank, rankWord(rank), "french", form);
}

/** A move in words: a call's name, an exchange's cards, else the card's name. */
function actionWords(action) {
  const [name, cards] = action.split(":");
  if (cards !== undefined && name) return formatList(cards.split(",").map((card) => cardName(card)));
  return has(`dk.action.${action}`) ? t(`dk.action.${action}`) : cardName(action);
}

/** The names of this game's cards, suits, ranks and moves in an engine message. */
const NAMES = { card: cardName, suit: suitWord, rank: rankWord, action: actionWords };

/** The card face as SVG markup (French shapes; cards.js prints O/U faces as Q/J). */
function cardFace(card) {
  const { suit, rank } = split(card);
  return cardSVG(`${SUIT_ART[suit]}${RANK_ART[rank] || rank}`, "french");
}

function who(seating, seat) {
  return seatWho(seating, seat, { capital: true });
}


// ------------------------------------------------------------- words
/** A reservation or answer as said at the table (the engine's value if it is new). */
function actionLabel(action) {
  return has(`dk.action.${action}`) ? t(`dk.action.${action}`) : action;
}

/** An engine message in words (table/messages.js) with this game's card names. */
function dkFormat(message, seating) {
  return formatMessage(message, { seating }, NAMES);
}

/**
 * A call (a reservation, a poverty exchange or answer, an announcement) in
 * words; an announcement by what it announced (`view.announcements`' latest of
 * the seat: "West announces “no 90”").
 */
function callWords(action, seating, seat, view = null) {
  const mine = seat === seating.me;
  const subject = who(seating, seat);
  // An exchange's notation is "pass:C9,SA,D10"; the others learn only "pass".
  const name = action.split(":")[0];
  if (name === "healthy") return t("dk.move.healthy", { who: subject });
  if (has(`dk.declared.${name}`)) {
    return t("dk.move.declare", { who: subject, reservation: t(`dk.declared.${name}`) }, mine ? "you" : null);
  }
  if (name === "announce" && view) {
    const made = (view.announcements || []).filter((each) => each.seat === seat).at(-1);
    if (made) return t("dk.move.announced", { who: subject, announcement: t(`announcement.${made.id}`) }, mine ? "you" : null);
  }
  return t(`dk.move.${name}`, { who: subject }, mine ? "you" : null);
}

// -------------------------------------------------------------- info bar
function contractLabel(kind) {
  return has(`dk.contract.${kind}`) ? t(`dk.contract.${kind}`) : kind;
}

function contractText(view) {
  const c = view.contract;
  if (!c) return view.phase === "reserve" ? t("dk.info.reservations") : "";
  if (c.kind === "solo") return has(`dk.trumps.${c.trumps}`) ? t(`dk.trumps.${c.trumps}`) : c.trumps;
  return contractLabel(c.kind);
}

function renderInfo(parts, view, ctx) {
  const { seating } = ctx;
  const scores = h("div", { class: "info-block score dk-scores", role: "group", "aria-label": t("table.info.match_label") },
    h("span", { class: "info-title" }, t("dk.info.score")),
    h("ul", { class: "dk-score-list" }, seating.seats.map((info) => h("li", { class: `dk-score${info.seat === seating.me ? " mine" : ""}`, dataset: { seat: info.seat } },
      `${who(seating, info.seat)} `, h("b", {}, view.scores[info.seat])))));
  const hand = h("div", { class: "info-block dk-hand", role: "group", "aria-label": t("dk.info.hand") },
    h("span", { class: "info-title" }, t("dk.info.hand")),
    h("b", { class: "dk-hand-number" }, t("dk.info.hand_number", { number: Math.max(view.hand_number, 1), total: view.hands_per_match })),
    h("span", { class: "info-sub dk-contract" }, rulesLink(sectionHref(view, view.contract && view.contract.kind), {}, contractText(view))));
  const blocks = [scores, hand];
  if (view.announcements.length) {
    blocks.push(h("div", { class: "info-block dk-announcements", role: "group", "aria-label": t("dk.info.announcements_label") },
      h("span", { class: "info-title" }, t("dk.info.announced")),
      h("ul", { class: "specials" }, view.announcements.map((a) => h("li", { class: `special dk-announce-${a.party}` },
        h("b", {}, t(`announcement.${a.id}`)), ` ${who(seating, a.seat)}`)))));
  }
  if (view.trump_order && view.trump_order.length) blocks.push(trumpsBlock(view));
  const marriage = view.marriage && view.marriage.message;
  if (marriage) blocks.push(h("div", { class: "info-block dk-marriage" }, dkFormat(marriage, seating)));
  if (view.rules.variants.length) {
    const variants = view.rules.variants.map((v) => (has(`dk.variant.${v}`) ? t(`dk.variant.${v}`) : v));
    blocks.push(h("div", { class: "info-block dk-variants", title: formatList(variants) },
      h("span", { class: "info-title" }, t("dk.info.variants")), h("span", { class: "info-sub" }, formatNumber(variants.length))));
  }
  parts.info.replaceChildren(...blocks);
  parts.info.setAttribute("aria-label", t("dk.info.bar_label"));
}

/** Which cards are trumps, high to low, in words (the engine's order for this contract). */
function trumpsBlock(view) {
  const words = t("dk.info.trumps_order", { cards: formatList(view.trump_order.map((card) => cardName(card))) });
  return h("details", { class: "info-block dk-trumps" },
    h("summary", { class: "info-title" }, t("dk.info.trumps")),
    h("p", { class: "info-sub dk-trump-order" }, words));
}

// --------------------------------------------------------------------- seats
function seatTags(view, info) {
  const tags = [];
  if (view.dealer === info.seat) tags.push(h("span", { class: "tag tag-dealer", title: t("table.tag.dealer") }, t("table.tag.dealer")));
  if (view.to_act === info.seat) tags.push(h("span", { class: "tag tag-turn" }, t(info.role === "you" ? "table.tag.your_turn" : "dk.tag.to_act")));
  const party = view.parties[info.seat];
  if (party) tags.push(h("span", { class: `tag dk-party dk-party-${party}`, dataset: { party } }, t(`dk.party.${party}`)));
  if (view.phase === "reserve") {
    const said = view.reservations.find((r) => r.seat === info.seat);
    if (said) tags.push(h("span", { class: "tag dk-said", dataset: { reservation: said.reservation } }, actionLabel(said.reservation)));
  }
  const contract = view.contract;
  if (contract && contract.declarer === info.seat && contract.kind !== "normal") {
    const label = contract.kind === "solo" ? t("dk.tag.soloist") : contractLabel(contract.kind);
    tags.push(h("span", { class: "tag dk-declarer" }, label));
  }
  return tags;
}

function otherHand(view, info) {
  const hand = view.hands[info.seat];
  const backs = [];
  for (let i = 0; i < hand.count; i++) backs.push(h("span", { class: "card card-small back", "aria-hidden": "true", html: cardBackSVG() }));
  return otherHandGroup(hand.count, backs, true);
}

function myHand(view, info, ctx) {
  const cards = view.hands[info.seat].known; // in display order (the engine's)
  if (view.exchange && view.to_act === ctx.seating.me) return pickHand(view, cards, view.exchange, ctx);
  const trumps = new Set(view.trumps || []);
  const buttons = handButtons(view, cards, ctx, (card) => {
    const reason = view.hand_reasons[card];
    const trump = trumps.has(card);
    return {
      label: trump ? t("dk.card.trump_label", { card: cardName(card) }) : cardName(card),
      reason: reason ? dkFormat(reason, ctx.seating) : "",
      reasonNamesCard: Boolean(reason && reason.params && reason.params.card === card),
      face: cardFace(card) + (trump ? `<span class="card-role dk-trump-tag" aria-hidden="true">${t("dk.card.trump_tag")}</span>` : ""),
      classes: trump ? " trump" : "",
    };
  });
  return handGroup(buttons, "hand hand-mine dk-hand-mine");
}

/** The hand as toggles for choosing the cards of a poverty exchange, and its confirm button. */
function pickHand(view, cards, exchange, ctx) {
  const { kind, cards: size } = exchange;
  // The ticked cards belong to one decision: a new hand or exchange starts afresh.
  const key = `${view.deal_number}:${kind}:${cards.join(",")}`;
  const selection = ctx.selection;
  if (selection.key !== key) Object.assign(selection, { key, cards: [] });
  const chosen = selection.cards; // indices into the hand
  let confirm = null;
  const buttons = cards.map((card, index) => {
    const button = h("button", {
      type: "button",
      class: `card dk-pick${chosen.includes(index) ? " picked" : ""}`,
      "data-card": card,
      "aria-pressed": chosen.includes(index) ? "true" : "false",
      dataset: { index },
      html: cardFace(card),
    }, hiddenName(cardName(card)));
    button.addEventListener("click", () => {
      const at = chosen.indexOf(index);
      if (at >= 0) chosen.splice(at, 1);
      else if (chosen.length < size) chosen.push(index);
      button.classList.toggle("picked", chosen.includes(index));
      button.setAttribute("aria-pressed", chosen.includes(index) ? "true" : "false");
      if (confirm) confirm.disabled = chosen.length !== size;
    });
    return button;
  });
  confirm = h("button", {
    type: "button",
    class: `call dk-confirm-exchange call-${kind}`,
    "data-action": kind,
    disabled: chosen.length !== size,
    onclick: () => {
      if (chosen.length !== size) return;
      // The exchange's notation (records.md): "pass:C9,SA,D10".
      ctx.onAction(`${kind}:${chosen.map((i) => cards[i]).join(",")}`);
    },
  }, t(`dk.exchange.${kind}.button`));
  ctx.exchangeConfirm = confirm;
  return h("div", { class: "hand hand-mine dk-hand-mine dk-picking", role: "group", "aria-label": t(`dk.exchange.${kind}.label`) }, buttons);
}

function seatAria(info, party) {
  const mine = info.role === "you";
  if (!party) return t(mine ? "dk.seat.label_you" : "dk.seat.label", { name: info.name });
  return t(mine ? "dk.seat.label_you_party" : "dk.seat.label_party", { name: info.name, party: t(`dk.party.${party}`) });
}

function renderFelt(parts, view, ctx) {
  const { seating } = ctx;
  renderSeats(parts, view, ctx, {
    seat: (info) => ({
      label: seatAria(info, view.parties[info.seat]),
      role: info.role === "you" ? t("seat.role.you") : "",
      party: view.parties[info.seat] || null,
      tags: seatTags(view, info),
      hand: info.role === "you" ? myHand(view, info, ctx) : otherHand(view, info),
    }),
    trick: {
      label: cardName,
      face: cardFace,
      doneCaption: (shown) => t("dk.trick.caption_done", { number: view.played.length, who: who(seating, shown.winnerSeat) }),
    },
  });
}

/** The explanation under the trick (a completed trick's card points after its reason). */
function explanation(view, ctx) {
  return trickExplanation(view, (message) => dkFormat(message, ctx.seating),
    (trick) => [t("dk.trick.points", { points: trick.points })]);
}

// ------------------------------------------------------------ turn, calls
function turnText(view, ctx) {
  const { seating } = ctx;
  if (view.phase === "over") return t("table.turn.over");
  if (view.phase === "deal") return t("dk.turn.hand_over");
  if (view.to_act === null || view.to_act === undefined) return "";
  const mine = view.to_act === seating.me;
  const name = who(seating, view.to_act);
  switch (view.phase) {
    case "reserve": return mine ? t("dk.turn.reserve") : t("dk.turn.other_reserve", { who: name });
    case "poverty-pass": return mine ? t("dk.turn.pass") : t("dk.turn.other_pass", { who: name });
    case "poverty-answer": // (the poor seat itself is never asked)
      return mine ? t("dk.turn.answer", { poor: who(seating, view.poverty.poor) }) : t("dk.turn.other_answer", { who: name });
    case "poverty-return": return mine ? t("dk.turn.return") : t("dk.turn.other_return", { who: name });
    default: return mine ? t("table.turn.play") : t("table.turn.other_play", { who: name });
  }
}

/** The reservations a newcomer may not know, each in one line (only those on offer). */
const RESERVATION_HELP = [
  [["solo-diamonds", "solo-hearts", "solo-spades", "solo-clubs"], "dk.reserve.solo_suit"],
  [["solo-queens"], "dk.reserve.solo_queens"],
  [["solo-jacks"], "dk.reserve.solo_jacks"],
  [["solo-aces"], "dk.reserve.solo_aces"],
  [["marriage"], "dk.reserve.marriage"],
  [["poverty"], "dk.reserve.poverty"],
];

/**
 * "Healthy, or a reservation?" in words a newcomer knows: above the buttons the
 * engine's suggestion (ctx.suggestion, from its `hint` op) with its reason;
 * below them, behind a disclosure, what the two mean and what each reservation
 * on offer is (shown at once, they pushed the 12 cards off a phone's screen).
 */
function reservationHelp(calls, ctx) {
  const rows = ctx.suggestion && calls.includes(ctx.suggestion.action) ? [suggestionLine(ctx.suggestion, ctx)] : [];
  const lines = RESERVATION_HELP.filter(([actions]) => actions.some((action) => calls.includes(action)))
    .map(([, key]) => h("li", {}, t(key)));
  if (calls.some((call) => call.startsWith("solo-"))) lines.push(h("li", {}, t("dk.reserve.solo_stakes")));
  const details = h("details", { class: "dk-reserve-details" }, h("summary", {}, t("dk.reserve.details")),
    h("p", { class: "dk-reserve-explain" }, t("dk.reserve.explain")), lines.length ? h("ul", {}, lines) : null);
  return { above: h("div", { class: "dk-reserve-help" }, rows), below: details };
}

function suggestionLine(suggestion, ctx) {
  return h("p", { class: "dk-suggestion", dataset: { action: suggestion.action } },
    t("dk.reserve.suggestion", { reason: dkFormat(suggestion.reason, ctx.seating) }));
}

function markSuggested(button) {
  button.classList.add("call-suggested");
  button.append(h("span", { class: "call-suggested-mark" }, ` (${t("dk.reserve.suggested")})`));
}

/**
 * The engine's suggestion arrived after the question was drawn: mark it in
 * place, so that a tap already on its way still reaches the same button.
 */
function showSuggestion(parts, response, ctx) {
  const { suggestion } = ctx;
  const help = parts.actions.querySelector(".dk-reserve-help");
  const button = [...parts.actions.querySelectorAll(".call")].find((b) => b.dataset.action === suggestion.action);
  if (!help || !button || help.querySelector(".dk-suggestion")) return;
  help.append(suggestionLine(suggestion, ctx));
  markSuggested(button);
}

function renderCalls(parts, view, ctx) {
  const mine = view.to_act === ctx.seating.me;
  const calls = mine ? view.calls : [];
  const suggested = ctx.suggestion && ctx.suggestion.action;
  const buttons = calls.map((call) => {
    const button = h("button", { type: "button", class: `call call-${call}`, "data-action": call, onclick: () => ctx.onAction(call) }, actionLabel(call));
    if (call === suggested) markSuggested(button);
    return button;
  });
  if (ctx.exchangeConfirm) buttons.push(ctx.exchangeConfirm);
  const onlyAnnounce = calls.length === 1 && calls[0] === "announce" && !ctx.exchangeConfirm;
  const title = buttons.length && !onlyAnnounce ? h("p", { class: "calls-title" }, turnText(view, ctx)) : null;
  const help = view.phase === "reserve" && calls.length ? reservationHelp(calls, ctx) : { above: null, below: null };
  parts.actions.replaceChildren(...[title, help.above, ...buttons, help.below].filter(Boolean));
  parts.actions.hidden = buttons.length === 0;
  parts.actions.classList.toggle("dk-announce-only", onlyAnnounce);
}

// -------------------------------------------------------------------- panels
/** Won, lost, or null when nobody won (from the person's side of the hand). */
function handWon(result, seating) {
  const mineRe = result.re.includes(seating.me);
  return result.winner === null ? null : (result.winner === "re") === mineRe;
}

function outcomeKey(prefix, won) {
  if (won === null) return `${prefix}_nobody`;
  return won ? `${prefix}_won` : `${prefix}_lost`;
}

function resultRows(view, result, ctx) {
  const { seating } = ctx;
  const myParty = result.re.includes(seating.me) ? "re" : "kontra";
  const names = result.re.map((s) => who(seating, s)).join(t("list.amp"));
  const rows = [h("p", { class: "panel-result dk-result-message" }, dkFormat(result.message, seating))];
  rows.push(h("p", { class: "dk-parties" }, t("dk.result.parties", { names, party: t(`dk.party.${myParty}`) })));
  rows.push(h("p", { class: "dk-card-points" }, nodes("dk.result.points", {
    re: h("b", { class: "dk-points-re" }, result.points.re),
    kontra: h("b", { class: "dk-points-kontra" }, result.points.kontra),
    tricks_re: result.tricks.re,
    tricks_kontra: result.tricks.kontra,
  })));
  if (result.breakdown.length) {
    rows.push(h("ul", { class: "dk-breakdown", "aria-label": t("dk.result.breakdown_label") }, result.breakdown.map((item) =>
      h("li", { dataset: item.party ? { party: item.party, partyShort: t(`dk.party.${item.party}_short`) } : {} }, rulesLink(sectionHref(view, item.message.key), {}, dkFormat(item.message, seating))))));
  }
  rows.push(h("p", { class: "dk-hand-scores" }, t("dk.result.hand_scores"), seating.seats.map((info, i) =>
    h("span", { class: "dk-hand-score", dataset: { seat: info.seat } },
      `${i ? t("list.dot") : ""}${t("dk.result.seat_score", { who: who(seating, info.seat), score: formatSigned(result.scores[info.seat]) })}`))));
  return rows;
}

function scoreRow(view, ctx, cls) {
  return h("p", { class: `panel-score ${cls}` }, t("dk.panel.match_score"), ctx.seating.seats.map((info, i) =>
    h("span", { class: "dk-final", dataset: { seat: info.seat } }, `${i ? t("list.dot") : ""}${who(ctx.seating, info.seat)} `, h("b", {}, view.scores[info.seat]))));
}

function renderPanel(parts, response, ctx) {
  const view = response.view;
  const { seating } = ctx;
  const panel = parts.panel;
  if (!panelWanted(panel, view)) return;
  const rows = [];
  let title;
  const result = view.results[view.results.length - 1];
  if (view.redealt) {
    title = t("dk.panel.redeal_title");
    rows.push(h("p", { class: "panel-result dk-redeal" }, dkFormat(view.redeals[view.redeals.length - 1], seating)));
    panel.dataset.won = "";
  } else if (result) {
    const won = handWon(result, seating);
    title = t(outcomeKey("dk.panel.hand_title", won), { number: result.number, total: view.hands_per_match });
    rows.push(...resultRows(view, result, ctx));
    panel.dataset.won = won === null ? "" : String(won);
  }
  rows.push(scoreRow(view, ctx, "dk-match-score"));
  if (view.phase === "over") {
    const winners = response.outcome && response.outcome.winner ? response.outcome.winner : [];
    const names = formatList(winners.map((s) => who(seating, s)));
    if (winners.includes(seating.me)) title = t("table.panel.match_won");
    else title = t("dk.panel.winners_won", { names, count: winners.length });
    const summary = h("details", { class: "dk-last-hand" }, h("summary", {}, t("dk.panel.hand", { number: result ? result.number : "" })), ...(result ? resultRows(view, result, ctx) : []));
    rows.unshift(summary);
    rows.push(h("ol", { class: "deal-list dk-hand-list", "aria-label": t("dk.panel.hands") }, view.results.map((r) => {
      const won = handWon(r, seating);
      return h("li", { class: won === null ? "nobody" : won ? "won" : "lost" },
        t(outcomeKey("dk.panel.hand_item", won), { number: r.number, score: formatSigned(r.scores[seating.me]) }));
    })));
  }
  showPanel(panel, view, ctx, title, rows);
}

/** Render a whole Doppelkopf response into the table parts. */
function render(parts, response, ctx) {
  const view = response.view;
  const local = { ...ctx, exchangeConfirm: null };
  parts.felt.dataset.phase = view.phase;
  renderInfo(parts, view, local);
  renderFelt(parts, view, local);
  parts.turn.textContent = turnText(view, local);
  parts.turn.dataset.mine = String(view.to_act === local.seating.me);
  parts.note.textContent = explanation(view, local);
  renderCalls(parts, view, local);
  parts.felt.querySelector(".trick").append(parts.note, parts.actions);
  renderPanel(parts, response, local);
}

/** What the live region says about the move just made. */
function describeMove(before, response, ctx) {
  const played = response.played;
  if (!played) return "";
  const view = response.view;
  const mine = played.seat === ctx.seating.me;
  if (played.kind !== "card") return callWords(played.action, ctx.seating, played.seat, view);
  let text = t("table.move.card", { who: who(ctx.seating, played.seat), card: cardName(played.action) }, mine ? "you" : null);
  const shown = shownTrick(view);
  if (shown.done && before && view.played.length > before.view.played.length) {
    const winner = shown.winnerSeat === ctx.seating.me;
    const params = { who: who(ctx.seating, shown.winnerSeat), explanation: explanation(view, ctx) };
    text = sentences([text, t("table.move.trick_won", params, winner ? "you" : null)]);
  }
  return text;
}

/** The live-region line when the match ends. */
function matchLine(response, ctx) {
  const winners = (response.outcome && response.outcome.winner) || [];
  if (winners.includes(ctx.seating.me)) return t("table.match_line_won");
  const names = formatList(winners.map((s) => who(ctx.seating, s)));
  return t("dk.match_line", { names, count: winners.length });
}

/** The Doppelkopf table (the same interface as table/karnoffel.js). */
export const doppelkopfTable = {
  render,
  actionWords: (view, action) => actionWords(action),
  /** A card for "How to play": its face and its name. */
  helpPicture: (notation) => ({ face: cardFace(notation), label: cardName(notation) }),
  /** A card's notation inside a text (the trump order of "How to play"). */
  notations: /\b([CSHD](?:10|[AKQJ9]))\b/g,
  describeMove,
  showSuggestion,
  cardLabel: (view, card, faces, form) => cardName(card, form),
  formatMessage: (message, ctx) => dkFormat(message, ctx.seating),
  matchLine,
};
