// Draws the table from one engine response (the per-seat view). Stateless:
// everything shown comes from the view plus the display context (faces, the
// move just played for the entry animation). No rule logic: legality, winners
// and explanations are the engine's.
import { cardBackSVG, cardName, cardSVG, rankLabel, splitCard, suitName, suitSVG } from "../cards.js";
import { h } from "./dom.js";
import { seatLabel, seatWho } from "./layout.js";
import { formatMessage, ROLE_NAMES } from "./messages.js";
import { dkCardName, dkDescribeMove, renderDoppelkopf } from "./doppelkopf.js";

const SUIT_ORDER = { A: 0, L: 1, H: 2, B: 3 };
const RANK_ORDER = ["K", "O", "U", "10", "9", "8", "7", "6", "5", "4", "3", "2"];

/** Display order of a hand (grouped by suit, high to low). */
export function sortHand(cards) {
  return [...cards].sort((a, b) => {
    const x = splitCard(a), y = splitCard(b);
    return (SUIT_ORDER[x.suit] - SUIT_ORDER[y.suit]) || (RANK_ORDER.indexOf(x.rank) - RANK_ORDER.indexOf(y.rank));
  });
}

/** Labels for the non-card actions of the historic rules. */
export const CALL_LABELS = {
  pass: "Pass",
  raise: "Raise",
  accept: "Accept",
  counter: "Counter-raise",
  "give-up": "Give up",
  show: "Show my hand to my partner",
  "no-show": "Keep my hand hidden",
};

const CALL_WORDS = {
  pass: "passes", raise: "raises", accept: "accepts", counter: "counter-raises", "give-up": "gives up",
};

export function roleOf(view, card) {
  const special = view.specials.find((s) => s.card === card);
  return special ? special.role : null;
}

/** "Bells Unter (Karnöffel)". */
export function cardLabel(view, card, faces) {
  if (view.game === "doppelkopf") return dkCardName(card);
  const role = roleOf(view, card);
  return role ? `${cardName(card, faces)} (${ROLE_NAMES[role]})` : cardName(card, faces);
}

function cardFace(card, faces) {
  return cardSVG(card, faces);
}

/** The skeleton every render fills in (built once per root). */
export function buildTable(root) {
  root.replaceChildren();
  const parts = {
    info: h("section", { class: "table-info", "aria-label": "Score and chosen suit" }),
    felt: h("div", { class: "felt" }),
    note: h("p", { class: "trick-note" }),
    turn: h("p", { class: "turn-line" }),
    actions: h("div", { class: "calls", role: "group", "aria-label": "Your call" }),
    hint: h("p", { class: "hand-hint", "aria-live": "polite" }),
    error: h("div", { class: "table-error", role: "alert", hidden: true }),
    panel: h("div", { class: "result-panel", role: "dialog", "aria-modal": "false", hidden: true }),
    live: h("div", { class: "sr-only", "aria-live": "polite", "aria-atomic": "false" }),
  };
  root.classList.add("table", "table-live");
  root.append(parts.info, parts.felt, parts.turn, parts.actions, parts.hint, parts.note, parts.error, parts.panel, parts.live);
  return parts;
}

