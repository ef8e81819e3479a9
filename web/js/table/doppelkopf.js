// The Doppelkopf table: draws one engine response (the per-seat view of a
// Doppelkopf match) into the table parts built by render.js. Stateless except
// for the cards ticked for a poverty pass/return. No rule logic: legal
// actions, refusal reasons, parties, winners and scores are the engine's.
//
// French faces always: notation C/S/H/D + A, 10, K, Q, J, 9 is drawn with the
// shared card art (cards.js) mapped onto its French suit shapes.
import { cardBackSVG, cardSVG } from "../cards.js";
import { h } from "./dom.js";

// Our stylesheet, linked from here so index.html stays the table's.
if (typeof document !== "undefined" && !document.querySelector('link[href$="css/doppelkopf.css"]')) {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("../../css/doppelkopf.css", import.meta.url).href;
  document.head.append(link);
}

// ---------------------------------------------------------------- cards
const SUIT_ART = { C: "A", S: "L", H: "H", D: "B" }; // French shapes in cards.js
const RANK_ART = { Q: "O", J: "U" };
const SUIT_NAMES = { C: "Clubs", S: "Spades", H: "Hearts", D: "Diamonds" };
const SUIT_SYMBOLS = { C: "♣", S: "♠", H: "♥", D: "♦" };
const RANK_NAMES = { A: "Ace", 10: "Ten", K: "King", Q: "Queen", J: "Jack", 9: "Nine" };
const CARD_RE = /\b([CSHD])(A|10|K|Q|J|9)\b/g;

function split(card) {
  return { suit: card[0], rank: card.slice(1) };
}

/** "Queen of Clubs". */
export function dkCardName(card) {
  const { suit, rank } = split(card);
  return `${RANK_NAMES[rank] || rank} of ${SUIT_NAMES[suit] || suit}`;
}

/** "♣Q". */
export function dkCardShort(card) {
  const { suit, rank } = split(card);
  return `${SUIT_SYMBOLS[suit] || suit}${rank}`;
}

/** The card face as SVG markup (French shapes). */
export function dkCardFace(card) {
  const { suit, rank } = split(card);
  const svg = cardSVG(`${SUIT_ART[suit]}${RANK_ART[rank] || rank}`, "french");
  // cards.js prints O/U faces as Q/J already; the suit class keeps the colours.
  return svg;
}

// -------------------------------------------------------------- seating
const POSITIONS = ["s", "w", "n", "e"];
const POSITION_NAMES = { s: "South", w: "West", n: "North", e: "East" };
const POSITION_CLASS = { s: "south", w: "west", n: "north", e: "east" };

/** The seating of a Doppelkopf view: you at the bottom, the others clockwise. */
export function dkSeating(view) {
  const me = view.seat;
  const seats = [];
  for (let seat = 0; seat < view.players; seat++) {
    const pos = POSITIONS[(seat - me + view.players) % view.players];
    const party = view.parties ? view.parties[seat] : null;
    seats.push({ seat, pos, name: POSITION_NAMES[pos], cls: POSITION_CLASS[pos], team: seat, role: seat === me ? "you" : "player", party });
  }
  const teams = seats.map((info) => ({ index: info.seat, mine: info.seat === me, short: info.seat === me ? "You" : info.name, long: info.name }));
  return { me, myTeam: me, seats, teams };
}

function who(seating, seat, capital = true) {
  if (seat === seating.me) return capital ? "You" : "you";
  return seating.seats[seat] ? seating.seats[seat].name : `Seat ${seat}`;
}

// ------------------------------------------------------------- words
const PARTY = { re: "Re", kontra: "Kontra" };
const RESERVATION_LABELS = {
  healthy: "Healthy",
  marriage: "Marriage",
  poverty: "Poverty",
  "solo-diamonds": "Diamonds solo",
  "solo-hearts": "Hearts solo",
  "solo-spades": "Spades solo",
  "solo-clubs": "Clubs solo",
  "solo-queens": "Queen solo",
  "solo-jacks": "Jack solo",
  "solo-aces": "Ace solo",
};
const CONTRACT_LABELS = {
  normal: "Normal game", "silent-solo": "Silent solo", marriage: "Marriage", poverty: "Poverty",
};
const TRUMP_LABELS = {
  normal: "", diamonds: "Diamonds solo", hearts: "Hearts solo", spades: "Spades solo", clubs: "Clubs solo",
  queens: "Queen solo", jacks: "Jack solo", aces: "Ace solo (no trumps)",
};
const CALL_LABELS = { accept: "Accept the poverty", decline: "Decline", announce: "Announce" };
const ANNOUNCEMENT_NAMES = { re: "Re", kontra: "Kontra", no90: "no 90", no60: "no 60", no30: "no 30", schwarz: "schwarz" };

