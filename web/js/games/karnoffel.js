// Karnöffel in the app controller (app.js): its part of the remembered
// settings, the rules of a free game (remembered, or from the URL), how a free
// game's rules read in the title, and its new-game fields. The rule sets,
// targets, player counts and faces on offer come from the engine's catalog.
import { h } from "../dom.js";
import { formatNumber, t } from "../texts.js";
import { choice } from "../dialogs/fields.js";

const NAME = "karnoffel";

function defaultPlayers(set) {
  return set.players.includes(4) ? 4 : set.players[0];
}

/** This game's part of the remembered settings, checked against the catalog. */
function settings(raw, catalog) {
  const { sets, faces } = catalog.games[NAME];
  const rules = (raw && typeof raw.rules === "object" && raw.rules) || {};
  const set = sets.find((entry) => entry.name === rules.set) || sets[0];
  const target = set.targets.includes(rules.target) ? rules.target : set.default_target;
  const players = set.players.includes(rules.players) ? rules.players : defaultPlayers(set);
  return { rules: { set: set.name, target, players }, faces: faces.includes(raw && raw.faces) ? raw.faces : faces[0] };
}

/** The rules of a new free game: the remembered ones. */
function freeRules(remembered) {
  const rules = { ...remembered.rules };
  if (remembered.faces !== "german") rules.faces = remembered.faces;
  return rules;
}

/** The rules a ?seed= URL asks for (&rules=&target=&players=&faces=), else the remembered ones. */
function rulesFromUrl(remembered, params) {
  const rules = { ...remembered.rules, faces: remembered.faces };
  if (params.get("rules")) {
    rules.set = params.get("rules");
    delete rules.target;
    delete rules.players;
  }
  if (params.get("target")) rules.target = Number(params.get("target"));
  if (params.get("players")) rules.players = Number(params.get("players"));
  if (params.get("faces")) rules.faces = params.get("faces");
  return rules;
}

/** "Classic to 7, 4 players". */
function rulesSummary(rules) {
  return t("rules.summary", { set: t(`rules.${rules.set}`), target: rules.target, players: rules.players });
}

/** The new-game fields: rule set, then its targets and player counts, and the card faces. */
function fields(remembered, catalog) {
  const spec = catalog.games[NAME];
  const setChoice = choice("set", t("new.rules"), spec.sets.map((s) => [s.name, t(`rules.${s.name}`)]), remembered.rules.set);
  const dependent = h("div", { class: "new-game-dependent" });
  let target;
  let players;
  const fillDependent = (setName, keep) => {
    const set = spec.sets.find((s) => s.name === setName);
    const wantTarget = keep && set.targets.includes(keep.target) ? keep.target : set.default_target;
    const wantPlayers = keep && set.players.includes(keep.players) ? keep.players : defaultPlayers(set);
    target = choice("target", t("new.target"), set.targets.map((n) => [n, formatNumber(n)]), wantTarget);
    players = choice("players", t("new.players"), set.players.map((n) => [n, formatNumber(n)]), wantPlayers);
    dependent.replaceChildren(target.field, players.field);
  };
  fillDependent(remembered.rules.set, remembered.rules);
  setChoice.select.addEventListener("change", () => fillDependent(setChoice.select.value, null));
  const facesChoice = choice("faces", t("new.faces"), spec.faces.map((f) => [f, t(`faces.${f}`)]), remembered.faces);
  return {
    nodes: [setChoice.field, dependent, facesChoice.field],
    read: () => ({
      rules: { set: setChoice.select.value, target: Number(target.select.value), players: Number(players.select.value) },
      faces: facesChoice.select.value,
    }),
  };
}

export const karnoffelSetup = { settings, freeRules, rulesFromUrl, rulesSummary, fields };
