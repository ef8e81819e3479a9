// Doppelkopf in the app controller (app.js): its part of the remembered
// settings (the optional variants), the rules of a free game, how they read
// in the title, and its new-game fields. The variants on offer come from the
// engine's catalog; no rule logic here.
import { h } from "../dom.js";
import { has, plural, t } from "../texts.js";

const NAME = "doppelkopf";

function variantsOf(remembered) {
  return (remembered.doppelkopf && remembered.doppelkopf.variants) || [];
}

/** This game's part of the remembered settings, checked against the catalog. */
function settings(raw, catalog) {
  const known = (catalog.games[NAME] && catalog.games[NAME].variants) || [];
  const saved = raw && raw.doppelkopf && Array.isArray(raw.doppelkopf.variants) ? raw.doppelkopf.variants : [];
  return { doppelkopf: { variants: known.filter((v) => saved.includes(v)) } };
}

/** The rules of a free game (a URL cannot change them). */
function freeRules(remembered) {
  return { set: "standard", variants: [...variantsOf(remembered)] };
}

/** "Doppelkopf · standard rules", or with the variant count. */
function rulesSummary(rules) {
  const n = (rules.variants || []).length;
  return n ? plural("dk.rules.summary_variants", n) : t("dk.rules.summary");
}

/** The new-game fields: a switch per variant. */
function fields(remembered, catalog) {
  const box = h("fieldset", { class: "new-game-variants" }, h("legend", { class: "new-game-label" }, t("new.dk_variants")));
  const chosen = new Set(variantsOf(remembered));
  const boxes = [];
  for (const variant of (catalog.games[NAME] && catalog.games[NAME].variants) || []) {
    const input = h("input", { type: "checkbox", name: "variant", value: variant });
    input.checked = chosen.has(variant);
    boxes.push(input);
    const label = has(`dk.variant.${variant}`) ? t(`dk.variant.${variant}`) : variant;
    box.append(h("label", { class: "new-game-variant" }, input, ` ${label}`));
  }
  return {
    nodes: [box],
    read: () => ({ doppelkopf: { variants: boxes.filter((b) => b.checked).map((b) => b.value) } }),
  };
}

export const doppelkopfSetup = { settings, freeRules, rulesFromUrl: freeRules, rulesSummary, fields };
