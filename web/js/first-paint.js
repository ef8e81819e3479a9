// [instant] What the page draws at first paint, before the engine is ready
// (issue 46): today's daily from its pinned opening (openings/GAME/DATE.json:
// the engine's own state at the person's first decision, the seat's view
// only), or the last state shown of today's daily in progress, kept beside its
// save. Only a copy that belongs to today's daily of the game on show is drawn,
// and a kept one only if it is the state of the save beside it: a stale or
// corrupt copy is ignored, never shown (the engine opens the daily as before).
// No rule logic: the engine's answer replaces the copy as soon as it is ready.
import { BUILD_INFO } from "./build-info.js";
import { localDate } from "./dates.js";
import { gameFrom } from "./games/games.js";
import { SAVE_FORMAT, SETTINGS_KEY, dailySlot } from "./storage.js";

/** Addresses that open something else than today's daily. */
const ELSEWHERE = ["daily", "seed", "free", "tutorial", "friend"];

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The raw text stored under `key` (null: none, or no storage). */
function stored(key) {
  try {
    return globalThis.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function parsed(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A state response of today's daily of `game`, as the engine gives it, at the person's seat. */
export function isDailyState(state, game, date) {
  return isObject(state) && state.ok === true && isObject(state.view) && isObject(state.turn)
    && isObject(state.save) && isObject(state.outcome) && isObject(state.daily)
    && state.view.game === game && state.daily.game === game && state.daily.date === date
    && Number.isInteger(state.view.seat) && Array.isArray(state.view.legal)
    && Array.isArray(state.view.hands) && typeof state.view.phase === "string";
}

/** The copy a kept save carries, if it is the state of that very save (else null). */
export function keptState(entry, game, date) {
  if (!isObject(entry) || entry.format !== SAVE_FORMAT || !isObject(entry.save)) return null;
  const shown = entry.shown;
  if (!isDailyState(shown, game, date)) return null;
  if (!isObject(entry.daily) || entry.daily.game !== game || entry.daily.date !== date) return null;
  return JSON.stringify(shown.save) === JSON.stringify(entry.save) ? shown : null;
}

async function pinnedOpening(game, date) {
  // Only inside the span the build pinned (a request outside it could only fail).
  const span = (BUILD_INFO.openings || {})[game];
  if (!span || date < span[0] || date > span[1]) return null;
  try {
    const url = new URL(`../openings/${encodeURIComponent(game)}/${encodeURIComponent(date)}.json`, import.meta.url);
    const reply = await fetch(url);
    if (!reply.ok) return null;
    const state = await reply.json();
    return isDailyState(state, game, date) ? state : null;
  } catch {
    return null;
  }
}

/**
 * What to draw before the engine is ready, for a page at `params`:
 * {state, source: "opening" | "save", game, date} or null (nothing: wait for the engine).
 */
export async function firstPaintState(params) {
  if (ELSEWHERE.some((name) => params.has(name))) return null;
  const date = localDate();
  const settings = parsed(stored(SETTINGS_KEY));
  const game = gameFrom(params, isObject(settings) ? settings : null);
  const kept = stored(dailySlot(game, date));
  if (kept !== null) {
    const state = keptState(parsed(kept), game, date);
    return state ? { state, source: "save", game, date } : null;
  }
  const state = await pinnedOpening(game, date);
  return state ? { state, source: "opening", game, date } : null;
}
