// The app controller: which match is open (today's daily, an archive daily,
// a free game), saving it on the device after every action and restoring
// it on reload, the result / share / statistics / archive / new-game dialogs
// and the notices. Holds no rule logic: rule choices, daily numbers, dates
// that may be opened, share texts and streaks all come from the engine.
//
// URL: (nothing) today's daily · ?daily=YYYY-MM-DD that daily · ?free the
// free game (resumed, or a new one with the remembered rules) · ?seed=S a
// free game with that seed (&rules=&target=&players=&faces= override the
// remembered rules). Test knob: &level=random|heuristic|search.
// &game=doppelkopf|karnoffel picks the game of the daily and the free game
// (else the remembered one; see doppelkopf-app.js).
import { t } from "./texts.js";
import { Store, FREE_SLOT, dailySlot } from "./storage.js";
import { statsPanel, countdown } from "./stats.js";
import { sharePanel } from "./share.js";
import { el, button, createDialog, createNotices } from "./dialogs.js";
import { GAME_TITLES, dkNewGameFields, dkRules, dkRulesSummary, dkSettings, gameFrom, gamePrefix } from "./doppelkopf-app.js";

// The app's own stylesheet, linked from here so index.html stays the table's.
if (!document.querySelector('link[href$="css/app.css"]')) {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("../css/app.css", import.meta.url).href;
  document.head.append(link);
}

const DAILY_GAME = "karnoffel";
const FREE_GAME = "karnoffel";
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Engine error keys that mean "this date cannot be opened". */
const DATE_REFUSALS = new Set(["daily_bad_date", "daily_before_first", "daily_future", "bad_date", "daily_not_pinned"]);

/** The player's local calendar date as YYYY-MM-DD. */
export function localDate(now = new Date()) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function randomSeed() {
  const bytes = new Uint32Array(2);
  crypto.getRandomValues(bytes);
  return `free/${Date.now().toString(36)}-${bytes[0].toString(36)}${bytes[1].toString(36)}`;
}

function errorPayload(error) {
  if (error && error.payload) return error.payload;
  return { key: "error", params: {}, text: (error && error.message) || String(error) };
}

export class App {
  constructor({ engine, game }) {
    this.engine = engine;
    this.game = game;
    this.params = new URLSearchParams(location.search);
    this.level = null; // the URL's level once the catalog says it exists (else the default)
    this.slot = null; // {key, daily?: {game, date, number}}
    this.keptSlots = new Set(); // slots holding a bad save that had no room to be set aside
    this.resultShownFor = null;
    this.countdowns = [];
    this.mountUI();
    this.store = new Store({ onProblem: (kind, error) => this.storageProblem(kind, error) });
  }

  // ------------------------------------------------------------------ UI
  mountUI() {
    const header = document.querySelector("header.topbar") || document.body;
    const bar = el("div", "app-bar");
    this.titleEl = el("p", "app-title", t("header.loading"));
    this.titleEl.id = "app-title";
    this.titleEl.setAttribute("aria-live", "polite");
    const menu = el("nav", "app-menu");
    menu.setAttribute("aria-label", t("menu.label"));
    menu.append(
      button(t("menu.today"), () => this.navigate(""), "app-menu-today"),
      button(t("menu.archive"), () => this.showArchive(), "app-menu-archive"),
      button(t("menu.new"), () => this.showNewGame(), "app-menu-new"),
      button(t("menu.stats"), () => this.showStats(), "app-menu-stats"),
      this.gameSwitch = button(GAME_TITLES.doppelkopf, () => this.navigate(`game=${this.currentGame() === "doppelkopf" ? "karnoffel" : "doppelkopf"}`), "app-menu-game"),
    );
    bar.append(this.titleEl, menu);
    header.append(bar);

    const notices = el("div", "app-notices");
    notices.id = "app-notices";
    notices.hidden = true;
    notices.setAttribute("aria-live", "polite");
    if (header !== document.body) header.after(notices);
    else document.body.prepend(notices);
    this.notices = createNotices(notices);

    const stopCountdowns = () => { for (const c of this.countdowns.splice(0)) c.stop(); };
    this.dialogs = {
      result: createDialog(document.body, "result", { onClose: stopCountdowns }),
      stats: createDialog(document.body, "stats", { onClose: stopCountdowns }),
      archive: createDialog(document.body, "archive"),
      newGame: createDialog(document.body, "new-game"),
    };
  }

