// The seats around the felt, as both tables draw them: each seat's name, role,
// tags and hand (the table says what they are), and the trick in the middle.
import { h, takeMarkup } from "../dom.js";
import { renderTrick } from "./trick.js";

/**
 * Fill the felt. `seat(info)` gives {label, role, party?, tags, hand} for each
 * seat of the seating; `trick` is what renderTrick needs (table/trick.js).
 * The seats already on the felt are updated in place, and the person's cards
 * are kept as the same buttons: a redraw never takes the keyboard focus away.
 */
export function renderSeats(parts, view, ctx, { seat, trick }) {
  parts.felt.dataset.players = String(view.players);
  const seats = ctx.seating.seats.map((info) => {
    const { label, role, party = null, tags, hand } = seat(info);
    return h("section", {
      class: `seat seat-${info.cls} role-${info.role}${view.to_act === info.seat ? " to-act" : ""}`,
      "data-seat": info.seat,
      "data-pos": info.pos,
      "data-party": party,
      "aria-label": label,
    },
    h("h2", { class: "seat-label" }, h("span", { class: "seat-name" }, info.name), " ", h("span", { class: "seat-role" }, role), " ", ...tags),
    hand);
  });
  const trickNode = renderTrick(view, ctx, trick);
  const shown = [...parts.felt.querySelectorAll(":scope > .seat")];
  const oldTrick = parts.felt.querySelector(":scope > .trick");
  const sameSeats = oldTrick && shown.length === seats.length
    && shown.every((node, i) => node.dataset.seat === seats[i].dataset.seat);
  if (!sameSeats) {
    parts.felt.replaceChildren(...seats, trickNode);
    return;
  }
  seats.forEach((fresh, i) => patchSeat(shown[i], fresh));
  oldTrick.replaceWith(trickNode);
}

/** Give `node` exactly the attributes of `fresh`. */
function syncAttributes(node, fresh) {
  for (const { name } of [...node.attributes]) if (!fresh.hasAttribute(name)) node.removeAttribute(name);
  for (const { name, value } of fresh.attributes) if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

function patchSeat(node, fresh) {
  syncAttributes(node, fresh);
  const [label, hand] = node.children;
  const [freshLabel, freshHand] = fresh.children;
  label.replaceWith(freshLabel);
  if (reusable(hand, freshHand)) patchHand(hand, freshHand);
  else hand.replaceWith(freshHand);
}

/** The person's card buttons are handled by delegation (table/input.js): they can be kept. */
function reusable(hand, fresh) {
  if (!hand || !fresh || !hand.classList.contains("hand-mine") || hand.tagName !== fresh.tagName) return false;
  return [...hand.children, ...fresh.children].every((el) => el.classList.contains("card-mine") || el.classList.contains("empty-hand"));
}

/** Children by a key that survives a redraw: the card (with its copy number: Doppelkopf has two of each). */
function keyed(children) {
  const seen = new Map();
  return [...children].map((el) => {
    const base = el.dataset.card || el.className;
    const n = seen.get(base) || 0;
    seen.set(base, n + 1);
    return [`${base}#${n}`, el];
  });
}

function patchHand(hand, fresh) {
  syncAttributes(hand, fresh);
  const kept = new Map(keyed(hand.children));
  const wanted = keyed(fresh.children).map(([key, el]) => {
    const old = kept.get(key);
    if (!old || old.tagName !== el.tagName) return el;
    kept.delete(key);
    syncAttributes(old, el);
    takeMarkup(old, el);
    return old;
  });
  for (const gone of kept.values()) gone.remove();
  // Insert only what is not yet in its place: a kept card (maybe focused) is never moved.
  wanted.forEach((el, i) => {
    if (hand.children[i] !== el) hand.insertBefore(el, hand.children[i] || null);
  });
}
