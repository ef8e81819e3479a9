// The app controller: which match is open (today's daily, an archive daily,
// a free game) in which slot, saving it on the device after every action and
// restoring it on reload, and the notices. The dialogs are in dialogs/, each
// game's free-play set-up in games/. Holds no rule logic: rule choices, daily
// numbers, dates that may be opened, share texts and streaks all come from the
// engine.
//
// URL: (nothing) today's daily · ?daily=YYYY-MM-DD that daily · ?free the
// free game (resumed, or a new one with the remembered rules) · ?seed=S a
// free game with that seed (&rules=&target=&players=&faces= override the
// remembered rules) · ?tutorial=ID that tutorial (resumed from its own slot).
// &friend=CODE (with ?daily=) adds a friend's game of that daily to its friends'
// table. Test knob: &level=random|heuristic|search.
// &game=karnoffel|doppelkopf picks the game of the daily and the free game
// (else the remembered one; see games/games.js).
import { localDate } from "./dates.js";
import { button, h } from "./dom.js";
import { DEFAULT_GAME, gameFrom, nextGame, normalizeSettings, setups } from "./games/games.js";
import { createNotices } from "./notices.js";
import { rulesHref } from "./rules.js";
import { HINTED_DECISIONS } from "./game.js";
import { Store, dailySlot, freeSlot, tutorialSlot } from "./storage.js";
import { tables } from "./table/tables.js";
import { formatMessage } from "./table/messages.js";
import { LANGUAGE_NAMES, LANGUAGES, currentLanguage, formatDate, onLanguageChange, sentences, t, useLanguage } from "./texts.js";
import { openArchive } from "./dialogs/archive.js";
import { createDialog } from "./dialogs/dialog.js";
import { openHowToPlay } from "./dialogs/how-to-play.js";
import { openLearn } from "./dialogs/learn.js";
import { addFriendCode, friendsPanel, openFriends } from "./dialogs/friends.js";
import { openReview } from "./dialogs/review.js";
import { openNewGame } from "./dialogs/new-game.js";
import { openResult } from "./dialogs/result.js";
import { loadSummary, openStats } from "./dialogs/stats.js";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Engine error keys that mean "this date cannot be opened". */
const DATE_REFUSALS = new Set(["daily_bad_date", "daily_before_first", "daily_future", "bad_date", "daily_not_pinned"]);