// ------------------------------------------------------------------ info bar
function renderInfo(parts, view, ctx) {
  const { seating, faces } = ctx;
  const teams = seating.teams;
  const mine = teams[seating.myTeam], theirs = teams[1 - seating.myTeam];
  const score = h("div", { class: "info-block score", "aria-label": "Match score" },
    h("span", { class: "info-title" }, "Match"),
    h("span", { class: "score-line" },
      h("span", { class: "team team-us", title: mine.long }, `${mine.short} `, h("b", { class: "score-us" }, view.scores[seating.myTeam])),
      h("span", { class: "score-sep" }, " : "),
      h("b", { class: "score-them" }, view.scores[1 - seating.myTeam]),
      h("span", { class: "team team-them", title: theirs.long }, ` ${theirs.short}`)),
    h("span", { class: "info-sub" }, `to ${view.target}`));
  const tricks = h("div", { class: "info-block tricks", "aria-label": "Tricks this deal" },
    h("span", { class: "info-title" }, "Tricks"),
    h("span", { class: "score-line" },
      h("span", { class: "team" }, `${mine.short} `), h("b", { class: "tricks-us" }, view.tricks[seating.myTeam]),
      h("span", { class: "score-sep" }, " : "),
      h("b", { class: "tricks-them" }, view.tricks[1 - seating.myTeam]), h("span", { class: "team" }, ` ${theirs.short}`)),
    h("span", { class: "info-sub" }, view.dealer === null ? "" : `deal ${view.deal_number}`));
  const blocks = [score, tricks];
  if (view.chosen) {
    const chips = [];
    const partial = [];
    for (const { card, role } of view.specials) {
      const rank = rankLabel(splitCard(card).rank, faces);
      if (role.startsWith("partial")) partial.push(rank);
      else chips.push(h("li", { class: `special special-${role}`, title: `${cardName(card, faces)}: ${ROLE_NAMES[role]}` },
        h("b", {}, rank), ` ${ROLE_NAMES[role]}`));
    }
    if (partial.length) {
      chips.push(h("li", { class: "special special-partial", title: `${partial.map((r) => `${suitName(view.chosen, faces)} ${r}`).join(", ")}: partial trumps` },
        h("b", {}, partial.join(" ")), " partial"));
    }
    blocks.push(h("div", { class: "info-block chosen", "aria-label": "Chosen suit and its special cards" },
      h("span", { class: "info-title" }, "Chosen suit"),
      h("span", { class: `chosen-suit suit-${view.chosen}`, html: suitSVG(view.chosen, faces, 22) }),
      h("b", { class: "chosen-name" }, suitName(view.chosen, faces)),
      h("ul", { class: "specials" }, chips)));
  }
  if (view.bid) blocks.push(renderBid(view, ctx));
  parts.info.replaceChildren(...blocks);
}

function renderBid(view, ctx) {
  const { seating } = ctx;
  const bid = view.bid;
  const teamWord = (t) => (t === seating.myTeam ? "Us" : "Them");
  const log = bid.log.slice(-4).map(({ team, call }) => h("li", {}, `${teamWord(team)} ${CALL_WORDS[call] || call}`));
  let state = "";
  if (view.phase === "bid" && bid.step) {
    if (bid.step === "window") state = `${teamWord(bid.team)}: pass or raise`;
    else if (bid.offered !== null) state = `${teamWord(bid.team)} to answer ${bid.offered}`;
  }
  return h("div", { class: "info-block bid", "aria-label": "Bidding" },
    h("span", { class: "info-title" }, "Value"),
    h("span", { class: "score-line" }, h("b", { class: "bid-value" }, bid.value),
      bid.offered !== null && bid.offered !== undefined ? h("span", { class: "bid-offered" }, ` (offered ${bid.offered})`) : null),
    h("span", { class: "info-sub bid-state" }, state),
    log.length ? h("ul", { class: "bid-log", "aria-label": "Last calls" }, log) : null);
}

// --------------------------------------------------------------------- seats
function seatTags(view, info, ctx) {
  const tags = [];
  if (view.dealer === info.seat) tags.push(h("span", { class: "tag tag-dealer", title: "Dealer" }, "Dealer"));
  if (view.to_act === info.seat) tags.push(h("span", { class: "tag tag-turn" }, info.role === "you" ? "your turn" : "to play"));
  const shows = view.shows.filter((s) => s.seat === info.seat);
  const lastShow = shows[shows.length - 1];
  if (lastShow && lastShow.showed) tags.push(h("span", { class: "tag tag-show" }, "showed"));
  else if (lastShow) tags.push(h("span", { class: "tag tag-noshow" }, "no show"));
  return tags;
}

