// The coach on the table: a tutorial's step (its instruction, what the last
// steps taught, why a move was refused, Next / Leave; a scripted lesson has
// no take-back: a wrong move is refused anyway) and the
// "learn with hints" advice (the recommended action highlighted, its reason).
// Drawn after the table (game.js), over the table's own elements: what to
// highlight is the engine's (the step's `focus`, the hint's `action`); this
// only finds the elements that show it.
import { h } from "../dom.js";
import { plural, t } from "../texts.js";

const FOCUSED = "coach-focus";
const TARGET = "coach-target";
const HINTED = "coach-hint";

/** The table's elements that show one focus item of a step (engine/tutorials.py). */
function focusElements(parts, item) {
  const { felt, info, actions } = parts;
  const all = (root, selector) => [...root.querySelectorAll(selector)];
  switch (item.kind) {
    case "card": return [...all(felt, `[data-card="${CSS.escape(item.card)}"]`), ...all(info, `[data-card="${CSS.escape(item.card)}"]`)];
    case "trick": return all(felt, ".trick-grid");
    case "last_trick": return all(felt, ".trick.done .trick-grid");
    case "face_up": return all(felt, ".face-up");
    case "chosen": return all(info, ".info-block.chosen");
    case "button": return all(actions, `[data-action="${CSS.escape(item.action)}"]`);
    case "seat": return all(felt, `.seat[data-seat="${Number(item.seat)}"]`);
    case "bid": return all(info, ".info-block.bid");
    case "score": return all(info, ".info-block.score");
    default: return [];
  }
}

/** The element that makes `action`: a call's button, or the card of the person's hand. */
function actionElements(parts, action) {
  const button = parts.actions.querySelector(`[data-action="${CSS.escape(action)}"]`);
  if (button) return [button];
  // A poverty exchange ("pass:C9,SA,D10") is its three cards.
  const cards = action.includes(":") ? action.split(":")[1].split(",") : [action];
  return cards.flatMap((card) => [...parts.felt.querySelectorAll(`.hand-mine [data-card="${CSS.escape(card)}"]`)]);
}

/** An element that makes a move now: a playable card of the person's hand or a call button. */
function actionable(element, parts) {
  return element.classList.contains("card-mine") ? element.classList.contains("legal")
    : element.classList.contains("dk-pick") || parts.actions.contains(element);
}

/** Remove the coach's marks from a table drawn earlier (the table draws over them anyway). */
function unmark(parts) {
  for (const cls of [FOCUSED, TARGET, HINTED]) {
    for (const element of parts.root.querySelectorAll(`.${cls}`)) element.classList.remove(cls);
  }
}

/**
 * Highlight the step's focus: every element it names; the first that makes a
 * move (a card of the hand, a button) is the move the step asks for.
 */
function markFocus(parts, focus) {
  let target = null;
  for (const item of focus) {
    for (const element of focusElements(parts, item)) {
      element.classList.add(FOCUSED);
      if (!target && actionable(element, parts)) target = element;
    }
  }
  if (target) target.classList.add(TARGET);
}