/** An engine message in words: seats by compass name, cards by symbol. */
export function dkFormat(message, seating) {
  if (!message) return "";
  const p = message.params || {};
  const name = (seat) => who(seating, Number(seat));
  switch (message.key) {
    case "dk_marriage_partner":
      return `${name(p.seat)} won trick ${p.trick} and ${Number(p.seat) === seating.me ? "are" : "is"} the partner of ${name(p.bridegroom) === "You" ? "you" : name(p.bridegroom)}.`;
    case "dk_marriage_alone":
      return `Nobody else won one of the first three tricks: ${name(p.bridegroom)} ${Number(p.bridegroom) === seating.me ? "play" : "plays"} alone.`;
    case "dk_redeal":
      return `Nobody took ${Number(p.poor) === seating.me ? "your" : `${name(p.poor)}'s`} poverty: the cards are dealt again.`;
    default: {
      let text = (message.text || message.key).replace(CARD_RE, (card) => dkCardShort(card));
      if (SUIT_NAMES[p.suit]) text = text.replace(new RegExp(`\\b${p.suit}\\b`, "g"), SUIT_NAMES[p.suit].toLowerCase());
      return text;
    }
  }
}

function actionWords(action, seating, seat) {
  const mine = seat === seating.me;
  const subject = who(seating, seat);
  if (RESERVATION_LABELS[action]) {
    if (action === "healthy") return `${subject}: healthy.`;
    return `${subject} ${mine ? "declare" : "declares"} ${RESERVATION_LABELS[action].toLowerCase().replace("diamonds", "a diamonds").replace(/^(marriage|poverty)$/, "a $1")}.`;
  }
  if (action.startsWith("pass:")) return `${subject} ${mine ? "pass" : "passes"} three cards.`;
  if (action.startsWith("return:")) return `${subject} ${mine ? "return" : "returns"} three cards.`;
  if (action === "accept") return `${subject} ${mine ? "take" : "takes"} the poverty.`;
  if (action === "decline") return `${subject} ${mine ? "decline" : "declines"} the poverty.`;
  if (action === "announce") return `${subject} ${mine ? "announce" : "announces"}.`;
  return `${subject} ${mine ? "play" : "plays"} ${dkCardName(action)}.`;
}

// -------------------------------------------------------------- info bar
function contractText(view) {
  const c = view.contract;
  if (!c) return view.phase === "reserve" ? "Reservations" : "";
  if (c.kind === "solo") return TRUMP_LABELS[c.trumps] || c.trumps;
  return CONTRACT_LABELS[c.kind] || c.kind;
}

function renderInfo(parts, view, ctx) {
  const { seating } = ctx;
  const scores = h("div", { class: "info-block score dk-scores", "aria-label": "Match score" },
    h("span", { class: "info-title" }, "Score"),
    h("ul", { class: "dk-score-list" }, seating.seats.map((info) => h("li", { class: `dk-score${info.seat === seating.me ? " mine" : ""}`, dataset: { seat: info.seat } },
      `${info.seat === seating.me ? "You" : info.name} `, h("b", {}, view.scores[info.seat])))));
  const hand = h("div", { class: "info-block dk-hand", "aria-label": "Hand" },
    h("span", { class: "info-title" }, "Hand"),
    h("b", { class: "dk-hand-number" }, `${Math.max(view.hand_number, 1)} / ${view.hands_per_match}`),
    h("span", { class: "info-sub dk-contract" }, contractText(view)));
  const blocks = [scores, hand];
  if (view.announcements.length) {
    blocks.push(h("div", { class: "info-block dk-announcements", "aria-label": "Announcements" },
      h("span", { class: "info-title" }, "Announced"),
      h("ul", { class: "specials" }, view.announcements.map((a) => h("li", { class: `special dk-announce-${a.party}` },
        h("b", {}, ANNOUNCEMENT_NAMES[a.id] || a.id), ` ${who(seating, a.seat)}`)))));
  }
  const marriage = view.marriage && view.marriage.message;
  if (marriage) blocks.push(h("div", { class: "info-block dk-marriage" }, dkFormat(marriage, seating)));
  if (view.rules.variants.length) {
    blocks.push(h("div", { class: "info-block dk-variants", title: view.rules.variants.join(", ") },
      h("span", { class: "info-title" }, "Variants"), h("span", { class: "info-sub" }, String(view.rules.variants.length))));
  }
  parts.info.replaceChildren(...blocks);
}

