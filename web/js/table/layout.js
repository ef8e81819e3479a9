// Where each seat sits on screen and what to call it, for every game. The
// human's seat is always at the bottom; the others follow clockwise (left,
// top, right). Pure functions of the view's seat count, seat and teams: no
// rule logic.
import { t } from "../texts.js";

/** Screen positions by player count, starting with the human and going clockwise. */
const POSITIONS = {
  2: ["s", "n"],
  4: ["s", "w", "n", "e"],
  6: ["s", "sw", "nw", "n", "ne", "se"],
  8: ["s", "sw", "w", "nw", "n", "ne", "e", "se"],
};

/** CSS class suffix per position (seat-south, seat-west, …). */
const POSITION_CLASS = {
  s: "south", sw: "southwest", w: "west", nw: "northwest",
  n: "north", ne: "northeast", e: "east", se: "southeast",
};

function positionsFor(players) {
  if (POSITIONS[players]) return POSITIONS[players];
  // Any other count: spread evenly (never expected from the engine today).
  const ring = ["s", "sw", "w", "nw", "n", "ne", "e", "se"];
  return Array.from({ length: players }, (_, i) => ring[Math.round((i * ring.length) / players) % ring.length]);
}

/**
 * The seating of a view: for every seat its screen position, name and role
 * relative to the human, and the sides' labels. A view with `teams` has
 * partners (roles you / partner / opponent, sides "Us" and "Them"); in a view
 * without, every seat plays for itself (roles you / player, one side per seat).
 */
export function seating(view) {
  const players = view.players;
  const me = view.seat;
  const positions = positionsFor(players);
  const teamOf = (seat) => (view.teams ? view.teams.findIndex((team) => team.includes(seat)) : seat);
  const myTeam = teamOf(me);
  const seats = [];
  for (let seat = 0; seat < players; seat++) {
    const pos = positions[(seat - me + players) % players];
    const team = teamOf(seat);
    let role = "player";
    if (seat === me) role = "you";
    else if (view.teams) role = team === myTeam ? "partner" : "opponent";
    seats.push({ seat, pos, name: t(`seat.pos.${pos}`), cls: POSITION_CLASS[pos], team, role });
  }
  const teams = view.teams
    ? view.teams.map((team, index) => ({
      index,
      mine: index === myTeam,
      short: t(index === myTeam ? "seat.team.us" : "seat.team.them"),
      long: team.map((s) => (s === me ? t("seat.you") : seats[s].name)).join(t("list.amp")),
    }))
    : seats.map((info) => ({ index: info.seat, mine: info.seat === me, short: seatWho({ me, seats }, info.seat, { capital: true }), long: info.name }));
  return { me, myTeam, seats, teams };
}

/** "West (opponent)", "North (partner)", "South (you)". */
export function seatLabel(info) {
  return t("seat.label", { name: info.name, role: t(`seat.role.${info.role}`) });
}

/** How a seat is named in running text: "you" for the human, else the compass name. */
export function seatWho(seating, seat, { capital = false } = {}) {
  if (seat === seating.me) return t(capital ? "seat.you" : "seat.you_lower");
  return seating.seats[seat] ? seating.seats[seat].name : t("seat.unknown", { seat });
}
