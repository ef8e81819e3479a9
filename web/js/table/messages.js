// The engine's messages ({key, params, text}: trick explanations, refusals,
// deal and hand results, score lines, hints, tutorial steps) in words, for
// both games: the catalog entry of `key` in the page's language, with the
// params in words for the person at the table and the entry's variant for them.
//
// What a param holds is its kind, declared once by the engine
// (engine/i18n.py PARAM_KINDS; the build writes it to js/param-kinds.js):
//
//   card / cards / suit / rank    the game's names (`names`); cards are notations joined by ","
//                                 ({{card:acc}}: the card with its article, names.card(notation, form))
//   seat                          the seat relative to the viewer
//   party / announcement / phase  their own catalog entries (ENTRY_PREFIXES)
//   date                          formatDate; number: Intl; action: the game's words for it
//   variant team              -> _us (the viewer's team) or _them
//           the first seat    -> _you when it is the viewer; else _yours when another
//                                seat param is the viewer, else _other (the seat
//                                params in PARAM_KINDS's order: the subject first)
//           (each only when the catalog has that variant; else the plain entry)
//
// A message is a sentence: its first letter is a capital even when it starts
// with a name a language writes in lower case ("rey de bellotas").
// A key no catalog has (the bridge's technical refusals) shows the engine's text.
import { CARD_FORMS, ENTRY_PREFIXES, PARAM_KINDS } from "../param-kinds.js";
import { capitalized, formatDate, formatList, has, t } from "../texts.js";
import { seatWho } from "./layout.js";

/** The params of a kind, in PARAM_KINDS's order (for seats: the message's subject first). */
const paramsOfKind = (kind) => Object.keys(PARAM_KINDS).filter((name) => PARAM_KINDS[name] === kind);
const SEAT_PARAMS = paramsOfKind("seat");
const TEAM_PARAMS = paramsOfKind("team");
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

/** One param in words, by its kind. */
function paramWords(name, value, ctx, names) {
  const text = String(value);
  const kind = PARAM_KINDS[name];
  if (kind === "card") return names.card(text);
  if (kind === "cards") return formatList(text.split(",").filter(Boolean).map((card) => names.card(card)));
  if (kind === "suit") return names.suit(text);
  if (kind === "rank") return names.rank(text);
  if (kind === "action") return (names.action || String)(text.replace(QUOTED, "$1"));
  if (kind === "seat") return seatWords(ctx.seating, text);
  if (kind in ENTRY_PREFIXES) return entryWords(ENTRY_PREFIXES[kind], text);
  if (kind === "date") return formatDate(text);
  if (NUMBER.test(text) && (kind === "number" || kind === "team" || kind === undefined)) return Number(text);
  return text;
}

/** The variant of `key` for the viewer (see the top of this file), or null. */
function variantFor(key, params, seating) {
  if (!seating) return null;
  const candidates = [];
  const team = TEAM_PARAMS.map((name) => params[name]).find((value) => value !== undefined);
  if (team !== undefined && NUMBER.test(String(team))) {
    candidates.push(Number(team) === seating.myTeam ? "us" : "them");
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
 * A card param `name` in each form a text may ask for, {{name:acc}} (texts.js):
 * `nameCard(card, form)` names it with its article.
 */
export function cardForms(name, card, nameCard) {
  return Object.fromEntries(CARD_FORMS.map((form) => [`${name}:${form}`, nameCard(card, form)]));
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
  for (const [name, value] of Object.entries(params)) {
    words[name] = paramWords(name, value, ctx, names);
    if (PARAM_KINDS[name] === "card") Object.assign(words, cardForms(name, String(value), names.card));
  }
  return capitalized(t(message.key, words, variantFor(message.key, params, ctx.seating)));
}