function otherHand(view, info, ctx) {
  const { faces } = ctx;
  const hand = view.hands[info.seat];
  const known = sortHand(hand.known);
  const faceUp = view.face_up[info.seat];
  const cards = [];
  for (let i = known.length; i < hand.count; i++) {
    cards.push(h("span", { class: "card card-small back", "aria-hidden": "true", html: cardBackSVG() }));
  }
  // Known cards last, so the face-up card is never covered by the backs.
  cards.push(...known.map((card) => {
    const isUp = card === faceUp;
    const role = roleOf(view, card);
    return h("span", {
      class: `card card-small${isUp ? " face-up" : ""}${role ? " special" : ""}`,
      role: "img",
      "aria-label": cardLabel(view, card, faces) + (isUp ? ", dealt face up" : ""),
      title: cardLabel(view, card, faces) + (isUp ? " (dealt face up)" : ""),
      "data-card": card,
      html: cardFace(card, faces),
    });
  }));
  // The number of cards matters when some are hidden.
  const count = known.length < hand.count || hand.count === 0
    ? h("span", { class: "count", title: `${hand.count} cards` }, `${hand.count}`) : null;
  return h("div", { class: "hand hand-other", role: "group", "aria-label": `${hand.count} card${hand.count === 1 ? "" : "s"}`, dataset: { count: hand.count } }, cards, count);
}

function myHand(view, info, ctx) {
  const { faces, focusCard } = ctx;
  const hand = sortHand(view.hands[info.seat].known);
  const legal = new Set(view.legal);
  const faceUp = view.face_up[info.seat];
  const buttons = hand.map((card, index) => {
    const isLegal = legal.has(card);
    const reason = view.hand_reasons[card];
    const reasonText = reason ? formatMessage(reason, ctx) : "";
    const role = roleOf(view, card);
    const label = cardLabel(view, card, faces);
    return h("button", {
      type: "button",
      class: `card card-mine${isLegal ? " legal" : " illegal"}${role ? " special" : ""}${card === faceUp ? " face-up" : ""}`,
      "data-card": card,
      "aria-label": label,
      "aria-disabled": isLegal ? "false" : "true",
      title: isLegal ? `Play ${label}` : `${label}: ${reasonText}`,
      "data-reason": reasonText || null,
      tabindex: "-1",
      dataset: { index },
      html: cardFace(card, faces) + (role ? `<span class="card-role" aria-hidden="true">${ROLE_NAMES[role].replace("partial trump", "partial")}</span>` : ""),
    });
  });
  // Roving tabindex: the focused card, else the first playable one, else the first.
  const target = buttons.find((b) => b.dataset.card === focusCard)
    || buttons.find((b) => b.classList.contains("legal")) || buttons[0];
  if (target) target.tabIndex = 0;
  const group = h("div", { class: "hand hand-mine", role: "group", "aria-label": "Your hand" }, buttons);
  if (!buttons.length) group.append(h("span", { class: "empty-hand" }, "No cards left"));
  return group;
}

function renderSeats(parts, view, ctx) {
  const { seating } = ctx;
  const felt = parts.felt;
  felt.dataset.players = String(view.players);
  const seats = seating.seats.map((info) => {
    const mine = info.role === "you";
    const section = h("section", {
      class: `seat seat-${info.cls} role-${info.role}${view.to_act === info.seat ? " to-act" : ""}`,
      "data-seat": info.seat,
      "data-pos": info.pos,
      "aria-label": seatLabel(info),
    },
    h("h2", { class: "seat-label" },
      h("span", { class: "seat-name" }, info.name), " ",
      h("span", { class: "seat-role" }, info.role), " ",
      ...seatTags(view, info, ctx)),
    mine ? myHand(view, info, ctx) : otherHand(view, info, ctx));
    return section;
  });
  felt.replaceChildren(...seats, renderTrick(view, ctx));
}

// --------------------------------------------------------------------- trick
/** The trick on the table: the current one, or the last completed one while none is started. */
export function shownTrick(view) {
  const trick = view.trick;
  if (trick.cards.length || !view.played.length) {
    return { done: false, cards: trick.cards, winnerSeat: trick.winning ? trick.winning.seat : null, leader: trick.leader };
  }
  const last = view.played[view.played.length - 1];
  return { done: true, cards: last.cards, winnerSeat: last.winner, leader: last.leader, last };
}