// --------------------------------------------------------------------- seats
function seatTags(view, info) {
  const tags = [];
  if (view.dealer === info.seat) tags.push(h("span", { class: "tag tag-dealer", title: "Dealer" }, "Dealer"));
  if (view.to_act === info.seat) tags.push(h("span", { class: "tag tag-turn" }, info.role === "you" ? "your turn" : "to act"));
  const party = view.parties[info.seat];
  if (party) tags.push(h("span", { class: `tag dk-party dk-party-${party}`, dataset: { party } }, PARTY[party]));
  if (view.phase === "reserve") {
    const said = view.reservations.find((r) => r.seat === info.seat);
    if (said) tags.push(h("span", { class: "tag dk-said", dataset: { reservation: said.reservation } }, RESERVATION_LABELS[said.reservation] || said.reservation));
  }
  if (view.contract && view.contract.declarer === info.seat && view.contract.kind !== "normal") {
    tags.push(h("span", { class: "tag dk-declarer" }, view.contract.kind === "solo" ? "soloist" : CONTRACT_LABELS[view.contract.kind] || view.contract.kind));
  }
  return tags;
}

function otherHand(view, info) {
  const hand = view.hands[info.seat];
  const backs = [];
  for (let i = 0; i < hand.count; i++) backs.push(h("span", { class: "card card-small back", "aria-hidden": "true", html: cardBackSVG() }));
  return h("div", { class: "hand hand-other", role: "group", "aria-label": `${hand.count} card${hand.count === 1 ? "" : "s"}`, dataset: { count: hand.count } },
    backs, h("span", { class: "count", title: `${hand.count} cards` }, `${hand.count}`));
}

/** Ticked cards for a pass/return, kept across re-renders of the same decision. */
let picking = { key: "", cards: [] };

function exchangeKind(view, ctx) {
  if (view.to_act !== ctx.seating.me) return null;
  if (view.legal.some((a) => a.startsWith("pass:"))) return "pass";
  if (view.legal.some((a) => a.startsWith("return:"))) return "return";
  return null;
}

function myHand(view, info, ctx) {
  const cards = view.hands[info.seat].known;
  const exchange = exchangeKind(view, ctx);
  if (exchange) return pickHand(view, cards, exchange, ctx);
  const legal = new Set(view.legal);
  const buttons = cards.map((card, index) => {
    const isLegal = legal.has(card);
    const reason = view.hand_reasons[card];
    const reasonText = reason ? dkFormat(reason, ctx.seating) : "";
    const label = dkCardName(card);
    return h("button", {
      type: "button",
      class: `card card-mine${isLegal ? " legal" : " illegal"}`,
      "data-card": card,
      "aria-label": label,
      "aria-disabled": isLegal ? "false" : "true",
      title: isLegal ? `Play ${label}` : `${label}: ${reasonText}`,
      "data-reason": reasonText || null,
      tabindex: "-1",
      dataset: { index },
      html: dkCardFace(card),
    });
  });
  const target = buttons.find((b) => b.dataset.card === ctx.focusCard) || buttons.find((b) => b.classList.contains("legal")) || buttons[0];
  if (target) target.tabIndex = 0;
  const group = h("div", { class: "hand hand-mine dk-hand-mine", role: "group", "aria-label": "Your hand" }, buttons);
  if (!buttons.length) group.append(h("span", { class: "empty-hand" }, "No cards left"));
  return group;
}