  setTitle(text) {
    this.titleEl.textContent = text;
  }

  titleFor(response) {
    const slot = this.slot;
    if (slot && slot.daily) {
      const { number, date } = slot.daily;
      return gamePrefix(slot.daily.game) + t(date < localDate() ? "header.archive" : "header.daily", { number, date });
    }
    const rules = response && response.view && response.view.rules;
    if (!rules) return "";
    if (response.view.game === "doppelkopf") return t("header.free", { rules: dkRulesSummary(rules) });
    const set = t(`rules.${rules.set}`);
    return t("header.free", { rules: t("rules.summary", { set, target: rules.target, players: rules.players }) });
  }

  storageProblem(kind, error) {
    const detail = (error && (error.name || error.message)) || "";
    const key = { unavailable: "notice.storage_unavailable", full: "notice.storage_full" }[kind] || "notice.storage_failed";
    this.notices.show(`storage-${kind}`, "warning", t(key, { detail }));
  }

  // --------------------------------------------------------------- start
  async start() {
    await this.refreshCatalog();
    const { settings, problem, aside } = this.store.readSettings();
    if (problem) this.notices.show("settings", "warning", t(aside === "kept" ? "notice.settings_kept" : "notice.settings_set_aside"));
    this.settings = this.normalizeSettings(settings);
    this.level = this.levelFromUrl();
    this.game.setHooks({
      onState: (response) => this.onState(response),
      onMatchOver: (response) => this.onMatchOver(response),
      onNewMatch: () => this.newFreeGame(),
      onError: (error) => this.onGameError(error),
    });
    addEventListener("popstate", () => {
      this.params = new URLSearchParams(location.search);
      this.route();
    });
    await this.route();
  }

  /** Open what the URL asks for. */
  /** The game this page plays now (the URL's, else the remembered one). */
  currentGame() {
    return gameFrom(this.params, this.settings);
  }

  freeSlot() {
    return this.currentGame() === "karnoffel" ? FREE_SLOT : `${FREE_SLOT}:${this.currentGame()}`;
  }

  /** What the engine offers for the local date (today's daily, the archive); again after midnight. */
  async refreshCatalog() {
    const today = localDate();
    if (this.catalog && this.catalogDate === today) return;
    const catalog = await this.engine.request({ op: "catalog", today });
    if (!catalog || !catalog.ok) throw new Error(`catalog: ${JSON.stringify(catalog)}`);
    this.catalog = catalog;
    this.catalogDate = today;
  }

  async route() {
    await this.refreshCatalog();
    const params = this.params;
    const other = this.currentGame() === "doppelkopf" ? "karnoffel" : "doppelkopf";
    this.gameSwitch.textContent = GAME_TITLES[other];
    this.gameSwitch.title = `Play ${GAME_TITLES[other]}`;
    if (params.has("daily")) return this.openDaily(params.get("daily"), { fromUrl: true });
    if (params.has("seed")) return this.openFree({ seed: params.get("seed"), rules: this.rulesFromUrl() });
    if (params.has("free")) return this.openFree({});
    return this.openToday();
  }

  /** Change the URL (keeping the test knobs) and open what it names. */
  navigate(query) {
    const next = new URLSearchParams(query);
    for (const knob of ["level", "pace", "game"]) if (this.params.has(knob) && !next.has(knob)) next.set(knob, this.params.get(knob));
    const search = next.toString();
    history.pushState(null, "", search ? `?${search}` : location.pathname);
    this.params = next;
    for (const dialog of Object.values(this.dialogs)) dialog.close();
    return this.route();
  }

  /** The URL's test knob &level=, if the engine has that level; else a notice and the default. */
  levelFromUrl() {
    const wanted = this.params.get("level");
    if (wanted === null || wanted === "") return null;
    if (this.catalog.accepted_levels.includes(wanted)) return wanted;
    this.notices.show("bad-level", "warning", t("notice.bad_level", { level: wanted.slice(0, 40) }));
    this.params.delete("level");
    history.replaceState(null, "", this.keptKnobs());
    return null;
  }

