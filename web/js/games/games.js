// Every game the app offers, by name, each with the same interface (see
// games/karnoffel.js): settings(raw, catalog), freeRules(settings),
// rulesFromUrl(settings, params), rulesSummary(rules), fields(settings, catalog).
// The first game is the default: a URL without &game= plays it.
import { doppelkopfSetup } from "./doppelkopf.js";
import { karnoffelSetup } from "./karnoffel.js";
import { LANGUAGES } from "../texts.js";

export const setups = {
  karnoffel: karnoffelSetup,
  doppelkopf: doppelkopfSetup,
};

export const GAMES = Object.keys(setups);
export const DEFAULT_GAME = GAMES[0];

/** The game a URL names (?game=), else the remembered one, else the default. */
export function gameFrom(params, settings) {
  const asked = params.get("game");
  if (GAMES.includes(asked)) return asked;
  return settings && GAMES.includes(settings.game) ? settings.game : DEFAULT_GAME;
}

/** The game the menu's switch offers from `game`: the next one. */
export function nextGame(game) {
  return GAMES[(GAMES.indexOf(game) + 1) % GAMES.length];
}

/** The remembered settings of every game, checked against the catalog (and the chosen language, if any). */
export function normalizeSettings(raw, catalog) {
  const merged = {};
  for (const setup of Object.values(setups)) Object.assign(merged, setup.settings(raw, catalog));
  if (raw && LANGUAGES.includes(raw.language)) merged.language = raw.language;
  // The name in your friends' code (the engine checks it when it makes the code).
  if (raw && typeof raw.name === "string" && raw.name.length <= 24) merged.name = raw.name;
  // Each game's computer players' level in free games (dailies keep the game's
  // default one, so results compare).
  const levels = (raw && typeof raw.levels === "object" && raw.levels) || {};
  // Settings saved before levels were per game hold one `level` for both; its
  // old default ("hard") was never a choice, so only another one carries over.
  const legacy = raw && raw.level !== "hard" && catalog.levels.includes(raw.level) ? raw.level : null;
  merged.levels = Object.fromEntries(GAMES.map((game) => [game,
    catalog.levels.includes(levels[game]) ? levels[game] : legacy || catalog.games[game].default_level]));
  return { ...merged, game: raw && GAMES.includes(raw.game) ? raw.game : DEFAULT_GAME };
}
