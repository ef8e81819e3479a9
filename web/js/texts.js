// Every text a person reads or hears on the page, in the page's language: one
// catalog per language (locales/<lang>.json, i18next JSON v4, the very files
// the engine reads; English, engine/locales/en.json, is the one source). This
// module picks the language (the one chosen and remembered, else the
// browser's), loads its catalog, keeps <html lang> in step and renders entries:
//
//   t("menu.today")                                   "Today's daily"
//   t("dk.rules.summary_variants", { count: 2 })      the _one/_other form Intl.PluralRules picks
//   t("deal_won_tricks", { points: 2 }, "us")         the _us variant, when the catalog has it
//   nodes("kf.panel.score", { mine: boldNode, ... })  placeholders filled with DOM nodes
//   sentence("table.card.why", { card, reason })      t() with a capital first letter
//   sentences([first, second])                        sentences run together ("" in Chinese)
//
// Placeholders are {{name}} (or {{card:acc}}, see PLACEHOLDER); number params are written with Intl.NumberFormat,
// dates with formatDate, lists with formatList. Before a catalog has arrived
// (or if none can be loaded) a text shows as its key.

export const LANGUAGES = ["en", "de", "es", "zh"];
/** Each language by its own name, as the menu offers it (the same in every language). */
export const LANGUAGE_NAMES = { en: "English", de: "Deutsch", es: "Español", zh: "中文" };
/** The BCP 47 tag of each language: <html lang> and Intl. */
const LOCALES = { en: "en", de: "de", es: "es", zh: "zh-Hans" };
/**
 * How each language writes a daily's date: English keeps the ISO form the
 * daily addresses use (?daily=2026-12-03); the others Intl's medium date.
 */
const DATE_STYLES = { en: null, de: "medium", es: "medium", zh: "medium" };
/** How each language joins a list, where not by its LOCALES tag: English as the British do, with no comma before "and". */
const LIST_LOCALES = { en: "en-GB" };
/**
 * What runs one sentence into the next: a space, except after the Chinese
 * full stop, which carries its own room.
 */
const SENTENCE_GAPS = { en: " ", de: " ", es: " ", zh: "" };
// {{name}}, or {{name:form}}: a card in a grammatical form (engine/i18n.py
// CARD_FORMS), filled from params["name:form"] when given, else params.name.
const PLACEHOLDER = /\{\{(\w+)(?::(\w+))?\}\}/g;
/**
 * Chinese puts a space between a Han character and a Latin letter or a digit
 * ("红心 9 领先", "West 赢了"), the convention of docs/terms/zh.json. The catalog
 * writes its own words so; a filled-in param or a list gets it here, since
 * only the value tells whether it starts or ends with a letter.
 */
const SPACED_SCRIPTS = { zh: true };
const HAN = /[\u3400-\u9fff\uf900-\ufaff]/u;
const LATIN = /[0-9A-Za-z\u00c0-\u024f]/u;

const state = {
  language: "en",
  entries: {},
  numbers: new Intl.NumberFormat("en"),
  plurals: new Intl.PluralRules("en"),
  lists: new Intl.ListFormat(LIST_LOCALES.en, { style: "long", type: "conjunction" }),
  dates: null,
  wanted: 0, // the latest useLanguage() call: an older one arriving late is dropped
  listeners: [],
};

/** The site's language for a remembered choice and the browser's preferences (BCP 47 tags). */
export function pickLanguage(remembered, preferred = []) {
  if (LANGUAGES.includes(remembered)) return remembered;
  for (const tag of preferred || []) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

/** Fetch a language's catalog (relative to this module: works from any sub-path). */
export async function loadCatalog(language) {
  const reply = await fetch(new URL(`../locales/${language}.json`, import.meta.url));
  if (!reply.ok) throw new Error(`locales/${language}.json: HTTP ${reply.status}`);
  return reply.json();
}

/**
 * Make `language` the page's language (its catalog fetched, or `entries`
 * given), set <html lang> and tell every onLanguageChange listener.
 * Resolves to the language used.
 */
export async function useLanguage(language, entries = null) {
  const code = LANGUAGES.includes(language) ? language : "en";
  const ticket = ++state.wanted;
  const catalog = entries || (await loadCatalog(code));
  if (ticket !== state.wanted) return state.language; // a later choice won
  const locale = LOCALES[code];
  Object.assign(state, {
    language: code,
    entries: catalog,
    numbers: new Intl.NumberFormat(locale),
    plurals: new Intl.PluralRules(locale),
    lists: new Intl.ListFormat(LIST_LOCALES[code] || locale, { style: "long", type: "conjunction" }),
    dates: DATE_STYLES[code] ? new Intl.DateTimeFormat(locale, { dateStyle: DATE_STYLES[code], timeZone: "UTC" }) : null,
  });
  document.documentElement.lang = locale;
  for (const listener of state.listeners) {
    try {
      listener(code);
    } catch (error) {
      console.warn("a language listener failed", error);
    }
  }
  return code;
}

/** The page's language at start: the remembered or the browser's, else English. */
export function startLanguage(remembered) {
  const wanted = pickLanguage(remembered, globalThis.navigator ? navigator.languages : []);
  return useLanguage(wanted).catch(() => (wanted === "en" ? "en" : useLanguage("en").catch(() => "en")));
}

/** Call `listener(language)` after every change of language. */
export function onLanguageChange(listener) {
  state.listeners.push(listener);
}

export function currentLanguage() {
  return state.language;
}

/** Whether the catalog has `key` (for values the engine may add later). */
export function has(key) {
  return Object.prototype.hasOwnProperty.call(state.entries, key);
}

/** A number in the language's digits and grouping. */
export function formatNumber(value, options = null) {
  return options ? new Intl.NumberFormat(LOCALES[state.language], options).format(value) : state.numbers.format(value);
}

/** A score with its sign: +3, -2, 0. */
export function formatSigned(value) {
  return formatNumber(value, { signDisplay: "exceptZero" });
}

/** A YYYY-MM-DD date as the language writes it (the calendar date itself, no time zone). */
export function formatDate(iso) {
  const text = String(iso);
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match || !state.dates) return text;
  return state.dates.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))));
}

