// The engine's messages ({key, params, text}: trick explanations, refusals,
// deal and hand results, score lines) in words, for both games: the catalog
// entry of `key` in the page's language, with the params in words for the
// person at the table and the entry's variant for them:
//
//   params  card / cards, trumps (comma lists) / suit / rank   the game's names (`names`)
//           seat, to_act, bridegroom, poor, dealer             the seat relative to the viewer
//           action                                             the game's name of a call (`names.action`)
//           party, announcement, level, phase                  their own catalog entries
//           date, first                                        formatDate; numbers with Intl
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
const DATES = new Set(["date", "first"]);
const NUMBER = /^-?\d+$/;

/** Names when the game's are not known (outside a table): the notation itself. */
const PLAIN_NAMES = { card: String, suit: String, rank: String, action: String };

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
  if (name === "card") return names.card(text);
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
 * names: {card, suit, rank, action?} (notation -> words) of the message's
 * game; `action` names a call and leaves anything else as it is.
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