function pickHand(view, cards, exchange, ctx) {
  const key = `${view.deal_number}:${exchange}:${cards.join(",")}`;
  if (picking.key !== key) picking = { key, cards: [] };
  const chosen = picking.cards; // indices into the hand
  let confirm = null;
  const buttons = cards.map((card, index) => {
    const button = h("button", {
      type: "button",
      class: `card dk-pick${chosen.includes(index) ? " picked" : ""}`,
      "data-card": card,
      "aria-label": dkCardName(card),
      "aria-pressed": chosen.includes(index) ? "true" : "false",
      dataset: { index },
      html: dkCardFace(card),
    });
    button.addEventListener("click", () => {
      const at = chosen.indexOf(index);
      if (at >= 0) chosen.splice(at, 1);
      else if (chosen.length < 3) chosen.push(index);
      button.classList.toggle("picked", chosen.includes(index));
      button.setAttribute("aria-pressed", chosen.includes(index) ? "true" : "false");
      if (confirm) confirm.disabled = chosen.length !== 3;
    });
    return button;
  });
  confirm = h("button", {
    type: "button",
    class: `call dk-confirm-exchange call-${exchange}`,
    "data-action": exchange,
    disabled: chosen.length !== 3,
    onclick: () => {
      if (chosen.length !== 3) return;
      const action = `${exchange}:${chosen.map((i) => cards[i]).join(",")}`;
      ctx.onAction(action);
    },
  }, exchange === "pass" ? "Pass these three cards" : "Return these three cards");
  ctx.exchangeConfirm = confirm;
  return h("div", { class: "hand hand-mine dk-hand-mine dk-picking", role: "group", "aria-label": exchange === "pass" ? "Choose three cards to pass" : "Choose three cards to return" }, buttons);
}

function renderSeats(parts, view, ctx) {
  const { seating } = ctx;
  parts.felt.dataset.players = String(view.players);
  const seats = seating.seats.map((info) => {
    const mine = info.role === "you";
    return h("section", {
      class: `seat seat-${info.cls} role-${info.role}${view.to_act === info.seat ? " to-act" : ""}`,
      "data-seat": info.seat,
      "data-pos": info.pos,
      "data-party": view.parties[info.seat] || null,
      "aria-label": `${info.name}${mine ? " (you)" : ""}${view.parties[info.seat] ? `, ${PARTY[view.parties[info.seat]]}` : ""}`,
    },
    h("h2", { class: "seat-label" }, h("span", { class: "seat-name" }, info.name), " ",
      h("span", { class: "seat-role" }, mine ? "you" : ""), " ", ...seatTags(view, info)),
    mine ? myHand(view, info, ctx) : otherHand(view, info));
  });
  parts.felt.replaceChildren(...seats, renderTrick(view, ctx));
}

// --------------------------------------------------------------------- trick
function shownTrick(view) {
  const trick = view.trick;
  if (trick.cards.length || !view.played.length) {
    return { done: false, cards: trick.cards, winnerSeat: trick.winning ? trick.winning.seat : null, leader: trick.leader };
  }
  const last = view.played[view.played.length - 1];
  return { done: true, cards: last.cards, winnerSeat: last.winner, leader: last.leader, last };
}

function trickExplanation(view, ctx) {
  const shown = shownTrick(view);
  if (shown.done) {
    const notes = (shown.last.notes || []).map((n) => dkFormat(n, ctx.seating));
    return [dkFormat(shown.last.reason, ctx.seating), `(${shown.last.points} points)`, ...notes].filter(Boolean).join(" ");
  }
  if (view.trick.winning) return dkFormat(view.trick.winning.reason, ctx.seating);
  return "";
}

function renderTrick(view, ctx) {
  const { seating, entered } = ctx;
  const shown = shownTrick(view);
  const cards = shown.cards.map(({ seat, card }, order) => {
    const info = seating.seats[seat];
    const winning = seat === shown.winnerSeat;
    const name = who(seating, seat);
    const el = h("div", {
      class: `trick-card pos-${info.pos}${winning ? " winning" : ""}`,
      role: "img",
      "data-seat": seat,
      "data-card": card,
      "aria-label": `${name}: ${dkCardName(card)}${winning ? (shown.done ? ", won the trick" : ", winning") : ""}`,
      html: dkCardFace(card),
    }, h("span", { class: "trick-who", "aria-hidden": "true" }, name));
    el.style.setProperty("--order", String(order));
    if (entered && entered.seat === seat && entered.card === card) el.classList.add("enter");
    return el;
  });
  let caption = "";
  if (shown.done) caption = `Trick ${view.played.length}: ${who(seating, shown.winnerSeat)} won`;
  else if (shown.winnerSeat !== null && shown.cards.length) caption = `Winning: ${who(seating, shown.winnerSeat)}`;
  else if (view.phase === "play" && shown.leader !== null && shown.leader !== undefined) caption = `${who(seating, shown.leader)} to lead`;
  return h("section", { class: `trick${shown.done ? " done" : ""}`, "aria-label": shown.done ? "Last trick" : "Current trick", dataset: { players: view.players } },
    h("div", { class: "trick-grid" }, cards),
    h("p", { class: "trick-caption" }, caption));
}

