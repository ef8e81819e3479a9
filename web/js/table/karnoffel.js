// The Karnöffel table: draws one engine response (the per-seat view) into the
// table parts (table/parts.js). Stateless: everything shown comes from the
// view plus the display context (faces, the move just played for the entry
// animation). No rule logic: legality, winners, which actions are calls
// (view.calls) and explanations are the engine's.
import { cardBackSVG, rankLabel, splitCard, suitSVG } from "../card-art.js";
import { cardFace, cardName, cardNames, rankName, suitName } from "../cards.js";
import { h } from "../dom.js";
import { rulesLink, sectionHref } from "../rules.js";
import { capitalized, formatList, has, nodes, sentence, sentences, t } from "../texts.js";
import { seatLabel, seatWho } from "./layout.js";
import { formatMessage } from "./messages.js";
import { panelWanted, showPanel } from "./panel.js";
import { handButtons, handGroup, otherHandGroup } from "./hand.js";
import { renderSeats } from "./seats.js";
import { shownTrick, trickExplanation } from "./trick.js";

function roleOf(view, card) {
  const special = view.specials.find((s) => s.card === card);
  return special ? special.role : null;
}

/** The partial trumps (the chosen suit's 3, 4, 5) are shown together. */
function isPartial(role) {
  return role.startsWith("partial");
}

/** A special card's role in words ("Devil"). */
function roleName(role) {
  return t(`kf.role.${role}`);
}

/** "Bells Unter (Karnöffel)". */
function cardLabel(view, card, faces, form = "") {
  const role = roleOf(view, card);
  const name = cardName(card, faces, form);
  return role ? t("kf.card.role", { card: name, role: roleName(role) }) : name;
}

/** A move in words: a call's name ("Raise"), else the card's. */
function actionWords(action, faces) {
  return has(`kf.call.${action}`) ? t(`kf.call.${action}`) : cardName(action, faces);
}

/** An engine message in words (table/messages.js) with this table's card names. */
function wordMessage(message, ctx) {
  return formatMessage(message, ctx, { ...cardNames(ctx.faces), action: (action) => actionWords(action, ctx.faces) });
}

// ------------------------------------------------------------------ info bar
function renderInfo(parts, view, ctx) {
  const { seating, faces } = ctx;
  const teams = seating.teams;
  const mine = teams[seating.myTeam], theirs = teams[1 - seating.myTeam];
  const score = h("div", { class: "info-block score", role: "group", "aria-label": t("table.info.match_label") },
    h("span", { class: "info-title" }, t("kf.info.match")),
    h("span", { class: "score-line" },
      h("span", { class: "team team-us", title: mine.long }, `${mine.short} `, h("b", { class: "score-us" }, view.scores[seating.myTeam])),
      h("span", { class: "score-sep" }, " : "),
      h("b", { class: "score-them" }, view.scores[1 - seating.myTeam]),
      h("span", { class: "team team-them", title: theirs.long }, ` ${theirs.short}`)),
    h("span", { class: "info-sub" }, t("kf.info.target", { target: view.target })));
  const tricks = h("div", { class: "info-block tricks", role: "group", "aria-label": t("kf.info.tricks_label") },
    h("span", { class: "info-title" }, t("kf.info.tricks")),
    h("span", { class: "score-line" },
      h("span", { class: "team" }, `${mine.short} `), h("b", { class: "tricks-us" }, view.tricks[seating.myTeam]),
      h("span", { class: "score-sep" }, " : "),
      h("b", { class: "tricks-them" }, view.tricks[1 - seating.myTeam]), h("span", { class: "team" }, ` ${theirs.short}`)),
    h("span", { class: "info-sub" }, view.dealer === null ? "" : t("kf.info.deal", { number: view.deal_number })));
  const blocks = [score, tricks];
  if (view.chosen) {
    const chips = [];
    const partial = [];
    // Each chip links to the rules section of its card (rules.js).
    for (const { card, role } of view.specials) {
      const rank = rankLabel(splitCard(card).rank, faces);
      // A court card by its name ("Unter"), not the letter on its face; a number as its digits.
      const shown = /^\d+$/.test(rank) ? rank : rankName(splitCard(card).rank, faces);
      if (isPartial(role)) partial.push({ rank, role });
      else chips.push(h("li", { class: `special special-${role}`, title: sentence("kf.special.title", { card: cardName(card, faces), role: roleName(role) }) },
        rulesLink(sectionHref(view, role), { class: "special-link" }, h("b", {}, shown), ` ${roleName(role)}`)));
    }
    if (partial.length) {
      const cards = formatList(partial.map(({ rank }) => t("kf.special.partial_card", { suit: suitName(view.chosen, faces), rank })));
      chips.push(h("li", { class: "special special-partial", title: sentence("kf.special.partial_title", { cards }) },
        rulesLink(sectionHref(view, partial[0].role), { class: "special-link" },
          ...nodes("kf.special.partial_chip_plain", { ranks: h("b", {}, partial.map(({ rank }) => rank).join(" ")) }))));
    }
    blocks.push(h("div", { class: "info-block chosen", role: "group", "aria-label": t("kf.info.chosen_label") },
      h("span", { class: "info-title" }, t("kf.info.chosen")),
      h("span", { class: `chosen-suit suit-${view.chosen}`, html: suitSVG(view.chosen, faces, 22) }),
      h("b", { class: "chosen-name" }, capitalized(suitName(view.chosen, faces))),
      h("ul", { class: "specials" }, chips)));
  }
  if (view.bid) blocks.push(renderBid(view, ctx));
  parts.info.replaceChildren(...blocks);
}