/** Sentences (empty ones left out) run together as the language writes them. */
export function sentences(texts) {
  return texts.filter(Boolean).join(SENTENCE_GAPS[state.language]);
}

/**
 * `text` with a capital first letter, as a sentence or a label starts: a
 * name that is lower case inside a Spanish sentence ("rey de bellotas")
 * starts it with a capital ("Rey de bellotas: …").
 */
export function capitalized(text) {
  const value = String(text);
  const first = value.codePointAt(0);
  if (first === undefined) return value;
  const head = String.fromCodePoint(first);
  return head.toLocaleUpperCase(LOCALES[state.language]) + value.slice(head.length);
}

/** Whether `a` then `b` (two characters) want a space between them (see SPACED_SCRIPTS). */
function wantsSpace(a, b) {
  return Boolean(SPACED_SCRIPTS[state.language] && a && b && ((HAN.test(a) && LATIN.test(b)) || (LATIN.test(a) && HAN.test(b))));
}

/** `parts` (strings) joined, with a space where a Han character meets a Latin one. */
function joinSpaced(parts) {
  let out = "";
  for (const part of parts) {
    if (part !== "" && wantsSpace(out.slice(-1), part[0])) out += " ";
    out += part;
  }
  return out;
}

/** "A, B and C" in the language's words. */
export function formatList(items) {
  const list = state.lists.formatToParts(items.map(String)).map((part) => part.value);
  return joinSpaced(list);
}

/**
 * The entry to use for `key` (i18next's order): the context variant
 * (`key_context`) before the plain key, each in the plural form that
 * Intl.PluralRules gives for a numeric `count` (then `_other`).
 */
function resolve(key, params, context) {
  const bases = context ? [`${key}_${context}`, key] : [key];
  const counted = typeof params.count === "number";
  for (const base of bases) {
    if (counted) {
      const form = `${base}_${state.plurals.select(params.count)}`;
      if (has(form)) return form;
      if (has(`${base}_other`)) return `${base}_other`;
    }
    if (has(base)) return base;
  }
  return null;
}

function fill(text, params, place) {
  const out = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    out.push(text.slice(last, match.index));
    const name = match[2] && `${match[1]}:${match[2]}` in params ? `${match[1]}:${match[2]}` : match[1];
    out.push(name in params ? place(params[name]) : match[0]);
    last = match.index + match[0].length;
  }
  out.push(text.slice(last));
  return out;
}

function word(value) {
  return typeof value === "number" ? formatNumber(value) : String(value);
}

/** The text of `key` (see resolve) with its {{placeholders}} filled from `params`. */
export function t(key, params = {}, context = null) {
  const chosen = resolve(key, params, context);
  if (chosen === null) return key;
  return joinSpaced(fill(state.entries[chosen], params, word));
}

/** t() as a sentence or a label: its first letter a capital (see capitalized). */
export function sentence(key, params = {}, context = null) {
  return capitalized(t(key, params, context));
}

/** `key`'s plural form for `count` (with {{count}} filled). */
export function plural(key, count, params = {}, context = null) {
  return t(key, { ...params, count }, context);
}

/**
 * The text of `key` as a list of strings and DOM nodes: a placeholder whose
 * param is a Node becomes that node (a sentence with a number in bold stays
 * one text), any other is filled in as text.
 */
export function nodes(key, params = {}, context = null) {
  const chosen = resolve(key, params, context);
  if (chosen === null) return [key];
  const parts = fill(state.entries[chosen], params, (value) => (typeof value === "object" && value !== null ? value : word(value)));
  const out = [];
  for (const part of parts) {
    if (typeof part === "string" && typeof out[out.length - 1] === "string") out[out.length - 1] = joinSpaced([out[out.length - 1], part]);
    else if (part !== "") out.push(part);
  }
  return out;
}

/**
 * Fill the texts of markup painted before any script ran (index.html's
 * skeleton): `data-t="key"` sets the element's text, `data-t-label="key"` its
 * aria-label; `data-t-args="name=key role=key"` fills the label's placeholders
 * with other entries.
 */
export function paintTexts(root = document) {
  for (const el of root.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
  for (const el of root.querySelectorAll("[data-t-label]")) {
    const params = {};
    for (const pair of (el.dataset.tArgs || "").split(/\s+/).filter(Boolean)) {
      const [name, entry] = pair.split("=");
      params[name] = t(entry);
    }
    el.setAttribute("aria-label", t(el.dataset.tLabel, params));
  }
}
