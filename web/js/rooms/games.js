// The games a room offers, and their words (the host's panel and the invite page).
import { t } from "../texts.js";

/** [value, catalog keys of its words, the room's set-up]. */
export const ROOM_GAMES = [
  ["karnoffel-classic", ["game.karnoffel", "rules.classic"], { game: "karnoffel", rules: { set: "classic" }, players: 4 }],
  ["karnoffel-historic", ["game.karnoffel", "rules.historic"], { game: "karnoffel", rules: { set: "historic" }, players: 4 }],
  ["doppelkopf", ["game.doppelkopf"], { game: "doppelkopf", rules: {}, players: 4 }],
];

export function choiceWords(keys) {
  return keys.map((key) => t(key)).join(" · ");
}

/** The words of a room's game and rules. */
export function gameWords(game, rules) {
  const found = ROOM_GAMES.find(([, , setup]) => setup.game === game && JSON.stringify(setup.rules) === JSON.stringify(rules || {}));
  return found ? choiceWords(found[1]) : t(`game.${game}`);
}