  withLevel(request) {
    if (this.level) request.level = this.level;
    return request;
  }

  /** game.open with the slot its states are saved to; the old slot stays on failure. */
  async openInSlot(slot, request) {
    const previous = this.slot;
    const previousFaces = this.game.options ? this.game.options.faces : null;
    // A daily's rules are fixed: it is shown with the remembered card faces;
    // a free game with the faces of its own rules.
    this.game.setOptions({ faces: slot.daily ? this.settings.faces : null });
    this.slot = slot;
    this.resultShownFor = null;
    try {
      const response = await this.game.open(this.withLevel(request));
      this.setTitle(this.titleFor(response));
      return response;
    } catch (error) {
      this.slot = previous;
      this.game.setOptions({ faces: previousFaces });
      throw error;
    }
  }

  // -------------------------------------------------------------- dailies
  async openToday() {
    const today = localDate();
    const first = this.catalog.daily.first;
    if (today < first) {
      this.notices.show("before-first", "info", t("notice.before_first", { first }));
      return this.openFree({});
    }
    return this.openDaily(today, {});
  }

  async openDaily(date, { fromUrl = false } = {}) {
    const game = this.currentGame();
    const today = localDate();
    const text = String(date);
    // Only a well-formed date is used as a storage key or fetched; the engine
    // decides whether it may be opened.
    const plausible = ISO_DATE.test(text) && text >= this.catalog.daily.first && text <= today;
    if (plausible) {
      const key = dailySlot(game, text);
      const saved = this.store.readSave(key);
      if (saved.status === "bad") {
        this.setAsideNotice(key, t(saved.reason.key, saved.reason.params));
      } else if (saved.status === "ok") {
        try {
          const response = await this.openInSlot({ key, daily: { game, date: text, number: null } },
            { op: "load", save: saved.save.save, daily: { game, date: text }, today, between_deals: saved.save.between === true });
          this.afterDailyOpened(response);
          return response;
        } catch (error) {
          const payload = errorPayload(error);
          if (!payload.key || !String(payload.key).startsWith("daily_")) {
            const reason = ["bad_daily_save", "bad_seat", "bad_save"].includes(payload.key) ? t("save.wrong_daily")
              : t("save.not_replayable", { reason: payload.text });
            this.setAsideNotice(key, reason);
          }
        }
      }
    }
    // The worker reads the pinned deals itself: the page never holds them.
    const request = { op: "daily", game, date: text, today };
    const slot = { key: plausible ? dailySlot(game, text) : null, daily: { game, date: text, number: null } };
    try {
      const response = await this.openInSlot(slot, request);
      this.afterDailyOpened(response);
      return response;
    } catch (error) {
      const payload = errorPayload(error);
      if (DATE_REFUSALS.has(payload.key)) return this.refuseDate(payload, { fromUrl });
      this.notices.show("open-failed", "error", t("notice.open_failed", { reason: payload.text }));
      throw error;
    }
  }

  afterDailyOpened(response) {
    if (response.daily && this.slot && this.slot.daily) {
      this.slot.daily.number = response.daily.number;
      this.setTitle(this.titleFor(response));
    }
    this.notices.hide("bad-url");
    if (response.outcome && response.outcome.finished) this.finishDaily(response);
  }

  /** A date that cannot be opened: say why, offer today's daily, keep a playable table. */
  async refuseDate(payload, { fromUrl }) {
    const today = localDate();
    const haveToday = today >= this.catalog.daily.first;
    const text = `${t("notice.bad_url", { reason: payload.text })} ${haveToday ? t("notice.bad_url_more") : ""}`.trim();
    const goToday = { label: t("notice.go_today"), onClick: () => this.navigate("") };
    // The table behind the notice: today's daily (or a free game before the first
    // daily, or when today's daily is the one that cannot be opened).
    if (fromUrl) history.replaceState(null, "", this.keptKnobs());
    this.params = new URLSearchParams(location.search);
    if (!this.game.response) {
      if (payload.key === "daily_not_pinned" || !haveToday) await this.openFree({});
      else await this.openToday();
    }
    this.notices.show("bad-url", "error", text, haveToday ? [goToday] : []);
    return null;
  }

