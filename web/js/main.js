// Page entry point: the table skeleton is already painted by index.html;
// this fetches the page's texts (the catalog of its language) and starts the
// engine worker at once, in parallel, words the skeleton as soon as the texts
// are there, draws today's daily from its pinned opening (or the state kept
// beside its save) before the engine is ready (first-paint.js), shows the
// engine's progress, and hands over to the app controller (app.js) once the
// engine answers {"op": "ping"}. URL knob read here: &pace=MS (computer move pace).
import { Engine } from "./bridge.js";
import { button } from "./dom.js";
import { firstPaintState } from "./first-paint.js";
import { loadRulesContract } from "./rules.js";
import { Store } from "./storage.js";
import { onLanguageChange, paintTexts, startLanguage, t } from "./texts.js";

// [instant] What the first paint reads is asked for as soon as this module runs:
// the texts (the painted skeleton is worded as soon as they arrive), the rules
// pages' contract and today's opening. The table's modules are imported
// here, not above, so that these requests need not wait for them to arrive
// (the built index.html preloads them all at once: sitebuild/first_paint.py).
const texts = startLanguage(Store.rememberedLanguage()).then(() => paintTexts());
const rulesContract = loadRulesContract();
const params = new URLSearchParams(location.search);
const opening = firstPaintState(params);
const table = Promise.all([import("./game.js"), import("./table/messages.js")])
  .then(([{ createGame }, { formatMessage }]) => ({ createGame, formatMessage }));

const statusEl = document.getElementById("engine-status");
const noticeEl = document.getElementById("notice");
const bootTimeoutMs = Number(params.get("boot-timeout")) || 30000;

let status = null;

/** The engine's state and its text (a key: worded once the texts are there, again in another language). */
function setStatus(state, key, params = {}) {
  statusEl.dataset.state = state;
  status = { key, params };
  texts.then(showStatus);
}

function showStatus() {
  statusEl.querySelector(".label").textContent = t(status.key, status.params);
}

onLanguageChange(() => {
  paintTexts();
  showStatus();
});

/** Show a visible message with action buttons [{label, onClick}] (once the texts are there). */
function showNotice(kind, text, actions = []) {
  texts.then(() => paintNotice(kind, typeof text === "function" ? text() : text,
    actions.map(({ label, onClick }) => ({ label: typeof label === "function" ? label() : label, onClick }))));
}

function paintNotice(kind, text, actions) {
  noticeEl.dataset.kind = kind;
  noticeEl.querySelector(".notice-text").textContent = text;
  const box = noticeEl.querySelector(".notice-actions");
  box.replaceChildren(...actions.map(({ label, onClick }) => button(label, onClick)));
  noticeEl.hidden = false;
  box.querySelector("button")?.focus();
}

function hideNotice() { noticeEl.hidden = true; }

const STAGES = { runtime: "boot.loading", engine: "boot.starting" };
setStatus("loading", STAGES.runtime);
const dismiss = { label: () => t("notice.dismiss"), onClick: hideNotice };

const engine = new Engine({
  bootTimeoutMs,
  onStatus: (stage) => setStatus("loading", STAGES[stage] || "boot.loading_generic"),
  onSlowBoot: (ms) => {
    setStatus("loading", "boot.still_loading");
    showNotice("warning", () => t("boot.slow", { seconds: Math.round(ms / 1000) }),
      [{ label: () => t("boot.keep_waiting"), onClick: hideNotice }, { label: () => t("boot.reload"), onClick: () => location.reload() }]);
  },
  onError: (err) => {
    setStatus("error", "boot.stopped");
    showNotice("error", () => t("boot.not_lost", { message: err.message }),
      [{ label: () => t("boot.try_again"), onClick: () => { hideNotice(); setStatus("loading", STAGES.runtime); connect(engine.restart()); } },
       dismiss]);
  },
});

const paceParam = params.get("pace");
const options = paceParam !== null && paceParam !== "" && Number.isFinite(Number(paceParam)) ? { pace: Number(paceParam) } : {};
let game = null;
let appStarted = false;

/** The game on the table (once the table's modules are there): made before the engine is ready, to draw a copy. */
function tableGame({ createGame }) {
  if (!game) {
    game = createGame({
      engine,
      root: document.getElementById("table"),
      options,
      hooks: {
        onError: (err) => {
          // Refusals are explained on the table; other failures get a notice.
          if (!err || err.payload || err.kind === "crash" || err.kind === "boot") return;
          showNotice("error", () => t("boot.problem", { message: err.message || err }), [dismiss]);
        },
      },
    });
    globalThis.stichtag = { ...(globalThis.stichtag || {}), game };
  }
  return game;
}

// [instant] Today's daily drawn at first paint from its pinned opening (or the
// last state of the game in progress), before the engine is ready: its first
// action is queued and played once the engine has opened that very state.
const firstPaint = Promise.all([opening, texts, rulesContract, table]).then(([copy, , , modules]) => {
  if (!copy || !tableGame(modules).preview(copy.state)) {
    document.documentElement.dataset.firstPaint = "none";
    return;
  }
  performance.mark("stichtag:first-paint-hand");
  document.documentElement.dataset.firstPaint = copy.source;
}).catch(() => { document.documentElement.dataset.firstPaint = "none"; }); // the engine opens the daily as before
// The app controller (menus, dialogs: most of the page's modules) loads after the
// first paint, not before it: it is needed only once the engine is ready.
const appModule = firstPaint.then(() => import("./app.js"));

async function startGame() {
  const modules = await table;
  const { formatMessage } = modules;
  tableGame(modules);
  if (appStarted) {
    // An engine restart lost the session: carry on with the same game.
    if (game.response) await game.reload();
    return;
  }
  appStarted = true;
  try {
    const { startApp } = await appModule;
    await startApp({ engine, game });
  } catch (err) {
    const text = err && err.payload ? formatMessage(err.payload) : (err && err.message) || String(err);
    showNotice("error", () => t("notice.open_failed", { reason: text }),
      [{ label: () => t("boot.new_match"), onClick: () => { hideNotice(); game.newMatch(); } }, dismiss]);
  }
}

async function connect(ready) {
  try {
    const info = await ready;
    const pong = await engine.request({ op: "ping" });
    if (!pong || pong.ok !== true) throw new Error(`unexpected answer to ping: ${JSON.stringify(pong)}`);
    performance.mark("stichtag:engine-ready");
    hideNotice();
    setStatus("ready", "boot.ready");
    globalThis.stichtag = { ...(globalThis.stichtag || {}), engine, info, pong };
    await Promise.all([texts, rulesContract, firstPaint]); // long there by now: the engine takes longer
    await startGame();
    // Wait (a while at most) until no computer move is in flight.
    await Promise.race([game.idle(), new Promise((resolve) => setTimeout(resolve, 10000))]);
    performance.mark("stichtag:table-ready");
    // "ready" once the table waits for the player (no computer move in flight).
    document.documentElement.dataset.engine = "ready";
    // [offline] the service worker only now: its downloads never slow the first boot.
    import("./offline.js").then((offline) => offline.startOffline()).catch(() => {});
  } catch (err) {
    if (err && err.kind) return; // boot/crash errors are shown by onError
    setStatus("error", "boot.error");
    showNotice("error", () => t("boot.unexpected", { message: err.message || err }),
      [{ label: () => t("boot.try_again"), onClick: () => { hideNotice(); connect(engine.restart()); } }, dismiss]);
  }
}

connect(engine.ready);
