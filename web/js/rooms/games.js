// The games a room offers, and their words (the host's panel and the invite page).
import { t } from "../texts.js";

/** [value, its words (catalog keys, or [key, params]), the room's set-up]. Classic
 * Karnöffel is also played by six or eight: two teams in alternating seats. */
export const ROOM_GAMES = [
  ["karnoffel-classic", ["game.karnoffel", "rules.classic"], { game: "karnoffel", rules: { set: "classic" }, players: 4 }],
  ["karnoffel-classic-6", ["game.karnoffel", "rules.classic", ["room.players_count", { count: 6 }]],
    { game: "karnoffel", rules: { set: "classic", players: 6 }, players: 6 }],
  ["karnoffel-classic-8", ["game.karnoffel", "rules.classic", ["room.players_count", { count: 8 }]],
    { game: "karnoffel", rules: { set: "classic", players: 8 }, players: 8 }],
  ["karnoffel-historic", ["game.karnoffel", "rules.historic"], { game: "karnoffel", rules: { set: "historic" }, players: 4 }],
  ["doppelkopf", ["game.doppelkopf"], { game: "doppelkopf", rules: {}, players: 4 }],
];

export function choiceWords(keys) {
  return keys.map((key) => (Array.isArray(key) ? t(...key) : t(key))).join(" · ");
}

/** The words of a room's game and rules. */
export function gameWords(game, rules) {
  const found = ROOM_GAMES.find(([, , setup]) => setup.game === game && JSON.stringify(setup.rules) === JSON.stringify(rules || {}));
  return found ? choiceWords(found[1]) : t(`game.${game}`);
}