  keptKnobs() {
    const next = new URLSearchParams();
    for (const knob of ["level", "pace", "game"]) if (this.params.has(knob)) next.set(knob, this.params.get(knob));
    const search = next.toString();
    return search ? `?${search}` : location.pathname;
  }

  /** A save that cannot be used: set aside (or, with no room for a copy, left where
   * it is and not written over this session) and the player told which. */
  setAsideNotice(key, reason) {
    const where = this.store.setAside(key);
    if (where === "kept") this.keptSlots.add(key);
    const text = { moved: "notice.set_aside", kept: "notice.set_aside_kept" }[where] || "notice.set_aside_lost";
    this.notices.show(`set-aside:${key}`, "warning", t(text, { reason }));
  }

  // ------------------------------------------------------------ free play
  normalizeSettings(raw) {
    const sets = this.catalog.games[FREE_GAME].sets;
    const faces = this.catalog.games[FREE_GAME].faces;
    const rules = (raw && typeof raw.rules === "object" && raw.rules) || {};
    const set = sets.find((entry) => entry.name === rules.set) || sets[0];
    const target = set.targets.includes(rules.target) ? rules.target : set.default_target;
    const players = set.players.includes(rules.players) ? rules.players : (set.players.includes(4) ? 4 : set.players[0]);
    return { rules: { set: set.name, target, players }, faces: faces.includes(raw && raw.faces) ? raw.faces : faces[0], ...dkSettings(raw, this.catalog) };
  }

  rulesFromUrl() {
    const params = this.params;
    if (this.currentGame() === "doppelkopf") return dkRules(this.settings);
    const rules = { ...this.settings.rules, faces: this.settings.faces };
    if (params.get("rules")) {
      rules.set = params.get("rules");
      delete rules.target;
      delete rules.players;
    }
    if (params.get("target")) rules.target = Number(params.get("target"));
    if (params.get("players")) rules.players = Number(params.get("players"));
    if (params.get("faces")) rules.faces = params.get("faces");
    return rules;
  }

  freeRules() {
    if (this.currentGame() === "doppelkopf") return dkRules(this.settings);
    const rules = { ...this.settings.rules };
    if (this.settings.faces !== "german") rules.faces = this.settings.faces;
    return rules;
  }

  /** The free game: resume its save (if it is the one asked for), else a new one. */
  async openFree({ seed = null, rules = null }) {
    const key = this.freeSlot();
    const saved = this.store.readSave(key);
    if (saved.status === "bad") this.setAsideNotice(key, t(saved.reason.key, saved.reason.params));
    if (saved.status === "ok" && (seed === null || saved.save.save.seed === seed)) {
      try {
        return await this.openInSlot({ key }, { op: "load", save: saved.save.save, between_deals: saved.save.between === true });
      } catch (error) {
        this.setAsideNotice(key, t("save.not_replayable", { reason: errorPayload(error).text }));
      }
    }
    return this.startFree({ seed: seed || randomSeed(), rules: rules || this.freeRules() });
  }

  async startFree({ seed, rules }) {
    try {
      return await this.openInSlot({ key: this.freeSlot() }, { op: "new", game: this.currentGame(), rules, seed });
    } catch (error) {
      this.notices.show("open-failed", "error", t("notice.open_failed", { reason: errorPayload(error).text }));
      if (!this.game.response) return this.openInSlot({ key: this.freeSlot() }, { op: "new", game: this.currentGame(), rules: this.freeRules(), seed });
      return null;
    }
  }

  /** "New match" / "New game": fresh deals with the remembered rules. */
  async newFreeGame() {
    const next = new URLSearchParams({ free: "" });
    for (const knob of ["level", "pace", "game"]) if (this.params.has(knob)) next.set(knob, this.params.get(knob));
    history.pushState(null, "", `?${next.toString().replace("free=", "free")}`);
    this.params = next;
    for (const dialog of Object.values(this.dialogs)) dialog.close();
    return this.startFree({ seed: randomSeed(), rules: this.freeRules() });
  }

