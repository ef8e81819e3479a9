// The hands as both tables draw them: the person's cards as buttons (playable
// ones as the engine's view.legal says, a roving tabindex for the keyboard)
// and another seat's hand with its size. Each table passes its card names and
// faces; nothing here knows a rule.
import { h } from "../dom.js";
import { capitalized, plural, sentence, t } from "../texts.js";

/**
 * Why a card cannot be played, as one sentence: "Acorns King: <reason>", or the
 * reason alone when it names the card itself (`reasonNamesCard`), which would
 * otherwise say the card twice.
 */
export function whyNot(label, reason, reasonNamesCard = false) {
  if (reason && reasonNamesCard) return capitalized(reason);
  return sentence("table.card.why", { card: label, reason: reason || t("table.card.cannot_play_now") });
}

/**
 * The person's cards as buttons: playable ones (view.legal) marked, the others
 * with the engine's reason and why they cannot be played (data-why, whyNot).
 * `card(card, index)` gives {label, reason, face} and optional extra `classes`
 * (" special") and `reasonNamesCard` for each card.
 */
export function handButtons(view, cards, ctx, card) {
  const legal = new Set(view.legal);
  const buttons = cards.map((notation, index) => {
    const isLegal = legal.has(notation);
    const { label, reason, face, classes = "", reasonNamesCard = false } = card(notation, index);
    const why = isLegal ? null : whyNot(label, reason, reasonNamesCard);
    return h("button", {
      type: "button",
      class: `card card-mine${isLegal ? " legal" : " illegal"}${classes}`,
      "data-card": notation,
      "aria-disabled": isLegal ? "false" : "true",
      title: isLegal ? t("table.card.play", { card: label }) : why,
      "data-reason": reason || null,
      "data-why": why,
      tabindex: "-1",
      dataset: { index },
      html: face,
    }, hiddenName(label));
  });
  // Roving tabindex: the focused card, else the first playable one, else the first.
  const target = buttons.find((b) => b.dataset.card === ctx.focusCard)
    || buttons.find((b) => b.classList.contains("legal")) || buttons[0];
  if (target) target.tabIndex = 0;
  return buttons;
}

/**
 * A card button's name, as its own (visually hidden) text: the face is drawn
 * and hidden from assistive technology, so the name is all that is read.
 */
export function hiddenName(label) {
  return h("span", { class: "sr-only card-name" }, label);
}

/** The person's hand group (with "No cards left" when it is empty). */
export function handGroup(buttons, className, label = t("table.hand.label")) {
  // Focusable from script only: the focus stays in the hand when its last card is played.
  const group = h("div", { class: className, role: "group", "aria-label": label, tabindex: "-1" }, buttons);
  if (!buttons.length) group.append(h("span", { class: "empty-hand" }, t("table.hand.empty")));
  return group;
}

/** Another seat's hand: `cards` drawn, and how many it holds ("5 cards"). */
export function otherHandGroup(count, cards, showCount) {
  const counter = showCount ? h("span", { class: "count", title: t("table.hand.cards", { count }) }, `${count}`) : null;
  return h("div", { class: "hand hand-other", role: "group", "aria-label": plural("table.hand.cards", count), dataset: { count } }, cards, counter);
}