// ------------------------------------------------------------ turn, calls
function turnText(view, ctx) {
  const { seating } = ctx;
  if (view.phase === "over") return "The match is over.";
  if (view.phase === "deal") return "The hand is over.";
  if (view.to_act === null || view.to_act === undefined) return "";
  const mine = view.to_act === seating.me;
  const name = who(seating, view.to_act);
  switch (view.phase) {
    case "reserve": return mine ? "Your call: healthy, or a reservation?" : `${name} is deciding on a reservation…`;
    case "poverty-pass": return mine ? "Poverty: choose three cards to pass (all your trumps among them)." : `${name} is passing three cards…`;
    case "poverty-answer": return mine ? `${who(seating, view.poverty.poor)} ${view.poverty.poor === seating.me ? "have" : "has"} a poverty: take it?` : `${name} is deciding on the poverty…`;
    case "poverty-return": return mine ? "Choose three cards to return." : `${name} is returning three cards…`;
    default: return mine ? "Your turn: play a card." : `${name} is playing…`;
  }
}

function renderCalls(parts, view, ctx) {
  const mine = view.to_act === ctx.seating.me;
  const calls = mine ? view.legal.filter((a) => RESERVATION_LABELS[a] || CALL_LABELS[a]) : [];
  const buttons = calls.map((call) => h("button", {
    type: "button", class: `call call-${call}`, "data-action": call, onclick: () => ctx.onAction(call),
  }, RESERVATION_LABELS[call] || CALL_LABELS[call]));
  if (ctx.exchangeConfirm) buttons.push(ctx.exchangeConfirm);
  const onlyAnnounce = calls.length === 1 && calls[0] === "announce" && !ctx.exchangeConfirm;
  const title = buttons.length && !onlyAnnounce ? h("p", { class: "calls-title" }, turnText(view, ctx)) : null;
  parts.actions.replaceChildren(...(title ? [title] : []), ...buttons);
  parts.actions.hidden = buttons.length === 0;
  parts.actions.classList.toggle("dk-announce-only", onlyAnnounce);
}

// -------------------------------------------------------------------- panels
function isRedeal(view) {
  return view.phase === "deal" && view.played.length < 12 && view.redeals.length > 0;
}

function resultRows(result, ctx) {
  const { seating } = ctx;
  const mineRe = result.re.includes(seating.me);
  const myParty = mineRe ? "re" : "kontra";
  const reNames = result.re.map((s) => who(seating, s)).join(" & ");
  const rows = [h("p", { class: "panel-result dk-result-message" }, dkFormat(result.message, seating))];
  rows.push(h("p", { class: "dk-parties" }, `Re: ${reNames} · you played ${PARTY[myParty]}`));
  rows.push(h("p", { class: "dk-card-points" }, "Card points: Re ", h("b", { class: "dk-points-re" }, result.points.re),
    " : ", h("b", { class: "dk-points-kontra" }, result.points.kontra), " Kontra",
    ` (tricks ${result.tricks.re} : ${result.tricks.kontra})`));
  if (result.breakdown.length) {
    rows.push(h("ul", { class: "dk-breakdown", "aria-label": "Score breakdown" }, result.breakdown.map((item) =>
      h("li", { dataset: { party: item.party } }, dkFormat(item.message, seating)))));
  }
  rows.push(h("p", { class: "dk-hand-scores" }, "This hand: ", seating.seats.map((info, i) =>
    h("span", { class: "dk-hand-score", dataset: { seat: info.seat } }, `${i ? " · " : ""}${who(seating, info.seat)} ${fmtSigned(result.scores[info.seat])}`))));
  return rows;
}

function fmtSigned(n) {
  return n > 0 ? `+${n}` : String(n);
}

function scoreRow(view, ctx, cls) {
  return h("p", { class: `panel-score ${cls}` }, "Match score: ", ctx.seating.seats.map((info, i) =>
    h("span", { class: "dk-final", dataset: { seat: info.seat } }, `${i ? " · " : ""}${who(ctx.seating, info.seat)} `, h("b", {}, view.scores[info.seat]))));
}

