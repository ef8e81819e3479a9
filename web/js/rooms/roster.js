// The room's players above the table, for the host and every guest: each
// seat's place, name, person or computer, whose turn it is, and whom the
// table waits for. Drawn from the room part of a state (engine/rooms).
import { h } from "../dom.js";
import { formatList, t } from "../texts.js";
import { seating } from "../table/layout.js";

/** The seat's name as the room shows it: the friend's name, else the place. */
export function seatName(entry, place) {
  return entry.name || place;
}

/** Fill `el` (a section) with the room's roster of `response` (a state with `room`). */
export function renderRoster(el, response) {
  const room = response && response.room;
  if (!room || !response.view) {
    el.hidden = true;
    return;
  }
  const places = seating(response.view).seats;
  const toAct = response.turn ? response.turn.seat : null;
  const items = room.seats.map((entry) => {
    const place = places[entry.seat].name;
    const kind = entry.kind === "computer" ? t("room.computer") : entry.kind === "host" ? t("room.host") : t("room.person");
    return h("li", {
      class: "room-seat",
      dataset: { seat: String(entry.seat), kind: entry.kind, away: String(!!entry.away), turn: String(entry.seat === toAct) },
    },
    h("span", { class: "room-seat-place" }, place),
    entry.name ? h("span", { class: "room-seat-name" }, entry.name) : null,
    h("span", { class: "room-seat-kind" }, kind),
    entry.seat === toAct ? h("span", { class: "room-seat-turn" }, t("room.to_act")) : null);
  });
  const waiting = (room.waiting || []).map((seat) => seatName(room.seats[seat], places[seat].name));
  const list = h("ul", { class: "room-seats" }, items);
  // A named section is a region: a landmark of its own beside the table (axe: all content in landmarks).
  el.setAttribute("aria-label", t("room.seats_label"));
  el.replaceChildren(list);
  if (waiting.length) el.append(h("p", { class: "room-waiting", role: "status" }, t("room.waiting_for", { names: formatList(waiting) })));
  el.hidden = false;
}