function renderBid(view, ctx) {
  const { seating } = ctx;
  const bid = view.bid;
  const side = (index) => (index === seating.myTeam ? "us" : "them");
  // Each text has its _us / _them form ("We pass", "They pass"): the side is part of the sentence.
  const said = (key, index, params = {}) => t(key, { ...params, team: t(`seat.team.${side(index)}`) }, side(index));
  const log = bid.log.slice(-4).map((entry) => h("li", {}, said(`kf.bid.log.${entry.call}`, entry.team)));
  let state = "";
  if (view.phase === "bid" && bid.step) {
    if (bid.step === "window") state = said("kf.bid.window", bid.team);
    else if (bid.offered !== null) state = said("kf.bid.answer", bid.team, { offered: bid.offered });
  }
  return h("div", { class: "info-block bid", role: "group", "aria-label": t("kf.bid.label") },
    h("span", { class: "info-title" }, t("kf.bid.title")),
    h("span", { class: "score-line" }, ...(bid.offered !== null && bid.offered !== undefined
      ? nodes("kf.bid.value_offered", { value: h("b", { class: "bid-value" }, bid.value), offered: h("span", { class: "bid-offered" }, t("kf.bid.offered", { offered: bid.offered })) })
      : [h("b", { class: "bid-value" }, bid.value)])),
    h("span", { class: "info-sub bid-state" }, state),
    log.length ? h("ul", { class: "bid-log", "aria-label": t("kf.bid.log_label") }, log) : null);
}

// --------------------------------------------------------------------- seats
function seatTags(view, info) {
  const tags = [];
  if (view.dealer === info.seat) tags.push(h("span", { class: "tag tag-dealer", title: t("table.tag.dealer") }, t("table.tag.dealer")));
  if (view.to_act === info.seat) tags.push(h("span", { class: "tag tag-turn" }, t(info.role === "you" ? "table.tag.your_turn" : "kf.tag.to_play")));
  const shows = view.shows.filter((s) => s.seat === info.seat);
  const lastShow = shows[shows.length - 1];
  if (lastShow && lastShow.showed) tags.push(h("span", { class: "tag tag-show" }, t("kf.tag.showed")));
  else if (lastShow) tags.push(h("span", { class: "tag tag-noshow" }, t("kf.tag.no_show")));
  // Why the partner's cards lie open (classic rules: partners see each other's hands).
  const hand = view.hands[info.seat];
  if (info.role === "partner" && !lastShow && hand.count > 0 && hand.known.length === hand.count) {
    tags.push(h("span", { class: "seat-note" }, t("kf.seat.partner_open")));
  }
  return tags;
}

function otherHand(view, info, ctx) {
  const { faces } = ctx;
  const hand = view.hands[info.seat];
  const known = hand.known; // in display order (the engine's)
  const faceUp = view.face_up[info.seat];
  const cards = [];
  for (let i = known.length; i < hand.count; i++) {
    cards.push(h("span", { class: "card card-small back", "aria-hidden": "true", html: cardBackSVG() }));
  }
  // Known cards last, so the face-up card is never covered by the backs.
  cards.push(...known.map((card) => {
    const isUp = card === faceUp;
    const role = roleOf(view, card);
    const label = cardLabel(view, card, faces);
    return h("span", {
      class: `card card-small${isUp ? " face-up" : ""}${role ? " special" : ""}`,
      "data-face-up": isUp ? t("kf.card.face_up_badge") : null,
      role: "img",
      "aria-label": isUp ? sentence("kf.card.face_up_label", { card: label }) : capitalized(label),
      title: isUp ? sentence("kf.card.face_up_label", { card: label }) : capitalized(label),
      "data-card": card,
      html: cardFace(card, faces),
    });
  }));
  // The number of cards matters when some are hidden.
  return otherHandGroup(hand.count, cards, known.length < hand.count || hand.count === 0);
}