  // ----------------------------------------------------------------- hooks
  onState(response) {
    const slot = this.slot;
    if (!slot || !slot.key || !response || !response.save || this.keptSlots.has(slot.key)) return;
    if (response.daily && slot.daily) slot.daily.number = response.daily.number;
    const between = !!(response.view && response.view.phase === "deal");
    this.store.writeSave(slot.key, { save: response.save, daily: slot.daily, between });
  }

  onMatchOver(response) {
    if (this.slot && this.slot.daily) this.finishDaily(response);
  }

  onGameError(error) {
    // Refusals are explained on the table (moves) or by the app (opening);
    // engine crashes by main.js. Anything else gets a notice.
    if (!error || error.payload || error.kind === "crash" || error.kind === "boot") return;
    this.notices.show("game-error", "error", t("notice.engine_error", { reason: error.message || String(error) }));
  }

  // ------------------------------------------------ result, stats, archive
  /** Record the finished daily's result once and show the result dialog. */
  async finishDaily() {
    const slot = this.slot;
    if (!slot || !slot.daily || this.resultShownFor === slot.key) return;
    this.resultShownFor = slot.key;
    const address = `${location.origin}${location.pathname}`;
    let share = await this.engine.request({ op: "share", address });
    if (share && !share.ok && share.error.key === "not_shareable" && this.game.response) {
      // The engine was restarted and reopened the match without its daily: say which daily it is.
      const daily = { game: slot.daily.game, date: slot.daily.date };
      await this.engine.request({ op: "load", save: this.game.response.save, daily, today: localDate() });
      share = await this.engine.request({ op: "share", address });
    }
    if (!share || !share.ok) return;
    const { game, date } = slot.daily;
    let number = slot.daily.number;
    if (number === null) {
      const known = [this.catalog.daily.today, ...this.catalog.daily.archive.entries].find((d) => d && d.date === date);
      number = known ? known.number : null;
    }
    const archive = date < localDate();
    this.store.addResult(game, this.catalog.stats_schema, { number, won: share.won, archive });
    const summary = await this.summary(game);
    this.countdowns.forEach((c) => c.stop());
    const clock = countdown({ onReady: () => this.navigate("") });
    this.countdowns.push(clock);
    const actions = el("div", "app-dialog-actions");
    actions.append(
      button(t("result.new_free"), () => this.newFreeGame()),
      button(t("result.archive"), () => { this.dialogs.result.close(); this.showArchive(); }),
    );
    const title = t(archive ? "result.title_archive" : "result.title", { number, date });
    this.dialogs.result.open(title, sharePanel(share), statsPanel(summary), clock.node, actions);
  }

  async summary(game) {
    const { results, problem, aside } = this.store.readResults(game, this.catalog.stats_schema);
    if (problem) {
      const key = aside === "kept" ? "notice.stats_kept" : "notice.stats_set_aside";
      this.notices.show(`stats-${game}`, "warning", t(key, { reason: problem }));
    }
    const reply = await this.engine.request({ op: "stats", results, today: localDate() });
    return reply && reply.ok ? reply.stats : null;
  }

  async showStats() {
    const summary = await this.summary(this.currentGame());
    this.countdowns.forEach((c) => c.stop());
    const clock = countdown({ onReady: () => this.navigate("") });
    this.countdowns.push(clock);
    this.dialogs.stats.open(t("stats.heading"), statsPanel(summary), clock.node);
  }

