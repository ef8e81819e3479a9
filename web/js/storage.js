// Everything the site keeps on the device, under versioned keys:
//   stichtag:v1:save:daily:<game>:<date>   the daily of that date in progress / finished
//   stichtag:v1:save:free                  the free Karnöffel game
//   stichtag:v1:save:free:<game>           the free game of any other game
//   stichtag:v1:settings                   the chosen free-play rules, card faces and language
//   stichtag:v1:save:tutorial:<id>         a tutorial in progress (its own slot)
//   stichtag:v1:learn                      {offered, completed: [tutorial ids]}
//   stichtag:v1:stats:<game>               {schema, results: [{number, won, archive, hints?, difference?}]}
//   stichtag:v1:friends:<game>:<date>      that daily's friends' table (friends-store.js)
//   stichtag:v1:setaside:<timestamp>       a save or stats that could not be used
// A save is {format: SAVE_FORMAT, save, daily?: {game, date}, between?: true, hints?: true, shown?, savedAt}
// where `save` is the engine's save of the match: its record without the deals,
// other seats' hidden actions sealed (the page never keeps a card it may not
// know); between: saved while a finished deal was on show, before the next deal;
// shown (a daily's): the engine's last state response on show, drawn at first paint.
// Format 1 kept the whole record (deals included): it is read once and rewritten.
// localStorage may be missing (private mode: SecurityError) or full
// (QuotaExceededError): every call here is safe, values then live in memory
// for the session and `onProblem(kind, error)` is told once per kind.

export const PREFIX = "stichtag:v1:";
export const SAVE_FORMAT = 2;
export const FREE_SLOT = `${PREFIX}save:free`;
export const SETTINGS_KEY = `${PREFIX}settings`;

export function dailySlot(game, date) { return `${PREFIX}save:daily:${game}:${date}`; }

/** Free slots named before there was a second game keep their name. */
const FIRST_FREE_SLOTS = { karnoffel: FREE_SLOT };

/** The slot of `game`'s free game. */
export function freeSlot(game) { return FIRST_FREE_SLOTS[game] || `${FREE_SLOT}:${game}`; }
export function statsKey(game) { return `${PREFIX}stats:${game}`; }
/** A tutorial's own save slot: leaving it and coming back resumes it. */
export function tutorialSlot(id) { return `${PREFIX}save:tutorial:${id}`; }
/** What the person has done with the tutorials: {offered: bool, completed: [ids]}. */
export const LEARN_KEY = `${PREFIX}learn`;

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** One daily's result as the statistics keep it. */
function isResult(entry) {
  return isObject(entry) && Number.isInteger(entry.number) && entry.number >= 1
    && typeof entry.won === "boolean" && typeof entry.archive === "boolean"
    && (entry.difference === undefined || Number.isInteger(entry.difference));
}

function isQuota(error) {
  return error && (error.name === "QuotaExceededError" || error.name === "NS_ERROR_DOM_QUOTA_REACHED" || error.code === 22);
}

export class Store {
  constructor({ onProblem = () => {} } = {}) {
    this.onProblem = onProblem;
    this.memory = new Map(); // values that could not be written, for this session
    this.told = new Set();
    this.local = null;
    try {
      const local = globalThis.localStorage;
      const probe = `${PREFIX}probe`;
      local.setItem(probe, "1");
      local.removeItem(probe);
      this.local = local;
    } catch (error) {
      if (isQuota(error)) {
        // Present but full: reading still works.
        try { this.local = globalThis.localStorage; } catch { this.local = null; }
        this._tell("full", error);
      } else {
        this._tell("unavailable", error);
      }
    }
  }

  get available() { return this.local !== null; }

  _tell(kind, error) {
    if (this.told.has(kind)) return;
    this.told.add(kind);
    this.onProblem(kind, error);
  }

  get(key) {
    if (this.memory.has(key)) return this.memory.get(key);
    if (!this.local) return null;
    try { return this.local.getItem(key); } catch (error) { this._tell("unavailable", error); return null; }
  }

  /** Write; true when it reached the device's storage. */
  set(key, value) {
    if (this.local) {
      try {
        this.local.setItem(key, value);
        this.memory.delete(key);
        return true;
      } catch (error) {
        this._tell(isQuota(error) ? "full" : "failed", error);
      }
    }
    this.memory.set(key, value);
    return false;
  }

  remove(key) {
    this.memory.delete(key);
    if (!this.local) return;
    try { this.local.removeItem(key); } catch { /* nothing to do */ }
  }

  keys() {
    const keys = new Set(this.memory.keys());
    if (this.local) {
      try {
        for (let i = 0; i < this.local.length; i++) keys.add(this.local.key(i));
      } catch { /* ignore */ }
    }
    return [...keys].filter((key) => key && key.startsWith(PREFIX));
  }

  getJSON(key) {
    const raw = this.get(key);
    if (raw === null) return { raw: null, value: undefined, ok: true };
    try { return { raw, value: JSON.parse(raw), ok: true }; } catch { return { raw, value: undefined, ok: false }; }
  }

  setJSON(key, value) { return this.set(key, JSON.stringify(value)); }

