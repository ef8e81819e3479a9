// The new-game dialog: the game, then the chosen game's own fields (each
// game's setup gives them; the others are hidden), then the computer players'
// level, remembered on the device for each game.
import { button, h } from "../dom.js";
import { GAMES, setups } from "../games/games.js";
import { t } from "../texts.js";
import { choice } from "./fields.js";

/**
 * Open `dialog` with the remembered `settings` and `current` game chosen;
 * `onStart(choices)` gets {game, level (the chosen game's), ...every game's fields read}.
 */
export function openNewGame(dialog, { settings, catalog, current, onStart }) {
  const gameChoice = choice("game", t("new.game"), GAMES.map((game) => [game, t(`game.${game}`)]), current);
  const levelChoice = choice("level", t("new.level"), catalog.levels.map((level) => [level, t(`level.${level}`)]), settings.levels[current]);
  const fields = GAMES.map((game) => ({ game, ...setups[game].fields(settings, catalog) }));
  const sync = () => {
    for (const { game, nodes } of fields) for (const node of nodes) node.hidden = game !== gameChoice.select.value;
  };
  gameChoice.select.addEventListener("change", () => {
    levelChoice.select.value = settings.levels[gameChoice.select.value];
    sync();
  });
  sync();
  const start = h("button", { type: "submit", class: "primary new-game-start" }, t("new.start"));
  const actions = h("div", { class: "app-dialog-actions" }, button(t("new.cancel"), () => dialog.close()), start);
  const form = h("form", { class: "new-game-form", method: "dialog" },
    h("p", { class: "new-game-intro" }, t("new.intro")), gameChoice.field, fields.map((f) => f.nodes), levelChoice.field, actions);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const choices = Object.assign({}, ...fields.map((f) => f.read()));
    dialog.close();
    onStart({ ...choices, game: gameChoice.select.value, level: levelChoice.select.value });
  });
  dialog.open(t("new.heading"), form);
}
