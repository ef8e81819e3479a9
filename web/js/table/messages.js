// The engine's messages ({key, params, text}: trick explanations, refusals,
// deal and hand results, score lines) in words, for both games: the catalog
// entry of `key` in the page's language, with the params in words for the
// person at the table and the entry's variant for them:
//
//   params  card / cards, trumps (comma lists) / suit / rank   the game's names (`names`)
//           seat, to_act, bridegroom, poor, dealer             the seat relative to the viewer
//           party, announcement, level, phase                  their own catalog entries
//           date, first                                        formatDate; numbers with Intl
//           a hint's or tutorial's params by their kind (PARAM_KINDS, engine/hints.py)
//           action (a move's notation, maybe quoted)           the game's words for it
//   variant team              -> _us (the viewer's team) or _them
//           the first seat    -> _you when it is the viewer; else _yours when another
//                                seat param is the viewer, else _other
//           (each only when the catalog has that variant; else the plain entry)
//
// A message is a sentence: its first letter is a capital even when it starts
// with a name a language writes in lower case ("rey de bellotas").
// A key no catalog has (the bridge's technical refusals) shows the engine's text.
import { capitalized, formatDate, formatList, has, t } from "../texts.js";
import { seatWho } from "./layout.js";

/** Seat params, the message's subject first. */
const SEAT_PARAMS = ["to_act", "seat", "bridegroom", "poor", "dealer"];
/** Params that name another catalog entry: the prefix of its key. */
const ENTRY_PARAMS = { party: "party.", announcement: "announcement.", level: "announcement.", phase: "" };
const CARD_LISTS = new Set(["cards", "trumps"]);
/**
 * The other params of hints and tutorials that name cards or seats: the
 * engine's PARAM_KINDS (engine/hints.py; tests/test_learn_web.py keeps the two in step).
 */
export const PARAM_KINDS = {
  card: ["card", "partner_card", "keep", "best", "winner", "beaten", "threat", "karnoffel", "devil", "disarmed", "charlie", "other"],
  cards: ["cards", "partner_cards", "high", "trump_cards"],
  seat: ["seat", "to_act"],
};
const CARD_PARAMS = new Set(PARAM_KINDS.card);
for (const name of PARAM_KINDS.cards) CARD_LISTS.add(name);
const DATES = new Set(["date", "first"]);
const NUMBER = /^-?\d+$/;

/** Names when the game's are not known (outside a table): the notation itself. */
const PLAIN_NAMES = { card: String, suit: String, rank: String, action: String };
/** A quoted input as the engine echoes it ('BU') without its quotes. */
const QUOTED = /^'(.*)'$/;

function entryWords(prefix, value) {
  return has(`${prefix}${value}`) ? t(`${prefix}${value}`) : value;
}

function seatWords(seating, value) {
  const seat = Number(value);
  if (!seating || !NUMBER.test(value) || !seating.seats[seat]) return value;
  return seatWho(seating, seat);
}

/** One param in words. */
function paramWords(name, value, ctx, names) {
  const text = String(value);
  if (CARD_PARAMS.has(name)) return names.card(text);
  if (name === "action") return (names.action || String)(text.replace(QUOTED, "$1"));
  if (CARD_LISTS.has(name)) return formatList(text.split(",").filter(Boolean).map((card) => names.card(card)));
  if (name === "suit") return names.suit(text);
  if (name === "rank") return names.rank(text);
  if (name === "action") return names.action ? names.action(text) : text;
  if (SEAT_PARAMS.includes(name)) return seatWords(ctx.seating, text);
  if (name in ENTRY_PARAMS) return entryWords(ENTRY_PARAMS[name], text);
  if (DATES.has(name)) return formatDate(text);
  if (NUMBER.test(text)) return Number(text);
  return text;
}

/** The variant of `key` for the viewer (see the top of this file), or null. */
function variantFor(key, params, seating) {
  if (!seating) return null;
  const candidates = [];
  if (params.team !== undefined && NUMBER.test(String(params.team))) {
    candidates.push(Number(params.team) === seating.myTeam ? "us" : "them");
  } else {
    const seats = SEAT_PARAMS.filter((name) => params[name] !== undefined).map((name) => Number(params[name]));
    if (seats.length) {
      if (seats[0] === seating.me) candidates.push("you");
      else if (seats.includes(seating.me)) candidates.push("yours", "other");
      else candidates.push("other");
    }
  }
  return candidates.find((context) => has(`${key}_${context}`)) || null;
}

/**
 * `message` in words for the viewer. ctx: {seating?} (table/layout.js);
 * names: {card, suit, rank, action?} (notation -> words) of the message's game.
 */
export function formatMessage(message, ctx = {}, names = PLAIN_NAMES) {
  if (!message) return "";
  // (A message with a count may be a plural family: key_one, key_other.)
  const known = message.key && (has(message.key) || has(`${message.key}_other`));
  if (!known) return message.text || message.key || "";
  const params = message.params || {};
  const words = {};
  for (const [name, value] of Object.entries(params)) words[name] = paramWords(name, value, ctx, names);
  return capitalized(t(message.key, words, variantFor(message.key, params, ctx.seating)));
}