  async showArchive() {
    await this.refreshCatalog();
    const game = this.currentGame();
    const { results, problem, aside } = this.store.readResults(game, this.catalog.stats_schema);
    if (problem) {
      const key = aside === "kept" ? "notice.stats_kept" : "notice.stats_set_aside";
      this.notices.show(`stats-${game}`, "warning", t(key, { reason: problem }));
    }
    const byNumber = new Map(results.map((r) => [r.number, r]));
    const list = el("ol", "archive-list");
    const addEntries = (entries) => {
      for (const { number, date } of entries) {
        const item = el("li", "archive-item");
        const link = el("a", "archive-link", t("archive.entry", { number, date }));
        link.href = `?daily=${date}`;
        link.dataset.date = date;
        link.addEventListener("click", (event) => {
          event.preventDefault();
          this.navigate(`daily=${date}`);
        });
        const result = byNumber.get(number);
        let status = "none";
        if (result) status = result.won ? "won" : "lost";
        else if (this.store.get(dailySlot(game, date)) !== null) status = "playing";
        item.dataset.status = status;
        item.append(link);
        if (status !== "none") item.append(el("span", `archive-status archive-status-${status}`, t(`archive.status.${status}`)));
        list.append(item);
      }
    };
    const archive = this.catalog.daily.archive;
    addEntries(archive.entries);
    const nodes = [el("p", "archive-intro", t("archive.intro"))];
    nodes.push(archive.total ? list : el("p", "archive-empty", t("archive.empty")));
    let shown = archive.entries.length;
    if (shown < archive.total) {
      // Older dailies page by page: the list never grows with the calendar at once.
      const more = button(t("archive.more"), async () => {
        const page = await this.engine.request({ op: "archive", today: localDate(), offset: shown });
        if (!page || !page.ok) return;
        addEntries(page.entries);
        shown += page.entries.length;
        if (shown >= page.total) more.remove();
      }, "archive-more");
      nodes.push(more);
    }
    this.dialogs.archive.open(t("archive.heading"), ...nodes);
  }

  showNewGame() {
    const spec = this.catalog.games[FREE_GAME];
    const form = el("form", "new-game-form");
    form.method = "dialog";
    const choice = (name, label, options, current) => {
      const field = el("label", `new-game-field new-game-${name}`);
      const select = el("select");
      select.name = name;
      for (const [value, text] of options) {
        const option = el("option", "", text);
        option.value = String(value);
        option.selected = value === current;
        select.append(option);
      }
      field.append(el("span", "new-game-label", label), select);
      return { field, select };
    };
    const setChoice = choice("set", t("new.rules"), spec.sets.map((s) => [s.name, t(`rules.${s.name}`)]), this.settings.rules.set);
    const targetBox = el("div", "new-game-dependent");
    let target;
    let players;
    const fillDependent = (setName, keep) => {
      const set = spec.sets.find((s) => s.name === setName);
      const wantTarget = keep && set.targets.includes(keep.target) ? keep.target : set.default_target;
      const wantPlayers = keep && set.players.includes(keep.players) ? keep.players : (set.players.includes(4) ? 4 : set.players[0]);
      target = choice("target", t("new.target"), set.targets.map((n) => [n, String(n)]), wantTarget);
      players = choice("players", t("new.players"), set.players.map((n) => [n, String(n)]), wantPlayers);
      targetBox.replaceChildren(target.field, players.field);
    };
    fillDependent(this.settings.rules.set, this.settings.rules);
    setChoice.select.addEventListener("change", () => fillDependent(setChoice.select.value, null));
    const facesChoice = choice("faces", t("new.faces"), spec.faces.map((f) => [f, t(`faces.${f}`)]), this.settings.faces);
    const actions = el("div", "app-dialog-actions");
    const start = el("button", "primary new-game-start", t("new.start"));
    start.type = "submit";
    actions.append(button(t("new.cancel"), () => this.dialogs.newGame.close()), start);
    const dk = dkNewGameFields(this.settings, this.catalog, this.currentGame(), [setChoice.field, targetBox, facesChoice.field]);
    form.append(el("p", "new-game-intro", t("new.intro")), ...dk.nodes, setChoice.field, targetBox, facesChoice.field, actions);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.settings = this.normalizeSettings({
        rules: { set: setChoice.select.value, target: Number(target.select.value), players: Number(players.select.value) },
        faces: facesChoice.select.value,
        ...dk.read(),
      });
      if (this.params.has("game") || this.settings.game !== "karnoffel") this.params.set("game", this.settings.game);
      this.store.writeSettings(this.settings);
      this.dialogs.newGame.close();
      this.newFreeGame();
    });
    this.dialogs.newGame.open(t("new.heading"), form);
  }
}

/** Start the app once the engine is ready; `game` comes from createGame(). */
export async function startApp({ engine, game }) {
  const app = new App({ engine, game });
  if (globalThis.stichtag) globalThis.stichtag.app = app;
  await app.start();
  return app;
}
