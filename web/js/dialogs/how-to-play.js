// "How to play": one screen per game and rule set, from the engine's catalog
// (each rule set's help: the ten steps, and the special cards' powers or the
// game's notes), with pictures in the table's own card art and a link to the
// full rules page.
import { h } from "../dom.js";
import { rulesHref } from "../rules.js";
import { t } from "../texts.js";

function picture(face, label) {
  return h("span", { class: "card card-small howto-card", role: "img", "aria-label": label, title: label, html: face });
}

/** A note as text, each card notation in it (the table's `notations`) drawn as the card. */
function noteWithPictures(text, table, faces) {
  if (!table.notations) return [text];
  const out = [];
  let last = 0;
  for (const match of text.matchAll(table.notations)) {
    const shown = table.helpPicture(match[1], faces);
    if (!shown) continue;
    out.push(text.slice(last, match.index), picture(shown.face, shown.label));
    last = match.index + match[0].length;
  }
  out.push(text.slice(last));
  return out;
}

/**
 * Open `dialog` for `view`'s game and rule set. `help`: the rule set's
 * {steps, powers?, notes?} from the catalog; `table`: the game's table
 * (helpPicture(notation, faces, role?) -> {face, label}, notations: the card
 * notations a note may hold); `faces`: the card faces on the table; `suit`:
 * the suit whose special cards are drawn (the chosen suit, if one is chosen).
 */
export function openHowToPlay(dialog, { title, help, view, table, faces, suit }) {
  const steps = h("ol", { class: "howto-steps" }, help.steps.map((key) => h("li", {}, t(key))));
  const sections = [];
  if (help.powers && help.powers.length) {
    sections.push(h("h3", { class: "howto-subtitle" }, t("help_powers")),
      h("ul", { class: "howto-powers" }, help.powers.map(({ rank, role, key }) => {
        const { face, label } = table.helpPicture(`${suit}${rank}`, faces, role);
        return h("li", { class: "howto-power", dataset: { role } }, picture(face, label), h("span", {}, t(key)));
      })));
  }
  if (help.notes && help.notes.length) {
    sections.push(h("ul", { class: "howto-notes" }, help.notes.map((key) => h("li", {}, noteWithPictures(t(key), table, faces)))));
  }
  sections.push(h("p", { class: "howto-rooms" }, t("help_rooms")));
  const link = h("a", { class: "howto-rules", href: rulesHref(view), target: "_blank", rel: "noopener" }, t("help_rules_link"));
  // Two columns on a wide screen (the steps, the cards), so that it fits on one screen.
  dialog.open(t("learn.howto_heading", { game: title }),
    h("div", { class: "howto-columns" }, h("div", { class: "howto-column" }, steps), h("div", { class: "howto-column" }, ...sections)),
    h("p", { class: "howto-more" }, link));
}
