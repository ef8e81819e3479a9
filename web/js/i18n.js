// The page's languages: one catalog per language (locales/<lang>.json, i18next
// JSON v4, the same files the engine reads), which language is used (the
// browser's, else the one chosen in the menu and remembered) and <html lang>.
//
//   await useLanguage(pickLanguage(remembered, navigator.languages));
//   t("menu.today")                          -> "Today's daily"
//   t("stats.deals_won", { count: 3 })       -> key "stats.deals_won_other", 3 in Intl
//   t("deal_won_tricks", { points: 1 }, "us") -> the "_us" variant when the catalog has it
//
// Placeholders are {{name}}. Numbers are formatted with Intl.NumberFormat and
// plurals chosen with Intl.PluralRules of the language; dates with formatDate().

export const LANGUAGES = ["en", "de", "es", "zh"];
/** What <html lang> says for each language. */
const HTML_LANG = { en: "en", de: "de", es: "es", zh: "zh-Hans" };
const PLACEHOLDER = /\{\{(\w+)\}\}/g;

const state = {
  language: "en",
  entries: {},
  numbers: new Intl.NumberFormat("en"),
  plurals: new Intl.PluralRules("en"),
};

/** The site's language for a remembered choice and the browser's list (BCP 47 tags). */
export function pickLanguage(remembered, preferred = []) {
  if (LANGUAGES.includes(remembered)) return remembered;
  for (const tag of preferred) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

/** Fetch a language's catalog (relative to this module: works from any sub-path). */
export async function loadCatalog(language) {
  const url = new URL(`../locales/${language}.json`, import.meta.url);
  const reply = await fetch(url);
  if (!reply.ok) throw new Error(`the ${language} texts could not be loaded (HTTP ${reply.status})`);
  return reply.json();
}

/** Make `language` the page's language; `entries` skips the fetch (tests, a cached copy). */
export async function useLanguage(language, entries = null) {
  const code = LANGUAGES.includes(language) ? language : "en";
  state.entries = entries || (await loadCatalog(code));
  state.language = code;
  state.numbers = new Intl.NumberFormat(HTML_LANG[code]);
  state.plurals = new Intl.PluralRules(HTML_LANG[code]);
  document.documentElement.lang = HTML_LANG[code];
  return code;
}

export function currentLanguage() {
  return state.language;
}

/** Whether the catalog has `key` (the engine's message keys are looked up this way). */
export function has(key) {
  return Object.prototype.hasOwnProperty.call(state.entries, key);
}

/** A number in the language's digits and grouping. */
export function formatNumber(value) {
  return state.numbers.format(value);
}

/** A YYYY-MM-DD date as the language writes it (the calendar date itself, no time zone). */
export function formatDate(iso) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(iso));
  if (!match) return String(iso);
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(HTML_LANG[state.language], { dateStyle: "medium", timeZone: "UTC" }).format(day);
}

/** The key to use: a context variant (`key_context`), then the plural form for `count`. */
function resolve(key, params, context) {
  let base = key;
  if (context && has(`${key}_${context}`)) base = `${key}_${context}`;
  if (typeof params.count === "number") {
    const form = `${base}_${state.plurals.select(params.count)}`;
    if (has(form)) return form;
    if (has(`${base}_other`)) return `${base}_other`;
  }
  return base;
}

/**
 * The text of `key` in the page's language with its {{placeholders}} filled:
 * numbers in the language's digits, everything else as given.
 * A missing key shows as the key itself (a test keeps every key in every catalog).
 */
export function t(key, params = {}, context = null) {
  const chosen = resolve(key, params, context);
  const text = has(chosen) ? state.entries[chosen] : key;
  return text.replace(PLACEHOLDER, (whole, name) => {
    if (!(name in params)) return whole;
    const value = params[name];
    return typeof value === "number" ? formatNumber(value) : String(value);
  });
}