function tutorialBox(tutorial, coach, words, handlers) {
  const rows = [];
  const title = h("p", { class: "coach-title" },
    h("b", {}, words(tutorial.title)), " ",
    h("span", { class: "coach-step" }, t("learn.step_of", { step: tutorial.stop, steps: tutorial.stops })));
  rows.push(title);
  // What the moves since the last waiting step taught: on show until the next one waits.
  if (!coach.refusal) for (const done of tutorial.done) rows.push(h("p", { class: "coach-done" }, words(done)));
  if (coach.refusal) {
    rows.push(h("p", { class: "coach-refusal", role: "alert" }, words(coach.refusal.error), " ", words(coach.refusal.explanation)));
  }
  // While a finished deal is on show, its result comes first: the next step's words wait.
  if (tutorial.complete) rows.push(h("p", { class: "coach-instruction coach-ending" }, words(tutorial.ending)));
  else if (tutorial.instruction && !handlers.betweenDeals) rows.push(h("p", { class: "coach-instruction" }, words(tutorial.instruction)));
  const buttons = [];
  if (handlers.waiting) buttons.push(h("button", { type: "button", class: "coach-next primary", onclick: handlers.onNext }, t("learn.next")));
  // The ending offers to play on "with hints if you like": here is the way to them.
  if (tutorial.complete && !(coach.hints > 0)) {
    buttons.push(h("button", { type: "button", class: "coach-play-hints primary", onclick: handlers.onKeepHints }, t("learn.play_with_hints")));
  }
  buttons.push(h("button", { type: "button", class: "coach-leave", onclick: handlers.onLeave }, t(tutorial.complete ? "learn.finish" : "learn.leave")));
  rows.push(h("div", { class: "coach-actions" }, buttons));
  return h("div", { class: "coach-tutorial", dataset: { tutorial: tutorial.id, step: tutorial.step, stop: tutorial.stop, complete: String(tutorial.complete) } }, rows);
}

function hintBox(coach, words, actionWords, handlers) {
  const kept = coach.hints === Infinity;
  const left = kept ? t("learn.hints_kept") : plural("learn.hints_left", coach.hints);
  const rows = [h("p", { class: "coach-hint-head" }, h("b", {}, t("learn.hints_title")), " ", h("span", { class: "coach-hints-left" }, left))];
  if (coach.hint) {
    rows.push(h("p", { class: "coach-hint-text", dataset: { action: coach.hint.action } },
      t("learn.hint_line", { action: actionWords(coach.hint.action), reason: words(coach.hint.reason) })));
  } else if (coach.hintProblem) {
    rows.push(h("p", { class: "coach-hint-text coach-hint-none" }, words(coach.hintProblem)));
  }
  if (!kept) rows.push(h("div", { class: "coach-actions" }, h("button", { type: "button", class: "coach-hints-keep", onclick: handlers.onKeepHints }, t("learn.hints_keep"))));
  return h("div", { class: "coach-hints", dataset: { left: kept ? "all" : coach.hints } }, rows);
}

/** Hints ran out by themselves: say so, and offer more or to keep them on. */
function hintsOverBox(handlers) {
  return h("div", { class: "coach-hints coach-hints-over", dataset: { left: 0 } },
    h("p", { class: "coach-hint-head" }, h("b", {}, t("learn.hints_title")), " ", t("learn.hints_over", { number: handlers.batch })),
    h("div", { class: "coach-actions" },
      h("button", { type: "button", class: "coach-hints-more primary", onclick: handlers.onMoreHints }, t("learn.hints_more", { number: handlers.batch })),
      h("button", { type: "button", class: "coach-hints-keep", onclick: handlers.onKeepHints }, t("learn.hints_keep"))));
}

/**
 * Draw the coach for `response` into `box` and mark the table. `coach`: the
 * controller's {hints, hint, hintProblem, refusal, hintsOver}; `words(message)`
 * an engine message in words; `actionWords(action)` a move in words; handlers:
 * {waiting, betweenDeals, onNext, onLeave, batch (hints per "more"), onMoreHints, onKeepHints}.
 */
export function renderCoach(box, parts, response, coach, { words, actionWords, ...handlers }) {
  unmark(parts);
  const children = [];
  const tutorial = response && response.tutorial;
  if (tutorial) {
    children.push(tutorialBox(tutorial, coach, words, handlers));
    if (!tutorial.complete && (tutorial.by === "person" || handlers.waiting)) markFocus(parts, tutorial.focus);
  }
  if (coach.hints > 0) {
    children.push(hintBox(coach, words, actionWords, handlers));
    if (coach.hint) for (const element of actionElements(parts, coach.hint.action)) element.classList.add(HINTED);
  } else if (coach.hintsOver) {
    children.push(hintsOverBox(handlers));
  }
  box.replaceChildren(...children);
  box.hidden = children.length === 0;
}
