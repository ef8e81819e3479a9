// The engine's messages ({key, params, text}) in words for this table: cards
// by name, seats by compass name, teams as "your team"/"the opponents".
// Translations by key; any key not listed falls back to the engine's text.
import { cardName, suitName } from "../cards.js";
import { seatWho } from "./layout.js";

export const ROLE_NAMES = {
  karnoffel: "Karnöffel",
  devil: "Devil",
  pope: "Pope",
  emperor: "Emperor",
  "partial-3": "partial trump",
  "partial-4": "partial trump",
  "partial-5": "partial trump",
};

const RANK_WORDS = { K: "King", O: "Ober", U: "Unter" };
const FRENCH_RANK_WORDS = { K: "King", O: "Queen", U: "Jack" };

const TEMPLATES = {
  win_karnoffel: (p) => `${p.card} wins: the Karnöffel beats every card.`,
  win_devil_led: (p) => `${p.card} wins: the Devil was led, and only the Karnöffel beats a led Devil.`,
  win_pope: (p) => `${p.card} wins: the Pope beats everything except the Karnöffel and a led Devil.`,
  win_emperor: (p) => `${p.card} wins: the Emperor beats everything except the Karnöffel, a led Devil and the Pope.`,
  win_partial_3: (p) => `${p.card} wins: the chosen suit's 3 keeps its power while no King is in the trick.`,
  win_partial_4: (p) => `${p.card} wins: the chosen suit's 4 keeps its power while no King or Ober is in the trick.`,
  win_partial_5: (p) => `${p.card} wins: the chosen suit's 5 keeps its power while no King, Ober or Unter is in the trick.`,
  win_led_suit: (p) => `${p.card} wins: it is the highest card of the suit led (${p.suit}).`,
  win_only_card: (p) => `${p.card} wins: it is the only card in the trick so far.`,
  powerless_king: (p) => `${p.card} has no power: a King is in the trick.`,
  powerless_king_ober: (p) => `${p.card} has no power: a King or an Ober is in the trick.`,
  powerless_king_ober_unter: (p) => `${p.card} has no power: a King, an Ober or an Unter is in the trick.`,
  devil_not_led: (p) => `${p.card} cannot win: the Devil only wins when it is led.`,
  off_suit: (p) => `${p.card} cannot win: it is neither of the suit led nor a trump.`,
  not_your_turn: (p) => `Not your turn: ${p.to_act} ${p.to_act === "You" ? "are" : "is"} to play.`,
  devil_first_lead: (p) => `${p.card} is the Devil: it may not lead the first trick of a deal.`,
  deal_won_tricks: (p) => (p.mine
    ? `Your team wins the deal with three tricks and scores ${p.points}.`
    : `The opponents win the deal with three tricks and score ${p.points}.`),
  deal_won_give_up: (p) => (p.mine
    ? `Your team gave up: the opponents score ${p.points}.`
    : `The opponents gave up: your team scores ${p.points}.`),
};

/** Message params in words. */
function wordParams(params, ctx) {
  const out = { ...params };
  const faces = ctx.faces;
  if (params.card) out.card = cardName(params.card, faces);
  if (params.suit) out.suit = suitName(params.suit, faces);
  if (params.rank) out.rank = (faces === "french" ? FRENCH_RANK_WORDS : RANK_WORDS)[params.rank] || params.rank;
  if (ctx.seating) {
    for (const key of ["seat", "to_act"]) {
      const seat = Number(params[key]);
      if (params[key] !== undefined && ctx.seating.seats[seat]) out[key] = seatWho(ctx.seating, seat, { capital: true });
    }
    if (params.team !== undefined) out.mine = Number(params.team) === ctx.seating.myTeam;
  }
  return out;
}

/** A message in words; falls back to the engine's English text. */
export function formatMessage(message, ctx) {
  if (!message) return "";
  const template = TEMPLATES[message.key];
  if (!template || (message.key.startsWith("deal_") && !ctx.seating)) return message.text || message.key;
  try {
    return template(wordParams(message.params || {}, ctx));
  } catch {
    return message.text || message.key;
  }
}