function renderPanel(parts, response, ctx) {
  const view = response.view;
  const { seating } = ctx;
  const panel = parts.panel;
  if (view.phase !== "deal" && view.phase !== "over") {
    panel.hidden = true;
    panel.replaceChildren();
    return;
  }
  const rows = [];
  let title, button;
  const result = view.results[view.results.length - 1];
  if (isRedeal(view)) {
    title = "The cards are dealt again";
    rows.push(h("p", { class: "panel-result dk-redeal" }, dkFormat(view.redeals[view.redeals.length - 1], seating)));
    panel.dataset.won = "";
  } else if (result) {
    const mineRe = result.re.includes(seating.me);
    const won = result.winner === null ? null : (result.winner === "re") === mineRe;
    title = `Hand ${result.number} of ${view.hands_per_match}: ${won === null ? "nobody wins" : won ? "your party wins" : "your party loses"}`;
    rows.push(...resultRows(result, ctx));
    panel.dataset.won = won === null ? "" : String(won);
  }
  rows.push(scoreRow(view, ctx, "dk-match-score"));
  if (view.phase === "deal") {
    button = h("button", { type: "button", class: "panel-button continue", onclick: () => ctx.onContinue() }, "Continue");
  } else {
    const winners = response.outcome && response.outcome.winner ? response.outcome.winner : [];
    const won = winners.includes(seating.me);
    title = won ? "You win the match!" : `${winners.map((s) => who(seating, s)).join(" & ")} ${winners.length > 1 ? "win" : "wins"} the match`;
    const summary = h("details", { class: "dk-last-hand" }, h("summary", {}, `Hand ${result ? result.number : ""}`), ...(result ? resultRows(result, ctx) : []));
    rows.unshift(summary);
    rows.push(h("ol", { class: "deal-list dk-hand-list", "aria-label": "Hands" }, view.results.map((r) => {
      const mineRe = r.re.includes(seating.me);
      const won = r.winner === null ? null : (r.winner === "re") === mineRe;
      return h("li", { class: won === null ? "nobody" : won ? "won" : "lost" },
        `Hand ${r.number}: ${won === null ? "nobody won" : won ? "won" : "lost"} (you ${fmtSigned(r.scores[seating.me])})`);
    })));
    button = h("button", { type: "button", class: "panel-button new-match", onclick: () => ctx.onNewMatch() }, "New match");
  }
  panel.dataset.kind = view.phase;
  panel.setAttribute("aria-labelledby", "result-panel-title");
  panel.replaceChildren(h("h2", { class: "panel-title", id: "result-panel-title" }, title), ...rows, h("div", { class: "panel-actions" }, button));
  panel.hidden = false;
}

/** Render a whole Doppelkopf response into the table parts. */
export function renderDoppelkopf(parts, response, ctx) {
  const view = response.view;
  const local = { ...ctx, exchangeConfirm: null };
  parts.felt.dataset.phase = view.phase;
  renderInfo(parts, view, local);
  renderSeats(parts, view, local);
  parts.turn.textContent = turnText(view, local);
  parts.turn.dataset.mine = String(view.to_act === local.seating.me);
  parts.note.textContent = trickExplanation(view, local);
  renderCalls(parts, view, local);
  parts.felt.querySelector(".trick").append(parts.note, parts.actions);
  renderPanel(parts, response, local);
}

/** What the live region says about the move just made. */
export function dkDescribeMove(before, response, ctx) {
  const played = response.played;
  if (!played) return "";
  const view = response.view;
  let text = actionWords(played.action, ctx.seating, played.seat);
  const shown = shownTrick(view);
  if (shown.done && before && before.view.game === "doppelkopf" && view.played.length > before.view.played.length) {
    text += ` ${who(ctx.seating, shown.winnerSeat)} win${shown.winnerSeat === ctx.seating.me ? "" : "s"} the trick. ${trickExplanation(view, ctx)}`;
  }
  return text;
}

/** The live-region line when the match ends. */
export function dkMatchLine(response, ctx) {
  const winners = (response.outcome && response.outcome.winner) || [];
  return winners.includes(ctx.seating.me) ? "You win the match." : `${winners.map((s) => who(ctx.seating, s)).join(" and ")} win${winners.length > 1 ? "" : "s"} the match.`;
}
