// The seats around the felt, as both tables draw them: each seat's name, role,
// tags and hand (the table says what they are), and the trick in the middle.
import { h } from "../dom.js";
import { renderTrick } from "./trick.js";

/**
 * Fill the felt. `seat(info)` gives {label, role, party?, tags, hand} for each
 * seat of the seating; `trick` is what renderTrick needs (table/trick.js).
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
  parts.felt.replaceChildren(...seats, renderTrick(view, ctx, trick));
}