function renderTrick(view, ctx) {
  const { seating, faces, entered } = ctx;
  const shown = shownTrick(view);
  const cards = shown.cards.map(({ seat, card }, order) => {
    const info = seating.seats[seat];
    const winning = seat === shown.winnerSeat;
    const who = seatWho(seating, seat, { capital: true });
    const el = h("div", {
      class: `trick-card pos-${info.pos}${winning ? " winning" : ""}`,
      role: "img",
      "data-seat": seat,
      "data-card": card,
      "aria-label": `${who}: ${cardLabel(view, card, faces)}${winning ? (shown.done ? ", won the trick" : ", winning") : ""}`,
      html: cardFace(card, faces),
    }, h("span", { class: "trick-who", "aria-hidden": "true" }, who));
    el.style.setProperty("--order", String(order));
    if (entered && entered.seat === seat && entered.card === card) el.classList.add("enter");
    return el;
  });
  let caption = "";
  if (shown.done) caption = `Last trick: ${seatWho(seating, shown.winnerSeat, { capital: true })} won`;
  else if (shown.winnerSeat !== null && shown.cards.length) caption = `Winning: ${seatWho(seating, shown.winnerSeat, { capital: true })}`;
  else if (view.phase === "play" && shown.leader !== null && shown.leader !== undefined) caption = `${seatWho(seating, shown.leader, { capital: true })} to lead`;
  const label = shown.done ? "Last trick" : "Current trick";
  return h("section", { class: `trick${shown.done ? " done" : ""}`, "aria-label": label, dataset: { players: view.players } },
    h("div", { class: "trick-grid" }, cards),
    h("p", { class: "trick-caption" }, caption));
}

/** The explanation under the trick. */
export function trickExplanation(view, ctx) {
  const shown = shownTrick(view);
  if (shown.done) {
    const notes = (shown.last.notes || []).map((n) => formatMessage(n, ctx));
    return [formatMessage(shown.last.reason, ctx), ...notes].filter(Boolean).join(" ");
  }
  if (view.trick.winning) return formatMessage(view.trick.winning.reason, ctx);
  return "";
}

// --------------------------------------------------------------- turn, calls
function turnText(view, ctx) {
  const { seating } = ctx;
  if (view.phase === "over") return "The match is over.";
  if (view.phase === "deal") return "The deal is over.";
  if (view.to_act === null || view.to_act === undefined) return "";
  if (view.to_act === seating.me) {
    if (view.phase === "play") return view.legal.length ? "Your turn: play a card." : "Your turn.";
    if (view.phase === "show") return "Your turn: show your hand to your partner, or keep it hidden?";
    if (view.phase === "bid") {
      const bid = view.bid;
      if (bid && bid.step === "window") return `Your team's call: pass, or raise the deal value ${bid.value}?`;
      if (bid && bid.offered !== null && bid.offered !== undefined) return `Your team's call: the others offer ${bid.offered}.`;
      return "Your team's call.";
    }
    return "Your turn.";
  }
  const who = seating.seats[view.to_act].name;
  if (view.phase === "bid") return `${who} is deciding on the bid…`;
  if (view.phase === "show") return `${who} is deciding whether to show…`;
  return `${who} is playing…`;
}

function renderCalls(parts, view, ctx) {
  const calls = view.to_act === ctx.seating.me ? view.legal.filter((a) => CALL_LABELS[a]) : [];
  const bid = view.bid;
  const buttons = calls.map((call) => {
    let detail = "";
    if (call === "accept" && bid && bid.offered !== null) detail = ` (value ${bid.offered})`;
    if (call === "give-up" && bid) detail = ` (they score ${bid.value})`;
    return h("button", { type: "button", class: `call call-${call}`, "data-action": call, onclick: () => ctx.onAction(call) },
      CALL_LABELS[call] + detail);
  });
  const title = buttons.length ? h("p", { class: "calls-title" }, turnText(view, ctx)) : null;
  parts.actions.replaceChildren(...(title ? [title] : []), ...buttons);
  parts.actions.hidden = buttons.length === 0;
}