function myHand(view, info, ctx) {
  const { faces } = ctx;
  const faceUp = view.face_up[info.seat];
  const buttons = handButtons(view, view.hands[info.seat].known, ctx, (card) => {
    const reason = view.hand_reasons[card];
    const role = roleOf(view, card);
    const short = role && (isPartial(role) ? t("kf.special.partial") : roleName(role));
    return {
      label: cardLabel(view, card, faces),
      reason: reason ? wordMessage(reason, ctx) : "",
      reasonNamesCard: Boolean(reason && reason.params && reason.params.card === card),
      // The face-up badge at the top, the role's at the bottom: both show.
      face: cardFace(card, faces) + (role ? `<span class="card-role" aria-hidden="true">${short}</span>` : "")
        + (card === faceUp ? `<span class="card-up" aria-hidden="true">${t("kf.card.face_up_badge")}</span>` : ""),
      classes: `${role ? " special" : ""}${card === faceUp ? " face-up" : ""}`,
    };
  });
  return handGroup(buttons, "hand hand-mine");
}

function renderFelt(parts, view, ctx) {
  const { seating, faces } = ctx;
  renderSeats(parts, view, ctx, {
    seat: (info) => ({
      label: seatLabel(info),
      role: t(`seat.role.${info.role}`),
      tags: seatTags(view, info),
      hand: info.role === "you" ? myHand(view, info, ctx) : otherHand(view, info, ctx),
    }),
    trick: {
      label: (card) => cardLabel(view, card, faces),
      face: (card) => cardFace(card, faces),
      doneCaption: (shown) => t("kf.trick.caption_done", { who: seatWho(seating, shown.winnerSeat, { capital: true }) }),
    },
  });
}

/** The explanation under the trick. */
function explanation(view, ctx) {
  return trickExplanation(view, (message) => wordMessage(message, ctx));
}

// --------------------------------------------------------------- turn, calls
function turnText(view, ctx) {
  const { seating } = ctx;
  if (view.phase === "over") return t("table.turn.over");
  if (view.phase === "deal") return t("kf.turn.deal_over");
  if (view.to_act === null || view.to_act === undefined) return "";
  if (view.to_act === seating.me) {
    if (view.phase === "play") return t(view.legal.length ? "table.turn.play" : "table.turn.yours");
    if (view.phase === "show") return t("kf.turn.show");
    if (view.phase === "bid") {
      const bid = view.bid;
      if (bid && bid.step === "window") return t("kf.turn.bid_window", { value: bid.value });
      if (bid && bid.offered !== null && bid.offered !== undefined) return t("kf.turn.bid_offer", { offered: bid.offered });
      return t("kf.turn.bid");
    }
    return t("table.turn.yours");
  }
  const who = seating.seats[view.to_act].name;
  if (view.phase === "bid") return t("kf.turn.other_bid", { who });
  if (view.phase === "show") return t("kf.turn.other_show", { who });
  return t("table.turn.other_play", { who });
}

/** A call's button text, with what it means now (the bid's numbers): one catalog entry each. */
function callText(call, bid) {
  if (call === "accept" && bid && bid.offered !== null) return t("kf.call.accept_offered", { offered: bid.offered });
  if (call === "give-up" && bid) return t("kf.call.give-up_value", { value: bid.value });
  return t(`kf.call.${call}`);
}

function renderCalls(parts, view, ctx) {
  const calls = view.to_act === ctx.seating.me ? view.calls : [];
  const buttons = calls.map((call) => h("button", {
    type: "button", class: `call call-${call}`, "data-action": call, onclick: () => ctx.onAction(call),
  }, callText(call, view.bid)));
  const title = buttons.length ? h("p", { class: "calls-title" }, turnText(view, ctx)) : null;
  parts.actions.replaceChildren(...(title ? [title] : []), ...buttons);
  parts.actions.hidden = buttons.length === 0;
}

