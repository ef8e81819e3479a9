// Doppelkopf in the app controller (app.js): which game the page plays, the
// remembered Doppelkopf variants, the game switch and the new-game fields.
// The variant names come from the engine's catalog; no rule logic here.
import { el } from "./dialogs.js";

export const GAMES = ["karnoffel", "doppelkopf"];
export const GAME_TITLES = { karnoffel: "Karnöffel", doppelkopf: "Doppelkopf" };

const VARIANT_LABELS = {
  "second-heart-ten": "The second ♥10 beats the first (not in the last trick)",
  "soloist-leads": "In a solo the soloist leads the first trick",
  "charlie-winning-only": "Charlie (♣J) scores only for winning the last trick",
};

/** The game a URL names (?game=), else the remembered one, else Karnöffel. */
export function gameFrom(params, settings) {
  const asked = params.get("game");
  if (GAMES.includes(asked)) return asked;
  return settings && GAMES.includes(settings.game) ? settings.game : "karnoffel";
}

/** The Doppelkopf part of the remembered settings, checked against the catalog. */
export function dkSettings(raw, catalog) {
  const known = (catalog.games.doppelkopf && catalog.games.doppelkopf.variants) || [];
  const saved = raw && raw.doppelkopf && Array.isArray(raw.doppelkopf.variants) ? raw.doppelkopf.variants : [];
  return {
    game: raw && GAMES.includes(raw.game) ? raw.game : "karnoffel",
    doppelkopf: { variants: known.filter((v) => saved.includes(v)) },
  };
}

/** The rules object of a free Doppelkopf game. */
export function dkRules(settings) {
  return { set: "standard", variants: [...((settings.doppelkopf && settings.doppelkopf.variants) || [])] };
}

/** "Doppelkopf · standard" or with the variant count. */
export function dkRulesSummary(rules) {
  const n = (rules.variants || []).length;
  return `Doppelkopf · standard rules${n ? ` + ${n} variant${n === 1 ? "" : "s"}` : ""}`;
}

/** A title prefix naming the game of a daily. */
export function gamePrefix(game) {
  return game && game !== "karnoffel" ? `${GAME_TITLES[game]} · ` : "";
}

/**
 * The game choice and the Doppelkopf variant switches of the new-game form.
 * `karnoffelFields` are hidden while Doppelkopf is chosen. Returns
 * {nodes, read()} where read() gives {game, doppelkopf: {variants}}.
 */
export function dkNewGameFields(settings, catalog, current, karnoffelFields) {
  const gameField = el("label", "new-game-field new-game-game");
  const select = el("select");
  select.name = "game";
  for (const game of GAMES) {
    const option = el("option", "", GAME_TITLES[game]);
    option.value = game;
    option.selected = game === current;
    select.append(option);
  }
  gameField.append(el("span", "new-game-label", "Game"), select);
  const box = el("fieldset", "new-game-variants");
  box.append(el("legend", "new-game-label", "Doppelkopf variants (standard rules otherwise)"));
  const chosen = new Set((settings.doppelkopf && settings.doppelkopf.variants) || []);
  const boxes = [];
  for (const variant of (catalog.games.doppelkopf && catalog.games.doppelkopf.variants) || []) {
    const label = el("label", "new-game-variant");
    const input = el("input");
    input.type = "checkbox";
    input.name = "variant";
    input.value = variant;
    input.checked = chosen.has(variant);
    boxes.push(input);
    label.append(input, ` ${VARIANT_LABELS[variant] || variant}`);
    box.append(label);
  }
  const sync = () => {
    const dk = select.value === "doppelkopf";
    box.hidden = !dk;
    for (const field of karnoffelFields) field.hidden = dk;
  };
  select.addEventListener("change", sync);
  sync();
  return {
    nodes: [gameField, box],
    read: () => ({ game: select.value, doppelkopf: { variants: boxes.filter((b) => b.checked).map((b) => b.value) } }),
  };
}