// -------------------------------------------------------------------- panels
function renderPanel(parts, response, ctx) {
  const view = response.view;
  const { seating } = ctx;
  const panel = parts.panel;
  if (view.phase !== "deal" && view.phase !== "over") {
    panel.hidden = true;
    panel.replaceChildren();
    return;
  }
  const mineIdx = seating.myTeam, theirIdx = 1 - seating.myTeam;
  const result = view.results[view.results.length - 1];
  const rows = [];
  if (result) {
    const won = result.winner === mineIdx;
    rows.push(h("p", { class: "panel-result" }, formatMessage(result.message, ctx)));
    if (!result.given_up) {
      rows.push(h("p", {}, `Tricks: ${seating.teams[mineIdx].short} ${result.tricks[mineIdx]} : ${result.tricks[theirIdx]} ${seating.teams[theirIdx].short}`));
    }
    const explanation = view.played.length ? trickExplanation(view, ctx) : "";
    if (explanation) rows.push(h("p", { class: "panel-explain" }, `Last trick: ${explanation}`));
    panel.dataset.won = String(won);
  }
  rows.push(h("p", { class: "panel-score" }, `Match score: ${seating.teams[mineIdx].short} `,
    h("b", { class: "final-us" }, view.scores[mineIdx]), " : ", h("b", { class: "final-them" }, view.scores[theirIdx]),
    ` ${seating.teams[theirIdx].short} (first to ${view.target})`));
  let title, button;
  if (view.phase === "deal") {
    const won = result && result.winner === mineIdx;
    title = `Deal ${result ? result.number : ""}: ${won ? "your team wins" : "the opponents win"}`;
    button = h("button", { type: "button", class: "panel-button continue", onclick: () => ctx.onContinue() }, "Continue");
  } else {
    const won = view.match_winner === mineIdx;
    title = won ? "You win the match!" : "The opponents win the match";
    rows.push(h("ol", { class: "deal-list", "aria-label": "Deals" }, view.results.map((r) =>
      h("li", { class: r.winner === mineIdx ? "won" : "lost" },
        `Deal ${r.number}: ${r.winner === mineIdx ? "won" : "lost"} (${r.points})`))));
    button = h("button", { type: "button", class: "panel-button new-match", onclick: () => ctx.onNewMatch() }, "New match");
  }
  panel.dataset.kind = view.phase;
  const titleEl = h("h2", { class: "panel-title", id: "result-panel-title" }, title);
  panel.setAttribute("aria-labelledby", "result-panel-title");
  panel.replaceChildren(titleEl, ...rows, h("div", { class: "panel-actions" }, button));
  panel.hidden = false;
}

/** Render a whole response into the table parts. */
export function renderTable(parts, response, ctx) {
  const view = response.view;
  parts.felt.dataset.game = view.game || "karnoffel";
  if (view.game === "doppelkopf") return renderDoppelkopf(parts, response, ctx);
  parts.felt.dataset.phase = view.phase;
  renderInfo(parts, view, ctx);
  renderSeats(parts, view, ctx);
  parts.turn.textContent = turnText(view, ctx);
  parts.turn.dataset.mine = String(view.to_act === ctx.seating.me);
  parts.note.textContent = trickExplanation(view, ctx);
  parts.note.title = parts.note.textContent;
  renderCalls(parts, view, ctx);
  // The calls sit in the middle of the table, where the trick will be.
  parts.felt.querySelector(".trick").append(parts.note, parts.actions);
  renderPanel(parts, response, ctx);
}

/** What the live region says about a move just made (response.played). */
export function describeMove(before, response, ctx) {
  const played = response.played;
  const view = response.view;
  if (!played) return "";
  if (view.game === "doppelkopf") return dkDescribeMove(before, response, ctx);
  const who = seatWho(ctx.seating, played.seat, { capital: true });
  const verb = played.seat === ctx.seating.me ? "" : "s";
  let text;
  if (CALL_LABELS[played.action]) {
    if (played.action === "show") text = `${who} show${verb} ${played.seat === ctx.seating.me ? "your" : "their"} hand to the partner.`;
    else if (played.action === "no-show") text = `${who} do${verb ? "es" : ""} not show.`;
    else text = `${who} ${played.seat === ctx.seating.me ? (CALL_LABELS[played.action] || played.action).toLowerCase() : CALL_WORDS[played.action] || played.action}.`;
  } else {
    text = `${who} play${verb} ${cardLabel(view, played.action, ctx.faces)}.`;
    const shown = shownTrick(view);
    if (shown.done && before && view.played.length > before.view.played.length) {
      text += ` ${seatWho(ctx.seating, shown.winnerSeat, { capital: true })} win${shown.winnerSeat === ctx.seating.me ? "" : "s"} the trick. ${trickExplanation(view, ctx)}`;
    }
  }
  return text;
}