// -------------------------------------------------------------------- panels
function renderPanel(parts, response, ctx) {
  const view = response.view;
  const { seating } = ctx;
  const panel = parts.panel;
  if (!panelWanted(panel, view)) return;
  const mineIdx = seating.myTeam, theirIdx = 1 - seating.myTeam;
  const us = seating.teams[mineIdx].short, them = seating.teams[theirIdx].short;
  const result = view.results[view.results.length - 1];
  const rows = [];
  if (result) {
    const won = result.winner === mineIdx;
    rows.push(h("p", { class: "panel-result" }, wordMessage(result.message, ctx)));
    if (!result.given_up) {
      rows.push(h("p", {}, t("kf.panel.tricks", { us, mine: result.tricks[mineIdx], theirs: result.tricks[theirIdx], them })));
    }
    const lastTrick = view.played.length ? explanation(view, ctx) : "";
    if (lastTrick) rows.push(h("p", { class: "panel-explain" }, t("kf.panel.last_trick", { explanation: lastTrick })));
    panel.dataset.won = String(won);
  }
  rows.push(h("p", { class: "panel-score" }, nodes("kf.panel.score", {
    us,
    mine: h("b", { class: "final-us" }, view.scores[mineIdx]),
    theirs: h("b", { class: "final-them" }, view.scores[theirIdx]),
    them,
    target: view.target,
  })));
  let title;
  if (view.phase === "deal") {
    const won = result && result.winner === mineIdx;
    title = t(won ? "kf.panel.deal_won" : "kf.panel.deal_lost", { number: result ? result.number : "" });
  } else {
    const won = view.match_winner === mineIdx;
    title = t(won ? "kf.panel.match_won" : "kf.panel.match_lost");
    rows.push(h("ol", { class: "deal-list", "aria-label": t("kf.panel.deals") }, view.results.map((r) =>
      h("li", { class: r.winner === mineIdx ? "won" : "lost" },
        t(r.winner === mineIdx ? "kf.panel.deal_item_won" : "kf.panel.deal_item_lost", { number: r.number, points: r.points })))));
  }
  showPanel(panel, view, ctx, title, rows);
}

/** Render a whole response into the table parts. */
function render(parts, response, ctx) {
  const view = response.view;
  parts.felt.dataset.phase = view.phase;
  renderInfo(parts, view, ctx);
  renderFelt(parts, view, ctx);
  parts.turn.textContent = turnText(view, ctx);
  parts.turn.dataset.mine = String(view.to_act === ctx.seating.me);
  parts.note.textContent = explanation(view, ctx);
  parts.note.title = parts.note.textContent;
  renderCalls(parts, view, ctx);
  // The calls sit in the middle of the table, where the trick will be.
  parts.felt.querySelector(".trick").append(parts.note, parts.actions);
  renderPanel(parts, response, ctx);
}

/** What the live region says about a move just made (response.played). */
function describeMove(before, response, ctx) {
  const played = response.played;
  const view = response.view;
  if (!played) return "";
  const mine = played.seat === ctx.seating.me;
  const who = seatWho(ctx.seating, played.seat, { capital: true });
  if (played.kind !== "card") return t(`kf.move.${played.action}`, { who }, mine ? "you" : null);
  let text = t("table.move.card", { who, card: cardLabel(view, played.action, ctx.faces) }, mine ? "you" : null);
  const shown = shownTrick(view);
  if (shown.done && before && view.played.length > before.view.played.length) {
    const winner = shown.winnerSeat === ctx.seating.me;
    const params = { who: seatWho(ctx.seating, shown.winnerSeat, { capital: true }), explanation: explanation(view, ctx) };
    text = sentences([text, t("table.move.trick_won", params, winner ? "you" : null)]);
  }
  return text;
}

/** The live-region line when the match ends. */
function matchLine(response, ctx) {
  return t(response.view.match_winner === ctx.seating.myTeam ? "table.match_line_won" : "kf.match_line_lost");
}

/** The Karnöffel table (the same interface as table/doppelkopf.js). */
export const karnoffelTable = {
  render,
  actionWords: (view, action, faces) => actionWords(action, faces),
  /** A card for "How to play": its face and its name (with its role, for a special card). */
  helpPicture: (notation, faces, role = null) => ({
    face: cardFace(notation, faces),
    label: role ? t("kf.card.role", { card: cardName(notation, faces), role: roleName(role) }) : cardName(notation, faces),
  }),
  describeMove,
  cardLabel,
  formatMessage: wordMessage,
  matchLine,
};
