// Where each seat sits on screen and what to call it. The human's seat is
// always at the bottom; the others follow clockwise (left, top, right).
// Pure functions of the view's seat count, seat and teams: no rule logic.

/** Screen positions by player count, starting with the human and going clockwise. */
const POSITIONS = {
  2: ["s", "n"],
  4: ["s", "w", "n", "e"],
  6: ["s", "sw", "nw", "n", "ne", "se"],
  8: ["s", "sw", "w", "nw", "n", "ne", "e", "se"],
};

const POSITION_NAMES = {
  s: "South", sw: "South-west", w: "West", nw: "North-west",
  n: "North", ne: "North-east", e: "East", se: "South-east",
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
 * relative to the human (you / partner / opponent), and team labels.
 */
export function seating(view) {
  const players = view.players;
  const me = view.seat;
  const positions = positionsFor(players);
  const myTeam = view.teams.findIndex((team) => team.includes(me));
  const seats = [];
  for (let seat = 0; seat < players; seat++) {
    const offset = (seat - me + players) % players;
    const pos = positions[offset];
    const team = view.teams.findIndex((t) => t.includes(seat));
    const role = seat === me ? "you" : team === myTeam ? "partner" : "opponent";
    seats.push({ seat, pos, name: POSITION_NAMES[pos], cls: POSITION_CLASS[pos], team, role });
  }
  const teamNames = view.teams.map((team, index) => {
    const names = team.map((s) => (s === me ? "You" : seats[s].name));
    return { index, mine: index === myTeam, short: index === myTeam ? "Us" : "Them", long: names.join(" & ") };
  });
  return { me, myTeam, seats, teams: teamNames };
}

/** "West (opponent)", "North (partner)", "South (you)". */
export function seatLabel(info) {
  return `${info.name} (${info.role})`;
}

/** How a seat is named in running text: "you" for the human, else the compass name. */
export function seatWho(seating, seat, { capital = false } = {}) {
  if (seat === seating.me) return capital ? "You" : "you";
  return seating.seats[seat].name;
}