/** A menu entry that opens a list of `items` (a native <details>: keyboard and screen readers know it). */
function menuGroup(className, items) {
  const summary = h("summary", { class: "app-menu-toggle" });
  const root = h("details", { class: `app-menu-group ${className}` }, summary,
    h("div", { class: "app-menu-list" }, items));
  return { root, summary };
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

/** An engine refusal (a bad date, a save that cannot be replayed) in words. */
function refusalWords(payload) {
  return formatMessage(payload);
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
    this.mountUI();
    this.store = new Store({ onProblem: (kind, error) => this.storageProblem(kind, error) });
    onLanguageChange(() => this.refreshTexts());
  }

  // ------------------------------------------------------------------ UI
  mountUI() {
    const header = document.querySelector("header.topbar") || document.body;
    this.titleEl = h("p", { class: "app-title", id: "app-title", "aria-live": "polite" }, t("header.loading"));
    this.menuItems = {
      today: button("", () => this.navigate(""), "app-menu-today"),
      archive: button("", () => this.showArchive(), "app-menu-archive"),
      new: button("", () => this.showNewGame(), "app-menu-new"),
      stats: button("", () => this.showStats(), "app-menu-stats"),
      learn: button("", () => this.showLearn(), "app-menu-learn"),
      howto: button("", () => this.showHowToPlay(), "app-menu-howto"),
      friends: button("", () => this.showFriends(), "app-menu-friends"),
      // A room with friends (rooms/): apart from the friends' table of share codes.
      room: button("", () => this.showRoom(), "app-menu-room"),
      review: button("", () => this.showReview(), "app-menu-review"),
      // The rules of the game on the table, in a new tab: the game stays open.
      rules: h("a", { class: "app-menu-rules", href: rulesHref(), target: "_blank", rel: "noopener" }),
    };
    this.gameSwitch = button("", () => this.navigate(`game=${nextGame(this.currentGame())}`), "app-menu-game");
    this.languageChoice = h("select", { class: "app-menu-language", name: "language" },
      LANGUAGES.map((code) => h("option", { value: code, lang: code }, LANGUAGE_NAMES[code])));
    this.languageChoice.addEventListener("change", () => this.chooseLanguage(this.languageChoice.value));
    // "Learn with hints": the next HINTED_DECISIONS decisions get the engine's advice.
    this.hintSwitch = h("button", { type: "button", class: "app-menu-hints", "aria-pressed": "false", onclick: () => this.toggleHints() });
    // Three controls in sight (the ways to learn, the language, Menu) and the rest in
    // the "Menu" list, like the best casual games: on a phone the bar stays one short row.
    const items = this.menuItems;
    this.learnGroup = menuGroup("app-menu-learn-group", [items.learn, items.howto, items.rules, this.hintSwitch]);
    this.moreGroup = menuGroup("app-menu-more", [items.today, items.stats, items.archive, items.new, items.room, items.friends, items.review, this.gameSwitch]);
    this.menu = h("nav", { class: "app-menu" }, this.learnGroup.root, this.languageChoice, this.moreGroup.root);
    header.append(h("div", { class: "app-bar" }, this.titleEl, this.menu));
    // One list open at a time; a choice, Escape or a tap elsewhere closes it.
    const groups = [this.learnGroup.root, this.moreGroup.root];
    for (const group of groups) {
      group.addEventListener("toggle", () => {
        if (group.open) for (const other of groups) if (other !== group) other.open = false;
      });
      group.addEventListener("click", (event) => {
        if (event.target.closest(".app-menu-list button, .app-menu-list a")) group.open = false;
      });
      group.addEventListener("keydown", (event) => {
        if (event.key !== "Escape" || !group.open) return;
        group.open = false;
        group.querySelector("summary").focus();
      });
    }
    document.addEventListener("click", (event) => {
      for (const group of groups) if (group.open && !group.contains(event.target)) group.open = false;
    });
    this.labelMenu();

    const notices = h("div", { class: "app-notices", id: "app-notices", hidden: true, "aria-live": "polite" });
    if (header !== document.body) header.after(notices);
    else document.body.prepend(notices);
    this.notices = createNotices(notices);

    this.dialogs = {
      result: createDialog(document.body, "result"),
      stats: createDialog(document.body, "stats"),
      archive: createDialog(document.body, "archive"),
      newGame: createDialog(document.body, "new-game"),
      learn: createDialog(document.body, "learn"),
      howto: createDialog(document.body, "howto"),
      friends: createDialog(document.body, "friends"),
      review: createDialog(document.body, "review"),
    };
  }

  /** The menu's words, in the page's language. */
  labelMenu() {
    this.menu.setAttribute("aria-label", t("menu.label"));
    this.learnGroup.summary.textContent = t("menu.learn_group");
    this.moreGroup.summary.textContent = t("menu.more");
    for (const [name, item] of Object.entries(this.menuItems)) item.textContent = t(`menu.${name}`);
    const other = t(`game.${nextGame(this.currentGame())}`);
    this.gameSwitch.textContent = other;
    this.gameSwitch.title = t("menu.play_game", { game: other });
    this.languageChoice.value = currentLanguage();
    this.languageChoice.setAttribute("aria-label", t("menu.language"));
    this.languageChoice.title = t("menu.language");
    this.hintSwitch.textContent = t("menu.hints");
    this.hintSwitch.title = t("menu.hints_title", { number: HINTED_DECISIONS });
    this.updateRulesLink();
  }

  /** Hints on for the next decisions, or off. */
  toggleHints() {
    this.game.setHints(this.game.hints > 0 ? 0 : HINTED_DECISIONS);
  }

  /** The switch shows whether hints are on (they switch off by themselves after three decisions). */
  onHints(left) {
    this.hintSwitch.setAttribute("aria-pressed", String(left > 0));
  }

  /** A hint was shown: a daily is then "played with hints" (in its save, share text and statistics). */
  onHintShown(response) {
    const slot = this.slot;
    if (!slot || !slot.daily || slot.hinted) return;
    slot.hinted = true;
    this.onState(response, slot);
  }

  /** The menu's rules link: the page of the game and rule set on the table, in the page's language. */
  updateRulesLink() {
    const response = this.game.response;
    this.menuItems.rules.href = rulesHref(response ? response.view : null);
  }

  /** The language chosen in the menu: used at once, remembered on the device. */
  async chooseLanguage(code) {
    let used;
    try {
      used = await useLanguage(code);
    } catch {
      this.languageChoice.value = currentLanguage();
      this.notices.show("language", "error", () => t("notice.language_failed", { language: LANGUAGE_NAMES[code] || code }));
      return;
    }
    this.notices.hide("language");
    if (!this.settings) return;
    this.settings = { ...this.settings, language: used };
    this.store.writeSettings(this.settings);
  }

  /** Everything on show in the page's language again; the game in progress goes on as it is. */
  refreshTexts() {
    this.labelMenu();
    const response = this.game.response;
    this.setTitle(response ? this.titleFor(response) : t("header.loading"));
    this.notices.refresh();
    for (const dialog of Object.values(this.dialogs)) dialog.close();
    this.game.redraw();
  }

  setTitle(text) {
    this.titleEl.textContent = text;
  }

  titleFor(response) {
    const slot = this.slot;
    if (slot && slot.tutorial && response && response.tutorial) {
      return t("header.tutorial", { title: formatMessage(response.tutorial.title) });
    }
    if (slot && slot.daily) {
      const { game, number, date } = slot.daily;
      return t(`game.prefix.${game}`) + t(date < localDate() ? "header.archive" : "header.daily", { number: String(number), date: formatDate(date) });
    }
    const rules = response && response.view && response.view.rules;
    if (!rules) return "";
    return t("header.free", { rules: setups[response.view.game].rulesSummary(rules) });
  }

  storageProblem(kind, error) {
    const detail = (error && (error.name || error.message)) || "";
    const key = { unavailable: "notice.storage_unavailable", full: "notice.storage_full" }[kind] || "notice.storage_failed";
    this.notices.show(`storage-${kind}`, "warning", () => t(key, { detail }));
  }

  // --------------------------------------------------------------- start
  async start() {
    await this.refreshCatalog();
    const { settings, problem, aside } = this.store.readSettings();
    if (problem) this.notices.show("settings", "warning", () => t(aside === "kept" ? "notice.settings_kept" : "notice.settings_set_aside"));
    this.settings = normalizeSettings(settings, this.catalog);
    this.level = this.levelFromUrl();
    this.game.setHooks({
      onState: (response, slot) => this.onState(response, slot),
      onContinue: (response, slot) => this.onState(response, slot, { between: false }),
      onMatchOver: (response, slot) => this.onMatchOver(response, slot),
      onNewMatch: () => this.newFreeGame(),
      onError: (error) => this.onGameError(error),
      onHints: (left) => this.onHints(left),
      onHintShown: (response) => this.onHintShown(response),
      onLeaveTutorial: () => this.navigate(""),
      onReview: () => this.showReview({ latest: true }),
    });
    addEventListener("popstate", () => {
      this.params = new URLSearchParams(location.search);
      this.route();
    });
    await this.route();
    this.offerTutorial();
  }

  /** The game this page plays now (the URL's, else the remembered one). */
  currentGame() {
    return gameFrom(this.params, this.settings);
  }

  /** The game now played, and its free-play set-up. */
  setup() {
    return setups[this.currentGame()];
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

  /** Open what the URL asks for. */
  async route() {
    await this.refreshCatalog();
    const params = this.params;
    this.labelMenu();
    if (params.has("tutorial")) return this.openTutorial(params.get("tutorial"));
    if (params.has("daily")) {
      const friend = params.get("friend");
      const response = await this.openDaily(params.get("daily"), { fromUrl: true });
      if (friend !== null && response) await this.friendFromLink(friend);
      return response;
    }
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
    this.notices.show("bad-level", "warning", () => t("notice.bad_level", { level: wanted.slice(0, 40) }));
    this.params.delete("level");
    history.replaceState(null, "", this.keptKnobs());
    return null;
  }

  /**
   * The level the computers play: the URL's test knob, else in a free game the
   * one remembered for it; dailies and tutorials name none, so the engine plays
   * the game's default one and results compare with par and with friends.
   */
  withLevel(request, slot) {
    const free = !slot.daily && !slot.tutorial;
    const level = this.level || (free && this.settings.levels[this.currentGame()]);
    if (level) request.level = level;
    return request;
  }

  /** game.open with the slot its states are saved to; the old slot stays on failure. */
  async openInSlot(slot, request) {
    const previous = this.slot;
    const previousFaces = this.game.options ? this.game.options.faces : null;
    // A daily's and a tutorial's rules are fixed: they are shown with the
    // remembered card faces; a free game with the faces of its own rules.
    this.game.setOptions({ faces: slot.daily || slot.tutorial ? this.settings.faces : null });
    this.notices.hide("learn-offer");
    this.slot = slot;
    this.resultShownFor = null;
    try {
      const response = await this.game.open(this.withLevel(request, slot), { owner: slot });
      this.setTitle(this.titleFor(response));
      this.updateRulesLink();
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
      this.notices.show("before-first", "info", () => t("notice.before_first", { first: formatDate(first) }));
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
        this.setAsideNotice(key, () => t(saved.reason.key, saved.reason.params));
      } else if (saved.status === "ok") {
        try {
          const response = await this.openInSlot({ key, daily: { game, date: text, number: null }, hinted: saved.save.hints === true },
            { op: "load", save: saved.save.save, daily: { game, date: text }, today, between_deals: saved.save.between === true });
          this.afterDailyOpened(response);
          return response;
        } catch (error) {
          const payload = errorPayload(error);
          if (!payload.key || !String(payload.key).startsWith("daily_")) {
            const reason = ["bad_daily_save", "bad_seat", "bad_save"].includes(payload.key) ? () => t("save.wrong_daily")
              : () => t("save.not_replayable", { reason: refusalWords(payload) });
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
      this.notices.show("open-failed", "error", () => t("notice.open_failed", { reason: refusalWords(payload) }));
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
    const text = () => sentences([t("notice.bad_url", { reason: refusalWords(payload) }), haveToday ? t("notice.bad_url_more") : ""]);
    const goToday = { label: () => t("notice.go_today"), onClick: () => this.navigate("") };
    // The table behind the notice: today's daily (or a free game before the first
    // daily, or when today's daily is the one that cannot be opened).
    if (fromUrl) history.replaceState(null, "", this.keptKnobs());
    this.params = new URLSearchParams(location.search);
    if (!this.game.response || this.game.previewing) { // a copy drawn at first paint is no game
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
   * it is and not written over this session) and the player told which
   * (`reason()`: why, in words). */
  setAsideNotice(key, reason) {
    const where = this.store.setAside(key);
    if (where === "kept") this.keptSlots.add(key);
    const text = { moved: "notice.set_aside", kept: "notice.set_aside_kept" }[where] || "notice.set_aside_lost";
    this.notices.show(`set-aside:${key}`, "warning", () => t(text, { reason: reason() }));
  }

  // ------------------------------------------------------------ tutorials
  /** A tutorial: resumed from its own slot, else from its start. Never counted in the statistics. */
  async openTutorial(id) {
    const tutorial = (this.catalog.tutorials || []).find((entry) => entry.id === id);
    if (!tutorial) {
      this.notices.show("bad-url", "error", () => t("notice.no_tutorial"));
      history.replaceState(null, "", this.keptKnobs());
      this.params = new URLSearchParams(location.search);
      return this.game.response ? null : this.openToday();
    }
    const key = tutorialSlot(id);
    const saved = this.store.readSave(key);
    if (saved.status === "bad") this.setAsideNotice(key, () => t(saved.reason.key, saved.reason.params));
    if (saved.status === "ok") {
      try {
        return await this.openInSlot({ key, tutorial: id }, { op: "load", save: saved.save.save, between_deals: saved.save.between === true });
      } catch (error) {
        this.setAsideNotice(key, () => t("save.not_replayable", { reason: refusalWords(errorPayload(error)) }));
      }
    }
    return this.openInSlot({ key, tutorial: id }, { op: "tutorial", id });
  }

  /** A first visit offers the tutorial of the game on show, once; the daily stays playable. */
  offerTutorial() {
    const learn = this.store.readLearn();
    if (learn.offered || this.slot && this.slot.tutorial) return;
    const tutorial = (this.catalog.tutorials || []).find((entry) => entry.game === this.currentGame());
    if (!tutorial) return;
    this.store.writeLearn({ ...learn, offered: true });
    this.notices.show("learn-offer", "info", () => t("notice.learn_offer", { title: formatMessage(tutorial.title) }),
      [{ label: () => t("notice.learn_start"), onClick: () => this.navigate(`tutorial=${tutorial.id}`) }]);
  }

  showLearn() {
    openLearn(this.dialogs.learn, {
      tutorials: this.catalog.tutorials || [],
      learn: this.store.readLearn(),
      saved: (id) => this.store.readSave(tutorialSlot(id)).status === "ok",
      onOpen: (id) => this.navigate(`tutorial=${id}`),
    });
  }

  /** "How to play" for the game and rule set on the table (the remembered one without a table). */
  showHowToPlay() {
    const response = this.game.response;
    const view = response ? response.view : null;
    const game = view ? view.game : this.currentGame();
    const sets = this.catalog.games[game].sets;
    const set = sets.find((entry) => view && view.rules && entry.name === view.rules.set) || sets[0];
    const faces = this.game.options.faces || (view && view.rules && view.rules.faces) || this.settings.faces || "german";
    openHowToPlay(this.dialogs.howto, {
      title: t(`game.${game}`),
      help: set.help,
      view,
      table: tables[game],
      faces,
      suit: (view && view.chosen) || "B",
    });
  }

  // ------------------------------------------------------------ free play
  rulesFromUrl() {
    return this.setup().rulesFromUrl(this.settings, this.params);
  }

  freeRules() {
    return this.setup().freeRules(this.settings);
  }

  /** The free game: resume its save (if it is the one asked for), else a new one. */
  async openFree({ seed = null, rules = null }) {
    const key = freeSlot(this.currentGame());
    const saved = this.store.readSave(key);
    if (saved.status === "bad") this.setAsideNotice(key, () => t(saved.reason.key, saved.reason.params));
    if (saved.status === "ok" && (seed === null || saved.save.save.seed === seed)) {
      try {
        return await this.openInSlot({ key }, { op: "load", save: saved.save.save, between_deals: saved.save.between === true });
      } catch (error) {
        const payload = errorPayload(error);
        this.setAsideNotice(key, () => t("save.not_replayable", { reason: refusalWords(payload) }));
      }
    }
    return this.startFree({ seed: seed || randomSeed(), rules: rules || this.freeRules() });
  }

  async startFree({ seed, rules }) {
    try {
      return await this.openInSlot({ key: freeSlot(this.currentGame()) }, { op: "new", game: this.currentGame(), rules, seed });
    } catch (error) {
      const payload = errorPayload(error);
      if (payload.key === "bad_seed") {
        // As with a bad level: a notice, and the address no longer names the seed.
        this.notices.show("bad-seed", "warning", () => t("notice.bad_seed", { reason: refusalWords(payload) }));
        this.params = this.freeParams();
        history.replaceState(null, "", this.freeSearch());
      } else {
        this.notices.show("open-failed", "error", () => t("notice.open_failed", { reason: refusalWords(payload) }));
      }
      if (this.game.response) return null;
      // A fresh game: what failed (the seed, the rules) is not tried again.
      return this.openInSlot({ key: freeSlot(this.currentGame()) }, { op: "new", game: this.currentGame(), rules: this.freeRules(), seed: randomSeed() });
    }
  }

  /** The address of a free game (`?free`), keeping the test knobs. */
  freeParams() {
    const next = new URLSearchParams({ free: "" });
    for (const knob of ["level", "pace", "game"]) if (this.params.has(knob)) next.set(knob, this.params.get(knob));
    return next;
  }

  freeSearch() {
    return `?${this.params.toString().replace("free=", "free")}`;
  }

  /** "New match" / "New game": fresh deals with the remembered rules. */
  async newFreeGame() {
    this.params = this.freeParams();
    history.pushState(null, "", this.freeSearch());
    for (const dialog of Object.values(this.dialogs)) dialog.close();
    return this.startFree({ seed: randomSeed(), rules: this.freeRules() });
  }

  // ----------------------------------------------------------------- hooks
  /**
   * Save the state of the match in `slot` (the slot it was opened in, even when
   * another is opening). `between`: saved while a finished deal is on show; once
   * the person continues, the save already opens on the next deal, so leaving
   * before the engine has dealt it loses nothing.
   */
  onState(response, slot, { between = !!(response && response.view && response.view.phase === "deal") } = {}) {
    if (!slot || !slot.key || !response || !response.save || this.keptSlots.has(slot.key)) return;
    if (response.daily && slot.daily) slot.daily.number = response.daily.number;
    // A daily's state on show is kept beside its save: the next visit draws it at first paint.
    const shown = slot.daily ? { ...response } : null;
    if (shown) delete shown.played;
    this.store.writeSave(slot.key, { save: response.save, daily: slot.daily, between, hints: !!slot.hinted, shown });
    if (slot.tutorial && response.tutorial && response.tutorial.complete) {
      const learn = this.store.readLearn();
      if (!learn.completed.includes(slot.tutorial)) this.store.writeLearn({ ...learn, completed: [...learn.completed, slot.tutorial] });
    }
  }

  onMatchOver(response, slot) {
    if (slot && slot === this.slot && slot.daily) this.finishDaily(response);
  }

  onGameError(error) {
    // Refusals are explained on the table (moves) or by the app (opening);
    // engine crashes by main.js. Anything else gets a notice.
    if (!error || error.payload || error.kind === "crash" || error.kind === "boot") return;
    const reason = error.message || String(error);
    this.notices.show("game-error", "error", () => t("notice.engine_error", { reason }));
  }

  // --------------------------------------------------- result and dialogs
  /** Record the finished daily's result once and show the result dialog. */
  async finishDaily() {
    const slot = this.slot;
    if (!slot || !slot.daily || this.resultShownFor === slot.key) return;
    this.resultShownFor = slot.key;
    const address = `${location.origin}${location.pathname}`;
    // The share text in the player's language, worded by the engine.
    const lang = currentLanguage();
    const name = this.playerName();
    const hints = !!slot.hinted;
    let share = await this.engine.request({ op: "share", address, lang, hints, name });
    if (share && !share.ok && share.error.key === "not_shareable" && this.game.response) {
      // The engine was restarted and reopened the match without its daily: say which daily it is.
      const daily = { game: slot.daily.game, date: slot.daily.date };
      await this.engine.request({ op: "load", save: this.game.response.save, daily, today: localDate() });
      share = await this.engine.request({ op: "share", address, lang, hints, name });
    }
    if (share && !share.ok && name) share = await this.engine.request({ op: "share", address, lang, hints, name: "" });
    if (!share || !share.ok) return;
    this.ownShare = { key: slot.key, share, name };
    const { game, date } = slot.daily;
    let number = slot.daily.number;
    if (number === null) {
      const known = [this.catalog.daily.today, ...this.catalog.daily.archive.entries].find((d) => d && d.date === date);
      number = known ? known.number : null;
    }
    const archive = date < localDate();
    const difference = share.par ? share.par.difference : undefined;
    this.store.addResult(game, this.catalog.stats_schema, { number, won: share.won, archive, hints, difference });
    const summary = await loadSummary(this, game);
    // A friend's link shows the friends' table: the result stays a menu tap away.
    if (this.dialogs.friends.isOpen) return;
    openResult(this.dialogs.result, {
      number, date, archive, share, summary, name,
      friends: friendsPanel(this, { game, date }, this.ownResult(slot)),
      onName: (next) => this.renameShare(slot, address, next),
      onReview: () => this.showReview(),
      onNextDaily: () => this.navigate(""),
      onNewGame: () => this.newFreeGame(),
      onArchive: () => this.showArchive(),
    });
  }

  /** The name in your friends' code (remembered with the settings). */
  playerName() {
    return this.settings && typeof this.settings.name === "string" ? this.settings.name : "";
  }

  /** Your finished game of the daily in `slot`, as the friends' table shows it (or null). */
  ownResult(slot) {
    const own = this.ownShare;
    if (!own || !slot || own.key !== slot.key) return null;
    const { share } = own;
    return { name: own.name, score_text: share.score_text, won: share.won, par: share.par, par_unit: share.par_unit };
  }

  /** A new name for your code: the engine makes the share text again ({share} | {error}). */
  async renameShare(slot, address, name) {
    const reply = await this.engine.request({ op: "share", address, lang: currentLanguage(), hints: !!slot.hinted, name });
    if (!reply || !reply.ok) return { error: formatMessage(reply && reply.error) };
    this.settings = { ...this.settings, name: name.trim() };
    this.store.writeSettings(this.settings);
    this.ownShare = { key: slot.key, share: reply, name: name.trim() };
    return { share: reply };
  }

  /** The daily whose friends' table the menu opens: the one on the table, else today's. */
  friendsDaily() {
    if (this.slot && this.slot.daily) return { game: this.slot.daily.game, date: this.slot.daily.date };
    return { game: this.currentGame(), date: localDate() };
  }

  /** The review of the finished deals of the match on the table (never a deal in play);
   * `latest`: opened at the deal just finished. */
  showReview({ latest = false } = {}) {
    for (const dialog of Object.values(this.dialogs)) if (dialog !== this.dialogs.review) dialog.close();
    return openReview(this.dialogs.review, this, { latest });
  }

  /** "Play with friends": the room panel (its modules load on first use). */
  async showRoom() {
    if (!this.roomPanel) {
      const { createRoomPanel } = await import("./rooms/host-panel.js");
      this.roomPanel = createRoomPanel({ game: this.game, catalog: this.catalog, table: document.getElementById("table") });
    }
    this.roomPanel.open();
  }

  showFriends(message = null) {
    for (const dialog of Object.values(this.dialogs)) if (dialog !== this.dialogs.friends) dialog.close();
    openFriends(this.dialogs.friends, this, this.friendsDaily(), this.ownResult(this.slot), message);
  }

  /** A friend's link (?daily=...&friend=CODE): checked by the engine, added, and the table shown. */
  async friendFromLink(code) {
    this.params.delete("friend");
    const search = this.params.toString();
    history.replaceState(null, "", search ? `?${search}` : location.pathname);
    const outcome = await addFriendCode(this, this.friendsDaily(), code);
    const message = outcome.ok
      ? t("friends.added", { name: outcome.entry.name || t("friends.no_name") })
      : t("friends.refused", { reason: outcome.reason });
    this.showFriends(message);
  }

  async showStats() {
    const summary = await loadSummary(this, this.currentGame());
    openStats(this.dialogs.stats, summary, { onNextDaily: () => this.navigate("") });
  }

  async showArchive() {
    await this.refreshCatalog();
    openArchive(this.dialogs.archive, {
      store: this.store,
      engine: this.engine,
      catalog: this.catalog,
      notices: this.notices,
      game: this.currentGame(),
      open: (date) => this.navigate(`daily=${date}`),
    });
  }

  showNewGame() {
    openNewGame(this.dialogs.newGame, {
      settings: this.settings,
      catalog: this.catalog,
      current: this.currentGame(),
      onStart: ({ level, ...choices }) => {
        const levels = { ...this.settings.levels, [choices.game]: level };
        this.settings = normalizeSettings({ ...this.settings, ...choices, levels }, this.catalog);
        if (this.params.has("game") || this.settings.game !== DEFAULT_GAME) this.params.set("game", this.settings.game);
        this.store.writeSettings(this.settings);
        this.newFreeGame();
      },
    });
  }
}

/** Start the app once the engine is ready; `game` comes from createGame(). */
export async function startApp({ engine, game }) {
  const app = new App({ engine, game });
  if (globalThis.stichtag) globalThis.stichtag.app = app;
  await app.start();
  return app;
}
