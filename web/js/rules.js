// Links from the table into the rules pages (rules/, built from docs/): the
// page of the game and rule set being played, or one of its sections, in the
// page's language (rules/<page>/ in English, rules/<lang>/<page>/ otherwise).
// Which pages and sections exist is the rules pages' own contract,
// rules/anchors.json (docs/README.md): a link is made only to a page and a
// section listed there, so a section that is renamed loses its link instead of
// leading nowhere (and a test checks every link the page makes).
import { h } from "./dom.js";
import { currentLanguage } from "./texts.js";

/**
 * The section that explains a thing the table names: a special card (the
 * engine's role), a scored extra (its message key), a contract.
 */
export const SECTIONS = {
  karnoffel: "karnoffel",
  devil: "devil",
  pope: "pope",
  emperor: "emperor",
  "partial-3": "partial-trumps",
  "partial-4": "partial-trumps",
  "partial-5": "partial-trumps",
  dk_score_fox: "fox",
  dk_score_charlie: "karlchen",
  dk_score_charlie_caught: "karlchen",
  dk_score_doppelkopf: "doppelkopf-trick",
  marriage: "marriage",
  poverty: "poverty",
  solo: "solos",
};

let anchors = null; // {page: [section ids]} once rules/anchors.json is read

/** Read rules/anchors.json (once); without it the table makes no rules link. */
export async function loadRulesContract() {
  if (anchors) return anchors;
  try {
    const reply = await fetch(new URL("../rules/anchors.json", import.meta.url));
    if (reply.ok) anchors = await reply.json();
  } catch {
    anchors = null; // no rules pages on this site: no links
  }
  return anchors;
}

/** The rules page of a game and rule set: "<game>-<set>" if there is one, else "<game>". */
export function rulesPage(game, set = null) {
  if (!anchors || !game) return null;
  if (set && anchors[`${game}-${set}`]) return `${game}-${set}`;
  return anchors[game] ? game : null;
}

function pageURL(page, section = null) {
  const language = currentLanguage();
  const path = `rules/${language === "en" ? "" : `${language}/`}${page ? `${page}/` : ""}`;
  const url = new URL(`../${path}`, import.meta.url);
  if (section) url.hash = section;
  return url.href;
}

/** The rules of `view`'s game and rule set (the rules' start page when no game is known). */
export function rulesHref(view = null) {
  const page = view ? rulesPage(view.game, view.rules && view.rules.set) : null;
  return pageURL(page);
}

/**
 * The section that explains `thing` (a SECTIONS key) for `view`'s game: on the
 * rule set's own page when it has that section, else on the game's page; null
 * when the contract lists no such section.
 */
export function sectionHref(view, thing) {
  const section = SECTIONS[thing];
  if (!anchors || !section || !view) return null;
  const set = view.rules && view.rules.set;
  for (const page of [rulesPage(view.game, set), rulesPage(view.game)]) {
    if (page && anchors[page].includes(section)) return pageURL(page, section);
  }
  return null;
}

/** `children` as a link to `href` (a new tab: the game stays open), or in a span when there is none. */
export function rulesLink(href, attrs, ...children) {
  if (!href) return h("span", attrs, ...children);
  return h("a", { ...attrs, href, target: "_blank", rel: "noopener", class: `${attrs.class || ""} rules-link`.trim() }, ...children);
}
