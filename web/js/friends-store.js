// The friends' tables kept on the device, one per daily, beside the statistics:
//   stichtag:v1:friends:<game>:<date>   {schema, friends: [{code, name, score_text,
//                                        won, difference, par_unit, level}]}
// Only codes the engine verified are added (op "friend"); what is kept is what
// the table shows. A table that cannot be read is set aside like a save (never
// deleted) and the daily's table starts empty.
import { PREFIX } from "./storage.js";

export const FRIENDS_SCHEMA = 1;

export function friendsKey(game, date) { return `${PREFIX}friends:${game}:${date}`; }

function isEntry(entry) {
  return entry !== null && typeof entry === "object" && !Array.isArray(entry)
    && typeof entry.code === "string" && typeof entry.name === "string"
    && typeof entry.score_text === "string" && typeof entry.won === "boolean"
    && (entry.difference === null || Number.isInteger(entry.difference))
    && typeof entry.par_unit === "string" && typeof entry.level === "string";
}

/** The friends of daily (game, date): {friends, problem?: true, aside?}. */
export function readFriends(store, game, date) {
  const key = friendsKey(game, date);
  const { raw, value, ok } = store.getJSON(key);
  if (raw === null) return { friends: [] };
  const good = ok && value && value.schema === FRIENDS_SCHEMA && Array.isArray(value.friends) && value.friends.every(isEntry);
  if (good) return { friends: value.friends };
  return { friends: [], problem: true, aside: store.setAside(key) };
}

/** Add (or replace: the same code again) a verified friend; false when the table could not be written. */
export function addFriend(store, game, date, entry) {
  const { friends, aside } = readFriends(store, game, date);
  if (aside === "kept") return false;
  const kept = friends.filter((friend) => friend.code !== entry.code);
  kept.push(entry);
  return store.setJSON(friendsKey(game, date), { schema: FRIENDS_SCHEMA, friends: kept });
}

export function clearFriends(store, game, date) {
  store.remove(friendsKey(game, date));
}

/** A verified friend as the table keeps it, from the engine's "friend" reply. */
export function entryOf(reply) {
  const { friend } = reply;
  return {
    code: reply.code,
    name: friend.name,
    score_text: reply.score_text,
    won: friend.result.won,
    difference: friend.par ? friend.par.difference : null,
    par_unit: reply.par_unit,
    level: friend.level,
  };
}