  // ---------------------------------------------------------------- saves
  /**
   * The save in `slot`: {status: "none"} | {status: "ok", save} |
   * {status: "bad", reason: {key, params}} (checked only as far as the page
   * can; the engine checks the record itself when it is loaded).
   */
  readSave(slot) {
    const { raw, value, ok } = this.getJSON(slot);
    if (raw === null) return { status: "none" };
    if (!ok) return { status: "bad", reason: { key: "save.unreadable", params: {} } };
    if (!value || typeof value !== "object" || Array.isArray(value)) {
      return { status: "bad", reason: { key: "save.shape", params: {} } };
    }
    const format = value.format;
    if (format === 1 && isObject(value.record)) {
      // The old shape kept the deals: drop them (they come back from the seed or
      // the pinned daily) and keep the game in progress.
      const save = { ...value.record };
      delete save.deals;
      const migrated = { ...value, format: SAVE_FORMAT, save };
      delete migrated.record;
      this.setJSON(slot, migrated);
      return { status: "ok", save: migrated };
    }
    if (typeof format === "number" && format !== SAVE_FORMAT) {
      const key = format > SAVE_FORMAT ? "save.newer" : "save.older";
      return { status: "bad", reason: { key, params: { found: format, expected: SAVE_FORMAT } } };
    }
    if (format !== SAVE_FORMAT || !isObject(value.save)) {
      return { status: "bad", reason: { key: "save.shape", params: {} } };
    }
    return { status: "ok", save: value };
  }

  writeSave(slot, { save, daily, between = false, hints = false, shown = null }) {
    const stored = { format: SAVE_FORMAT, save, savedAt: new Date().toISOString() };
    if (daily) stored.daily = { game: daily.game, date: daily.date };
    // [instant] the state on show (the engine's, the seat's own view): drawn at
    // the next first paint, before the engine is ready (first-paint.js).
    if (shown) stored.shown = shown;
    if (between) stored.between = true;
    if (hints) stored.hints = true; // played with "learn with hints" (a daily says so)
    return this.setJSON(slot, stored);
  }

  /**
   * Move whatever is in `key` aside: "moved" when a copy was kept on the device
   * and `key` is free again; "kept" when there is no room for a copy, so it stays
   * where it is (nothing is ever deleted); "none" when there was nothing.
   */
  setAside(key) {
    const raw = this.get(key);
    if (raw === null) return "none";
    let aside = `${PREFIX}setaside:${Date.now()}`;
    for (let n = 1; this.get(aside) !== null; n++) aside = `${PREFIX}setaside:${Date.now()}-${n}`;
    if (!this.set(aside, JSON.stringify({ from: key, at: new Date().toISOString(), value: raw }))) {
      this.memory.delete(aside); // not on the device: no copy worth pretending to have
      return "kept";
    }
    this.remove(key);
    return "moved";
  }

  // ------------------------------------------------------------- settings
  /** The remembered settings: {settings, problem?}; unreadable ones are set aside. */
  readSettings() {
    const { raw, value, ok } = this.getJSON(SETTINGS_KEY);
    if (raw === null) return { settings: {} };
    if (ok && isObject(value)) return { settings: value };
    return { settings: {}, problem: "unreadable", aside: this.setAside(SETTINGS_KEY) };
  }

  writeSettings(settings) { return this.setJSON(SETTINGS_KEY, settings); }

  /** The language chosen in the menu, if any (read before the app starts: the first texts). */
  static rememberedLanguage() {
    try {
      const value = JSON.parse(globalThis.localStorage.getItem(SETTINGS_KEY));
      return isObject(value) && typeof value.language === "string" ? value.language : null;
    } catch {
      return null;
    }
  }

  // ------------------------------------------------------------ tutorials
  /** {offered, completed}: whether the first visit's offer was made, the tutorials completed. */
  readLearn() {
    const { value } = this.getJSON(LEARN_KEY);
    const ok = isObject(value);
    const completed = ok && Array.isArray(value.completed) ? value.completed.filter((id) => typeof id === "string") : [];
    return { offered: ok && value.offered === true, completed };
  }

  writeLearn(learn) { return this.setJSON(LEARN_KEY, { offered: !!learn.offered, completed: [...new Set(learn.completed)] }); }

  // ---------------------------------------------------------------- stats
  /**
   * The daily results of `game`: {results, problem?}. A stats entry of
   * another schema or unreadable is set aside (problem: {key, params} says why).
   */
  readResults(game, schema) {
    const key = statsKey(game);
    const { raw, value, ok } = this.getJSON(key);
    if (raw === null) return { results: [] };
    let problem = null; // why they cannot be used, as a text key and its params
    if (!ok || !isObject(value) || !Array.isArray(value.results)) problem = { key: "stats.problem.unreadable", params: {} };
    else if (value.schema !== schema) problem = { key: "stats.problem.schema", params: { found: String(value.schema), expected: schema } };
    else {
      const bad = value.results.findIndex((entry) => !isResult(entry));
      if (bad >= 0) problem = { key: "stats.problem.entry", params: { number: bad + 1 } };
    }
    if (problem) {
      const aside = this.setAside(key);
      return { results: [], problem, aside };
    }
    return { results: value.results };
  }

  /** Record a daily's result once (one result per daily number); true if added. */
  addResult(game, schema, result) {
    const { results, aside } = this.readResults(game, schema);
    if (aside === "kept") return false; // the unreadable statistics stay where they are
    if (results.some((entry) => entry && entry.number === result.number)) return false;
    const entry = { number: result.number, won: result.won, archive: result.archive };
    if (result.hints) entry.hints = true;
    if (Number.isInteger(result.difference)) entry.difference = result.difference; // to par
    results.push(entry);
    this.setJSON(statsKey(game), { schema, results });
    return true;
  }
}
